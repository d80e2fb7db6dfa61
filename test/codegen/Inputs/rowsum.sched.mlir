// A plain row sum with rnumel 8192 whose result leaves the kernel: an r-invariant store (one thread
// per row writes), looped by default, persistent with persistent-threshold=8192.
func.func @rowsum(%arg0_1: memref<64x8192xf32>) -> memref<64xf32> {
  %n0 = "sched.node"() ({
    %buf0 = "ind.reduction"() ({
      %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 8192 + d1)>} : (memref<64x8192xf32>) -> f32
      "gpu.yield"(%0) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 64>, reduction_ranges = array<i64: 8192>, reduction_type = "sum",
        origins = ["sum"]} : () -> memref<64xf32>
    "gpu.yield"(%buf0) : (memref<64xf32>) -> ()
  }) {name = "op0", kind = "reduction", group = array<i64: 64, 8192>, order = 0 : i64} : () -> memref<64xf32>
  "func.return"(%n0) : (memref<64xf32>) -> ()
}
