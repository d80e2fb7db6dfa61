func.func @f(%x: tensor<8x16xf32>) -> (tensor<8x16xi32>, tensor<4xf32>) {
  %a = "graph.full_like"(%x) {value = 7.0 : f64} : (tensor<8x16xf32>) -> tensor<8x16xi32>
  %z = "graph.zeros"() {shape = array<i64: 4>} : () -> tensor<4xf32>
  return %a, %z : tensor<8x16xi32>, tensor<4xf32>
}
