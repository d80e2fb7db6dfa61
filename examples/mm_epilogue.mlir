// A matmul (extern kernel) with a pointwise epilogue, from
// the mm_epilogue case's fx_graph_readable.py (Inductor debug dump):
//   return torch.relu(a @ w + b)
// arg0_1 = a, arg1_1 = w, arg2_1 = b.
func.func @mm_epilogue(%arg0_1: tensor<1024x1024xf32>, %arg1_1: tensor<1024x1024xf32>, %arg2_1: tensor<1024xf32>) -> tensor<1024x1024xf32> {
  %mm = "graph.mm"(%arg0_1, %arg1_1) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %add = "graph.add"(%mm, %arg2_1) : (tensor<1024x1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
  %relu = "graph.relu"(%add) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %relu : tensor<1024x1024xf32>
}
