// Three unfused pointwise nodes (buf0 = x + 1, buf1 = buf0 * 2, buf2 = buf1 + 3):
// buf0 is dead after the second launch, so buf2 (same size) takes its storage.
func.func @chain(%arg0_1: memref<1024xf32>) -> memref<1024xf32> {
  %n0 = "sched.node"() ({
    %b = "ind.pointwise"() ({
      %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
      %1 = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
      %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
      "gpu.yield"(%2) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 1024>, origins = ["add"]} : () -> memref<1024xf32>
    "gpu.yield"(%b) : (memref<1024xf32>) -> ()
  }) {name = "op0", kind = "pointwise", group = array<i64: 1024, 1>, order = 0 : i64} : () -> memref<1024xf32>
  %n1 = "sched.node"() ({
    %b = "ind.pointwise"() ({
      %0 = "ind.load"(%n0) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
      %1 = "arith.constant"() <{value = 2.0 : f32}> : () -> f32
      %2 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
      "gpu.yield"(%2) : (f32) -> ()
    }) {name = "buf1", ranges = array<i64: 1024>, origins = ["mul"]} : () -> memref<1024xf32>
    "gpu.yield"(%b) : (memref<1024xf32>) -> ()
  }) {name = "op1", kind = "pointwise", group = array<i64: 1024, 1>, order = 1 : i64} : () -> memref<1024xf32>
  %n2 = "sched.node"() ({
    %b = "ind.pointwise"() ({
      %0 = "ind.load"(%n1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
      %1 = "arith.constant"() <{value = 3.0 : f32}> : () -> f32
      %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
      "gpu.yield"(%2) : (f32) -> ()
    }) {name = "buf2", ranges = array<i64: 1024>, origins = ["add_1"]} : () -> memref<1024xf32>
    "gpu.yield"(%b) : (memref<1024xf32>) -> ()
  }) {name = "op2", kind = "pointwise", group = array<i64: 1024, 1>, order = 2 : i64} : () -> memref<1024xf32>
  "func.return"(%n2) : (memref<1024xf32>) -> ()
}
