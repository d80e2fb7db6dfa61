// layer_norm over the last axis (issue 10): torch equivalent `F.layer_norm(x, (n,), w, b)`. Decomposed
// as ATen's native_layer_norm (mean, then the mean of squared deviations, tagged a variance), lowered
// with welford: mean and m2 of one state, x read once by the reduction (docs/passes/lower.md).
func.func @layer_norm(%arg0_1: tensor<1024x1024xf32>, %arg1_1: tensor<1024xf32>, %arg2_1: tensor<1024xf32>) -> tensor<1024x1024xf32> {
  %r = "graph.layer_norm"(%arg0_1, %arg1_1, %arg2_1) {normalized_shape = array<i64: 1024>, eps = 1.0e-05 : f64} : (tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
