func.func @sdpa(%q: tensor<2x3x16x8xf32>, %k: tensor<2x3x16x8xf32>, %v: tensor<2x3x16x4xf32>) -> tensor<2x3x16x4xf32> {
  %r = "graph.scaled_dot_product_attention"(%q, %k, %v) {is_causal = true} : (tensor<2x3x16x8xf32>, tensor<2x3x16x8xf32>, tensor<2x3x16x4xf32>) -> tensor<2x3x16x4xf32>
  return %r : tensor<2x3x16x4xf32>
}
