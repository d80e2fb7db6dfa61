// Packed rows: inner reductions whose rows need fewer than a warp (rthreads = pow2ceil(ceil(rnumel / 8)) < 32)
// put several rows in a block, the rthreads threads of a row consecutive (row_threads; Inductor's
// persistent XBLOCK > 1). xblock = the largest power of 2 <= inner-rows-max-xblock (128) with
// xblock * rthreads <= inner-rows-block (256) and xblock * pow2ceil(rnumel) <= inner-rows-block-numel
// (4096), halved while the grid is below inner-rows-min-grid (264) blocks, never below 32 / rthreads.
// Every bound at and on both sides of its edge (docs/passes/codegen.md, "Packed rows").
// RUN: %ind-opt %s --split-input-file --codegen | %filecheck %s --check-prefix=DEF
// RUN: %ind-opt %s --split-input-file --codegen=inner-rows-block=1024 | %filecheck %s --check-prefix=BIG
// RUN: %ind-opt %s --split-input-file --codegen=inner-rows-block=1024,inner-rows-block-numel=2048 | %filecheck %s --check-prefix=NUMEL
// RUN: %ind-opt %s --split-input-file --codegen=inner-rows-max-xblock=1 | %filecheck %s --check-prefix=OFF
// RUN: %ind-opt %s --split-input-file --codegen=inner-rows-max-xblock=64 | %filecheck %s --check-prefix=MAXX
// RUN: %ind-opt %s --split-input-file --codegen=inner-rows-min-grid=263 | %filecheck %s --check-prefix=GRID
// RUN: %ind-opt %s --split-input-file --codegen=reduction-block=64 | %filecheck %s --check-prefix=RB
//
/// rnumel 128: rthreads 16, xblock 16 (block cap 256); 129: rthreads 32, past packed rows: a warp per row
/// (warp rows, test/codegen/edge_warp_rows.mlir), 4 rows per block.
// DEF: block = 256 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 128>, sym_name = "triton_per_fused_sum_0", vector_width = 4 : i64, xblock = 16 : i64
// DEF: grid = array<i64: 4096>
// DEF: block = 128 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 129>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 4 : i64
// DEF: grid = array<i64: 16384>
/// rnumel 8 (not unrolled: 8 is not < 8): rthreads 1, xblock 128 (inner-rows-max-xblock).
// DEF: block = 128 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 8>, sym_name = "triton_per_fused_sum_0", vector_width = 4 : i64, xblock = 128 : i64
// DEF: grid = array<i64: 512>
/// rnumel 64 and 33 (rthreads 8): xblock 32 (block cap; numel cap 4096 / 64 = 64); 33 is scalar (odd).
// DEF: block = 256 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 64>, sym_name = "triton_per_fused_sum_0", vector_width = 4 : i64, xblock = 32 : i64
// DEF: grid = array<i64: 2048>
// DEF: block = 256 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 33>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// DEF: grid = array<i64: 2048>
/// The grid edge: 8448 rows = 264 blocks of 32 (kept); 8416 = 263 blocks: halved to 16 (526 blocks).
// DEF: block = 256 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 64>, sym_name = "triton_per_fused_sum_0", vector_width = 4 : i64, xblock = 32 : i64
// DEF: grid = array<i64: 264>
// DEF: block = 128 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 64>, sym_name = "triton_per_fused_sum_0", vector_width = 4 : i64, xblock = 16 : i64
// DEF: grid = array<i64: 526>
/// 3 rows of 17: rthreads 4, the grid rule stops at 32 / 4 = 8 rows (one warp; rows past 3 masked).
// DEF: block = 32 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 17>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 8 : i64
// DEF: grid = array<i64: 1>
/// inner-rows-block=1024: 128 -> xblock 32 (now the numel cap 4096 / 128), 64 -> 64 (4096 / 64).
// BIG: block = 512 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 128>, {{.*}} xblock = 32 : i64
// BIG: block = 512 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 64>, {{.*}} xblock = 64 : i64
/// ... and inner-rows-block-numel=2048: 64 -> 32.
// NUMEL: block = 256 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 128>, {{.*}} xblock = 16 : i64
// NUMEL: block = 256 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 64>, {{.*}} xblock = 32 : i64
/// inner-rows-max-xblock=1: one row per block, 32 threads (the rule before packed rows); 64: rnumel 8 -> 64.
// OFF-NOT: row_threads
// OFF: block = 32 : i64, kind = "persistent_reduction", rranges = array<i64: 128>, {{.*}} xblock = 1 : i64
// OFF: block = 32 : i64, kind = "persistent_reduction", rranges = array<i64: 8>, {{.*}} xblock = 1 : i64
// MAXX: block = 64 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 8>, {{.*}} xblock = 64 : i64
/// inner-rows-min-grid=263: 8416 rows keep xblock 32 (263 blocks).
// GRID: rranges = array<i64: 33>
// GRID: block = 256 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 64>, {{.*}} xblock = 32 : i64
// GRID: grid = array<i64: 264>
// GRID: block = 256 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 64>, {{.*}} xblock = 32 : i64
// GRID: grid = array<i64: 263>
/// An explicit reduction-block keeps one row per block.
// RB-NOT: row_threads
// RB: block = 64 : i64, kind = "persistent_reduction", rranges = array<i64: 8>, {{.*}} xblock = 1 : i64

func.func @rows_65536x128(%arg0_1: tensor<65536x128xf32>) -> tensor<65536xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<65536x128xf32>) -> tensor<65536xf32>
  return %s : tensor<65536xf32>
}
// -----
func.func @rows_65536x129(%arg0_1: tensor<65536x129xf32>) -> tensor<65536xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<65536x129xf32>) -> tensor<65536xf32>
  return %s : tensor<65536xf32>
}
// -----
func.func @rows_65536x8(%arg0_1: tensor<65536x8xf32>) -> tensor<65536xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<65536x8xf32>) -> tensor<65536xf32>
  return %s : tensor<65536xf32>
}
// -----
func.func @rows_65536x64(%arg0_1: tensor<65536x64xf32>) -> tensor<65536xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<65536x64xf32>) -> tensor<65536xf32>
  return %s : tensor<65536xf32>
}
// -----
func.func @rows_65536x33(%arg0_1: tensor<65536x33xf32>) -> tensor<65536xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<65536x33xf32>) -> tensor<65536xf32>
  return %s : tensor<65536xf32>
}
// -----
func.func @rows_8448x64(%arg0_1: tensor<8448x64xf32>) -> tensor<8448xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<8448x64xf32>) -> tensor<8448xf32>
  return %s : tensor<8448xf32>
}
// -----
func.func @rows_8416x64(%arg0_1: tensor<8416x64xf32>) -> tensor<8416xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<8416x64xf32>) -> tensor<8416xf32>
  return %s : tensor<8416xf32>
}
// -----
func.func @rows_3x17(%arg0_1: tensor<3x17xf32>) -> tensor<3xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<3x17xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}
