// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-kernel-to-gpu)'

/// vector_width must divide the innermost range.
// expected-error @+1 {{bad geometry}}
"kernel.def"() ({
^bb0(%a: memref<60xf32>, %o: memref<60xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0) -> (d0)>} : (memref<60xf32>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0) -> (d0)>} : (memref<60xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 6, 10>, rranges = array<i64>,
    block = 32 : i64, xblock = 256 : i64, vector_width = 8 : i64} : () -> ()

// -----

/// A store of one value per x point needs an r-invariant value.
"kernel.def"() ({
^bb0(%a: memref<4096xf32>, %o: memref<64xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : (memref<4096xf32>) -> f32
  // expected-error @+1 {{a store whose index does not use the r dims needs an r-invariant value}}
  "kernel.store"(%o, %0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "persistent_reduction", xranges = array<i64: 64>, rranges = array<i64: 64>,
    block = 32 : i64, xblock = 1 : i64, vector_width = 2 : i64} : () -> ()

// -----

/// Reduction kernels with several x points per block (outer reductions) move one element per access.
// expected-error @+1 {{reduction kernels need rranges, block a multiple of 32 and of xblock, and vector_width 1 when xblock > 1}}
"kernel.def"() ({
^bb0(%a: memref<4096xf32>, %o: memref<64xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : (memref<4096xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "sum"} : (f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "persistent_reduction", xranges = array<i64: 64>, rranges = array<i64: 64>,
    block = 32 : i64, xblock = 4 : i64, vector_width = 2 : i64} : () -> ()

// -----

/// Unknown ops in a kernel body are reported, not lowered.
"kernel.def"() ({
^bb0(%a: memref<64xf32>, %o: memref<64xf32>):
  // expected-error @+1 {{unsupported op in a kernel body}}
  %0 = "ub.poison"() : () -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64>, rranges = array<i64>,
    block = 32 : i64, xblock = 128 : i64, vector_width = 4 : i64} : () -> ()

// -----

/// kernel.index_expr computes one value: an index map of two results is reported, not half-lowered.
"kernel.def"() ({
^bb0(%o: memref<64xf32>):
  // expected-error @+1 {{kernel.index_expr needs a one-result index}}
  %0 = "kernel.index_expr"() {index = affine_map<(d0) -> (d0, d0 + 1)>} : () -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64>, rranges = array<i64>,
    block = 32 : i64, xblock = 32 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// An index divided by a negative constant (affine floordiv, ceildiv and mod take positive ones): a located
/// error, never an unsigned division of whatever the dividend is (convert_kernel_to_gpu.c emit_div_mod).
"kernel.def"() ({
^bb0(%a: memref<32xf32>, %o: memref<32xf32>):
  // expected-error @+1 {{index divides by something other than a positive constant}}
  %0 = "kernel.load"(%a) {index = affine_map<(d0) -> ((d0 + 40) floordiv -2)>} : (memref<32xf32>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0) -> (d0)>} : (memref<32xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 32>, rranges = array<i64>,
    block = 32 : i64, xblock = 32 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// ... and by zero.
"kernel.def"() ({
^bb0(%a: memref<32xf32>, %o: memref<32xf32>):
  // expected-error @+1 {{index divides by something other than a positive constant}}
  %0 = "kernel.load"(%a) {index = affine_map<(d0) -> ((d0 + 40) mod 0)>} : (memref<32xf32>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0) -> (d0)>} : (memref<32xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 32>, rranges = array<i64>,
    block = 32 : i64, xblock = 32 : i64, vector_width = 1 : i64} : () -> ()
