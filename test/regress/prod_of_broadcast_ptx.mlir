// prod over a broadcast (expanded) value: the reduced value does not vary with r. The CPU JIT ran it,
// --emit=ptx rejected it ("convert-kernel-to-gpu: prod reduction of an r-invariant value is not
// supported"; shared repro prod_of_broadcast_ptx, random generator seed 201272). convert-kernel-to-gpu
// now computes value ** rnumel by repeated squaring (x^5 = x * (x^2)^2: 3 multiplications), as
// sum is value * rnumel and max/min the value itself.
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen --emit=ptx -o /dev/null
// These rnumel (< 8) would be unrolled into pointwise code by lowering (unroll-reductions-threshold), so the
// GPU IR is checked with unrolling off: the r-invariant prod reaches convert-kernel-to-gpu.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-decompose,graph-infer-shapes,convert-graph-to-ind{unroll-reductions-threshold=0},ind-schedule,fuse-inductor,sched-to-kernel,kernel-cse,convert-kernel-to-gpu)' | %filecheck %s
// RUN: %ind-run %s --func repro | %filecheck %s --check-prefix=DRV
// RUN: %ind-run %s --func five | %filecheck %s --check-prefix=DRV
// RUN: %ind-run %s --func rows | %filecheck %s --check-prefix=DRV
// DRV-NOT: FAIL
// DRV: check out0: {{.*}} PASS
// rnumel 2: one squaring.
// CHECK-LABEL: "gpu.module"
// CHECK: [[X:%[0-9]+]] = "memref.load"
// CHECK-NEXT: [[P:%[0-9]+]] = "arith.mulf"([[X]], [[X]])
// CHECK-NOT: "arith.mulf"
// CHECK: "memref.store"([[P]]
func.func @repro(%arg0_1: tensor<1xf32>) -> tensor<1xf32> {
  %e = "graph.expand"(%arg0_1) {shape = array<i64: 2>} : (tensor<1xf32>) -> tensor<2xf32>
  %0 = "graph.prod"(%e) {dims = array<i64: 0>, keepdim = true} : (tensor<2xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}
// -----
// rnumel 5 = 0b101: x^2, x^4, then x * x^4.
// CHECK-LABEL: "gpu.module"
// CHECK: [[X:%[0-9]+]] = "memref.load"
// CHECK-NEXT: [[X2:%[0-9]+]] = "arith.mulf"([[X]], [[X]])
// CHECK-NEXT: [[X4:%[0-9]+]] = "arith.mulf"([[X2]], [[X2]])
// CHECK-NEXT: [[X5:%[0-9]+]] = "arith.mulf"([[X]], [[X4]])
// CHECK-NOT: "arith.mulf"
// CHECK: "memref.store"([[X5]]
func.func @five(%arg0_1: tensor<1xf32>) -> tensor<1xf32> {
  %e = "graph.expand"(%arg0_1) {shape = array<i64: 5>} : (tensor<1xf32>) -> tensor<5xf32>
  %0 = "graph.prod"(%e) {dims = array<i64: 0>, keepdim = true} : (tensor<5xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}
// -----
// Per row: a [3, 1] value broadcast along 7 columns and reduced over them (x^7: x^2, x^4, x * x^2, * x^4).
// CHECK-LABEL: "gpu.module"
// CHECK-COUNT-4: "arith.mulf"
// CHECK-NOT: "arith.mulf"
// CHECK: "memref.store"
func.func @rows(%arg0_1: tensor<3x1xf32>) -> tensor<3xf32> {
  %e = "graph.expand"(%arg0_1) {shape = array<i64: 3, 7>} : (tensor<3x1xf32>) -> tensor<3x7xf32>
  %0 = "graph.prod"(%e) {dims = array<i64: 1>, keepdim = false} : (tensor<3x7xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
