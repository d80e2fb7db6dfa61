// RUN: %ind-opt %s --lower | %filecheck %s
// RUN: %ind-opt %s --lower | %not %ind-opt --lower 2>&1 | %filecheck %s --check-prefix=TWICE
// RUN: %ind-opt %s --lower | %ind-opt --pass-pipeline='builtin.module(ind-verify)' | %filecheck %s
// RUN: %ind-opt --list-passes | %filecheck %s --check-prefix=LIST
//
/// --lower runs convert-graph-to-ind on a graph module; its output is at the ind level (no graph
/// op left, passes ind-verify), and --lower refuses a module that is already lowered.

// CHECK: "ind.pointwise"
// CHECK-NOT: "graph.
// TWICE: --lower cannot run on this input: the module is already at the ind level
// LIST-DAG: convert-graph-to-ind
// LIST-DAG: ind-verify

func.func @stage(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = "graph.exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
