// Verifier-negative tests of the ops of issue 11 (IRDL constraints): a missing required attribute,
// a wrong operand count.
// RUN: %ind-opt %s --split-input-file --verify-diagnostics

/// graph.full without 'shape' is rejected.
func.func @full_invalid(%x: tensor<2xf32>, %m: tensor<2xi1>) {
  // expected-error @+1 {{attribute "shape" is expected but not provided}}
  %r = "graph.full"() {value = 1.0 : f64} : () -> tensor<2xf32>
  return
}

// -----

/// graph.arange without 'end' is rejected.
func.func @arange_invalid(%x: tensor<2xf32>, %m: tensor<2xi1>) {
  // expected-error @+1 {{attribute "end" is expected but not provided}}
  %r = "graph.arange"() {start = 0.0 : f64} : () -> tensor<2xf32>
  return
}

// -----

/// graph.clamp_min without 'min' is rejected.
func.func @clamp_min_invalid(%x: tensor<2xf32>, %m: tensor<2xi1>) {
  // expected-error @+1 {{attribute "min" is expected but not provided}}
  %r = "graph.clamp_min"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

/// graph.masked_fill without 'value' is rejected.
func.func @masked_fill_invalid(%x: tensor<2xf32>, %m: tensor<2xi1>) {
  // expected-error @+1 {{attribute "value" is expected but not provided}}
  %r = "graph.masked_fill"(%x, %m) : (tensor<2xf32>, tensor<2xi1>) -> tensor<2xf32>
  return
}

// -----

/// graph.argmax without 'dims' is rejected.
func.func @argmax_invalid(%x: tensor<2xf32>, %m: tensor<2xi1>) {
  // expected-error @+1 {{attribute "dims" is expected but not provided}}
  %r = "graph.argmax"(%x) {keepdim = false} : (tensor<2xf32>) -> tensor<i64>
  return
}

// -----

/// graph.select without 'index' is rejected.
func.func @select_invalid(%x: tensor<2xf32>, %m: tensor<2xi1>) {
  // expected-error @+1 {{attribute "index" is expected but not provided}}
  %r = "graph.select"(%x) {dim = 0 : i64} : (tensor<2xf32>) -> tensor<f32>
  return
}

// -----

/// graph.constant_pad_nd without 'pad' is rejected.
func.func @constant_pad_nd_invalid(%x: tensor<2xf32>, %m: tensor<2xi1>) {
  // expected-error @+1 {{attribute "pad" is expected but not provided}}
  %r = "graph.constant_pad_nd"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

/// graph.repeat without 'repeats' is rejected.
func.func @repeat_invalid(%x: tensor<2xf32>, %m: tensor<2xi1>) {
  // expected-error @+1 {{attribute "repeats" is expected but not provided}}
  %r = "graph.repeat"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

/// graph.flip without 'dims' is rejected.
func.func @flip_invalid(%x: tensor<2xf32>, %m: tensor<2xi1>) {
  // expected-error @+1 {{attribute "dims" is expected but not provided}}
  %r = "graph.flip"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

/// graph.remainder with one operand is rejected.
func.func @remainder_invalid(%x: tensor<2xf32>) {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.remainder"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return
}
