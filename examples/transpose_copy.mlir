// A value written both plain and transposed (issue 11): torch equivalent `y = torch.relu(x * 2.0 + 1.0);
// return y, y.t().contiguous()`. The two output buffers read x at permuted indices; Inductor's
// loop_ordering_after_fusion reorders the transposed copy's loops so that both read x[i, j] at the same
// point, and one kernel writes y[i, j] and its transpose.
func.func @transpose_copy(%arg0_1: tensor<1024x1024xf32>) -> (tensor<1024x1024xf32>, tensor<1024x1024xf32>) {
  %two = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %m = "graph.mul"(%arg0_1, %two) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %a = "graph.add"(%m, %one) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %y = "graph.relu"(%a) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %t = "graph.permute"(%y) {dims = array<i64: 1, 0>} : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %c = "graph.clone"(%t) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %y, %c : tensor<1024x1024xf32>, tensor<1024x1024xf32>
}
