// Sums over a short last dim (3 and 5: below Inductor's unroll_reductions_threshold of 8), with a
// non-power-of-2 number of rows (1000 per n):
//   return x.sum(2), v.sum(2)          # x: [1024, 1000, 3], v: [1024, 1000, 5]
// Lowering unrolls each into a pointwise kernel (out = x[.., 0] + x[.., 1] + x[.., 2]) instead of a
// reduction with one short row per GPU block (docs/passes/lower.md, "Small reductions"; issue 10's cliff:
// lock_in with a last dim of 4 ran 130x Inductor's time). scripts/gpu/models.py has the torch twin.
func.func @small_r_sum(%x: tensor<1024x1000x3xf32>, %v: tensor<1024x1000x5xf32>) -> (tensor<1024x1000xf32>, tensor<1024x1000xf32>) {
  %a = "graph.sum"(%x) {dims = array<i64: 2>, keepdim = false} : (tensor<1024x1000x3xf32>) -> tensor<1024x1000xf32>
  %b = "graph.sum"(%v) {dims = array<i64: -1>, keepdim = false} : (tensor<1024x1000x5xf32>) -> tensor<1024x1000xf32>
  return %a, %b : tensor<1024x1000xf32>, tensor<1024x1000xf32>
}
