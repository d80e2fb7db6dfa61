// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(kernel-cse)' | %filecheck %s

/// Identical loads merge, and so do the identical ops computed from them; stores stay.
// CHECK-LABEL: "builtin.module"
// CHECK: ^bb0(%[[A:[^:]*]]: memref<64xf32>, %[[O:[^:]*]]: memref<64xf32>, %[[O2:[^:]*]]: memref<64xf32>):
// CHECK: %[[L:.*]] = "kernel.load"(%[[A]])
// CHECK-NOT: "kernel.load"
// CHECK: %[[E:.*]] = "math.exp"(%[[L]])
// CHECK-NOT: "math.exp"
// CHECK: "kernel.store"(%[[O]], %[[E]])
// CHECK: "kernel.store"(%[[O2]], %[[E]])
"kernel.def"() ({
^bb0(%a: memref<64xf32>, %o: memref<64xf32>, %o2: memref<64xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>) -> f32
  %1 = "math.exp"(%0) : (f32) -> f32
  %2 = "kernel.load"(%a) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>) -> f32
  %3 = "math.exp"(%2) : (f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "kernel.store"(%o2, %3) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64>, rranges = array<i64>,
    block = 32 : i64, xblock = 128 : i64, vector_width = 4 : i64} : () -> ()

// -----

/// Loads at different indices, or of different buffers, are different values.
// CHECK-LABEL: "builtin.module"
// CHECK-COUNT-3: "kernel.load"
// CHECK: "arith.addf"
// CHECK: "arith.addf"
"kernel.def"() ({
^bb0(%a: memref<64xf32>, %b: memref<64xf32>, %o: memref<64xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0) -> (63 - d0)>} : (memref<64xf32>) -> f32
  %2 = "kernel.load"(%b) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>) -> f32
  %3 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  %4 = "arith.addf"(%3, %2) : (f32, f32) -> f32
  "kernel.store"(%o, %4) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64>, rranges = array<i64>,
    block = 32 : i64, xblock = 128 : i64, vector_width = 4 : i64} : () -> ()

// -----

/// Constants of different values and ops with different attributes (cmpf predicates, reduction types)
/// are not merged; an op whose result is unused is removed.
// CHECK-LABEL: "builtin.module"
// CHECK: "arith.constant"() <{value = 1.000000e+00 : f32}>
// CHECK: "arith.constant"() <{value = 2.000000e+00 : f32}>
// CHECK: "arith.cmpf"({{.*}}) {{.*}}predicate = 2 : i64}>
// CHECK: "arith.cmpf"({{.*}}) {{.*}}predicate = 4 : i64}>
// CHECK: "kernel.reduce"({{.*}}) {reduction_type = "max"}
// CHECK: "kernel.reduce"({{.*}}) {reduction_type = "min"}
// CHECK-NOT: "math.sqrt"
"kernel.def"() ({
^bb0(%a: memref<4096xf32>, %o: memref<64xf32>):
  %x = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 64 + d1)>} : (memref<4096xf32>) -> f32
  %c1 = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
  %c2 = "arith.constant"() <{value = 2.0 : f32}> : () -> f32
  %p = "arith.cmpf"(%x, %c1) <{predicate = 2 : i64}> : (f32, f32) -> i1
  %q = "arith.cmpf"(%x, %c1) <{predicate = 4 : i64}> : (f32, f32) -> i1
  %s = "arith.select"(%p, %x, %c2) : (i1, f32, f32) -> f32
  %t = "arith.select"(%q, %x, %c2) : (i1, f32, f32) -> f32
  %m = "kernel.reduce"(%s) {reduction_type = "max"} : (f32) -> f32
  %n = "kernel.reduce"(%t) {reduction_type = "min"} : (f32) -> f32
  %dead = "math.sqrt"(%m) : (f32) -> f32
  %r = "arith.addf"(%m, %n) : (f32, f32) -> f32
  "kernel.store"(%o, %r) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "persistent_reduction", xranges = array<i64: 64>, rranges = array<i64: 64>,
    block = 32 : i64, xblock = 1 : i64, vector_width = 2 : i64} : () -> ()

// -----

/// Ops of different kernels are never merged; the host wrapper is left alone.
// CHECK-LABEL: "builtin.module"
// CHECK: "kernel.load"
// CHECK: sym_name = "k0"
// CHECK: "kernel.load"
// CHECK: sym_name = "k1"
// CHECK: "kernel.alloc"() {name = "buf0"}
// CHECK: "kernel.alloc"() {name = "buf1"}
"kernel.def"() ({
^bb0(%a: memref<64xf32>, %o: memref<64xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k0", kind = "pointwise", xranges = array<i64: 64>, rranges = array<i64>,
    block = 32 : i64, xblock = 128 : i64, vector_width = 4 : i64} : () -> ()
"kernel.def"() ({
^bb0(%a: memref<64xf32>, %o: memref<64xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k1", kind = "pointwise", xranges = array<i64: 64>, rranges = array<i64>,
    block = 32 : i64, xblock = 128 : i64, vector_width = 4 : i64} : () -> ()
func.func @call(%arg0: memref<64xf32>) -> (memref<64xf32>, memref<64xf32>) {
  %0 = "kernel.alloc"() {name = "buf0"} : () -> memref<64xf32>
  %1 = "kernel.alloc"() {name = "buf1"} : () -> memref<64xf32>
  return %0, %1 : memref<64xf32>, memref<64xf32>
}
