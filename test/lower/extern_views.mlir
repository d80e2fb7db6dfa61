// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind,ind-verify)' | %filecheck %s
//
// Issue 35: an mm / bmm input that is a view of storage whose bytes are the operand (a reshape of a
// contiguous buffer: Inductor's ReinterpretView) or its transpose (the last two dims swapped: a cuBLAS
// transpose flag) is read through the storage, with no copy kernel; every other view keeps its copy.

/// (a) A reshape of an input feeding mm: the extern reads the input itself, no pointwise at all.
// CHECK-LABEL: sym_name = "reshape_input"
// CHECK: ^bb0(%[[X:.*]]: memref<2x4x16xf32>, %[[W:.*]]: memref<16x5xf32>):
// CHECK-NOT: "ind.pointwise"
// CHECK-NEXT: "ind.extern"(%[[X]], %[[W]]) {kernel = "mm", name = "buf0", origins = ["mm"]} : (memref<2x4x16xf32>, memref<16x5xf32>) -> memref<8x5xf32>
// CHECK-NEXT: "func.return"
func.func @reshape_input(%x: tensor<2x4x16xf32>, %w: tensor<16x5xf32>) -> tensor<8x5xf32> {
  %v = "graph.reshape"(%x) {shape = array<i64: 8, 16>} : (tensor<2x4x16xf32>) -> tensor<8x16xf32>
  %mm = "graph.mm"(%v, %w) : (tensor<8x16xf32>, tensor<16x5xf32>) -> tensor<8x5xf32>
  return %mm : tensor<8x5xf32>
}

// -----

/// (a) A reshape of a computed value: the storage (relu, at its own shape) is realized, not a copy of
/// the view, and the extern reads it; a later user of the view reads the same buffer.
// CHECK-LABEL: sym_name = "reshape_computed"
// CHECK: %[[R:.*]] = "ind.pointwise"
// CHECK: name = "buf0", origins = ["relu"], ranges = array<i64: 2, 4, 16>} : () -> memref<2x4x16xf32>
// CHECK-NEXT: "ind.extern"(%[[R]], %{{.*}}) {kernel = "mm", name = "buf1", origins = ["mm"]} : (memref<2x4x16xf32>, memref<16x5xf32>) -> memref<8x5xf32>
// CHECK-NEXT: "ind.pointwise"
// CHECK: "ind.load"(%[[R]])
// CHECK: name = "buf2"
// CHECK-NOT: "ind.pointwise"
func.func @reshape_computed(%x: tensor<2x4x16xf32>, %w: tensor<16x5xf32>) -> (tensor<8x5xf32>, tensor<8x16xf32>) {
  %r = "graph.relu"(%x) : (tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %v = "graph.reshape"(%r) {shape = array<i64: 8, 16>} : (tensor<2x4x16xf32>) -> tensor<8x16xf32>
  %mm = "graph.mm"(%v, %w) : (tensor<8x16xf32>, tensor<16x5xf32>) -> tensor<8x5xf32>
  %n = "graph.neg"(%v) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %mm, %n : tensor<8x5xf32>, tensor<8x16xf32>
}

// -----

/// (a) bmm over [B*H, S, D] reshaped from a contiguous [B, H, S, D] input: no copy.
// CHECK-LABEL: sym_name = "bmm_reshape"
// CHECK: ^bb0(%[[Q:.*]]: memref<2x3x4x8xf32>, %[[K:.*]]: memref<6x8x4xf32>):
// CHECK-NEXT: "ind.extern"(%[[Q]], %[[K]]) {kernel = "bmm", name = "buf0", origins = ["bmm"]} : (memref<2x3x4x8xf32>, memref<6x8x4xf32>) -> memref<6x4x4xf32>
func.func @bmm_reshape(%q: tensor<2x3x4x8xf32>, %k: tensor<6x8x4xf32>) -> tensor<6x4x4xf32> {
  %v = "graph.reshape"(%q) {shape = array<i64: 6, 4, 8>} : (tensor<2x3x4x8xf32>) -> tensor<6x4x8xf32>
  %b = "graph.bmm"(%v, %k) : (tensor<6x4x8xf32>, tensor<6x8x4xf32>) -> tensor<6x4x4xf32>
  return %b : tensor<6x4x4xf32>
}

// -----

/// (b) mm(x.t(), g): the first input transposed, flagged, read from x.
// CHECK-LABEL: sym_name = "transpose_lhs"
// CHECK: ^bb0(%[[X:.*]]: memref<8x16xf32>, %[[G:.*]]: memref<8x5xf32>):
// CHECK-NEXT: "ind.extern"(%[[X]], %[[G]]) {kernel = "mm", name = "buf0", origins = ["mm"], transpose = array<i1: true, false>} : (memref<8x16xf32>, memref<8x5xf32>) -> memref<16x5xf32>
func.func @transpose_lhs(%x: tensor<8x16xf32>, %g: tensor<8x5xf32>) -> tensor<16x5xf32> {
  %t = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %mm = "graph.mm"(%t, %g) : (tensor<16x8xf32>, tensor<8x5xf32>) -> tensor<16x5xf32>
  return %mm : tensor<16x5xf32>
}

// -----

/// (b) mm(g, w.t()): the second input transposed (graph.transpose), flagged, read from w.
// CHECK-LABEL: sym_name = "transpose_rhs"
// CHECK: ^bb0(%[[G:.*]]: memref<8x16xf32>, %[[W:.*]]: memref<5x16xf32>):
// CHECK-NEXT: "ind.extern"(%[[G]], %[[W]]) {kernel = "mm", name = "buf0", origins = ["mm"], transpose = array<i1: false, true>} : (memref<8x16xf32>, memref<5x16xf32>) -> memref<8x5xf32>
func.func @transpose_rhs(%g: tensor<8x16xf32>, %w: tensor<5x16xf32>) -> tensor<8x5xf32> {
  %t = "graph.transpose"(%w) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<5x16xf32>) -> tensor<16x5xf32>
  %mm = "graph.mm"(%g, %t) : (tensor<8x16xf32>, tensor<16x5xf32>) -> tensor<8x5xf32>
  return %mm : tensor<8x5xf32>
}

