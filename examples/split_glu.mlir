// A gated linear unit over a fused two-way projection, as AOTAutograd hands it to Inductor for
//   a, b = h.split(1, dim=1); (a * torch.sigmoid(b)).squeeze(1)        (h: [n, 2, n])
// split.Tensor is graph.split: its pieces are views (slices) of h, so the gate is one pointwise
// kernel that reads h at two offsets; no piece is ever copied (test/lower/issue11_split_cumsum_norms.mlir).
func.func @split_glu(%arg0_1: tensor<1024x2x1024xf32>) -> tensor<1024x1024xf32> {
  %split_0, %split_1 = "graph.split"(%arg0_1) {dim = 1 : i64, split_size = 1 : i64} : (tensor<1024x2x1024xf32>) -> (tensor<1024x1x1024xf32>, tensor<1024x1x1024xf32>)
  %sigmoid = "graph.sigmoid"(%split_1) : (tensor<1024x1x1024xf32>) -> tensor<1024x1x1024xf32>
  %mul = "graph.mul"(%split_0, %sigmoid) : (tensor<1024x1x1024xf32>, tensor<1024x1x1024xf32>) -> tensor<1024x1x1024xf32>
  %squeeze = "graph.squeeze"(%mul) {dims = array<i64: 1>} : (tensor<1024x1x1024xf32>) -> tensor<1024x1024xf32>
  return %squeeze : tensor<1024x1024xf32>
}
