// Two softmaxes of different inputs, each scaled by the same scalar %s (attention's scores times a scale):
// the second softmax's normalizing node and the first's share only %s, read at index 0 under any order of
// their loops, so no permutation of either is a reason to fuse them (run 28: electra's softmax normalize had
// its loops swapped for the next layer's softmax, then could not fuse with its own max and sum and wrote
// its 6.3M elements transposed, 115 us against 7 us).
func.func @scalar_shared(%x: tensor<8x64xf32>, %y: tensor<8x64xf32>, %s: tensor<f32>) -> (tensor<8x64xf32>, tensor<8x64xf32>) {
  %a = "graph.mul"(%x, %s) : (tensor<8x64xf32>, tensor<f32>) -> tensor<8x64xf32>
  %sa = "graph.softmax"(%a) {dim = -1 : i64} : (tensor<8x64xf32>) -> tensor<8x64xf32>
  %b = "graph.mul"(%y, %s) : (tensor<8x64xf32>, tensor<f32>) -> tensor<8x64xf32>
  %sb = "graph.softmax"(%b) {dim = -1 : i64} : (tensor<8x64xf32>) -> tensor<8x64xf32>
  return %sa, %sb : tensor<8x64xf32>, tensor<8x64xf32>
}
