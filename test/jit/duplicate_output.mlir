// One buffer returned twice, next to an argument returned as is: the outputs alias, and the JIT's
// buffer must be freed exactly once and the argument's never (the ASan build of the suite checks it).
// RUN: %python %S/Inputs/jit_check.py %unit/unit-cpujit %s %t | %filecheck %s
// RUN: %python %S/Inputs/jit_check.py %ind-run %s %t.run | %filecheck %s
// INPUT: x 6 f32
// OUTPUT: 6 f32
// OUTPUT: 6 f32
// OUTPUT: 6 f32
// NUMPY: outs = [np.abs(x), x, np.abs(x)]
// CHECK: output 0 6 f32: {{.*}} PASS
// CHECK: output 1 6 f32: {{.*}} PASS
// CHECK: output 2 6 f32: {{.*}} PASS
"kernel.def"() ({
^bb0(%in_ptr0: memref<6xf32>, %out_ptr0: memref<6xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0) -> (d0)>} : (memref<6xf32>) -> f32
  %1 = "math.absf"(%0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  "kernel.store"(%out_ptr0, %1) {index = affine_map<(d0) -> (d0)>} : (memref<6xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_poi_fused_abs_0", kind = "pointwise", xranges = array<i64: 6>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

"func.func"() <{function_type = (memref<6xf32>) -> (memref<6xf32>, memref<6xf32>, memref<6xf32>), sym_name = "call"}> ({
^bb0(%x: memref<6xf32>):
  %buf0 = "kernel.alloc"() {name = "buf0"} : () -> memref<6xf32>
  "kernel.launch"() ({
    "gpu.yield"(%x, %buf0) : (memref<6xf32>, memref<6xf32>) -> ()
  }) {kernel = @triton_poi_fused_abs_0, grid = array<i64: 1>, block = array<i64: 8>} : () -> ()
  "func.return"(%buf0, %x, %buf0) : (memref<6xf32>, memref<6xf32>, memref<6xf32>) -> ()
}) : () -> ()
