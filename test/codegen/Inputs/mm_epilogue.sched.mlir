// relu(mm(a, b) + bias): an extern mm node, then a pointwise epilogue kernel.
func.func @mm_epilogue(%arg0_1: memref<256x256xf32>, %arg1_1: memref<256x256xf32>, %arg2_1: memref<256xf32>)
    -> memref<256x256xf32> {
  %n0 = "sched.node"() ({
    %buf0 = "ind.extern"(%arg0_1, %arg1_1) {name = "buf0", kernel = "mm", origins = ["mm"]}
        : (memref<256x256xf32>, memref<256x256xf32>) -> memref<256x256xf32>
    "gpu.yield"(%buf0) : (memref<256x256xf32>) -> ()
  }) {name = "op0", kind = "extern", group = array<i64: 65536, 1>, order = 0 : i64} : () -> memref<256x256xf32>
  %n1 = "sched.node"() ({
    %buf1 = "ind.pointwise"() ({
      %0 = "ind.load"(%n0) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<256x256xf32>) -> f32
      %1 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<256xf32>) -> f32
      %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
      %3 = "arith.constant"() <{value = 0.0 : f32}> : () -> f32
      %4 = "arith.maximumf"(%2, %3) : (f32, f32) -> f32
      "gpu.yield"(%4) : (f32) -> ()
    }) {name = "buf1", ranges = array<i64: 256, 256>, origins = ["add", "relu"]} : () -> memref<256x256xf32>
    "gpu.yield"(%buf1) : (memref<256x256xf32>) -> ()
  }) {name = "op1", kind = "pointwise", group = array<i64: 65536, 1>, order = 1 : i64} : () -> memref<256x256xf32>
  "func.return"(%n1) : (memref<256x256xf32>) -> ()
}
