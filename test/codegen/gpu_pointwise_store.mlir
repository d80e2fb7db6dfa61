// Who writes a pointwise kernel's result. With one lane per thread (vector width 1, xblock == block) every
// thread owns its x point: the store is guarded by the thread's mask alone (index < 1023). A guard on
// tid == 0 there wrote one element per block on the GPU (4 of 1023) while the CPU JIT passed: the
// regression this file pins. Only an index of no dim at all (a 0-d result) is written by thread 0 alone.
// RUN: %ind-opt %s --split-input-file --codegen | %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s
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
func.func @one_lane(%x: tensor<1023xf32>) -> tensor<1023xf32> {
  %e = "graph.exp"(%x) : (tensor<1023xf32>) -> tensor<1023xf32>
  return %e : tensor<1023xf32>
}
// -----
func.func @scalar(%x: tensor<f32>) -> tensor<f32> {
  %e = "graph.exp"(%x) : (tensor<f32>) -> tensor<f32>
  return %e : tensor<f32>
}
