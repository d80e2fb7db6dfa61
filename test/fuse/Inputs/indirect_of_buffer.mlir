// exp(x) is an output (realized) and also read through index_select(., 0, i) by the next node, plus
// directly at the same index it is written: the indirect read is a StarDep, so the nodes cannot fuse.
func.func @f(%x: tensor<4x8xf32>, %i: tensor<4xi64>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %y = "graph.exp"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = "graph.index_select"(%y, %i) {dim = 0 : i64} : (tensor<4x8xf32>, tensor<4xi64>) -> tensor<4x8xf32>
  %s = "graph.add"(%r, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %t = "graph.mul"(%s, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %u = "graph.sub"(%t, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %v = "graph.div"(%u, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y, %v : tensor<4x8xf32>, tensor<4x8xf32>
}
