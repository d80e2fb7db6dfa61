func.func @clamp(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = "graph.clamp"(%x) {min = -0.5 : f64, max = 0.25 : f64} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
