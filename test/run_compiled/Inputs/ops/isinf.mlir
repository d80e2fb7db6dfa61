func.func @isinf(%x: tensor<8x16xf32>) -> tensor<8x16xi1> {
  %r = "graph.isinf"(%x)  : (tensor<8x16xf32>) -> tensor<8x16xi1>
  return %r : tensor<8x16xi1>
}
