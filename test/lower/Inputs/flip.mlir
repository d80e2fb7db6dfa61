// Flips (lower/numerics.test): the lowered index is -i + (size - 1) on each flipped dim, on a dim of
// odd and of even size, the last dim by a negative number, and a flip of a flip.
func.func @flip(%x: tensor<3x4x5xf32>) -> (tensor<3x4x5xf32>, tensor<3x4x5xf32>, tensor<3x4x5xf32>) {
  %a = "graph.flip"(%x) {dims = array<i64: 0>} : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  %b = "graph.flip"(%x) {dims = array<i64: 1, -1>} : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  %c = "graph.flip"(%b) {dims = array<i64: 2>} : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  return %a, %b, %c : tensor<3x4x5xf32>, tensor<3x4x5xf32>, tensor<3x4x5xf32>
}
