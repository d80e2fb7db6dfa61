// Bad programs: every interpreter error is a located diagnostic and exit 1, never a crash.
// RUN: %not %ind-run --reference %s --func unsupported_body 2>&1 | %filecheck %s --check-prefix=UNSUP_BODY
// RUN: %not %ind-run --reference %s --func unsupported_top 2>&1 | %filecheck %s --check-prefix=UNSUP_TOP
// RUN: %not %ind-run --reference %s --func bad_broadcast 2>&1 | %filecheck %s --check-prefix=BCAST
// RUN: %not %ind-run --reference %s --func wrong_result_type 2>&1 | %filecheck %s --check-prefix=RESULT
// RUN: %not %ind-run --reference %s --func load_out_of_bounds 2>&1 | %filecheck %s --check-prefix=OOB
// RUN: %not %ind-run --reference %s --func ranges_mismatch 2>&1 | %filecheck %s --check-prefix=RANGES
// RUN: %not %ind-run --reference %s --func index_dims 2>&1 | %filecheck %s --check-prefix=DIMS
// RUN: %not %ind-run --reference %s --func bad_reduction_type 2>&1 | %filecheck %s --check-prefix=RTYPE
// RUN: %not %ind-run --reference %s --func bad_dim 2>&1 | %filecheck %s --check-prefix=BADDIM
// RUN: %not %ind-run --reference %s --func bad_extern 2>&1 | %filecheck %s --check-prefix=EXTERN
// RUN: %not %ind-run --reference %s --func index_overflow 2>&1 | %filecheck %s --check-prefix=OVERFLOW
// RUN: %not %ind-run --reference %s --func too_large 2>&1 | %filecheck %s --check-prefix=TOO_LARGE

func.func @unsupported_body(%x: memref<4xi32>) -> memref<4xi32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<4xi32>) -> i32
    // UNSUP_BODY: errors.mlir:[[@LINE+1]]:10: error: interpreter: unsupported op 'arith.shli'
    %1 = arith.shli %0, %0 : i32
    "gpu.yield"(%1) : (i32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xi32>
  return %buf0 : memref<4xi32>
}
func.func @unsupported_top(%a: tensor<2xf32>) -> tensor<2xf32> {
  // UNSUP_TOP: errors.mlir:[[@LINE+1]]:8: error: interpreter: unsupported op 'arith.addf'
  %0 = arith.addf %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @bad_broadcast(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> tensor<2x3xf32> {
  // BCAST: errors.mlir:[[@LINE+1]]:8: error: operands are not broadcast-compatible
  %0 = "graph.add"(%a, %b) : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @wrong_result_type(%a: tensor<2x3xf32>) -> tensor<3xf32> {
  // RESULT: errors.mlir:[[@LINE+1]]:8: error: result type mismatch: written tensor<3xf32>, inferred tensor<2xf32>
  %0 = "graph.sum"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
func.func @load_out_of_bounds(%x: memref<4xf32>) -> memref<4xf32> {
  %buf0 = "ind.pointwise"() ({
    // OOB: errors.mlir:[[@LINE+1]]:10: error: interpreter: load at storage offset 4 outside the buffer (4 elements) at iteration point (3)
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0 + 1)>} : (memref<4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %buf0 : memref<4xf32>
}
func.func @ranges_mismatch(%x: memref<4xf32>) -> memref<4xf32> {
  // RANGES: errors.mlir:[[@LINE+1]]:11: error: interpreter: the result holds 4 elements but the iteration has 8
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 2, 4>} : () -> memref<4xf32>
  return %buf0 : memref<4xf32>
}
func.func @index_dims(%x: memref<4xf32>) -> memref<1xf32> {
  %buf0 = "ind.reduction"() ({
    // DIMS: errors.mlir:[[@LINE+1]]:10: error: interpreter: 'index' must have 2 dims, no symbols and one result (has 1 dims, 1 results)
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1>, reduction_ranges = array<i64: 4>, reduction_type = "sum"} : () -> memref<1xf32>
  return %buf0 : memref<1xf32>
}
func.func @bad_reduction_type(%x: memref<4xf32>) -> memref<1xf32> {
  // RTYPE: errors.mlir:[[@LINE+1]]:11: error: interpreter: 'reduction_type' must be sum, prod, max, min, any, welford_mean, welford_m2, online_softmax_max or online_softmax_sum
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1>, reduction_ranges = array<i64: 4>, reduction_type = "welford"} : () -> memref<1xf32>
  return %buf0 : memref<1xf32>
}
func.func @bad_dim(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // BADDIM: errors.mlir:[[@LINE+1]]:8: error: 'dim' must be a dim in [-2, 2)
  %0 = "graph.softmax"(%a) {dim = 2 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @bad_extern(%a: memref<4x4xf32>) -> memref<4x4xf32> {
  // EXTERN: errors.mlir:[[@LINE+1]]:11: error: interpreter: unsupported extern kernel 'conv' (mm and bmm are supported)
  %buf0 = "ind.extern"(%a, %a) {name = "buf0", kernel = "conv"} : (memref<4x4xf32>, memref<4x4xf32>) -> memref<4x4xf32>
  return %buf0 : memref<4x4xf32>
}
func.func @index_overflow(%x: memref<4xf32>) -> memref<4xf32> {
  %buf0 = "ind.pointwise"() ({
    // OVERFLOW: errors.mlir:[[@LINE+1]]:10: error: interpreter: load at storage offset -9223372036854775808 outside the buffer (4 elements) at iteration point (1)
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0 * 9223372036854775807 + d0)>} : (memref<4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %buf0 : memref<4xf32>
}
func.func @too_large(%x: memref<4xf32>) -> memref<2097152x2097152xf32> {
  // TOO_LARGE: errors.mlir:[[@LINE+1]]:11: error: interpreter: the iteration space (4398046511104 points) is too large
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 2097152, 2097152>} : () -> memref<2097152x2097152xf32>
  return %buf0 : memref<2097152x2097152xf32>
}
