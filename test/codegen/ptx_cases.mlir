/// PTX of the hand-written sched cases through --codegen --emit=ptx: one .entry per kernel, no local
/// memory (no spills, no stack arrays), 16-byte global loads/stores where the index is contiguous.
// RUN: %ind-opt %S/Inputs/pointwise.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' --emit=ptx -o %t.poi.ptx
// RUN: %filecheck %s --input-file=%t.poi.ptx --check-prefix=NOLOCAL
// RUN: %filecheck %s --input-file=%t.poi.ptx --check-prefix=ONE
// RUN: %filecheck %s --input-file=%t.poi.ptx --check-prefix=POI
// RUN: %ind-opt %S/Inputs/looped.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' --emit=ptx -o %t.red.ptx
// RUN: %filecheck %s --input-file=%t.red.ptx --check-prefix=NOLOCAL
// RUN: %filecheck %s --input-file=%t.red.ptx --check-prefix=ONE
// RUN: %filecheck %s --input-file=%t.red.ptx --check-prefix=RED
// RUN: %ind-opt %S/Inputs/softmax.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' --emit=ptx -o %t.soft.ptx
// RUN: %filecheck %s --input-file=%t.soft.ptx --check-prefix=NOLOCAL
// RUN: %filecheck %s --input-file=%t.soft.ptx --check-prefix=ONE
// RUN: %filecheck %s --input-file=%t.soft.ptx --check-prefix=SOFT
// RUN: %ind-opt %S/Inputs/mm_epilogue.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' --emit=ptx -o %t.mm.ptx
// RUN: %filecheck %s --input-file=%t.mm.ptx --check-prefix=NOLOCAL
// RUN: %filecheck %s --input-file=%t.mm.ptx --check-prefix=ONE
// RUN: %filecheck %s --input-file=%t.mm.ptx --check-prefix=MM
// RUN: %ind-opt %S/Inputs/chain.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' --emit=ptx -o %t.chain.ptx
// RUN: %filecheck %s --input-file=%t.chain.ptx --check-prefix=NOLOCAL
// RUN: %filecheck %s --input-file=%t.chain.ptx --check-prefix=CHAIN
// RUN: %ind-opt %S/Inputs/colsum.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' --emit=ptx -o %t.col.ptx
// RUN: %filecheck %s --input-file=%t.col.ptx --check-prefix=NOLOCAL
// RUN: %filecheck %s --input-file=%t.col.ptx --check-prefix=COL

// ONE-COUNT-1: .entry
// ONE-NOT: .entry
// NOLOCAL-NOT: .local

// POI: .entry triton_poi_fused_add_mul_relu_0(
// POI: ld.global.nc.v4.{{f32|b32}}
// POI: ld.global.nc.v4.{{f32|b32}}
// POI: st.global.v4.{{f32|b32}}

/// The looped reduction's epilogue loop re-reads x (vectorized) and stores the row minus its mean.
// RED: .entry triton_red_fused_div_sub_sum_0(
// RED: ld.global.nc.v4.{{f32|b32}}
// RED: shfl.sync.bfly.b32
// RED: bar.sync
// RED: ld.global.nc.v4.{{f32|b32}}
// RED: st.global.v4.{{f32|b32}}

/// Two block reductions (max, then sum): two barriers.
// SOFT: .entry triton_per_fused_amax_div_exp_sub_sum_0(
// SOFT: ld.global.nc.v4.{{f32|b32}}
// SOFT: bar.sync
// SOFT: ex2.approx
// SOFT: bar.sync
// SOFT: st.global.v4.{{f32|b32}}

/// mm is an extern call: only the epilogue is a kernel.
// MM: .entry triton_poi_fused_add_relu_0(
// MM: ld.global.nc.v4.{{f32|b32}}

// CHAIN-COUNT-3: .entry
// CHAIN-NOT: .entry

/// The outer reduction reads one column element per thread (coalesced across the warp's columns) and
/// combines per-column partials in shared memory: no shuffles.
// COL: .entry triton_red_fused_sum_0(
// COL: ld.global.nc.{{f32|b32}}
// COL-NOT: shfl.sync
// COL: bar.sync
// COL: ld.shared
