// The seed at the sched level after fusion (docs/ir-contract.md stage 3), written by hand:
// op0 (buf0 = row sum, reduction) and op1 (buf1 = the epilogue, pointwise) fused as op0_op1.
func.func @seed(%arg0_1: memref<1024x1024xf32>, %arg1_1: memref<1024xf32>, %arg2_1: memref<1024xf32>,
                %arg3_1: memref<1024xf32>) -> memref<1024x1024xf32> {
  %f = "sched.fused"() ({
    %n0 = "sched.node"() ({
      %buf0 = "ind.reduction"() ({
        %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
        %1 = "arith.constant"() <{value = 1.1 : f32}> : () -> f32
        %2 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
        %3 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
        %4 = "arith.addf"(%2, %3) : (f32, f32) -> f32
        %5 = "arith.constant"() <{value = 0.0 : f32}> : () -> f32
        %6 = "arith.maximumf"(%4, %5) : (f32, f32) -> f32
        %7 = "arith.mulf"(%6, %6) : (f32, f32) -> f32
        %8 = "arith.constant"() <{value = 0.1 : f32}> : () -> f32
        %9 = "arith.mulf"(%6, %8) : (f32, f32) -> f32
        %10 = "arith.addf"(%7, %9) : (f32, f32) -> f32
        "gpu.yield"(%10) : (f32) -> ()
      }) {name = "buf0", ranges = array<i64: 1024>, reduction_ranges = array<i64: 1024>,
          reduction_type = "sum", origins = ["mean", "add_1", "mul_1", "relu", "add", "mul", "mul_2"]} : () -> memref<1024x1xf32>
      "gpu.yield"(%buf0) : (memref<1024x1xf32>) -> ()
    }) {name = "op0", kind = "reduction", group = array<i64: 1024, 1024>, order = 0 : i64} : () -> memref<1024x1xf32>
    %n1 = "sched.node"() ({
      %buf1 = "ind.pointwise"() ({
        %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
        %1 = "arith.constant"() <{value = 1.1 : f32}> : () -> f32
        %2 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
        %3 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
        %4 = "arith.addf"(%2, %3) : (f32, f32) -> f32
        %5 = "arith.constant"() <{value = 0.0 : f32}> : () -> f32
        %6 = "arith.maximumf"(%4, %5) : (f32, f32) -> f32
        %7 = "arith.mulf"(%6, %6) : (f32, f32) -> f32
        %8 = "arith.constant"() <{value = 0.1 : f32}> : () -> f32
        %9 = "arith.mulf"(%6, %8) : (f32, f32) -> f32
        %10 = "arith.addf"(%7, %9) : (f32, f32) -> f32
        %11 = "ind.load"(%n0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<1024x1xf32>) -> f32
        %12 = "arith.constant"() <{value = 1024.0 : f32}> : () -> f32
        %13 = "arith.divf"(%11, %12) : (f32, f32) -> f32
        %14 = "arith.subf"(%10, %13) : (f32, f32) -> f32
        %15 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
        %16 = "arith.mulf"(%14, %15) : (f32, f32) -> f32
        %17 = "ind.load"(%arg3_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
        %18 = "arith.addf"(%16, %17) : (f32, f32) -> f32
        "gpu.yield"(%18) : (f32) -> ()
      }) {name = "buf1", ranges = array<i64: 1024, 1024>,
          origins = ["add_2", "mul_3", "sub", "add_1", "mul_1", "relu", "add", "mul", "mul_2", "mean"]} : () -> memref<1024x1024xf32>
      "gpu.yield"(%buf1) : (memref<1024x1024xf32>) -> ()
    }) {name = "op1", kind = "pointwise", group = array<i64: 1048576, 1>, order = 1 : i64} : () -> memref<1024x1024xf32>
    "gpu.yield"(%n1) : (memref<1024x1024xf32>) -> ()
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>, name = "op0_op1", group = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%f) : (memref<1024x1024xf32>) -> ()
}
