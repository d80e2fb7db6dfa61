// A reduction of a reduction (issue 10): torch equivalent `x.amax(dim=1).sum()`: the row maxima
// (1024 outputs) summed to a scalar.
func.func @sum_of_amax(%arg0_1: tensor<1024x1024xf32>) -> tensor<f32> {
  %amax = "graph.amax"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<1024x1024xf32>) -> tensor<1024xf32>
  %sum_1 = "graph.sum"(%amax) {dims = array<i64>, keepdim = false} : (tensor<1024xf32>) -> tensor<f32>
  return %sum_1 : tensor<f32>
}
