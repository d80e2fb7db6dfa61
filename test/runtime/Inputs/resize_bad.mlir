func.func @f(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  %c = "graph.constant"() {value = 1024.0 : f64} : () -> tensor<f32>
  // 1024 in a comment is fine
  %v = "graph.view"(%a) {shape = array<i64: 1048576>} : (tensor<1024xf32>) -> tensor<1024xf32>
}
