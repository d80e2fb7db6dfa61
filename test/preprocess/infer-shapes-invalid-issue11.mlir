// Every diagnostic of graph-infer-shapes for the ops of issue 11, one case each.
// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(graph-infer-shapes)'

/// A clamp without bounds.
func.func @clamp_no_bound(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'graph.clamp' needs a number 'min' or 'max' (or both)}}
  %0 = "graph.clamp"(%x) : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// Clamp with a string bound.
func.func @clamp_min_string(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'graph.clamp' needs a number 'min' or 'max' (or both)}}
  %0 = "graph.clamp"(%x) {max = "high"} : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// Bitwise_not of a float.
func.func @bitwise_not_float(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'graph.bitwise_not' needs an integer or boolean input}}
  %0 = "graph.bitwise_not"(%x) : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// Bitwise_and of floats.
func.func @bitwise_and_float(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'graph.bitwise_and' needs integer or boolean operands}}
  %0 = "graph.bitwise_and"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// A masked_fill mask that is not i1.
func.func @masked_fill_mask_dtype(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{the mask of 'graph.masked_fill' must be an i1 tensor}}
  %0 = "graph.masked_fill"(%x, %x) {value = 0.0 : f64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// A masked_fill mask that would grow the input.
func.func @masked_fill_mask_shape(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xf32> {
  %m = "graph.full"() {value = 1.0 : f64, shape = array<i64: 2, 4>} : () -> tensor<2x4xi1>
  // expected-error @+1 {{the mask of 'graph.masked_fill' does not broadcast to the input's shape}}
  %0 = "graph.masked_fill"(%x, %m) {value = 0.0 : f64} : (tensor<4xf32>, tensor<2x4xi1>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// A full with a negative size.
func.func @full_negative(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'graph.full' needs a 'shape' array<i64> of at most 8 sizes >= 0}}
  %0 = "graph.full"() {value = 1.0 : f64, shape = array<i64: -2>} : () -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// An iota of negative length.
func.func @iota_negative(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xi64> {
  // expected-error @+1 {{'graph.iota' needs an integer 'length' >= 0 (or a static 1-d result) and number 'start', 'step'}}
  %0 = "graph.iota"() {length = -1 : i64} : () -> tensor<*xi64>
  return %0 : tensor<*xi64>
}

// -----

/// An arange with step 0.
func.func @arange_zero_step(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'graph.arange' needs a finite number 'end', 'start' and a non-zero 'step'}}
  %0 = "graph.arange"() {end = 4.0 : f64, step = 0.0 : f64} : () -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// An iota of i1.
func.func @iota_bool(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xi1> {
  // expected-error @+1 {{'graph.iota' cannot produce i1}}
  %0 = "graph.iota"() {length = 3 : i64} : () -> tensor<*xi1>
  return %0 : tensor<*xi1>
}

// -----

/// Argmax over a dim out of range.
func.func @argmax_dim(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xi64> {
  // expected-error @+1 {{'dims' must be distinct dims in [-1, 1)}}
  %0 = "graph.argmax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4xf32>) -> tensor<*xi64>
  return %0 : tensor<*xi64>
}

// -----

/// Select past the end.
func.func @select_index(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'graph.select' needs a 'dim' in [-1, 1) and an 'index' inside that dim}}
  %0 = "graph.select"(%x) {dim = 0 : i64, index = 4 : i64} : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// Flip of a repeated dim.
func.func @flip_repeated(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'dims' must be distinct dims in [-1, 1)}}
  %0 = "graph.flip"(%x) {dims = array<i64: 0, -1>} : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// A pad of odd length.
func.func @pad_odd(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'pad' must hold (low, high) pairs for at most the input's 1 dims, 'value' a number}}
  %0 = "graph.constant_pad_nd"(%x) {pad = array<i64: 1>} : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// A crop past the size.
func.func @pad_negative_size(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{padding dim 0 of size 4 by (-3, -2) leaves a negative size}}
  %0 = "graph.constant_pad_nd"(%x) {pad = array<i64: -3, -2>} : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// Repeat with fewer counts than dims.
func.func @repeat_short(%x: tensor<4xf32>, %y: tensor<2x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'repeats' must hold at least the input's 2 counts, each >= 0}}
  %0 = "graph.repeat"(%y) {repeats = array<i64: 2>} : (tensor<2x4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// Attention with a key whose feature dim differs from the query's.
func.func @sdpa_key(%q: tensor<2x4x8xf32>, %k: tensor<2x6x5xf32>, %v: tensor<2x6x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{key must be [..., S, E] for a query [..., L, E] and value [..., S, Ev]}}
  %0 = "graph.scaled_dot_product_attention"(%q, %k, %v) : (tensor<2x4x8xf32>, tensor<2x6x5xf32>, tensor<2x6x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// Attention with different batch dims.
func.func @sdpa_batch(%q: tensor<2x4x8xf32>, %k: tensor<3x6x8xf32>, %v: tensor<3x6x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{query, key and value need the same rank >= 2 and the same leading (batch) dims}}
  %0 = "graph.scaled_dot_product_attention"(%q, %k, %v) : (tensor<2x4x8xf32>, tensor<3x6x8xf32>, tensor<3x6x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// max_dim of a 0-d tensor.
func.func @max_dim_scalar(%x: tensor<f32>) -> tensor<*xi64> {
  // expected-error @+1 {{'dims' must be distinct dims in [-0, 0)}}
  %v, %i = "graph.max_dim"(%x) {dim = 0 : i64, keepdim = false} : (tensor<f32>) -> (tensor<*xf32>, tensor<*xi64>)
  return %i : tensor<*xi64>
}
