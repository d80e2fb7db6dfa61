// The GPU scan kernel (convert-kernel-to-gpu, docs/passes/codegen.md "Scans"): one .entry per cumsum,
// one row per block; each tile is scanned by the threads' own elements (4 per thread: vector loads when
// the row is a multiple of 4), a warp scan by shfl.sync.up, the warp totals through shared memory between
// two barriers; a row longer than the tile (16384 > 1024 threads * 4) loops over tiles carrying the total
// (a backward branch). An integer cumsum (i64, test/codegen/scan_int.mlir) scans in i64: each shuffle two
// 32-bit ones, two workgroup words per warp total, no float op.
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen --emit=ptx -o %t.ptx 2>&1 | count 0
// RUN: %filecheck %s --input-file=%t.ptx
// RUN: %ind-opt %S/Inputs/scan_int.mlir --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=INT

// CHECK-COUNT-1: .entry triton_per_fused_cumsum_0
// CHECK-NOT: .entry
/// persistent: two tiles of 512 threads x 4, each a warp scan of 6 shuffles
// CHECK: ld.global.nc.v4.b32
// CHECK-COUNT-12: shfl.sync.up.b32
// CHECK: bar.sync
// CHECK: st.global.v4.b32
func.func @per(%x: tensor<7x4096xf32>) -> tensor<7x4096xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<7x4096xf32>) -> tensor<7x4096xf32>
  return %c : tensor<7x4096xf32>
}

// -----

/// looped: the tile's scan (5 warp steps + the exclusive shift) appears once, in the loop body, for 4 tiles
// CHECK: .entry triton_red_fused_cumsum_0
// CHECK-NOT: .entry
// CHECK-COUNT-6: shfl.sync.up.b32
// CHECK-NOT: shfl.sync.up.b32
// CHECK: ret;
func.func @red(%x: tensor<3x16384xf32>) -> tensor<3x16384xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<3x16384xf32>) -> tensor<3x16384xf32>
  return %c : tensor<3x16384xf32>
}

/// 5 x 1023 i32 -> i64: 128 threads, 8 elements (chunks) each, a block scan per chunk: 5 shuffle-up steps
/// and the exclusive shift, each two 32-bit shuffles (8 x 12), 2 barriers per chunk, 2 x 32 words.
// INT: .shared .align 4 .b8 {{.*}}[256];
// INT-NOT: add.f32
// INT-COUNT-96: shfl.sync.up.b32
// INT-NOT: shfl.sync.up.b32
// INT-NOT: add.f32
