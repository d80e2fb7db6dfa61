// Fuzz program gen.py seed 164 (ops 10, max-numel 4096): under fuse-tvm one kernel holds the rms_norm's
// [44, 93] epilogue and the [11, 2, 62, 3] comparison of its reshape (test/fuse/merge_loops.mlir).
func.func @prog(%arg0_1: tensor<33xf32>, %arg1_1: tensor<1x1023x4xf32>, %arg2_1: tensor<1x1023x1xi64>, %arg3_1: tensor<44x93xf32>, %arg4_1: tensor<93xf32>, %arg5_1: tensor<11x2x62x3xi32>) -> tensor<11x2x62x3xi1> {
  %v1 = "graph.gt"(%arg2_1, %arg1_1) : (tensor<1x1023x1xi64>, tensor<1x1023x4xf32>) -> tensor<1x1023x4xi1>
  %v2 = "graph.rsqrt"(%arg1_1) : (tensor<1x1023x4xf32>) -> tensor<1x1023x4xf32>
  %v3 = "graph.reshape"(%arg1_1) {shape = array<i64: -1, 2, 1023, 2>} : (tensor<1x1023x4xf32>) -> tensor<1x2x1023x2xf32>
  %v4 = "graph.view"(%v3) {shape = array<i64: 44, 93>} : (tensor<1x2x1023x2xf32>) -> tensor<44x93xf32>
  %v5 = "graph.gt"(%v4, %arg3_1) : (tensor<44x93xf32>, tensor<44x93xf32>) -> tensor<44x93xi1>
  %v6 = "graph.le"(%v4, %v4) : (tensor<44x93xf32>, tensor<44x93xf32>) -> tensor<44x93xi1>
  %v7 = "graph.rsqrt"(%v3) : (tensor<1x2x1023x2xf32>) -> tensor<1x2x1023x2xf32>
  %v8 = "graph.rms_norm"(%v4, %arg4_1) {normalized_shape = array<i64: 93>, eps = 1.0e-06 : f64} : (tensor<44x93xf32>, tensor<93xf32>) -> tensor<44x93xf32>
  %v9 = "graph.reshape"(%v8) {shape = array<i64: 11, 2, 62, 3>} : (tensor<44x93xf32>) -> tensor<11x2x62x3xf32>
  %v10 = "graph.le"(%v9, %arg5_1) : (tensor<11x2x62x3xf32>, tensor<11x2x62x3xi32>) -> tensor<11x2x62x3xi1>
  return %v10 : tensor<11x2x62x3xi1>
}
