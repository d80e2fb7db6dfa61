// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind)' | %filecheck %s
//
// Views lower to index remappings inside the consumer's body: no buffer is realized for them.

/// permute [2, 0, 1] of a 2x3x4 input: out[i, j, k] = x[j, k, i]
// CHECK-DAG: #[[M0:.*]] = affine_map<(d0, d1, d2) -> (d1 * 12 + d2 * 4 + d0)>
// CHECK-LABEL: sym_name = "permute"
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M0]]}
// CHECK-NOT: "ind.load"
// CHECK: name = "buf0", origins = [{{.*}}], ranges = array<i64: 4, 2, 3>
// CHECK-NOT: "ind.pointwise"
func.func @permute(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %r = "graph.relu"(%p) : (tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
  return %r : tensor<4x2x3xf32>
}

// -----

/// transpose(0, -1) swaps the index: out[i, j] = x[j, i]
// CHECK-DAG: #[[M0:.*]] = affine_map<(d0, d1) -> (d1 * 16 + d0)>
// CHECK-LABEL: sym_name = "transpose"
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M0]]}
// CHECK-NOT: "ind.load"
// CHECK: name = "buf0", origins = [{{.*}}], ranges = array<i64: 16, 8>
// CHECK-NOT: "ind.pointwise"
func.func @transpose(%x: tensor<8x16xf32>) -> tensor<16x8xf32> {
  %t = "graph.transpose"(%x) {dim0 = 0 : i64, dim1 = -1 : i64} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %r = "graph.exp"(%t) : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

// -----

/// numpy broadcasting: a row vector has the row index absent, an [8, 1] column the column index
// CHECK-DAG: #[[M0:.*]] = affine_map<(d0, d1) -> (d0 * 16 + d1)>
// CHECK-DAG: #[[M1:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[M2:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: sym_name = "broadcast"
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M0]]}
// CHECK: "ind.load"(%{{.*}}) {index = #[[M1]]}
// CHECK: "ind.load"(%{{.*}}) {index = #[[M2]]}
// CHECK-NOT: "ind.load"
// CHECK: name = "buf0", origins = [{{.*}}], ranges = array<i64: 8, 16>
// CHECK-NOT: "ind.pointwise"
func.func @broadcast(%x: tensor<8x16xf32>, %row: tensor<16xf32>, %col: tensor<8x1xf32>) -> tensor<8x16xf32> {
  %a = "graph.add"(%x, %row) : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  %b = "graph.mul"(%a, %col) : (tensor<8x16xf32>, tensor<8x1xf32>) -> tensor<8x16xf32>
  return %b : tensor<8x16xf32>
}

// -----

/// reshape of a contiguous [8, 16] to [128]: the delinearized index folds back to d0
// CHECK-DAG: #[[M0:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: sym_name = "reshape_flatten"
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M0]]}
// CHECK-NOT: "ind.load"
// CHECK: name = "buf0", origins = [{{.*}}], ranges = array<i64: 128>
// CHECK-NOT: "ind.pointwise"
func.func @reshape_flatten(%x: tensor<8x16xf32>) -> tensor<128xf32> {
  %v = "graph.reshape"(%x) {shape = array<i64: 128>} : (tensor<8x16xf32>) -> tensor<128xf32>
  %r = "graph.neg"(%v) : (tensor<128xf32>) -> tensor<128xf32>
  return %r : tensor<128xf32>
}

// -----

/// view of a contiguous [128] as [8, 16]: linearized index
// CHECK-DAG: #[[M0:.*]] = affine_map<(d0, d1) -> (d0 * 16 + d1)>
// CHECK-LABEL: sym_name = "reshape_split"
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M0]]}
// CHECK-NOT: "ind.load"
// CHECK: name = "buf0", origins = [{{.*}}], ranges = array<i64: 8, 16>
// CHECK-NOT: "ind.pointwise"
func.func @reshape_split(%x: tensor<128xf32>) -> tensor<8x16xf32> {
  %v = "graph.view"(%x) {shape = array<i64: 8, 16>} : (tensor<128xf32>) -> tensor<8x16xf32>
  %r = "graph.neg"(%v) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

/// reshape [4, 6] -> [3, 8] (one group of dims): linearize, delinearize, fold
// CHECK-DAG: #[[M0:.*]] = affine_map<(d0, d1) -> (d0 * 8 + d1)>
// CHECK-LABEL: sym_name = "reshape_regroup"
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M0]]}
// CHECK-NOT: "ind.load"
// CHECK: name = "buf0", origins = [{{.*}}], ranges = array<i64: 3, 8>
// CHECK-NOT: "ind.pointwise"
func.func @reshape_regroup(%x: tensor<4x6xf32>) -> tensor<3x8xf32> {
  %v = "graph.reshape"(%x) {shape = array<i64: 3, 8>} : (tensor<4x6xf32>) -> tensor<3x8xf32>
  %r = "graph.neg"(%v) : (tensor<3x8xf32>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}

// -----

/// reshape of a permuted (non-contiguous) view: floordiv/mod remain
// CHECK-DAG: #[[M0:.*]] = affine_map<(d0) -> ((d0 mod 8) * 16 + d0 floordiv 8)>
// CHECK-LABEL: sym_name = "reshape_of_permute"
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M0]]}
// CHECK-NOT: "ind.load"
// CHECK: name = "buf0", origins = [{{.*}}], ranges = array<i64: 128>
// CHECK-NOT: "ind.pointwise"
func.func @reshape_of_permute(%x: tensor<8x16xf32>) -> tensor<128xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %v = "graph.reshape"(%p) {shape = array<i64: 128>} : (tensor<16x8xf32>) -> tensor<128xf32>
  %r = "graph.neg"(%v) : (tensor<128xf32>) -> tensor<128xf32>
  return %r : tensor<128xf32>
}

