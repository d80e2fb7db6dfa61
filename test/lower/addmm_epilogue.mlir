// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind,ind-verify)' | %filecheck %s
//
// An addmm that graph-decompose kept whole (addmm-epilogue: alpha = beta = 1, a bias vector of the result's
// columns; ../preprocess/addmm_epilogue.mlir) is an extern mm with the bias as its third input: the bias
// is added to every row of the product in the matmul's epilogue, no pointwise kernel. Its inputs are
// realized as an mm's are (extern_views.mlir): a transposed weight is read with a flag, a bias that is a
// recipe (a cast) or a view of a larger buffer is realized into a buffer first (graph-decompose keeps an
// addmm whole only with a bias that needs no kernel, but the lowering takes any).

/// A linear: the weight read transposed, the bias an argument.
// CHECK-LABEL: sym_name = "linear"
// CHECK: ^bb0(%[[B:.*]]: memref<5xf32>, %[[X:.*]]: memref<6x3xf32>, %[[W:.*]]: memref<5x3xf32>):
// CHECK-NEXT: "ind.extern"(%[[X]], %[[W]], %[[B]]) {kernel = "mm", name = "buf0", origins = ["addmm"], transpose = array<i1: false, true>} : (memref<6x3xf32>, memref<5x3xf32>, memref<5xf32>) -> memref<6x5xf32>
// CHECK-NEXT: "func.return"
func.func @linear(%b: tensor<5xf32>, %x: tensor<6x3xf32>, %w: tensor<5x3xf32>) -> tensor<6x5xf32> {
  %wt = "graph.permute"(%w) {dims = array<i64: 1, 0>} : (tensor<5x3xf32>) -> tensor<3x5xf32>
  %0 = "graph.addmm"(%b, %x, %wt) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

/// A bias cast to bf16 is realized (a [5] buffer) and the extern reads it.
// CHECK-LABEL: sym_name = "amp_bias"
// CHECK: %[[C:.*]] = "ind.pointwise"
// CHECK: "arith.truncf"
// CHECK: origins = ["convert_element_type"], ranges = array<i64: 5>} : () -> memref<5xbf16>
// CHECK-NEXT: "ind.extern"(%arg1, %arg2, %[[C]]) {kernel = "mm", name = "buf1", origins = ["addmm"]} : (memref<6x3xbf16>, memref<3x5xbf16>, memref<5xbf16>) -> memref<6x5xbf16>
func.func @amp_bias(%b: tensor<5xf32>, %x: tensor<6x3xbf16>, %w: tensor<3x5xbf16>) -> tensor<6x5xbf16> {
  %bb = "graph.convert"(%b) : (tensor<5xf32>) -> tensor<5xbf16>
  %0 = "graph.addmm"(%bb, %x, %w) : (tensor<5xbf16>, tensor<6x3xbf16>, tensor<3x5xbf16>) -> tensor<6x5xbf16>
  return %0 : tensor<6x5xbf16>
}

// -----

/// A bias that is a slice of a larger vector (an offset into it): realized into a copy; a reshape of a
/// [1, 5] buffer is read in place.
// CHECK-LABEL: sym_name = "bias_views"
// CHECK: %[[S:.*]] = "ind.pointwise"
// CHECK: origins = ["slice_1"], ranges = array<i64: 5>} : () -> memref<5xf32>
// CHECK-NEXT: "ind.extern"(%arg2, %arg3, %[[S]]) {kernel = "mm"
// CHECK-NEXT: "ind.extern"(%arg2, %arg3, %arg1) {kernel = "mm"{{.*}}: (memref<6x3xf32>, memref<3x5xf32>, memref<1x5xf32>) -> memref<6x5xf32>
func.func @bias_views(%big: tensor<8xf32>, %row: tensor<1x5xf32>, %x: tensor<6x3xf32>, %w: tensor<3x5xf32>) -> (tensor<6x5xf32>, tensor<6x5xf32>) {
  %s = "graph.slice"(%big) {dim = 0 : i64, start = 2 : i64, end = 7 : i64} : (tensor<8xf32>) -> tensor<5xf32>
  %0 = "graph.addmm"(%s, %x, %w) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  %r = "graph.reshape"(%row) {shape = array<i64: 5>} : (tensor<1x5xf32>) -> tensor<5xf32>
  %1 = "graph.addmm"(%r, %x, %w) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  return %0, %1 : tensor<6x5xf32>, tensor<6x5xf32>
}
