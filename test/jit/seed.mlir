// The seed example's kernel (persistent reduction, 8x16) run on the CPU JIT and checked with NumPy:
// relu(x * 1.1 + bias) -> y = r*r + 0.1*r -> (y - mean(y, 1)) * gamma + beta.
// RUN: %python %S/Inputs/jit_check.py %unit/unit-cpujit %s %t | %filecheck %s
// RUN: %python %S/Inputs/jit_check.py %ind-run %s %t.run | %filecheck %s
// INPUT: x 8x16 f32
// INPUT: bias 16 f32
// INPUT: gamma 16 f32
// INPUT: beta 16 f32
// OUTPUT: 8x16 f32
// NUMPY: r = np.maximum(x * 1.1 + bias, 0)
// NUMPY: y = r * r + 0.1 * r
// NUMPY: outs = [(y - y.mean(axis=1, keepdims=True)) * gamma + beta]
// CHECK: output 0 8x16 f32: {{.*}} PASS

"kernel.def"() ({
^bb0(%in_ptr0: memref<128xf32>, %in_ptr1: memref<16xf32>, %in_ptr2: memref<16xf32>,
     %in_ptr3: memref<16xf32>, %out_ptr0: memref<128xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 * 16 + d1)>} : (memref<128xf32>) -> f32
  %c1_1 = "arith.constant"() <{value = 1.100000e+00 : f32}> : () -> f32
  %1 = "arith.mulf"(%0, %c1_1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %2 = "kernel.load"(%in_ptr1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<16xf32>) -> f32
  %3 = "arith.addf"(%1, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %c0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
  %4 = "arith.maximumf"(%3, %c0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %5 = "arith.mulf"(%4, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %c0_1 = "arith.constant"() <{value = 1.000000e-01 : f32}> : () -> f32
  %6 = "arith.mulf"(%4, %c0_1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %7 = "arith.addf"(%5, %6) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %8 = "kernel.reduce"(%7) {reduction_type = "sum"} : (f32) -> f32
  %c1024 = "arith.constant"() <{value = 1.600000e+01 : f32}> : () -> f32
  %9 = "arith.divf"(%8, %c1024) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %10 = "arith.subf"(%7, %9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %11 = "kernel.load"(%in_ptr2) {index = affine_map<(d0, d1) -> (d1)>} : (memref<16xf32>) -> f32
  %12 = "arith.mulf"(%10, %11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %13 = "kernel.load"(%in_ptr3) {index = affine_map<(d0, d1) -> (d1)>} : (memref<16xf32>) -> f32
  %14 = "arith.addf"(%12, %13) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%out_ptr0, %14) {index = affine_map<(d0, d1) -> (d0 * 16 + d1)>} : (memref<128xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_per_fused_add_mean_mul_relu_sub_0", kind = "persistent_reduction",
    xranges = array<i64: 8>, rranges = array<i64: 16>,
    block = 256 : i64, xblock = 1 : i64, vector_width = 4 : i64} : () -> ()

"func.func"() <{function_type = (memref<8x16xf32>, memref<16xf32>, memref<16xf32>, memref<16xf32>) -> memref<8x16xf32>, sym_name = "call"}> ({
^bb0(%arg0_1: memref<8x16xf32>, %arg1_1: memref<16xf32>, %arg2_1: memref<16xf32>, %arg3_1: memref<16xf32>):
  %buf1 = "kernel.alloc"() {name = "buf1"} : () -> memref<8x16xf32>
  "kernel.launch"() ({
    "gpu.yield"(%arg0_1, %arg1_1, %arg2_1, %arg3_1, %buf1)
        : (memref<8x16xf32>, memref<16xf32>, memref<16xf32>, memref<16xf32>, memref<8x16xf32>) -> ()
  }) {kernel = @triton_per_fused_add_mean_mul_relu_sub_0, grid = array<i64: 1024>, block = array<i64: 256>} : () -> ()
  "func.return"(%buf1) : (memref<8x16xf32>) -> ()
}) : () -> ()
