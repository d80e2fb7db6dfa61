// A bare matmul: its plan is one extern mm step (cuBLAS), which the mock cuBLAS really computes.
func.func @mm(%arg0_1: tensor<3x4xf32>, %arg1_1: tensor<4x5xf32>) -> tensor<3x5xf32> {
  %mm = "graph.mm"(%arg0_1, %arg1_1) : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return %mm : tensor<3x5xf32>
}