// -----

/// (b) Both sides of a gradient mm transposed, one through a reshape first ([2,4,16] -> [8,16] -> t):
/// the extern reads both storages.
// CHECK-LABEL: sym_name = "transpose_both_reshaped"
// CHECK: ^bb0(%[[X:.*]]: memref<2x4x16xf32>, %[[G:.*]]: memref<5x8xf32>):
// CHECK-NEXT: "ind.extern"(%[[X]], %[[G]]) {kernel = "mm", name = "buf0", origins = ["mm"], transpose = array<i1: true, true>} : (memref<2x4x16xf32>, memref<5x8xf32>) -> memref<16x5xf32>
func.func @transpose_both_reshaped(%x: tensor<2x4x16xf32>, %g: tensor<5x8xf32>) -> tensor<16x5xf32> {
  %v = "graph.reshape"(%x) {shape = array<i64: 8, 16>} : (tensor<2x4x16xf32>) -> tensor<8x16xf32>
  %t = "graph.permute"(%v) {dims = array<i64: 1, 0>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %gt = "graph.permute"(%g) {dims = array<i64: 1, 0>} : (tensor<5x8xf32>) -> tensor<8x5xf32>
  %mm = "graph.mm"(%t, %gt) : (tensor<16x8xf32>, tensor<8x5xf32>) -> tensor<16x5xf32>
  return %mm : tensor<16x5xf32>
}

// -----

/// (b) bmm with each input's last two dims swapped: both flagged, no copy.
// CHECK-LABEL: sym_name = "bmm_transposed"
// CHECK: ^bb0(%[[A:.*]]: memref<3x8x4xf32>, %[[B:.*]]: memref<3x6x8xf32>):
// CHECK-NEXT: "ind.extern"(%[[A]], %[[B]]) {kernel = "bmm", name = "buf0", origins = ["bmm"], transpose = array<i1: true, true>} : (memref<3x8x4xf32>, memref<3x6x8xf32>) -> memref<3x4x6xf32>
func.func @bmm_transposed(%a: tensor<3x8x4xf32>, %b: tensor<3x6x8xf32>) -> tensor<3x4x6xf32> {
  %at = "graph.permute"(%a) {dims = array<i64: 0, 2, 1>} : (tensor<3x8x4xf32>) -> tensor<3x4x8xf32>
  %bt = "graph.transpose"(%b) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<3x6x8xf32>) -> tensor<3x8x6xf32>
  %c = "graph.bmm"(%at, %bt) : (tensor<3x4x8xf32>, tensor<3x8x6xf32>) -> tensor<3x4x6xf32>
  return %c : tensor<3x4x6xf32>
}

