// log_softmax over the last axis (issue 10): torch equivalent `torch.log_softmax(x, dim=-1)`
// (decomposed by --preprocess into amax, sub, exp, sum, log, sub).
func.func @log_softmax(%arg0_1: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %r = "graph.log_softmax"(%arg0_1) {dim = -1 : i64} : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
