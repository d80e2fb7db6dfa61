// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s

/// The skew of the staged tile's four slot groups (convert_kernel_to_gpu.c, staged_skew) at other tile
/// heights: the smallest (c1 <= c2) whose per-column stores hit the fewest banks per warp, workgroup memory
/// 4 x 32 x (rows + 1) + c1 + c2 floats. 16 rows (block 512): c1 = 2, c2 = 16, no conflict (the
/// linear skews l * c all leave 2-way conflicts there); 32 rows (block 1024): 1, 2; 12 rows (block 384,
/// not a power of 2): 0, 1, 2-way at best. The per-lane read adds skew[l] = (l % 2) * c1 + (l / 2) * c2.
/// x + x.T on 384 x 384 (also the mirror order's super-tiles: the least common multiple of the tile's
/// sides, 128 for these three).

// CHECK-LABEL: "gpu.func"
// CHECK: %arg2: memref<2194xf32, #gpu.address_space<workgroup>>
// CHECK: "gpu.barrier"
// CHECK: "arith.constant"() <{value = 32 : index}>
// CHECK: "arith.muli"
// CHECK-NEXT: "arith.constant"() <{value = 2 : index}>
// CHECK-NEXT: "arith.addi"
// CHECK: "arith.constant"() <{value = 64 : index}>
// CHECK: "arith.muli"
// CHECK-NEXT: "arith.constant"() <{value = 16 : index}>
// CHECK-NEXT: "arith.addi"
// CHECK: "arith.constant"() <{value = 96 : index}>
// CHECK: "arith.muli"
// CHECK-NEXT: "arith.constant"() <{value = 18 : index}>
// CHECK-NEXT: "arith.addi"
"kernel.def"() ({
^bb0(%a: memref<147456xf32>, %o: memref<147456xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 384 + d1)>} : (memref<147456xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 384 + d0)>} : (memref<147456xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 384 + d1)>} : (memref<147456xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 384, 384>, rranges = array<i64>,
    block = 512 : i64, xblock = 2048 : i64, vector_width = 4 : i64} : () -> ()

// -----
// CHECK-LABEL: "gpu.func"
// CHECK: %arg2: memref<4227xf32, #gpu.address_space<workgroup>>
// CHECK: "gpu.barrier"
// CHECK: "arith.constant"() <{value = 32 : index}>
// CHECK: "arith.muli"
// CHECK-NEXT: "arith.constant"() <{value = 1 : index}>
// CHECK-NEXT: "arith.addi"
// CHECK: "arith.constant"() <{value = 64 : index}>
// CHECK: "arith.muli"
// CHECK-NEXT: "arith.constant"() <{value = 2 : index}>
// CHECK-NEXT: "arith.addi"
// CHECK: "arith.constant"() <{value = 96 : index}>
// CHECK: "arith.muli"
// CHECK-NEXT: "arith.constant"() <{value = 3 : index}>
// CHECK-NEXT: "arith.addi"
"kernel.def"() ({
^bb0(%a: memref<147456xf32>, %o: memref<147456xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 384 + d1)>} : (memref<147456xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 384 + d0)>} : (memref<147456xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 384 + d1)>} : (memref<147456xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 384, 384>, rranges = array<i64>,
    block = 1024 : i64, xblock = 4096 : i64, vector_width = 4 : i64} : () -> ()

// -----
// CHECK-LABEL: "gpu.func"
// CHECK: %arg2: memref<1665xf32, #gpu.address_space<workgroup>>
// CHECK: "gpu.barrier"
// CHECK: "arith.constant"() <{value = 32 : index}>
// CHECK: "arith.muli"
// CHECK-NEXT: "arith.constant"() <{value = 0 : index}>
// CHECK: "arith.constant"() <{value = 64 : index}>
// CHECK: "arith.muli"
// CHECK-NEXT: "arith.constant"() <{value = 1 : index}>
// CHECK-NEXT: "arith.addi"
// CHECK: "arith.constant"() <{value = 96 : index}>
// CHECK: "arith.muli"
// CHECK-NEXT: "arith.constant"() <{value = 1 : index}>
// CHECK-NEXT: "arith.addi"
"kernel.def"() ({
^bb0(%a: memref<147456xf32>, %o: memref<147456xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 384 + d1)>} : (memref<147456xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 384 + d0)>} : (memref<147456xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 384 + d1)>} : (memref<147456xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 384, 384>, rranges = array<i64>,
    block = 384 : i64, xblock = 1536 : i64, vector_width = 4 : i64} : () -> ()

// -----
/// Block 96: tiles of 3 rows x 128 columns; super-tiles of lcm(3, 128) = 384 (whole tiles: 128 tile rows
/// of 3 x 3 tile columns = 384 blocks), so the 384 x 384 plane is one super-tile (n = 1, no pairs).
/// With the larger side alone (128) a super-tile was 42 rows of 3: 378 of the 384 blocks, two tile rows
/// in each super-tile never visited and the last 6 blocks past the plane.
// CHECK-LABEL: "gpu.func"
// CHECK: %[[BID:.*]] = "gpu.block_id"
// CHECK: %[[PER:.*]] = "arith.constant"() <{value = 384 : index}>
// CHECK-NEXT: "arith.remui"(%[[BID]], %[[PER]])
// CHECK-NEXT: %[[PER2:.*]] = "arith.constant"() <{value = 384 : index}>
// CHECK-NEXT: %[[ALL:.*]] = "arith.divui"(%[[BID]], %[[PER2]])
// CHECK-NEXT: %[[NN:.*]] = "arith.constant"() <{value = 1 : index}>
// CHECK-NEXT: "arith.remui"(%[[ALL]], %[[NN]])
"kernel.def"() ({
^bb0(%a: memref<147456xf32>, %o: memref<147456xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 384 + d1)>} : (memref<147456xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 384 + d0)>} : (memref<147456xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 384 + d1)>} : (memref<147456xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 384, 384>, rranges = array<i64>,
    block = 96 : i64, xblock = 384 : i64, vector_width = 4 : i64} : () -> ()
