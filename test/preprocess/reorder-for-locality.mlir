// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-reorder-for-locality)' | %filecheck %s

/// A producer used only by a later op moves to just before it (with its constant).
// CHECK-LABEL: sym_name = "sink_single_use"
// CHECK: %[[A:.*]] = "graph.exp"(%arg0)
// CHECK-NEXT: %[[B:.*]] = "graph.tanh"(%[[A]])
// CHECK-NEXT: %[[C:.*]] = "graph.constant"
// CHECK-NEXT: %[[N:.*]] = "graph.mul"(%arg0, %[[C]])
// CHECK-NEXT: "graph.add"(%[[B]], %[[N]])
func.func @sink_single_use(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = "graph.constant"() {value = 3.0 : f64} : () -> tensor<f32>
  %n = "graph.mul"(%x, %c) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %a = "graph.exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = "graph.tanh"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %s = "graph.add"(%b, %n) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

/// Producers move in operand order: the first operand's producer ends up first.
// CHECK-LABEL: sym_name = "operand_order"
// CHECK: %[[Q:.*]] = "graph.abs"
// CHECK-NEXT: %[[P:.*]] = "graph.neg"
// CHECK-NEXT: "graph.sub"(%[[Q]], %[[P]])
func.func @operand_order(%x: tensor<4xf32>) -> tensor<4xf32> {
  %p = "graph.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %q = "graph.abs"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %s = "graph.sub"(%q, %p) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

/// A producer with a user before the consumer does not move past that user.
// CHECK-LABEL: sym_name = "multi_use_stays"
// CHECK: %[[A:.*]] = "graph.exp"(%arg0)
// CHECK-NEXT: %[[U:.*]] = "graph.neg"(%[[A]])
// CHECK-NEXT: %[[V:.*]] = "graph.relu"(%[[U]])
// CHECK-NEXT: "graph.add"(%[[A]], %[[V]])
func.func @multi_use_stays(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "graph.exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %u = "graph.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %v = "graph.relu"(%u) : (tensor<4xf32>) -> tensor<4xf32>
  %s = "graph.add"(%a, %v) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

/// The layernorm_gelu shape: `mean` has two users; `sub_1` sinks to its consumer's chain and then
/// all of it moves up behind `mean`, which stays before both subs.
// CHECK-LABEL: sym_name = "keeps_valid_order"
// CHECK: %[[M:.*]] = "graph.mean"(%arg0)
// CHECK: "graph.sub"(%arg0, %[[M]])
// CHECK: "graph.sub"(%arg0, %[[M]])
// CHECK: "func.return"
func.func @keeps_valid_order(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %mean = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %sub = "graph.sub"(%x, %mean) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %pow = "graph.mul"(%sub, %sub) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %mean_1 = "graph.mean"(%pow) {dims = array<i64: 1>, keepdim = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %sub_1 = "graph.sub"(%x, %mean) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %add = "graph.exp"(%mean_1) : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %rsqrt = "graph.rsqrt"(%add) : (tensor<4x1xf32>) -> tensor<4x1xf32>
  %mul = "graph.mul"(%sub_1, %rsqrt) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %mul : tensor<4x8xf32>
}

// -----

/// Already local: nothing moves.
// CHECK-LABEL: sym_name = "already_local"
// CHECK: %[[A:.*]] = "graph.exp"(%arg0)
// CHECK-NEXT: %[[B:.*]] = "graph.neg"(%[[A]])
// CHECK-NEXT: "func.return"(%[[B]])
func.func @already_local(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "graph.exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = "graph.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b : tensor<4xf32>
}
