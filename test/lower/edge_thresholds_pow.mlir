// The reads of pow with a tensor exponent at the realize-reads-threshold edge: s = pow(x, y) reads both
// x and y (2 reads: only a constant integer exponent is read as a constant, inner_fn.c's
// pow_int_exponent) and has two users, so realize-reads-threshold=2 keeps it inlined and 1 realizes it.
// The other thresholds are far away (edge_thresholds.mlir has them at their edges).
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-reads-threshold=2 realize-opcount-threshold=1000 realize-acc-reads-threshold=1000 large-inner-fn-threshold=1000 max-inline-size=1000})' | %filecheck %s --check-prefix=INLINE
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-reads-threshold=1 realize-opcount-threshold=1000 realize-acc-reads-threshold=1000 large-inner-fn-threshold=1000 max-inline-size=1000})' | %filecheck %s --check-prefix=S
// INLINE: name = "buf0", origins = ["pow_1", "exp", "log", "mul"]
// INLINE-NOT: name = "buf1"
// S: name = "buf0", origins = ["pow_1"]
// S: name = "buf1", origins = ["exp", "log", "mul"]
func.func @pow_tensor(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = "graph.pow"(%x, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %u1 = "graph.exp"(%s) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %u2 = "graph.log"(%s) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %out : tensor<4x8xf32>
}
