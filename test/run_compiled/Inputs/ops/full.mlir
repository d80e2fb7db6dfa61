func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %a = "graph.full"() {value = 2.5 : f64, shape = array<i64: 8, 16>} : () -> tensor<8x16xf32>
  %o = "graph.ones"() {shape = array<i64: 16>} : () -> tensor<16xf32>
  %b = "graph.mul"(%x, %a) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %c = "graph.add"(%b, %o) : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8x16xf32>
  return %c : tensor<8x16xf32>
}
