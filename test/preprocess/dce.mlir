// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-dce)' | %filecheck %s

/// A dead chain goes in one run (walked backwards); live ops stay in order.
// CHECK-LABEL: sym_name = "dead_chain"
// CHECK: %[[E:.*]] = "graph.exp"
// CHECK-NOT: graph.neg
// CHECK-NOT: graph.abs
// CHECK: "func.return"(%[[E]])
func.func @dead_chain(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = "graph.exp"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %n = "graph.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %b = "graph.abs"(%n) : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

/// A dead constant goes; a used one stays.
// CHECK-LABEL: sym_name = "constants"
// CHECK: "graph.constant"() {value = 2.000000e+00 : f64}
// CHECK-NOT: "graph.constant"
// CHECK: "graph.mul"
func.func @constants(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %d = "graph.constant"() {value = 3.0 : f64} : () -> tensor<f32>
  %m = "graph.mul"(%a, %c) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}

// -----

/// Nothing dead: everything is left alone, outputs included.
// CHECK-LABEL: sym_name = "all_live"
// CHECK: %[[R:.*]] = "graph.relu"
// CHECK: %[[S:.*]] = "graph.sigmoid"(%[[R]])
// CHECK: "func.return"(%[[R]], %[[S]])
func.func @all_live(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = "graph.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %s = "graph.sigmoid"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  return %r, %s : tensor<4xf32>, tensor<4xf32>
}

// -----

/// Ops of other dialects are not removed even when unused.
// CHECK-LABEL: sym_name = "foreign"
// CHECK: "arith.constant"
func.func @foreign(%a: tensor<4xf32>) -> tensor<4xf32> {
  %x = arith.constant 1.0 : f32
  return %a : tensor<4xf32>
}
