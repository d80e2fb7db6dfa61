// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(ind-verify)'

/// IRDL: a scan without `scan_type`.
func.func @no_scan_type(%a: memref<4x8xf32>) -> memref<4x8xf32> {
  // expected-error @+1 {{'ind.scan' op attribute "scan_type" is expected but not provided}}
  %b = "ind.scan"() ({
    %0 = "ind.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, scan_ranges = array<i64: 8>} : () -> memref<4x8xf32>
  return %b : memref<4x8xf32>
}

// -----

/// A combine that scans do not have (the multi-output reductions are reductions only).
func.func @bad_scan_type(%a: memref<4x8xf32>) -> memref<4x8xf32> {
  // expected-error @+1 {{'scan_type' must be one of "sum", "max", "min", "prod"}}
  %b = "ind.scan"() ({
    %0 = "ind.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, scan_ranges = array<i64: 8>, scan_type = "welford_mean"} : () -> memref<4x8xf32>
  return %b : memref<4x8xf32>
}

// -----

/// A scan over two dims at once.
func.func @two_scan_dims(%a: memref<4x8xf32>) -> memref<4x8xf32> {
  // expected-error @+1 {{'scan_ranges' must have exactly one entry (the scanned dim), got 2}}
  %b = "ind.scan"() ({
    %0 = "ind.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64>, scan_ranges = array<i64: 4, 8>, scan_type = "sum"} : () -> memref<4x8xf32>
  return %b : memref<4x8xf32>
}

// -----

/// The result must hold numel * scan length elements (a scan keeps every position, unlike a reduction).
func.func @reduction_shaped_result(%a: memref<4x8xf32>) -> memref<4x1xf32> {
  // expected-error @+1 {{the result memref holds 4 elements but the ranges iterate over 32}}
  %b = "ind.scan"() ({
    %0 = "ind.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, scan_ranges = array<i64: 8>, scan_type = "sum"} : () -> memref<4x1xf32>
  return %b : memref<4x1xf32>
}

// -----

/// A size below 1 in scan_ranges.
func.func @zero_scan(%a: memref<4x8xf32>) -> memref<4x8xf32> {
  // expected-error @+1 {{'scan_ranges' entry 0 is 0; sizes must be >= 1}}
  %b = "ind.scan"() ({
    %c = arith.constant 1.0 : f32
    "gpu.yield"(%c) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, scan_ranges = array<i64: 0>, scan_type = "sum"} : () -> memref<4x8xf32>
  return %b : memref<4x8xf32>
}

// -----

/// Index maps have ranges + 1 dims (the scanned dim is the last).
func.func @index_without_scan_dim(%a: memref<4x8xf32>) -> memref<4x8xf32> {
  %b = "ind.scan"() ({
    // expected-error @+1 {{'index' has 1 dims but the enclosing buffer has 2 iteration variables}}
    %0 = "ind.load"(%a) {index = affine_map<(d0) -> (d0 * 8)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, scan_ranges = array<i64: 8>, scan_type = "sum"} : () -> memref<4x8xf32>
  return %b : memref<4x8xf32>
}

// -----

/// An integer scan into a float buffer must yield f32.
func.func @int_yield_float_buffer(%a: memref<8xi32>) -> memref<8xf32> {
  // expected-error @+1 {{the body yields i32 into a buffer of f32 (it must yield f32)}}
  %b = "ind.scan"() ({
    %0 = "ind.load"(%a) {index = affine_map<(d0) -> (d0)>} : (memref<8xi32>) -> i32
    "gpu.yield"(%0) : (i32) -> ()
  }) {name = "buf0", ranges = array<i64>, scan_ranges = array<i64: 8>, scan_type = "sum"} : () -> memref<8xf32>
  return %b : memref<8xf32>
}
