// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s
// RUN: %ind-opt %examples/transpose_add.mlir --lower --fuse --codegen=pointwise-chunks=2,transposed-block=0 --emit=ptx | %filecheck %s --check-prefix=PTX
// RUN: %ind-opt %examples/transpose_add.mlir --lower --fuse --codegen=transposed-block=512,transposed-tiles=2,transposed-min-grid=0 --emit=ptx | %filecheck %s --check-prefix=PTX

/// Several tiles per block (gpu_can_tile, setup_tiled; xblock = block * vector_width * C): x + x.T on
/// 64 x 256 with block 256, vector width 4, xblock 2048 is a stack of C = 2 tiles of 8 x 128 per block
/// (tile rows 2 * tr and 2 * tr + 1; thread (tx, ty) on rows 16 * tr + ty and 16 * tr + 8 + ty, lanes
/// 0..3 and 4..7). The transposed read is staged for both tiles with one barrier: both global loads
/// first, then the stores to two areas of 1176 floats (4 x 32 x 9 + the skew 24), then the reads.
/// (Two chunks of a transposed kernel crashed ind-opt before fdf8104 and were laid out flat after it.)
// CHECK-LABEL: "gpu.func"
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK-NEXT: %arg2: memref<2352xf32, #gpu.address_space<workgroup>>
// CHECK: %[[TID:.*]] = "gpu.thread_id"
// CHECK: %[[C32:.*]] = "arith.constant"() <{value = 32 : index}>
// CHECK-NEXT: %[[TX:.*]] = "arith.remui"(%[[TID]], %[[C32]])
// CHECK: %[[TY:.*]] = "arith.divui"(%[[TID]],
// CHECK: %[[C16:.*]] = "arith.constant"() <{value = 16 : index}>
// CHECK-NEXT: %[[TOP:.*]] = "arith.muli"(%[[TR:.*]], %[[C16]])
// CHECK-NEXT: %[[ROW:.*]] = "arith.addi"(%[[TOP]], %[[TY]])
// CHECK: %[[C8:.*]] = "arith.constant"() <{value = 8 : index}>
// CHECK-NEXT: %[[ROW1:.*]] = "arith.addi"(%[[ROW]], %[[C8]])
// CHECK: "arith.muli"(%[[ROW]],
// CHECK: "vector.load"(%arg0,
// CHECK: "arith.muli"(%[[ROW1]],
// CHECK: "vector.load"(%arg0,
/// the staged read, tile 0 then tile 1 (8 rows further down)
// CHECK: "vector.load"(%arg0,
// CHECK: "arith.muli"(%[[TR]], %{{.*}})
// CHECK-NEXT: %[[C8B:.*]] = "arith.constant"() <{value = 8 : index}>
// CHECK-NEXT: "arith.addi"(%{{.*}}, %[[C8B]])
// CHECK: "vector.load"(%arg0,
// CHECK-NOT: "gpu.barrier"
// CHECK-COUNT-4: "memref.store"({{.*}}, %arg2,
// CHECK: "arith.constant"() <{value = 1176 : index}>
// CHECK-COUNT-4: "memref.store"({{.*}}, %arg2,
// CHECK-NOT: "memref.store"
// CHECK: "gpu.barrier"
// CHECK-NOT: "gpu.barrier"
// CHECK-COUNT-8: "memref.load"(%arg2,
// CHECK-COUNT-2: "vector.store"({{.*}}, %arg1,
// CHECK-NOT: "vector.store"
// PTX: .shared .align 4 .b8 {{.*}}[{{9408|17552}}]
// PTX-COUNT-4: ld.global.nc.v4
// PTX-NOT: ld.global
// PTX: bar.sync
// PTX-NOT: bar.sync
// PTX-COUNT-2: st.global.v4
"kernel.def"() ({
^bb0(%a: memref<16384xf32>, %o: memref<16384xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 2048 : i64, vector_width = 4 : i64} : () -> ()

// -----
/// A transposed store with two tiles: both tiles' lanes to workgroup memory, one barrier, two
/// coalesced 16-byte stores.
// CHECK-LABEL: "gpu.func"
// CHECK-NEXT: %arg2: memref<2352xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-8: "memref.store"({{.*}}, %arg2,
// CHECK: "gpu.barrier"
// CHECK-NOT: "gpu.barrier"
// CHECK-COUNT-4: "memref.load"(%arg2,
// CHECK: "vector.store"({{.*}}, %arg1,
// CHECK-COUNT-4: "memref.load"(%arg2,
// CHECK: "vector.store"({{.*}}, %arg1,
// CHECK-NOT: "vector.store"
"kernel.def"() ({
^bb0(%a: memref<16384xf32>, %o: memref<16384xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 2048 : i64, vector_width = 4 : i64} : () -> ()

// -----
/// Over 48 KiB of staging (block 1024: 32-row tiles of 4 x 32 x 33 + 3 floats each; 4 tiles need
/// 16908 floats > 12288, CUDA's static limit): the flat layout instead (no workgroup memory, no tile
/// ids); 2 tiles (8454 floats) stay tiled.
// CHECK-LABEL: "gpu.func"
// CHECK-NOT: workgroup>
// CHECK: %[[TID:.*]] = "gpu.thread_id"
// CHECK-NOT: "arith.remui"(%[[TID]],
// CHECK: "vector.store"
// CHECK-LABEL: "gpu.func"
// CHECK-NEXT: %arg2: memref<8454xf32, #gpu.address_space<workgroup>>
"kernel.def"() ({
^bb0(%a: memref<65536xf32>, %o: memref<65536xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<65536xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 256 + d0)>} : (memref<65536xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<65536xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 256, 256>, rranges = array<i64>,
    block = 1024 : i64, xblock = 16384 : i64, vector_width = 4 : i64} : () -> ()
"kernel.def"() ({
^bb0(%a: memref<65536xf32>, %o: memref<65536xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<65536xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 256 + d0)>} : (memref<65536xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<65536xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k2", kind = "pointwise", xranges = array<i64: 256, 256>, rranges = array<i64>,
    block = 1024 : i64, xblock = 8192 : i64, vector_width = 4 : i64} : () -> ()

// -----
/// The stack must divide the rows: 24 rows are whole 8-row tiles but not 16-row stacks of two, so two
/// chunks of block 256 stay flat (no workgroup memory, no tile ids).
// CHECK-LABEL: "gpu.func"
// CHECK-NOT: workgroup>
// CHECK: %[[TID:.*]] = "gpu.thread_id"
// CHECK-NOT: "arith.remui"(%[[TID]],
// CHECK: "vector.store"
"kernel.def"() ({
^bb0(%a: memref<6144xf32>, %o: memref<6144xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<6144xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 24 + d0)>} : (memref<6144xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<6144xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 24, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 2048 : i64, vector_width = 4 : i64} : () -> ()
