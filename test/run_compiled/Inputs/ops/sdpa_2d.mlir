func.func @sdpa(%q: tensor<8x16xf32>, %k: tensor<12x16xf32>, %v: tensor<12x8xf32>) -> tensor<8x8xf32> {
  %r = "graph.scaled_dot_product_attention"(%q, %k, %v) {is_causal = true} : (tensor<8x16xf32>, tensor<12x16xf32>, tensor<12x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
