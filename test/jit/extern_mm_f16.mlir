// mm with f16 operands and an f16 output: products are summed in an f32 register (k in order) and
// rounded to f16 once per element.
// RUN: %python %S/Inputs/jit_check.py %unit/unit-cpujit %s %t | %filecheck %s
// RUN: %python %S/Inputs/jit_check.py %ind-run %s %t.run | %filecheck %s
// INPUT: a 4x8 f16
// INPUT: b 8x3 f16
// OUTPUT: 4x3 f16
// NUMPY: outs = [a @ b]
// CHECK: output 0 4x3 f16: {{.*}} PASS
"func.func"() <{function_type = (memref<4x8xf16>, memref<8x3xf16>) -> memref<4x3xf16>, sym_name = "call"}> ({
^bb0(%a: memref<4x8xf16>, %b: memref<8x3xf16>):
  %buf0 = "kernel.alloc"() {name = "buf0"} : () -> memref<4x3xf16>
  "kernel.extern_call"() ({
    "gpu.yield"(%a, %b, %buf0) : (memref<4x8xf16>, memref<8x3xf16>, memref<4x3xf16>) -> ()
  }) {kernel = "mm", name = "buf0"} : () -> ()
  "func.return"(%buf0) : (memref<4x3xf16>) -> ()
}) : () -> ()