// -----

/// (b) A transposed view of a computed value: its storage (relu, untransposed) is realized and the
/// extern reads it flagged.
// CHECK-LABEL: sym_name = "transpose_computed"
// CHECK: %[[R:.*]] = "ind.pointwise"
// CHECK: name = "buf0", origins = ["relu"], ranges = array<i64: 5, 16>} : () -> memref<5x16xf32>
// CHECK-NEXT: "ind.extern"(%{{.*}}, %[[R]]) {kernel = "mm", name = "buf1", origins = ["mm"], transpose = array<i1: false, true>}
func.func @transpose_computed(%g: tensor<8x16xf32>, %w: tensor<5x16xf32>) -> tensor<8x5xf32> {
  %r = "graph.relu"(%w) : (tensor<5x16xf32>) -> tensor<5x16xf32>
  %t = "graph.permute"(%r) {dims = array<i64: 1, 0>} : (tensor<5x16xf32>) -> tensor<16x5xf32>
  %mm = "graph.mm"(%g, %t) : (tensor<8x16xf32>, tensor<16x5xf32>) -> tensor<8x5xf32>
  return %mm : tensor<8x5xf32>
}

// -----

/// (c) A permute that is not a last-two-dims transpose (the batch dim moved) keeps its copy.
// CHECK-LABEL: sym_name = "bmm_batch_permute"
// CHECK: ^bb0(%[[A:.*]]: memref<4x3x8xf32>, %{{.*}}: memref<3x8x2xf32>):
// CHECK-NEXT: %[[P:.*]] = "ind.pointwise"
// CHECK-NEXT: "ind.load"(%[[A]])
// CHECK: origins = ["permute"]
// CHECK-NEXT: "ind.extern"(%[[P]], %{{.*}}) {kernel = "bmm", name = "buf1", origins = ["bmm"]} : (memref<3x4x8xf32>, memref<3x8x2xf32>)
func.func @bmm_batch_permute(%a: tensor<4x3x8xf32>, %b: tensor<3x8x2xf32>) -> tensor<3x4x2xf32> {
  %p = "graph.permute"(%a) {dims = array<i64: 1, 0, 2>} : (tensor<4x3x8xf32>) -> tensor<3x4x8xf32>
  %c = "graph.bmm"(%p, %b) : (tensor<3x4x8xf32>, tensor<3x8x2xf32>) -> tensor<3x4x2xf32>
  return %c : tensor<3x4x2xf32>
}

// -----

