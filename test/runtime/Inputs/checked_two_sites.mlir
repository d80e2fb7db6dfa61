// Two indirect indices in one kernel: the launch plan numbers the check sites as convert-kernel-to-gpu does
// (test/runtime/checked.test).
"kernel.def"() ({
^bb0(%in_ptr0: memref<4xi64>, %in_ptr1: memref<5xf32>, %in_ptr2: memref<7xf32>, %out_ptr0: memref<4xf32>, %out_ptr1: memref<4xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0) -> (d0)>} : (memref<4xi64>) -> i64
  %1 = "arith.index_cast"(%0) : (i64) -> index
  %2 = "kernel.check_index"(%1) {lower = -7 : i64, upper = 7 : i64} : (index) -> index
  %3 = "kernel.check_index"(%1) {lower = -5 : i64, upper = 5 : i64} : (index) -> index
  %4 = "kernel.load"(%in_ptr1, %3) {index = affine_map<(d0) -> (0)>} : (memref<5xf32>, index) -> f32
  "kernel.store"(%out_ptr0, %4) {index = affine_map<(d0) -> (d0)>} : (memref<4xf32>, f32) -> ()
  %5 = "kernel.load"(%in_ptr2, %2) {index = affine_map<(d0) -> (0)>} : (memref<7xf32>, index) -> f32
  "kernel.store"(%out_ptr1, %5) {index = affine_map<(d0) -> (d0)>} : (memref<4xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "g", kind = "pointwise", xranges = array<i64: 4>, rranges = array<i64>,
    block = 4 : i64, xblock = 4 : i64, vector_width = 1 : i64} : () -> ()
"func.func"() <{function_type = (memref<5xf32>, memref<4xi64>, memref<7xf32>) -> (memref<4xf32>, memref<4xf32>), sym_name = "call"}> ({
^bb0(%arg0_1: memref<5xf32>, %arg1_1: memref<4xi64>, %arg2_1: memref<7xf32>):
  %buf0 = "kernel.alloc"() {name = "buf0"} : () -> memref<4xf32>
  %buf1 = "kernel.alloc"() {name = "buf1"} : () -> memref<4xf32>
  "kernel.launch"() ({
    "gpu.yield"(%arg1_1, %arg0_1, %arg2_1, %buf0, %buf1) : (memref<4xi64>, memref<5xf32>, memref<7xf32>, memref<4xf32>, memref<4xf32>) -> ()
  }) {kernel = @g, grid = array<i64: 1>, block = array<i64: 4>} : () -> ()
  "func.return"(%buf0, %buf1) : (memref<4xf32>, memref<4xf32>) -> ()
}) : () -> ()
