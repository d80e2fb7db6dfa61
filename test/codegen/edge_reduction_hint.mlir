// Reduction hint when loads disagree: INNER as soon as one r-varying load is contiguous along r, whatever
// the order of the loads; OUTER only when none is and one is contiguous along x. x + x2.T summed over rows
// (load 1 along r, load 2 along x) and x2.T + x (the other order) are INNER (vectorized along r; rows of 64
// pack 4 to a 32-thread block, row_threads); x.T alone is OUTER (32 columns per block, scalar).
// RUN: %ind-opt %s --split-input-file --codegen | %filecheck %s
// CHECK: block = 32 : i64, kind = "persistent_reduction", row_threads = true
// CHECK-SAME: sym_name = "triton_per_fused_add_permute_sum_0", vector_width = 4 : i64, xblock = 4 : i64
// CHECK: grid = array<i64: 16>
// CHECK: block = 32 : i64, kind = "persistent_reduction", row_threads = true
// CHECK-SAME: sym_name = "triton_per_fused_add_permute_sum_0", vector_width = 4 : i64, xblock = 4 : i64
// CHECK: grid = array<i64: 16>
// CHECK: block = 256 : i64, kind = "persistent_reduction", rranges
// CHECK-SAME: sym_name = "triton_per_fused_permute_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// CHECK: grid = array<i64: 2>
/// A load that does not vary with r does not vote: x.permute(2, 0, 1) (r stride 8, x strides 1 and 128:
/// neither contiguous) plus a bias b[x0, x1, 0] (contiguous along the innermost x, but r-invariant) stays
/// DEFAULT, i.e. the inner geometry (threads along r, vector width 4; rows of 16 pack 16 to a block,
/// row_threads), not OUTER (32 columns per block, scalar, threads along x).
// CHECK: block = 32 : i64, kind = "persistent_reduction", row_threads = true
// CHECK-SAME: sym_name = "triton_per_fused_add_permute_sum_0", vector_width = 4 : i64, xblock = 16 : i64
// CHECK: grid = array<i64: 2>
func.func @mixed_rx(%arg0_1: tensor<64x64xf32>, %arg1_1: tensor<64x64xf32>) -> tensor<64xf32> {
  %t = "graph.permute"(%arg1_1) {dims = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %a = "graph.add"(%arg0_1, %t) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = "graph.sum"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<64x64xf32>) -> tensor<64xf32>
  return %s : tensor<64xf32>
}
// -----
func.func @mixed_xr(%arg0_1: tensor<64x64xf32>, %arg1_1: tensor<64x64xf32>) -> tensor<64xf32> {
  %t = "graph.permute"(%arg1_1) {dims = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %a = "graph.add"(%t, %arg0_1) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = "graph.sum"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<64x64xf32>) -> tensor<64xf32>
  return %s : tensor<64xf32>
}
// -----
func.func @only_x(%arg0_1: tensor<64x64xf32>) -> tensor<64xf32> {
  %t = "graph.permute"(%arg0_1) {dims = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %s = "graph.sum"(%t) {dims = array<i64: 1>, keepdim = false} : (tensor<64x64xf32>) -> tensor<64xf32>
  return %s : tensor<64xf32>
}
// -----
func.func @strided_r_bias_x(%a: tensor<4x16x8xf32>, %b: tensor<8x4x1xf32>) -> tensor<8x4xf32> {
  %t = "graph.permute"(%a) {dims = array<i64: 2, 0, 1>} : (tensor<4x16x8xf32>) -> tensor<8x4x16xf32>
  %m = "graph.add"(%t, %b) : (tensor<8x4x16xf32>, tensor<8x4x1xf32>) -> tensor<8x4x16xf32>
  %s = "graph.sum"(%m) {dims = array<i64: 2>, keepdim = false} : (tensor<8x4x16xf32>) -> tensor<8x4xf32>
  return %s : tensor<8x4xf32>
}
