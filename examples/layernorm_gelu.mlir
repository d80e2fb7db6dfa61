// LayerNorm by hand followed by exact (erf) GELU, from
// the layernorm_gelu case's fx_graph_readable.py (Inductor debug dump):
//   mu = x.mean(-1, keepdim=True); var = ((x - mu) ** 2).mean(-1, keepdim=True)
//   y = (x - mu) * torch.rsqrt(var + 1e-5) * w + b; return gelu(y)   (gelu decomposed by ATen into erf form)
// arg0_1 = x, arg1_1 = w, arg2_1 = b.
func.func @layernorm_gelu(%arg0_1: tensor<1024x1024xf32>, %arg1_1: tensor<1024xf32>, %arg2_1: tensor<1024xf32>) -> tensor<1024x1024xf32> {
  %mean = "graph.mean"(%arg0_1) {dims = array<i64: -1>, keepdim = true} : (tensor<1024x1024xf32>) -> tensor<1024x1xf32>
  %sub = "graph.sub"(%arg0_1, %mean) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %cst = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %pow_1 = "graph.pow"(%sub, %cst) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %mean_1 = "graph.mean"(%pow_1) {dims = array<i64: -1>, keepdim = true} : (tensor<1024x1024xf32>) -> tensor<1024x1xf32>
  %sub_1 = "graph.sub"(%arg0_1, %mean) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %cst_0 = "graph.constant"() {value = 1.0e-05 : f64} : () -> tensor<f32>
  %add = "graph.add"(%mean_1, %cst_0) : (tensor<1024x1xf32>, tensor<f32>) -> tensor<1024x1xf32>
  %rsqrt = "graph.rsqrt"(%add) : (tensor<1024x1xf32>) -> tensor<1024x1xf32>
  %mul = "graph.mul"(%sub_1, %rsqrt) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %mul_1 = "graph.mul"(%mul, %arg1_1) : (tensor<1024x1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
  %add_1 = "graph.add"(%mul_1, %arg2_1) : (tensor<1024x1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
  %cst_1 = "graph.constant"() {value = 0.5 : f64} : () -> tensor<f32>
  %mul_2 = "graph.mul"(%add_1, %cst_1) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %cst_2 = "graph.constant"() {value = 0.7071067811865476 : f64} : () -> tensor<f32>
  %mul_3 = "graph.mul"(%add_1, %cst_2) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %erf = "graph.erf"(%mul_3) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %cst_3 = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %add_2 = "graph.add"(%erf, %cst_3) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %mul_4 = "graph.mul"(%mul_2, %add_2) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %mul_4 : tensor<1024x1024xf32>
}
