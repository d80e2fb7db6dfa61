// x.t().view(12): torch raises (view-strides.test); reshape would copy.
func.func @f(%a: tensor<3x4xf32>) -> tensor<12xf32> {
  %t = "graph.transpose"(%a) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %r = "graph.view"(%t) {shape = array<i64: 12>} : (tensor<4x3xf32>) -> tensor<12xf32>
  return %r : tensor<12xf32>
}
