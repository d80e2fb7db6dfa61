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
