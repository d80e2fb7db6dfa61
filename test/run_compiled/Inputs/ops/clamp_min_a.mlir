func.func @clamp_min(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = "graph.clamp_min"(%x) {min = -0.5 : f64} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
