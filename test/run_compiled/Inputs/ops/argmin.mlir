func.func @argmin(%x: tensor<8x16xf32>) -> tensor<8xi64> {
  %r = "graph.argmin"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<8x16xf32>) -> tensor<8xi64>
  return %r : tensor<8xi64>
}