/// (c) An expand (a broadcast batch) keeps its copy.
// CHECK-LABEL: sym_name = "bmm_expand"
// CHECK: ^bb0(%[[A:.*]]: memref<1x4x8xf32>, %{{.*}}: memref<3x8x2xf32>):
// CHECK-NEXT: %[[E:.*]] = "ind.pointwise"
// CHECK-NEXT: "ind.load"(%[[A]])
// CHECK: origins = ["expand"]
// CHECK-NEXT: "ind.extern"(%[[E]], %{{.*}}) {kernel = "bmm", name = "buf1", origins = ["bmm"]} : (memref<3x4x8xf32>, memref<3x8x2xf32>)
func.func @bmm_expand(%a: tensor<1x4x8xf32>, %b: tensor<3x8x2xf32>) -> tensor<3x4x2xf32> {
  %e = "graph.expand"(%a) {shape = array<i64: 3, 4, 8>} : (tensor<1x4x8xf32>) -> tensor<3x4x8xf32>
  %c = "graph.bmm"(%e, %b) : (tensor<3x4x8xf32>, tensor<3x8x2xf32>) -> tensor<3x4x2xf32>
  return %c : tensor<3x4x2xf32>
}

// -----

/// (c) A slice with an offset (rows 4..12 of 16) keeps its copy; a later transpose of the slice reads
/// that copy (the slice's StorageBox, realized) with the flag, without a second copy.
// CHECK-LABEL: sym_name = "sliced"
// CHECK: ^bb0(%[[X:.*]]: memref<16x16xf32>, %{{.*}}: memref<16x5xf32>, %[[G:.*]]: memref<5x16xf32>):
// CHECK-NEXT: %[[S:.*]] = "ind.pointwise"
// CHECK-NEXT: "ind.load"(%[[X]])
// CHECK: origins = ["slice_1"]
// CHECK-NEXT: "ind.extern"(%[[S]], %{{.*}}) {kernel = "mm", name = "buf1", origins = ["mm"]} : (memref<8x16xf32>, memref<16x5xf32>)
// CHECK-NEXT: "ind.extern"(%[[G]], %[[S]]) {kernel = "mm", name = "buf2", origins = ["mm_1"], transpose = array<i1: false, true>} : (memref<5x16xf32>, memref<8x16xf32>)
func.func @sliced(%x: tensor<16x16xf32>, %w: tensor<16x5xf32>, %g: tensor<5x16xf32>) -> (tensor<8x5xf32>, tensor<5x8xf32>) {
  %s = "graph.slice"(%x) {dim = 0 : i64, start = 4 : i64, end = 12 : i64, step = 1 : i64} : (tensor<16x16xf32>) -> tensor<8x16xf32>
  %mm = "graph.mm"(%s, %w) : (tensor<8x16xf32>, tensor<16x5xf32>) -> tensor<8x5xf32>
  %t = "graph.permute"(%s) {dims = array<i64: 1, 0>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %mm2 = "graph.mm"(%g, %t) : (tensor<5x16xf32>, tensor<16x8xf32>) -> tensor<5x8xf32>
  return %mm, %mm2 : tensor<8x5xf32>, tensor<5x8xf32>
}

// -----

/// (c) A computed value (not a view) is realized into its own buffer as before, no flag; a
/// same-rank reshape that changes the shape ([4,8] -> [8,4]) keeps its copy (the extern contract
/// wants an input of the product's rank to have the shape it holds).
// CHECK-LABEL: sym_name = "computed_and_same_rank_reshape"
// CHECK: ^bb0(%[[A:.*]]: memref<8x16xf32>, %[[B:.*]]: memref<4x8xf32>):
// CHECK-NEXT: %[[R:.*]] = "ind.pointwise"
// CHECK: origins = ["add"]
// CHECK-NEXT: %[[V:.*]] = "ind.pointwise"
// CHECK-NEXT: "ind.load"(%[[B]])
// CHECK: origins = ["view"]
// CHECK-NEXT: "ind.extern"(%[[R]], %[[V]]) {kernel = "mm", name = "buf2", origins = ["mm"]} : (memref<8x16xf32>, memref<16x2xf32>)
func.func @computed_and_same_rank_reshape(%a: tensor<8x16xf32>, %b: tensor<4x8xf32>) -> tensor<8x2xf32> {
  %r = "graph.add"(%a, %a) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %v = "graph.reshape"(%b) {shape = array<i64: 16, 2>} : (tensor<4x8xf32>) -> tensor<16x2xf32>
  %mm = "graph.mm"(%r, %v) : (tensor<8x16xf32>, tensor<16x2xf32>) -> tensor<8x2xf32>
  return %mm : tensor<8x2xf32>
}

// -----

/// (b) A last-two-dims transpose of a value whose own view must be copied (a reshape of a transposed
/// computed value: a linear's gradient dY made from an attention output, and its dY^T for the weight's
/// mm): the value is realized once in its own order and both mms read it, the transposed one flagged.
/// Before, dY^T was a second copy, written transposed (device run 31: BERT's backward).
// CHECK-LABEL: sym_name = "transpose_of_copy"
// CHECK: %[[V:.*]] = "ind.pointwise"
// CHECK: name = "buf0", origins = ["relu", "permute", "view"], ranges = array<i64: 8, 24>} : () -> memref<8x24xf32>
// CHECK-NEXT: "ind.extern"(%[[V]], %{{.*}}) {kernel = "mm", name = "buf1", origins = ["mm"], transpose = array<i1: true, false>} : (memref<8x24xf32>, memref<8x5xf32>) -> memref<24x5xf32>
// CHECK-NEXT: "ind.extern"(%[[V]], %{{.*}}) {kernel = "mm", name = "buf2", origins = ["mm_1"]} : (memref<8x24xf32>, memref<24x6xf32>) -> memref<8x6xf32>
// CHECK-NOT: "ind.pointwise"
func.func @transpose_of_copy(%x: tensor<2x3x4x8xf32>, %g: tensor<8x5xf32>, %w: tensor<24x6xf32>) -> (tensor<24x5xf32>, tensor<8x6xf32>) {
  %r = "graph.relu"(%x) : (tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  %tr = "graph.transpose"(%r) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x3x4x8xf32>) -> tensor<2x4x3x8xf32>
  %v = "graph.reshape"(%tr) {shape = array<i64: 8, 24>} : (tensor<2x4x3x8xf32>) -> tensor<8x24xf32>
  %t = "graph.permute"(%v) {dims = array<i64: 1, 0>} : (tensor<8x24xf32>) -> tensor<24x8xf32>
  %mm = "graph.mm"(%t, %g) : (tensor<24x8xf32>, tensor<8x5xf32>) -> tensor<24x5xf32>
  %mm2 = "graph.mm"(%v, %w) : (tensor<8x24xf32>, tensor<24x6xf32>) -> tensor<8x6xf32>
  return %mm, %mm2 : tensor<24x5xf32>, tensor<8x6xf32>
}

// -----

/// (b) The same through bmm: a batch of [4, 6] matrices reshaped from a transposed computed value, read
/// transposed.
// CHECK-LABEL: sym_name = "bmm_transpose_of_copy"
// CHECK: %[[V:.*]] = "ind.pointwise"
// CHECK: ranges = array<i64: 2, 4, 6>} : () -> memref<2x4x6xf32>
// CHECK-NEXT: "ind.extern"(%[[V]], %{{.*}}) {kernel = "bmm", name = "buf1", origins = ["bmm"], transpose = array<i1: true, false>}
// CHECK-NOT: "ind.pointwise"
func.func @bmm_transpose_of_copy(%x: tensor<2x3x4x2xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x6x5xf32> {
  %r = "graph.relu"(%x) : (tensor<2x3x4x2xf32>) -> tensor<2x3x4x2xf32>
  %p = "graph.transpose"(%r) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x3x4x2xf32>) -> tensor<2x4x3x2xf32>
  %c = "graph.reshape"(%p) {shape = array<i64: 2, 4, 6>} : (tensor<2x4x3x2xf32>) -> tensor<2x4x6xf32>
  %t = "graph.transpose"(%c) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x4x6xf32>) -> tensor<2x6x4xf32>
  %o = "graph.bmm"(%t, %b) : (tensor<2x6x4xf32>, tensor<2x4x5xf32>) -> tensor<2x6x5xf32>
  return %o : tensor<2x6x5xf32>
}

