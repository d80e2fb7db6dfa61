// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind)' | %filecheck %s
//
// A realized value whose reshape (view, reshape, squeeze, unsqueeze: the same bytes in the same order) is an
// output of the function, while the value itself is not, is realized in the output's shape, and the output
// is that buffer, not a copy of it (graph_to_ind.c, realize_storage; Inductor returns a ReinterpretView of the
// buffer). The value's readers read it through the reshape. Each case realizes a sum of five inputs read by
// two ops (reads 5 > realize-reads-threshold 4).

/// the reshape [4, 6] -> [24] is an output: one buffer of [24] holds both, returned as the output
// CHECK-LABEL: sym_name = "flat_output"
// CHECK: %[[B:.*]] = "ind.pointwise"
// CHECK: name = "buf0"{{.*}}ranges = array<i64: 24>} : () -> memref<24xf32>
// CHECK: "ind.load"(%[[B]]) {index = #[[ID:.*]]}
// CHECK: name = "buf1"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"(%[[B]], %{{.*}}) : (memref<24xf32>, memref<4x6xf32>)
func.func @flat_output(%a0: tensor<4x6xf32>, %a1: tensor<4x6xf32>, %a2: tensor<4x6xf32>, %a3: tensor<4x6xf32>, %a4: tensor<4x6xf32>) -> (tensor<24xf32>, tensor<4x6xf32>) {
  %s0 = "graph.add"(%a0, %a1) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s1 = "graph.add"(%s0, %a2) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s2 = "graph.add"(%s1, %a3) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s3 = "graph.add"(%s2, %a4) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %v = "graph.view"(%s3) {shape = array<i64: 24>} : (tensor<4x6xf32>) -> tensor<24xf32>
  %u1 = "graph.exp"(%s3) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %u2 = "graph.log"(%s3) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  return %v, %out : tensor<24xf32>, tensor<4x6xf32>
}

// -----

/// through a reshape and an unsqueeze: the buffer is the output's [2, 12, 1], the readers read it through
/// the two reshapes
// CHECK-LABEL: sym_name = "chain_output"
// CHECK: %[[B:.*]] = "ind.pointwise"
// CHECK: name = "buf0"{{.*}} : () -> memref<2x12x1xf32>
// CHECK: "ind.load"(%[[B]])
// CHECK: name = "buf1"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"(%[[B]], %{{.*}}) : (memref<2x12x1xf32>, memref<4x6xf32>)
func.func @chain_output(%a0: tensor<4x6xf32>, %a1: tensor<4x6xf32>, %a2: tensor<4x6xf32>, %a3: tensor<4x6xf32>, %a4: tensor<4x6xf32>) -> (tensor<2x12x1xf32>, tensor<4x6xf32>) {
  %s0 = "graph.add"(%a0, %a1) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s1 = "graph.add"(%s0, %a2) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s2 = "graph.add"(%s1, %a3) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s3 = "graph.add"(%s2, %a4) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = "graph.reshape"(%s3) {shape = array<i64: 2, 12>} : (tensor<4x6xf32>) -> tensor<2x12xf32>
  %v = "graph.unsqueeze"(%r) {dim = 2 : i64} : (tensor<2x12xf32>) -> tensor<2x12x1xf32>
  %u1 = "graph.exp"(%s3) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %u2 = "graph.log"(%s3) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  return %v, %out : tensor<2x12x1xf32>, tensor<4x6xf32>
}

// -----

/// the value is an output itself as well: realized in its own shape, the view copied (two buffers returned)
// CHECK-LABEL: sym_name = "value_also_output"
// CHECK: %[[B:.*]] = "ind.pointwise"
// CHECK: name = "buf0"{{.*}} : () -> memref<4x6xf32>
// CHECK: %[[V:.*]] = "ind.pointwise"
// CHECK: "ind.load"(%[[B]])
// CHECK: name = "buf{{.*}}"{{.*}} : () -> memref<24xf32>
// CHECK: "func.return"(%[[V]], %[[B]]) : (memref<24xf32>, memref<4x6xf32>)
func.func @value_also_output(%a0: tensor<4x6xf32>, %a1: tensor<4x6xf32>, %a2: tensor<4x6xf32>, %a3: tensor<4x6xf32>, %a4: tensor<4x6xf32>) -> (tensor<24xf32>, tensor<4x6xf32>) {
  %s0 = "graph.add"(%a0, %a1) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s1 = "graph.add"(%s0, %a2) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s2 = "graph.add"(%s1, %a3) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s3 = "graph.add"(%s2, %a4) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %v = "graph.view"(%s3) {shape = array<i64: 24>} : (tensor<4x6xf32>) -> tensor<24xf32>
  %u1 = "graph.exp"(%s3) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %v, %s3 : tensor<24xf32>, tensor<4x6xf32>
}

