// The seed example (10 ATen ops), from the seed_10op case's fx_graph_readable.py (Inductor debug dump):
//   t = x * 1.1 + bias; a = relu(t); p = a * a; q = a * 0.1; s = p + q
//   m = s.mean(1, keepdim=True); return (s - m) * gamma + beta
// arg0_1 = x, arg1_1 = bias, arg2_1 = gamma, arg3_1 = beta.
func.func @seed(%arg0_1: tensor<1024x1024xf32>, %arg1_1: tensor<1024xf32>, %arg2_1: tensor<1024xf32>, %arg3_1: tensor<1024xf32>) -> tensor<1024x1024xf32> {
  %cst = "graph.constant"() {value = 1.1 : f64} : () -> tensor<f32>
  %mul = "graph.mul"(%arg0_1, %cst) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %add = "graph.add"(%mul, %arg1_1) : (tensor<1024x1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
  %relu = "graph.relu"(%add) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %mul_1 = "graph.mul"(%relu, %relu) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %cst_0 = "graph.constant"() {value = 0.1 : f64} : () -> tensor<f32>
  %mul_2 = "graph.mul"(%relu, %cst_0) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %add_1 = "graph.add"(%mul_1, %mul_2) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %mean = "graph.mean"(%add_1) {dims = array<i64: 1>, keepdim = true} : (tensor<1024x1024xf32>) -> tensor<1024x1xf32>
  %sub = "graph.sub"(%add_1, %mean) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %mul_3 = "graph.mul"(%sub, %arg2_1) : (tensor<1024x1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
  %add_2 = "graph.add"(%mul_3, %arg3_1) : (tensor<1024x1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
  return %add_2 : tensor<1024x1024xf32>
}
