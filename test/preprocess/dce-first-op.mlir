// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-dce)' | %filecheck %s

/// The block's first op is dead too (dce_block walks the block down to op 0): a dead chain that starts
/// the function goes whole.
// CHECK-LABEL: sym_name = "dead_first"
// CHECK-NOT: graph.neg
// CHECK-NOT: graph.abs
// CHECK: %[[E:.*]] = "graph.exp"
// CHECK-NEXT: "func.return"(%[[E]])
func.func @dead_first(%a: tensor<4xf32>) -> tensor<4xf32> {
  %n = "graph.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %b = "graph.abs"(%n) : (tensor<4xf32>) -> tensor<4xf32>
  %e = "graph.exp"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

/// A function of one dead op: only the return is left.
// CHECK-LABEL: sym_name = "only_dead"
// CHECK-NOT: "graph.constant"
// CHECK: "func.return"(%arg0)
func.func @only_dead(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  return %a : tensor<4xf32>
}
