func.func @bitwise_or(%x: tensor<8x16xi64>, %y: tensor<16xi64>) -> tensor<8x16xi64> {
  %r = "graph.bitwise_or"(%x, %y)  : (tensor<8x16xi64>, tensor<16xi64>) -> tensor<8x16xi64>
  return %r : tensor<8x16xi64>
}
