// graph-infer-shapes on the indirect-indexing ops (index_select, gather, embedding): the result shapes
// and the canonical (non-negative) dim. The diagnostics are in infer-shapes-invalid-indirect.mlir.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-infer-shapes)' | %filecheck %s

// CHECK-LABEL: sym_name = "shapes"
// CHECK: "graph.index_select"(%{{.*}}, %{{.*}}) {dim = 1 : i64} : (tensor<4x20xf32>, tensor<6xi32>) -> tensor<4x6xf32>
// CHECK: "graph.index_select"(%{{.*}}, %{{.*}}) {dim = 0 : i64} : (tensor<4x20xf32>, tensor<i64>) -> tensor<1x20xf32>
// CHECK: "graph.gather"(%{{.*}}, %{{.*}}) {dim = 0 : i64} : (tensor<4x20xf32>, tensor<2x3xi64>) -> tensor<2x3xf32>
// CHECK: "graph.embedding"(%{{.*}}, %{{.*}}) : (tensor<4x20xf32>, tensor<2x3xi64>) -> tensor<2x3x20xf32>
// CHECK: "graph.embedding"(%{{.*}}, %{{.*}}) : (tensor<50x8xbf16>, tensor<i32>) -> tensor<8xbf16>
func.func @shapes(%x: tensor<4x20xf32>, %i: tensor<6xi32>, %s: tensor<i64>, %g: tensor<2x3xi64>, %t: tensor<50x8xbf16>, %k: tensor<i32>) {
  %a = "graph.index_select"(%x, %i) {dim = -1 : i64} : (tensor<4x20xf32>, tensor<6xi32>) -> tensor<*xf32>
  %b = "graph.index_select"(%x, %s) {dim = 0 : i64} : (tensor<4x20xf32>, tensor<i64>) -> tensor<*xf32>
  %c = "graph.gather"(%x, %g) {dim = -2 : i64} : (tensor<4x20xf32>, tensor<2x3xi64>) -> tensor<*xf32>
  %d = "graph.embedding"(%x, %g) : (tensor<4x20xf32>, tensor<2x3xi64>) -> tensor<*xf32>
  %e = "graph.embedding"(%t, %k) : (tensor<50x8xbf16>, tensor<i32>) -> tensor<*xbf16>
  return
}

// -----

// CHECK-LABEL: sym_name = "gather_edge"
// CHECK: -> tensor<4x30xf32>
func.func @gather_edge(%x: tensor<4x20xf32>, %i: tensor<4x30xi64>) {
  %a = "graph.gather"(%x, %i) {dim = 1 : i64} : (tensor<4x20xf32>, tensor<4x30xi64>) -> tensor<*xf32>
  return
}
