// Options of inner reductions at their edges, on a 4 x 8192 row sum.
// chunks * vector_width <= 64 with persistent-threshold=8192: block 128 gives 16 chunks of 4 (64: persistent),
// block 64 gives 32 chunks (128: looped).
// RUN: %ind-opt %s --codegen=persistent-threshold=8192,reduction-block=128 | %filecheck %s --check-prefix=REG64
// RUN: %ind-opt %s --codegen=persistent-threshold=8192,reduction-block=64 | %filecheck %s --check-prefix=REG128
// persistent-threshold itself: 8192 with the auto block (512, 4 chunks) is persistent, 8191 is not.
// RUN: %ind-opt %s --codegen=persistent-threshold=8192 | %filecheck %s --check-prefix=PT
// RUN: %ind-opt %s --codegen=persistent-threshold=8191 | %filecheck %s --check-prefix=PTBELOW
// reduction-block is rounded down to a multiple of 32: 96 stays, 95 becomes 64.
// RUN: %ind-opt %s --codegen=reduction-block=96 | %filecheck %s --check-prefix=RB96
// RUN: %ind-opt %s --codegen=reduction-block=95 | %filecheck %s --check-prefix=RB95
// vector-bytes: 16 -> 4 floats, 15 and 8 -> 2, 7 -> 1.
// RUN: %ind-opt %s --codegen=vector-bytes=16 | %filecheck %s --check-prefix=VB16
// RUN: %ind-opt %s --codegen=vector-bytes=15 | %filecheck %s --check-prefix=VB8
// RUN: %ind-opt %s --codegen=vector-bytes=8 | %filecheck %s --check-prefix=VB8
// RUN: %ind-opt %s --codegen=vector-bytes=7 | %filecheck %s --check-prefix=VB4
// REG64: block = 128 : i64, kind = "persistent_reduction"
// REG64-SAME: rranges = array<i64: 8192>, sym_name = "triton_per_fused_sum_0", vector_width = 4 : i64, xblock = 1 : i64
// REG128: block = 64 : i64, kind = "reduction"
// REG128-SAME: rranges = array<i64: 8192>, sym_name = "triton_red_fused_sum_0", vector_width = 4 : i64, xblock = 1 : i64
// PT: block = 512 : i64, kind = "persistent_reduction"
// PT-SAME: rranges = array<i64: 8192>, sym_name = "triton_per_fused_sum_0", vector_width = 4 : i64, xblock = 1 : i64
// PTBELOW: block = 512 : i64, kind = "reduction"
// PTBELOW-SAME: rranges = array<i64: 8192>, sym_name = "triton_red_fused_sum_0", vector_width = 4 : i64, xblock = 1 : i64
// RB96: block = 96 : i64, kind = "reduction"
// RB96-SAME: rranges = array<i64: 8192>, sym_name = "triton_red_fused_sum_0", vector_width = 4 : i64, xblock = 1 : i64
// RB95: block = 64 : i64, kind = "reduction"
// RB95-SAME: rranges = array<i64: 8192>, sym_name = "triton_red_fused_sum_0", vector_width = 4 : i64, xblock = 1 : i64
// VB16: block = 512 : i64, kind = "reduction"
// VB16-SAME: rranges = array<i64: 8192>, sym_name = "triton_red_fused_sum_0", vector_width = 4 : i64, xblock = 1 : i64
// VB8: block = 512 : i64, kind = "reduction"
// VB8-SAME: rranges = array<i64: 8192>, sym_name = "triton_red_fused_sum_0", vector_width = 2 : i64, xblock = 1 : i64
// VB4: block = 512 : i64, kind = "reduction"
// VB4-SAME: rranges = array<i64: 8192>, sym_name = "triton_red_fused_sum_0", vector_width = 1 : i64, xblock = 1 : i64
// REG64: grid = array<i64: 4>

func.func @rowsum_4x8192(%arg0_1: tensor<4x8192xf32>) -> tensor<4xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<4x8192xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
