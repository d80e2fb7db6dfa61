// FX node names (graph_to_ind.c, assign_fx_names: torch.fx's _Namespace.create_name): a base that is a
// Python builtin is never used bare, so max_dim and min_dim (bases "max" and "min") are max_1 and
// min_1 from the first op on, as sum is sum_1; amax (base "amax", no builtin) is amax bare.
// RUN: %ind-opt %s --split-input-file --lower | %filecheck %s

// CHECK-LABEL: sym_name = "min_max"
// CHECK: origins = ["min_1"]
// CHECK: origins = ["max_1"]
// CHECK-NOT: origins = ["min"]
// CHECK-NOT: origins = ["max"]
func.func @min_max(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %v, %i = "graph.min_dim"(%x) {dim = 1 : i64, keepdim = false} : (tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xi64>)
  %w, %j = "graph.max_dim"(%x) {dim = 1 : i64, keepdim = false} : (tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xi64>)
  return %v, %w : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: sym_name = "sum_amax"
// CHECK: origins = ["sum_1"]
// CHECK: origins = ["amax"]
func.func @sum_amax(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x8xf32>) -> tensor<4xf32>
  %m = "graph.amax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x8xf32>) -> tensor<4xf32>
  return %s, %m : tensor<4xf32>, tensor<4xf32>
}
