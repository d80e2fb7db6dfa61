// A program where Inductor's greedy order locks in a worse grouping (docs/passes/fuse.md, "search").
//   x = a.sum(2)                          # reduction (1024*1024, 8); also returned
//   y = x * s + c1 + c2 + c3              # pointwise [1024, 1024]; 5 reads > realize_reads_threshold
//                                         # and 2 users: realized (a node of its own)
//   return x, y.sum(1), y.amax(1)         # two reductions (1024, 1024) of y
// Greedy: the two reductions share y (same kind: node_type_score 1) and fuse first; then x + y
// (shared x and s: 4 MiB + 4 KiB) outscores y + the reductions (shared y: 4 MiB), so y joins x's
// kernel, and (x, y) + (sum, amax) is refused (numel/rnumel mismatch (reduce)): y is written and read
// back. Better: x alone, y computed inside the reductions' loop: x is read back (4 MiB) instead of y
// being written and read (8 MiB).
// The last dim is 8, Inductor's unroll_reductions_threshold: a shorter one (it was 4) is unrolled into a
// pointwise x (docs/passes/lower.md, "Small reductions"), everything then fuses into one kernel and the
// greedy order no longer locks in. At 8 x stays a reduction: a short inner one, several rows per block on
// the GPU (docs/passes/codegen.md, "Packed rows").
func.func @lock_in(%a: tensor<1024x1024x8xf32>, %s: tensor<1024x1xf32>, %c1: tensor<1024x1xf32>, %c2: tensor<1024x1xf32>, %c3: tensor<1024x1xf32>) -> (tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32>) {
  %x = "graph.sum"(%a) {dims = array<i64: 2>, keepdim = false} : (tensor<1024x1024x8xf32>) -> tensor<1024x1024xf32>
  %m = "graph.mul"(%x, %s) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %p1 = "graph.add"(%m, %c1) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %p2 = "graph.add"(%p1, %c2) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %y = "graph.add"(%p2, %c3) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %z1 = "graph.sum"(%y) {dims = array<i64: 1>, keepdim = false} : (tensor<1024x1024xf32>) -> tensor<1024xf32>
  %z2 = "graph.amax"(%y) {dims = array<i64: 1>, keepdim = false} : (tensor<1024x1024xf32>) -> tensor<1024xf32>
  return %x, %z1, %z2 : tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32>
}
