// Softmax written out by hand, from the softmax case's fx_graph_readable.py (Inductor debug dump):
//   m = x.amax(dim=-1, keepdim=True); e = torch.exp(x - m); return e / e.sum(dim=-1, keepdim=True)
func.func @softmax(%arg0_1: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %amax = "graph.amax"(%arg0_1) {dims = array<i64: -1>, keepdim = true} : (tensor<1024x1024xf32>) -> tensor<1024x1xf32>
  %sub = "graph.sub"(%arg0_1, %amax) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %exp = "graph.exp"(%sub) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %sum_1 = "graph.sum"(%exp) {dims = array<i64: -1>, keepdim = true} : (tensor<1024x1024xf32>) -> tensor<1024x1xf32>
  %div = "graph.div"(%exp, %sum_1) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  return %div : tensor<1024x1024xf32>
}
