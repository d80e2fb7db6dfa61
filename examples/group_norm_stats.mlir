// Group normalization with the statistics a training forward keeps for the backward, as AOTAutograd
// hands it to Inductor for
//   out, mean, rstd = torch.native_group_norm(x, w, b, n, 32, 16, 8, 1e-5)      (x: [n, 32, 16])
// (F.group_norm(x, 8, w, b) in make_fx). graph-decompose reshapes x to [n, 8, 64], takes the mean and
// rstd per (sample, group) and applies the per-channel affine: the stats [n, 8] are outputs.
func.func @group_norm_stats(%arg0_1: tensor<1024x32x16xf32>, %arg1_1: tensor<32xf32>, %arg2_1: tensor<32xf32>) -> (tensor<1024x32x16xf32>, tensor<1024x8xf32>, tensor<1024x8xf32>) {
  %out, %mean, %rstd = "graph.native_group_norm"(%arg0_1, %arg1_1, %arg2_1) {group = 8 : i64, eps = 1.0e-05 : f64} : (tensor<1024x32x16xf32>, tensor<32xf32>, tensor<32xf32>) -> (tensor<1024x32x16xf32>, tensor<1024x8xf32>, tensor<1024x8xf32>)
  return %out, %mean, %rstd : tensor<1024x32x16xf32>, tensor<1024x8xf32>, tensor<1024x8xf32>
}
