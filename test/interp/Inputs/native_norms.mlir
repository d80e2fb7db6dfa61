// native_group_norm (3 groups of 2 channels) and native_layer_norm (over the last dim) of one input, with their
// saved statistics: test/interp/native-norms.test checks the reference interpreter against NumPy.
func.func @norms(%x: tensor<2x6x4xf32>, %w: tensor<6xf32>, %b: tensor<6xf32>, %lw: tensor<4xf32>, %lb: tensor<4xf32>) -> (tensor<2x6x4xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x6x4xf32>, tensor<2x6x1xf32>, tensor<2x6x1xf32>) {
  %out, %mean, %rstd = "graph.native_group_norm"(%x, %w, %b) {group = 3 : i64, eps = 1.0e-05 : f64} : (tensor<2x6x4xf32>, tensor<6xf32>, tensor<6xf32>) -> (tensor<2x6x4xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
  %lo, %lm, %lr = "graph.native_layer_norm"(%x, %lw, %lb) {normalized_shape = array<i64: 4>, eps = 1.0e-05 : f64} : (tensor<2x6x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x6x4xf32>, tensor<2x6x1xf32>, tensor<2x6x1xf32>)
  return %out, %mean, %rstd, %lo, %lm, %lr : tensor<2x6x4xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x6x4xf32>, tensor<2x6x1xf32>, tensor<2x6x1xf32>
}
