// Every diagnostic of graph-infer-shapes for split, native_layer_norm, native_group_norm and cumsum.
// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(graph-infer-shapes)'

/// split with a dim out of range.
func.func @split_dim(%x: tensor<4xf32>) {
  // expected-error @+1 {{'graph.split' needs a 'dim' in [-1, 1) of a non-empty input and a 'split_size' >= 1 that makes at most 64 pieces}}
  %a = "graph.split"(%x) {dim = 1 : i64, split_size = 2 : i64} : (tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

/// split_size 0.
func.func @split_size_zero(%x: tensor<4xf32>) {
  // expected-error @+1 {{'graph.split' needs a 'dim' in [-1, 1)}}
  %a = "graph.split"(%x) {dim = 0 : i64, split_size = 0 : i64} : (tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

/// 65 pieces: over the limit of 64 (GRAPH_MAX_SPLIT).
func.func @split_too_many(%x: tensor<65xf32>) {
  // expected-error @+1 {{at most 64 pieces}}
  %a = "graph.split"(%x) {dim = 0 : i64, split_size = 1 : i64} : (tensor<65xf32>) -> tensor<*xf32>
  return
}

// -----

/// The result count must be the piece count.
func.func @split_count(%x: tensor<5xf32>) {
  // expected-error @+1 {{'graph.split' makes 3 piece(s) of dim 0 (size 5) but has 2 result(s)}}
  %a, %b = "graph.split"(%x) {dim = 0 : i64, split_size = 2 : i64} : (tensor<5xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

/// A written piece type that disagrees with the rule (the last piece of 5 by 3 is 2 long).
func.func @split_type(%x: tensor<5xf32>) {
  // expected-error @+1 {{result type mismatch: written tensor<3xf32>, inferred tensor<2xf32>}}
  %a, %b = "graph.split"(%x) {dim = 0 : i64, split_size = 3 : i64} : (tensor<5xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

/// native_layer_norm: normalized_shape must be the trailing dims.
func.func @native_layer_norm_shape(%x: tensor<3x4xf32>, %w: tensor<3xf32>) {
  // expected-error @+1 {{'normalized_shape' must be the input's trailing dims}}
  %o, %m, %r = "graph.native_layer_norm"(%x, %w, %w) {normalized_shape = array<i64: 3>, eps = 1.0e-05 : f64} : (tensor<3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

/// native_group_norm of a rank-1 input.
func.func @group_norm_rank(%x: tensor<4xf32>, %w: tensor<4xf32>) {
  // expected-error @+1 {{'graph.native_group_norm' needs an input of rank >= 2 ([N, C, *]), got rank 1}}
  %o, %m, %r = "graph.native_group_norm"(%x, %w, %w) {group = 2 : i64, eps = 1.0e-05 : f64} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

/// A group count that does not divide the channels.
func.func @group_norm_groups(%x: tensor<2x6x3xf32>, %w: tensor<6xf32>) {
  // expected-error @+1 {{'graph.native_group_norm' needs a 'group' >= 1 that divides the 6 channels (dim 1)}}
  %o, %m, %r = "graph.native_group_norm"(%x, %w, %w) {group = 4 : i64, eps = 1.0e-05 : f64} : (tensor<2x6x3xf32>, tensor<6xf32>, tensor<6xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

/// The bias must have the channels' shape.
func.func @group_norm_bias(%x: tensor<2x6x3xf32>, %w: tensor<6xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{operand #2 must have shape [6] (the channels)}}
  %o, %m, %r = "graph.native_group_norm"(%x, %w, %b) {group = 3 : i64, eps = 1.0e-05 : f64} : (tensor<2x6x3xf32>, tensor<6xf32>, tensor<3xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

/// An integer input.
func.func @group_norm_int(%x: tensor<2x6xi32>, %w: tensor<6xi32>) {
  // expected-error @+1 {{normalization needs a floating-point input}}
  %o, %m, %r = "graph.native_group_norm"(%x, %w, %w) {group = 3 : i64, eps = 1.0e-05 : f64} : (tensor<2x6xi32>, tensor<6xi32>, tensor<6xi32>) -> (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>)
  return
}

// -----

/// cumsum with a dim out of range.
func.func @cumsum_dim(%x: tensor<4x2xf32>) {
  // expected-error @+1 {{'dim' must be a dim in [-2, 2)}}
  %o = "graph.cumsum"(%x) {dim = 2 : i64} : (tensor<4x2xf32>) -> tensor<*xf32>
  return
}

// -----

/// cumsum of a bool tensor needs an i64 result (ATen), like every integer cumsum.
func.func @cumsum_int(%x: tensor<4xi1>) {
  // expected-error @+1 {{result type mismatch: written tensor<4xi1>, inferred tensor<4xi64>}}
  %o = "graph.cumsum"(%x) {dim = 0 : i64} : (tensor<4xi1>) -> tensor<4xi1>
  return
}
