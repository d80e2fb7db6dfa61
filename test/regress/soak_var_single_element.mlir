// A variance or softmax over one element per row lowered as a multi-output reduction: the random soak
// (seed 1000430 and nine others of 4000, `scripts/fuzz/soak.py --seed 1000000`) found var over every
// dim of a 0-d tensor computed as x itself. graph-decompose tags sum((x - mean(x))^2) var_m2 and
// convert-graph-to-ind chose welford_m2 for it whenever the output has one element (numel == 1);
// with one reduced element reduce_node makes the "reduction" a pointwise copy of its input, so m2
// became x instead of 0. Now a reduction over one element per row is two-step (and the same for
// online softmax, reachable with unroll-reductions-threshold=1): (x - x)^2 = 0, NaN for infinite x.
// RUN: %ind-run %s --func var0d | %filecheck %s --check-prefix=RUN0D
// RUN: %ind-run %s --func var_size1 | %filecheck %s --check-prefix=RUN1
// RUN: %ind-opt %s --lower | %filecheck %s --check-prefix=LOWER
// RUN: %ind-opt %s --preprocess --pass-pipeline='builtin.module(convert-graph-to-ind{unroll-reductions-threshold=1})' | %filecheck %s --check-prefix=ONLINE
// RUN0D: check out0: f32 {{.*}} PASS
// RUN0D: out0: f32 sum=0 min=0 max=0
// RUN1: check out0: 1x1xf32 {{.*}} PASS
// RUN1: out0: 1x1xf32 sum=0 min=0 max=0
// LOWER-NOT: welford_m2
// LOWER-NOT: online_softmax
// ONLINE: sym_name = "softmax1"
// ONLINE-NOT: online_softmax_sum
// A row of two elements keeps the online form under the same option (the other side of the edge).
// ONLINE: sym_name = "softmax2"
// ONLINE: online_softmax_sum
func.func @var0d(%arg0_1: tensor<f32>) -> tensor<f32> {
  %c = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %p = "graph.pow"(%arg0_1, %c) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %v = "graph.var"(%p) {dims = array<i64>, keepdim = false, correction = 0 : i64} : (tensor<f32>) -> tensor<f32>
  return %v : tensor<f32>
}
func.func @var_size1(%arg0_1: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %v = "graph.var"(%arg0_1) {dims = array<i64: 1>, keepdim = true, correction = 0 : i64} : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %v : tensor<1x1xf32>
}
func.func @softmax1(%arg0_1: tensor<3x1xf32>) -> tensor<3x1xf32> {
  %s = "graph.softmax"(%arg0_1) {dim = 1 : i64} : (tensor<3x1xf32>) -> tensor<3x1xf32>
  return %s : tensor<3x1xf32>
}
func.func @softmax2(%arg0_1: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %s = "graph.softmax"(%arg0_1) {dim = 1 : i64} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  return %s : tensor<3x2xf32>
}
