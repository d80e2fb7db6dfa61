// RUN: %ind-opt %s --pass-pipeline='builtin.module(graph-rewrite)' | %filecheck %s

/// graph-rewrite applies its own rules only: the greedy driver runs with folding off (and no constant
/// CSE), so ops of other dialects are left as they are, foldable or not, while neg(neg(x)) -> x.
// CHECK-LABEL: sym_name = "mixed"
// CHECK: %[[C1:.*]] = "arith.constant"() <{value = 1 : i64}>
// CHECK-NEXT: %[[C2:.*]] = "arith.constant"() <{value = 2 : i64}>
// CHECK-NEXT: %[[C2B:.*]] = "arith.constant"() <{value = 2 : i64}>
// CHECK-NEXT: %[[S:.*]] = "arith.addi"(%[[C1]], %[[C2]])
// CHECK-NEXT: %[[T:.*]] = "arith.addi"(%[[S]], %[[C2B]])
// CHECK: %[[E:.*]] = "graph.exp"(%arg0)
// CHECK-NEXT: "func.return"(%[[E]], %[[T]])
func.func @mixed(%a: tensor<4xf32>) -> (tensor<4xf32>, i64) {
  %c1 = "arith.constant"() {value = 1 : i64} : () -> i64
  %c2 = "arith.constant"() {value = 2 : i64} : () -> i64
  %c2b = "arith.constant"() {value = 2 : i64} : () -> i64
  %s = "arith.addi"(%c1, %c2) : (i64, i64) -> i64
  %t = "arith.addi"(%s, %c2b) : (i64, i64) -> i64
  %n = "graph.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %m = "graph.neg"(%n) : (tensor<4xf32>) -> tensor<4xf32>
  %e = "graph.exp"(%m) : (tensor<4xf32>) -> tensor<4xf32>
  return %e, %t : tensor<4xf32>, i64
}
