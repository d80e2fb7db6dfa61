// Extern kernels: mm (4x8 @ 8x3) then a pointwise epilogue (+ bias, gelu through math.erf, i.e. libm
// erff resolved in the process); bmm (2x3x4 @ 2x4x5); mm then tanh in place (buf4 reuses buf3, same
// type: the same memref). buf0 is dead after the epilogue: the wrapper frees it.
// RUN: %python %S/Inputs/jit_check.py %unit/unit-cpujit %s %t | %filecheck %s
// RUN: %python %S/Inputs/jit_check.py %ind-run %s %t.run | %filecheck %s
// INPUT: a 4x8 f32
// INPUT: b 8x3 f32
// INPUT: bias 3 f32
// INPUT: p 2x3x4 f32
// INPUT: q 2x4x5 f32
// OUTPUT: 4x3 f32
// NUMPY: import math
// NUMPY: y = a @ b + bias
// NUMPY: gelu = 0.5 * y * (1 + np.vectorize(math.erf)(y / math.sqrt(2)))
// NUMPY: outs = [gelu, p @ q, np.tanh(a @ b)]
// OUTPUT: 2x3x5 f32
// OUTPUT: 4x3 f32
// CHECK: output 0 4x3 f32: {{.*}} PASS
// CHECK: output 1 2x3x5 f32: {{.*}} PASS
// CHECK: output 2 4x3 f32: {{.*}} PASS
"kernel.def"() ({
^bb0(%in_ptr0: memref<12xf32>, %in_ptr1: memref<3xf32>, %out_ptr0: memref<12xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 * 3 + d1)>} : (memref<12xf32>) -> f32
  %1 = "kernel.load"(%in_ptr1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<3xf32>) -> f32
  %2 = "arith.addf"(%0, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %c05 = "arith.constant"() <{value = 5.000000e-01 : f32}> : () -> f32
  %c1 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
  %rs2 = "arith.constant"() <{value = 0.707106769 : f32}> : () -> f32
  %3 = "arith.mulf"(%2, %rs2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %4 = "math.erf"(%3) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  %5 = "arith.addf"(%4, %c1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %6 = "arith.mulf"(%2, %c05) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %7 = "arith.mulf"(%6, %5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%out_ptr0, %7) {index = affine_map<(d0, d1) -> (d0 * 3 + d1)>} : (memref<12xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_poi_fused_add_gelu_0", kind = "pointwise", xranges = array<i64: 4, 3>, rranges = array<i64>,
    block = 16 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

"kernel.def"() ({
^bb0(%in_ptr0: memref<12xf32>, %out_ptr0: memref<12xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0) -> (d0)>} : (memref<12xf32>) -> f32
  %1 = "math.tanh"(%0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  "kernel.store"(%out_ptr0, %1) {index = affine_map<(d0) -> (d0)>} : (memref<12xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_poi_fused_tanh_1", kind = "pointwise", xranges = array<i64: 12>, rranges = array<i64>,
    block = 16 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

"func.func"() <{function_type = (memref<4x8xf32>, memref<8x3xf32>, memref<3xf32>, memref<2x3x4xf32>, memref<2x4x5xf32>) -> (memref<4x3xf32>, memref<2x3x5xf32>, memref<4x3xf32>), sym_name = "call"}> ({
^bb0(%a: memref<4x8xf32>, %b: memref<8x3xf32>, %bias: memref<3xf32>, %p: memref<2x3x4xf32>, %q: memref<2x4x5xf32>):
  %buf0 = "kernel.alloc"() {name = "buf0"} : () -> memref<4x3xf32>
  "kernel.extern_call"() ({
    "gpu.yield"(%a, %b, %buf0) : (memref<4x8xf32>, memref<8x3xf32>, memref<4x3xf32>) -> ()
  }) {kernel = "mm", name = "buf0"} : () -> ()
  %buf1 = "kernel.alloc"() {name = "buf1"} : () -> memref<4x3xf32>
  "kernel.launch"() ({
    "gpu.yield"(%buf0, %bias, %buf1) : (memref<4x3xf32>, memref<3xf32>, memref<4x3xf32>) -> ()
  }) {kernel = @triton_poi_fused_add_gelu_0, grid = array<i64: 1>, block = array<i64: 16>} : () -> ()
  %buf2 = "kernel.alloc"() {name = "buf2"} : () -> memref<2x3x5xf32>
  "kernel.extern_call"() ({
    "gpu.yield"(%p, %q, %buf2) : (memref<2x3x4xf32>, memref<2x4x5xf32>, memref<2x3x5xf32>) -> ()
  }) {kernel = "bmm", name = "buf2"} : () -> ()
  %buf3 = "kernel.alloc"() {name = "buf3"} : () -> memref<4x3xf32>
  "kernel.extern_call"() ({
    "gpu.yield"(%a, %b, %buf3) : (memref<4x8xf32>, memref<8x3xf32>, memref<4x3xf32>) -> ()
  }) {kernel = "mm", name = "buf3"} : () -> ()
  %buf4 = "kernel.alloc"() {name = "buf4", reuse = "buf3"} : () -> memref<4x3xf32>
  "kernel.launch"() ({
    "gpu.yield"(%buf3, %buf4) : (memref<4x3xf32>, memref<4x3xf32>) -> ()
  }) {kernel = @triton_poi_fused_tanh_1, grid = array<i64: 1>, block = array<i64: 16>} : () -> ()
  "func.return"(%buf1, %buf2, %buf4) : (memref<4x3xf32>, memref<2x3x5xf32>, memref<4x3xf32>) -> ()
}) : () -> ()
