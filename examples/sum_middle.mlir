// A sum over a middle axis (issue 10): torch equivalent `x.sum(dim=1)` of a [32, 1024, 32] tensor
// (1024 outputs, each reading a column of stride 32: an OUTER reduction).
func.func @sum_middle(%arg0_1: tensor<32x1024x32xf32>) -> tensor<32x32xf32> {
  %sum_1 = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<32x1024x32xf32>) -> tensor<32x32xf32>
  return %sum_1 : tensor<32x32xf32>
}
