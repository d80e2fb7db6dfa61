// The GPU scan kernel (convert-kernel-to-gpu, docs/passes/codegen.md "Scans"): one .entry per cumsum,
// one row per block; each tile is scanned by the threads' own elements (4 per thread: vector loads when
// the row is a multiple of 4), a warp scan by shfl.sync.up, the warp totals through shared memory between
// two barriers; a row longer than the tile (16384 > 1024 threads * 4) loops over tiles carrying the total
// (a backward branch); an integer scan is a located error on the GPU (it runs on the CPU JIT).
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen --emit=ptx -o %t.ptx 2>&1 | count 0
// RUN: %filecheck %s --input-file=%t.ptx
// RUN: not %ind-opt %S/Inputs/scan_int.mlir --lower --fuse --codegen --emit=ptx -o /dev/null 2>&1 | %filecheck %s --check-prefix=INT

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

// INT: error: convert-kernel-to-gpu: kernel.scan on the GPU needs an f32 value (an integer scan runs on the CPU JIT only)
