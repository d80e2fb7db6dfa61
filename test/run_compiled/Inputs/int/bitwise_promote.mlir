// Bitwise ops of i64 values near 2^40 (exact only in integers), i64 + f32 -> f32 (sitofp, then addf), and a
// float -> int convert (its output keeps the float tolerance).
func.func @f(%y: tensor<4096xf32>) -> (tensor<4096xi64>, tensor<4096xi64>, tensor<4096xf32>, tensor<4096xi64>) {
  %i = "graph.iota"() {start = 1099511627776 : i64, step = 3 : i64} : () -> tensor<4096xi64>
  %m = "graph.constant"() {value = 1431655765.0 : f64} : () -> tensor<i64>
  %x = "graph.bitwise_xor"(%i, %m) : (tensor<4096xi64>, tensor<i64>) -> tensor<4096xi64>
  %a = "graph.bitwise_and"(%x, %i) : (tensor<4096xi64>, tensor<4096xi64>) -> tensor<4096xi64>
  %s = "graph.iota"() {start = 0 : i64, step = 1 : i64} : () -> tensor<4096xi64>
  %p = "graph.add"(%s, %y) : (tensor<4096xi64>, tensor<4096xf32>) -> tensor<4096xf32>
  %c = "graph.convert"(%p) : (tensor<4096xf32>) -> tensor<4096xi64>
  return %x, %a, %p, %c : tensor<4096xi64>, tensor<4096xi64>, tensor<4096xf32>, tensor<4096xi64>
}
