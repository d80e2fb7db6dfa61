// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-verify)' | %ind-opt --pass-pipeline='builtin.module(ind-verify)' | %filecheck %s

/// Every ind op round-trips through the generic printer and passes ind-verify: a reduction with
/// origins, loads at broadcast and flat indices, index_expr (f32 and index), an extern, and a
/// pointwise reading another buffer; outputs through func.return.

// CHECK-LABEL: sym_name = "all_ops"
// CHECK: ^bb0(%[[X:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<8xf32>):
// CHECK: %[[BUF0:.*]] = "ind.reduction"() ({
// CHECK-NEXT: %[[L0:.*]] = "ind.load"(%[[X]]) {index = #[[FLAT:.*]]} : (memref<4x8xf32>) -> f32
// CHECK-NEXT: %[[L1:.*]] = "ind.load"(%[[B]]) {index = #[[COL:.*]]} : (memref<8xf32>) -> f32
// CHECK-NEXT: %[[S:.*]] = "arith.addf"(%[[L0]], %[[L1]])
// CHECK-NEXT: "gpu.yield"(%[[S]]) : (f32) -> ()
// CHECK-NEXT: }) {name = "buf0", origins = ["sum_1", "add"], ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<4x1xf32>
// CHECK: %[[BUF1:.*]] = "ind.pointwise"() ({
// CHECK: "ind.load"(%[[BUF0]]) {index = #[[ROW:.*]]} : (memref<4x1xf32>) -> f32
// CHECK: "ind.index_expr"() {index = #[[COL]]} : () -> f32
// CHECK: "ind.index_expr"() {index = #[[ROW]]} : () -> index
// CHECK: }) {name = "buf1", ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
// CHECK: %[[BUF2:.*]] = "ind.extern"(%[[BUF1]], %[[X]]) {kernel = "mm", name = "buf2", transpose = array<i1: false, true>} : (memref<4x8xf32>, memref<4x8xf32>) -> memref<4x4xf32>
// CHECK: "func.return"(%[[BUF0]], %[[BUF1]], %[[BUF2]])
func.func @all_ops(%arg0_1: memref<4x8xf32>, %arg1_1: memref<8xf32>) -> (memref<4x1xf32>, memref<4x8xf32>, memref<4x4xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    %1 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<8xf32>) -> f32
    %2 = arith.addf %0, %1 : f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "sum", origins = ["sum_1", "add"]} : () -> memref<4x1xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<4x1xf32>) -> f32
    %i = "ind.index_expr"() {index = affine_map<(d0, d1) -> (d1)>} : () -> f32
    %j = "ind.index_expr"() {index = affine_map<(d0, d1) -> (d0)>} : () -> index
    %c = arith.constant 8.0 : f32
    %1 = arith.divf %0, %c : f32
    %2 = arith.addf %1, %i : f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
  %buf2 = "ind.extern"(%buf1, %arg0_1) {name = "buf2", kernel = "mm", transpose = array<i1: false, true>} : (memref<4x8xf32>, memref<4x8xf32>) -> memref<4x4xf32>
  return %buf0, %buf1, %buf2 : memref<4x1xf32>, memref<4x8xf32>, memref<4x4xf32>
}


/// An mm with a bias (graph-decompose's addmm-epilogue): the third input holds n elements of the result's
/// type, in any shape (a [1, 4] buffer here).
// CHECK-LABEL: sym_name = "mm_bias"
// CHECK: "ind.extern"(%{{.*}}, %{{.*}}, %{{.*}}) {kernel = "mm", name = "buf0"} : (memref<3x8xf32>, memref<8x4xf32>, memref<1x4xf32>) -> memref<3x4xf32>
func.func @mm_bias(%a: memref<3x8xf32>, %b: memref<8x4xf32>, %c: memref<1x4xf32>) -> memref<3x4xf32> {
  %buf0 = "ind.extern"(%a, %b, %c) {name = "buf0", kernel = "mm"} : (memref<3x8xf32>, memref<8x4xf32>, memref<1x4xf32>) -> memref<3x4xf32>
  return %buf0 : memref<3x4xf32>
}

/// max / min / prod reductions, a boolean (i1) pointwise buffer and an f16 storage buffer.
// CHECK-LABEL: sym_name = "kinds"
// CHECK: reduction_type = "max"
// CHECK: reduction_type = "min"
// CHECK: reduction_type = "prod"
// CHECK: "gpu.yield"(%{{.*}}) : (i1) -> ()
// CHECK-NEXT: }) {name = "buf3", ranges = array<i64: 4>} : () -> memref<4xi1>
// CHECK: "ind.load"(%{{.*}}) {index = #{{.*}}} : (memref<4xf16>) -> f32
// CHECK: }) {name = "buf4", ranges = array<i64: 4>} : () -> memref<4xf16>
func.func @kinds(%a: memref<4x8xf32>, %h: memref<4xf16>) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xi1>, memref<4xf16>) {
  %b0 = "ind.reduction"() ({
    %0 = "ind.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "max"} : () -> memref<4xf32>
  %b1 = "ind.reduction"() ({
    %0 = "ind.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "min"} : () -> memref<4xf32>
  %b2 = "ind.reduction"() ({
    %0 = "ind.load"(%a) {index = affine_map<(d0, d1) -> (d0 + d1 * 4)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "prod"} : () -> memref<4xf32>
  %b3 = "ind.pointwise"() ({
    %0 = "ind.load"(%b0) {index = affine_map<(d0) -> (d0)>} : (memref<4xf32>) -> f32
    %1 = "ind.load"(%b1) {index = affine_map<(d0) -> (d0)>} : (memref<4xf32>) -> f32
    %2 = arith.cmpf ogt, %0, %1 : f32
    "gpu.yield"(%2) : (i1) -> ()
  }) {name = "buf3", ranges = array<i64: 4>} : () -> memref<4xi1>
  %b4 = "ind.pointwise"() ({
    %0 = "ind.load"(%h) {index = affine_map<(d0) -> (d0)>} : (memref<4xf16>) -> f32
    %1 = "ind.load"(%b3) {index = affine_map<(d0) -> (d0)>} : (memref<4xi1>) -> i1
    %2 = arith.uitofp %1 : i1 to f32
    %3 = arith.addf %0, %2 : f32
    "gpu.yield"(%3) : (f32) -> ()
  }) {name = "buf4", ranges = array<i64: 4>} : () -> memref<4xf16>
  return %b0, %b1, %b2, %b3, %b4 : memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xi1>, memref<4xf16>
}
