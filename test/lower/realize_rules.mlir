// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind)' | %filecheck %s
//
// Inductor's realize rules at their default thresholds, each firing and not firing at its
// threshold. Op counts follow inner_fn_opcount: every distinct load, constant and op counts 1
// (a chain of k negs on one input is k + 1 ops). Generated; see docs/passes/lower.md.

/// a value with 2 users reading 5 buffers (> realize_reads_threshold = 4) is realized
// CHECK-LABEL: sym_name = "reuse_reads_5"
// CHECK: ^bb0(%[[A0:[^:]*]]: memref<8x16xf32>
// CHECK: %[[B0:.*]] = "ind.pointwise"
// CHECK: name = "buf0", origins = [{{.*}}"add_3"]
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%[[B0]])
// CHECK: name = "buf1"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"
func.func @reuse_reads_5(%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>, %a2: tensor<8x16xf32>, %a3: tensor<8x16xf32>, %a4: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %s0 = "graph.add"(%a0, %a1) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s1 = "graph.add"(%s0, %a2) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s2 = "graph.add"(%s1, %a3) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s3 = "graph.add"(%s2, %a4) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %u1 = "graph.exp"(%s3) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %u2 = "graph.log"(%s3) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %out : tensor<8x16xf32>
}

// -----

/// a value with 2 users reading 4 buffers (= threshold) is inlined into both users
// CHECK-LABEL: sym_name = "reuse_reads_4"
// CHECK: ^bb0(%[[A0:[^:]*]]: memref<8x16xf32>
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%[[A0]])
// CHECK: "ind.load"(%[[A0]])
// CHECK-NOT: "ind.load"(%[[A0]])
// CHECK: name = "buf0"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"
func.func @reuse_reads_4(%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>, %a2: tensor<8x16xf32>, %a3: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %s0 = "graph.add"(%a0, %a1) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s1 = "graph.add"(%s0, %a2) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s2 = "graph.add"(%s1, %a3) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %u1 = "graph.exp"(%s2) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %u2 = "graph.log"(%s2) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %out : tensor<8x16xf32>
}

// -----

