func.func @f(%x: tensor<8x16xi32>) -> tensor<16xi1> {
  %c = "graph.constant"() {value = 8.0 : f64} : () -> tensor<i32>
  %b = "graph.gt"(%x, %c) : (tensor<8x16xi32>, tensor<i32>) -> tensor<8x16xi1>
  %r = "graph.any"(%b) {dims = array<i64: 0>, keepdim = false} : (tensor<8x16xi1>) -> tensor<16xi1>
  return %r : tensor<16xi1>
}
