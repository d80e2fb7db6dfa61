/// Pointwise kernels, looped reductions with an epilogue, two reductions (softmax), extern mm with a
/// pointwise epilogue, and a chain of unfused kernels (allocation reuse).
// RUN: %ind-opt %S/Inputs/pointwise.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' | %filecheck %s --check-prefix=POI
// RUN: %ind-opt %S/Inputs/looped.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' | %filecheck %s --check-prefix=LOOP
// RUN: %ind-opt %S/Inputs/softmax.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' | %filecheck %s --check-prefix=SOFT
// RUN: %ind-opt %S/Inputs/mm_epilogue.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' | %filecheck %s --check-prefix=MM
// RUN: %ind-opt %S/Inputs/chain.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' | %filecheck %s --check-prefix=CHAIN

/// 256x1024 pointwise: 256 threads x 4 elements per program, 256 programs; the broadcast bias load keeps
/// its index.
// POI: #[[XM:.*]] = affine_map<(d0, d1) -> (d0 * 1024 + d1)>
// POI: #[[BM:.*]] = affine_map<(d0, d1) -> (d1)>
// POI: ^bb0(%[[X:[^:]*]]: memref<262144xf32>, %[[B:[^:]*]]: memref<1024xf32>, %[[O:[^:]*]]: memref<262144xf32>):
// POI: "kernel.load"(%[[X]]) {index = #[[XM]]}
// POI: "kernel.load"(%[[B]]) {index = #[[BM]]}
// POI-NOT: "kernel.reduce"
// POI: "kernel.store"(%[[O]]
// POI: block = 256 : i64, kind = "pointwise", rranges = array<i64>, sym_name = "triton_poi_fused_add_mul_relu_0", vector_width = 4 : i64, xblock = 1024 : i64, xranges = array<i64: 256, 1024>
// POI: block = array<i64: 256>, grid = array<i64: 256>, kernel = @triton_poi_fused_add_mul_relu_0

/// rnumel 8192 > 1024: looped; buf0 stays in the kernel, buf1 is stored.
// LOOP: ^bb0(%[[X:[^:]*]]: memref<524288xf32>, %[[O:[^:]*]]: memref<524288xf32>):
// LOOP: "kernel.reduce"
// LOOP: "kernel.store"(%[[O]]
// LOOP: kind = "reduction"
// LOOP-SAME: sym_name = "triton_red_fused_div_sub_sum_0"
// LOOP-NOT: name = "buf0"
// LOOP: "kernel.alloc"() {name = "buf1"}

/// softmax: max then sum, both in one kernel, only buf2 leaves it.
// SOFT: ^bb0(%[[X:[^:]*]]: memref<524288xf32>, %[[O:[^:]*]]: memref<524288xf32>):
// SOFT: %[[M:.*]] = "kernel.reduce"(%{{.*}}) {reduction_type = "max"}
// SOFT: "arith.subf"(%{{.*}}, %[[M]])
// SOFT: %[[S:.*]] = "kernel.reduce"(%{{.*}}) {reduction_type = "sum"}
// SOFT: "arith.divf"(%{{.*}}, %[[S]])
// SOFT-COUNT-1: "kernel.store"
// SOFT-NOT: "kernel.store"
// SOFT: sym_name = "triton_per_fused_amax_div_exp_sub_sum_0"
// SOFT-COUNT-1: "kernel.alloc"
// SOFT-NOT: "kernel.alloc"

/// mm: the extern call gets inputs then its allocated output; the epilogue kernel reads it.
// MM-LABEL: sym_name = "call"
// MM: ^bb0(%[[A:[^:]*]]: memref<256x256xf32>, %[[B:[^:]*]]: memref<256x256xf32>, %[[BIAS:[^:]*]]: memref<256xf32>):
// MM: %[[BUF0:.*]] = "kernel.alloc"() {name = "buf0"}
// MM: "kernel.extern_call"() ({
// MM-NEXT: "gpu.yield"(%[[A]], %[[B]], %[[BUF0]])
// MM: {kernel = "mm", name = "buf0"}
// MM: %[[BUF1:.*]] = "kernel.alloc"() {name = "buf1"}
// MM: "kernel.launch"() ({
// MM-NEXT: "gpu.yield"(%[[BUF0]], %[[BIAS]], %[[BUF1]])
// MM: kernel = @triton_poi_fused_add_relu_0
// MM: "func.return"(%[[BUF1]])

/// Three unfused kernels: buf2 takes the storage of buf0 (dead after the second launch); buf1 cannot
/// (buf0 is read by the kernel that writes buf1). Kernel indices count up.
// CHAIN: sym_name = "triton_poi_fused_add_0"
// CHAIN: sym_name = "triton_poi_fused_mul_1"
// CHAIN: sym_name = "triton_poi_fused_add_2"
// CHAIN: "kernel.alloc"() {name = "buf0"}
// CHAIN: "kernel.alloc"() {name = "buf1"}
// CHAIN: "kernel.alloc"() {name = "buf2", reuse = "buf0"}
