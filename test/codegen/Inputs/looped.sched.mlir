// A row sum with rnumel 8192 (looped: above the persistent threshold) plus a fused epilogue that
// writes x - rowsum / 8192 (so the r-varying store goes to a final loop). buf0 stays in the kernel.
func.func @rowsum(%arg0_1: memref<64x8192xf32>) -> memref<64x8192xf32> {
  %f = "sched.fused"() ({
    %n0 = "sched.node"() ({
      %buf0 = "ind.reduction"() ({
        %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 8192 + d1)>} : (memref<64x8192xf32>) -> f32
        "gpu.yield"(%0) : (f32) -> ()
      }) {name = "buf0", ranges = array<i64: 64>, reduction_ranges = array<i64: 8192>, reduction_type = "sum",
          origins = ["sum"]} : () -> memref<64x1xf32>
      "gpu.yield"(%buf0) : (memref<64x1xf32>) -> ()
    }) {name = "op0", kind = "reduction", group = array<i64: 64, 8192>, order = 0 : i64} : () -> memref<64x1xf32>
    %n1 = "sched.node"() ({
      %buf1 = "ind.pointwise"() ({
        %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 8192 + d1)>} : (memref<64x8192xf32>) -> f32
        %1 = "ind.load"(%n0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64x1xf32>) -> f32
        %2 = "arith.constant"() <{value = 8192.0 : f32}> : () -> f32
        %3 = "arith.divf"(%1, %2) : (f32, f32) -> f32
        %4 = "arith.subf"(%0, %3) : (f32, f32) -> f32
        "gpu.yield"(%4) : (f32) -> ()
      }) {name = "buf1", ranges = array<i64: 64, 8192>, origins = ["sub", "div"]} : () -> memref<64x8192xf32>
      "gpu.yield"(%buf1) : (memref<64x8192xf32>) -> ()
    }) {name = "op1", kind = "pointwise", group = array<i64: 524288, 1>, order = 1 : i64} : () -> memref<64x8192xf32>
    "gpu.yield"(%n1) : (memref<64x8192xf32>) -> ()
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>, name = "op0_op1", group = array<i64: 64, 8192>} : () -> memref<64x8192xf32>
  "func.return"(%f) : (memref<64x8192xf32>) -> ()
}
