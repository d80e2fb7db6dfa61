// A bare batched matmul: its plan is one extern bmm step (cuBLAS's strided batched sgemm), which the mock
// cuBLAS really computes, batch by batch.
func.func @bmm(%arg0_1: tensor<2x3x4xf32>, %arg1_1: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %bmm = "graph.bmm"(%arg0_1, %arg1_1) : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %bmm : tensor<2x3x5xf32>
}
