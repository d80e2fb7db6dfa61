// A bare bf16 matmul: one extern mm step (cublasGemmEx, f32 accumulation), which the mock cuBLAS computes.
func.func @mm(%arg0_1: tensor<3x4xbf16>, %arg1_1: tensor<4x5xbf16>) -> tensor<3x5xbf16> {
  %mm = "graph.mm"(%arg0_1, %arg1_1) : (tensor<3x4xbf16>, tensor<4x5xbf16>) -> tensor<3x5xbf16>
  return %mm : tensor<3x5xbf16>
}
