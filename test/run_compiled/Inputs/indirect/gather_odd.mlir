// gather along dim 0 and dim 1 of a 17x33 input (odd sizes), and the row sums of the dim-1 gather
// (an indirect load inside a reduction).
func.func @gather_odd(%x: tensor<17x33xf32>, %i0: tensor<5x33xi64>, %i1: tensor<17x4xi64>) -> (tensor<5x33xf32>, tensor<17x4xf32>, tensor<17xf32>) {
  %a = "graph.gather"(%x, %i0) {dim = 0 : i64} : (tensor<17x33xf32>, tensor<5x33xi64>) -> tensor<5x33xf32>
  %b = "graph.gather"(%x, %i1) {dim = 1 : i64} : (tensor<17x33xf32>, tensor<17x4xi64>) -> tensor<17x4xf32>
  %s = "graph.sum"(%b) {dims = array<i64: 1>, keepdim = false} : (tensor<17x4xf32>) -> tensor<17xf32>
  return %a, %b, %s : tensor<5x33xf32>, tensor<17x4xf32>, tensor<17xf32>
}
