// An `all` reduction (its f32 min of 0.0 / 1.0 into an i1 buffer) whose consumer loads that i1 buffer
// as f32 (a load converts storage to compute type: a bool reads as 0.0 / 1.0). Used by
// ../sched_to_kernel_bool_buffer.mlir.
#map = affine_map<(d0, d1) -> (d0 * 16 + d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x16xf32>) -> memref<4x16xf32>, sym_name = "all_read_as_f32"}> ({
  ^bb0(%arg0: memref<4x16xf32>):
    %0 = "ind.reduction"() ({
      %1 = "ind.load"(%arg0) {index = #map} : (memref<4x16xf32>) -> f32
      %2 = "arith.constant"() <{value = -0.899999976 : f32}> : () -> f32
      %3 = "arith.cmpf"(%1, %2) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (f32, f32) -> i1
      %4 = "arith.uitofp"(%3) : (i1) -> f32
      "gpu.yield"(%4) : (f32) -> ()
    }) {name = "buf0", origins = ["gt", "all"], ranges = array<i64: 4>, reduction_ranges = array<i64: 16>, reduction_type = "min"} : () -> memref<4x1xi1>
    %5 = "ind.pointwise"() ({
      %6 = "ind.load"(%arg0) {index = #map} : (memref<4x16xf32>) -> f32
      %7 = "ind.load"(%0) {index = #map1} : (memref<4x1xi1>) -> f32
      %8 = "arith.mulf"(%6, %7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "gpu.yield"(%8) : (f32) -> ()
    }) {name = "buf1", origins = ["mul"], ranges = array<i64: 4, 16>} : () -> memref<4x16xf32>
    "func.return"(%5) : (memref<4x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()
