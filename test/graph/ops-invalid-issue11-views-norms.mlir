// Verifier-negative tests (IRDL constraints) of split, native_layer_norm, native_group_norm, cumsum:
// a missing required attribute, a wrong operand or result count.
// RUN: %ind-opt %s --split-input-file --verify-diagnostics

/// split without 'split_size' (split_with_sizes is imported as slices, not as graph.split).
func.func @split_no_size(%x: tensor<4xf32>) {
  // expected-error @+1 {{attribute "split_size" is expected but not provided}}
  %a, %b = "graph.split"(%x) {dim = 0 : i64} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return
}

// -----

/// The pieces before the last one share a type (IRDL: one type per variable of a variadic group).
func.func @split_uneven_pieces(%x: tensor<6xf32>) {
  // expected-error @+1 {{expected 'tensor<2xf32>' but got 'tensor<3xf32>'}}
  %a, %b, %c = "graph.split"(%x) {dim = 0 : i64, split_size = 2 : i64} : (tensor<6xf32>) -> (tensor<2xf32>, tensor<3xf32>, tensor<1xf32>)
  return
}

// -----

/// native_layer_norm has three results.
func.func @native_layer_norm_one_result(%x: tensor<2x4xf32>, %w: tensor<4xf32>) {
  // expected-error @+1 {{expects exactly 3 results, but got 1}}
  %o = "graph.native_layer_norm"(%x, %w, %w) {normalized_shape = array<i64: 4>, eps = 1.0e-05 : f64} : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return
}

// -----

/// native_group_norm without 'group'.
func.func @group_norm_no_group(%x: tensor<2x4xf32>, %w: tensor<4xf32>) {
  // expected-error @+1 {{attribute "group" is expected but not provided}}
  %o, %m, %r = "graph.native_group_norm"(%x, %w, %w) {eps = 1.0e-05 : f64} : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return
}

// -----

/// native_group_norm takes (x, weight, bias).
func.func @group_norm_two_operands(%x: tensor<2x4xf32>, %w: tensor<4xf32>) {
  // expected-error @+1 {{expects exactly 3 operands, but got 2}}
  %o, %m, %r = "graph.native_group_norm"(%x, %w) {group = 1 : i64, eps = 1.0e-05 : f64} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return
}

// -----

/// cumsum without 'dim'.
func.func @cumsum_no_dim(%x: tensor<4xf32>) {
  // expected-error @+1 {{attribute "dim" is expected but not provided}}
  %o = "graph.cumsum"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
