// convert-kernel-to-gpu on indirect loads whose offset is the same for the lanes of a vector (an embedding
// row: the offset depends on d0 only, the vector runs along d1). With an offset that is a multiple of the
// vector width (8 * s) the chunk is one aligned 16-byte vector load; with 6 * s it is not aligned, and each
// lane loads its element. The index itself is read once per row (its lanes are one value, and so are those
// of the ops on it).
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s

// CHECK-LABEL: "gpu.func"
// CHECK: "memref.load"(%{{.*}}) : (memref<4xi64>, index) -> i64
// CHECK-NOT: "memref.load"(%{{.*}}) : (memref<4xi64>, index) -> i64
// CHECK-COUNT-4: "memref.load"(%{{.*}}) : (memref<80xf32>, index) -> f32
// CHECK-NOT: "vector.load"
// CHECK: "gpu.return"
"kernel.def"() ({
^bb0(%i: memref<4xi64>, %t: memref<80xf32>, %o: memref<32xf32>):
  %0 = "kernel.load"(%i) {index = affine_map<(d0, d1) -> (d0)>} : (memref<4xi64>) -> i64
  %1 = "arith.index_cast"(%0) : (i64) -> index
  %c = "arith.constant"() <{value = 6 : index}> : () -> index
  %2 = "arith.muli"(%1, %c) : (index, index) -> index
  %3 = "kernel.load"(%t, %2) {index = affine_map<(d0, d1) -> (d1)>} : (memref<80xf32>, index) -> f32
  "kernel.store"(%o, %3) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 4, 8>, rranges = array<i64>,
    block = 32 : i64, xblock = 128 : i64, vector_width = 4 : i64} : () -> ()

// -----

// CHECK-LABEL: "gpu.func"
// CHECK: "memref.load"(%{{.*}}) : (memref<4xi64>, index) -> i64
// CHECK: "vector.load"(%{{.*}}) <{alignment = 16 : i64}> : (memref<80xf32>, index) -> vector<4xf32>
// CHECK-NOT: "memref.load"
// CHECK: "gpu.return"
"kernel.def"() ({
^bb0(%i: memref<4xi64>, %t: memref<80xf32>, %o: memref<32xf32>):
  %0 = "kernel.load"(%i) {index = affine_map<(d0, d1) -> (d0)>} : (memref<4xi64>) -> i64
  %1 = "arith.index_cast"(%0) : (i64) -> index
  %c = "arith.constant"() <{value = 8 : index}> : () -> index
  %2 = "arith.muli"(%1, %c) : (index, index) -> index
  %3 = "kernel.load"(%t, %2) {index = affine_map<(d0, d1) -> (d1)>} : (memref<80xf32>, index) -> f32
  "kernel.store"(%o, %3) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 4, 8>, rranges = array<i64>,
    block = 32 : i64, xblock = 128 : i64, vector_width = 4 : i64} : () -> ()
