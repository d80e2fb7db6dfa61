// graph-dce visits every function of the module (dce.c: the walk goes on after each func.func): a
// dead op goes from the second function as from the first.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(graph-dce)' | %filecheck %s
// CHECK-LABEL: sym_name = "first"
// CHECK-NOT: graph.neg
// CHECK: "func.return"
// CHECK-LABEL: sym_name = "second"
// CHECK-NOT: graph.abs
// CHECK: "func.return"
func.func @first(%a: tensor<4xf32>) -> tensor<4xf32> {
  %n = "graph.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %e = "graph.exp"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}
func.func @second(%a: tensor<4xf32>) -> tensor<4xf32> {
  %n = "graph.abs"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %e = "graph.exp"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}
