// A bare f16 matmul: one extern mm step (cublasGemmEx, f32 accumulation), which the mock cuBLAS computes.
func.func @mm(%arg0_1: tensor<3x4xf16>, %arg1_1: tensor<4x5xf16>) -> tensor<3x5xf16> {
  %mm = "graph.mm"(%arg0_1, %arg1_1) : (tensor<3x4xf16>, tensor<4x5xf16>) -> tensor<3x5xf16>
  return %mm : tensor<3x5xf16>
}
