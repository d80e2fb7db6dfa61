// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s
// RUN: %ind-opt %examples/grad_accumulate_t.mlir --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=PTX
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s --check-prefix=ADDR

/// The staged loads of a tiled kernel are staged together (convert_kernel_to_gpu.c, emit_staged_load):
/// acc + a.T + b.T + c.T issues the three transposed 16-byte loads back to back (a thread has three in
/// flight, not one), then their stores to three areas of 1176 floats (0, 1176, 2352), one barrier, then
/// the reads. (Staged one by one, each load waited for the barrier of the one before: three barriers, and
/// examples/grad_accumulate_t.mlir was 1.30x Inductor at 8192^2 on the H200.)
/// The addresses (first kernel): a's tile stored at area 0 + its column slot + the thread's row + lane k,
/// b's at area 1176; the reads at area + lane slot + the thread's row.
// ADDR: "vector.load"(%arg3
// ADDR: %[[AREA:.*]] = "arith.constant"() <{value = 0 : index}>
// ADDR-NEXT: %[[AC:.*]] = "arith.addi"(%[[AREA]], %{{.*}})
// ADDR-NEXT: %[[AT:.*]] = "arith.addi"(%[[AC]], %{{.*}})
// ADDR-NEXT: %[[V:.*]] = "vector.extract"(
// ADDR-NEXT: %[[K:.*]] = "arith.constant"() <{value = 0 : index}>
// ADDR-NEXT: %[[I:.*]] = "arith.addi"(%[[AT]], %[[K]])
// ADDR-NEXT: "memref.store"(%[[V]], %arg5, %[[I]])
// ADDR: %[[AREA1:.*]] = "arith.constant"() <{value = 1176 : index}>
// ADDR-NEXT: %[[AC1:.*]] = "arith.addi"(%[[AREA1]], %{{.*}})
// ADDR-NEXT: %[[AT1:.*]] = "arith.addi"(%[[AC1]], %{{.*}})
// ADDR: "gpu.barrier"
// ADDR: "arith.constant"() <{value = 9 : index}>
// ADDR-NEXT: "arith.muli"
// ADDR-NEXT: %[[RA:.*]] = "arith.constant"() <{value = 0 : index}>
// ADDR-NEXT: %[[RC:.*]] = "arith.addi"(%[[RA]], %{{.*}})
// ADDR-NEXT: %[[RI:.*]] = "arith.addi"(%[[RC]], %{{.*}})
// ADDR-NEXT: "memref.load"(%arg5, %[[RI]])
// CHECK-LABEL: "gpu.func"
// CHECK: memref<3528xf32, #gpu.address_space<workgroup>>
// CHECK: "vector.load"(%arg0
// CHECK-NOT: "gpu.barrier"
// CHECK: "vector.load"(%arg1
// CHECK-NOT: "gpu.barrier"
// CHECK: "vector.load"(%arg2
// CHECK-NOT: "gpu.barrier"
// CHECK: "vector.load"(%arg3
// CHECK-NOT: "gpu.barrier"
// CHECK-COUNT-12: "memref.store"({{.*}}) : (f32, memref<3528xf32, #gpu.address_space<workgroup>>, index)
// CHECK-NEXT: "gpu.barrier"
// CHECK-NOT: "gpu.barrier"
// CHECK-COUNT-12: "memref.load"(%arg5
// CHECK-NOT: "gpu.barrier"
// CHECK: "vector.store"(%{{.*}}, %arg4
// CHECK-NOT: "gpu.barrier"
// CHECK: "gpu.return"
"kernel.def"() ({
^bb0(%acc: memref<16384xf32>, %a: memref<16384xf32>, %b: memref<16384xf32>, %c: memref<16384xf32>, %o: memref<16384xf32>):
  %0 = "kernel.load"(%acc) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  %3 = "kernel.load"(%b) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %4 = "arith.addf"(%2, %3) : (f32, f32) -> f32
  %5 = "kernel.load"(%c) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %6 = "arith.addf"(%4, %5) : (f32, f32) -> f32
  "kernel.store"(%o, %6) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 1024 : i64, vector_width = 4 : i64} : () -> ()

// -----
/// Two tiles per block: both tiles of both loads first (a's tile 0 and 1, then b's), then the stores to
/// four areas, one barrier.
// CHECK-LABEL: "gpu.func"
// CHECK: memref<4704xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-2: "vector.load"(%arg0
// CHECK-NOT: "gpu.barrier"
// CHECK-COUNT-2: "vector.load"(%arg1
// CHECK-NOT: "gpu.barrier"
// CHECK-COUNT-16: "memref.store"({{.*}}) : (f32, memref<4704xf32, #gpu.address_space<workgroup>>, index)
// CHECK-NEXT: "gpu.barrier"
// CHECK-NOT: "gpu.barrier"
// CHECK: "gpu.return"
"kernel.def"() ({
^bb0(%a: memref<16384xf32>, %b: memref<16384xf32>, %o: memref<16384xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %1 = "kernel.load"(%b) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 2048 : i64, vector_width = 4 : i64} : () -> ()

// -----
/// Left alone: a transposed load of a buffer the kernel writes stays where the body puts it (after the
/// store to %b), staged alone behind its own barrier; the load of %a, which the kernel does not write, is
/// staged first.
// CHECK-LABEL: "gpu.func"
// CHECK: "vector.load"(%arg0
// CHECK-NOT: "vector.load"(%arg1
// CHECK: "gpu.barrier"
// CHECK: "vector.store"(%{{.*}}, %arg1
// CHECK: "vector.load"(%arg1
// CHECK: "gpu.barrier"
// CHECK: "vector.store"(%{{.*}}, %arg2
"kernel.def"() ({
^bb0(%a: memref<16384xf32>, %b: memref<16384xf32>, %o: memref<16384xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  "kernel.store"(%b, %0) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>, f32) -> ()
  %1 = "kernel.load"(%b) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 1024 : i64, vector_width = 4 : i64} : () -> ()

// -----
/// Reused areas: two tiles of 1024 threads stage 8454 floats per access, so only one area fits the static
/// 12288 (KERNEL_STATIC_SMEM_FLOATS). Every global load is still issued first; the three accesses then take
/// that area in three rounds, a barrier before each later round's stores (the reads of the round before
/// must be done) and one after them: five barriers.
// CHECK-LABEL: "gpu.func"
// CHECK: memref<8454xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-2: "vector.load"(%arg1
// CHECK-COUNT-2: "vector.load"(%arg2
// CHECK-COUNT-2: "vector.load"(%arg3
// CHECK-NOT: "gpu.barrier"
// CHECK-COUNT-8: "memref.store"({{.*}}) : (f32, memref<8454xf32, #gpu.address_space<workgroup>>, index)
// CHECK-NEXT: "gpu.barrier"
// CHECK-COUNT-8: "memref.load"(%arg5
// CHECK-NEXT: "gpu.barrier"
// CHECK-NOT: "memref.load"(%arg5
// CHECK-COUNT-8: "memref.store"({{.*}}) : (f32, memref<8454xf32, #gpu.address_space<workgroup>>, index)
// CHECK-NEXT: "gpu.barrier"
// CHECK-COUNT-8: "memref.load"(%arg5
// CHECK-NEXT: "gpu.barrier"
// CHECK-NOT: "memref.load"(%arg5
// CHECK-COUNT-8: "memref.store"({{.*}}) : (f32, memref<8454xf32, #gpu.address_space<workgroup>>, index)
// CHECK-NEXT: "gpu.barrier"
// CHECK-COUNT-8: "memref.load"(%arg5
// CHECK-NOT: "gpu.barrier"
// CHECK: "gpu.return"
"kernel.def"() ({
^bb0(%acc: memref<16384xf32>, %a: memref<16384xf32>, %b: memref<16384xf32>, %c: memref<16384xf32>, %o: memref<16384xf32>):
  %0 = "kernel.load"(%acc) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  %3 = "kernel.load"(%b) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %4 = "arith.addf"(%2, %3) : (f32, f32) -> f32
  %5 = "kernel.load"(%c) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %6 = "arith.addf"(%4, %5) : (f32, f32) -> f32
  "kernel.store"(%o, %6) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64, 256>, rranges = array<i64>,
    block = 1024 : i64, xblock = 8192 : i64, vector_width = 4 : i64} : () -> ()

// -----
/// Left alone: a direct load after a staged one is no staged load and joins no batch (one area, the
/// direct load a 16-byte load of its own after the barrier).
// CHECK-LABEL: "gpu.func"
// CHECK: memref<1176xf32, #gpu.address_space<workgroup>>
// CHECK: "vector.load"(%arg0
// CHECK-NOT: "vector.load"(%arg1
// CHECK-COUNT-4: "memref.store"({{.*}}) : (f32, memref<1176xf32, #gpu.address_space<workgroup>>, index)
// CHECK-NEXT: "gpu.barrier"
// CHECK-NOT: "gpu.barrier"
// CHECK-NOT: "memref.store"({{.*}}) : (f32, memref<1176xf32
// CHECK: "vector.load"(%arg1
// CHECK-NOT: "gpu.barrier"
// CHECK: "gpu.return"
"kernel.def"() ({
^bb0(%a: memref<16384xf32>, %b: memref<16384xf32>, %o: memref<16384xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %1 = "kernel.load"(%b) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 1024 : i64, vector_width = 4 : i64} : () -> ()

/// The example at 1024^2, as PTX has it: four 16-byte loads (acc and the three staged ones) before the one barrier.
// PTX-COUNT-4: ld.global.nc.v4
// PTX-NOT: ld.global
// PTX: bar.sync
// PTX-NOT: bar.sync
// PTX: st.global.v4
