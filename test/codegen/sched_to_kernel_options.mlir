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

// PREFIX-NOT: row_layout
// PREFIX: block = 256 : i64
// PREFIX-NOT: row_layout
// PREFIX-SAME: sym_name = "ind_per_fused_add_mean_mul_relu_sub_0"
// PREFIX: block = array<i64: 256>, grid = array<i64: 1024>

/// rnumel 8192: looped by default (512 threads), persistent when the threshold allows it.
// ROW-NOT: row_layout
// ROW: block = 512 : i64, kind = "reduction"
// ROW-NOT: row_layout
// ROW-SAME: sym_name = "triton_red_fused_sum_0"
// ROW-SAME: xblock = 1 : i64
// ROW: "kernel.alloc"() {name = "buf0"} : () -> memref<64xf32>
// ROW: grid = array<i64: 64>
/// Persistent at 8192 wide: 256 threads per row leaves no room to pack rows (one row per block).
// ROWPER-NOT: row_layout
// ROWPER: kind = "persistent_reduction"
// ROWPER-NOT: row_layout
// ROWPER-SAME: sym_name = "triton_per_fused_sum_0"
// ROWPER-SAME: xblock = 1 : i64

/// vector_width 1: 128 threads per row (8 elements each), 2 rows per block.
// VW1: block = 256 : i64
// VW1-SAME: row_layout = true
// VW1-SAME: vector_width = 1
// VW1-SAME: xblock = 2 : i64
// VW1: block = array<i64: 256>, grid = array<i64: 512>

/// inner-rows-per-block: 1 keeps one row of 128 threads per block; 4 pins 4 rows of 32 threads; 64 is
/// halved until the block fits 1024 threads (32 rows); the default on 512 rows stops at 4 rows so the
/// grid keeps 128 blocks; a pinned reduction-block keeps the one-row geometry.
// RUN: %ind-opt %S/Inputs/seed.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel{inner-rows-per-block=1})' | %filecheck %s --check-prefix=ROWS1
// RUN: %ind-opt %S/Inputs/seed.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel{inner-rows-per-block=4})' | %filecheck %s --check-prefix=ROWS4
// RUN: %ind-opt %S/Inputs/seed.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel{inner-rows-per-block=64})' | %filecheck %s --check-prefix=ROWS64
// RUN: %ind-opt %S/Inputs/softmax.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel)' | %filecheck %s --check-prefix=SOFT
// ROWS1-NOT: row_layout
// ROWS1: block = 128 : i64, kind = "persistent_reduction"
// ROWS1-NOT: row_layout
// ROWS1-SAME: xblock = 1 : i64
// ROWS1: block = array<i64: 128>, grid = array<i64: 1024>
// ROWS4: block = 128 : i64, kind = "persistent_reduction", row_layout = true
// ROWS4-SAME: vector_width = 4 : i64, xblock = 4 : i64
// ROWS4: block = array<i64: 128>, grid = array<i64: 256>
// ROWS64: block = 1024 : i64, kind = "persistent_reduction", row_layout = true
// ROWS64-SAME: xblock = 32 : i64
// ROWS64: block = array<i64: 1024>, grid = array<i64: 32>
// SOFT: block = 128 : i64, kind = "persistent_reduction", row_layout = true
// SOFT-SAME: xblock = 4 : i64
// SOFT: block = array<i64: 128>, grid = array<i64: 128>

/// An outer (column) reduction: 32 columns per block with 8 threads each, one element per access; looped
/// (rnumel 256 > 64, Inductor's threshold for non-INNER reductions) unless the outer threshold allows.
// RUN: %ind-opt %S/Inputs/colsum.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel)' | %filecheck %s --check-prefix=OUTER
// RUN: %ind-opt %S/Inputs/colsum.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel{outer-persistent-threshold=256 outer-rthreads=32 outer-xblock=8})' | %filecheck %s --check-prefix=OUTERPER
// OUTER-NOT: row_layout
// OUTER: block = 256 : i64, kind = "reduction"
// OUTER-NOT: row_layout
// OUTER-SAME: sym_name = "triton_red_fused_sum_0", vector_width = 1 : i64, xblock = 32 : i64
// OUTER: block = array<i64: 256>, grid = array<i64: 16>
// OUTERPER-NOT: row_layout
// OUTERPER: block = 256 : i64, kind = "persistent_reduction"
// OUTERPER-NOT: row_layout
// OUTERPER-SAME: sym_name = "triton_per_fused_sum_0", vector_width = 1 : i64, xblock = 8 : i64
// OUTERPER: block = array<i64: 256>, grid = array<i64: 64>
