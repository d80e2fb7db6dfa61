func.func @masked_fill(%x: tensor<8x16xf32>, %y: tensor<16xi1>) -> tensor<8x16xf32> {
  %r = "graph.masked_fill"(%x, %y) {value = -3.5 : f64} : (tensor<8x16xf32>, tensor<16xi1>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
