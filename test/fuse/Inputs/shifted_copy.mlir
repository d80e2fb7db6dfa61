// exp(x) and a transposed copy of its shifted slice: no permutation of the copy's loops makes its read
// of buf0 (offset by one column) equal to buf0's write, so the loops stay and the nodes do not fuse.
func.func @shifted_copy(%x: tensor<8x9xf32>) -> (tensor<8x9xf32>, tensor<8x8xf32>) {
  %e = "graph.exp"(%x) : (tensor<8x9xf32>) -> tensor<8x9xf32>
  %s = "graph.slice"(%e) {dim = 1 : i64, start = 1 : i64, end = 9 : i64} : (tensor<8x9xf32>) -> tensor<8x8xf32>
  %p = "graph.permute"(%s) {dims = array<i64: 1, 0>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %c = "graph.clone"(%p) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %e, %c : tensor<8x9xf32>, tensor<8x8xf32>
}
