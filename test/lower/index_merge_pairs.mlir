// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind)' | %filecheck %s
//
// The flat offset of a load merges a pair (X floordiv c) * (b * c) + (X mod c) * b into X * b
// (index_algebra.c, merge_div_mod_pair) only when both terms divide the same X by the same c.

/// reshape 8x8 -> 2x4x2x4, permute [0, 3, 2, 1], reshape back: out[i, j] = x[(i / 4) * 4 + j % 4,
/// (j / 4) * 4 + i % 4]. The offset 32 (d0 floordiv 4) + 8 (d1 mod 4) + 4 (d1 floordiv 4) + (d0 mod 4)
/// has the shape of two mergeable pairs, (d0 floordiv 4, d1 mod 4) and (d1 floordiv 4, d0 mod 4), but
/// each pairs two different dims: nothing merges.
// CHECK: #[[M:.*]] = affine_map<(d0, d1) -> (((d0 floordiv 4) * 4 + d1 mod 4) * 8 + (d1 floordiv 4) * 4 + d0 mod 4)>
// CHECK-LABEL: sym_name = "swap_inner"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M]]}
func.func @swap_inner(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %q = "graph.reshape"(%x) {shape = array<i64: 2, 4, 2, 4>} : (tensor<8x8xf32>) -> tensor<2x4x2x4xf32>
  %p = "graph.permute"(%q) {dims = array<i64: 0, 3, 2, 1>} : (tensor<2x4x2x4xf32>) -> tensor<2x4x2x4xf32>
  %z = "graph.reshape"(%p) {shape = array<i64: 8, 8>} : (tensor<2x4x2x4xf32>) -> tensor<8x8xf32>
  %r = "graph.neg"(%z) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

/// The identity permute [0, 1, 2, 3] between the reshapes: the pairs are (d0 floordiv 4, d0 mod 4) and
/// (d1 floordiv 4, d1 mod 4), and both merge: the offset is d0 * 8 + d1.
// CHECK: #[[M:.*]] = affine_map<(d0, d1) -> (d0 * 8 + d1)>
// CHECK-LABEL: sym_name = "same_inner"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M]]}
func.func @same_inner(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %q = "graph.reshape"(%x) {shape = array<i64: 2, 4, 2, 4>} : (tensor<8x8xf32>) -> tensor<2x4x2x4xf32>
  %p = "graph.permute"(%q) {dims = array<i64: 0, 1, 2, 3>} : (tensor<2x4x2x4xf32>) -> tensor<2x4x2x4xf32>
  %z = "graph.reshape"(%p) {shape = array<i64: 8, 8>} : (tensor<2x4x2x4xf32>) -> tensor<8x8xf32>
  %r = "graph.neg"(%z) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

/// [24] read as [2, 3, 4] and linearized again: MLIR writes (X floordiv 4) floordiv 3 as X floordiv 12, so
/// the pairs are (d0 floordiv 12, (d0 floordiv 4) mod 3) and then (d0 floordiv 4, d0 mod 4): the offset is d0.
// CHECK: #[[M:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: sym_name = "nested_div"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M]]}
func.func @nested_div(%x: tensor<24xf32>) -> tensor<24xf32> {
  %q = "graph.reshape"(%x) {shape = array<i64: 2, 3, 4>} : (tensor<24xf32>) -> tensor<2x3x4xf32>
  %n = "graph.neg"(%q) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %z = "graph.reshape"(%n) {shape = array<i64: 24>} : (tensor<2x3x4xf32>) -> tensor<24xf32>
  return %z : tensor<24xf32>
}

// -----

/// [24] read as [2, 3, 4], permuted to [3, 2, 4] and linearized: ((d0 floordiv 4) mod 2) * 12 has no
/// partner (d0 floordiv 8 has coefficient 4, not 24) and d0 mod 4 none (no d0 floordiv 4): nothing merges.
// CHECK: #[[M:.*]] = affine_map<(d0) -> (((d0 floordiv 4) mod 2) * 12 + (d0 floordiv 8) * 4 + d0 mod 4)>
// CHECK-LABEL: sym_name = "nested_div_permuted"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M]]}
func.func @nested_div_permuted(%x: tensor<24xf32>) -> tensor<24xf32> {
  %q = "graph.reshape"(%x) {shape = array<i64: 2, 3, 4>} : (tensor<24xf32>) -> tensor<2x3x4xf32>
  %p = "graph.permute"(%q) {dims = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %z = "graph.reshape"(%p) {shape = array<i64: 24>} : (tensor<3x2x4xf32>) -> tensor<24xf32>
  return %z : tensor<24xf32>
}
