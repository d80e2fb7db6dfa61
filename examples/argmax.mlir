// torch.max(x, dim=-1): the values and the indices of the row maxima (ATen max.dim, a two-result op). The
// indices lower to the row max and a min-reduction of "the first column equal to it" (NaN counts as the max);
// the reductions read x over the same ranges and fuse into one kernel.
func.func @argmax(%arg0_1: tensor<1024x1024xf32>) -> (tensor<1024xf32>, tensor<1024xi64>) {
  %max:2 = "graph.max_dim"(%arg0_1) {dim = -1 : i64, keepdim = false} : (tensor<1024x1024xf32>) -> (tensor<1024xf32>, tensor<1024xi64>)
  return %max#0, %max#1 : tensor<1024xf32>, tensor<1024xi64>
}
