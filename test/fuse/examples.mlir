// The real pipeline on the eight example programs (examples/*.mlir, graph dialect): --fuse runs
// preprocess, lower, ind-schedule and fuse-inductor. The grouping must be Inductor's
// (reference/inductor-dumps/<case>/ir_post_fusion.txt), col_sum included: its column sum is split in
// two reductions by lowering, as Inductor does, which do not fuse ("no shared data").

// RUN: %ind-opt %examples/seed.mlir --fuse | %filecheck %s --check-prefix=SEED
// SEED: "sched.fused"
// SEED: name = "op0_op1"
// SEED-NOT: "sched.node"

// RUN: %ind-opt %examples/layernorm_gelu.mlir --fuse | %filecheck %s --check-prefix=LN
// LN: name = "op0_op1_op2_op3"
// LN-NOT: "sched.node"

// RUN: %ind-opt %examples/rmsnorm_residual.mlir --fuse | %filecheck %s --check-prefix=RMS
// RUN: %ind-opt %examples/softmax.mlir --fuse | %filecheck %s --check-prefix=RMS
// RMS: name = "op0_op1_op2"
// RMS-NOT: "sched.node"

// RUN: %ind-opt %examples/mm_epilogue.mlir --fuse | %filecheck %s --check-prefix=MM
// MM-NOT: "sched.fused"
// MM: kind = "extern"
// MM-SAME: name = "op0"
// MM: kind = "pointwise"
// MM-SAME: name = "op1"

// RUN: %ind-opt %examples/pointwise_chain.mlir --fuse | %filecheck %s --check-prefix=ONE
// RUN: %ind-opt %examples/transpose_add.mlir --fuse | %filecheck %s --check-prefix=ONE
// RUN: %ind-opt %examples/col_sum.mlir --fuse | %filecheck %s --check-prefix=COLSUM
// RUN: env IND_LOGS=fusion %ind-opt %examples/col_sum.mlir --fuse -o /dev/null 2>&1 | %filecheck %s --check-prefix=COLLOG
// COLSUM-NOT: "sched.fused"
// COLSUM: name = "op0"
// COLSUM: name = "op1"
// COLSUM-NOT: "sched.fused"
// COLLOG: split reduction buf0: hint=OUTER numel=1024 rnumel=1024 split=8: buf0 ranges=[8, 1024] reduction_ranges=[128], buf1 ranges=[1024] reduction_ranges=[8]
// COLLOG: SchedulerNode(name='op0'), Reduction([8192, 128])
// COLLOG: SchedulerNode(name='op1'), Reduction([1024, 8])
// COLLOG: cannot fuse op0 with op1: no shared data
// ONE-NOT: "sched.fused"
// ONE: name = "op0"
// ONE-NOT: "sched.node"

/// The fused seed computes what the graph program computes (the graph level rounds every op to f32,
/// the ind level only stores: hence the tolerance).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ind-run --reference %examples/seed.mlir --output-dir %t/graph
// RUN: %ind-opt %examples/seed.mlir --fuse -o %t/seed.sched.mlir
// RUN: %ind-run --reference %t/seed.sched.mlir --compare-dir %t/graph | %filecheck %s --check-prefix=NUM
// NUM: out0: {{.*}} OK
