// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s

/// Which accesses make a pointwise kernel tiled (kernel_is_transposed_access, dialects/kernel/kernel.c,
/// the one rule convert-kernel-to-gpu's tiling and sched-to-kernel's transposed-block both read):
/// coefficient 1 on the second-to-last x dim and |coefficient| >= 2 on the last.

/// x[i - j + 255]: contiguous (descending) along a row as down a column, not transposed: the flat
/// layout (the thread id is never split into a tile's column and row, no workgroup memory).
// CHECK-LABEL: "gpu.func"
// CHECK-NOT: workgroup
// CHECK: %[[TID:.*]] = "gpu.thread_id"
// CHECK-NOT: "arith.remui"(%[[TID]],
// CHECK: "memref.load"
"kernel.def"() ({
^bb0(%a: memref<65536xf32>, %o: memref<65536xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 - d1 + 255)>} : (memref<65536xf32>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<65536xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 256, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 1024 : i64, vector_width = 4 : i64} : () -> ()

// -----
/// x[255 - j, i] (x.T flipped): coefficient -256 on the last dim, transposed: tiled (tid % 32 the
/// tile's column) and staged through workgroup memory.
// CHECK-LABEL: "gpu.func"
// CHECK-NEXT: #gpu.address_space<workgroup>
// CHECK: %[[TID:.*]] = "gpu.thread_id"
// CHECK: %[[C32:.*]] = "arith.constant"() <{value = 32 : index}>
// CHECK-NEXT: "arith.remui"(%[[TID]], %[[C32]])
"kernel.def"() ({
^bb0(%a: memref<65536xf32>, %o: memref<65536xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 - d1 * 256 + 65280)>} : (memref<65536xf32>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<65536xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 256, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 1024 : i64, vector_width = 4 : i64} : () -> ()

// -----
/// A transposed store (a transposed copy) tiles the kernel too.
// CHECK-LABEL: "gpu.func"
// CHECK: %[[TID:.*]] = "gpu.thread_id"
// CHECK: %[[C32:.*]] = "arith.constant"() <{value = 32 : index}>
// CHECK-NEXT: "arith.remui"(%[[TID]], %[[C32]])
"kernel.def"() ({
^bb0(%a: memref<65536xf32>, %o: memref<65536xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<65536xf32>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0, d1) -> (d1 * 256 + d0)>} : (memref<65536xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 256, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 1024 : i64, vector_width = 4 : i64} : () -> ()
