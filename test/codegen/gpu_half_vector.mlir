// convert-kernel-to-gpu on f16/bf16 buffers: an access that a f32 buffer would get as a vector (coefficient
// 1 on the vector dim, everything else a multiple of vector_width) is a vector.load / vector.store of
// vector_width halves, aligned to its size (at most 16 bytes), each lane widened with arith.extf (stored
// lanes narrowed with arith.truncf); the same index rules make the other side scalar.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s

/// f16, 8 lanes: one 16-byte load, 8 extf, the f32 add, 8 truncf, one 16-byte store
// CHECK-LABEL: "gpu.func"
// CHECK: "vector.load"(%{{.*}}) <{alignment = 16 : i64}> : (memref<2048xf16>, index) -> vector<8xf16>
// CHECK-COUNT-8: "arith.extf"(%{{.*}}) : (f16) -> f32
// CHECK-NOT: "memref.load"
// CHECK-COUNT-8: "arith.truncf"(%{{.*}}) : (f32) -> f16
// CHECK: "vector.from_elements"({{.*}}) : (f16, f16, f16, f16, f16, f16, f16, f16) -> vector<8xf16>
// CHECK: "vector.store"(%{{.*}}) <{alignment = 16 : i64}> : (vector<8xf16>, memref<2048xf16>, index) -> ()
// CHECK-NOT: "memref.store"
// CHECK: "gpu.return"
"kernel.def"() ({
^bb0(%a: memref<2048xf16>, %o: memref<2048xf16>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<2048xf16>) -> f32
  %1 = "arith.addf"(%0, %0) : (f32, f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<2048xf16>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 8, 256>, rranges = array<i64>,
    block = 32 : i64, xblock = 256 : i64, vector_width = 8 : i64} : () -> ()

// -----

/// bf16, 4 lanes: 8-byte accesses (alignment 8)
// CHECK-LABEL: "gpu.func"
// CHECK: "vector.load"(%{{.*}}) <{alignment = 8 : i64}> : (memref<2048xbf16>, index) -> vector<4xbf16>
// CHECK: "arith.extf"(%{{.*}}) : (bf16) -> f32
// CHECK: "vector.store"(%{{.*}}) <{alignment = 8 : i64}> : (vector<4xbf16>, memref<2048xbf16>, index) -> ()
"kernel.def"() ({
^bb0(%a: memref<2048xbf16>, %o: memref<2048xbf16>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<2048xbf16>) -> f32
  %1 = "arith.addf"(%0, %0) : (f32, f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<2048xbf16>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 8, 256>, rranges = array<i64>,
    block = 32 : i64, xblock = 128 : i64, vector_width = 4 : i64} : () -> ()

// -----

/// a row stride of 1028 = 8 * 128 + 4 is not a multiple of 8: the load is 8 scalar loads (the store,
/// contiguous, stays a vector)
// CHECK-LABEL: "gpu.func"
// CHECK-NOT: "vector.load"
// CHECK-COUNT-8: "memref.load"(%{{.*}}) : (memref<8224xf16>, index) -> f16
// CHECK-NOT: "vector.load"
// CHECK: "vector.store"(%{{.*}}) <{alignment = 16 : i64}> : (vector<8xf16>, memref<2048xf16>, index) -> ()
"kernel.def"() ({
^bb0(%a: memref<8224xf16>, %o: memref<2048xf16>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 1028 + d1)>} : (memref<8224xf16>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<2048xf16>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 8, 256>, rranges = array<i64>,
    block = 32 : i64, xblock = 256 : i64, vector_width = 8 : i64} : () -> ()

// -----

/// an offset of 4 halves (not a multiple of 8): scalar loads
// CHECK-LABEL: "gpu.func"
// CHECK-NOT: "vector.load"
// CHECK-COUNT-8: "memref.load"(%{{.*}}) : (memref<2052xf16>, index) -> f16
"kernel.def"() ({
^bb0(%a: memref<2052xf16>, %o: memref<2048xf16>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1 + 4)>} : (memref<2052xf16>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<2048xf16>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 8, 256>, rranges = array<i64>,
    block = 32 : i64, xblock = 256 : i64, vector_width = 8 : i64} : () -> ()

// -----

/// f32 at 8 lanes (a kernel with f16 and f32 buffers): 32 bytes per vector, aligned to 16 (the buffers'
/// guaranteed base alignment)
// CHECK-LABEL: "gpu.func"
// CHECK: "vector.load"(%{{.*}}) <{alignment = 16 : i64}> : (memref<2048xf16>, index) -> vector<8xf16>
// CHECK: "vector.store"(%{{.*}}) <{alignment = 16 : i64}> : (vector<8xf32>, memref<2048xf32>, index) -> ()
"kernel.def"() ({
^bb0(%a: memref<2048xf16>, %o: memref<2048xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<2048xf16>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<2048xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 8, 256>, rranges = array<i64>,
    block = 32 : i64, xblock = 256 : i64, vector_width = 8 : i64} : () -> ()

// -----

/// an embedding row of f16 at a row offset that is a multiple of 8: one 16-byte load per vector
// CHECK-LABEL: "gpu.func"
// CHECK: "memref.load"(%{{.*}}) : (memref<4xi64>, index) -> i64
// CHECK: "vector.load"(%{{.*}}) <{alignment = 16 : i64}> : (memref<80xf16>, index) -> vector<8xf16>
// CHECK-NOT: "memref.load"(%{{.*}}) : (memref<80xf16>, index) -> f16
// CHECK: "gpu.return"
"kernel.def"() ({
^bb0(%i: memref<4xi64>, %t: memref<80xf16>, %o: memref<32xf16>):
  %0 = "kernel.load"(%i) {index = affine_map<(d0, d1) -> (d0)>} : (memref<4xi64>) -> i64
  %1 = "arith.index_cast"(%0) : (i64) -> index
  %c = "arith.constant"() <{value = 8 : index}> : () -> index
  %2 = "arith.muli"(%1, %c) : (index, index) -> index
  %3 = "kernel.load"(%t, %2) {index = affine_map<(d0, d1) -> (d1)>} : (memref<80xf16>, index) -> f32
  "kernel.store"(%o, %3) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf16>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 4, 8>, rranges = array<i64>,
    block = 32 : i64, xblock = 256 : i64, vector_width = 8 : i64} : () -> ()
