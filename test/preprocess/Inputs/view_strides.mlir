// Views of non-contiguous inputs that torch accepts (ATen's computeStride finds strides): each keeps
// the storage, with the strides graph-infer-shapes records (as torch's .stride()). view-strides.test.
func.func @merge_permuted(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %v = "graph.view"(%p) {shape = array<i64: 4, 6>} : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
  return %v : tensor<4x6xf32>
}
func.func @split_transposed(%x: tensor<6x4xf32>) -> tensor<2x2x6xf32> {
  %t = "graph.transpose"(%x) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<6x4xf32>) -> tensor<4x6xf32>
  %v = "graph.view"(%t) {shape = array<i64: 2, 2, 6>} : (tensor<4x6xf32>) -> tensor<2x2x6xf32>
  return %v : tensor<2x2x6xf32>
}
func.func @unit_dims(%x: tensor<3x4xf32>) -> tensor<4x1x3xf32> {
  %t = "graph.transpose"(%x) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %v = "graph.view"(%t) {shape = array<i64: 4, 1, 3>} : (tensor<4x3xf32>) -> tensor<4x1x3xf32>
  return %v : tensor<4x1x3xf32>
}
func.func @sliced_rows(%x: tensor<4x6xf32>) -> tensor<18xf32> {
  %s = "graph.slice"(%x) {dim = 0 : i64, start = 1 : i64, end = 4 : i64, step = 1 : i64} : (tensor<4x6xf32>) -> tensor<3x6xf32>
  %v = "graph.view"(%s) {shape = array<i64: 18>} : (tensor<3x6xf32>) -> tensor<18xf32>
  return %v : tensor<18xf32>
}
func.func @every_other_column(%x: tensor<4x6xf32>) -> tensor<12xf32> {
  %s = "graph.slice"(%x) {dim = 1 : i64, start = 0 : i64, end = 6 : i64, step = 2 : i64} : (tensor<4x6xf32>) -> tensor<4x3xf32>
  %v = "graph.view"(%s) {shape = array<i64: 12>} : (tensor<4x3xf32>) -> tensor<12xf32>
  return %v : tensor<12xf32>
}
