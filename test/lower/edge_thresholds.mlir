// Every realize threshold of convert-graph-to-ind on both sides of its edge (options.mlir has the
// defaults and far-away values). s = x + y counts 2 reads and 3 ops (load x, load y, add) and has two
// users; u1 = exp(s) and u2 = log(s) count 4 ops each (s inlined). A rule fires when the count is
// strictly greater than the threshold.
//
// realize-reads-threshold (should_realize_on_reuse, reads > T): 2 keeps s inlined, 1 realizes it.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-reads-threshold=2})' | %filecheck %s --check-prefix=INLINE
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-reads-threshold=1})' | %filecheck %s --check-prefix=S
// realize-opcount-threshold (ops > T, on reuse and in has_exceeded_max_reads): 4 inlines everything;
// 3 keeps s (3 ops) but realizes u1 and u2 (4 ops, realize_hint with 2 non-trivial reads); 2 realizes s.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-opcount-threshold=4})' | %filecheck %s --check-prefix=INLINE
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-opcount-threshold=3})' | %filecheck %s --check-prefix=U
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-opcount-threshold=2})' | %filecheck %s --check-prefix=S
// realize-acc-reads-threshold (has_exceeded_max_reads, reads > T): 2 inlines, 1 realizes s.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-acc-reads-threshold=2 realize-opcount-threshold=100})' | %filecheck %s --check-prefix=INLINE
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-acc-reads-threshold=1 realize-opcount-threshold=100})' | %filecheck %s --check-prefix=S
// large-inner-fn-threshold (has_large_inner_fn, ops > T): 4 inlines, 3 realizes u1 and u2, 2 realizes s.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{large-inner-fn-threshold=4})' | %filecheck %s --check-prefix=INLINE
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{large-inner-fn-threshold=3})' | %filecheck %s --check-prefix=U
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{large-inner-fn-threshold=2})' | %filecheck %s --check-prefix=S
// max-inline-size (inlined tree without CSE, ops > T): the same edges, 4 / 3 / 2.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{max-inline-size=4})' | %filecheck %s --check-prefix=INLINE
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{max-inline-size=3})' | %filecheck %s --check-prefix=U
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{max-inline-size=2})' | %filecheck %s --check-prefix=S

// INLINE: name = "buf0", origins = ["add", "exp", "log", "mul"]
// INLINE-NOT: name = "buf1"

// U: name = "buf0", origins = ["add", "exp"]
// U: name = "buf1", origins = ["add", "log"]
// U: name = "buf2", origins = ["mul"]

// S: name = "buf0", origins = ["add"]
// S: name = "buf1", origins = ["exp", "log", "mul"]
// S-NOT: name = "buf2"

func.func @options(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = "graph.add"(%x, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %u1 = "graph.exp"(%s) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %u2 = "graph.log"(%s) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %out : tensor<4x8xf32>
}
