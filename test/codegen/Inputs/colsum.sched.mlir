// A column sum of a 256x512 input: x = the 512 columns (contiguous), r = the 256 rows (stride 512):
// an OUTER reduction (no load is contiguous along r).
func.func @colsum(%arg0_1: memref<256x512xf32>) -> memref<512xf32> {
  %n0 = "sched.node"() ({
    %buf0 = "ind.reduction"() ({
      %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d1 * 512 + d0)>} : (memref<256x512xf32>) -> f32
      "gpu.yield"(%0) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 512>, reduction_ranges = array<i64: 256>, reduction_type = "sum",
        origins = ["sum"]} : () -> memref<512xf32>
    "gpu.yield"(%buf0) : (memref<512xf32>) -> ()
  }) {name = "op0", kind = "reduction", group = array<i64: 512, 256>, order = 0 : i64} : () -> memref<512xf32>
  "func.return"(%n0) : (memref<512xf32>) -> ()
}
