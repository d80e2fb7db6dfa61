func.func @f(%x: tensor<8x16x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xi64>, tensor<8x16x1xf32>, tensor<8x16x1xi64>) {
  %v, %i = "graph.max_dim"(%x) {dim = 1 : i64, keepdim = false} : (tensor<8x16x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xi64>)
  %w, %j = "graph.min_dim"(%x) {dim = -1 : i64, keepdim = true} : (tensor<8x16x4xf32>) -> (tensor<8x16x1xf32>, tensor<8x16x1xi64>)
  return %v, %i, %w, %j : tensor<8x4xf32>, tensor<8x4xi64>, tensor<8x16x1xf32>, tensor<8x16x1xi64>
}
