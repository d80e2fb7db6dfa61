// The graph interpreter's bitwise ops on i64 values near the top of the range: INT64_MAX held as a
// double is 2^63, whose conversion back to int64 was undefined behaviour (UBSan, the sanitized suite).
// Now it clamps to INT64_MAX, so ~INT64_MAX is INT64_MIN as in the compiled code (integer outputs are
// compared exactly).
// The ind interpreter converts the same way (interp_int64_of; its own to_i64 gave 0 past 9.2e18, so the
// ind-level reference disagreed with the compiled code on out0).
// RUN: %ind-run %s | %filecheck %s
// RUN: %ind-opt %s --lower -o %t.ind.mlir && %ind-run %t.ind.mlir | %filecheck %s
// CHECK: check out0: 3xi64 {{.*}} PASS
// CHECK: check out1: 3xi64 {{.*}} PASS
func.func @f(%arg0_1: tensor<3xi64>) -> (tensor<3xi64>, tensor<3xi64>) {
  %c = "graph.constant"() {value = 9223372036854775807.0 : f64} : () -> tensor<i64>
  %n = "graph.bitwise_not"(%c) : (tensor<i64>) -> tensor<i64>
  %a = "graph.bitwise_and"(%arg0_1, %c) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
  %b = "graph.bitwise_or"(%arg0_1, %n) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
  return %a, %b : tensor<3xi64>, tensor<3xi64>
}
