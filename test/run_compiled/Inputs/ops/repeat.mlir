func.func @f(%x: tensor<8x16xf32>) -> tensor<2x16x48xf32> {
  %r = "graph.repeat"(%x) {repeats = array<i64: 2, 2, 3>} : (tensor<8x16xf32>) -> tensor<2x16x48xf32>
  return %r : tensor<2x16x48xf32>
}