// -----

/// a permute is not a reshape (other bytes in another order): realized in its own shape, the output a copy
// CHECK-LABEL: sym_name = "permute_output"
// CHECK: %[[B:.*]] = "ind.pointwise"
// CHECK: name = "buf0"{{.*}} : () -> memref<4x6xf32>
// CHECK: %[[V:.*]] = "ind.pointwise"
// CHECK: name = "buf{{.*}}"{{.*}} : () -> memref<6x4xf32>
// CHECK: "func.return"(%[[V]], %{{.*}}) : (memref<6x4xf32>, memref<4x6xf32>)
func.func @permute_output(%a0: tensor<4x6xf32>, %a1: tensor<4x6xf32>, %a2: tensor<4x6xf32>, %a3: tensor<4x6xf32>, %a4: tensor<4x6xf32>) -> (tensor<6x4xf32>, tensor<4x6xf32>) {
  %s0 = "graph.add"(%a0, %a1) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s1 = "graph.add"(%s0, %a2) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s2 = "graph.add"(%s1, %a3) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s3 = "graph.add"(%s2, %a4) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %v = "graph.permute"(%s3) {dims = array<i64: 1, 0>} : (tensor<4x6xf32>) -> tensor<6x4xf32>
  %u1 = "graph.exp"(%s3) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %u2 = "graph.log"(%s3) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  return %v, %out : tensor<6x4xf32>, tensor<4x6xf32>
}

// -----

/// the reshape is read inside only (no output): realized in its own shape, the reshape's reader reads it
// CHECK-LABEL: sym_name = "reshape_inside"
// CHECK: "ind.pointwise"
// CHECK: name = "buf0"{{.*}} : () -> memref<4x6xf32>
// CHECK: name = "buf1"{{.*}} : () -> memref<24xf32>
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"
func.func @reshape_inside(%a0: tensor<4x6xf32>, %a1: tensor<4x6xf32>, %a2: tensor<4x6xf32>, %a3: tensor<4x6xf32>, %a4: tensor<4x6xf32>) -> (tensor<24xf32>) {
  %s0 = "graph.add"(%a0, %a1) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s1 = "graph.add"(%s0, %a2) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s2 = "graph.add"(%s1, %a3) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s3 = "graph.add"(%s2, %a4) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %v = "graph.view"(%s3) {shape = array<i64: 24>} : (tensor<4x6xf32>) -> tensor<24xf32>
  %u1 = "graph.exp"(%v) : (tensor<24xf32>) -> tensor<24xf32>
  %u2 = "graph.log"(%v) : (tensor<24xf32>) -> tensor<24xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
  return %out : tensor<24xf32>
}

// -----

/// realized at the view (the value's one user; the view's: the output and two readers): the view's own
/// reshape of the buffer, back to the buffer's shape, is the buffer (rebase_views)
// CHECK-LABEL: sym_name = "realized_at_view"
// CHECK: %[[B:.*]] = "ind.pointwise"
// CHECK: name = "buf0"{{.*}} : () -> memref<24xf32>
// CHECK: "ind.load"(%[[B]]) {index = #[[ID:.*]]}
// CHECK: name = "buf1"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"(%[[B]], %{{.*}}) : (memref<24xf32>, memref<24xf32>)
func.func @realized_at_view(%a0: tensor<4x6xf32>, %a1: tensor<4x6xf32>, %a2: tensor<4x6xf32>, %a3: tensor<4x6xf32>, %a4: tensor<4x6xf32>) -> (tensor<24xf32>, tensor<24xf32>) {
  %s0 = "graph.add"(%a0, %a1) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s1 = "graph.add"(%s0, %a2) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s2 = "graph.add"(%s1, %a3) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %s3 = "graph.add"(%s2, %a4) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %v = "graph.view"(%s3) {shape = array<i64: 24>} : (tensor<4x6xf32>) -> tensor<24xf32>
  %u1 = "graph.exp"(%v) : (tensor<24xf32>) -> tensor<24xf32>
  %u2 = "graph.log"(%v) : (tensor<24xf32>) -> tensor<24xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
  return %v, %out : tensor<24xf32>, tensor<24xf32>
}
