// Small reductions (Inductor's Reduction.create with rnumel < config.unroll_reductions_threshold = 8):
// lowering makes them a Pointwise whose body combines every reduced point in row-major order
// (_unroll_reduction_fn), left unrealized (make_reduction realizes only a Reduction), so consumers inline
// them. convert-graph-to-ind{unroll-reductions-threshold=N}; <= 2 or realize-all: never.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind)' | %filecheck %s
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind{unroll-reductions-threshold=9})' | %filecheck %s --check-prefix=AT9
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind{unroll-reductions-threshold=0})' | %filecheck %s --check-prefix=OFF
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind{realize-all=true})' | %filecheck %s --check-prefix=OFF
// RUN: env IND_LOGS=fusion %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind)' 2>&1 >/dev/null | %filecheck %s --check-prefix=LOG
/// Numerics of every kind (sum, amax, amin, prod, mean, argmax, argmin) on both sides of the edge, with
/// tails, keepdim, two axes and an inlining consumer: CPU JIT against the reference interpreter.
// RUN: %ind-run %S/Inputs/unroll_numerics.mlir --seed 1 | %filecheck %s --check-prefix=NUM
// RUN: %ind-run %S/Inputs/unroll_numerics.mlir --seed 2 | %filecheck %s --check-prefix=NUM
// NUM-COUNT-13: PASS
// NUM-NOT: FAIL

/// rnumel 7 < 8: a pointwise of 7 loads and 6 adds; 8 (at the threshold) stays a reduction.
// CHECK-LABEL: sym_name = "sum7"
// CHECK-NOT: ind.reduction
// CHECK-COUNT-6: "arith.addf"
// CHECK-NOT: "arith.addf"
// CHECK: name = "buf0", origins = ["sum_1"], ranges = array<i64: 4>} : () -> memref<4xf32>
// CHECK-LABEL: sym_name = "sum8"
// CHECK: "ind.reduction"
// CHECK: reduction_ranges = array<i64: 8>, reduction_type = "sum"
// AT9-LABEL: sym_name = "sum7"
// AT9-NOT: ind.reduction
// AT9-LABEL: sym_name = "sum8"
// AT9-NOT: ind.reduction
// AT9-COUNT-7: "arith.addf"
// OFF-LABEL: sym_name = "sum7"
// OFF: "ind.reduction"
// OFF: reduction_ranges = array<i64: 7>
// LOG: reduction of sum_1: numel=4 rnumel=7 < unroll-reductions-threshold=8: unrolled
// LOG-NEXT: reduction buf0: hint=DEFAULT numel=4 rnumel=8 split=1
func.func @sum7(%x: tensor<4x7xf32>) -> tensor<4xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x7xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
// -----
func.func @sum8(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x8xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
// -----
/// Each kind's combine (the reduction kernels' ops: maximumf / minimumf propagate NaN); keepdim keeps
/// the buffer's shape; mean divides the unrolled sum by 3.
// CHECK-LABEL: sym_name = "kinds"
// CHECK-COUNT-2: "arith.maximumf"
// CHECK: origins = ["amax"], ranges = array<i64: 5>} : () -> memref<5xf32>
// CHECK-COUNT-2: "arith.minimumf"
// CHECK: origins = ["amin"], ranges = array<i64: 5>} : () -> memref<5x1xf32>
// CHECK-COUNT-2: "arith.mulf"
// CHECK: origins = ["prod"]
// CHECK-COUNT-2: "arith.addf"
// CHECK-NEXT: "arith.constant"() <{value = 3.000000e+00 : f32}>
// CHECK-NEXT: "arith.divf"
// CHECK: origins = ["mean"]
// CHECK-NOT: ind.reduction
func.func @kinds(%x: tensor<5x3xf32>) -> (tensor<5xf32>, tensor<5x1xf32>, tensor<5xf32>, tensor<5xf32>) {
  %a = "graph.amax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<5x3xf32>) -> tensor<5xf32>
  %b = "graph.amin"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<5x3xf32>) -> tensor<5x1xf32>
  %c = "graph.prod"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<5x3xf32>) -> tensor<5xf32>
  %d = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<5x3xf32>) -> tensor<5xf32>
  return %a, %b, %c, %d : tensor<5xf32>, tensor<5x1xf32>, tensor<5xf32>, tensor<5xf32>
}
// -----
/// Two reduced axes (2 x 3 = 6 points, the last axis fastest: offsets 0, 1, 2, 15, 16, 17 from 3 * d0),
/// not realized: exp inlines it, one buffer.
// CHECK-DAG: #[[P0:.*]] = affine_map<(d0) -> (d0 * 3)>
// CHECK-DAG: #[[P1:.*]] = affine_map<(d0) -> (d0 * 3 + 1)>
// CHECK-DAG: #[[P3:.*]] = affine_map<(d0) -> (d0 * 3 + 15)>
// CHECK-DAG: #[[P5:.*]] = affine_map<(d0) -> (d0 * 3 + 17)>
// CHECK-LABEL: sym_name = "inlined"
// CHECK: "ind.load"(%arg0) {index = #[[P0]]}
// CHECK-NEXT: "ind.load"(%arg0) {index = #[[P1]]}
// CHECK: "ind.load"(%arg0) {index = #[[P3]]}
// CHECK: "ind.load"(%arg0) {index = #[[P5]]}
// CHECK: "math.exp"
// CHECK: name = "buf0", origins = ["sum_1", "exp"]
// CHECK-NOT: name = "buf1"
func.func @inlined(%x: tensor<2x5x3xf32>) -> tensor<5xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 0, 2>, keepdim = false} : (tensor<2x5x3xf32>) -> tensor<5xf32>
  %t = "graph.exp"(%s) : (tensor<5xf32>) -> tensor<5xf32>
  return %t : tensor<5xf32>
}
// -----
/// argmax: its max and its first-index min (in i64) are both unrolled: one pointwise, no reduction.
// CHECK-LABEL: sym_name = "argmax3"
// CHECK-NOT: ind.reduction
// CHECK-COUNT-2: "arith.minsi"{{.*}} : (i64, i64) -> i64
// CHECK: origins = ["argmax"], ranges = array<i64: 6>} : () -> memref<6xi64>
func.func @argmax3(%x: tensor<6x3xf32>) -> tensor<6xi64> {
  %i = "graph.argmax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<6x3xf32>) -> tensor<6xi64>
  return %i : tensor<6xi64>
}
