// Pointwise kernels with a transposed read or write (the tiled form) get transposed-block threads (default 1024,
// tiles of 32 rows), halved down to transposed-min-block (default 512, tiles of 16 rows) (launch_geometry.c,
// launch_choose_load_geometry; on an H200 x + x.T ran 163 -> 156 us at 8192^2 and 3.0 -> 2.5 us at
// 1024^2 from 256 to 512 threads, 142.0 -> 139.6 us at 8192^2 from 512 to 1024 with two tiles each).
// 0 falls back to the block option; small problems shrink the block as every pointwise kernel does.
// Left alone: a kernel without a transposed read.
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen | %filecheck %s
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=transposed-block=0 | %filecheck %s --check-prefix=OFF
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=transposed-block=128 | %filecheck %s --check-prefix=T128
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=pointwise-chunks=2 | %filecheck %s --check-prefix=CHUNKS
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=transposed-tiles=4,transposed-min-grid=0 | %filecheck %s --check-prefix=TILES
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=transposed-tiles=1 | %filecheck %s --check-prefix=ONE
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=transposed-min-block=1024 | %filecheck %s --check-prefix=MINB
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=transposed-staging-rounds=1 | %filecheck %s --check-prefix=R1
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen | %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s --check-prefix=GPU
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=transposed-staging-rounds=1 | %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s --check-prefix=GPU1
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=transposed-staging-rounds=2 | %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s --check-prefix=GPU2
// transposed-tiles (default 2): C tiles (chunks) per block. The choice: the most tiles, then the largest
// block, such that the stack of C tiles divides the rows (and 32 * vw the columns), one area of C staged
// tiles per round of staging fits 48 KiB of workgroup memory (kernel_staged_tile_floats; transposed-staging-rounds,
// default 0: as many rounds as transposed accesses, so one area must fit; 1: every access's area at once, the
// rule before 2026-12-04) and the grid keeps transposed-min-grid (default 264) blocks; none: one tile of
// transposed-min-block threads.

/// 1024^2: 2 tiles would leave 128 blocks of 1024 threads, 256 of 512, one tile of 1024 256 (< 264):
/// one tile of 512, 512 blocks. transposed-min-block=1024: that one tile of 1024 threads whatever the grid.
// CHECK: {block = 512 : i64, {{.*}}sym_name = "triton_poi_fused_add_permute_0", {{.*}}xblock = 2048 : i64
// MINB: {block = 1024 : i64, {{.*}}xblock = 4096 : i64
// OFF: block = 256 : i64, {{.*}}xblock = 1024 : i64
// T128: block = 128 : i64, {{.*}}xblock = 1024 : i64
/// (128 threads: 2 tiles of 4 rows keep 1024 blocks)
// CHUNKS: block = 512 : i64, {{.*}}xblock = 2048 : i64
/// (4 tiles of 1024 threads would stage 4 x 4286 floats > 12288: 4 of 512)
// TILES: block = 512 : i64, {{.*}}xblock = 8192 : i64
func.func @xxt(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %s = "graph.add"(%x, %p) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %s : tensor<1024x1024xf32>
}

// -----
/// 16 x 16: 256 points of 4 lanes, the block halved from 512 while half of it covers them: 64 (one
/// chunk: 16 columns are no 128-column tile, so there is nothing to stack, grid rule or not).
// CHECK: {block = 64 : i64, {{.*}}xblock = 256 : i64
// OFF: block = 64 : i64, {{.*}}xblock = 256 : i64
// TILES: block = 64 : i64, {{.*}}xblock = 256 : i64
func.func @small(%x: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %s = "graph.add"(%x, %p) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return %s : tensor<16x16xf32>
}

// -----
/// No transposed read: the block option (256), pointwise-chunks applies.
// CHECK: {block = 256 : i64, {{.*}}sym_name = "triton_poi_fused_add_0", {{.*}}xblock = 1024 : i64
// T128: block = 256 : i64, {{.*}}xblock = 1024 : i64
// CHUNKS: block = 256 : i64, {{.*}}xblock = 2048 : i64
// TILES: block = 256 : i64, {{.*}}xblock = 1024 : i64
func.func @plain(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %s = "graph.add"(%x, %y) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %s : tensor<1024x1024xf32>
}