// -----

/// (c) A transpose of the batch dims of such a value ([4,2,6] -> [2,4,6]) is not a matrix transpose: it
/// keeps its copy, no flag.
// CHECK-LABEL: sym_name = "batch_swap_of_copy"
// CHECK: origins = ["relu", "permute", "view", "permute_1"], ranges = array<i64: 2, 4, 6>} : () -> memref<2x4x6xf32>
// CHECK-NEXT: "ind.extern"(%{{.*}}, %{{.*}}) {kernel = "bmm", name = "buf1", origins = ["bmm"]} : (memref<2x4x6xf32>, memref<2x6x5xf32>)
func.func @batch_swap_of_copy(%x: tensor<2x3x4x2xf32>, %b: tensor<2x6x5xf32>) -> tensor<2x4x5xf32> {
  %r = "graph.relu"(%x) : (tensor<2x3x4x2xf32>) -> tensor<2x3x4x2xf32>
  %p = "graph.transpose"(%r) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x3x4x2xf32>) -> tensor<2x4x3x2xf32>
  %c = "graph.reshape"(%p) {shape = array<i64: 4, 2, 6>} : (tensor<2x4x3x2xf32>) -> tensor<4x2x6xf32>
  %t = "graph.transpose"(%c) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<4x2x6xf32>) -> tensor<2x4x6xf32>
  %o = "graph.bmm"(%t, %b) : (tensor<2x4x6xf32>, tensor<2x6x5xf32>) -> tensor<2x4x5xf32>
  return %o : tensor<2x4x5xf32>
}

