// A split reduction fused with the reduction it reads: rms_norm feeding prod over every dim of
// [3, 1023, 8] becomes partials over [3] x [8184] whose body reads the rms sum buf0 at
// `d0 + d1 floordiv 8184`; buf0 is written at `d0` in the same kernel. The scheduler's MemoryDeps
// (range-aware) saw the same point and fused them, but sched-to-kernel compared the raw expressions and
// rejected the valid program ("read at another index than it is written"; soak seeds 2048380, 2052070,
// shrunk; inductor, vertical and search fused it). It now compares them simplified with the kernel's
// ranges too (ind_affine_simplify_with_ranges, the MemoryDep simplifier).
// RUN: %ind-run %s | %filecheck %s
// RUN: %ind-opt %s --lower --fuse=vertical --codegen -o /dev/null
// RUN: %ind-opt %s --lower --fuse=search --codegen -o /dev/null
// RUN: %ind-opt %s --lower --fuse --codegen | %filecheck %s --check-prefix=KERNEL
// CHECK: check out0: 3x1023x8xbool {{.*}} PASS
// The rms sum and the prod partials are one kernel (the fusion that was rejected).
// KERNEL: "kernel.reduce"{{.*}}reduction_type = "sum"
// KERNEL-NOT: sym_name
// KERNEL: "kernel.reduce"{{.*}}reduction_type = "prod"
// KERNEL: sym_name = "triton_red_fused_add_mean_mul_prod_rsqrt_0"
func.func @prog(%arg0_1: tensor<3x1023x8xf32>, %arg1_1: tensor<1023x8xf32>, %arg2_1: tensor<bf16>, %arg3_1: tensor<1023x8xi1>) -> tensor<3x1023x8xi1> {
  %v6 = "graph.rms_norm"(%arg0_1, %arg1_1) {normalized_shape = array<i64: 1023, 8>, eps = 1.0e-05 : f64} : (tensor<3x1023x8xf32>, tensor<1023x8xf32>) -> tensor<3x1023x8xf32>
  %v7 = "graph.prod"(%v6) {dims = array<i64: -3, 1, 2>, keepdim = false} : (tensor<3x1023x8xf32>) -> tensor<f32>
  %v11 = "graph.where"(%arg3_1, %v7, %arg0_1) : (tensor<1023x8xi1>, tensor<f32>, tensor<3x1023x8xf32>) -> tensor<3x1023x8xf32>
  %v12 = "graph.where"(%arg3_1, %arg0_1, %v11) : (tensor<1023x8xi1>, tensor<3x1023x8xf32>, tensor<3x1023x8xf32>) -> tensor<3x1023x8xf32>
  %v15 = "graph.lt"(%arg2_1, %v12) : (tensor<bf16>, tensor<3x1023x8xf32>) -> tensor<3x1023x8xi1>
  return %v15 : tensor<3x1023x8xi1>
}
