// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-cse)' | %filecheck %s

/// Two casts of one value (an AMP attention backward's gradient cast for its two bmms): one op, read by
/// both users; a chain of duplicates goes in one pass (the second exp reads the first convert once merged).
// CHECK-LABEL: sym_name = "duplicates"
// CHECK: %[[C:.*]] = "graph.convert"(%arg0)
// CHECK-NEXT: %[[E:.*]] = "graph.exp"(%[[C]])
// CHECK-NEXT: %[[S:.*]] = "graph.sum"(%[[C]]) {dims = array<i64: 1>, keepdim = true}
// CHECK-NEXT: "graph.add"(%[[E]], %[[E]])
// CHECK-NEXT: "graph.mul"(%[[S]], %[[S]])
// CHECK-NOT: "graph.convert"
func.func @duplicates(%x: tensor<4x8xf32>) -> (tensor<4x8xbf16>, tensor<4x1xbf16>) {
  %c1 = "graph.convert"(%x) : (tensor<4x8xf32>) -> tensor<4x8xbf16>
  %c2 = "graph.convert"(%x) : (tensor<4x8xf32>) -> tensor<4x8xbf16>
  %e1 = "graph.exp"(%c1) : (tensor<4x8xbf16>) -> tensor<4x8xbf16>
  %e2 = "graph.exp"(%c2) : (tensor<4x8xbf16>) -> tensor<4x8xbf16>
  %s1 = "graph.sum"(%c1) {dims = array<i64: 1>, keepdim = true} : (tensor<4x8xbf16>) -> tensor<4x1xbf16>
  %s2 = "graph.sum"(%c2) {dims = array<i64: 1>, keepdim = true} : (tensor<4x8xbf16>) -> tensor<4x1xbf16>
  %a = "graph.add"(%e1, %e2) : (tensor<4x8xbf16>, tensor<4x8xbf16>) -> tensor<4x8xbf16>
  %m = "graph.mul"(%s1, %s2) : (tensor<4x1xbf16>, tensor<4x1xbf16>) -> tensor<4x1xbf16>
  return %a, %m : tensor<4x8xbf16>, tensor<4x1xbf16>
}

// -----

/// Kept apart: other operands (x - y, y - x and x - x: sub is not commutative; add is not reordered either),
/// other attributes (keepdim; the sums of a square's rows and of its columns: one type, two dims), another
/// result type (a cast to f16 against bf16), each pair read by one op; and two ops whose results are both
/// function outputs (outputs must not alias each other). Constants with one value are one op.
// CHECK-LABEL: sym_name = "kept"
// CHECK: "graph.sub"(%arg0, %arg1)
// CHECK-NEXT: "graph.sub"(%arg1, %arg0)
// CHECK-NEXT: "graph.sub"(%arg0, %arg0)
// CHECK-NEXT: "graph.add"(%arg0, %arg1)
// CHECK-NEXT: "graph.add"(%arg1, %arg0)
// CHECK-NEXT: "graph.sum"(%arg0) {dims = array<i64: 1>, keepdim = true}
// CHECK-NEXT: "graph.sum"(%arg0) {dims = array<i64: 1>, keepdim = false}
// CHECK-NEXT: "graph.sum"(%arg2) {dims = array<i64: 0>, keepdim = false}
// CHECK-NEXT: "graph.sum"(%arg2) {dims = array<i64: 1>, keepdim = false}
// CHECK-NEXT: "graph.convert"(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xbf16>
// CHECK-NEXT: "graph.convert"(%arg0) : (tensor<4x8xf32>) -> tensor<4x8xf16>
// CHECK-NEXT: %[[O1:.*]] = "graph.neg"(%arg0)
// CHECK-NEXT: %[[O2:.*]] = "graph.neg"(%arg0)
// CHECK-NEXT: %[[K:.*]] = "graph.constant"() {value = 2.000000e+00 : f64}
// CHECK-NOT: "graph.constant"
// CHECK: "graph.mul"(%{{.*}}, %[[K]])
// CHECK-NEXT: "graph.mul"(%{{.*}}, %[[K]])
// CHECK: "func.return"(%[[O1]], %[[O2]],
func.func @kept(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %q: tensor<4x4xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x1xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4x8xbf16>, tensor<4x8xf16>) {
  %a = "graph.sub"(%x, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %b = "graph.sub"(%y, %x) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %z = "graph.sub"(%x, %x) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %c = "graph.add"(%x, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %d = "graph.add"(%y, %x) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %e = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %f = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x8xf32>) -> tensor<4xf32>
  %r0 = "graph.sum"(%q) {dims = array<i64: 0>, keepdim = false} : (tensor<4x4xf32>) -> tensor<4xf32>
  %r1 = "graph.sum"(%q) {dims = array<i64: 1>, keepdim = false} : (tensor<4x4xf32>) -> tensor<4xf32>
  %g = "graph.convert"(%x) : (tensor<4x8xf32>) -> tensor<4x8xbf16>
  %h = "graph.convert"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf16>
  %o1 = "graph.neg"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %o2 = "graph.neg"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %k1 = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %k2 = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %m1 = "graph.mul"(%a, %k1) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %m2 = "graph.mul"(%b, %k2) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %ab = "graph.add"(%m1, %m2) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %abz = "graph.add"(%ab, %z) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %cd = "graph.mul"(%c, %d) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = "graph.mul"(%r0, %r1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %fn = "graph.neg"(%f) : (tensor<4xf32>) -> tensor<4xf32>
  %hn = "graph.neg"(%h) : (tensor<4x8xf16>) -> tensor<4x8xf16>
  return %o1, %o2, %abz, %cd, %cd, %e, %fn, %r, %g, %hn : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x1xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4x8xbf16>, tensor<4x8xf16>
}

// -----

/// One of the pair returned: merged (the output is the first op's value, nothing else aliases it).
// CHECK-LABEL: sym_name = "one_returned"
// CHECK: %[[N:.*]] = "graph.neg"(%arg0)
// CHECK-NOT: "graph.neg"
// CHECK: "graph.exp"(%[[N]])
// CHECK: "func.return"(%[[N]],
func.func @one_returned(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = "graph.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = "graph.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %e = "graph.exp"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %b, %e : tensor<4xf32>, tensor<4xf32>
}

// -----

/// Same name and first operands, another operand count (linear's optional bias): kept apart; the two
/// without a bias are one.
// CHECK-LABEL: sym_name = "operand_count"
// CHECK: %[[A:.*]] = "graph.linear"(%arg0, %arg1)
// CHECK-NEXT: %[[B:.*]] = "graph.linear"(%arg0, %arg1, %arg2)
// CHECK-NEXT: "graph.add"(%[[A]], %[[B]])
// CHECK-NEXT: "graph.sub"(%[[B]], %[[A]])
func.func @operand_count(%x: tensor<4x8xf32>, %w: tensor<3x8xf32>, %b: tensor<3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %l = "graph.linear"(%x, %w) : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x3xf32>
  %lb = "graph.linear"(%x, %w, %b) : (tensor<4x8xf32>, tensor<3x8xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %l2 = "graph.linear"(%x, %w) : (tensor<4x8xf32>, tensor<3x8xf32>) -> tensor<4x3xf32>
  %s = "graph.add"(%l, %lb) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %d = "graph.sub"(%lb, %l2) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %s, %d : tensor<4x3xf32>, tensor<4x3xf32>
}
