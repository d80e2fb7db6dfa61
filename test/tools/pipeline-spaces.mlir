// Spaces around the elements of --pass-pipeline are trimmed on both sides (lib/pipeline.c, trim): a
// space before or after a pass name, around a comma and before the closing parenthesis, one or
// several, give the same pipeline as none.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(graph-dce,graph-infer-shapes)' > %t.ref
// RUN: %ind-opt %s --pass-pipeline='builtin.module( graph-dce , graph-infer-shapes )' > %t.1
// RUN: %ind-opt %s --pass-pipeline='builtin.module(graph-dce  ,graph-infer-shapes  )' > %t.2
// RUN: %ind-opt %s --pass-pipeline='builtin.module(graph-dce,   graph-infer-shapes)' > %t.3
// RUN: diff %t.ref %t.1
// RUN: diff %t.ref %t.2
// RUN: diff %t.ref %t.3
// RUN: %filecheck %s < %t.1
// CHECK: "graph.exp"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT: graph.neg
func.func @f(%a: tensor<4xf32>) -> tensor<*xf32> {
  %n = "graph.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %e = "graph.exp"(%a) : (tensor<4xf32>) -> tensor<*xf32>
  return %e : tensor<*xf32>
}
