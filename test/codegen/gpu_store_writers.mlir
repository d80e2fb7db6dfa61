// Who writes a store's element on the GPU. With one lane per thread (vector width 1) every thread owns the
// element of its x point (pointwise) or of its r index (a reduction's epilogue, softmax's division): the
// store is guarded by the lane's mask alone. A guard on tid == 0 / rtid == 0 there wrote one element per
// block (4 of 1023) or per row (softmax 3 x 17) on the H200 while the CPU JIT passed: the regression this
// file pins. A single writer is right only for an index of no dim at all (a 0-d pointwise result) or of
// no r dim in a reduction (the row's result: rtid 0 writes, tested in gpu_tails.mlir).
// Packed rows (several rows per block, docs/passes/codegen.md) are turned off so that the 3 x 17 softmax keeps
// one row per block and one lane per thread (r = 17 <= 32 threads).
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-decompose,graph-infer-shapes,convert-graph-to-ind,ind-schedule,fuse-inductor,sched-to-kernel{inner-rows-max-xblock=1},kernel-cse,convert-kernel-to-gpu)' | %filecheck %s
// CHECK-LABEL: "gpu.module"
// CHECK: [[LIM:%[0-9]+]] = "arith.constant"() <{value = 1023 : index}>
// CHECK-NEXT: [[VALID:%[0-9]+]] = "arith.cmpi"(%{{[0-9]+}}, [[LIM]]) <{predicate = 6 : i64}>
// CHECK: "math.exp"
// CHECK-NOT: "arith.cmpi"
// CHECK: "scf.if"([[VALID]])
// CHECK-NEXT: "memref.store"
// CHECK: sym_name = "triton_poi_fused_exp_0"
// CHECK-LABEL: "gpu.module"
// CHECK: [[TID:%[0-9]+]] = "gpu.thread_id"()
// CHECK: "math.exp"
// CHECK: [[ZERO:%[0-9]+]] = "arith.constant"() <{value = 0 : index}>
// CHECK-NEXT: [[FIRST:%[0-9]+]] = "arith.cmpi"([[TID]], [[ZERO]]) <{predicate = 0 : i64}>
// CHECK-NEXT: "scf.if"([[FIRST]])
// CHECK-NEXT: "scf.if"
// CHECK: "memref.store"
// CHECK: sym_name = "triton_poi_fused_exp_0"
// CHECK-LABEL: "gpu.module"
// CHECK: [[RLIM:%[0-9]+]] = "arith.constant"() <{value = 17 : index}>
// CHECK-NEXT: [[RVALID:%[0-9]+]] = "arith.cmpi"(%{{[0-9]+}}, [[RLIM]]) <{predicate = 6 : i64}>
// CHECK: intrin = "llvm.nvvm.div.full"
// CHECK-NEXT: "scf.if"([[RVALID]])
// CHECK-NEXT: "arith.constant"
// CHECK-NOT: "scf.if"
// CHECK: "memref.store"
// CHECK: sym_name = "triton_per_fused_amax_div_exp_sub_sum_0"
func.func @one_lane(%x: tensor<1023xf32>) -> tensor<1023xf32> {
  %e = "graph.exp"(%x) : (tensor<1023xf32>) -> tensor<1023xf32>
  return %e : tensor<1023xf32>
}
// -----
func.func @scalar(%x: tensor<f32>) -> tensor<f32> {
  %e = "graph.exp"(%x) : (tensor<f32>) -> tensor<f32>
  return %e : tensor<f32>
}
// -----
func.func @softmax(%x: tensor<3x17xf32>) -> tensor<3x17xf32> {
  %s = "graph.softmax"(%x) {dim = 1 : i64} : (tensor<3x17xf32>) -> tensor<3x17xf32>
  return %s : tensor<3x17xf32>
}
