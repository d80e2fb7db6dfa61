// The GPU lowering's masks and neutral elements on tails, checked in the IR (the values are checked on the
// device by test/gpu/*.test; this file makes the same mistakes visible without a GPU). Per reduction kind, a
// 3 x 17 row reduction (17 = one chunk of 32 threads minus 15: masked lanes): the lane's r index is
// compared (ult) with rnumel 17, and a masked lane contributes the kind's neutral element through a select
// before the combiner. 3 x 132 (vector width 4, a second chunk of 4 elements): every lane of the vector
// uses the chunk's mask against 132. A 5 x 17 column reduction: the x mask (ult 17) guards the store and
// joins the r mask (ult 5).
// RUN: %ind-opt %s --split-input-file --codegen | %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s
// CHECK-LABEL: "gpu.module"
// CHECK: [[LIM:%[0-9]+]] = "arith.constant"() <{value = 17 : index}>
// CHECK-NEXT: [[VALID:%[0-9]+]] = "arith.cmpi"(%{{[0-9]+}}, [[LIM]]) <{predicate = 6 : i64}>
// CHECK: [[X:%[0-9]+]] = "memref.load"(%arg1,
// CHECK-NEXT: [[NEU:%[0-9]+]] = "arith.constant"() <{value = 0xFF800000 : f32}>
// CHECK-NEXT: [[M:%[0-9]+]] = "arith.select"([[VALID]], [[X]], [[NEU]])
// CHECK: "arith.maximumf"([[M]],
// CHECK: sym_name = "triton_per_fused_amax_0"
// CHECK-LABEL: "gpu.module"
// CHECK: [[LIM:%[0-9]+]] = "arith.constant"() <{value = 17 : index}>
// CHECK-NEXT: [[VALID:%[0-9]+]] = "arith.cmpi"(%{{[0-9]+}}, [[LIM]]) <{predicate = 6 : i64}>
// CHECK: [[X:%[0-9]+]] = "memref.load"(%arg1,
// CHECK-NEXT: [[NEU:%[0-9]+]] = "arith.constant"() <{value = 0x7F800000 : f32}>
// CHECK-NEXT: [[M:%[0-9]+]] = "arith.select"([[VALID]], [[X]], [[NEU]])
// CHECK: "arith.minimumf"([[M]],
// CHECK: sym_name = "triton_per_fused_amin_0"
// CHECK-LABEL: "gpu.module"
// CHECK: [[LIM:%[0-9]+]] = "arith.constant"() <{value = 17 : index}>
// CHECK-NEXT: [[VALID:%[0-9]+]] = "arith.cmpi"(%{{[0-9]+}}, [[LIM]]) <{predicate = 6 : i64}>
// CHECK: [[X:%[0-9]+]] = "memref.load"(%arg1,
// CHECK-NEXT: [[NEU:%[0-9]+]] = "arith.constant"() <{value = 0.000000e+00 : f32}>
// CHECK-NEXT: [[M:%[0-9]+]] = "arith.select"([[VALID]], [[X]], [[NEU]])
// CHECK: "arith.addf"([[M]],
// CHECK: sym_name = "triton_per_fused_sum_0"
// CHECK-LABEL: "gpu.module"
// CHECK: [[LIM:%[0-9]+]] = "arith.constant"() <{value = 17 : index}>
// CHECK-NEXT: [[VALID:%[0-9]+]] = "arith.cmpi"(%{{[0-9]+}}, [[LIM]]) <{predicate = 6 : i64}>
// CHECK: [[X:%[0-9]+]] = "memref.load"(%arg1,
// CHECK-NEXT: [[NEU:%[0-9]+]] = "arith.constant"() <{value = 1.000000e+00 : f32}>
// CHECK-NEXT: [[M:%[0-9]+]] = "arith.select"([[VALID]], [[X]], [[NEU]])
// CHECK: "arith.mulf"([[M]],
// CHECK: sym_name = "triton_per_fused_prod_0"
// CHECK-LABEL: "gpu.module"
// CHECK: [[L1:%[0-9]+]] = "arith.constant"() <{value = 132 : index}>
// CHECK-NEXT: [[V1:%[0-9]+]] = "arith.cmpi"(%{{[0-9]+}}, [[L1]]) <{predicate = 6 : i64}>
// CHECK: [[L2:%[0-9]+]] = "arith.constant"() <{value = 132 : index}>
// CHECK-NEXT: [[V2:%[0-9]+]] = "arith.cmpi"(%{{[0-9]+}}, [[L2]]) <{predicate = 6 : i64}>
// CHECK: [[NEU:%[0-9]+]] = "arith.constant"() <{value = 0xFF800000 : f32}>
// CHECK-NEXT: "arith.select"([[V1]], %{{[0-9]+}}, [[NEU]])
// CHECK-COUNT-3: "arith.select"([[V1]], %{{[0-9]+}}, [[NEU]])
// CHECK-COUNT-4: "arith.select"([[V2]], %{{[0-9]+}}, [[NEU]])
// CHECK: sym_name = "triton_per_fused_amax_0"
// CHECK-LABEL: "gpu.module"
// CHECK: [[XL:%[0-9]+]] = "arith.constant"() <{value = 17 : index}>
// CHECK-NEXT: [[XV:%[0-9]+]] = "arith.cmpi"(%{{[0-9]+}}, [[XL]]) <{predicate = 6 : i64}>
// CHECK: [[RL:%[0-9]+]] = "arith.constant"() <{value = 5 : index}>
// CHECK-NEXT: [[RV:%[0-9]+]] = "arith.cmpi"(%{{[0-9]+}}, [[RL]]) <{predicate = 6 : i64}>
// CHECK: [[V:%[0-9]+]] = "arith.andi"([[RV]], [[XV]])
// CHECK: [[NEU:%[0-9]+]] = "arith.constant"() <{value = 0xFF800000 : f32}>
// CHECK-NEXT: "arith.select"([[V]], %{{[0-9]+}}, [[NEU]])
// CHECK: "scf.if"([[XV]])
// CHECK-NEXT: "memref.store"
// CHECK: sym_name = "triton_per_fused_amax_0"

func.func @rowsum_3x17(%arg0_1: tensor<3x17xf32>) -> tensor<3xf32> {
  %s = "graph.amax"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<3x17xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}
// -----
func.func @rowsum_3x17(%arg0_1: tensor<3x17xf32>) -> tensor<3xf32> {
  %s = "graph.amin"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<3x17xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}
// -----
func.func @rowsum_3x17(%arg0_1: tensor<3x17xf32>) -> tensor<3xf32> {
  %s = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<3x17xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}
// -----
func.func @rowsum_3x17(%arg0_1: tensor<3x17xf32>) -> tensor<3xf32> {
  %s = "graph.prod"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<3x17xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}
// -----
func.func @rowsum_3x132(%arg0_1: tensor<3x132xf32>) -> tensor<3xf32> {
  %s = "graph.amax"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<3x132xf32>) -> tensor<3xf32>
  return %s : tensor<3xf32>
}
// -----
func.func @colsum_5x17(%arg0_1: tensor<5x17xf32>) -> tensor<17xf32> {
  %s = "graph.amax"(%arg0_1) {dims = array<i64: 0>, keepdim = false} : (tensor<5x17xf32>) -> tensor<17xf32>
  return %s : tensor<17xf32>
}
