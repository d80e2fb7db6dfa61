func.func @sdpa(%q: tensor<4x8x16xf32>, %k: tensor<4x12x16xf32>, %v: tensor<4x12x8xf32>) -> tensor<4x8x8xf32> {
  %r = "graph.scaled_dot_product_attention"(%q, %k, %v) {scale = 0.5 : f64} : (tensor<4x8x16xf32>, tensor<4x12x16xf32>, tensor<4x12x8xf32>) -> tensor<4x8x8xf32>
  return %r : tensor<4x8x8xf32>
}
