// Every reduction kind over short dims on both sides of unroll-reductions-threshold (7 unrolled, 8 not),
// with tails (2, 3, 5), keepdim, two reduced axes, a non-last axis, and a consumer that inlines the unrolled
// recipe (test/lower/unroll_reductions.mlir runs it through ind-run: CPU JIT vs the reference interpreter).
func.func @unroll_numerics(%a: tensor<37x7xf32>, %b: tensor<37x8xf32>, %c: tensor<3x11x5xf32>, %d: tensor<2x9xf32>) -> (tensor<37xf32>, tensor<37xf32>, tensor<37x1xf32>, tensor<37xf32>, tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<11xf32>, tensor<11x5xf32>, tensor<9xf32>, tensor<37xf32>, tensor<37xi64>) {
  %s7 = "graph.sum"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<37x7xf32>) -> tensor<37xf32>
  %s8 = "graph.sum"(%b) {dims = array<i64: 1>, keepdim = false} : (tensor<37x8xf32>) -> tensor<37xf32>
  %mx = "graph.amax"(%a) {dims = array<i64: 1>, keepdim = true} : (tensor<37x7xf32>) -> tensor<37x1xf32>
  %mn = "graph.amin"(%a) {dims = array<i64: -1>, keepdim = false} : (tensor<37x7xf32>) -> tensor<37xf32>
  %pr = "graph.prod"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<37x7xf32>) -> tensor<37xf32>
  %me = "graph.mean"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<37x7xf32>) -> tensor<37xf32>
  %am = "graph.argmax"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<37x7xf32>) -> tensor<37xi64>
  %an = "graph.argmin"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<37x7xf32>) -> tensor<37xi64>
  %s2 = "graph.sum"(%c) {dims = array<i64: 0, 2>, keepdim = false} : (tensor<3x11x5xf32>) -> tensor<11xf32>
  %s0 = "graph.amax"(%c) {dims = array<i64: 0>, keepdim = false} : (tensor<3x11x5xf32>) -> tensor<11x5xf32>
  %sd = "graph.sum"(%d) {dims = array<i64: 0>, keepdim = false} : (tensor<2x9xf32>) -> tensor<9xf32>
  %e = "graph.exp"(%me) : (tensor<37xf32>) -> tensor<37xf32>
  %f = "graph.mul"(%e, %s7) : (tensor<37xf32>, tensor<37xf32>) -> tensor<37xf32>
  %ab = "graph.argmax"(%b) {dims = array<i64: 1>, keepdim = false} : (tensor<37x8xf32>) -> tensor<37xi64>
  return %s7, %s8, %mx, %mn, %pr, %me, %am, %an, %s2, %s0, %sd, %f, %ab : tensor<37xf32>, tensor<37xf32>, tensor<37x1xf32>, tensor<37xf32>, tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<11xf32>, tensor<11x5xf32>, tensor<9xf32>, tensor<37xf32>, tensor<37xi64>
}
