// Two pointwise nodes over one input seen through two views: relu(x) * y over [6, 16], and the same input
// viewed [2, 3, 16] times the view [2, 3, 1] of y. Equal numel, no dep equal as written; after merging
// loops both read x as [96] and y as [6] (test/fuse/merge_loops.mlir).
func.func @two_views(%x: tensor<6x16xf32>, %y: tensor<6x1xf32>) -> (tensor<6x16xf32>, tensor<2x3x16xf32>) {
  %r = "graph.relu"(%x) : (tensor<6x16xf32>) -> tensor<6x16xf32>
  %a = "graph.mul"(%r, %y) : (tensor<6x16xf32>, tensor<6x1xf32>) -> tensor<6x16xf32>
  %x3 = "graph.view"(%x) {shape = array<i64: 2, 3, 16>} : (tensor<6x16xf32>) -> tensor<2x3x16xf32>
  %y3 = "graph.view"(%y) {shape = array<i64: 2, 3, 1>} : (tensor<6x1xf32>) -> tensor<2x3x1xf32>
  %e = "graph.exp"(%x3) : (tensor<2x3x16xf32>) -> tensor<2x3x16xf32>
  %b = "graph.mul"(%e, %y3) : (tensor<2x3x16xf32>, tensor<2x3x1xf32>) -> tensor<2x3x16xf32>
  return %a, %b : tensor<6x16xf32>, tensor<2x3x16xf32>
}
