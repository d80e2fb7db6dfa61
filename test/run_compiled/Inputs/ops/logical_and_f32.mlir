func.func @logical_and(%x: tensor<8x16xf32>, %y: tensor<16xf32>) -> tensor<8x16xi1> {
  %r = "graph.logical_and"(%x, %y)  : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xi1>
  return %r : tensor<8x16xi1>
}
