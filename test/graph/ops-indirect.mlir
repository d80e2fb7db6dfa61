// index_select, gather and embedding: round trip (parse, print, parse). The IRDL constraints are in
// ops-invalid-indirect.mlir.
// RUN: %ind-opt %s | %ind-opt | %filecheck %s

// CHECK-LABEL: sym_name = "indirect"
// CHECK: "graph.index_select"(%arg0, %arg1) {dim = 1 : i64} : (tensor<4x20xf32>, tensor<6xi64>) -> tensor<4x6xf32>
// CHECK: "graph.gather"(%arg0, %arg2) {dim = 0 : i64} : (tensor<4x20xf32>, tensor<2x20xi64>) -> tensor<2x20xf32>
// CHECK: "graph.embedding"(%arg0, %arg1) : (tensor<4x20xf32>, tensor<6xi64>) -> tensor<6x20xf32>
func.func @indirect(%x: tensor<4x20xf32>, %i: tensor<6xi64>, %g: tensor<2x20xi64>) -> (tensor<4x6xf32>, tensor<2x20xf32>, tensor<6x20xf32>) {
  %a = "graph.index_select"(%x, %i) {dim = 1 : i64} : (tensor<4x20xf32>, tensor<6xi64>) -> tensor<4x6xf32>
  %b = "graph.gather"(%x, %g) {dim = 0 : i64} : (tensor<4x20xf32>, tensor<2x20xi64>) -> tensor<2x20xf32>
  %c = "graph.embedding"(%x, %i) : (tensor<4x20xf32>, tensor<6xi64>) -> tensor<6x20xf32>
  return %a, %b, %c : tensor<4x6xf32>, tensor<2x20xf32>, tensor<6x20xf32>
}
