// Numerics of the tree reduction on odd sizes: rnumel 1023 = 3 x 341 (four chunks of 256 with the
// defaults, the last one masked), sum / max / min, through both CPU JIT drivers against NumPy.
// RUN: %python %S/Inputs/jit_check.py %unit/unit-cpujit %s %t | %filecheck %s
// RUN: %python %S/Inputs/jit_check.py %ind-run %s %t.run | %filecheck %s
// INPUT: x 5x3x341 f32
// OUTPUT: 5 f32
// OUTPUT: 5 f32
// NUMPY: outs = [x.sum(axis=(1, 2)), x.max(axis=(1, 2)) - x.min(axis=(1, 2))]
// CHECK: output 0 5 f32: {{.*}} PASS
// CHECK: output 1 5 f32: {{.*}} PASS
"kernel.def"() ({
^bb0(%in_ptr0: memref<5115xf32>, %out_ptr0: memref<5xf32>, %out_ptr1: memref<5xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1, d2) -> (d0 * 1023 + d1 * 341 + d2)>} : (memref<5115xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "sum"} : (f32) -> f32
  "kernel.store"(%out_ptr0, %1) {index = affine_map<(d0, d1, d2) -> (d0)>} : (memref<5xf32>, f32) -> ()
  %2 = "kernel.reduce"(%0) {reduction_type = "max"} : (f32) -> f32
  %3 = "kernel.reduce"(%0) {reduction_type = "min"} : (f32) -> f32
  %4 = "arith.subf"(%2, %3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%out_ptr1, %4) {index = affine_map<(d0, d1, d2) -> (d0)>} : (memref<5xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_red_fused_sum_0", kind = "reduction", xranges = array<i64: 5>,
    rranges = array<i64: 3, 341>, block = 64 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

"func.func"() <{function_type = (memref<5x3x341xf32>) -> (memref<5xf32>, memref<5xf32>), sym_name = "call"}> ({
^bb0(%arg0_1: memref<5x3x341xf32>):
  %buf0 = "kernel.alloc"() {name = "buf0"} : () -> memref<5xf32>
  %buf1 = "kernel.alloc"() {name = "buf1"} : () -> memref<5xf32>
  "kernel.launch"() ({
    "gpu.yield"(%arg0_1, %buf0, %buf1) : (memref<5x3x341xf32>, memref<5xf32>, memref<5xf32>) -> ()
  }) {kernel = @triton_red_fused_sum_0, grid = array<i64: 5>, block = array<i64: 64>} : () -> ()
  "func.return"(%buf0, %buf1) : (memref<5xf32>, memref<5xf32>) -> ()
}) : () -> ()
