// Cross-entropy as AOTAutograd writes it (issue 11): torch equivalent
// `F.nll_loss(torch.log_softmax(x, -1), target)` = `-log_softmax(x)[i, target[i]].mean()`, the gather of
// one element per row. The log-softmax is not realized: the gather reads x at (i, target[i]) through an
// indirect load and the row's max and sum of exps, and the mean over rows is one more reduction.
func.func @nll_loss(%arg0_1: tensor<1024x1024xf32>, %arg1_1: tensor<1024xi64>) -> tensor<f32> {
  %ls = "graph.log_softmax"(%arg0_1) {dim = -1 : i64} : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %t = "graph.unsqueeze"(%arg1_1) {dim = 1 : i64} : (tensor<1024xi64>) -> tensor<1024x1xi64>
  %g = "graph.gather"(%ls, %t) {dim = 1 : i64} : (tensor<1024x1024xf32>, tensor<1024x1xi64>) -> tensor<1024x1xf32>
  %n = "graph.neg"(%g) : (tensor<1024x1xf32>) -> tensor<1024x1xf32>
  %m = "graph.mean"(%n) {dims = array<i64>, keepdim = false} : (tensor<1024x1xf32>) -> tensor<f32>
  return %m : tensor<f32>
}
