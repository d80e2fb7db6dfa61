// Regression (shared repro splat_constant.mlir): a splat constant of a shape was rejected by the lowering
// ("only scalar (0-d or single-element) constants are supported"); now it is read at any index.
func.func @f(%arg0_1: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %c = "graph.constant"() {value = 2.0 : f64} : () -> tensor<3x4xf32>
  %0 = "graph.mul"(%arg0_1, %c) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
