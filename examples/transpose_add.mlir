// x + x.t() (a strided view read), from
// the transpose_add case's fx_graph_readable.py (Inductor debug dump):
//   return torch.relu(x + x.t())      (.t() is aten.permute [1, 0])
func.func @transpose_add(%arg0_1: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %permute = "graph.permute"(%arg0_1) {dims = array<i64: 1, 0>} : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %add = "graph.add"(%arg0_1, %permute) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %relu = "graph.relu"(%add) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %relu : tensor<1024x1024xf32>
}
