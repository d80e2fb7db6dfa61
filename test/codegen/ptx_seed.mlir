/// PTX of the hand-written seed kernel (test/kernel/seed_kernel.mlir): one entry, bare-pointer params,
/// 16-byte vectorized global loads (read-only path: the args are noalias) and stores, the warp
/// butterfly and one barrier for the cross-warp step, and no local memory (nothing spilled).
// RUN: %ind-opt %S/../kernel/seed_kernel.mlir --emit=ptx -o %t.ptx
// RUN: %filecheck %s --input-file=%t.ptx
// RUN: %filecheck %s --input-file=%t.ptx --check-prefix=COUNT
// RUN: %filecheck %s --input-file=%t.ptx --check-prefix=NOLOCAL

// COUNT-COUNT-1: .entry
// COUNT-NOT: .entry
// NOLOCAL-NOT: .local

// CHECK: .target sm_90
// CHECK: .visible .entry triton_per_fused_add_mean_mul_relu_sub_0(
// CHECK-COUNT-5: {{^}}	.param .u64
// CHECK-NOT: {{^}}	.param
// CHECK: {{^}})
// CHECK: ld.global.nc.v4.{{f32|b32}}
// CHECK: shfl.sync.bfly.b32
// CHECK: bar.sync
// CHECK: st.global.v4.{{f32|b32}}
