// A graph.constant of an integer dtype holds its value truncated to that dtype (ATen
// full((), 1e-05, dtype=int64) is 0; a bool constant is value != 0). The lowering kept the raw
// double, so i64 8 - constant(1e-05 : i64) gave 7 (computed in f32, then truncated) where the
// reference gives 8. Found by scripts/fuzz/soak.py (seed 142, --ops 10 --max-numel 4096).
// RUN: %ind-opt %s --lower | %filecheck %s
// RUN: %ind-run %s | %filecheck %s --check-prefix=DRIVER
// (Now integers compute in their own type: the constant is the i64 0 and the sub an i64 subi.)
// CHECK-LABEL: "ind.pointwise"
// CHECK: "arith.constant"() <{value = 0 : i64}>
// CHECK: "arith.subi"
// CHECK-LABEL: "ind.pointwise"
// CHECK: "arith.constant"() <{value = 1.000000e+00 : f32}>
// CHECK: "arith.constant"() <{value = 2.500000e+00 : f32}>
// DRIVER: check out0: 4xi64 max_abs_err=0 {{.*}} PASS
// DRIVER: check out1: 4xf32 max_abs_err=0 {{.*}} PASS
func.func @f(%arg0_1: tensor<4xi64>, %arg1_1: tensor<4xf32>) -> (tensor<4xi64>, tensor<4xf32>) {
  %c = "graph.constant"() {value = 1.0e-05 : f64} : () -> tensor<i64>
  %0 = "graph.sub"(%arg0_1, %c) : (tensor<4xi64>, tensor<i64>) -> tensor<4xi64>
  %b = "graph.constant"() {value = 0.5 : f64} : () -> tensor<i1>
  %f = "graph.constant"() {value = 2.5 : f64} : () -> tensor<f32>
  %1 = "graph.where"(%b, %arg1_1, %f) : (tensor<i1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xi64>, tensor<4xf32>
}
