func.func @ints(%x: tensor<5x1023xi32>) -> tensor<5x1023xi64> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<5x1023xi32>) -> tensor<5x1023xi64>
  return %c : tensor<5x1023xi64>
}
