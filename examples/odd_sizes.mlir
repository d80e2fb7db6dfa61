// Reductions of odd sizes (issue 10): sizes 1, 3, 1023 and 4097, non-powers of two in both axes.
// torch equivalent: (x.sum(1), x.amax(0), w.sum(), v.sum(0)) for x [1023, 4097], w [3, 4097],
// v [1, 4097]. x.amax(0) and w.sum() are split with a remainder (masked partials); v.sum(0) reduces a
// size-1 axis. The shapes do not change with the benchmark size.
func.func @odd_sizes(%arg0_1: tensor<1023x4097xf32>, %arg1_1: tensor<3x4097xf32>, %arg2_1: tensor<1x4097xf32>) -> (tensor<1023xf32>, tensor<4097xf32>, tensor<f32>, tensor<4097xf32>) {
  %sum_1 = "graph.sum"(%arg0_1) {dims = array<i64: 1>, keepdim = false} : (tensor<1023x4097xf32>) -> tensor<1023xf32>
  %amax = "graph.amax"(%arg0_1) {dims = array<i64: 0>, keepdim = false} : (tensor<1023x4097xf32>) -> tensor<4097xf32>
  %sum_2 = "graph.sum"(%arg1_1) {dims = array<i64>, keepdim = false} : (tensor<3x4097xf32>) -> tensor<f32>
  %sum_3 = "graph.sum"(%arg2_1) {dims = array<i64: 0>, keepdim = false} : (tensor<1x4097xf32>) -> tensor<4097xf32>
  return %sum_1, %amax, %sum_2, %sum_3 : tensor<1023xf32>, tensor<4097xf32>, tensor<f32>, tensor<4097xf32>
}
