// Hand-written ind input is verified by the stage flags (--fuse runs ind-verify before
// ind-schedule) and by ind-run's compiled path, before anything is generated or run; and
// ind-verify checks index ranges and yield types (shared repros ind_result_too_small,
// ind_load_oob, ind_yield_i32, func_decl_only).
// RUN: %ind-opt %s --split-input-file --verify-diagnostics --fuse
// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(ind-verify)'
// ind-run's compiled path: test/regress/ind_verify_run.test.

// The result holds fewer elements than the ranges iterate over (was: kernel IR written, the JIT
// wrote 4194304 floats into a 1-float buffer).
func.func @too_small(%arg0_1: memref<4194304xf32>) -> memref<1xf32> {
  // expected-error @+1 {{the result memref holds 1 elements but the ranges iterate over 4194304}}
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<4194304xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4194304>} : () -> memref<1xf32>
  return %buf0 : memref<1xf32>
}

// -----

// A load far outside its buffer (was: accepted; the JIT read out of bounds).
func.func @oob(%arg0_1: memref<8xf32>) -> memref<8xf32> {
  %buf0 = "ind.pointwise"() ({
    // expected-error @+1 {{the index map reaches storage offsets [100000000000, 100000000007] but the buffer (memref<8xf32>) holds 8 elements}}
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0 + 100000000000)>} : (memref<8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xf32>
  return %buf0 : memref<8xf32>
}

// -----

// One element past the end: the check is exact for sums of dims times constants.
func.func @off_by_one(%arg0_1: memref<4x2xf32>) -> memref<4x2xf32> {
  %buf0 = "ind.pointwise"() ({
    // expected-error @+1 {{the index map reaches storage offsets [1, 8] but the buffer (memref<4x2xf32>) holds 8 elements}}
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 2 + d1 + 1)>} : (memref<4x2xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 2>} : () -> memref<4x2xf32>
  return %buf0 : memref<4x2xf32>
}

// -----

// A strided (transposed) buffer: its storage extent is what counts.
func.func @strided_ok(%arg0_1: memref<4x2xf32, strided<[1, 4]>>) -> memref<4x2xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 + d1 * 4)>} : (memref<4x2xf32, strided<[1, 4]>>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 2>} : () -> memref<4x2xf32>
  return %buf0 : memref<4x2xf32>
}

// -----

// An i32 yielded into an f32 buffer (was: accepted by ind-verify and every stage).
func.func @yield_i32(%arg0_1: memref<8xf32>) -> memref<8xf32> {
  // expected-error @+1 {{the body yields i32 into a buffer of f32 (it must yield f32)}}
  %buf0 = "ind.pointwise"() ({
    %c = "arith.constant"() <{value = 3 : i32}> : () -> i32
    "gpu.yield"(%c) : (i32) -> ()
  }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xf32>
  return %buf0 : memref<8xf32>
}

// -----

// An f32 yielded into a boolean buffer.
func.func @yield_f32_bool(%arg0_1: memref<8xf32>) -> memref<8xi1> {
  // expected-error @+1 {{the body yields f32 into a buffer of i1 (it must yield i1)}}
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xi1>
  return %buf0 : memref<8xi1>
}

// -----

// A declaration has no body to compile (was: SIGSEGV in the fuse stage).
// expected-error @+1 {{a function declaration (no body) cannot be compiled}}
func.func private @decl(memref<4xf32>) -> memref<4xf32>
