// The NumPy check can fail: the same softmax kernel as softmax.mlir against a wrong expectation (no
// normalization) must be reported as FAIL with exit status 1.
// RUN: %not %python %S/Inputs/jit_check.py %unit/unit-cpujit %s %t | %filecheck %s
// RUN: %not %python %S/Inputs/jit_check.py %ind-run %s %t.run | %filecheck %s
// INPUT: x 4x8 f32
// OUTPUT: 4x8 f32
// NUMPY: outs = [np.exp(x - x.max(axis=1, keepdims=True))]
// CHECK: output 0 4x8 f32: max_abs={{.*}} FAIL
"kernel.def"() ({
^bb0(%in_ptr0: memref<32xf32>, %out_ptr0: memref<32xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "max"} : (f32) -> f32
  %2 = "arith.subf"(%0, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %3 = "math.exp"(%2) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  %4 = "kernel.reduce"(%3) {reduction_type = "sum"} : (f32) -> f32
  %5 = "arith.divf"(%3, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%out_ptr0, %5) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_per_fused__softmax_0", kind = "persistent_reduction", xranges = array<i64: 4>,
    rranges = array<i64: 8>, block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

"func.func"() <{function_type = (memref<4x8xf32>) -> memref<4x8xf32>, sym_name = "call"}> ({
^bb0(%arg0_1: memref<4x8xf32>):
  %buf2 = "kernel.alloc"() {name = "buf2"} : () -> memref<4x8xf32>
  "kernel.launch"() ({
    "gpu.yield"(%arg0_1, %buf2) : (memref<4x8xf32>, memref<4x8xf32>) -> ()
  }) {kernel = @triton_per_fused__softmax_0, grid = array<i64: 4>, block = array<i64: 8>} : () -> ()
  "func.return"(%buf2) : (memref<4x8xf32>) -> ()
}) : () -> ()
