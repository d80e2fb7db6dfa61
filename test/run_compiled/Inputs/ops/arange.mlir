func.func @f(%x: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<7xi64>) {
  %a = "graph.arange"() {start = -1.0 : f64, end = 1.0 : f64, step = 0.125 : f64} : () -> tensor<16xf32>
  %b = "graph.add"(%x, %a) : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %i = "graph.iota"() {length = 7 : i64, start = 3 : i64, step = -2 : i64} : () -> tensor<7xi64>
  return %b, %i : tensor<8x16xf32>, tensor<7xi64>
}
