func.func @f(%x: tensor<8x16xf32>) -> tensor<1x16xi64> {
  %r = "graph.argmin"(%x) {dims = array<i64: 0>, keepdim = true} : (tensor<8x16xf32>) -> tensor<1x16xi64>
  return %r : tensor<1x16xi64>
}
