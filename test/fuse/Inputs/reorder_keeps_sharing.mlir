// exp(x) (returned), its transposed copy plus y and z, and the row sums of x: either of exp and the copy can
// take the other's order. Reordering exp costs fewer transposed bytes (x read and exp written across rows:
// 16 KiB, against y and z read and the sum written across rows: 24 KiB), but exp shares x, at equal
// indices, with the row sums and would share nothing with them reordered: the copy is reordered, and the
// row sums still fuse with exp.
func.func @reorder_keeps_sharing(%x: tensor<64x32xf32>, %y: tensor<32x64xf32>, %z: tensor<32x64xf32>) -> (tensor<64x32xf32>, tensor<32x64xf32>, tensor<64xf32>) {
  %e = "graph.exp"(%x) : (tensor<64x32xf32>) -> tensor<64x32xf32>
  %t = "graph.permute"(%e) {dims = array<i64: 1, 0>} : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %c = "graph.clone"(%t) : (tensor<32x64xf32>) -> tensor<32x64xf32>
  %b = "graph.add"(%c, %y) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %b2 = "graph.add"(%b, %z) : (tensor<32x64xf32>, tensor<32x64xf32>) -> tensor<32x64xf32>
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<64x32xf32>) -> tensor<64xf32>
  return %e, %b2, %s : tensor<64x32xf32>, tensor<32x64xf32>, tensor<64xf32>
}
