// Warp rows (launch_geometry.c warp_rows, docs/passes/codegen.md "Warp rows"): an inner reduction whose row
// needs more than 16 threads at 8 elements each (rnumel > 128) and is at most warp-rows-max-rnumel (768)
// long gets a warp per row, warp-rows-xblock (4) rows per block, halved (down to 2) while the grid is below
// inner-rows-min-grid (264) blocks; refused (one row per block) past persistent-threshold, past 64
// elements a thread, with an explicit reduction-block, or with warp-rows-xblock < 2. Every bound at and on
// both sides of its edge.
// RUN: %ind-opt %s --split-input-file --codegen | %filecheck %s --check-prefix=DEF
// RUN: %ind-opt %s --split-input-file --codegen=warp-rows-max-rnumel=0 | %filecheck %s --check-prefix=OFF
// RUN: %ind-opt %s --split-input-file --codegen=warp-rows-xblock=1 | %filecheck %s --check-prefix=OFF
// RUN: %ind-opt %s --split-input-file --codegen=warp-rows-max-rnumel=1024,warp-rows-xblock=8 | %filecheck %s --check-prefix=X8
// RUN: %ind-opt %s --split-input-file --codegen=warp-rows-max-rnumel=1024,persistent-threshold=512 | %filecheck %s --check-prefix=PT
// RUN: %ind-opt %s --split-input-file --codegen=warp-rows-max-rnumel=4096,persistent-threshold=4096 | %filecheck %s --check-prefix=LANES
// RUN: %ind-opt %s --split-input-file --codegen=inner-rows-min-grid=263 | %filecheck %s --check-prefix=GRID
// RUN: %ind-opt %s --split-input-file --codegen=warp-rows-max-rnumel=1024,warp-rows-xblock=64,inner-rows-min-grid=1 | %filecheck %s --check-prefix=XMAX
// RUN: %ind-opt %s --split-input-file --codegen=reduction-block=64 | %filecheck %s --check-prefix=RB
//
/// 129 (the first row past packed rows: 17 threads at 8 each -> 32), scalar; 768 bf16 (the bound; 8-wide,
/// 3 chunks); 776 one row per block. 1024 rows: 256 blocks of 4 is under 264, so 2 rows a block.
// DEF: block = 64 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 129>, {{.*}}vector_width = 1 : i64, xblock = 2 : i64
// DEF: grid = array<i64: 512>
// DEF: block = 64 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 768>, {{.*}}vector_width = 8 : i64, xblock = 2 : i64
// DEF: block = 128 : i64, kind = "persistent_reduction", rranges = array<i64: 776>, {{.*}}vector_width = 4 : i64, xblock = 1 : i64
/// The grid edge: 1056 rows = 264 blocks of 4 (kept); 1052 = 263 blocks: halved to 2 (526 blocks).
// DEF: block = 128 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 512>, {{.*}}xblock = 4 : i64
// DEF: grid = array<i64: 264>
// DEF: block = 64 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 512>, {{.*}}xblock = 2 : i64
// DEF: grid = array<i64: 526>
/// 1024 is past the bound; 3 rows of 200 stop halving at 2 rows a block.
// DEF: block = 128 : i64, kind = "persistent_reduction", rranges = array<i64: 1024>, {{.*}}xblock = 1 : i64
// DEF: block = 64 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 200>, {{.*}}xblock = 2 : i64
// DEF: grid = array<i64: 2>
/// Off (warp-rows-max-rnumel=0, or warp-rows-xblock=1): the one-row rule (pow2ceil(rnumel / 8) threads).
// OFF-NOT: row_threads
// OFF: block = 32 : i64, kind = "persistent_reduction", rranges = array<i64: 129>, {{.*}}xblock = 1 : i64
// OFF: block = 128 : i64, kind = "persistent_reduction", rranges = array<i64: 768>, {{.*}}xblock = 1 : i64
// OFF: block = 64 : i64, kind = "persistent_reduction", rranges = array<i64: 512>, {{.*}}xblock = 1 : i64
// OFF: grid = array<i64: 1056>
/// warp-rows-xblock=8 (with rows of 1024 let in): 4096 rows of 1024 -> 8 rows a block (512 blocks), 32
/// elements a thread; 1056 rows still halve to 4.
// X8: block = 64 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 776>, {{.*}}xblock = 2 : i64
// X8: block = 128 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 512>, {{.*}}xblock = 4 : i64
// X8: block = 256 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 1024>, {{.*}}xblock = 8 : i64
// X8: grid = array<i64: 512>
/// persistent-threshold=512: 512 still warp rows, 768 loops (one row per block).
// PT: rranges = array<i64: 512>, {{.*}}xblock = 4 : i64
// PT: block = 128 : i64, kind = "reduction", rranges = array<i64: 1024>, {{.*}}xblock = 1 : i64
/// 64 elements a thread at most: 2048 f32 (16 chunks of 4) is a warp's, 2052 (17 chunks) is not, nor 2049
/// (scalar: 65 chunks of 1).
// LANES: block = 64 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 2048>, {{.*}}xblock = 2 : i64
// LANES: block = 512 : i64, kind = "persistent_reduction", rranges = array<i64: 2052>, {{.*}}xblock = 1 : i64
// LANES: block = 512 : i64, kind = "persistent_reduction", rranges = array<i64: 2049>, {{.*}}vector_width = 1 : i64, xblock = 1 : i64
/// warp-rows-xblock=64 is capped at 32 rows a block (1024 threads); without the grid rule they stay 32.
// XMAX: block = 1024 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 1024>, {{.*}}xblock = 32 : i64
/// inner-rows-min-grid=263: 1052 rows keep 4 a block (263 blocks).
// GRID: rranges = array<i64: 512>, {{.*}}xblock = 4 : i64
// GRID: grid = array<i64: 264>
// GRID: rranges = array<i64: 512>, {{.*}}xblock = 4 : i64
// GRID: grid = array<i64: 263>
/// An explicit reduction-block keeps one row per block.
// RB-NOT: row_threads
// RB: block = 64 : i64, kind = "reduction", rranges = array<i64: 2052>

