// Accuracy independent of length (docs/passes/kernel_to_cpu.md, "Accuracy"): the sum of 2^26 f32
// values near 1.0 (1 + 0.01 * uniform[-1, 1)) is within 1e-5 relative of NumPy's float64 sum of the
// same values. One running f32 accumulator would stop growing at 2^24 (relative error ~0.75 here).
// RUN: %python %S/Inputs/jit_check.py %unit/unit-cpujit %s %t | %filecheck %s
// INPUT: x 8192x8192 f32 near1
// OUTPUT: scalar f32
// NUMPY: outs = [x.sum()]
// CHECK: output 0 scalar f32: {{.*}} PASS
"kernel.def"() ({
^bb0(%in_ptr0: memref<67108864xf32>, %out_ptr0: memref<1xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 * 8192 + d1)>} : (memref<67108864xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "sum"} : (f32) -> f32
  "kernel.store"(%out_ptr0, %1) {index = affine_map<(d0, d1) -> (0)>} : (memref<1xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_red_fused_sum_0", kind = "reduction", xranges = array<i64>,
    rranges = array<i64: 8192, 8192>, block = 512 : i64, xblock = 1 : i64, vector_width = 4 : i64} : () -> ()

"func.func"() <{function_type = (memref<8192x8192xf32>) -> memref<f32>, sym_name = "call"}> ({
^bb0(%arg0_1: memref<8192x8192xf32>):
  %buf0 = "kernel.alloc"() {name = "buf0"} : () -> memref<f32>
  "kernel.launch"() ({
    "gpu.yield"(%arg0_1, %buf0) : (memref<8192x8192xf32>, memref<f32>) -> ()
  }) {kernel = @triton_red_fused_sum_0, grid = array<i64: 1>, block = array<i64: 512>} : () -> ()
  "func.return"(%buf0) : (memref<f32>) -> ()
}) : () -> ()
