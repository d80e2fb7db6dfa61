func.func @f(%x: tensor<8x16xf32>) -> (tensor<8x16xi1>, tensor<8xi64>, tensor<8xi64>) {
  %l = "graph.log"(%x) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n = "graph.isnan"(%l) : (tensor<8x16xf32>) -> tensor<8x16xi1>
  %a = "graph.argmax"(%l) {dims = array<i64: 1>, keepdim = false} : (tensor<8x16xf32>) -> tensor<8xi64>
  %b = "graph.argmin"(%x) {dims = array<i64: -1>, keepdim = false} : (tensor<8x16xf32>) -> tensor<8xi64>
  return %n, %a, %b : tensor<8x16xi1>, tensor<8xi64>, tensor<8xi64>
}
