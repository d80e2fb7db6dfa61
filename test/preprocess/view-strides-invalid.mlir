// graph.view keeps the storage, so (as torch's view, ATen's computeStride) its shape must be expressible
// with strides over the input's layout: dims it merges must be contiguous with each other. Where torch
// raises, graph-infer-shapes reports a located error (reshape copies instead); view-strides.test has
// the views that are accepted.
// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(graph-infer-shapes)'

/// x.t().view(12): the transposed dims are not contiguous with each other.
func.func @transposed_flat(%a: tensor<3x4xf32>) -> tensor<12xf32> {
  %t = "graph.transpose"(%a) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<3x4xf32>) -> tensor<4x3xf32>
  // expected-error @+1 {{view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces): use graph.reshape instead}}
  %r = "graph.view"(%t) {shape = array<i64: 12>} : (tensor<4x3xf32>) -> tensor<12xf32>
  return %r : tensor<12xf32>
}

// -----

/// permute(2, 0, 1) of [2, 3, 4] has strides (1, 12, 4): merging its dims 0 and 1 crosses a gap (the
/// dims 1 and 2 may merge: view-strides.test).
func.func @permuted_merge(%x: tensor<2x3x4xf32>) -> tensor<8x3xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  // expected-error @+1 {{view size is not compatible}}
  %v = "graph.view"(%p) {shape = array<i64: 8, 3>} : (tensor<4x2x3xf32>) -> tensor<8x3xf32>
  return %v : tensor<8x3xf32>
}

// -----

/// A view splitting a transposed dim across the other: [4, 6] (strides 1, 4) to [6, 4].
func.func @transposed_regroup(%x: tensor<6x4xf32>) -> tensor<6x4xf32> {
  %t = "graph.transpose"(%x) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<6x4xf32>) -> tensor<4x6xf32>
  // expected-error @+1 {{view size is not compatible}}
  %v = "graph.view"(%t) {shape = array<i64: 6, 4>} : (tensor<4x6xf32>) -> tensor<6x4xf32>
  return %v : tensor<6x4xf32>
}

// -----

/// An expanded dim (stride 0) cannot merge with its neighbour.
func.func @expanded_flat(%b: tensor<1x4xf32>) -> tensor<12xf32> {
  %e = "graph.expand"(%b) {shape = array<i64: 3, 4>} : (tensor<1x4xf32>) -> tensor<3x4xf32>
  // expected-error @+1 {{view size is not compatible}}
  %v = "graph.view"(%e) {shape = array<i64: 12>} : (tensor<3x4xf32>) -> tensor<12xf32>
  return %v : tensor<12xf32>
}

// -----

/// A slice of the first 3 of 6 columns cannot be flattened (rows 6 apart, 3 wide; every other column
/// can: a uniform stride of 2, view-strides.test).
func.func @column_slice(%x: tensor<4x6xf32>) -> tensor<12xf32> {
  %s = "graph.slice"(%x) {dim = 1 : i64, start = 0 : i64, end = 3 : i64, step = 1 : i64} : (tensor<4x6xf32>) -> tensor<4x3xf32>
  // expected-error @+1 {{view size is not compatible}}
  %v = "graph.view"(%s) {shape = array<i64: 12>} : (tensor<4x3xf32>) -> tensor<12xf32>
  return %v : tensor<12xf32>
}
