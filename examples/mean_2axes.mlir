// A mean over two axes at once, the first and the last (issue 10): torch equivalent
// `x.mean(dim=(0, 2))` of a [16, 1024, 64] tensor.
func.func @mean_2axes(%arg0_1: tensor<16x1024x64xf32>) -> tensor<1024xf32> {
  %mean = "graph.mean"(%arg0_1) {dims = array<i64: 0, 2>, keepdim = false} : (tensor<16x1024x64xf32>) -> tensor<1024xf32>
  return %mean : tensor<1024xf32>
}
