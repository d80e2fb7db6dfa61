// Loads through non-contiguous layouts: a transposed input (strides [1, 8]), an input with a storage
// offset, a broadcast row vector (d1 only) and a broadcast scalar (no dims). A pointwise kernel over
// 8x4; the result is also returned with the input passed through unchanged (an argument as output).
// RUN: %python %S/Inputs/jit_check.py %unit/unit-cpujit %s %t | %filecheck %s
// RUN: %python %S/Inputs/jit_check.py %ind-run %s %t.run | %filecheck %s
// INPUT: x 8x4 f32
// INPUT: v 4 f32
// INPUT: s scalar f32
// OUTPUT: 8x4 f32
// OUTPUT: 4 f32
// NUMPY: outs = [x * v + s, v]
// CHECK: output 0 8x4 f32: {{.*}} PASS
// CHECK: output 1 4 f32: {{.*}} PASS
"kernel.def"() ({
^bb0(%in_ptr0: memref<32xf32>, %in_ptr1: memref<6xf32>, %in_ptr2: memref<1xf32>, %out_ptr0: memref<32xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 + d1 * 8)>} : (memref<32xf32>) -> f32
  %1 = "kernel.load"(%in_ptr1) {index = affine_map<(d0, d1) -> (d1 + 2)>} : (memref<6xf32>) -> f32
  %2 = "kernel.load"(%in_ptr2) {index = affine_map<(d0, d1) -> (0)>} : (memref<1xf32>) -> f32
  %3 = "arith.mulf"(%0, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %4 = "arith.addf"(%3, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%out_ptr0, %4) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<32xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_poi_fused_add_mul_0", kind = "pointwise", xranges = array<i64: 8, 4>, rranges = array<i64>,
    block = 32 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

"func.func"() <{function_type = (memref<8x4xf32, strided<[1, 8]>>, memref<4xf32, strided<[1], offset: 2>>, memref<f32>) -> (memref<8x4xf32>, memref<4xf32, strided<[1], offset: 2>>), sym_name = "call"}> ({
^bb0(%arg0_1: memref<8x4xf32, strided<[1, 8]>>, %arg1_1: memref<4xf32, strided<[1], offset: 2>>, %arg2_1: memref<f32>):
  %buf0 = "kernel.alloc"() {name = "buf0"} : () -> memref<8x4xf32>
  "kernel.launch"() ({
    "gpu.yield"(%arg0_1, %arg1_1, %arg2_1, %buf0) : (memref<8x4xf32, strided<[1, 8]>>, memref<4xf32, strided<[1], offset: 2>>, memref<f32>, memref<8x4xf32>) -> ()
  }) {kernel = @triton_poi_fused_add_mul_0, grid = array<i64: 1>, block = array<i64: 32>} : () -> ()
  "func.return"(%buf0, %arg1_1) : (memref<8x4xf32>, memref<4xf32, strided<[1], offset: 2>>) -> ()
}) : () -> ()