// -----

/// (c) An identity permute of such a value swaps nothing: a copy, no flag.
// CHECK-LABEL: sym_name = "identity_permute_of_copy"
// CHECK: ranges = array<i64: 2, 12>} : () -> memref<2x12xf32>
// CHECK-NEXT: "ind.extern"(%{{.*}}, %{{.*}}) {kernel = "mm", name = "buf1", origins = ["mm"]} : (memref<2x12xf32>, memref<12x5xf32>)
func.func @identity_permute_of_copy(%x: tensor<2x3x4xf32>, %g: tensor<12x5xf32>) -> tensor<2x5xf32> {
  %r = "graph.relu"(%x) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %p = "graph.transpose"(%r) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  %v = "graph.reshape"(%p) {shape = array<i64: 2, 12>} : (tensor<2x4x3xf32>) -> tensor<2x12xf32>
  %t = "graph.permute"(%v) {dims = array<i64: 0, 1>} : (tensor<2x12xf32>) -> tensor<2x12xf32>
  %mm = "graph.mm"(%t, %g) : (tensor<2x12xf32>, tensor<12x5xf32>) -> tensor<2x5xf32>
  return %mm : tensor<2x5xf32>
}

// -----

/// (a) Reshapes alone, of many dims to few (swin's window partition, [2, 8, 8, 7, 7, 96] read as [6272, 96]
/// through three reshapes): the storage in its own order, whatever floordiv / mod terms the index holds
/// (the affine simplifier does not fold them back into one variable: a copy kernel per window, 45 a swin
/// training step), so the extern reads the clone's buffer (also an output) with no copy.
// CHECK-LABEL: sym_name = "reshape_chain_many_dims"
// CHECK: %[[C:.*]] = "ind.pointwise"
// CHECK: name = "buf0", origins = ["permute", "clone"], ranges = array<i64: 2, 2, 2, 3, 3, 4>} : () -> memref<2x2x2x3x3x4xf32>
// CHECK-NEXT: "ind.extern"(%[[C]], %{{.*}}) {kernel = "mm", name = "buf1", origins = ["mm"]} : (memref<2x2x2x3x3x4xf32>, memref<4x5xf32>) -> memref<72x5xf32>
// CHECK-NEXT: "func.return"
func.func @reshape_chain_many_dims(%x: tensor<2x2x3x2x3x4xf32>, %w: tensor<4x5xf32>) -> (tensor<2x2x2x3x3x4xf32>, tensor<72x5xf32>) {
  %p = "graph.permute"(%x) {dims = array<i64: 0, 1, 3, 2, 4, 5>} : (tensor<2x2x3x2x3x4xf32>) -> tensor<2x2x2x3x3x4xf32>
  %c = "graph.clone"(%p) : (tensor<2x2x2x3x3x4xf32>) -> tensor<2x2x2x3x3x4xf32>
  %v1 = "graph.reshape"(%c) {shape = array<i64: 8, 3, 3, 4>} : (tensor<2x2x2x3x3x4xf32>) -> tensor<8x3x3x4xf32>
  %v2 = "graph.reshape"(%v1) {shape = array<i64: 8, 9, 4>} : (tensor<8x3x3x4xf32>) -> tensor<8x9x4xf32>
  %v3 = "graph.reshape"(%v2) {shape = array<i64: 72, 4>} : (tensor<8x9x4xf32>) -> tensor<72x4xf32>
  %mm = "graph.mm"(%v3, %w) : (tensor<72x4xf32>, tensor<4x5xf32>) -> tensor<72x5xf32>
  return %c, %mm : tensor<2x2x2x3x3x4xf32>, tensor<72x5xf32>
}

