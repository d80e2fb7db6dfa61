// i32 multiply wraps as torch (min -1589934543); integer remainder / fmod with negative operands.
func.func @f() -> (tensor<8xi32>, tensor<8xi64>, tensor<8xi64>) {
  %i = "graph.iota"() {start = 0 : i64, step = 1 : i64} : () -> tensor<8xi32>
  %c = "graph.constant"() {value = 1000000007.0 : f64} : () -> tensor<i32>
  %m = "graph.mul"(%i, %c) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
  %j = "graph.iota"() {start = -4 : i64, step = 1 : i64} : () -> tensor<8xi64>
  %t = "graph.constant"() {value = 3.0 : f64} : () -> tensor<i64>
  %nt = "graph.constant"() {value = -3.0 : f64} : () -> tensor<i64>
  %r = "graph.remainder"(%j, %t) : (tensor<8xi64>, tensor<i64>) -> tensor<8xi64>
  %f = "graph.fmod"(%j, %nt) : (tensor<8xi64>, tensor<i64>) -> tensor<8xi64>
  return %m, %r, %f : tensor<8xi32>, tensor<8xi64>, tensor<8xi64>
}
