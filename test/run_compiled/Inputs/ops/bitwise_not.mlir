func.func @bitwise_not(%x: tensor<8x16xi32>) -> tensor<8x16xi32> {
  %r = "graph.bitwise_not"(%x)  : (tensor<8x16xi32>) -> tensor<8x16xi32>
  return %r : tensor<8x16xi32>
}
