// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(convert-kernel-to-cpu)'

/// An op the CPU lowering does not know inside a kernel body.
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xf32>):
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  // expected-error @+1 {{unsupported op 'memref.load' in a kernel body}}
  %0 = "memref.load"(%in_ptr0, %c0) : (memref<8xf32>, index) -> f32
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 8>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// A reduction in a kernel without r dims.
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
  // expected-error @+1 {{kernel.reduce in a kernel without rranges}}
  %1 = "kernel.reduce"(%0) {reduction_type = "sum"} : (f32) -> f32
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 8>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// An index map whose dims are not xranges + rranges.
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xf32>):
  // expected-error @+1 {{index map must have 2 dims}}
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 2, 4>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// An unknown reduction type.
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<8xf32>) -> f32
  // expected-error @+1 {{reduction_type must be "sum", "max", "min", "prod", "welford_mean", "welford_m2", "online_softmax_max" or "online_softmax_sum"}}
  %1 = "kernel.reduce"(%0) {reduction_type = "argmax"} : (f32) -> f32
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "reduction", xranges = array<i64: 2>, rranges = array<i64: 4>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// An unknown kernel kind.
// expected-error @+1 {{kernel.def needs kind}}
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xf32>):
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "tiled", xranges = array<i64: 8>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// A launch of a kernel that does not exist.
"func.func"() <{function_type = (memref<8xf32>) -> (), sym_name = "call"}> ({
^bb0(%a: memref<8xf32>):
  // expected-error @+1 {{kernel.launch of unknown kernel 'nope'}}
  "kernel.launch"() ({
    "gpu.yield"(%a) : (memref<8xf32>) -> ()
  }) {kernel = @nope, grid = array<i64: 1>, block = array<i64: 8>} : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

/// A launch with the wrong number of buffers.
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xf32>, %out_ptr0: memref<8xf32>):
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 8>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()
"func.func"() <{function_type = (memref<8xf32>) -> (), sym_name = "call"}> ({
^bb0(%a: memref<8xf32>):
  // expected-error @+1 {{kernel 'k' takes 2 buffers, the launch passes 1}}
  "kernel.launch"() ({
    "gpu.yield"(%a) : (memref<8xf32>) -> ()
  }) {kernel = @k, grid = array<i64: 1>, block = array<i64: 8>} : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

/// A launch buffer whose storage is larger than the kernel's flat parameter.
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xf32>):
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 8>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()
"func.func"() <{function_type = (memref<4x4xf32>) -> (), sym_name = "call"}> ({
^bb0(%a: memref<4x4xf32>):
  // expected-error @+1 {{launch argument 0 does not fit parameter 0 of kernel 'k'}}
  "kernel.launch"() ({
    "gpu.yield"(%a) : (memref<4x4xf32>) -> ()
  }) {kernel = @k, grid = array<i64: 1>, block = array<i64: 8>} : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

/// An extern kernel that is neither mm nor bmm.
"func.func"() <{function_type = (memref<2x2xf32>, memref<2x2xf32>, memref<2x2xf32>) -> (), sym_name = "call"}> ({
^bb0(%a: memref<2x2xf32>, %b: memref<2x2xf32>, %c: memref<2x2xf32>):
  // expected-error @+1 {{unknown extern kernel 'conv' (mm, bmm)}}
  "kernel.extern_call"() ({
    "gpu.yield"(%a, %b, %c) : (memref<2x2xf32>, memref<2x2xf32>, memref<2x2xf32>) -> ()
  }) {kernel = "conv", name = "buf0"} : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

/// mm with inner dims that do not agree.
"func.func"() <{function_type = (memref<2x3xf32>, memref<2x2xf32>, memref<2x2xf32>) -> (), sym_name = "call"}> ({
^bb0(%a: memref<2x3xf32>, %b: memref<2x2xf32>, %c: memref<2x2xf32>):
  // expected-error @+1 {{extern mm: operand shapes do not match}}
  "kernel.extern_call"() ({
    "gpu.yield"(%a, %b, %c) : (memref<2x3xf32>, memref<2x2xf32>, memref<2x2xf32>) -> ()
  }) {kernel = "mm", name = "buf0"} : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

/// A reduction produces a value of its operand's type.
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<8xf32>) -> f32
  // expected-error @+1 {{kernel.reduce takes one float value (or an integer one for sum, max, min and prod) and returns one of its type}}
  %1 = "kernel.reduce"(%0) {reduction_type = "sum"} : (f32) -> i32
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "reduction", xranges = array<i64: 2>, rranges = array<i64: 4>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// Integers reduce exactly by sum, max, min and prod only: an integer welford is an error.
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xi64>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<8xi64>) -> i64
  // expected-error @+1 {{kernel.reduce takes one float value (or an integer one for sum, max, min and prod) and returns one of its type}}
  %1 = "kernel.reduce"(%0) {reduction_type = "welford_mean"} : (i64) -> i64
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "reduction", xranges = array<i64: 2>, rranges = array<i64: 4>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// A load from something that is not a flat 1-D buffer.
"kernel.def"() ({
^bb0(%in_ptr0: memref<2x4xf32>):
  // expected-error @+1 {{kernel.load needs a 1-D memref buffer and scalar values}}
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0) -> (d0)>} : (memref<2x4xf32>) -> f32
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 8>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// A store of a non-scalar value.
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xf32>, %v: vector<4xf32>):
  // expected-error @+1 {{kernel.store needs a 1-D memref buffer and scalar values}}
  "kernel.store"(%in_ptr0, %v) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>, vector<4xf32>) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 8>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// More x dims than the CPU lowering holds (8): reported, not truncated.
// expected-error @+1 {{kernel.def needs xranges (at most 8 dims)}}
"kernel.def"() ({
^bb0(%in_ptr0: memref<512xf32>):
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 2, 2, 2, 2, 2, 2, 2, 2, 2>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// Eight x dims are within the limit: no diagnostic.
"kernel.def"() ({
^bb0(%in_ptr0: memref<256xf32>):
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 2, 2, 2, 2, 2, 2, 2, 2>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()
