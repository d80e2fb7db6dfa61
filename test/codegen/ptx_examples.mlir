/// The whole pipeline on the seed example (graph -> PTX): exactly one kernel, no local memory, 16-byte
/// vectorized global loads and stores; and every example compiles to PTX without local memory.
// RUN: %ind-opt %examples/seed.mlir --preprocess --lower --fuse --codegen --emit=ptx -o %t.seed.ptx
// RUN: %filecheck %s --input-file=%t.seed.ptx --check-prefix=ONE
// RUN: %filecheck %s --input-file=%t.seed.ptx --check-prefix=NOLOCAL
// RUN: %filecheck %s --input-file=%t.seed.ptx --check-prefix=SEED
// RUN: %ind-opt %examples/seed.mlir --preprocess --lower --fuse --codegen --emit=launch-plan | %filecheck %s --check-prefix=PLAN
// RUN: %ind-opt %examples/softmax.mlir --preprocess --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=NOLOCAL
// RUN: %ind-opt %examples/layernorm_gelu.mlir --preprocess --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=NOLOCAL
// RUN: %ind-opt %examples/rmsnorm_residual.mlir --preprocess --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=NOLOCAL
// RUN: %ind-opt %examples/pointwise_chain.mlir --preprocess --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=NOLOCAL
// RUN: %ind-opt %examples/col_sum.mlir --preprocess --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=NOLOCAL
// RUN: %ind-opt %examples/transpose_add.mlir --preprocess --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=NOLOCAL
// RUN: %ind-opt %examples/mm_epilogue.mlir --preprocess --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=NOLOCAL

// ONE-COUNT-1: .entry
// ONE-NOT: .entry
// NOLOCAL: .entry
// NOLOCAL-NOT: .local

// SEED: .visible .entry triton_per_fused_add_mean_mul_relu_sub_0(
// SEED: ld.global.nc.v4.{{f32|b32}}
// SEED: shfl.sync.bfly.b32
// SEED: st.global.v4.{{f32|b32}}

// PLAN: "allocations": [
// PLAN-NEXT: {"name": "buf1", "dtype": "f32", "shape": [1024, 1024], "bytes": 4194304, "reuse": null}],
// PLAN: {"op": "launch", "kernel": "triton_per_fused_add_mean_mul_relu_sub_0", "grid": [1024, 1, 1], "block": [128, 1, 1], "args": ["arg0_1", "arg1_1", "arg2_1", "arg3_1", "buf1"]}],