// -----

/// A permute among the reshapes is not the storage's order: the operand is copied (the shortcut above
/// takes reshapes only).
// CHECK-LABEL: sym_name = "reshape_permute_reshape"
// CHECK: %[[P:.*]] = "ind.pointwise"
// CHECK: name = "buf0", origins = ["view", "permute", "view_1"], ranges = array<i64: 6, 4>} : () -> memref<6x4xf32>
// CHECK-NEXT: "ind.extern"(%[[P]], %{{.*}}) {kernel = "mm"
func.func @reshape_permute_reshape(%x: tensor<6x4xf32>, %w: tensor<4x5xf32>) -> tensor<6x5xf32> {
  %v = "graph.reshape"(%x) {shape = array<i64: 2, 3, 4>} : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
  %p = "graph.permute"(%v) {dims = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %r = "graph.reshape"(%p) {shape = array<i64: 6, 4>} : (tensor<3x2x4xf32>) -> tensor<6x4xf32>
  %mm = "graph.mm"(%r, %w) : (tensor<6x4xf32>, tensor<4x5xf32>) -> tensor<6x5xf32>
  return %mm : tensor<6x5xf32>
}

// -----

/// The same through an unrealized identity copy (a clone with one user) of an input: the copy is the
/// storage's values in its order, so the extern reads the input itself.
// CHECK-LABEL: sym_name = "reshape_chain_through_clone"
// CHECK: ^bb0(%[[X:.*]]: memref<2x2x2x3x3x4xf32>, %[[W:.*]]: memref<4x5xf32>):
// CHECK-NEXT: "ind.extern"(%[[X]], %[[W]]) {kernel = "mm", name = "buf0", origins = ["mm"]} : (memref<2x2x2x3x3x4xf32>, memref<4x5xf32>) -> memref<72x5xf32>
// CHECK-NEXT: "func.return"
func.func @reshape_chain_through_clone(%x: tensor<2x2x2x3x3x4xf32>, %w: tensor<4x5xf32>) -> tensor<72x5xf32> {
  %c = "graph.clone"(%x) : (tensor<2x2x2x3x3x4xf32>) -> tensor<2x2x2x3x3x4xf32>
  %v1 = "graph.reshape"(%c) {shape = array<i64: 8, 3, 3, 4>} : (tensor<2x2x2x3x3x4xf32>) -> tensor<8x3x3x4xf32>
  %v2 = "graph.reshape"(%v1) {shape = array<i64: 72, 4>} : (tensor<8x3x3x4xf32>) -> tensor<72x4xf32>
  %mm = "graph.mm"(%v2, %w) : (tensor<72x4xf32>, tensor<4x5xf32>) -> tensor<72x5xf32>
  return %mm : tensor<72x5xf32>
}
