// An input for test/soak/shrink.test: the graph reference fails on the 2^40-element argument
// (too large to allocate); every other op is noise the shrinker must remove.
func.func @prog(%arg0_1: tensor<1048576x1048576xf32>, %arg1_1: tensor<17x33xf32>, %arg2_1: tensor<33xf32>) -> (tensor<1048576x1048576xf32>, tensor<17x33xf32>) {
  %v1 = "graph.exp"(%arg1_1) : (tensor<17x33xf32>) -> tensor<17x33xf32>
  %v2 = "graph.constant"() {value = 2.5 : f64} : () -> tensor<f32>
  %v3 = "graph.mul"(%v1, %v2) : (tensor<17x33xf32>, tensor<f32>) -> tensor<17x33xf32>
  %v4 = "graph.add"(%v3, %arg2_1) : (tensor<17x33xf32>, tensor<33xf32>) -> tensor<17x33xf32>
  %v5 = "graph.relu"(%arg0_1) : (tensor<1048576x1048576xf32>) -> tensor<1048576x1048576xf32>
  %v6 = "graph.neg"(%v5) : (tensor<1048576x1048576xf32>) -> tensor<1048576x1048576xf32>
  return %v6, %v4 : tensor<1048576x1048576xf32>, tensor<17x33xf32>
}
