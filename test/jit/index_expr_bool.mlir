// kernel.index_expr as f32 (x + flat index / 100) and an i1 output (x > 0 stored as bool), over a 3-D
// x-space; a second kernel reads the bool buffer back (uitofp). Its output names buf1 in `reuse` but has
// another type, so it gets its own allocation (buf1 stays intact: it is returned too).
// RUN: %python %S/Inputs/jit_check.py %unit/unit-cpujit %s %t | %filecheck %s
// RUN: %python %S/Inputs/jit_check.py %ind-run %s %t.run | %filecheck %s
// INPUT: x 2x3x4 f32
// OUTPUT: 2x3x4 f32
// OUTPUT: 2x3x4 bool
// OUTPUT: 2x3x4 f32
// NUMPY: idx = np.arange(24).reshape(2, 3, 4)
// NUMPY: outs = [x + idx / 100.0, x > 0, (x > 0) * 2.0 + idx]
// CHECK: output 0 2x3x4 f32: {{.*}} PASS
// CHECK: output 1 2x3x4 bool: {{.*}} PASS
// CHECK: output 2 2x3x4 f32: {{.*}} PASS
"kernel.def"() ({
^bb0(%in_ptr0: memref<24xf32>, %out_ptr0: memref<24xf32>, %out_ptr1: memref<24xi1>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1, d2) -> (d0 * 12 + d1 * 4 + d2)>} : (memref<24xf32>) -> f32
  %1 = "kernel.index_expr"() {index = affine_map<(d0, d1, d2) -> (d0 * 12 + d1 * 4 + d2)>} : () -> f32
  %c100 = "arith.constant"() <{value = 1.000000e+02 : f32}> : () -> f32
  %2 = "arith.divf"(%1, %c100) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %3 = "arith.addf"(%0, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%out_ptr0, %3) {index = affine_map<(d0, d1, d2) -> (d0 * 12 + d1 * 4 + d2)>} : (memref<24xf32>, f32) -> ()
  %c0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
  %4 = "arith.cmpf"(%0, %c0) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (f32, f32) -> i1
  "kernel.store"(%out_ptr1, %4) {index = affine_map<(d0, d1, d2) -> (d0 * 12 + d1 * 4 + d2)>} : (memref<24xi1>, i1) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_poi_fused_add_gt_0", kind = "pointwise", xranges = array<i64: 2, 3, 4>, rranges = array<i64>,
    block = 32 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

"kernel.def"() ({
^bb0(%in_ptr0: memref<24xi1>, %out_ptr0: memref<24xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0) -> (d0)>} : (memref<24xi1>) -> f32
  %c2 = "arith.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
  %1 = "arith.mulf"(%0, %c2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %2 = "kernel.index_expr"() {index = affine_map<(d0) -> (d0)>} : () -> index
  %3 = "arith.index_cast"(%2) : (index) -> i64
  %4 = "arith.sitofp"(%3) : (i64) -> f32
  %5 = "arith.addf"(%1, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%out_ptr0, %5) {index = affine_map<(d0) -> (d0)>} : (memref<24xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_poi_fused_mul_1", kind = "pointwise", xranges = array<i64: 24>, rranges = array<i64>,
    block = 32 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

"func.func"() <{function_type = (memref<2x3x4xf32>) -> (memref<2x3x4xf32>, memref<2x3x4xi1>, memref<2x3x4xf32>), sym_name = "call"}> ({
^bb0(%arg0_1: memref<2x3x4xf32>):
  %buf0 = "kernel.alloc"() {name = "buf0"} : () -> memref<2x3x4xf32>
  %buf1 = "kernel.alloc"() {name = "buf1"} : () -> memref<2x3x4xi1>
  "kernel.launch"() ({
    "gpu.yield"(%arg0_1, %buf0, %buf1) : (memref<2x3x4xf32>, memref<2x3x4xf32>, memref<2x3x4xi1>) -> ()
  }) {kernel = @triton_poi_fused_add_gt_0, grid = array<i64: 1>, block = array<i64: 32>} : () -> ()
  %buf2 = "kernel.alloc"() {name = "buf2", reuse = "buf1"} : () -> memref<2x3x4xf32>
  "kernel.launch"() ({
    "gpu.yield"(%buf1, %buf2) : (memref<2x3x4xi1>, memref<2x3x4xf32>) -> ()
  }) {kernel = @triton_poi_fused_mul_1, grid = array<i64: 1>, block = array<i64: 32>} : () -> ()
  "func.return"(%buf0, %buf1, %buf2) : (memref<2x3x4xf32>, memref<2x3x4xi1>, memref<2x3x4xf32>) -> ()
}) : () -> ()
