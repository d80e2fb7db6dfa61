// The GPU lowering's masks and neutral elements on tails, checked in the IR (the values are checked on the
// device by the tests of test/gpu; this file makes the same mistakes visible without a GPU). Per reduction kind, a
// 3 x 17 row reduction (17 = one chunk of 32 threads minus 15: masked lanes): the lane's r index is
// compared (ult) with rnumel 17, and a masked lane contributes the kind's neutral element through a select
// before the combiner. 3 x 132 (vector width 4, a second chunk of 4 elements): every lane of the vector
// uses the chunk's mask against 132. A 9 x 17 column reduction: the x mask (ult 17) guards the store and
// joins the r mask (ult 9) (9 rows: 5 would be unrolled into a pointwise kernel, docs/passes/lower.md).
// These are the one-row-per-block geometries (inner-rows-max-xblock=1); the packed rows (several short rows
// per block, row_threads) are the PACKED run below.
// RUN: %ind-opt %s --split-input-file --lower --fuse | %ind-opt --split-input-file --pass-pipeline='builtin.module(sched-to-kernel{inner-rows-max-xblock=1 warp-rows-max-rnumel=0},kernel-cse,kernel-reuse-buffers,convert-kernel-to-gpu)' | %filecheck %s
/// Packed rows (the default for 3 x 17: rthreads 4, xblock 8, one warp): thread t serves row
/// b * 8 + t / 4 and r elements (t % 4) + 4c; the row mask (ult 3) guards the store and joins every r mask
/// (ult 17) before the neutral select; the butterfly stops at offset 2 (inside the row's 4 threads, no
/// workgroup memory) and t % 4 == 0 stores.
// RUN: %ind-opt %s --split-input-file --codegen | %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s --check-prefix=PACKED
// PACKED-LABEL: "gpu.module"
// PACKED: known_block_size = array<i32: 32, 1, 1>
// PACKED: [[TX:%[0-9]+]] = "arith.divui"(%1, %{{[0-9]+}})
// PACKED: [[RTID:%[0-9]+]] = "arith.remui"(%1, %{{[0-9]+}})
// PACKED: [[ROW:%[0-9]+]] = "arith.addi"(%{{[0-9]+}}, [[TX]])
// PACKED-NEXT: [[XL:%[0-9]+]] = "arith.constant"() <{value = 3 : index}>
// PACKED-NEXT: [[XV:%[0-9]+]] = "arith.cmpi"([[ROW]], [[XL]]) <{predicate = 6 : i64}>
// PACKED: [[RV:%[0-9]+]] = "arith.cmpi"(%{{[0-9]+}}, %{{[0-9]+}}) <{predicate = 6 : i64}>
// PACKED: [[V:%[0-9]+]] = "arith.andi"([[RV]], [[XV]])
// PACKED: [[NEU:%[0-9]+]] = "arith.constant"() <{value = 0xFF800000 : f32}>
// PACKED-NEXT: "arith.select"([[V]], %{{[0-9]+}}, [[NEU]])
// PACKED: [[OFF:%[0-9]+]] = "arith.constant"() <{value = 2 : i32}>
// PACKED-NEXT: "gpu.shuffle"(%{{[0-9]+}}, [[OFF]], %{{[0-9]+}}) <{mode = #gpu<shuffle_mode xor>}>
// PACKED-NOT: "gpu.barrier"
// PACKED: "arith.cmpi"([[RTID]], %{{[0-9]+}}) <{predicate = 0 : i64}>
// PACKED: "scf.if"([[XV]])
// PACKED-NEXT: "memref.store"
// PACKED: sym_name = "triton_per_fused_amax_0", workgroup_attributions = 0 : i64
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
// CHECK: [[RL:%[0-9]+]] = "arith.constant"() <{value = 9 : index}>
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
func.func @colsum_9x17(%arg0_1: tensor<9x17xf32>) -> tensor<17xf32> {
  %s = "graph.amax"(%arg0_1) {dims = array<i64: 0>, keepdim = false} : (tensor<9x17xf32>) -> tensor<17xf32>
  return %s : tensor<17xf32>
}
