// The seed example (docs/ir-contract.md, 000_*.txt section 08) at the kernel level, written by hand:
// the one fused persistent-reduction kernel Inductor generates (triton_per_fused_add_mean_mul_relu_sub_0)
// plus the host wrapper. buf0 (the row sum) is kernel-local: it is the kernel.reduce value, not an
// argument and not allocated. The shared reference input for both lowerings (GPU and CPU).
// RUN: %ind-opt %s | %filecheck %s

// CHECK: "kernel.def"()
// CHECK: ^bb0(%[[X:.*]]: memref<1048576xf32>, %[[B:.*]]: memref<1024xf32>, %[[G:.*]]: memref<1024xf32>, %[[BE:.*]]: memref<1024xf32>, %[[OUT:.*]]: memref<1048576xf32>):
// CHECK: "kernel.load"(%[[X]])
// CHECK: "kernel.reduce"
// CHECK-SAME: reduction_type = "sum"
// CHECK: "kernel.store"(%[[OUT]]
// CHECK: sym_name = "triton_per_fused_add_mean_mul_relu_sub_0"
// CHECK-LABEL: "func.func"
// CHECK-SAME: sym_name = "call"
// CHECK: %[[BUF1:.*]] = "kernel.alloc"
// CHECK: "kernel.launch"() ({
// CHECK-NEXT: "gpu.yield"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[BUF1]])
// CHECK: kernel = @triton_per_fused_add_mean_mul_relu_sub_0
"kernel.def"() ({
^bb0(%in_ptr0: memref<1048576xf32>, %in_ptr1: memref<1024xf32>, %in_ptr2: memref<1024xf32>,
     %in_ptr3: memref<1024xf32>, %out_ptr0: memref<1048576xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1048576xf32>) -> f32
  %c1_1 = "arith.constant"() <{value = 1.100000e+00 : f32}> : () -> f32
  %1 = "arith.mulf"(%0, %c1_1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %2 = "kernel.load"(%in_ptr1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
  %3 = "arith.addf"(%1, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %c0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
  %4 = "arith.maximumf"(%3, %c0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %5 = "arith.mulf"(%4, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %c0_1 = "arith.constant"() <{value = 1.000000e-01 : f32}> : () -> f32
  %6 = "arith.mulf"(%4, %c0_1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %7 = "arith.addf"(%5, %6) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %8 = "kernel.reduce"(%7) {reduction_type = "sum"} : (f32) -> f32
  %c1024 = "arith.constant"() <{value = 1.024000e+03 : f32}> : () -> f32
  %9 = "arith.divf"(%8, %c1024) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %10 = "arith.subf"(%7, %9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %11 = "kernel.load"(%in_ptr2) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
  %12 = "arith.mulf"(%10, %11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %13 = "kernel.load"(%in_ptr3) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
  %14 = "arith.addf"(%12, %13) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%out_ptr0, %14) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1048576xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_per_fused_add_mean_mul_relu_sub_0", kind = "persistent_reduction",
    xranges = array<i64: 1024>, rranges = array<i64: 1024>,
    block = 256 : i64, xblock = 1 : i64, vector_width = 4 : i64} : () -> ()

"func.func"() <{function_type = (memref<1024x1024xf32>, memref<1024xf32>, memref<1024xf32>, memref<1024xf32>) -> memref<1024x1024xf32>, sym_name = "call"}> ({
^bb0(%arg0_1: memref<1024x1024xf32>, %arg1_1: memref<1024xf32>, %arg2_1: memref<1024xf32>, %arg3_1: memref<1024xf32>):
  %buf1 = "kernel.alloc"() {name = "buf1"} : () -> memref<1024x1024xf32>
  "kernel.launch"() ({
    "gpu.yield"(%arg0_1, %arg1_1, %arg2_1, %arg3_1, %buf1)
        : (memref<1024x1024xf32>, memref<1024xf32>, memref<1024xf32>, memref<1024xf32>, memref<1024x1024xf32>) -> ()
  }) {kernel = @triton_per_fused_add_mean_mul_relu_sub_0, grid = array<i64: 1024>, block = array<i64: 256>} : () -> ()
  "func.return"(%buf1) : (memref<1024x1024xf32>) -> ()
}) : () -> ()
