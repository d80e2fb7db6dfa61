// var_mean over the last axis (issue 10): torch equivalent `torch.var_mean(x, dim=-1)` (unbiased var).
// Lowered as Inductor's var_mean: the variance's m2 is a welford_reduce (rnumel 1024 > 8), the mean
// beside it comes from the same state, so the kernel reads x once (docs/passes/lower.md).
func.func @var_mean(%arg0_1: tensor<1024x1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>) {
  %var = "graph.var"(%arg0_1) {dims = array<i64: -1>, keepdim = false, correction = 1 : i64} : (tensor<1024x1024xf32>) -> tensor<1024xf32>
  %mean = "graph.mean"(%arg0_1) {dims = array<i64: -1>, keepdim = false} : (tensor<1024x1024xf32>) -> tensor<1024xf32>
  return %var, %mean : tensor<1024xf32>, tensor<1024xf32>
}
