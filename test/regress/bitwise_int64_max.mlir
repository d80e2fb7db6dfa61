// The graph interpreter's bitwise ops on i64 values near the top of the range: INT64_MAX held as a
// double is 2^63, whose conversion back to int64 was undefined behaviour (UBSan, the sanitized suite).
// Now it clamps to INT64_MAX, so ~INT64_MAX is INT64_MIN as in the compiled code (integer outputs are
// compared exactly).
// RUN: %ind-run %s | %filecheck %s
// CHECK: check out0: 3xi64 {{.*}} PASS
// CHECK: check out1: 3xi64 {{.*}} PASS
func.func @f(%arg0_1: tensor<3xi64>) -> (tensor<3xi64>, tensor<3xi64>) {
  %c = "graph.constant"() {value = 9223372036854775807.0 : f64} : () -> tensor<i64>
  %n = "graph.bitwise_not"(%c) : (tensor<i64>) -> tensor<i64>
  %a = "graph.bitwise_and"(%arg0_1, %c) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
  %b = "graph.bitwise_or"(%arg0_1, %n) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
  return %a, %b : tensor<3xi64>, tensor<3xi64>
}
