// Verifier-negative tests of ind.indirect_indexing and the indirect form of ind.load (the valid forms
// are in indirect.mlir).
// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(ind-verify)'

func.func @size_zero(%arg1: memref<4xi64>) -> memref<4xf32> {
  %b = "ind.pointwise"() ({
    %i = "ind.load"(%arg1) {index = affine_map<(d0) -> (d0)>} : (memref<4xi64>) -> i64
    // expected-error @+1 {{'size' must be an integer >= 1}}
    %s = "ind.indirect_indexing"(%i) {size = 0} : (i64) -> index
    %c = arith.constant 1.0 : f32
    "gpu.yield"(%c) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

func.func @bool_value(%arg1: memref<4xi1>) -> memref<4xf32> {
  %b = "ind.pointwise"() ({
    %i = "ind.load"(%arg1) {index = affine_map<(d0) -> (d0)>} : (memref<4xi1>) -> i1
    // expected-error @+1 {{the value must be f32, an integer wider than i1, or index}}
    %s = "ind.indirect_indexing"(%i) {size = 3} : (i1) -> index
    %c = arith.constant 1.0 : f32
    "gpu.yield"(%c) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// IRDL: the offset is an index value.
func.func @offset_not_index(%arg0: memref<5xf32>, %arg1: memref<4xi64>) -> memref<4xf32> {
  %b = "ind.pointwise"() ({
    %i = "ind.load"(%arg1) {index = affine_map<(d0) -> (d0)>} : (memref<4xi64>) -> i64
    // expected-error @+1 {{expected 'index' but got 'i64'}}
    %v = "ind.load"(%arg0, %i) {index = affine_map<(d0) -> (0)>} : (memref<5xf32>, i64) -> f32
    "gpu.yield"(%v) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

// -----

/// IRDL: the result is an index.
func.func @result_not_index(%arg1: memref<4xi64>) -> memref<4xf32> {
  %b = "ind.pointwise"() ({
    %i = "ind.load"(%arg1) {index = affine_map<(d0) -> (d0)>} : (memref<4xi64>) -> i64
    // expected-error @+1 {{expected 'index' but got 'i64'}}
    %s = "ind.indirect_indexing"(%i) {size = 3} : (i64) -> i64
    %c = arith.constant 1.0 : f32
    "gpu.yield"(%c) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}
