// The shared reproducer: i64 iota + 1 past 2^24 (f32 arithmetic gave max_abs_err=2 and PASS).
func.func @f(%x: tensor<16777219xf32>) -> (tensor<16777219xi64>) {
  %iota = "graph.iota"() {start = 0 : i64, step = 1 : i64} : () -> tensor<16777219xi64>
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<i64>
  %a = "graph.add"(%iota, %one) : (tensor<16777219xi64>, tensor<i64>) -> tensor<16777219xi64>
  return %a : tensor<16777219xi64> }
