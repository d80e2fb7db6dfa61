// index_select with negative indices (counted from the end) along dim 0 (i64) and dim 1 (i32), each
// followed by a pointwise op that fuses with the lookup.
func.func @select_neg(%x: tensor<17x33xf32>, %r: tensor<5xi64>, %c: tensor<3xi32>) -> (tensor<5x33xf32>, tensor<17x3xf32>) {
  %a = "graph.index_select"(%x, %r) {dim = 0 : i64} : (tensor<17x33xf32>, tensor<5xi64>) -> tensor<5x33xf32>
  %ra = "graph.relu"(%a) : (tensor<5x33xf32>) -> tensor<5x33xf32>
  %b = "graph.index_select"(%x, %c) {dim = 1 : i64} : (tensor<17x33xf32>, tensor<3xi32>) -> tensor<17x3xf32>
  %eb = "graph.exp"(%b) : (tensor<17x3xf32>) -> tensor<17x3xf32>
  return %ra, %eb : tensor<5x33xf32>, tensor<17x3xf32>
}
