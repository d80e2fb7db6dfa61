// torch.max(x, dim=-1): the values and the indices of the row maxima (ATen max.dim, written as amax and
// argmax). argmax lowers to the row max and a min-reduction of "the first column equal to it" (NaN counts as
// the max); both reductions read x over the same ranges and fuse with amax into one kernel.
func.func @argmax(%arg0_1: tensor<1024x1024xf32>) -> (tensor<1024xf32>, tensor<1024xi64>) {
  %amax = "graph.amax"(%arg0_1) {dims = array<i64: -1>, keepdim = false} : (tensor<1024x1024xf32>) -> tensor<1024xf32>
  %argmax = "graph.argmax"(%arg0_1) {dims = array<i64: -1>, keepdim = false} : (tensor<1024x1024xf32>) -> tensor<1024xi64>
  return %amax, %argmax : tensor<1024xf32>, tensor<1024xi64>
}
