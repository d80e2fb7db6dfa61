// Residual add then RMSNorm, two outputs, from
// the rmsnorm_residual case's fx_graph_readable.py (Inductor debug dump):
//   h = x + r; return h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-6) * w, h
// arg0_1 = x, arg1_1 = r, arg2_1 = w.
func.func @rmsnorm_residual(%arg0_1: tensor<1024x1024xf32>, %arg1_1: tensor<1024x1024xf32>, %arg2_1: tensor<1024xf32>) -> (tensor<1024x1024xf32>, tensor<1024x1024xf32>) {
  %add = "graph.add"(%arg0_1, %arg1_1) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %cst = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %pow_1 = "graph.pow"(%add, %cst) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %mean = "graph.mean"(%pow_1) {dims = array<i64: -1>, keepdim = true} : (tensor<1024x1024xf32>) -> tensor<1024x1xf32>
  %cst_0 = "graph.constant"() {value = 1.0e-06 : f64} : () -> tensor<f32>
  %add_1 = "graph.add"(%mean, %cst_0) : (tensor<1024x1xf32>, tensor<f32>) -> tensor<1024x1xf32>
  %rsqrt = "graph.rsqrt"(%add_1) : (tensor<1024x1xf32>) -> tensor<1024x1xf32>
  %mul = "graph.mul"(%add, %rsqrt) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %mul_1 = "graph.mul"(%mul, %arg2_1) : (tensor<1024x1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
  return %mul_1, %add : tensor<1024x1024xf32>, tensor<1024x1024xf32>
}
