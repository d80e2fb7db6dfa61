// Outer (column) reductions at the edges of their rules: x points per block = outer-xblock, halved while
// half still covers numel; threads per x point = outer-rthreads (grown until a block has 32 threads);
// persistent iff rnumel <= outer-persistent-threshold and ceil(rnumel / rthreads) <= 64.
// Split reductions (convert-graph-to-ind, test/lower/split_reduction.mlir) are off here: this file pins the
// geometry of one outer reduction kernel.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-decompose,graph-infer-shapes,convert-graph-to-ind{split-reductions=false},ind-schedule,fuse-inductor,sched-to-kernel)' | %filecheck %s --check-prefix=AUTO
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-decompose,graph-infer-shapes,convert-graph-to-ind{split-reductions=false},ind-schedule,fuse-inductor,sched-to-kernel{outer-persistent-threshold=256})' | %filecheck %s --check-prefix=AT
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-decompose,graph-infer-shapes,convert-graph-to-ind{split-reductions=false},ind-schedule,fuse-inductor,sched-to-kernel{outer-persistent-threshold=255})' | %filecheck %s --check-prefix=BELOW
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-decompose,graph-infer-shapes,convert-graph-to-ind{split-reductions=false},ind-schedule,fuse-inductor,sched-to-kernel{outer-persistent-threshold=1024})' | %filecheck %s --check-prefix=BIG
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-decompose,graph-infer-shapes,convert-graph-to-ind{split-reductions=false},ind-schedule,fuse-inductor,sched-to-kernel{outer-xblock=2 outer-rthreads=8})' | %filecheck %s --check-prefix=GROW
//
/// 64 x 16 and 64 x 17: 16 columns take half the default 32 (16 >= 16), 17 do not. rnumel 64 is at the
/// default threshold: persistent.
// AUTO: block = 128 : i64, kind = "persistent_reduction"
// AUTO-SAME: rranges = array<i64: 64>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 16 : i64
// AUTO: block = 256 : i64, kind = "persistent_reduction"
// AUTO-SAME: rranges = array<i64: 64>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
/// 256 x 512 (16 blocks of 32 columns): looped by default, persistent at threshold 256, not at 255.
// AUTO: block = 256 : i64, kind = "reduction"
// AUTO-SAME: rranges = array<i64: 256>, sym_name = "triton_red_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// AUTO: grid = array<i64: 16>
/// 512 rows: ceil(512 / 8) = 64 per thread, persistent when the threshold allows; 520 rows: 65, looped.
// AUTO: block = 256 : i64, kind = "reduction"
// AUTO-SAME: rranges = array<i64: 512>, sym_name = "triton_red_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// AUTO: block = 256 : i64, kind = "reduction"
// AUTO-SAME: rranges = array<i64: 520>, sym_name = "triton_red_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// AT: block = 128 : i64, kind = "persistent_reduction"
// AT-SAME: rranges = array<i64: 64>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 16 : i64
// AT: block = 256 : i64, kind = "persistent_reduction"
// AT-SAME: rranges = array<i64: 64>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// AT: block = 256 : i64, kind = "persistent_reduction"
// AT-SAME: rranges = array<i64: 256>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// AT: block = 256 : i64, kind = "reduction"
// AT-SAME: rranges = array<i64: 512>, sym_name = "triton_red_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// AT: block = 256 : i64, kind = "reduction"
// AT-SAME: rranges = array<i64: 520>, sym_name = "triton_red_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// BELOW: block = 128 : i64, kind = "persistent_reduction"
// BELOW-SAME: rranges = array<i64: 64>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 16 : i64
// BELOW: block = 256 : i64, kind = "persistent_reduction"
// BELOW-SAME: rranges = array<i64: 64>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// BELOW: block = 256 : i64, kind = "reduction"
// BELOW-SAME: rranges = array<i64: 256>, sym_name = "triton_red_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// BELOW: block = 256 : i64, kind = "reduction"
// BELOW-SAME: rranges = array<i64: 512>, sym_name = "triton_red_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// BELOW: block = 256 : i64, kind = "reduction"
// BELOW-SAME: rranges = array<i64: 520>, sym_name = "triton_red_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// BIG: block = 128 : i64, kind = "persistent_reduction"
// BIG-SAME: rranges = array<i64: 64>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 16 : i64
// BIG: block = 256 : i64, kind = "persistent_reduction"
// BIG-SAME: rranges = array<i64: 64>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// BIG: block = 256 : i64, kind = "persistent_reduction"
// BIG-SAME: rranges = array<i64: 256>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// BIG: block = 256 : i64, kind = "persistent_reduction"
// BIG-SAME: rranges = array<i64: 512>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// BIG: block = 256 : i64, kind = "reduction"
// BIG-SAME: rranges = array<i64: 520>, sym_name = "triton_red_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
/// outer-xblock=2 outer-rthreads=8: 16 threads, so rthreads doubles to 16 (block 32).
// GROW: block = 32 : i64, kind = "persistent_reduction"
// GROW-SAME: rranges = array<i64: 64>, sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 2 : i64

func.func @colsum_64x16(%arg0_1: tensor<64x16xf32>) -> tensor<16xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 0>, keepdim = false} : (tensor<64x16xf32>) -> tensor<16xf32>
  return %s : tensor<16xf32>
}
// -----
func.func @colsum_64x17(%arg0_1: tensor<64x17xf32>) -> tensor<17xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 0>, keepdim = false} : (tensor<64x17xf32>) -> tensor<17xf32>
  return %s : tensor<17xf32>
}
// -----
func.func @colsum_256x512(%arg0_1: tensor<256x512xf32>) -> tensor<512xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 0>, keepdim = false} : (tensor<256x512xf32>) -> tensor<512xf32>
  return %s : tensor<512xf32>
}
// -----
func.func @colsum_512x512(%arg0_1: tensor<512x512xf32>) -> tensor<512xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 0>, keepdim = false} : (tensor<512x512xf32>) -> tensor<512xf32>
  return %s : tensor<512xf32>
}
// -----
func.func @colsum_520x512(%arg0_1: tensor<520x512xf32>) -> tensor<512xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 0>, keepdim = false} : (tensor<520x512xf32>) -> tensor<512xf32>
  return %s : tensor<512xf32>
}
