func.func @f(%x: tensor<8x16xf32>) -> tensor<i64> {
  %r = "graph.argmax"(%x) {dims = array<i64>, keepdim = false} : (tensor<8x16xf32>) -> tensor<i64>
  return %r : tensor<i64>
}