// -----
/// 64 rows: 4 tiles of 16 rows stack exactly (xblock 512 * 4 * 4).
// CHECK: {block = 512 : i64, {{.*}}xblock = 2048 : i64
// TILES: {block = 512 : i64, {{.*}}xblock = 8192 : i64
func.func @rows64(%x: tensor<128x64xf32>, %y: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<128x64xf32>) -> tensor<64x128xf32>
  %s = "graph.add"(%y, %p) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
  return %s : tensor<64x128xf32>
}

// -----
/// 48 rows: neither 4 (64 rows) nor 2 (32) tiles of 16 divide them: one tile per block.
// TILES: {block = 512 : i64, {{.*}}xblock = 2048 : i64
func.func @rows48(%x: tensor<128x48xf32>, %y: tensor<48x128xf32>) -> tensor<48x128xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<128x48xf32>) -> tensor<48x128xf32>
  %s = "graph.add"(%y, %p) : (tensor<48x128xf32>, tensor<48x128xf32>) -> tensor<48x128xf32>
  return %s : tensor<48x128xf32>
}

// -----
/// 1056 x 1024: 2 tiles leave exactly 264 blocks, the edge kept (xblock 4096); one row of tiles fewer
/// is @xxt's side of it.
// CHECK: {block = 512 : i64, {{.*}}xblock = 4096 : i64
func.func @edge(%x: tensor<1024x1056xf32>, %y: tensor<1056x1024xf32>) -> tensor<1056x1024xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<1024x1056xf32>) -> tensor<1056x1024xf32>
  %s = "graph.add"(%y, %p) : (tensor<1056x1024xf32>, tensor<1056x1024xf32>) -> tensor<1056x1024xf32>
  return %s : tensor<1056x1024xf32>
}

// -----
/// 1000 columns are not whole 128-column tiles: no tiling, so no stack either (one chunk; several
/// would be laid out flat, untiled: kernel_tiles_fit, the rule convert-kernel-to-gpu tiles by).
// TILES: {block = 512 : i64, {{.*}}xblock = 2048 : i64
func.func @cols1000(%x: tensor<1000x1024xf32>, %y: tensor<1024x1000xf32>) -> tensor<1024x1000xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<1000x1024xf32>) -> tensor<1024x1000xf32>
  %s = "graph.add"(%y, %p) : (tensor<1024x1000xf32>, tensor<1024x1000xf32>) -> tensor<1024x1000xf32>
  return %s : tensor<1024x1000xf32>
}

// -----
/// A transposed write counts as a transposed access: y and y.T written by one kernel (the loops reordered
/// so that both read x[i, j] at the same point; examples/transpose_copy.mlir) get the transposed geometry:
/// at 2048^2 two tiles of 512 threads (1024 blocks; two of 1024 would be 512 blocks, < 528);
/// transposed-block=0: the block option's 256 threads, one chunk; transposed-tiles=1: one tile of 1024
/// threads (1024 blocks).
// CHECK: {block = 512 : i64, {{.*}}sym_name = "triton_poi_fused_clone_permute_relu_0", {{.*}}xblock = 4096 : i64
// OFF: {block = 256 : i64, {{.*}}sym_name = "triton_poi_fused_clone_permute_relu_0", {{.*}}xblock = 1024 : i64
// ONE: {block = 1024 : i64, {{.*}}sym_name = "triton_poi_fused_clone_permute_relu_0", {{.*}}xblock = 4096 : i64
func.func @store_t(%x: tensor<2048x2048xf32>) -> (tensor<2048x2048xf32>, tensor<2048x2048xf32>) {
  %y = "graph.relu"(%x) : (tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %t = "graph.permute"(%y) {dims = array<i64: 1, 0>} : (tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %c = "graph.clone"(%t) : (tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %y, %c : tensor<2048x2048xf32>, tensor<2048x2048xf32>
}

// -----
/// The grid edge of the 1024-thread block: it needs twice transposed-min-grid blocks (528). 4224 x 1024 in
/// 2 tiles of 1024 threads is exactly 528 blocks.
// CHECK: {block = 1024 : i64, {{.*}}xblock = 8192 : i64
func.func @edge1024(%x: tensor<1024x4224xf32>, %y: tensor<4224x1024xf32>) -> tensor<4224x1024xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<1024x4224xf32>) -> tensor<4224x1024xf32>
  %s = "graph.add"(%y, %p) : (tensor<4224x1024xf32>, tensor<4224x1024xf32>) -> tensor<4224x1024xf32>
  return %s : tensor<4224x1024xf32>
}

// -----
/// One 64-row stack fewer (4160 x 1024): 520 blocks of 1024 threads, so two tiles of 512 (1040 blocks);
/// transposed-min-block=1024: 1024 threads need only 264 blocks.
// CHECK: {block = 512 : i64, {{.*}}xblock = 4096 : i64
// MINB: {block = 1024 : i64, {{.*}}xblock = 8192 : i64
func.func @below1024(%x: tensor<1024x4160xf32>, %y: tensor<4160x1024xf32>) -> tensor<4160x1024xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<1024x4160xf32>) -> tensor<4160x1024xf32>
  %s = "graph.add"(%y, %p) : (tensor<4160x1024xf32>, tensor<4160x1024xf32>) -> tensor<4160x1024xf32>
  return %s : tensor<4160x1024xf32>
}

