// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind)' | %filecheck %s --check-prefix=DEFAULT
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-reads-threshold=1})' | %filecheck %s --check-prefix=READS
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-opcount-threshold=2})' | %filecheck %s --check-prefix=OPS
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{large-inner-fn-threshold=2})' | %filecheck %s --check-prefix=LARGE
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{max-inline-size=2})' | %filecheck %s --check-prefix=LARGE
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{realize-acc-reads-threshold=1 realize-opcount-threshold=100})' | %filecheck %s --check-prefix=ACC
// RUN: %not %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{no-such-option=1})' 2>&1 | %filecheck %s --check-prefix=BADOPT
//
/// Every realize threshold is a pass option. s = x + y (2 reads, 3 ops) has two users.
/// Defaults: inlined into both users. reads > 1: realized. ops > 2: realized (should_realize_on_reuse).
/// large-inner-fn / max-inline-size 2: s (3 ops) is realized on its own; exp(buf0) has 2 ops and stays
/// inlined into the output.
/// acc-reads 1: has_exceeded_max_reads -> realize_hint (2 non-trivial reads).

// DEFAULT: name = "buf0", origins = ["add", "exp", "log", "mul"]
// DEFAULT-NOT: name = "buf1"

// READS: name = "buf0", origins = ["add"]
// READS: name = "buf1", origins = ["exp", "log", "mul"]
// READS-NOT: name = "buf2"

// OPS: name = "buf0", origins = ["add"]
// OPS: name = "buf1", origins = ["exp", "log", "mul"]

// LARGE: name = "buf0", origins = ["add"]
// LARGE: name = "buf1", origins = ["exp", "log", "mul"]

// ACC: name = "buf0", origins = ["add"]

// BADOPT: no-such-option

func.func @options(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %s = "graph.add"(%x, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %u1 = "graph.exp"(%s) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %u2 = "graph.log"(%s) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %out : tensor<4x8xf32>
}
