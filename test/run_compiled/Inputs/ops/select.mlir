func.func @f(%x: tensor<8x16xf32>) -> tensor<8xf32> {
  %r = "graph.select"(%x) {dim = 1 : i64, index = -3 : i64} : (tensor<8x16xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
