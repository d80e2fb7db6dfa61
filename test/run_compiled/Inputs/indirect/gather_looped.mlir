// The sum over a gather along the reduced dim (4097 > the persistent limit: a looped reduction whose
// r-loop holds the index load, the indirect_indexing and the indirect load). Random indices in [0, 10).
func.func @gather_looped(%x: tensor<8x4097xf32>, %i: tensor<8x4097xi64>) -> tensor<8xf32> {
  %g = "graph.gather"(%x, %i) {dim = 1 : i64} : (tensor<8x4097xf32>, tensor<8x4097xi64>) -> tensor<8x4097xf32>
  %s = "graph.sum"(%g) {dims = array<i64: 1>, keepdim = false} : (tensor<8x4097xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}
