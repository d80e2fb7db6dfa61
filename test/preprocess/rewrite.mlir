// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-rewrite)' | %filecheck %s

/// pow(x, 2) -> mul(x, x).
// CHECK-LABEL: sym_name = "pow_two"
// CHECK-NOT: graph.pow
// CHECK: %[[M:.*]] = "graph.mul"(%arg0, %arg0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: "func.return"(%[[M]])
func.func @pow_two(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %p = "graph.pow"(%x, %c) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %p : tensor<4xf32>
}

// -----

/// pow(x, 1) -> x.
// CHECK-LABEL: sym_name = "pow_one"
// CHECK-NOT: graph.pow
// CHECK: %[[E:.*]] = "graph.exp"(%arg0)
// CHECK: "func.return"(%[[E]])
func.func @pow_one(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %p = "graph.pow"(%x, %c) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %e = "graph.exp"(%p) : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

/// pow(x, 3), pow(x, y) and a pow(x, 2) whose constant broadcasts x are left alone.
// CHECK-LABEL: sym_name = "pow_kept"
// CHECK: "graph.pow"
// CHECK: "graph.pow"
// CHECK: "graph.pow"
// CHECK-NOT: "graph.mul"
func.func @pow_kept(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<3x4xf32>) {
  %c3 = "graph.constant"() {value = 3.0 : f64} : () -> tensor<f32>
  %c2 = "graph.constant"() {value = 2.0 : f64} : () -> tensor<3x4xf32>
  %0 = "graph.pow"(%x, %c3) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = "graph.pow"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "graph.pow"(%x, %c2) : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<3x4xf32>
}

// -----

/// neg(neg(x)) -> x; relu(relu(x)) -> relu(x); abs(abs(x)) -> abs(x); abs(neg(x)) -> abs(x).
// CHECK-LABEL: sym_name = "unary_chains"
// CHECK: %[[R:.*]] = "graph.relu"(%arg0)
// CHECK: %[[A:.*]] = "graph.abs"(%arg0)
// CHECK: %[[B:.*]] = "graph.abs"(%arg0)
// CHECK: %[[E:.*]] = "graph.exp"(%arg0)
// CHECK: "func.return"(%[[E]], %[[R]], %[[A]], %[[B]])
func.func @unary_chains(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %n = "graph.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %nn = "graph.neg"(%n) : (tensor<4xf32>) -> tensor<4xf32>
  %r = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %rr = "graph.relu"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  %a = "graph.abs"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %aa = "graph.abs"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %an = "graph.abs"(%n) : (tensor<4xf32>) -> tensor<4xf32>
  %e = "graph.exp"(%nn) : (tensor<4xf32>) -> tensor<4xf32>
  return %e, %rr, %aa, %an : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

/// Patterns apply to a fixpoint: neg(neg(neg(neg(x)))) -> x.
// CHECK-LABEL: sym_name = "fixpoint"
// CHECK: %[[E:.*]] = "graph.exp"(%arg0)
// CHECK: "func.return"(%[[E]])
func.func @fixpoint(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "graph.neg"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "graph.neg"(%1) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "graph.neg"(%2) : (tensor<4xf32>) -> tensor<4xf32>
  %e = "graph.exp"(%3) : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

/// A rewrite that would return an input as an output is declined: neg(neg(x)) and pow(x, 1)
/// returned stay; relu(relu(x)) returned with the inner relu also returned stays too.
// CHECK-LABEL: sym_name = "output_guard"
// CHECK: %[[N:.*]] = "graph.neg"(%arg0)
// CHECK: %[[NN:.*]] = "graph.neg"(%[[N]])
// CHECK: %[[P:.*]] = "graph.pow"(%arg0
// CHECK: %[[R:.*]] = "graph.relu"(%arg0)
// CHECK: %[[RR:.*]] = "graph.relu"(%[[R]])
// CHECK: "func.return"(%[[NN]], %[[P]], %[[R]], %[[RR]])
func.func @output_guard(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %n = "graph.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %nn = "graph.neg"(%n) : (tensor<4xf32>) -> tensor<4xf32>
  %c = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %p = "graph.pow"(%x, %c) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %r = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %rr = "graph.relu"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  return %nn, %p, %r, %rr : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

/// Single unary ops and mixed chains are left alone: neg(relu(x)), relu(neg(x)), neg(x).
// CHECK-LABEL: sym_name = "unary_kept"
// CHECK: %[[R:.*]] = "graph.relu"(%arg0)
// CHECK: %[[N:.*]] = "graph.neg"(%[[R]])
// CHECK: %[[M:.*]] = "graph.neg"(%arg0)
// CHECK: %[[Q:.*]] = "graph.relu"(%[[M]])
// CHECK: "func.return"(%[[N]], %[[Q]], %[[M]])
func.func @unary_kept(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %r = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %n = "graph.neg"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  %m = "graph.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %q = "graph.relu"(%m) : (tensor<4xf32>) -> tensor<4xf32>
  return %n, %q, %m : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

/// convert(transpose(y)) feeding a bmm -> transpose(convert(y)) (the last two dims): y converted in its own
/// order, the matmul reads it transposed (an AMP attention backward's P^T); a permute that swaps the last two
/// the same.
// CHECK-LABEL: sym_name = "convert_of_transpose_bmm"
// CHECK: %[[C:.*]] = "graph.convert"(%arg0) : (tensor<2x4x8xf32>) -> tensor<2x4x8xbf16>
// CHECK-NEXT: %[[T:.*]] = "graph.permute"(%[[C]]) {dims = array<i64: 0, 2, 1>} : (tensor<2x4x8xbf16>) -> tensor<2x8x4xbf16>
// CHECK-NEXT: "graph.bmm"(%[[T]], %arg1)
// CHECK: %[[C2:.*]] = "graph.convert"(%arg2) : (tensor<8x4xf32>) -> tensor<8x4xbf16>
// CHECK-NEXT: %[[T2:.*]] = "graph.permute"(%[[C2]]) {dims = array<i64: 1, 0>}
// CHECK-NEXT: "graph.mm"(%arg3, %[[T2]])
func.func @convert_of_transpose_bmm(%y: tensor<2x4x8xf32>, %v: tensor<2x4x3xbf16>, %w: tensor<8x4xf32>, %a: tensor<5x8xbf16>) -> (tensor<2x8x3xbf16>, tensor<5x8xbf16>) {
  %t = "graph.transpose"(%y) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x4x8xf32>) -> tensor<2x8x4xf32>
  %c = "graph.convert"(%t) : (tensor<2x8x4xf32>) -> tensor<2x8x4xbf16>
  %b = "graph.bmm"(%c, %v) : (tensor<2x8x4xbf16>, tensor<2x4x3xbf16>) -> tensor<2x8x3xbf16>
  %p = "graph.permute"(%w) {dims = array<i64: 1, 0>} : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %pc = "graph.convert"(%p) : (tensor<4x8xf32>) -> tensor<4x8xbf16>
  %m = "graph.mm"(%a, %pc) : (tensor<5x8xbf16>, tensor<4x8xbf16>) -> tensor<5x8xbf16>
  return %b, %m : tensor<2x8x3xbf16>, tensor<5x8xbf16>
}

// -----

/// Left alone: the convert of a transpose that only pointwise ops read (a view either way), a transpose of
/// other dims than the last two (no cuBLAS flag for it), and the convert of a plain value.
// CHECK-LABEL: sym_name = "convert_of_transpose_kept"
// CHECK: %[[T:.*]] = "graph.transpose"(%arg0) {dim0 = 1 : i64, dim1 = 2 : i64}
// CHECK-NEXT: %[[C:.*]] = "graph.convert"(%[[T]])
// CHECK-NEXT: "graph.neg"(%[[C]])
// CHECK: %[[T2:.*]] = "graph.transpose"(%arg0) {dim0 = 0 : i64, dim1 = 1 : i64}
// CHECK-NEXT: %[[C2:.*]] = "graph.convert"(%[[T2]])
// CHECK-NEXT: "graph.bmm"(%[[C2]], %arg1)
// CHECK: %[[C3:.*]] = "graph.convert"(%arg0) : (tensor<2x4x8xf32>) -> tensor<2x4x8xbf16>
// CHECK-NEXT: "graph.bmm"(%[[C3]], %arg2)
func.func @convert_of_transpose_kept(%y: tensor<2x4x8xf32>, %v: tensor<4x8x3xbf16>, %u: tensor<2x8x3xbf16>) -> (tensor<2x8x4xbf16>, tensor<4x2x3xbf16>, tensor<2x4x3xbf16>) {
  %t = "graph.transpose"(%y) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x4x8xf32>) -> tensor<2x8x4xf32>
  %c = "graph.convert"(%t) : (tensor<2x8x4xf32>) -> tensor<2x8x4xbf16>
  %n = "graph.neg"(%c) : (tensor<2x8x4xbf16>) -> tensor<2x8x4xbf16>
  %t2 = "graph.transpose"(%y) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<2x4x8xf32>) -> tensor<4x2x8xf32>
  %c2 = "graph.convert"(%t2) : (tensor<4x2x8xf32>) -> tensor<4x2x8xbf16>
  %b2 = "graph.bmm"(%c2, %v) : (tensor<4x2x8xbf16>, tensor<4x8x3xbf16>) -> tensor<4x2x3xbf16>
  %c3 = "graph.convert"(%y) : (tensor<2x4x8xf32>) -> tensor<2x4x8xbf16>
  %b3 = "graph.bmm"(%c3, %u) : (tensor<2x4x8xbf16>, tensor<2x8x3xbf16>) -> tensor<2x4x3xbf16>
  return %n, %b2, %b3 : tensor<2x8x4xbf16>, tensor<4x2x3xbf16>, tensor<2x4x3xbf16>
}

// -----

/// The transpose sinks past every elementwise op with 0-d other operands and past a reshape of the leading
/// dims, down to the matmul (math attention's k.transpose(-2, -1) * scale, viewed [B*H, D, S]): the scale
/// is applied in k's own order, the reshape regroups k's leading dims, and the bmm reads a permute of it
/// (its transpose flag in the lowering). The mul keeps its operand order.
// CHECK-LABEL: sym_name = "sink_transpose_to_bmm"
// CHECK: %[[C:.*]] = "graph.convert"(%arg0) : (tensor<2x3x8x4xbf16>) -> tensor<2x3x8x4xf32>
// CHECK: %[[M:.*]] = "graph.mul"(%arg1, %[[C]]) : (tensor<f32>, tensor<2x3x8x4xf32>) -> tensor<2x3x8x4xf32>
// CHECK: %[[R:.*]] = "graph.reshape"(%[[M]]) {shape = array<i64: 6, 8, 4>} : (tensor<2x3x8x4xf32>) -> tensor<6x8x4xf32>
// CHECK-NEXT: %[[T:.*]] = "graph.permute"(%[[R]]) {dims = array<i64: 0, 2, 1>} : (tensor<6x8x4xf32>) -> tensor<6x4x8xf32>
// CHECK-NEXT: "graph.bmm"(%arg2, %[[T]])
func.func @sink_transpose_to_bmm(%k: tensor<2x3x8x4xbf16>, %s: tensor<f32>, %q: tensor<6x5x4xf32>) -> tensor<6x5x8xf32> {
  %c = "graph.convert"(%k) : (tensor<2x3x8x4xbf16>) -> tensor<2x3x8x4xf32>
  %t = "graph.transpose"(%c) {dim0 = 2 : i64, dim1 = 3 : i64} : (tensor<2x3x8x4xf32>) -> tensor<2x3x4x8xf32>
  %m = "graph.mul"(%s, %t) : (tensor<f32>, tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
  %r = "graph.reshape"(%m) {shape = array<i64: 6, 4, 8>} : (tensor<2x3x4x8xf32>) -> tensor<6x4x8xf32>
  %b = "graph.bmm"(%q, %r) : (tensor<6x5x4xf32>, tensor<6x4x8xf32>) -> tensor<6x5x8xf32>
  return %b : tensor<6x5x8xf32>
}

// -----

/// Left alone: a mul by a vector (broadcast along one of the swapped dims: not 0-d), reshapes that split
/// or regroup one of the last two dims (the [a, b] blocks do not move whole: [2, 8, 4] -> [4, 4, 4] keeps
/// the last dim only, [2, 8, 4] -> [1, 8, 8] the second-to-last only), a permute that moves a leading dim, an elementwise op of a transpose that no
/// matmul reads, and addmm's bias operand (not a matrix of the product).
// CHECK-LABEL: sym_name = "sink_transpose_kept"
// CHECK: %[[T:.*]] = "graph.transpose"(%arg0) {dim0 = 1 : i64, dim1 = 2 : i64}
// CHECK-NEXT: %[[M:.*]] = "graph.mul"(%[[T]], %arg1)
// CHECK-NEXT: "graph.bmm"(%[[M]], %arg2)
// CHECK: %[[T2:.*]] = "graph.transpose"(%arg0) {dim0 = 1 : i64, dim1 = 2 : i64}
// CHECK-NEXT: %[[E:.*]] = "graph.exp"(%[[T2]])
// CHECK-NEXT: %[[R:.*]] = "graph.reshape"(%[[E]]) {shape = array<i64: 2, 4, 2, 2>}
// CHECK: %[[T5:.*]] = "graph.transpose"(%arg0) {dim0 = 1 : i64, dim1 = 2 : i64}
// CHECK-NEXT: %[[R5:.*]] = "graph.reshape"(%[[T5]]) {shape = array<i64: 4, 4, 4>}
// CHECK-NEXT: "graph.bmm"(%[[R5]], %arg6)
// CHECK: %[[T6:.*]] = "graph.transpose"(%arg0) {dim0 = 1 : i64, dim1 = 2 : i64}
// CHECK-NEXT: %[[R6:.*]] = "graph.reshape"(%[[T6]]) {shape = array<i64: 1, 8, 8>}
// CHECK-NEXT: "graph.bmm"(%[[R6]], %arg7)
// CHECK: %[[P7:.*]] = "graph.permute"(%arg0) {dims = array<i64: 1, 0, 2>}
// CHECK-NEXT: %[[N7:.*]] = "graph.neg"(%[[P7]])
// CHECK-NEXT: "graph.bmm"(%[[N7]], %arg8)
// CHECK: %[[T3:.*]] = "graph.transpose"(%arg0) {dim0 = 1 : i64, dim1 = 2 : i64}
// CHECK-NEXT: %[[N:.*]] = "graph.neg"(%[[T3]])
// CHECK: %[[T4:.*]] = "graph.permute"(%arg3) {dims = array<i64: 1, 0>}
// CHECK-NEXT: %[[S:.*]] = "graph.sigmoid"(%[[T4]])
// CHECK-NEXT: "graph.addmm"(%[[S]], %arg4, %arg5)
func.func @sink_transpose_kept(%y: tensor<2x4x8xf32>, %v: tensor<4xf32>, %u: tensor<2x4x3xf32>, %w: tensor<1x5xf32>, %a: tensor<5x6xf32>, %bm: tensor<6x5xf32>, %u5: tensor<4x4x3xf32>, %u6: tensor<1x8x3xf32>, %u7: tensor<4x8x3xf32>) -> (tensor<2x8x3xf32>, tensor<2x4x2x2xf32>, tensor<2x8x4xf32>, tensor<5x5xf32>, tensor<4x4x3xf32>, tensor<1x8x3xf32>, tensor<4x2x3xf32>) {
  %t = "graph.transpose"(%y) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x4x8xf32>) -> tensor<2x8x4xf32>
  %m = "graph.mul"(%t, %v) : (tensor<2x8x4xf32>, tensor<4xf32>) -> tensor<2x8x4xf32>
  %b = "graph.bmm"(%m, %u) : (tensor<2x8x4xf32>, tensor<2x4x3xf32>) -> tensor<2x8x3xf32>
  %t2 = "graph.transpose"(%y) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x4x8xf32>) -> tensor<2x8x4xf32>
  %e = "graph.exp"(%t2) : (tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %r = "graph.reshape"(%e) {shape = array<i64: 2, 4, 2, 2>} : (tensor<2x8x4xf32>) -> tensor<2x4x2x2xf32>
  %t5 = "graph.transpose"(%y) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x4x8xf32>) -> tensor<2x8x4xf32>
  %r5 = "graph.reshape"(%t5) {shape = array<i64: 4, 4, 4>} : (tensor<2x8x4xf32>) -> tensor<4x4x4xf32>
  %b5 = "graph.bmm"(%r5, %u5) : (tensor<4x4x4xf32>, tensor<4x4x3xf32>) -> tensor<4x4x3xf32>
  %t6 = "graph.transpose"(%y) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x4x8xf32>) -> tensor<2x8x4xf32>
  %r6 = "graph.reshape"(%t6) {shape = array<i64: 1, 8, 8>} : (tensor<2x8x4xf32>) -> tensor<1x8x8xf32>
  %b6 = "graph.bmm"(%r6, %u6) : (tensor<1x8x8xf32>, tensor<1x8x3xf32>) -> tensor<1x8x3xf32>
  %p7 = "graph.permute"(%y) {dims = array<i64: 1, 0, 2>} : (tensor<2x4x8xf32>) -> tensor<4x2x8xf32>
  %n7 = "graph.neg"(%p7) : (tensor<4x2x8xf32>) -> tensor<4x2x8xf32>
  %b7 = "graph.bmm"(%n7, %u7) : (tensor<4x2x8xf32>, tensor<4x8x3xf32>) -> tensor<4x2x3xf32>
  %t3 = "graph.transpose"(%y) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x4x8xf32>) -> tensor<2x8x4xf32>
  %n = "graph.neg"(%t3) : (tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
  %t4 = "graph.permute"(%w) {dims = array<i64: 1, 0>} : (tensor<1x5xf32>) -> tensor<5x1xf32>
  %sg = "graph.sigmoid"(%t4) : (tensor<5x1xf32>) -> tensor<5x1xf32>
  %am = "graph.addmm"(%sg, %a, %bm) : (tensor<5x1xf32>, tensor<5x6xf32>, tensor<6x5xf32>) -> tensor<5x5xf32>
  return %b, %r, %n, %am, %b5, %b6, %b7 : tensor<2x8x3xf32>, tensor<2x4x2x2xf32>, tensor<2x8x4xf32>, tensor<5x5xf32>, tensor<4x4x3xf32>, tensor<1x8x3xf32>, tensor<4x2x3xf32>
}
