// The block reduction's second stage (convert-kernel-to-gpu, block_reduce): after the warp butterfly and
// one state per warp in workgroup memory, a power-of-2 number of warps is combined by a second xor
// butterfly in which lane l reads warp (l mod nwarps)'s state: log2(nwarps) combines per thread, not
// nwarps (a Welford combine costs a division). 16 warps: the slot is tid mod 16, then offsets 8, 4, 2, 1,
// three state values each, one division per level. 3 warps (block 96): the serial combine of the 3 states.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s

// CHECK-LABEL: "gpu.func"
// CHECK: "gpu.barrier"
// CHECK-NEXT: %[[NW:.*]] = "arith.constant"() <{value = 16 : index}>
// CHECK-NEXT: %[[SLOT:.*]] = "arith.remui"(%{{.*}}, %[[NW]])
// CHECK-COUNT-3: "memref.load"(%{{.*}}) : (memref<192xf32, #gpu.address_space<workgroup>>, index) -> f32
// CHECK-COUNT-3: "gpu.shuffle"(%{{.*}}, %[[O8:.*]], %{{.*}}) <{mode = #gpu<shuffle_mode xor>}>
// CHECK: "arith.divf"
// CHECK-NOT: "arith.divf"
// CHECK-COUNT-3: "gpu.shuffle"(%{{.*}}) <{mode = #gpu<shuffle_mode xor>}>
// CHECK: "arith.divf"
// CHECK-NOT: "arith.divf"
// CHECK-COUNT-3: "gpu.shuffle"(%{{.*}}) <{mode = #gpu<shuffle_mode xor>}>
// CHECK: "arith.divf"
// CHECK-NOT: "arith.divf"
// CHECK-COUNT-3: "gpu.shuffle"(%{{.*}}) <{mode = #gpu<shuffle_mode xor>}>
// CHECK: "arith.divf"
// CHECK-NOT: "gpu.shuffle"
// CHECK-NOT: "arith.divf"
// CHECK: "gpu.return"
"kernel.def"() ({
^bb0(%a: memref<65536xf32>, %o: memref<8xf32>, %p: memref<8xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 8192 + d1)>} : (memref<65536xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "welford_mean"} : (f32) -> f32
  %2 = "kernel.reduce"(%0) {reduction_type = "welford_m2"} : (f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<8xf32>, f32) -> ()
  "kernel.store"(%p, %2) {index = affine_map<(d0, d1) -> (d0)>} : (memref<8xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "reduction", xranges = array<i64: 8>, rranges = array<i64: 8192>,
    block = 512 : i64, xblock = 1 : i64, vector_width = 4 : i64} : () -> ()

// -----

// CHECK-LABEL: "gpu.func"
// CHECK: "gpu.barrier"
// CHECK-NOT: "arith.remui"
// CHECK-COUNT-9: "memref.load"(%{{.*}}) : (memref<192xf32, #gpu.address_space<workgroup>>, index) -> f32
// CHECK-NOT: "gpu.shuffle"
// CHECK: "gpu.return"
"kernel.def"() ({
^bb0(%a: memref<65536xf32>, %o: memref<8xf32>, %p: memref<8xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 8192 + d1)>} : (memref<65536xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "welford_mean"} : (f32) -> f32
  %2 = "kernel.reduce"(%0) {reduction_type = "welford_m2"} : (f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<8xf32>, f32) -> ()
  "kernel.store"(%p, %2) {index = affine_map<(d0, d1) -> (d0)>} : (memref<8xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "reduction", xranges = array<i64: 8>, rranges = array<i64: 8192>,
    block = 96 : i64, xblock = 1 : i64, vector_width = 4 : i64} : () -> ()
