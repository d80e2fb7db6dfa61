func.func @clamp_max(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = "graph.clamp_max"(%x) {max = 0.25 : f64} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
