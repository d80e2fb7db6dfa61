// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind)' | %filecheck %s
//
// Outputs are realized buffers; inputs of extern kernels are realized; mm is an opaque extern buffer.

/// mm of two inputs: an extern buffer reading the function arguments directly, then a pointwise
/// epilogue loading it (Inductor's mm_epilogue).
// CHECK-LABEL: sym_name = "mm_epilogue"
// CHECK: ^bb0(%[[A:.*]]: memref<8x16xf32>, %[[W:.*]]: memref<16x4xf32>, %[[B:.*]]: memref<4xf32>):
// CHECK-NEXT: %[[MM:.*]] = "ind.extern"(%[[A]], %[[W]]) {kernel = "mm", name = "buf0", origins = ["mm"]} : (memref<8x16xf32>, memref<16x4xf32>) -> memref<8x4xf32>
// CHECK-NEXT: %[[E:.*]] = "ind.pointwise"
// CHECK-NEXT: "ind.load"(%[[MM]])
// CHECK: name = "buf1", origins = ["add", "relu"]
// CHECK: "func.return"(%[[E]])
func.func @mm_epilogue(%a: tensor<8x16xf32>, %w: tensor<16x4xf32>, %b: tensor<4xf32>) -> tensor<8x4xf32> {
  %mm = "graph.mm"(%a, %w) : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %add = "graph.add"(%mm, %b) : (tensor<8x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
  %relu = "graph.relu"(%add) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %relu : tensor<8x4xf32>
}

// -----

/// Inputs of mm that are recipes: a pointwise is realized first, into its own buffer; a transposed
/// view of an input is read through the input with the extern's transpose flag, no copy (issue 35,
/// test/lower/extern_views.mlir); a later user of the realized value reads it too.
// CHECK-LABEL: sym_name = "mm_realized_inputs"
// CHECK: ^bb0(%[[A:.*]]: memref<8x16xf32>, %[[W:.*]]: memref<4x16xf32>):
// CHECK-NEXT: %[[R:.*]] = "ind.pointwise"
// CHECK: name = "buf0", origins = ["relu"]
// CHECK-NEXT: %[[MM:.*]] = "ind.extern"(%[[R]], %[[W]]) {kernel = "mm", name = "buf1", origins = ["mm"], transpose = array<i1: false, true>} : (memref<8x16xf32>, memref<4x16xf32>) -> memref<8x4xf32>
// CHECK-NEXT: "ind.pointwise"
// CHECK-NOT: "ind.load"(%[[A]])
// CHECK: "ind.load"(%[[R]])
// CHECK: name = "buf2"
func.func @mm_realized_inputs(%a: tensor<8x16xf32>, %w: tensor<4x16xf32>) -> (tensor<8x4xf32>, tensor<8x16xf32>) {
  %r = "graph.relu"(%a) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %wt = "graph.permute"(%w) {dims = array<i64: 1, 0>} : (tensor<4x16xf32>) -> tensor<16x4xf32>
  %mm = "graph.mm"(%r, %wt) : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %n = "graph.neg"(%r) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %mm, %n : tensor<8x4xf32>, tensor<8x16xf32>
}

// -----

/// bmm: rank-3 extern.
// CHECK-LABEL: sym_name = "bmm"
// CHECK: "ind.extern"(%{{.*}}, %{{.*}}) {kernel = "bmm", name = "buf0", origins = ["bmm"]} : (memref<2x8x16xf32>, memref<2x16x4xf32>) -> memref<2x8x4xf32>
// CHECK-NEXT: "func.return"
func.func @bmm(%a: tensor<2x8x16xf32>, %b: tensor<2x16x4xf32>) -> tensor<2x8x4xf32> {
  %mm = "graph.bmm"(%a, %b) : (tensor<2x8x16xf32>, tensor<2x16x4xf32>) -> tensor<2x8x4xf32>
  return %mm : tensor<2x8x4xf32>
}

// -----

/// A value that is both an output and used again is realized when it is produced (an output user
/// with more than one user): the later reduction reads the buffer instead of recomputing
/// (Inductor's rmsnorm_residual: buf0 = h).
// CHECK-LABEL: sym_name = "output_and_reuse"
// CHECK: ^bb0(%[[X:.*]]: memref<8x16xf32>, %[[R:.*]]: memref<8x16xf32>):
// CHECK-NEXT: %[[H:.*]] = "ind.pointwise"
// CHECK: name = "buf0", origins = ["add"]
// CHECK-NEXT: %[[S:.*]] = "ind.reduction"
// CHECK-NEXT: "ind.load"(%[[H]])
// CHECK-NOT: "ind.load"(%[[X]])
// CHECK: name = "buf1", origins = ["sum_1"]
// CHECK: "func.return"(%[[S]], %[[H]])
func.func @output_and_reuse(%x: tensor<8x16xf32>, %r: tensor<8x16xf32>) -> (tensor<8xf32>, tensor<8x16xf32>) {
  %h = "graph.add"(%x, %r) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s = "graph.sum"(%h) {dims = array<i64: 1>, keepdim = false} : (tensor<8x16xf32>) -> tensor<8xf32>
  return %s, %h : tensor<8xf32>, tensor<8x16xf32>
}

// -----

/// An output that is an input gets a copy buffer without origins; an output that is a view of an
/// input gets a copy reading through the view's index; returning one buffer twice reuses it.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1) -> (d0 * 16 + d1)>
// CHECK-DAG: #[[TR:.*]] = affine_map<(d0, d1) -> (d1 * 16 + d0)>
// CHECK-LABEL: sym_name = "output_is_input"
// CHECK: ^bb0(%[[X:.*]]: memref<8x16xf32>):
// CHECK-NEXT: %[[C:.*]] = "ind.pointwise"
// CHECK-NEXT: %[[L:.*]] = "ind.load"(%[[X]]) {index = #[[ID]]}
// CHECK-NEXT: "gpu.yield"(%[[L]])
// CHECK-NEXT: }) {name = "buf0", ranges = array<i64: 8, 16>} : () -> memref<8x16xf32>
// CHECK-NEXT: %[[T:.*]] = "ind.pointwise"
// CHECK-NEXT: "ind.load"(%[[X]]) {index = #[[TR]]}
// CHECK: name = "buf1", origins = ["permute"], ranges = array<i64: 16, 8>} : () -> memref<16x8xf32>
// CHECK-NEXT: "func.return"(%[[C]], %[[T]], %[[T]])
func.func @output_is_input(%x: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<16x8xf32>, tensor<16x8xf32>) {
  %t = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %x, %t, %t : tensor<8x16xf32>, tensor<16x8xf32>, tensor<16x8xf32>
}

// -----

/// A function without graph ops or tensors is left alone.
// CHECK-LABEL: sym_name = "already_ind"
// CHECK: "ind.pointwise"
// CHECK: name = "buf7"
func.func @already_ind(%a: memref<4xf32>) -> memref<4xf32> {
  %b = "ind.pointwise"() ({
    %0 = "ind.load"(%a) {index = affine_map<(d0) -> (d0)>} : (memref<4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf7", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// A constant returned as an output gets a pointwise buffer with empty ranges and no origins
/// (constants are not FX nodes); an unused op is not realized (Inductor's dead code).
// CHECK-LABEL: sym_name = "constant_output"
// CHECK: %[[C:.*]] = "ind.pointwise"() ({
// CHECK-NEXT: %[[V:.*]] = "arith.constant"() <{value = 2.500000e+00 : f32}>
// CHECK-NEXT: "gpu.yield"(%[[V]])
// CHECK-NEXT: }) {name = "buf0", ranges = array<i64>} : () -> memref<f32>
// CHECK-NEXT: "func.return"(%[[C]])
func.func @constant_output(%x: tensor<4xf32>) -> tensor<f32> {
  %unused = "graph.exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %c = "graph.constant"() {value = 2.5 : f64} : () -> tensor<f32>
  return %c : tensor<f32>
}