// -----
/// 4128 rows: whole 32-row tiles (129) but no whole 64-row stack: two tiles of 512 threads.
// CHECK: {block = 512 : i64, {{.*}}xblock = 4096 : i64
func.func @rows4128(%x: tensor<1024x4128xf32>, %y: tensor<4128x1024xf32>) -> tensor<4128x1024xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<1024x4128xf32>) -> tensor<4128x1024xf32>
  %s = "graph.add"(%y, %p) : (tensor<4128x1024xf32>, tensor<4128x1024xf32>) -> tensor<4128x1024xf32>
  return %s : tensor<4128x1024xf32>
}

// -----
/// Two transposed reads at 4096^2 (the grid takes two tiles of 1024 threads): one area of 2 x 4286 floats
/// fits 12288 (the static limit), the two accesses staged in two rounds through it. transposed-staging-rounds=1
/// (both areas at once): 2 x 2 x 4286 do not fit, two tiles of 512 (2 x 2 x 2238) do. transposed-tiles=1:
/// one tile of 1024.
// CHECK: {block = 1024 : i64, {{.*}}xblock = 8192 : i64
// R1: {block = 512 : i64, {{.*}}xblock = 4096 : i64
// ONE: {block = 1024 : i64, {{.*}}xblock = 4096 : i64
func.func @two_t(%x: tensor<4096x4096xf32>, %y: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %q = "graph.permute"(%y) {dims = array<i64: 1, 0>} : (tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %s = "graph.add"(%p, %q) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %s : tensor<4096x4096xf32>
}

// -----
/// Three: two tiles of 1024 threads, one area (8454 floats of workgroup memory, three rounds of staging through
/// it). transposed-staging-rounds=2: two areas must fit, 2 x 2 x 4286 do not, two tiles of 512 do (two areas of
/// 4388 floats: 8776). transposed-staging-rounds=1: 3 x 2 x 2238 > 12288 for two tiles of 512, 3 x 4286 for one
/// of 1024: one tile of 512 threads, three areas of 2194 floats (before the rule, two tiles of 512 were chosen
/// and convert-kernel-to-gpu fell back to the flat layout, every transposed read uncoalesced).
// CHECK: {block = 1024 : i64, {{.*}}xblock = 8192 : i64
// R1: {block = 512 : i64, {{.*}}xblock = 2048 : i64
// ONE: {block = 1024 : i64, {{.*}}xblock = 4096 : i64
// GPU: ^bb0({{.*}}, %{{.*}}: memref<8454xf32, #gpu.address_space<workgroup>>):
// GPU1: ^bb0({{.*}}, %{{.*}}: memref<6582xf32, #gpu.address_space<workgroup>>):
// GPU2: ^bb0({{.*}}, %{{.*}}: memref<8776xf32, #gpu.address_space<workgroup>>):
func.func @three_t(%x: tensor<4096x4096xf32>, %y: tensor<4096x4096xf32>, %z: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %q = "graph.permute"(%y) {dims = array<i64: 1, 0>} : (tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %r = "graph.permute"(%z) {dims = array<i64: 1, 0>} : (tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %s = "graph.add"(%p, %q) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  %t = "graph.add"(%s, %r) : (tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %t : tensor<4096x4096xf32>
}
