// A bf16 embedding table read through 2-D indices; the rows are stored as bf16 and also summed in f32.
func.func @embedding_bf16(%w: tensor<11x24xbf16>, %i: tensor<2x3xi64>) -> (tensor<2x3x24xbf16>, tensor<2x3xf32>) {
  %e = "graph.embedding"(%w, %i) : (tensor<11x24xbf16>, tensor<2x3xi64>) -> tensor<2x3x24xbf16>
  %f = "graph.convert"(%e) : (tensor<2x3x24xbf16>) -> tensor<2x3x24xf32>
  %s = "graph.sum"(%f) {dims = array<i64: 2>, keepdim = false} : (tensor<2x3x24xf32>) -> tensor<2x3xf32>
  return %e, %s : tensor<2x3x24xbf16>, tensor<2x3xf32>
}
