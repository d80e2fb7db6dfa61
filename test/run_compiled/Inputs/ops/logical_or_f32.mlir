func.func @logical_or(%x: tensor<8x16xf32>, %y: tensor<16xi1>) -> tensor<8x16xi1> {
  %r = "graph.logical_or"(%x, %y)  : (tensor<8x16xf32>, tensor<16xi1>) -> tensor<8x16xi1>
  return %r : tensor<8x16xi1>
}
