func.func @bitwise_and(%x: tensor<8x16xi32>, %y: tensor<16xi32>) -> tensor<8x16xi32> {
  %r = "graph.bitwise_and"(%x, %y)  : (tensor<8x16xi32>, tensor<16xi32>) -> tensor<8x16xi32>
  return %r : tensor<8x16xi32>
}
