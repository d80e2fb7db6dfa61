// graph-infer-shapes on the ops of issue 11: result shapes and dtypes from the operands and
// attributes (unranked results are filled in); the written dtype of sources (full, iota, ...) is kept.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-infer-shapes)' | %filecheck %s

// CHECK-LABEL: sym_name = "sources"
// CHECK: "graph.full"() {{.*}} : () -> tensor<2x3xf16>
// CHECK: "graph.zeros"() {{.*}} : () -> tensor<4xi32>
// CHECK: "graph.full_like"(%{{.*}}) {{.*}} : (tensor<5x6xf32>) -> tensor<5x6xi64>
// CHECK: "graph.iota"() {{.*}} : () -> tensor<7xi64>
// CHECK: "graph.arange"() {{.*}} : () -> tensor<8xf32>
func.func @sources(%x: tensor<5x6xf32>) -> (tensor<*xf16>, tensor<*xi32>, tensor<*xi64>, tensor<*xi64>, tensor<*xf32>) {
  %a = "graph.full"() {value = 1.0 : f64, shape = array<i64: 2, 3>} : () -> tensor<*xf16>
  %b = "graph.zeros"() {shape = array<i64: 4>} : () -> tensor<*xi32>
  %c = "graph.full_like"(%x) {value = 1.0 : f64} : (tensor<5x6xf32>) -> tensor<*xi64>
  %d = "graph.iota"() {length = 7 : i64} : () -> tensor<*xi64>
  // ceil((1 - (-1)) / 0.25) = 8
  %e = "graph.arange"() {start = -1.0 : f64, end = 1.0 : f64, step = 0.25 : f64} : () -> tensor<*xf32>
  return %a, %b, %c, %d, %e : tensor<*xf16>, tensor<*xi32>, tensor<*xi64>, tensor<*xi64>, tensor<*xf32>
}

// -----

// CHECK-LABEL: sym_name = "pointwise"
// CHECK: "graph.silu"(%{{.*}}) : (tensor<4xi32>) -> tensor<4xf32>
// CHECK: "graph.floor"(%{{.*}}) : (tensor<4xi32>) -> tensor<4xi32>
// CHECK: "graph.isnan"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xi1>
// CHECK: "graph.clamp"(%{{.*}}) {{.*}} : (tensor<4xi32>) -> tensor<4xi32>
// CHECK: "graph.remainder"(%{{.*}}, %{{.*}}) : (tensor<4xi32>, tensor<3x1xf32>) -> tensor<3x4xf32>
// CHECK: "graph.logical_and"(%{{.*}}, %{{.*}}) : (tensor<4xi32>, tensor<3x1xf32>) -> tensor<3x4xi1>
// CHECK: "graph.bitwise_or"(%{{.*}}, %{{.*}}) : (tensor<4xi32>, tensor<4xi1>) -> tensor<4xi32>
// CHECK: "graph.masked_fill"(%{{.*}}, %{{.*}}) {{.*}} : (tensor<3x4xf32>, tensor<4xi1>) -> tensor<3x4xf32>
func.func @pointwise(%i: tensor<4xi32>, %f: tensor<3x1xf32>) -> tensor<*xf32> {
  %0 = "graph.silu"(%i) : (tensor<4xi32>) -> tensor<4xf32>
  %1 = "graph.floor"(%i) : (tensor<4xi32>) -> tensor<*xi32>
  %2 = "graph.isnan"(%0) : (tensor<4xf32>) -> tensor<4xi1>
  %3 = "graph.clamp"(%i) {min = 1.0 : f64} : (tensor<4xi32>) -> tensor<*xi32>
  %4 = "graph.remainder"(%i, %f) : (tensor<4xi32>, tensor<3x1xf32>) -> tensor<3x4xf32>
  %5 = "graph.logical_and"(%i, %f) : (tensor<4xi32>, tensor<3x1xf32>) -> tensor<*xi1>
  %6 = "graph.bitwise_or"(%i, %2) : (tensor<4xi32>, tensor<4xi1>) -> tensor<*xi32>
  %7 = "graph.masked_fill"(%4, %2) {value = 0.0 : f64} : (tensor<3x4xf32>, tensor<4xi1>) -> tensor<*xf32>
  return %7 : tensor<*xf32>
}

// -----

// CHECK-LABEL: sym_name = "reductions_and_remaps"
// CHECK: "graph.argmax"(%{{.*}}) {dims = array<i64: 1>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<2x1x4xi64>
// CHECK: "graph.any"(%{{.*}}) {dims = array<i64: 0, 1, 2>, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<i1>
// CHECK: "graph.select"(%{{.*}}) {{.*}} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
// CHECK: "graph.flip"(%{{.*}}) {{.*}} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK: "graph.constant_pad_nd"(%{{.*}}) {{.*}} : (tensor<2x3x4xf32>) -> tensor<2x6x3xf32>
// CHECK: "graph.repeat"(%{{.*}}) {{.*}} : (tensor<2x3x4xf32>) -> tensor<5x4x3x8xf32>
func.func @reductions_and_remaps(%x: tensor<2x3x4xf32>) -> (tensor<*xi64>, tensor<*xi1>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  %0 = "graph.argmax"(%x) {dims = array<i64: -2>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<*xi64>
  %1 = "graph.any"(%x) {dims = array<i64>, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<*xi1>
  %2 = "graph.select"(%x) {dim = 1 : i64, index = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<*xf32>
  %3 = "graph.flip"(%x) {dims = array<i64: 0, 2>} : (tensor<2x3x4xf32>) -> tensor<*xf32>
  // last dim: -1 low, 0 high (a crop); dim 1: 1 low, 2 high
  %4 = "graph.constant_pad_nd"(%x) {pad = array<i64: -1, 0, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<*xf32>
  %5 = "graph.repeat"(%x) {repeats = array<i64: 5, 2, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<*xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<*xi64>, tensor<*xi1>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

/// max_dim has two results: the values (the input's dtype) and the i64 indices; `dim` is canonicalized.
// CHECK-LABEL: sym_name = "max_dim"
// CHECK: "graph.max_dim"(%{{.*}}) {dim = 1 : i64, keepdim = true} : (tensor<3x5xi32>) -> (tensor<3x1xi32>, tensor<3x1xi64>)
func.func @max_dim(%x: tensor<3x5xi32>) -> tensor<*xi64> {
  %v, %i = "graph.max_dim"(%x) {dim = -1 : i64, keepdim = true} : (tensor<3x5xi32>) -> (tensor<*xi32>, tensor<*xi64>)
  return %i : tensor<*xi64>
}
