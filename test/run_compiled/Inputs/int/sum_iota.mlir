// The sum of the i64 iota 0 .. 2^23 - 1 (per row of 2^22, and in all): past 2^24, exact only in integers.
func.func @f() -> (tensor<2xi64>, tensor<i64>) {
  %i = "graph.iota"() {start = 0 : i64, step = 1 : i64} : () -> tensor<8388608xi64>
  %r = "graph.reshape"(%i) {shape = array<i64: 2, 4194304>} : (tensor<8388608xi64>) -> tensor<2x4194304xi64>
  %s = "graph.sum"(%r) {dims = array<i64: 1>, keepdim = false} : (tensor<2x4194304xi64>) -> tensor<2xi64>
  %t = "graph.sum"(%i) {dims = array<i64: 0>, keepdim = false} : (tensor<8388608xi64>) -> tensor<i64>
  return %s, %t : tensor<2xi64>, tensor<i64>
}