/// a value with 2 users reading 2 buffers is inlined into both users
// CHECK-LABEL: sym_name = "reuse_reads_2"
// CHECK: ^bb0(%[[A0:[^:]*]]: memref<8x16xf32>
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%[[A0]])
// CHECK: "ind.load"(%[[A0]])
// CHECK-NOT: "ind.load"(%[[A0]])
// CHECK: name = "buf0"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"
func.func @reuse_reads_2(%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %s0 = "graph.add"(%a0, %a1) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %u1 = "graph.exp"(%s0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %u2 = "graph.log"(%s0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %out : tensor<8x16xf32>
}

// -----

/// a value with 2 users and 31 ops (> realize_opcount_threshold = 30) is realized
// CHECK-LABEL: sym_name = "reuse_opcount_31"
// CHECK: ^bb0(%[[A0:[^:]*]]: memref<8x16xf32>
// CHECK: %[[B0:.*]] = "ind.pointwise"
// CHECK: name = "buf0", origins = [{{.*}}"neg_29"]
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%[[B0]])
// CHECK: name = "buf1"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"
func.func @reuse_opcount_31(%a0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %n0 = "graph.neg"(%a0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n1 = "graph.neg"(%n0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n2 = "graph.neg"(%n1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n3 = "graph.neg"(%n2) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n4 = "graph.neg"(%n3) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n5 = "graph.neg"(%n4) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n6 = "graph.neg"(%n5) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n7 = "graph.neg"(%n6) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n8 = "graph.neg"(%n7) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n9 = "graph.neg"(%n8) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n10 = "graph.neg"(%n9) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n11 = "graph.neg"(%n10) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n12 = "graph.neg"(%n11) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n13 = "graph.neg"(%n12) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n14 = "graph.neg"(%n13) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n15 = "graph.neg"(%n14) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n16 = "graph.neg"(%n15) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n17 = "graph.neg"(%n16) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n18 = "graph.neg"(%n17) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n19 = "graph.neg"(%n18) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n20 = "graph.neg"(%n19) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n21 = "graph.neg"(%n20) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n22 = "graph.neg"(%n21) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n23 = "graph.neg"(%n22) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n24 = "graph.neg"(%n23) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n25 = "graph.neg"(%n24) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n26 = "graph.neg"(%n25) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n27 = "graph.neg"(%n26) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n28 = "graph.neg"(%n27) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n29 = "graph.neg"(%n28) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %u1 = "graph.exp"(%n29) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %u2 = "graph.log"(%n29) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %out : tensor<8x16xf32>
}

// -----

/// a value with 2 users and 30 ops (= threshold) is inlined into both users
// CHECK-LABEL: sym_name = "reuse_opcount_30"
// CHECK: ^bb0(%[[A0:[^:]*]]: memref<8x16xf32>
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%[[A0]])
// CHECK: "ind.load"(%[[A0]])
// CHECK-NOT: "ind.load"(%[[A0]])
// CHECK: name = "buf0"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"
func.func @reuse_opcount_30(%a0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %n0 = "graph.neg"(%a0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n1 = "graph.neg"(%n0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n2 = "graph.neg"(%n1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n3 = "graph.neg"(%n2) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n4 = "graph.neg"(%n3) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n5 = "graph.neg"(%n4) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n6 = "graph.neg"(%n5) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n7 = "graph.neg"(%n6) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n8 = "graph.neg"(%n7) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n9 = "graph.neg"(%n8) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n10 = "graph.neg"(%n9) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n11 = "graph.neg"(%n10) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n12 = "graph.neg"(%n11) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n13 = "graph.neg"(%n12) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n14 = "graph.neg"(%n13) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n15 = "graph.neg"(%n14) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n16 = "graph.neg"(%n15) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n17 = "graph.neg"(%n16) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n18 = "graph.neg"(%n17) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n19 = "graph.neg"(%n18) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n20 = "graph.neg"(%n19) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n21 = "graph.neg"(%n20) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n22 = "graph.neg"(%n21) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n23 = "graph.neg"(%n22) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n24 = "graph.neg"(%n23) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n25 = "graph.neg"(%n24) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n26 = "graph.neg"(%n25) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n27 = "graph.neg"(%n26) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n28 = "graph.neg"(%n27) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %u1 = "graph.exp"(%n28) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %u2 = "graph.log"(%n28) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %out = "graph.mul"(%u1, %u2) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %out : tensor<8x16xf32>
}

// -----

/// a single-use value reading 9 buffers (> realize_acc_reads_threshold = 8) is realized (realize_hint)
// CHECK-LABEL: sym_name = "acc_reads_9"
// CHECK: ^bb0(%[[A0:[^:]*]]: memref<8x16xf32>
// CHECK: %[[B0:.*]] = "ind.pointwise"
// CHECK: name = "buf0", origins = [{{.*}}"add_7"]
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%[[B0]])
// CHECK: name = "buf1"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"
func.func @acc_reads_9(%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>, %a2: tensor<8x16xf32>, %a3: tensor<8x16xf32>, %a4: tensor<8x16xf32>, %a5: tensor<8x16xf32>, %a6: tensor<8x16xf32>, %a7: tensor<8x16xf32>, %a8: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %s0 = "graph.add"(%a0, %a1) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s1 = "graph.add"(%s0, %a2) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s2 = "graph.add"(%s1, %a3) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s3 = "graph.add"(%s2, %a4) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s4 = "graph.add"(%s3, %a5) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s5 = "graph.add"(%s4, %a6) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s6 = "graph.add"(%s5, %a7) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s7 = "graph.add"(%s6, %a8) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %out = "graph.exp"(%s7) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %out : tensor<8x16xf32>
}

// -----

/// a single-use value reading 8 buffers (= threshold) is inlined
// CHECK-LABEL: sym_name = "acc_reads_8"
// CHECK: ^bb0(%[[A0:[^:]*]]: memref<8x16xf32>
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%[[A0]])
// CHECK-NOT: "ind.load"(%[[A0]])
// CHECK: name = "buf0"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"
func.func @acc_reads_8(%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>, %a2: tensor<8x16xf32>, %a3: tensor<8x16xf32>, %a4: tensor<8x16xf32>, %a5: tensor<8x16xf32>, %a6: tensor<8x16xf32>, %a7: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %s0 = "graph.add"(%a0, %a1) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s1 = "graph.add"(%s0, %a2) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s2 = "graph.add"(%s1, %a3) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s3 = "graph.add"(%s2, %a4) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s4 = "graph.add"(%s3, %a5) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s5 = "graph.add"(%s4, %a6) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %s6 = "graph.add"(%s5, %a7) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %out = "graph.exp"(%s6) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %out : tensor<8x16xf32>
}

// -----

/// a single-use value with 31 ops and 2 non-trivial reads is realized (has_exceeded_max_reads -> realize_hint)
// CHECK-LABEL: sym_name = "acc_opcount_31"
// CHECK: ^bb0(%[[A0:[^:]*]]: memref<8x16xf32>
// CHECK: %[[B0:.*]] = "ind.pointwise"
// CHECK: name = "buf0", origins = [{{.*}}"neg_27"]
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%[[B0]])
// CHECK: name = "buf1"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"
func.func @acc_opcount_31(%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %s = "graph.add"(%a0, %a1) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %n0 = "graph.neg"(%s) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n1 = "graph.neg"(%n0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n2 = "graph.neg"(%n1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n3 = "graph.neg"(%n2) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n4 = "graph.neg"(%n3) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n5 = "graph.neg"(%n4) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n6 = "graph.neg"(%n5) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n7 = "graph.neg"(%n6) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n8 = "graph.neg"(%n7) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n9 = "graph.neg"(%n8) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n10 = "graph.neg"(%n9) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n11 = "graph.neg"(%n10) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n12 = "graph.neg"(%n11) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n13 = "graph.neg"(%n12) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n14 = "graph.neg"(%n13) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n15 = "graph.neg"(%n14) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n16 = "graph.neg"(%n15) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n17 = "graph.neg"(%n16) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n18 = "graph.neg"(%n17) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n19 = "graph.neg"(%n18) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n20 = "graph.neg"(%n19) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n21 = "graph.neg"(%n20) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n22 = "graph.neg"(%n21) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n23 = "graph.neg"(%n22) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n24 = "graph.neg"(%n23) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n25 = "graph.neg"(%n24) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n26 = "graph.neg"(%n25) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n27 = "graph.neg"(%n26) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %out = "graph.exp"(%n27) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %out : tensor<8x16xf32>
}

// -----

/// a single-use value with 30 ops is inlined
// CHECK-LABEL: sym_name = "acc_opcount_30"
// CHECK: ^bb0(%[[A0:[^:]*]]: memref<8x16xf32>
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%[[A0]])
// CHECK-NOT: "ind.load"(%[[A0]])
// CHECK: name = "buf0"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"
func.func @acc_opcount_30(%a0: tensor<8x16xf32>, %a1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %s = "graph.add"(%a0, %a1) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  %n0 = "graph.neg"(%s) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n1 = "graph.neg"(%n0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n2 = "graph.neg"(%n1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n3 = "graph.neg"(%n2) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n4 = "graph.neg"(%n3) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n5 = "graph.neg"(%n4) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n6 = "graph.neg"(%n5) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n7 = "graph.neg"(%n6) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n8 = "graph.neg"(%n7) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n9 = "graph.neg"(%n8) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n10 = "graph.neg"(%n9) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n11 = "graph.neg"(%n10) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n12 = "graph.neg"(%n11) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n13 = "graph.neg"(%n12) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n14 = "graph.neg"(%n13) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n15 = "graph.neg"(%n14) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n16 = "graph.neg"(%n15) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n17 = "graph.neg"(%n16) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n18 = "graph.neg"(%n17) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n19 = "graph.neg"(%n18) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n20 = "graph.neg"(%n19) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n21 = "graph.neg"(%n20) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n22 = "graph.neg"(%n21) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n23 = "graph.neg"(%n22) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n24 = "graph.neg"(%n23) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n25 = "graph.neg"(%n24) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n26 = "graph.neg"(%n25) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %out = "graph.exp"(%n26) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %out : tensor<8x16xf32>
}

// -----

/// a single-use value with 41 ops but one non-trivial read is inlined (realize_hint needs > 1 non-trivial reads)
// CHECK-LABEL: sym_name = "acc_opcount_one_read"
// CHECK: ^bb0(%[[A0:[^:]*]]: memref<8x16xf32>
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%[[A0]])
// CHECK-NOT: "ind.load"(%[[A0]])
// CHECK: name = "buf0"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"
func.func @acc_opcount_one_read(%a0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %n0 = "graph.neg"(%a0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n1 = "graph.neg"(%n0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n2 = "graph.neg"(%n1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n3 = "graph.neg"(%n2) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n4 = "graph.neg"(%n3) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n5 = "graph.neg"(%n4) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n6 = "graph.neg"(%n5) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n7 = "graph.neg"(%n6) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n8 = "graph.neg"(%n7) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n9 = "graph.neg"(%n8) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n10 = "graph.neg"(%n9) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n11 = "graph.neg"(%n10) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n12 = "graph.neg"(%n11) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n13 = "graph.neg"(%n12) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n14 = "graph.neg"(%n13) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n15 = "graph.neg"(%n14) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n16 = "graph.neg"(%n15) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n17 = "graph.neg"(%n16) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n18 = "graph.neg"(%n17) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n19 = "graph.neg"(%n18) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n20 = "graph.neg"(%n19) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n21 = "graph.neg"(%n20) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n22 = "graph.neg"(%n21) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n23 = "graph.neg"(%n22) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n24 = "graph.neg"(%n23) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n25 = "graph.neg"(%n24) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n26 = "graph.neg"(%n25) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n27 = "graph.neg"(%n26) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n28 = "graph.neg"(%n27) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n29 = "graph.neg"(%n28) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n30 = "graph.neg"(%n29) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n31 = "graph.neg"(%n30) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n32 = "graph.neg"(%n31) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n33 = "graph.neg"(%n32) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n34 = "graph.neg"(%n33) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n35 = "graph.neg"(%n34) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n36 = "graph.neg"(%n35) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n37 = "graph.neg"(%n36) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n38 = "graph.neg"(%n37) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n39 = "graph.neg"(%n38) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %out = "graph.exp"(%n39) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %out : tensor<8x16xf32>
}

// -----

/// a value with 101 ops (> 100) is realized even with one read and one user
// CHECK-LABEL: sym_name = "large_101"
// CHECK: ^bb0(%[[A0:[^:]*]]: memref<8x16xf32>
// CHECK: %[[B0:.*]] = "ind.pointwise"
// CHECK: name = "buf0", origins = [{{.*}}"neg_99"]
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%[[B0]])
// CHECK: name = "buf1"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"
func.func @large_101(%a0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %n0 = "graph.neg"(%a0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n1 = "graph.neg"(%n0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n2 = "graph.neg"(%n1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n3 = "graph.neg"(%n2) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n4 = "graph.neg"(%n3) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n5 = "graph.neg"(%n4) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n6 = "graph.neg"(%n5) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n7 = "graph.neg"(%n6) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n8 = "graph.neg"(%n7) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n9 = "graph.neg"(%n8) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n10 = "graph.neg"(%n9) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n11 = "graph.neg"(%n10) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n12 = "graph.neg"(%n11) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n13 = "graph.neg"(%n12) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n14 = "graph.neg"(%n13) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n15 = "graph.neg"(%n14) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n16 = "graph.neg"(%n15) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n17 = "graph.neg"(%n16) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n18 = "graph.neg"(%n17) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n19 = "graph.neg"(%n18) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n20 = "graph.neg"(%n19) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n21 = "graph.neg"(%n20) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n22 = "graph.neg"(%n21) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n23 = "graph.neg"(%n22) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n24 = "graph.neg"(%n23) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n25 = "graph.neg"(%n24) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n26 = "graph.neg"(%n25) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n27 = "graph.neg"(%n26) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n28 = "graph.neg"(%n27) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n29 = "graph.neg"(%n28) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n30 = "graph.neg"(%n29) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n31 = "graph.neg"(%n30) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n32 = "graph.neg"(%n31) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n33 = "graph.neg"(%n32) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n34 = "graph.neg"(%n33) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n35 = "graph.neg"(%n34) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n36 = "graph.neg"(%n35) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n37 = "graph.neg"(%n36) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n38 = "graph.neg"(%n37) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n39 = "graph.neg"(%n38) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n40 = "graph.neg"(%n39) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n41 = "graph.neg"(%n40) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n42 = "graph.neg"(%n41) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n43 = "graph.neg"(%n42) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n44 = "graph.neg"(%n43) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n45 = "graph.neg"(%n44) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n46 = "graph.neg"(%n45) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n47 = "graph.neg"(%n46) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n48 = "graph.neg"(%n47) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n49 = "graph.neg"(%n48) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n50 = "graph.neg"(%n49) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n51 = "graph.neg"(%n50) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n52 = "graph.neg"(%n51) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n53 = "graph.neg"(%n52) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n54 = "graph.neg"(%n53) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n55 = "graph.neg"(%n54) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n56 = "graph.neg"(%n55) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n57 = "graph.neg"(%n56) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n58 = "graph.neg"(%n57) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n59 = "graph.neg"(%n58) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n60 = "graph.neg"(%n59) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n61 = "graph.neg"(%n60) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n62 = "graph.neg"(%n61) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n63 = "graph.neg"(%n62) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n64 = "graph.neg"(%n63) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n65 = "graph.neg"(%n64) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n66 = "graph.neg"(%n65) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n67 = "graph.neg"(%n66) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n68 = "graph.neg"(%n67) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n69 = "graph.neg"(%n68) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n70 = "graph.neg"(%n69) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n71 = "graph.neg"(%n70) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n72 = "graph.neg"(%n71) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n73 = "graph.neg"(%n72) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n74 = "graph.neg"(%n73) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n75 = "graph.neg"(%n74) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n76 = "graph.neg"(%n75) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n77 = "graph.neg"(%n76) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n78 = "graph.neg"(%n77) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n79 = "graph.neg"(%n78) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n80 = "graph.neg"(%n79) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n81 = "graph.neg"(%n80) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n82 = "graph.neg"(%n81) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n83 = "graph.neg"(%n82) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n84 = "graph.neg"(%n83) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n85 = "graph.neg"(%n84) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n86 = "graph.neg"(%n85) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n87 = "graph.neg"(%n86) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n88 = "graph.neg"(%n87) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n89 = "graph.neg"(%n88) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n90 = "graph.neg"(%n89) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n91 = "graph.neg"(%n90) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n92 = "graph.neg"(%n91) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n93 = "graph.neg"(%n92) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n94 = "graph.neg"(%n93) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n95 = "graph.neg"(%n94) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n96 = "graph.neg"(%n95) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n97 = "graph.neg"(%n96) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n98 = "graph.neg"(%n97) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n99 = "graph.neg"(%n98) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %out = "graph.exp"(%n99) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %out : tensor<8x16xf32>
}

// -----

/// a value with 100 ops (= 100) is inlined
// CHECK-LABEL: sym_name = "large_100"
// CHECK: ^bb0(%[[A0:[^:]*]]: memref<8x16xf32>
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%[[A0]])
// CHECK-NOT: "ind.load"(%[[A0]])
// CHECK: name = "buf0"
// CHECK-NOT: "ind.pointwise"
// CHECK: "func.return"
func.func @large_100(%a0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %n0 = "graph.neg"(%a0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n1 = "graph.neg"(%n0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n2 = "graph.neg"(%n1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n3 = "graph.neg"(%n2) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n4 = "graph.neg"(%n3) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n5 = "graph.neg"(%n4) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n6 = "graph.neg"(%n5) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n7 = "graph.neg"(%n6) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n8 = "graph.neg"(%n7) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n9 = "graph.neg"(%n8) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n10 = "graph.neg"(%n9) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n11 = "graph.neg"(%n10) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n12 = "graph.neg"(%n11) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n13 = "graph.neg"(%n12) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n14 = "graph.neg"(%n13) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n15 = "graph.neg"(%n14) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n16 = "graph.neg"(%n15) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n17 = "graph.neg"(%n16) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n18 = "graph.neg"(%n17) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n19 = "graph.neg"(%n18) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n20 = "graph.neg"(%n19) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n21 = "graph.neg"(%n20) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n22 = "graph.neg"(%n21) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n23 = "graph.neg"(%n22) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n24 = "graph.neg"(%n23) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n25 = "graph.neg"(%n24) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n26 = "graph.neg"(%n25) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n27 = "graph.neg"(%n26) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n28 = "graph.neg"(%n27) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n29 = "graph.neg"(%n28) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n30 = "graph.neg"(%n29) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n31 = "graph.neg"(%n30) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n32 = "graph.neg"(%n31) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n33 = "graph.neg"(%n32) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n34 = "graph.neg"(%n33) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n35 = "graph.neg"(%n34) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n36 = "graph.neg"(%n35) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n37 = "graph.neg"(%n36) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n38 = "graph.neg"(%n37) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n39 = "graph.neg"(%n38) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n40 = "graph.neg"(%n39) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n41 = "graph.neg"(%n40) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n42 = "graph.neg"(%n41) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n43 = "graph.neg"(%n42) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n44 = "graph.neg"(%n43) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n45 = "graph.neg"(%n44) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n46 = "graph.neg"(%n45) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n47 = "graph.neg"(%n46) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n48 = "graph.neg"(%n47) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n49 = "graph.neg"(%n48) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n50 = "graph.neg"(%n49) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n51 = "graph.neg"(%n50) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n52 = "graph.neg"(%n51) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n53 = "graph.neg"(%n52) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n54 = "graph.neg"(%n53) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n55 = "graph.neg"(%n54) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n56 = "graph.neg"(%n55) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n57 = "graph.neg"(%n56) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n58 = "graph.neg"(%n57) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n59 = "graph.neg"(%n58) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n60 = "graph.neg"(%n59) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n61 = "graph.neg"(%n60) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n62 = "graph.neg"(%n61) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n63 = "graph.neg"(%n62) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n64 = "graph.neg"(%n63) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n65 = "graph.neg"(%n64) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n66 = "graph.neg"(%n65) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n67 = "graph.neg"(%n66) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n68 = "graph.neg"(%n67) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n69 = "graph.neg"(%n68) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n70 = "graph.neg"(%n69) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n71 = "graph.neg"(%n70) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n72 = "graph.neg"(%n71) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n73 = "graph.neg"(%n72) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n74 = "graph.neg"(%n73) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n75 = "graph.neg"(%n74) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n76 = "graph.neg"(%n75) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n77 = "graph.neg"(%n76) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n78 = "graph.neg"(%n77) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n79 = "graph.neg"(%n78) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n80 = "graph.neg"(%n79) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n81 = "graph.neg"(%n80) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n82 = "graph.neg"(%n81) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n83 = "graph.neg"(%n82) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n84 = "graph.neg"(%n83) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n85 = "graph.neg"(%n84) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n86 = "graph.neg"(%n85) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n87 = "graph.neg"(%n86) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n88 = "graph.neg"(%n87) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n89 = "graph.neg"(%n88) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n90 = "graph.neg"(%n89) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n91 = "graph.neg"(%n90) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n92 = "graph.neg"(%n91) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n93 = "graph.neg"(%n92) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n94 = "graph.neg"(%n93) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n95 = "graph.neg"(%n94) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n96 = "graph.neg"(%n95) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n97 = "graph.neg"(%n96) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %n98 = "graph.neg"(%n97) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %out = "graph.exp"(%n98) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %out : tensor<8x16xf32>
}

// -----

/// Views forward the reuse rule to their storage: a transposed view with 2 users whose storage
/// (single-use itself) reads 5 buffers realizes the storage, not the view; both users read it
/// through the transposed index.
// CHECK-DAG: #[[T:.*]] = affine_map<(d0, d1) -> (d1 * 8 + d0)>
// CHECK-LABEL: sym_name = "view_reuse"
// CHECK: %[[S:.*]] = "ind.pointwise"
// CHECK: name = "buf0", origins = ["add", "add_1", "add_2", "add_3"], ranges = array<i64: 8, 8>
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%[[S]]) {index = #[[T]]}
// CHECK: "ind.load"(%[[S]]) {index = #[[T]]}
// CHECK: name = "buf1", origins = ["permute", "exp", "log", "mul"]
// CHECK-NOT: "ind.pointwise"
func.func @view_reuse(%a0: tensor<8x8xf32>, %a1: tensor<8x8xf32>, %a2: tensor<8x8xf32>, %a3: tensor<8x8xf32>, %a4: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %s0 = "graph.add"(%a0, %a1) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %s1 = "graph.add"(%s0, %a2) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %s2 = "graph.add"(%s1, %a3) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %s3 = "graph.add"(%s2, %a4) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %t = "graph.permute"(%s3) {dims = array<i64: 1, 0>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %u1 = "graph.exp"(%t) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %u2 = "graph.log"(%t) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %m = "graph.mul"(%u1, %u2) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %m : tensor<8x8xf32>
}
