// pow's special exponents at their edges (ops.mlir has 2, 3, 0.5 and 1.5): 0 gives the constant 1.0 (Inductor's
// pow_recursive of 0), 1 the base itself, -1 a reciprocal, 16 and -16 (the ends of the
// integer range) multiplications, 17 math.powf.
// RUN: %ind-opt %s --lower | %filecheck %s
// RUN: %ind-run %s | %filecheck %s --check-prefix=JIT
// CHECK: %[[ONE:.*]] = "arith.constant"() <{value = 1.000000e+00 : f32}>
// CHECK-NEXT: "gpu.yield"(%[[ONE]])
// CHECK-NEXT: name = "buf0"
// CHECK: %[[X:.*]] = "ind.load"
// CHECK-NEXT: "gpu.yield"(%[[X]])
// CHECK-NEXT: name = "buf1"
// CHECK: %[[X2:.*]] = "ind.load"
// CHECK-NEXT: %[[ONE2:.*]] = "arith.constant"() <{value = 1.000000e+00 : f32}>
// CHECK-NEXT: %[[R:.*]] = "arith.divf"(%[[ONE2]], %[[X2]])
// CHECK-NEXT: "gpu.yield"(%[[R]])
// CHECK-NEXT: name = "buf2"
// CHECK-COUNT-4: "arith.mulf"
// CHECK-NEXT: "gpu.yield"
// CHECK-NEXT: name = "buf3"
// CHECK-COUNT-4: "arith.mulf"
// CHECK-NEXT: "arith.constant"() <{value = 1.000000e+00 : f32}>
// CHECK-NEXT: "arith.divf"
// CHECK-NEXT: "gpu.yield"
// CHECK-NEXT: name = "buf4"
// CHECK: "math.powf"
// CHECK-NEXT: "gpu.yield"
// CHECK-NEXT: name = "buf5"
// JIT-COUNT-6: PASS
func.func @pow_edges(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c0 = "graph.constant"() {value = 0.0 : f64} : () -> tensor<f32>
  %c1 = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %cm1 = "graph.constant"() {value = -1.0 : f64} : () -> tensor<f32>
  %c16 = "graph.constant"() {value = 16.0 : f64} : () -> tensor<f32>
  %cm16 = "graph.constant"() {value = -16.0 : f64} : () -> tensor<f32>
  %c17 = "graph.constant"() {value = 17.0 : f64} : () -> tensor<f32>
  %a = "graph.pow"(%x, %c0) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %b = "graph.pow"(%x, %c1) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %c = "graph.pow"(%x, %cm1) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %d = "graph.pow"(%x, %c16) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %e = "graph.pow"(%x, %cm16) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %f = "graph.pow"(%x, %c17) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %a, %b, %c, %d, %e, %f : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
