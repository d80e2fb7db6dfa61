// Reductions whose reduced dims all have size 1 (x.sum(-1) of [4, 1]; var / mean / amax / prod of
// size-1 dims, a 1x1 tensor reduced whole, softmax / layer_norm over a size-1 dim) were rejected by
// both codegens: sched-to-kernel dropped the size-1 r dims and made a "pointwise" kernel that still
// held kernel.reduce ("convert-kernel-to-cpu: kernel.reduce in a kernel without rranges"; PTX:
// "pointwise kernels cannot contain kernel.reduce"). Shared repro reduce_size1_dim; the random
// soak found it in 1 program of 3. (prod over a size-1 dim is r-invariant: its PTX case is
// shared repro prod_of_broadcast_ptx, owned elsewhere, so it is not in the --emit=ptx run here.)
// RUN: %ind-run %s --func sum_last | %filecheck %s --check-prefix=SUM
// RUN: %ind-run %s --func stats | %filecheck %s --check-prefix=STATS
// RUN: %ind-run %s --func whole | %filecheck %s --check-prefix=WHOLE
// RUN: %ind-run %s --func composites | %filecheck %s --check-prefix=COMP
// RUN: %ind-opt %s --split-input-file --codegen | %filecheck %s --check-prefix=KERNEL
// RUN: %ind-opt %s --split-input-file --codegen --emit=ptx -o /dev/null
// SUM: check out0: 4xf32 {{.*}} PASS
// STATS-COUNT-4: PASS
// WHOLE: check out0: f32 {{.*}} PASS
// WHOLE: check out1: 1x1xf32 {{.*}} PASS
// COMP-COUNT-2: PASS
// A reduction over size-1 dims only is a pointwise kernel (Inductor's Reduction.create: "this
// reduction is actually a pointwise op"; convert-graph-to-ind), with no kernel.reduce left in it.
// KERNEL-NOT: "kernel.reduce"
// KERNEL: kind = "pointwise", rranges = array<i64>, sym_name = "triton_poi_fused_sum_0"
func.func @sum_last(%arg0_1: tensor<4x1xf32>) -> tensor<4xf32> {
  %0 = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<4x1xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
// -----
func.func @stats(%arg0_1: tensor<3x1x5xf32>) -> (tensor<3x1x5xf32>, tensor<3x5xf32>, tensor<3x1x5xf32>, tensor<3x5xf32>) {
  %0 = "graph.var"(%arg0_1) {dims = array<i64: 1>, keepdim = true, correction = 0 : i64} : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  %1 = "graph.mean"(%arg0_1) {dims = array<i64: -2>, keepdim = false} : (tensor<3x1x5xf32>) -> tensor<3x5xf32>
  %2 = "graph.amax"(%arg0_1) {dims = array<i64: 1>, keepdim = true} : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  %3 = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<3x1x5xf32>) -> tensor<3x5xf32>
  return %0, %1, %2, %3 : tensor<3x1x5xf32>, tensor<3x5xf32>, tensor<3x1x5xf32>, tensor<3x5xf32>
}
// -----
func.func @whole(%arg0_1: tensor<1x1xf32>) -> (tensor<f32>, tensor<1x1xf32>) {
  %0 = "graph.sum"(%arg0_1) {dims = array<i64>, keepdim = false} : (tensor<1x1xf32>) -> tensor<f32>
  %1 = "graph.amin"(%arg0_1) {dims = array<i64: 0, 1>, keepdim = true} : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0, %1 : tensor<f32>, tensor<1x1xf32>
}
// -----
func.func @composites(%arg0_1: tensor<6x1xf32>, %w: tensor<1xf32>, %b: tensor<1xf32>) -> (tensor<6x1xf32>, tensor<6x1xf32>) {
  %0 = "graph.softmax"(%arg0_1) {dim = 1 : i64} : (tensor<6x1xf32>) -> tensor<6x1xf32>
  %1 = "graph.layer_norm"(%arg0_1, %w, %b) {normalized_shape = array<i64: 1>, eps = 1.0e-05 : f64} : (tensor<6x1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<6x1xf32>
  return %0, %1 : tensor<6x1xf32>, tensor<6x1xf32>
}
