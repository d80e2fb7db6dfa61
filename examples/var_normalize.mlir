// Variance-normalize each row (issue 10): torch equivalent
//   (x - x.mean(-1, keepdim=True)) / torch.sqrt(x.var(-1, keepdim=True) + 1e-5)   (unbiased var)
func.func @var_normalize(%arg0_1: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %mean = "graph.mean"(%arg0_1) {dims = array<i64: -1>, keepdim = true} : (tensor<1024x1024xf32>) -> tensor<1024x1xf32>
  %sub = "graph.sub"(%arg0_1, %mean) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %var = "graph.var"(%arg0_1) {dims = array<i64: -1>, keepdim = true, correction = 1 : i64} : (tensor<1024x1024xf32>) -> tensor<1024x1xf32>
  %cst = "graph.constant"() {value = 1.0e-05 : f64} : () -> tensor<f32>
  %add = "graph.add"(%var, %cst) : (tensor<1024x1xf32>, tensor<f32>) -> tensor<1024x1xf32>
  %sqrt = "graph.sqrt"(%add) : (tensor<1024x1xf32>) -> tensor<1024x1xf32>
  %div = "graph.div"(%sub, %sqrt) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  return %div : tensor<1024x1024xf32>
}
