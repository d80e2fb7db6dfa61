// A pointwise-only kernel: y = relu(x * 2 + bias), x: 256x1024, bias broadcast along rows.
func.func @pw(%arg0_1: memref<256x1024xf32>, %arg1_1: memref<1024xf32>) -> memref<256x1024xf32> {
  %n = "sched.node"() ({
    %buf0 = "ind.pointwise"() ({
      %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<256x1024xf32>) -> f32
      %1 = "arith.constant"() <{value = 2.0 : f32}> : () -> f32
      %2 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
      %3 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
      %4 = "arith.addf"(%2, %3) : (f32, f32) -> f32
      %5 = "arith.constant"() <{value = 0.0 : f32}> : () -> f32
      %6 = "arith.maximumf"(%4, %5) : (f32, f32) -> f32
      "gpu.yield"(%6) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 256, 1024>, origins = ["mul", "add", "relu"]} : () -> memref<256x1024xf32>
    "gpu.yield"(%buf0) : (memref<256x1024xf32>) -> ()
  }) {name = "op0", kind = "pointwise", group = array<i64: 262144, 1>, order = 0 : i64} : () -> memref<256x1024xf32>
  "func.return"(%n) : (memref<256x1024xf32>) -> ()
}
