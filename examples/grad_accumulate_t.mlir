// Accumulating transposed gradients: a weight used through its transpose in three places (three
// micro-batches, or three tied uses) gets g.T from each, summed into the running gradient, as AOTAutograd
// hands it to Inductor for
//   acc + g1.t() + g2.t() + g3.t()                         (acc, g1, g2, g3: [n, n])
// One pointwise kernel with three transposed reads: convert-kernel-to-gpu stages each through workgroup
// memory, its three global loads issued before the first barrier, in as many rounds through reused areas
// as the static 48 KiB requires (transposed-staging-rounds): at 8192^2 two tiles of 1024 threads (32-row
// tiles) and one area used three times, at 1024^2 one tile of 512 threads and three areas.
func.func @grad_accumulate_t(%acc: tensor<1024x1024xf32>, %g1: tensor<1024x1024xf32>, %g2: tensor<1024x1024xf32>, %g3: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %t1 = "graph.permute"(%g1) {dims = array<i64: 1, 0>} : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %a1 = "graph.add"(%acc, %t1) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %t2 = "graph.permute"(%g2) {dims = array<i64: 1, 0>} : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %a2 = "graph.add"(%a1, %t2) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %t3 = "graph.permute"(%g3) {dims = array<i64: 1, 0>} : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %a3 = "graph.add"(%a2, %t3) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %a3 : tensor<1024x1024xf32>
}
