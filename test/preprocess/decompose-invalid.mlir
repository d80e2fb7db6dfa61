// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(graph-decompose)'

/// A composite whose input shape is unknown cannot be decomposed (graph-infer-shapes first).
func.func @unranked(%a: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{cannot decompose 'graph.softmax' (are its operand types inferred? run graph-infer-shapes first)}}
  %0 = "graph.softmax"(%a) {dim = 1 : i64} : (tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// A composite whose written result type disagrees with its decomposition.
func.func @wrong_type(%a: tensor<4x8xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{decomposition of 'graph.softmax' has a different result type}}
  %0 = "graph.softmax"(%a) {dim = 1 : i64} : (tensor<4x8xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
