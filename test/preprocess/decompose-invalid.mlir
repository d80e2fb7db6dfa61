// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(graph-decompose{cumsum-scan=false})'

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

// -----

/// cumsum adds a dim: an input of the largest rank (8) cannot be decomposed.
func.func @cumsum_rank8(%a: tensor<1x1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x1x2xf32> {
  // expected-error @+1 {{cannot decompose 'graph.cumsum'}}
  %0 = "graph.cumsum"(%a) {dim = 7 : i64} : (tensor<1x1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x1x2xf32>
  return %0 : tensor<1x1x1x1x1x1x1x2xf32>
}

// -----

/// split of an unranked input.
func.func @split_unranked(%a: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{cannot decompose 'graph.split'}}
  %0, %1 = "graph.split"(%a) {dim = 0 : i64, split_size = 2 : i64} : (tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  return %0 : tensor<*xf32>
}

// -----

/// The masked-sum decomposition sums in f32: an integer cumsum is refused there (it is exact as a scan).
func.func @cumsum_int_decomposed(%a: tensor<4xi32>) -> tensor<4xi64> {
  // expected-error @+1 {{the masked-sum decomposition of cumsum (cumsum-scan=false) needs a floating-point input}}
  %0 = "graph.cumsum"(%a) {dim = 0 : i64} : (tensor<4xi32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

/// An addmm whose result type is not inferred (unranked) is not kept whole for its epilogue: it is
/// decomposed, and the decomposition's type differs.
func.func @addmm_unranked(%b: tensor<5xf32>, %x: tensor<6x3xf32>, %w: tensor<3x5xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{decomposition of 'graph.addmm' has a different result type}}
  %0 = "graph.addmm"(%b, %x, %w) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
