// pow by a constant exponent far outside int64 (fuzz-structured, 2026-12-02: a mutated constant
// 9223372036854775807.0): convert-graph-to-ind converted the exponent to int64 before checking that
// it lies in [-16, 16] (the multiply-out rule), undefined behaviour that UBSan reports. Also NaN and
// -1e30 exponents: each is a plain math.powf, compiled and checked against the reference.
// RUN: %ind-run %s --func huge | %filecheck %s
// RUN: %ind-run %s --func nan_exp | %filecheck %s
// RUN: %ind-run %s --func neg_huge | %filecheck %s
// RUN: %ind-opt %s --lower | %filecheck %s --check-prefix=LOWER
// CHECK: check out0: 4xf32 {{.*}} PASS
// LOWER-COUNT-3: math.powf
func.func @huge(%arg0_1: tensor<4xf32>) -> tensor<4xf32> {
  %c = "graph.constant"() {value = 9223372036854775807.0 : f64} : () -> tensor<f32>
  %p = "graph.pow"(%arg0_1, %c) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %p : tensor<4xf32>
}
func.func @nan_exp(%arg0_1: tensor<4xf32>) -> tensor<4xf32> {
  %c = "graph.constant"() {value = 0x7FF8000000000000 : f64} : () -> tensor<f32>
  %p = "graph.pow"(%arg0_1, %c) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %p : tensor<4xf32>
}
func.func @neg_huge(%arg0_1: tensor<4xf32>) -> tensor<4xf32> {
  %c = "graph.constant"() {value = -1.0e30 : f64} : () -> tensor<f32>
  %p = "graph.pow"(%arg0_1, %c) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %p : tensor<4xf32>
}
