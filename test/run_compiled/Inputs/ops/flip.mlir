func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = "graph.flip"(%x) {dims = array<i64: 0, -1>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
