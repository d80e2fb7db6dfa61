// A bare bf16 batched matmul: one extern bmm step (cublasGemmStridedBatchedEx), which the mock
// cuBLAS really computes, batch by batch.
func.func @bmm(%arg0_1: tensor<2x3x4xbf16>, %arg1_1: tensor<2x4x5xbf16>) -> tensor<2x3x5xbf16> {
  %bmm = "graph.bmm"(%arg0_1, %arg1_1) : (tensor<2x3x4xbf16>, tensor<2x4x5xbf16>) -> tensor<2x3x5xbf16>
  return %bmm : tensor<2x3x5xbf16>
}
