// The op count of an unrolled reduction (rnumel below unroll-reductions-threshold: one load per point
// and one combine per point after the first) at the realize-opcount-threshold edge: s = sum over 2
// points counts 3 ops (load, load, add) and has two users; u1 = exp(s) and u2 = log(s) count 4 each
// (s inlined). A rule fires when the count is strictly greater than the threshold (edge_thresholds.mlir).
// 4 inlines everything; 3 keeps s but realizes u1 and u2; 2 realizes s.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-opcount-threshold=4})' | %filecheck %s --check-prefix=INLINE
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-opcount-threshold=3})' | %filecheck %s --check-prefix=U
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-opcount-threshold=2})' | %filecheck %s --check-prefix=S

// INLINE: name = "buf0", origins = ["sum_1", "exp", "log", "mul"]
// INLINE-NOT: name = "buf1"

// U: name = "buf0", origins = ["sum_1", "exp"]
// U: name = "buf1", origins = ["sum_1", "log"]
// U: name = "buf2", origins = ["mul"]

// S: name = "buf0", origins = ["sum_1"]
// S: name = "buf1", origins = ["exp", "log", "mul"]
// S-NOT: name = "buf2"

func.func @unrolled(%x: tensor<4x2xf32>) -> tensor<4x1xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<4x2xf32>) -> tensor<4x1xf32>
  %u1 = "graph.exp"(%s) : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %u2 = "graph.log"(%s) : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
  return %out : tensor<4x1xf32>
}
