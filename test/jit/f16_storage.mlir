// f16 storage: loads extend to f32 (arith.extf), the compute is f32, stores truncate to f16. The row
// sum of an f16 input minus each element, stored as f16. Tolerance 1e-2 (f16 rounding).
// RUN: %python %S/Inputs/jit_check.py %unit/unit-cpujit %s %t | %filecheck %s
// RUN: %python %S/Inputs/jit_check.py %ind-run %s %t.run | %filecheck %s
// INPUT: x 4x16 f16
// OUTPUT: 4x16 f16
// NUMPY: outs = [x.sum(axis=1, keepdims=True) - x]
// CHECK: output 0 4x16 f16: {{.*}} PASS
"kernel.def"() ({
^bb0(%in_ptr0: memref<64xf16>, %out_ptr0: memref<64xf16>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 * 16 + d1)>} : (memref<64xf16>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "sum"} : (f32) -> f32
  %2 = "arith.subf"(%1, %0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%out_ptr0, %2) {index = affine_map<(d0, d1) -> (d0 * 16 + d1)>} : (memref<64xf16>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_per_fused_sub_sum_0", kind = "persistent_reduction", xranges = array<i64: 4>,
    rranges = array<i64: 16>, block = 16 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

"func.func"() <{function_type = (memref<4x16xf16>) -> memref<4x16xf16>, sym_name = "call"}> ({
^bb0(%arg0_1: memref<4x16xf16>):
  %buf0 = "kernel.alloc"() {name = "buf0"} : () -> memref<4x16xf16>
  "kernel.launch"() ({
    "gpu.yield"(%arg0_1, %buf0) : (memref<4x16xf16>, memref<4x16xf16>) -> ()
  }) {kernel = @triton_per_fused_sub_sum_0, grid = array<i64: 4>, block = array<i64: 16>} : () -> ()
  "func.return"(%buf0) : (memref<4x16xf16>) -> ()
}) : () -> ()
