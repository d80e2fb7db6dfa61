/// The seed (000_*.txt section 08): op0_op1 becomes one persistent-reduction kernel named after the
/// sorted unique origins; buf0 is kernel-local (the kernel.reduce value: no argument, no store, no
/// alloc), buf1 is the one output. Before kernel-cse the epilogue's copy of the body is still there
/// (two loads of x), after --codegen one load of x remains.
// RUN: %ind-opt %S/Inputs/seed.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel)' | %filecheck %s
// RUN: %ind-opt %S/Inputs/seed.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' | %filecheck %s --check-prefix=CSE
// RUN: %ind-opt %S/Inputs/seed.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' | %filecheck %s --check-prefix=WRAP

// CHECK: #[[XM:.*]] = affine_map<(d0, d1) -> (d0 * 1024 + d1)>
// CHECK: "kernel.def"() ({
// CHECK-NEXT: ^bb0(%[[X:.*]]: memref<1048576xf32>, %[[B:.*]]: memref<1024xf32>, %[[G:.*]]: memref<1024xf32>, %[[BE:.*]]: memref<1024xf32>, %[[OUT:.*]]: memref<1048576xf32>):
// CHECK: "kernel.load"(%[[X]]) {index = #[[XM]]}
// CHECK: %[[S:.*]] = "kernel.reduce"(%{{.*}}) {reduction_type = "sum"}
// CHECK: "kernel.load"(%[[X]]) {index = #[[XM]]}
// CHECK: "arith.divf"(%[[S]],
// CHECK: "kernel.store"(%[[OUT]], %{{.*}}) {index = #[[XM]]}
// CHECK-NOT: "kernel.store"
// CHECK: kind = "persistent_reduction"
// CHECK-SAME: rranges = array<i64: 1024>
// CHECK-SAME: sym_name = "triton_per_fused_add_mean_mul_relu_sub_0"
// CHECK-SAME: vector_width = 4
// CHECK-SAME: xblock = 1
// CHECK-SAME: xranges = array<i64: 1024>

// CSE: ^bb0(%[[X:[^:]*]]: memref<1048576xf32>
// CSE-COUNT-1: "kernel.load"(%[[X]])
// CSE-NOT: "kernel.load"(%[[X]])
// CSE: "arith.maximumf"
// CSE: "kernel.reduce"
// CSE-NOT: "arith.maximumf"
// CSE: "kernel.store"

// WRAP-LABEL: sym_name = "call"
// WRAP: ^bb0(%[[A0:[^:]*]]: memref<1024x1024xf32>, %[[A1:[^:]*]]: memref<1024xf32>, %[[A2:[^:]*]]: memref<1024xf32>, %[[A3:[^:]*]]: memref<1024xf32>):
// WRAP-NOT: name = "buf0"
// WRAP: %[[BUF1:.*]] = "kernel.alloc"() {name = "buf1"} : () -> memref<1024x1024xf32>
// WRAP-NOT: "kernel.alloc"
// WRAP: "kernel.launch"() ({
// WRAP-NEXT: "gpu.yield"(%[[A0]], %[[A1]], %[[A2]], %[[A3]], %[[BUF1]])
// WRAP: block = array<i64: 128>, grid = array<i64: 1024>, kernel = @triton_per_fused_add_mean_mul_relu_sub_0
// WRAP-NOT: "kernel.launch"
// WRAP: "func.return"(%[[BUF1]])