// -----

/// slice(dim 1, 2:14:2): offset + stride
// CHECK-DAG: #[[M0:.*]] = affine_map<(d0, d1) -> (d0 * 16 + d1 * 2 + 2)>
// CHECK-LABEL: sym_name = "slice"
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M0]]}
// CHECK-NOT: "ind.load"
// CHECK: name = "buf0", origins = [{{.*}}], ranges = array<i64: 8, 6>
// CHECK-NOT: "ind.pointwise"
func.func @slice(%x: tensor<8x16xf32>) -> tensor<8x6xf32> {
  %s = "graph.slice"(%x) {dim = 1 : i64, start = 2 : i64, end = 14 : i64, step = 2 : i64} : (tensor<8x16xf32>) -> tensor<8x6xf32>
  %r = "graph.neg"(%s) : (tensor<8x6xf32>) -> tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}

// -----

/// expand [8, 1] -> [8, 16] is a broadcast: the expanded dim is absent
// CHECK-DAG: #[[M0:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: sym_name = "expand"
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M0]]}
// CHECK-NOT: "ind.load"
// CHECK: name = "buf0", origins = [{{.*}}], ranges = array<i64: 8, 16>
// CHECK-NOT: "ind.pointwise"
func.func @expand(%x: tensor<8x1xf32>) -> tensor<8x16xf32> {
  %e = "graph.expand"(%x) {shape = array<i64: 8, 16>} : (tensor<8x1xf32>) -> tensor<8x16xf32>
  %r = "graph.neg"(%e) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

/// squeeze, permute, unsqueeze: size-1 dims vanish from ranges and index
// CHECK-DAG: #[[M0:.*]] = affine_map<(d0, d1) -> (d1 * 16 + d0)>
// CHECK-LABEL: sym_name = "squeeze_unsqueeze"
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%{{.*}}) {index = #[[M0]]}
// CHECK-NOT: "ind.load"
// CHECK: name = "buf0", origins = [{{.*}}], ranges = array<i64: 16, 8>
// CHECK-NOT: "ind.pointwise"
func.func @squeeze_unsqueeze(%x: tensor<8x1x16xf32>) -> tensor<16x1x8xf32> {
  %s = "graph.squeeze"(%x) : (tensor<8x1x16xf32>) -> tensor<8x16xf32>
  %t = "graph.permute"(%s) {dims = array<i64: 1, 0>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %u = "graph.unsqueeze"(%t) {dim = 1 : i64} : (tensor<16x8xf32>) -> tensor<16x1x8xf32>
  %r = "graph.neg"(%u) : (tensor<16x1x8xf32>) -> tensor<16x1x8xf32>
  return %r : tensor<16x1x8xf32>
}

// -----

/// cat selects between its sources by the cat dim's index; each source is read at
/// (i - offset) mod size, so that every load stays in bounds.
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[SRC:.*]] = affine_map<(d0, d1) -> (d0 * 8 + d1 mod 8)>
// CHECK-LABEL: sym_name = "cat"
// CHECK: ^bb0(%[[A:.*]]: memref<8x8xf32>, %[[B:.*]]: memref<8x8xf32>):
// CHECK: %[[POS:.*]] = "ind.index_expr"() {index = #[[COL]]} : () -> f32
// CHECK: %[[LA:.*]] = "ind.load"(%[[A]]) {index = #[[SRC]]}
// CHECK: %[[LB:.*]] = "ind.load"(%[[B]]) {index = #[[SRC]]}
// CHECK: %[[C8:.*]] = "arith.constant"() <{value = 8.000000e+00 : f32}>
// CHECK: %[[LT:.*]] = "arith.cmpf"(%[[POS]], %[[C8]]) <{{.*}}predicate = 4
// CHECK: %[[SEL:.*]] = "arith.select"(%[[LT]], %[[LA]], %[[LB]])
// CHECK: "arith.negf"(%[[SEL]])
// CHECK: name = "buf0", origins = ["cat", "neg"], ranges = array<i64: 8, 16>
func.func @cat(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x16xf32> {
  %c = "graph.cat"(%a, %b) {dim = 1 : i64} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x16xf32>
  %r = "graph.neg"(%c) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
