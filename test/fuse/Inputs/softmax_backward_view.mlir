// The softmax backward of an attention whose scores come from a bmm ([6, 16, 16], viewed [2, 3, 16, 16]): the
// row sums reduce over [2, 3, 16] x [16], the epilogue iterates [6, 16, 16] (test/fuse/merge_loops.mlir).
func.func @softmax_backward(%g: tensor<6x16x16xf32>, %y: tensor<2x3x16x16xf32>, %v: tensor<6x16x8xf32>) -> tensor<6x16x8xf32> {
  %g4 = "graph.view"(%g) {shape = array<i64: 2, 3, 16, 16>} : (tensor<6x16x16xf32>) -> tensor<2x3x16x16xf32>
  %mul = "graph.mul"(%g4, %y) : (tensor<2x3x16x16xf32>, tensor<2x3x16x16xf32>) -> tensor<2x3x16x16xf32>
  %s = "graph.sum"(%mul) {dims = array<i64: -1>, keepdim = true} : (tensor<2x3x16x16xf32>) -> tensor<2x3x16x1xf32>
  %s3 = "graph.view"(%s) {shape = array<i64: 6, 16, 1>} : (tensor<2x3x16x1xf32>) -> tensor<6x16x1xf32>
  %y3 = "graph.view"(%y) {shape = array<i64: 6, 16, 16>} : (tensor<2x3x16x16xf32>) -> tensor<6x16x16xf32>
  %m3 = "graph.mul"(%g, %y3) : (tensor<6x16x16xf32>, tensor<6x16x16xf32>) -> tensor<6x16x16xf32>
  %t = "graph.mul"(%y3, %s3) : (tensor<6x16x16xf32>, tensor<6x16x1xf32>) -> tensor<6x16x16xf32>
  %d = "graph.sub"(%m3, %t) : (tensor<6x16x16xf32>, tensor<6x16x16xf32>) -> tensor<6x16x16xf32>
  %o = "graph.bmm"(%d, %v) : (tensor<6x16x16xf32>, tensor<6x16x8xf32>) -> tensor<6x16x8xf32>
  return %o : tensor<6x16x8xf32>
}
