// softmax over rows of a 512x1024 input: buf0 = max, buf1 = sum(exp(x - max)), buf2 = exp(x - max) / sum,
// all three fused into one persistent kernel with two reductions.
func.func @softmax(%arg0_1: memref<512x1024xf32>) -> memref<512x1024xf32> {
  %f = "sched.fused"() ({
    %n0 = "sched.node"() ({
      %buf0 = "ind.reduction"() ({
        %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1, d2) -> (d0 * 1024 + d2)>} : (memref<512x1024xf32>) -> f32
        "gpu.yield"(%0) : (f32) -> ()
      }) {name = "buf0", ranges = array<i64: 512, 1>, reduction_ranges = array<i64: 1024>, reduction_type = "max",
          origins = ["amax"]} : () -> memref<512x1xf32>
      "gpu.yield"(%buf0) : (memref<512x1xf32>) -> ()
    }) {name = "op0", kind = "reduction", group = array<i64: 512, 1024>, order = 0 : i64} : () -> memref<512x1xf32>
    %n1 = "sched.node"() ({
      %buf1 = "ind.reduction"() ({
        %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1, d2) -> (d0 * 1024 + d2)>} : (memref<512x1024xf32>) -> f32
        %1 = "ind.load"(%n0) {index = affine_map<(d0, d1, d2) -> (d0)>} : (memref<512x1xf32>) -> f32
        %2 = "arith.subf"(%0, %1) : (f32, f32) -> f32
        %3 = "math.exp"(%2) : (f32) -> f32
        "gpu.yield"(%3) : (f32) -> ()
      }) {name = "buf1", ranges = array<i64: 512, 1>, reduction_ranges = array<i64: 1024>, reduction_type = "sum",
          origins = ["sub", "exp", "sum"]} : () -> memref<512x1xf32>
      "gpu.yield"(%buf1) : (memref<512x1xf32>) -> ()
    }) {name = "op1", kind = "reduction", group = array<i64: 512, 1024>, order = 1 : i64} : () -> memref<512x1xf32>
    %n2 = "sched.node"() ({
      %buf2 = "ind.pointwise"() ({
        %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<512x1024xf32>) -> f32
        %1 = "ind.load"(%n0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<512x1xf32>) -> f32
        %2 = "arith.subf"(%0, %1) : (f32, f32) -> f32
        %3 = "math.exp"(%2) : (f32) -> f32
        %4 = "ind.load"(%n1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<512x1xf32>) -> f32
        %5 = "arith.divf"(%3, %4) : (f32, f32) -> f32
        "gpu.yield"(%5) : (f32) -> ()
      }) {name = "buf2", ranges = array<i64: 512, 1024>, origins = ["sub_1", "exp_1", "div"]} : () -> memref<512x1024xf32>
      "gpu.yield"(%buf2) : (memref<512x1024xf32>) -> ()
    }) {name = "op2", kind = "pointwise", group = array<i64: 524288, 1>, order = 2 : i64} : () -> memref<512x1024xf32>
    "gpu.yield"(%n2) : (memref<512x1024xf32>) -> ()
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>, name = "op0_op1_op2", group = array<i64: 512, 1024>} : () -> memref<512x1024xf32>
  "func.return"(%f) : (memref<512x1024xf32>) -> ()
}
