// graph-decompose's cumsum of a row of n >= cumsum-min-row (256) elements: blocks of B (the largest
// divisor of n in [4, sqrt(n)]): the masked prefix sums inside each block (iota_j >= iota_k), plus the
// exclusive masked prefix sums of the block totals (iota_j > iota_k), added and reshaped back: O(n^1.5)
// work instead of the O(n^2) of one masked sum, which shorter rows (255), rows with no such divisor
// (257, a prime) and the option set higher get. The CPU JIT agrees with the reference on each, and a
// row of 8192 ones gives 1 .. 8192 exactly.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-infer-shapes,graph-decompose{cumsum-scan=false})' | %filecheck %s
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-infer-shapes,graph-decompose{cumsum-scan=false cumsum-min-row=257})' | %filecheck %s --check-prefix=OFF
// RUN: %ind-run %s --func blocked_256 | %filecheck %s --check-prefix=JIT
// RUN: %ind-run %s --func blocked_260 | %filecheck %s --check-prefix=JIT
// RUN: %ind-run %s --func masked_257 | %filecheck %s --check-prefix=JIT
// RUN: %ind-run %s --func long_row --input %S/Inputs/ones_4x8192.npy | %filecheck %s --check-prefix=LONG

// CHECK-LABEL: sym_name = "blocked_256"
// CHECK: %[[XS:.*]] = "graph.reshape"(%arg0) {shape = array<i64: 3, 16, 16>}
// CHECK: "graph.ge"({{.*}}) : (tensor<1x1x16x1xi64>, tensor<1x1x1x16xi64>) -> tensor<1x1x16x16xi1>
// CHECK: %[[IN:.*]] = "graph.sum"(%{{.*}}) {dims = array<i64: 3>, keepdim = false} : (tensor<3x16x16x16xf32>) -> tensor<3x16x16xf32>
// CHECK: %[[TOT:.*]] = "graph.sum"(%[[XS]]) {dims = array<i64: 2>, keepdim = true} : (tensor<3x16x16xf32>) -> tensor<3x16x1xf32>
// CHECK: "graph.gt"({{.*}}) : (tensor<1x16x1x1xi64>, tensor<1x1x16x1xi64>) -> tensor<1x16x16x1xi1>
// CHECK: %[[BEFORE:.*]] = "graph.sum"(%{{.*}}) {dims = array<i64: 2>, keepdim = false} : (tensor<3x16x16x1xf32>) -> tensor<3x16x1xf32>
// CHECK: %[[S:.*]] = "graph.add"(%[[IN]], %[[BEFORE]])
// CHECK: "graph.reshape"(%[[S]]) {shape = array<i64: 3, 256>} : (tensor<3x16x16xf32>) -> tensor<3x256xf32>
// CHECK-NOT: "graph.cumsum"
// OFF-LABEL: sym_name = "blocked_256"
// OFF-NOT: "graph.add"
// OFF: "graph.sum"(%{{.*}}) {dims = array<i64: 2>, keepdim = false} : (tensor<3x256x256xf32>) -> tensor<3x256xf32>
func.func @blocked_256(%x: tensor<3x256xf32>) -> tensor<3x256xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<3x256xf32>) -> tensor<3x256xf32>
  return %c : tensor<3x256xf32>
}

// -----

/// 260 = 20 blocks of 13 (13 is the largest divisor <= sqrt(260) = 16.1).
// CHECK-LABEL: sym_name = "blocked_260"
// CHECK: "graph.reshape"(%arg0) {shape = array<i64: 3, 20, 13>}
func.func @blocked_260(%x: tensor<3x260xf32>) -> tensor<3x260xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<3x260xf32>) -> tensor<3x260xf32>
  return %c : tensor<3x260xf32>
}

// -----

// CHECK-LABEL: sym_name = "masked_255"
// CHECK-NOT: "graph.add"
// CHECK: "graph.sum"(%{{.*}}) {dims = array<i64: 2>, keepdim = false} : (tensor<3x255x255xf32>) -> tensor<3x255xf32>
func.func @masked_255(%x: tensor<3x255xf32>) -> tensor<3x255xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<3x255xf32>) -> tensor<3x255xf32>
  return %c : tensor<3x255xf32>
}

// -----

// CHECK-LABEL: sym_name = "masked_257"
// CHECK-NOT: "graph.add"
// CHECK: "graph.sum"(%{{.*}}) {dims = array<i64: 1>, keepdim = false} : (tensor<257x257x2xf32>) -> tensor<257x2xf32>
func.func @masked_257(%x: tensor<257x2xf32>) -> tensor<257x2xf32> {
  %c = "graph.cumsum"(%x) {dim = 0 : i64} : (tensor<257x2xf32>) -> tensor<257x2xf32>
  return %c : tensor<257x2xf32>
}

// -----

// CHECK-LABEL: sym_name = "long_row"
// CHECK: "graph.reshape"(%arg0) {shape = array<i64: 4, 128, 64>}
func.func @long_row(%x: tensor<4x8192xf32>) -> tensor<4x8192xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<4x8192xf32>) -> tensor<4x8192xf32>
  return %c : tensor<4x8192xf32>
}

// JIT: check out0: {{.*}} PASS
// LONG: check out0: 4x8192xf32 max_abs_err=0 max_rel_err=0 PASS
// LONG: out0: 4x8192xf32 sum=134234112 min=1 max=8192
