// A looped reduction ("reduction" kind) with two x dims and two r dims: x[2,3,4,5] reduced over the
// last two. The kernel stores the row sum (an r-invariant store, once per x point) and x minus the
// mean (an r-varying store, in the final r-loop). Also a prod and a min reduction of the same tile.
// RUN: %python %S/Inputs/jit_check.py %unit/unit-cpujit %s %t | %filecheck %s
// RUN: %python %S/Inputs/jit_check.py %ind-run %s %t.run | %filecheck %s
// INPUT: x 2x3x4x5 f32 positive
// OUTPUT: 2x3 f32
// OUTPUT: 2x3x4x5 f32
// OUTPUT: 2x3 f32
// NUMPY: s = x.sum(axis=(2, 3))
// NUMPY: outs = [s, x - s[:, :, None, None] / 20.0, x.prod(axis=(2, 3)) + x.min(axis=(2, 3))]
// CHECK: output 0 2x3 f32: {{.*}} PASS
// CHECK: output 1 2x3x4x5 f32: {{.*}} PASS
// CHECK: output 2 2x3 f32: {{.*}} PASS
"kernel.def"() ({
^bb0(%in_ptr0: memref<120xf32>, %out_ptr0: memref<6xf32>, %out_ptr1: memref<120xf32>, %out_ptr2: memref<6xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1, d2, d3) -> (d0 * 60 + d1 * 20 + d2 * 5 + d3)>} : (memref<120xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "sum"} : (f32) -> f32
  "kernel.store"(%out_ptr0, %1) {index = affine_map<(d0, d1, d2, d3) -> (d0 * 3 + d1)>} : (memref<6xf32>, f32) -> ()
  %c20 = "arith.constant"() <{value = 2.000000e+01 : f32}> : () -> f32
  %2 = "arith.divf"(%1, %c20) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %3 = "arith.subf"(%0, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%out_ptr1, %3) {index = affine_map<(d0, d1, d2, d3) -> (d0 * 60 + d1 * 20 + d2 * 5 + d3)>} : (memref<120xf32>, f32) -> ()
  %4 = "kernel.reduce"(%0) {reduction_type = "prod"} : (f32) -> f32
  %5 = "kernel.reduce"(%0) {reduction_type = "min"} : (f32) -> f32
  %6 = "arith.addf"(%4, %5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%out_ptr2, %6) {index = affine_map<(d0, d1, d2, d3) -> (d0 * 3 + d1)>} : (memref<6xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_red_fused_sum_0", kind = "reduction", xranges = array<i64: 2, 3>,
    rranges = array<i64: 4, 5>, block = 64 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

"func.func"() <{function_type = (memref<2x3x4x5xf32>) -> (memref<2x3xf32>, memref<2x3x4x5xf32>, memref<2x3xf32>), sym_name = "call"}> ({
^bb0(%arg0_1: memref<2x3x4x5xf32>):
  %buf0 = "kernel.alloc"() {name = "buf0"} : () -> memref<2x3xf32>
  %buf1 = "kernel.alloc"() {name = "buf1"} : () -> memref<2x3x4x5xf32>
  %buf2 = "kernel.alloc"() {name = "buf2"} : () -> memref<2x3xf32>
  "kernel.launch"() ({
    "gpu.yield"(%arg0_1, %buf0, %buf1, %buf2) : (memref<2x3x4x5xf32>, memref<2x3xf32>, memref<2x3x4x5xf32>, memref<2x3xf32>) -> ()
  }) {kernel = @triton_red_fused_sum_0, grid = array<i64: 6>, block = array<i64: 64>} : () -> ()
  "func.return"(%buf0, %buf1, %buf2) : (memref<2x3xf32>, memref<2x3x4x5xf32>, memref<2x3xf32>) -> ()
}) : () -> ()
