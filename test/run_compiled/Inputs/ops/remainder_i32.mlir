func.func @remainder(%x: tensor<8x16xi32>, %y: tensor<16xi32>) -> tensor<8x16xi32> {
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<i32>
  %y1 = "graph.add"(%y, %one) : (tensor<16xi32>, tensor<i32>) -> tensor<16xi32>
  %n = "graph.neg"(%y1) : (tensor<16xi32>) -> tensor<16xi32>
  %r = "graph.remainder"(%x, %n)  : (tensor<8x16xi32>, tensor<16xi32>) -> tensor<8x16xi32>
  return %r : tensor<8x16xi32>
}
