// test/fuse/Inputs/permute3d_copy.mlir after --lower --fuse, with its loop_order made no permutation (1, 1, 0).
#map = affine_map<(d0, d1, d2) -> (d0 * 128 + d1 * 16 + d2)>
#map1 = affine_map<(d0, d1, d2) -> (d1 * 128 + d2 * 16 + d0)>
#map2 = affine_map<(d0, d1, d2) -> (d0 * 8 + d1 + d2 * 32)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x8x16xf32>) -> (memref<4x8x16xf32>, memref<16x4x8xf32>), sym_name = "permute3d_copy"}> ({
  ^bb0(%arg0: memref<4x8x16xf32>):
    %0:2 = "sched.fused"() ({
      %1 = "sched.node"() ({
        %5 = "ind.pointwise"() ({
          %6 = "ind.load"(%arg0) {index = #map} : (memref<4x8x16xf32>) -> f32
          %7 = "math.exp"(%6) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
          "gpu.yield"(%7) : (f32) -> ()
        }) {name = "buf0", origins = ["exp"], ranges = array<i64: 4, 8, 16>} : () -> memref<4x8x16xf32>
        "gpu.yield"(%5) : (memref<4x8x16xf32>) -> ()
      }) {group = array<i64: 512, 1>, kind = "pointwise", met_dependencies = [["arg0_1", #map, array<i64: 4, 8, 16>]], name = "op0", order = 0 : i64, reads = [["arg0_1", #map, array<i64: 4, 8, 16>]], unmet_dependencies = [], writes = [["buf0", #map, array<i64: 4, 8, 16>]]} : () -> memref<4x8x16xf32>
      %2 = "sched.node"() ({
        %3 = "ind.pointwise"() ({
          %4 = "ind.load"(%1) {index = #map1} : (memref<4x8x16xf32>) -> f32
          "gpu.yield"(%4) : (f32) -> ()
        }) {loop_order = array<i64: 1, 1, 0>, name = "buf1", origins = ["permute", "clone"], ranges = array<i64: 16, 4, 8>} : () -> memref<16x4x8xf32>
        "gpu.yield"(%3) : (memref<16x4x8xf32>) -> ()
      }) {group = array<i64: 512, 1>, kind = "pointwise", met_dependencies = [], name = "op1", order = 1 : i64, reads = [["buf0", #map, array<i64: 4, 8, 16>]], unmet_dependencies = [["buf0", #map, array<i64: 4, 8, 16>]], writes = [["buf1", #map2, array<i64: 4, 8, 16>]]} : () -> memref<16x4x8xf32>
      "gpu.yield"(%1, %2) : (memref<4x8x16xf32>, memref<16x4x8xf32>) -> ()
    }) {group = array<i64: 512, 1>, kind = "pointwise", max_order = 1 : i64, met_dependencies = [["arg0_1", #map, array<i64: 4, 8, 16>]], min_order = 0 : i64, name = "op0_op1", reads = [["arg0_1", #map, array<i64: 4, 8, 16>]], resultSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0, 0, 0>, unmet_dependencies = [], writes = [["buf0", #map, array<i64: 4, 8, 16>], ["buf1", #map2, array<i64: 4, 8, 16>]]} : () -> (memref<4x8x16xf32>, memref<16x4x8xf32>)
    "func.return"(%0#0, %0#1) : (memref<4x8x16xf32>, memref<16x4x8xf32>) -> ()
  }) {sched.strategy = "fuse-inductor"} : () -> ()
}) : () -> ()

