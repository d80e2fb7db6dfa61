// Launch geometry of inner (row) reductions at the edges of each rule (sched-to-kernel, --codegen):
// reduction-block 0 (auto) = pow2ceil(ceil(rnumel / 8)) clamped to [32, 512]; vector_width = the largest
// power of 2 <= vector-bytes / 4 dividing rnumel; persistent iff rnumel <= persistent-threshold and
// chunks * vector_width <= 64 (chunks = ceil(rnumel / (block * vector_width))).
// Warp rows (rows of 129..768 on a warp each, test/codegen/edge_warp_rows.mlir) are off here: this pins the
// one-row rule they fall back to.
// RUN: %ind-opt %s --split-input-file --codegen=warp-rows-max-rnumel=0 | %filecheck %s --check-prefix=AUTO
//
/// Auto block (one row per block; rows of at most 128 pack several to a block on top, here 2 rows of 16
/// threads for 4 x 128, test/codegen/edge_inner_rows.mlir): 128 -> 16 -> clamped to 32; 256 -> 32; 264 -> ceil(33) -> 64; 4096 -> 512; 4104 -> 513 ->
/// 1024 -> clamped to 512. rnumel 1024 is persistent (at the threshold), 1026 and 1025 are not; vector
/// width 4 / 2 / 1 by divisibility.
// AUTO: block = 32 : i64, kind = "persistent_reduction", row_threads = true
// AUTO-SAME: rranges = array<i64: 128>, sym_name = "triton_per_fused_sum_0", vector_width = 4 : i64, xblock = 2 : i64
// AUTO: block = 32 : i64, kind = "persistent_reduction"
// AUTO-SAME: rranges = array<i64: 256>, sym_name = "triton_per_fused_sum_0", vector_width = 4 : i64, xblock = 1 : i64
// AUTO: block = 64 : i64, kind = "persistent_reduction"
// AUTO-SAME: rranges = array<i64: 264>, sym_name = "triton_per_fused_sum_0", vector_width = 4 : i64, xblock = 1 : i64
// AUTO: block = 512 : i64, kind = "reduction"
// AUTO-SAME: rranges = array<i64: 4096>, sym_name = "triton_red_fused_sum_0", vector_width = 4 : i64, xblock = 1 : i64
// AUTO: block = 512 : i64, kind = "reduction"
// AUTO-SAME: rranges = array<i64: 4104>, sym_name = "triton_red_fused_sum_0", vector_width = 4 : i64, xblock = 1 : i64
// AUTO: block = 128 : i64, kind = "persistent_reduction"
// AUTO-SAME: rranges = array<i64: 1024>, sym_name = "triton_per_fused_sum_0", vector_width = 4 : i64, xblock = 1 : i64
// AUTO: block = 256 : i64, kind = "reduction"
// AUTO-SAME: rranges = array<i64: 1026>, sym_name = "triton_red_fused_sum_0", vector_width = 2 : i64, xblock = 1 : i64
// AUTO: block = 256 : i64, kind = "reduction"
// AUTO-SAME: rranges = array<i64: 1025>, sym_name = "triton_red_fused_sum_0", vector_width = 1 : i64, xblock = 1 : i64

func.func @rowsum_4x128(%arg0_1: tensor<4x128xf32>) -> tensor<4xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<4x128xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
// -----
func.func @rowsum_4x256(%arg0_1: tensor<4x256xf32>) -> tensor<4xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<4x256xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
// -----
func.func @rowsum_4x264(%arg0_1: tensor<4x264xf32>) -> tensor<4xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<4x264xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
// -----
func.func @rowsum_4x4096(%arg0_1: tensor<4x4096xf32>) -> tensor<4xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<4x4096xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
// -----
func.func @rowsum_4x4104(%arg0_1: tensor<4x4104xf32>) -> tensor<4xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<4x4104xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
// -----
func.func @rowsum_4x1024(%arg0_1: tensor<4x1024xf32>) -> tensor<4xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<4x1024xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
// -----
func.func @rowsum_4x1026(%arg0_1: tensor<4x1026xf32>) -> tensor<4xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<4x1026xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
// -----
func.func @rowsum_4x1025(%arg0_1: tensor<4x1025xf32>) -> tensor<4xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<4x1025xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
