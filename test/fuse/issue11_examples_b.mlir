// The examples of issue 11, part 2, through the whole pipeline: split_glu's gate reads both pieces of
// one input in one kernel (the pieces are views: no piece buffer, no copy kernel); running_mean's
// cumsum (an ind.scan) and its division by the arange (an ind.pointwise) fuse into one kernel that
// writes no i64/i1 buffer;
// group_norm_stats is one reduction kernel (mean and rstd of each group, both outputs) plus the
// normalization. Each runs on the CPU JIT against the reference interpreter.
// RUN: %ind-opt %examples/split_glu.mlir --preprocess --lower --fuse --codegen | %filecheck %s --check-prefix=ONE
// RUN: %ind-opt %examples/running_mean.mlir --preprocess --lower --fuse --codegen | %filecheck %s --check-prefix=ONE
// RUN: %ind-opt %examples/running_mean.mlir --preprocess --lower | %filecheck %s --check-prefix=NOMASK
// RUN: %ind-opt %examples/group_norm_stats.mlir --preprocess --lower --fuse --codegen | %filecheck %s --check-prefix=TWO
// RUN: %ind-run %examples/split_glu.mlir | %filecheck %s --check-prefix=DRV
// RUN: %ind-run %examples/running_mean.mlir | %filecheck %s --check-prefix=DRV
// RUN: %ind-run %examples/group_norm_stats.mlir | %filecheck %s --check-prefix=RUN3
// RUN: %ind-opt %examples/cumsum_rows.mlir --preprocess --lower --fuse --codegen | %filecheck %s --check-prefix=COLS
// RUN: %ind-run %examples/cumsum_rows.mlir | %filecheck %s --check-prefix=DRV
// cumsum_rows (a scan over dim 0): the epilogue reads the scan's buffer through the moved index; loop
// reordering (loop_ordering_after_fusion) makes that the position the scan writes, so it fuses: one kernel
// COLS-COUNT-1: "kernel.scan"
// COLS: sym_name = "triton_per_fused_cumsum_mul_tanh_0"
// COLS-NOT: "kernel.def"
// ONE-COUNT-1: "kernel.def"
// ONE-NOT: "kernel.def"
// NOMASK-NOT: memref<{{[0-9x]*}}xi64>
// NOMASK-NOT: memref<{{[0-9x]*}}xi1>
// NOMASK: "ind.scan"
// NOMASK: "ind.pointwise"
// NOMASK: origins = ["arange", "div"]
// NOMASK-NOT: "ind.pointwise"
// NOMASK-NOT: "ind.reduction"
// TWO-COUNT-2: "kernel.def"
// TWO-NOT: "kernel.def"
// DRV: check out0: {{.*}} PASS
// RUN3: check out0: 1024x32x16xf32 {{.*}} PASS
// RUN3: check out1: 1024x8xf32 {{.*}} PASS
// RUN3: check out2: 1024x8xf32 {{.*}} PASS
