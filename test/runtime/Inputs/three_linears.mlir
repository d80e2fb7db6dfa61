// Three linears in a chain, returning the last and the batch itself (python-scratch.test's run in parts): the
// first's result dies before the returned result's first step, so it lies in that output's bytes; the batch,
// returned, is copied at the end (its last reader is the end).
func.func @three_linears(%b: tensor<8xf32>, %x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %wt = "graph.permute"(%w) {dims = array<i64: 1, 0>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %0 = "graph.addmm"(%b, %x, %wt) : (tensor<8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = "graph.addmm"(%b, %0, %wt) : (tensor<8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = "graph.addmm"(%b, %1, %wt) : (tensor<8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %2, %x : tensor<8x8xf32>, tensor<8x8xf32>
}
