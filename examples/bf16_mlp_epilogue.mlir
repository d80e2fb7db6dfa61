// A bf16 MLP layer (issue 11): torch equivalent `F.gelu(x @ w + b)` with x, w, b in bfloat16. The matmul
// is an extern mm of bf16 operands (the CPU JIT accumulates in f64 and rounds once; the CUDA runtime calls
// cublasGemmEx with f32 accumulation); the bias and gelu are one pointwise kernel computing in f32 from
// the bf16 loads and storing bf16.
func.func @bf16_mlp_epilogue(%arg0_1: tensor<1024x1024xbf16>, %arg1_1: tensor<1024x1024xbf16>, %arg2_1: tensor<1024xbf16>) -> tensor<1024x1024xbf16> {
  %mm = "graph.mm"(%arg0_1, %arg1_1) : (tensor<1024x1024xbf16>, tensor<1024x1024xbf16>) -> tensor<1024x1024xbf16>
  %a = "graph.add"(%mm, %arg2_1) : (tensor<1024x1024xbf16>, tensor<1024xbf16>) -> tensor<1024x1024xbf16>
  %g = "graph.gelu"(%a) {approximate = "none"} : (tensor<1024x1024xbf16>) -> tensor<1024x1024xbf16>
  return %g : tensor<1024x1024xbf16>
}
