// graph-decompose turns a split into exactly one slice per result (decompose_split): no slice past
// the last piece, whatever the sizes, and each piece's bounds from the running start.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-infer-shapes,graph-decompose)' | %filecheck %s

// CHECK-LABEL: sym_name = "split_even"
// CHECK: "graph.slice"(%arg0) {dim = 0 : i64, end = 2 : i64, start = 0 : i64, step = 1 : i64} : (tensor<6x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT: "graph.slice"(%arg0) {dim = 0 : i64, end = 4 : i64, start = 2 : i64, step = 1 : i64} : (tensor<6x5xf32>) -> tensor<2x5xf32>
// CHECK-NEXT: "graph.slice"(%arg0) {dim = 0 : i64, end = 6 : i64, start = 4 : i64, step = 1 : i64} : (tensor<6x5xf32>) -> tensor<2x5xf32>
// CHECK-NOT: "graph.slice"
// CHECK: "func.return"
func.func @split_even(%x: tensor<6x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>, tensor<2x5xf32>) {
  %a, %b, %c = "graph.split"(%x) {dim = 0 : i64, split_size = 2 : i64} : (tensor<6x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>, tensor<2x5xf32>)
  return %a, %b, %c : tensor<2x5xf32>, tensor<2x5xf32>, tensor<2x5xf32>
}

// -----

// CHECK-LABEL: sym_name = "split_one"
// CHECK: "graph.slice"(%arg0) {dim = 1 : i64, end = 5 : i64, start = 0 : i64, step = 1 : i64} : (tensor<6x5xf32>) -> tensor<6x5xf32>
// CHECK-NOT: "graph.slice"
// CHECK: "func.return"
func.func @split_one(%x: tensor<6x5xf32>) -> tensor<6x5xf32> {
  %a = "graph.split"(%x) {dim = 1 : i64, split_size = 8 : i64} : (tensor<6x5xf32>) -> tensor<6x5xf32>
  return %a : tensor<6x5xf32>
}