func.func @rows_1024x129(%arg0_1: tensor<1024x129xf32>) -> tensor<1024xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<1024x129xf32>) -> tensor<1024xf32>
  return %s : tensor<1024xf32>
}
// -----
func.func @rows_1024x768_bf16(%arg0_1: tensor<1024x768xbf16>) -> tensor<1024xbf16> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<1024x768xbf16>) -> tensor<1024xbf16>
  return %s : tensor<1024xbf16>
}
// -----
func.func @rows_1024x776(%arg0_1: tensor<1024x776xf32>) -> tensor<1024xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<1024x776xf32>) -> tensor<1024xf32>
  return %s : tensor<1024xf32>
}
// -----
func.func @rows_1056x512(%arg0_1: tensor<1056x512xf32>) -> tensor<1056xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<1056x512xf32>) -> tensor<1056xf32>
  return %s : tensor<1056xf32>
}
// -----
func.func @rows_1052x512(%arg0_1: tensor<1052x512xf32>) -> tensor<1052xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<1052x512xf32>) -> tensor<1052xf32>
  return %s : tensor<1052xf32>
}
// -----
func.func @rows_4096x1024(%arg0_1: tensor<4096x1024xf32>) -> tensor<4096xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<4096x1024xf32>) -> tensor<4096xf32>
  return %s : tensor<4096xf32>
}
// -----
func.func @rows_3x200(%arg0_1: tensor<3x200xf32>) -> tensor<3xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<3x200xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}
// -----
func.func @rows_1024x2048(%arg0_1: tensor<1024x2048xf32>) -> tensor<1024xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<1024x2048xf32>) -> tensor<1024xf32>
  return %s : tensor<1024xf32>
}
// -----
func.func @rows_1024x2052(%arg0_1: tensor<1024x2052xf32>) -> tensor<1024xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<1024x2052xf32>) -> tensor<1024xf32>
  return %s : tensor<1024xf32>
}
// -----
func.func @rows_1024x2049(%arg0_1: tensor<1024x2049xf32>) -> tensor<1024xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<1024x2049xf32>) -> tensor<1024xf32>
  return %s : tensor<1024xf32>
}
