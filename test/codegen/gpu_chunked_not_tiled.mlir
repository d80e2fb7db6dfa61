// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s
// RUN: %ind-opt %examples/transpose_add.mlir --lower --fuse --codegen=pointwise-chunks=2,transposed-block=0 --emit=ptx | %filecheck %s --check-prefix=PTX

/// A tile is one chunk of block * vector_width points (gpu_can_tile): x + x.T on 64x256 with block 256,
/// vector width 4 and xblock 2048 (two chunks per block, as `--codegen=pointwise-chunks=2` or a tuning
/// cache entry gives; the PTX run: examples/transpose_add.mlir so, transposed-block=0 keeping the chunks) keeps the flat layout instead of tiling (this crashed before: the staged read used
/// the tile's row and column, which only setup_tiled makes). Thread t's two chunks start at
/// (b * 512 + t) * 4 and (b * 512 + 256 + t) * 4; no tid % 32 of a tile, no workgroup memory, no barrier.
// CHECK-LABEL: "gpu.module"
// CHECK: %[[TID:.*]] = "gpu.thread_id"
// CHECK-NEXT: %[[BID:.*]] = "gpu.block_id"
// CHECK-NEXT: %[[C512:.*]] = "arith.constant"() <{value = 512 : index}>
// CHECK-NEXT: %[[FIRST:.*]] = "arith.muli"(%[[BID]], %[[C512]])
// CHECK-NEXT: "arith.addi"(%[[FIRST]], %[[TID]])
// CHECK: %[[C256:.*]] = "arith.constant"() <{value = 256 : index}>
// CHECK-NEXT: %[[SECOND:.*]] = "arith.addi"(%[[FIRST]], %[[C256]])
// CHECK-NEXT: "arith.addi"(%[[SECOND]], %[[TID]])
// CHECK-NOT: #gpu.address_space<workgroup>
// CHECK-NOT: "gpu.barrier"
// CHECK: "vector.store"
// CHECK: "vector.store"
// CHECK-NOT: "vector.store"
// PTX-NOT: .shared
// PTX-NOT: bar.sync
// PTX: st.global.v4
"kernel.def"() ({
^bb0(%a: memref<16384xf32>, %o: memref<16384xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 2048 : i64, vector_width = 4 : i64} : () -> ()
