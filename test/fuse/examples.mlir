// The real pipeline on the eight example programs (examples/*.mlir, graph dialect): --fuse runs
// preprocess, lower, ind-schedule and fuse-inductor. The grouping must be Inductor's
// (reference/inductor-dumps/<case>/ir_post_fusion.txt), except col_sum, whose column sum ind lowers
// as one reduction where Inductor splits it in two (docs/passes/fuse.md).

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
// RUN: %ind-opt %examples/col_sum.mlir --fuse | %filecheck %s --check-prefix=ONE
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
