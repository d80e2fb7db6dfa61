// A chain of pointwise ops, from the pointwise_chain case's fx_graph_readable.py (Inductor debug dump):
//   y = torch.sigmoid(x + b) * x; return torch.tanh(y) * 0.5 + y
// arg0_1 = x, arg1_1 = b.
func.func @pointwise_chain(%arg0_1: tensor<1024x1024xf32>, %arg1_1: tensor<1024xf32>) -> tensor<1024x1024xf32> {
  %add = "graph.add"(%arg0_1, %arg1_1) : (tensor<1024x1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
  %sigmoid = "graph.sigmoid"(%add) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %mul = "graph.mul"(%sigmoid, %arg0_1) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %tanh = "graph.tanh"(%mul) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %cst = "graph.constant"() {value = 0.5 : f64} : () -> tensor<f32>
  %mul_1 = "graph.mul"(%tanh, %cst) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %add_1 = "graph.add"(%mul_1, %mul) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %add_1 : tensor<1024x1024xf32>
}
