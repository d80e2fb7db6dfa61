func.func @all(%x: tensor<8x16xf32>) -> tensor<8xi1> {
  %r = "graph.all"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<8x16xf32>) -> tensor<8xi1>
  return %r : tensor<8xi1>
}
