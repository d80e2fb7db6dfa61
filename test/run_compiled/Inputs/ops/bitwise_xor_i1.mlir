func.func @bitwise_xor(%x: tensor<8x16xi1>, %y: tensor<16xi1>) -> tensor<8x16xi1> {
  %r = "graph.bitwise_xor"(%x, %y)  : (tensor<8x16xi1>, tensor<16xi1>) -> tensor<8x16xi1>
  return %r : tensor<8x16xi1>
}
