// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(ind-verify)'

/// IRDL: a pointwise op without `name`.
func.func @no_name() -> memref<4xf32> {
  // expected-error @+1 {{'ind.pointwise' op attribute "name" is expected but not provided}}
  %b = "ind.pointwise"() ({
    %c = arith.constant 1.0 : f32
    "gpu.yield"(%c) : (f32) -> ()
  }) {ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// IRDL: a reduction without `reduction_type`.
func.func @no_reduction_type(%a: memref<4x8xf32>) -> memref<4x1xf32> {
  // expected-error @+1 {{'ind.reduction' op attribute "reduction_type" is expected but not provided}}
  %b = "ind.reduction"() ({
    %0 = "ind.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>} : () -> memref<4x1xf32>
  return %b : memref<4x1xf32>
}

// -----

/// IRDL: a load whose index is not an affine map.
func.func @load_index_not_map(%a: memref<4xf32>) -> memref<4xf32> {
  %b = "ind.pointwise"() ({
    // expected-error @+1 {{expected base attribute 'builtin.affine_map' but got 'builtin.integer'}}
    %0 = "ind.load"(%a) {index = 3 : i64} : (memref<4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// IRDL: an extern without `kernel`.
func.func @extern_no_kernel(%a: memref<4x4xf32>) -> memref<4x4xf32> {
  // expected-error @+1 {{'ind.extern' op attribute "kernel" is expected but not provided}}
  %b = "ind.extern"(%a, %a) {name = "buf0"} : (memref<4x4xf32>, memref<4x4xf32>) -> memref<4x4xf32>
  return %b : memref<4x4xf32>
}

// -----

/// IRDL: an index_expr without `index`.
func.func @index_expr_no_index() -> memref<4xf32> {
  %b = "ind.pointwise"() ({
    // expected-error @+1 {{'ind.index_expr' op attribute "index" is expected but not provided}}
    %0 = "ind.index_expr"() : () -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// ind-verify: an unknown reduction type.
func.func @bad_reduction_type(%a: memref<4x8xf32>) -> memref<4x1xf32> {
  // expected-error @+1 {{'reduction_type' must be one of "sum", "max", "min", "prod"}}
  %b = "ind.reduction"() ({
    %0 = "ind.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "var"} : () -> memref<4x1xf32>
  return %b : memref<4x1xf32>
}

// -----

/// ind-verify: a reduction with empty reduction_ranges.
func.func @empty_reduction_ranges(%a: memref<4xf32>) -> memref<4xf32> {
  // expected-error @+1 {{'reduction_ranges' must not be empty}}
  %b = "ind.reduction"() ({
    %0 = "ind.load"(%a) {index = affine_map<(d0) -> (d0)>} : (memref<4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64>, reduction_type = "sum"} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// ind-verify: a zero range.
func.func @zero_range() -> memref<4xf32> {
  // expected-error @+1 {{'ranges' entry 0 is 0; sizes must be >= 1}}
  %b = "ind.pointwise"() ({
    %c = arith.constant 1.0 : f32
    "gpu.yield"(%c) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 0>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// ind-verify: the result memref does not hold product(ranges) elements.
func.func @numel_mismatch() -> memref<4xf32> {
  // expected-error @+1 {{the result memref holds 4 elements but the ranges iterate over 8}}
  %b = "ind.pointwise"() ({
    %c = arith.constant 1.0 : f32
    "gpu.yield"(%c) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// ind-verify: the result is not a memref.
func.func @tensor_result() {
  // expected-error @+1 {{the result must be a statically shaped memref}}
  %b = "ind.pointwise"() ({
    %c = arith.constant 1.0 : f32
    "gpu.yield"(%c) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> tensor<4xf32>
  return
}

// -----

/// ind-verify: an empty name.
func.func @empty_name() -> memref<4xf32> {
  // expected-error @+1 {{'name' must be a non-empty string}}
  %b = "ind.pointwise"() ({
    %c = arith.constant 1.0 : f32
    "gpu.yield"(%c) : (f32) -> ()
  }) {name = "", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// ind-verify: origins must be strings.
func.func @bad_origins() -> memref<4xf32> {
  // expected-error @+1 {{'origins' must be an array of strings}}
  %b = "ind.pointwise"() ({
    %c = arith.constant 1.0 : f32
    "gpu.yield"(%c) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, origins = [1]} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// ind-verify: the body yields a value of the wrong type.
func.func @yield_f16() -> memref<4xf16> {
  // expected-error @+1 {{the body must yield the compute type}}
  %b = "ind.pointwise"() ({
    %c = arith.constant 1.0 : f16
    "gpu.yield"(%c) : (f16) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf16>
  return %b : memref<4xf16>
}

// -----

/// ind-verify: the body yields nothing.
func.func @yield_nothing() -> memref<4xf32> {
  // expected-error @+1 {{the body must end in gpu.yield of exactly one value}}
  %b = "ind.pointwise"() ({
    "gpu.yield"() : () -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// ind-verify: the body block has arguments.
func.func @body_args() -> memref<4xf32> {
  // expected-error @+1 {{the body block takes no arguments}}
  %b = "ind.pointwise"() ({
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    "gpu.yield"(%c) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// ind-verify: a load index with the wrong number of dims (a reduction has n + m).
func.func @load_dims(%a: memref<4x8xf32>) -> memref<4x1xf32> {
  %b = "ind.reduction"() ({
    // expected-error @+1 {{'index' has 1 dims but the enclosing buffer has 2 iteration variables}}
    %0 = "ind.load"(%a) {index = affine_map<(d0) -> (d0)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<4x1xf32>
  return %b : memref<4x1xf32>
}

// -----

/// ind-verify: a load index with two results.
func.func @load_two_results(%a: memref<4x8xf32>) -> memref<4x8xf32> {
  %b = "ind.pointwise"() ({
    // expected-error @+1 {{'index' must have exactly one result (a flat storage offset), got 2}}
    %0 = "ind.load"(%a) {index = affine_map<(d0, d1) -> (d0, d1)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
  return %b : memref<4x8xf32>
}

// -----

/// ind-verify: a load index with symbols.
func.func @load_symbols(%a: memref<4xf32>) -> memref<4xf32> {
  %b = "ind.pointwise"() ({
    // expected-error @+1 {{'index' must not use symbols}}
    %0 = "ind.load"(%a) {index = affine_map<(d0)[s0] -> (d0 + s0)>} : (memref<4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// ind-verify: a load outside any buffer body.
func.func @load_outside(%a: memref<4xf32>) -> f32 {
  // expected-error @+1 {{must be nested directly in an ind.pointwise, ind.reduction or ind.scan body}}
  %0 = "ind.load"(%a) {index = affine_map<(d0) -> (d0)>} : (memref<4xf32>) -> f32
  return %0 : f32
}

// -----

/// ind-verify: a load of a tensor.
func.func @load_tensor(%a: tensor<4xf32>) -> memref<4xf32> {
  %b = "ind.pointwise"() ({
    // expected-error @+1 {{the loaded buffer must be a statically shaped memref}}
    %0 = "ind.load"(%a) {index = affine_map<(d0) -> (d0)>} : (tensor<4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// ind-verify: a load converting to a storage type.
func.func @load_f16(%a: memref<4xf16>) -> memref<4xf32> {
  %b = "ind.pointwise"() ({
    // expected-error @+1 {{the result must be the compute type}}
    %0 = "ind.load"(%a) {index = affine_map<(d0) -> (d0)>} : (memref<4xf16>) -> f16
    %1 = arith.extf %0 : f16 to f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// ind-verify: an index_expr of a storage type.
func.func @index_expr_i64() -> memref<4xi64> {
  %b = "ind.pointwise"() ({
    // expected-error @+1 {{the result must be index or f32}}
    %0 = "ind.index_expr"() {index = affine_map<(d0) -> (d0)>} : () -> i64
    "gpu.yield"(%0) : (i64) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xi64>
  return %b : memref<4xi64>
}

// -----

/// ind-verify: an unknown extern kernel.
func.func @extern_conv(%a: memref<4x4xf32>) -> memref<4x4xf32> {
  // expected-error @+1 {{'kernel' must be "mm" or "bmm"}}
  %b = "ind.extern"(%a, %a) {name = "buf0", kernel = "conv"} : (memref<4x4xf32>, memref<4x4xf32>) -> memref<4x4xf32>
  return %b : memref<4x4xf32>
}

// -----

/// ind-verify: an extern reading a tensor.
func.func @extern_tensor(%a: tensor<4x4xf32>) -> memref<4x4xf32> {
  // expected-error @+1 {{extern inputs must be realized buffers}}
  %b = "ind.extern"(%a, %a) {name = "buf0", kernel = "mm"} : (tensor<4x4xf32>, tensor<4x4xf32>) -> memref<4x4xf32>
  return %b : memref<4x4xf32>
}

// -----

/// ind-verify: mm's bias holds n elements of the result's type: 3 of 4, then f16 beside f32.
func.func @extern_bias_numel(%a: memref<4x4xf32>, %b: memref<3xf32>) -> memref<4x4xf32> {
  // expected-error @+1 {{extern mm: the bias must hold n = 4 elements of the result's element type}}
  %c = "ind.extern"(%a, %a, %b) {name = "buf0", kernel = "mm"} : (memref<4x4xf32>, memref<4x4xf32>, memref<3xf32>) -> memref<4x4xf32>
  return %c : memref<4x4xf32>
}

// -----

func.func @extern_bias_type(%a: memref<4x4xf32>, %b: memref<4xf16>) -> memref<4x4xf32> {
  // expected-error @+1 {{extern mm: the bias must hold n = 4 elements of the result's element type}}
  %c = "ind.extern"(%a, %a, %b) {name = "buf0", kernel = "mm"} : (memref<4x4xf32>, memref<4x4xf32>, memref<4xf16>) -> memref<4x4xf32>
  return %c : memref<4x4xf32>
}

// -----

/// ind-verify: bmm has no bias.
func.func @extern_bmm_bias(%a: memref<2x4x4xf32>, %b: memref<4xf32>) -> memref<2x4x4xf32> {
  // expected-error @+1 {{extern bmm takes two inputs}}
  %c = "ind.extern"(%a, %a, %b) {name = "buf0", kernel = "bmm"} : (memref<2x4x4xf32>, memref<2x4x4xf32>, memref<4xf32>) -> memref<2x4x4xf32>
  return %c : memref<2x4x4xf32>
}

// -----

/// ind-verify: `transpose` of the wrong kind (i64s, not i1s).
func.func @extern_transpose_i64(%a: memref<4x4xf32>) -> memref<4x4xf32> {
  // expected-error @+1 {{'transpose' must be a dense i1 array with one flag per input}}
  %b = "ind.extern"(%a, %a) {name = "buf0", kernel = "mm", transpose = array<i64: 1, 0>} : (memref<4x4xf32>, memref<4x4xf32>) -> memref<4x4xf32>
  return %b : memref<4x4xf32>
}

// -----

/// ind-verify: `transpose` with one flag for two inputs.
func.func @extern_transpose_one(%a: memref<4x4xf32>) -> memref<4x4xf32> {
  // expected-error @+1 {{'transpose' must be a dense i1 array with one flag per input}}
  %b = "ind.extern"(%a, %a) {name = "buf0", kernel = "mm", transpose = array<i1: true>} : (memref<4x4xf32>, memref<4x4xf32>) -> memref<4x4xf32>
  return %b : memref<4x4xf32>
}

// -----

/// ind-verify: an input of the product's rank without the shape it holds (B is 5x8: it holds the
/// transposed 8x5 only with the flag).
func.func @extern_missing_flag(%a: memref<4x8xf32>, %w: memref<5x8xf32>) -> memref<4x5xf32> {
  // expected-error @+1 {{extern mm: input 1 has the product's rank but not the shape it holds (B: batch x k x n = 1x8x5 with transpose = false)}}
  %b = "ind.extern"(%a, %w) {name = "buf0", kernel = "mm"} : (memref<4x8xf32>, memref<5x8xf32>) -> memref<4x5xf32>
  return %b : memref<4x5xf32>
}

// -----

/// ind-verify: a reinterpreted input whose element count does not fit the product.
func.func @extern_bad_numel(%a: memref<2x4x8xf32>, %w: memref<6x5xf32>) -> memref<8x5xf32> {
  // expected-error @+1 {{extern mm: the second operand's element count is not batch * k * n}}
  %b = "ind.extern"(%a, %w) {name = "buf0", kernel = "mm"} : (memref<2x4x8xf32>, memref<6x5xf32>) -> memref<8x5xf32>
  return %b : memref<8x5xf32>
}
