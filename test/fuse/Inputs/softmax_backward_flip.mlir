// softmax_backward_view.mlir with the row sums read flipped along the rows: the epilogue reads them at
// 16*d0 - d1 + 15, which no merging of loops makes the reduction's write (test/fuse/merge_loops.mlir).
func.func @softmax_backward(%g: tensor<6x16x16xf32>, %y: tensor<2x3x16x16xf32>, %v: tensor<6x16x8xf32>) -> tensor<6x16x8xf32> {
  %g4 = "graph.view"(%g) {shape = array<i64: 2, 3, 16, 16>} : (tensor<6x16x16xf32>) -> tensor<2x3x16x16xf32>
  %mul = "graph.mul"(%g4, %y) : (tensor<2x3x16x16xf32>, tensor<2x3x16x16xf32>) -> tensor<2x3x16x16xf32>
  %s = "graph.sum"(%mul) {dims = array<i64: -1>, keepdim = true} : (tensor<2x3x16x16xf32>) -> tensor<2x3x16x1xf32>
  %s3 = "graph.view"(%s) {shape = array<i64: 6, 16, 1>} : (tensor<2x3x16x1xf32>) -> tensor<6x16x1xf32>
  %y3 = "graph.view"(%y) {shape = array<i64: 6, 16, 16>} : (tensor<2x3x16x16xf32>) -> tensor<6x16x16xf32>
  %m3 = "graph.mul"(%g, %y3) : (tensor<6x16x16xf32>, tensor<6x16x16xf32>) -> tensor<6x16x16xf32>
  %s3f = "graph.flip"(%s3) {dims = array<i64: 1>} : (tensor<6x16x1xf32>) -> tensor<6x16x1xf32>
  %t = "graph.mul"(%y3, %s3f) : (tensor<6x16x16xf32>, tensor<6x16x1xf32>) -> tensor<6x16x16xf32>
  %d = "graph.sub"(%m3, %t) : (tensor<6x16x16xf32>, tensor<6x16x16xf32>) -> tensor<6x16x16xf32>
  %o = "graph.bmm"(%d, %v) : (tensor<6x16x16xf32>, tensor<6x16x8xf32>) -> tensor<6x16x8xf32>
  return %o : tensor<6x16x8xf32>
}
