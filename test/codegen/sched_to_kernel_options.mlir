/// The persistent / looped choice at the threshold (rnumel = 1024 in the seed) and the name prefix.
// RUN: %ind-opt %S/Inputs/seed.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel{persistent-threshold=1024})' | %filecheck %s --check-prefix=AT
// RUN: %ind-opt %S/Inputs/seed.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel{persistent-threshold=1023})' | %filecheck %s --check-prefix=BELOW
// RUN: %ind-opt %S/Inputs/seed.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel{kernel-prefix=ind reduction-block=256})' | %filecheck %s --check-prefix=PREFIX
// RUN: %ind-opt %S/Inputs/rowsum.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel)' | %filecheck %s --check-prefix=ROW
// RUN: %ind-opt %S/Inputs/rowsum.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel{persistent-threshold=8192})' | %filecheck %s --check-prefix=ROWPER
// RUN: %ind-opt %S/Inputs/seed.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel{vector-bytes=4})' | %filecheck %s --check-prefix=VW1

// AT: kind = "persistent_reduction"
// AT-SAME: sym_name = "triton_per_fused_add_mean_mul_relu_sub_0"
// AT: kernel = @triton_per_fused_add_mean_mul_relu_sub_0

// BELOW: kind = "reduction"
// BELOW-SAME: sym_name = "triton_red_fused_add_mean_mul_relu_sub_0"
// BELOW: kernel = @triton_red_fused_add_mean_mul_relu_sub_0

// PREFIX: block = 256 : i64
// PREFIX-SAME: sym_name = "ind_per_fused_add_mean_mul_relu_sub_0"
// PREFIX: block = array<i64: 256>, grid = array<i64: 1024>

/// rnumel 8192: looped by default (512 threads), persistent when the threshold allows it.
// ROW: block = 512 : i64, kind = "reduction"
// ROW-SAME: sym_name = "triton_red_fused_sum_0"
// ROW: "kernel.alloc"() {name = "buf0"} : () -> memref<64xf32>
// ROW: grid = array<i64: 64>
// ROWPER: kind = "persistent_reduction"
// ROWPER-SAME: sym_name = "triton_per_fused_sum_0"

// VW1: vector_width = 1

/// An outer (column) reduction: 32 columns per block with 8 threads each, one element per access; looped
/// (rnumel 256 > 64, Inductor's threshold for non-INNER reductions) unless the outer threshold allows.
// RUN: %ind-opt %S/Inputs/colsum.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel)' | %filecheck %s --check-prefix=OUTER
// RUN: %ind-opt %S/Inputs/colsum.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel{outer-persistent-threshold=256 outer-rthreads=32 outer-xblock=8})' | %filecheck %s --check-prefix=OUTERPER
// OUTER: block = 256 : i64, kind = "reduction"
// OUTER-SAME: sym_name = "triton_red_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// OUTER: block = array<i64: 256>, grid = array<i64: 16>
// OUTERPER: block = 256 : i64, kind = "persistent_reduction"
// OUTERPER-SAME: sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 8 : i64
// OUTERPER: block = array<i64: 256>, grid = array<i64: 64>
