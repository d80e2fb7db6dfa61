// ind-schedule reports malformed ind IR at the offending op and fails.

// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(ind-schedule)'

/// A load whose index map does not have one dim per iteration variable.
func.func @bad_index(%arg0_1: memref<8xf32>) -> memref<8xf32> {
  %buf0 = "ind.pointwise"() ({
    // expected-error @+1 {{ind-schedule: the load's index must be an affine map with 1 dims (ranges then reduction_ranges) and one result}}
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xf32>
  "func.return"(%buf0) : (memref<8xf32>) -> ()
}

// -----

/// A load whose index map has two results (one flat offset is expected).
func.func @two_results(%arg0_1: memref<32xf32>) -> memref<4x8xf32> {
  %buf0 = "ind.pointwise"() ({
    // expected-error @+1 {{ind-schedule: the load's index must be an affine map with 2 dims (ranges then reduction_ranges) and one result}}
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0, d1)>} : (memref<32xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
  "func.return"(%buf0) : (memref<4x8xf32>) -> ()
}

// -----

/// A load of a value that is no buffer.
func.func @bad_buffer(%arg0_1: memref<8xf32>) -> memref<8xf32> {
  %m = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<8xf32>
  %buf0 = "ind.pointwise"() ({
    // expected-error @+1 {{ind-schedule: the loaded buffer is neither a function argument nor a named computed buffer}}
    %0 = "ind.load"(%m) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xf32>
  "func.return"(%buf0) : (memref<8xf32>) -> ()
}

