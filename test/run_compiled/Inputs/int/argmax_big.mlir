// argmax of an f32 tensor whose maximum is at index 16777219 (odd, past 2^24: not an f32), and of an i64
// tensor whose values pass 2^24 (the last one is the maximum).
func.func @f() -> (tensor<i64>, tensor<i64>) {
  %i = "graph.iota"() {start = 0 : i64, step = 1 : i64} : () -> tensor<16777221xi64>
  %k = "graph.constant"() {value = 16777219.0 : f64} : () -> tensor<i64>
  %hit = "graph.eq"(%i, %k) : (tensor<16777221xi64>, tensor<i64>) -> tensor<16777221xi1>
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %zero = "graph.constant"() {value = 0.0 : f64} : () -> tensor<f32>
  %x = "graph.where"(%hit, %one, %zero) : (tensor<16777221xi1>, tensor<f32>, tensor<f32>) -> tensor<16777221xf32>
  %a = "graph.argmax"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<16777221xf32>) -> tensor<i64>
  %b = "graph.argmax"(%i) {dims = array<i64: 0>, keepdim = false} : (tensor<16777221xi64>) -> tensor<i64>
  return %a, %b : tensor<i64>, tensor<i64>
}
