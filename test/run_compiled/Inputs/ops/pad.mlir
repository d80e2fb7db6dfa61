func.func @f(%x: tensor<8x16xf32>) -> tensor<11x15xf32> {
  %r = "graph.constant_pad_nd"(%x) {pad = array<i64: 1, -2, 2, 1>, value = 0.5 : f64} : (tensor<8x16xf32>) -> tensor<11x15xf32>
  return %r : tensor<11x15xf32>
}
