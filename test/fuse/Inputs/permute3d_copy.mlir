// exp(x) and its permute(2, 0, 1) copy, both outputs: the copy's loops are reordered to (1, 2, 0).
func.func @permute3d_copy(%x: tensor<4x8x16xf32>) -> (tensor<4x8x16xf32>, tensor<16x4x8xf32>) {
  %e = "graph.exp"(%x) : (tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  %p = "graph.permute"(%e) {dims = array<i64: 2, 0, 1>} : (tensor<4x8x16xf32>) -> tensor<16x4x8xf32>
  %c = "graph.clone"(%p) : (tensor<16x4x8xf32>) -> tensor<16x4x8xf32>
  return %e, %c : tensor<4x8x16xf32>, tensor<16x4x8xf32>
}
