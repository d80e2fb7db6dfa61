// A mean over the leading axis (an OUTER reduction, issue 10): torch equivalent `x.mean(dim=0)`.
func.func @mean_dim0(%arg0_1: tensor<1024x1024xf32>) -> tensor<1024xf32> {
  %mean = "graph.mean"(%arg0_1) {dims = array<i64: 0>, keepdim = false} : (tensor<1024x1024xf32>) -> tensor<1024xf32>
  return %mean : tensor<1024xf32>
}
