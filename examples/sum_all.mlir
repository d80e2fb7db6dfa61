// A full reduction to a scalar (issue 10): torch equivalent `x.sum()`. Inductor splits it
// (Reduction.num_splits, numel 1: 128 partial sums of 8192 elements, then one sum of the 128); so
// does ind's lowering (docs/passes/lower.md, "Split reductions").
func.func @sum_all(%arg0_1: tensor<1024x1024xf32>) -> tensor<f32> {
  %sum_1 = "graph.sum"(%arg0_1) {dims = array<i64>, keepdim = false} : (tensor<1024x1024xf32>) -> tensor<f32>
  return %sum_1 : tensor<f32>
}
