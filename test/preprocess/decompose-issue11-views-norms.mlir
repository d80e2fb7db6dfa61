// graph-decompose on split, native_layer_norm, native_group_norm and cumsum: split is slices (views);
// the native norms are layer_norm's ops with the stats as extra results (group_norm over a
// [N, G, C / G * HxW] reshape); cumsum is one masked sum over a new dim (iota_j >= iota_k).
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-infer-shapes,graph-decompose{cumsum-scan=false})' | %filecheck %s

// CHECK-LABEL: sym_name = "split"
// CHECK: "graph.slice"(%arg0) {dim = 1 : i64, end = 3 : i64, start = 0 : i64, step = 1 : i64} : (tensor<4x7xf32>) -> tensor<4x3xf32>
// CHECK: "graph.slice"(%arg0) {dim = 1 : i64, end = 6 : i64, start = 3 : i64, step = 1 : i64} : (tensor<4x7xf32>) -> tensor<4x3xf32>
// CHECK: "graph.slice"(%arg0) {dim = 1 : i64, end = 7 : i64, start = 6 : i64, step = 1 : i64} : (tensor<4x7xf32>) -> tensor<4x1xf32>
// CHECK-NOT: "graph.split"
// CHECK: "func.return"
func.func @split(%x: tensor<4x7xf32>) -> (tensor<4x3xf32>, tensor<4x1xf32>) {
  %a, %b, %c = "graph.split"(%x) {dim = 1 : i64, split_size = 3 : i64} : (tensor<4x7xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x1xf32>)
  %s = "graph.add"(%a, %b) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %s, %c : tensor<4x3xf32>, tensor<4x1xf32>
}

// -----

// CHECK-LABEL: sym_name = "native_layer_norm"
// CHECK: %[[MU:.*]] = "graph.mean"(%arg0) {dims = array<i64: 1>, keepdim = true}
// CHECK: %[[C:.*]] = "graph.sub"(%arg0, %[[MU]])
// CHECK: "graph.mean"
// CHECK: "graph.add"
// CHECK: %[[R:.*]] = "graph.rsqrt"
// CHECK: "graph.mul"(%[[C]], %[[R]])
// CHECK: %[[Y:.*]] = "graph.add"
// CHECK-NOT: native_layer_norm
// CHECK: "func.return"(%[[Y]], %[[MU]], %[[R]])
func.func @native_layer_norm(%x: tensor<4x6xf32>, %w: tensor<6xf32>, %b: tensor<6xf32>) -> (tensor<4x6xf32>, tensor<4x1xf32>, tensor<4x1xf32>) {
  %o, %m, %r = "graph.native_layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 6>, eps = 1.0e-05 : f64} : (tensor<4x6xf32>, tensor<6xf32>, tensor<6xf32>) -> (tensor<4x6xf32>, tensor<4x1xf32>, tensor<4x1xf32>)
  return %o, %m, %r : tensor<4x6xf32>, tensor<4x1xf32>, tensor<4x1xf32>
}

// -----

/// f16: computed in f32, every result converted back.
// CHECK-LABEL: sym_name = "native_layer_norm_f16"
// CHECK: "graph.convert"(%arg0) : (tensor<4x6xf16>) -> tensor<4x6xf32>
// CHECK-COUNT-3: "graph.convert"({{.*}}) : (tensor<4x{{[16]}}xf32>) -> tensor<4x{{[16]}}xf16>
func.func @native_layer_norm_f16(%x: tensor<4x6xf16>, %w: tensor<6xf16>) -> (tensor<4x6xf16>, tensor<4x1xf16>, tensor<4x1xf16>) {
  %o, %m, %r = "graph.native_layer_norm"(%x, %w, %w) {normalized_shape = array<i64: 6>, eps = 1.0e-05 : f64} : (tensor<4x6xf16>, tensor<6xf16>, tensor<6xf16>) -> (tensor<4x6xf16>, tensor<4x1xf16>, tensor<4x1xf16>)
  return %o, %m, %r : tensor<4x6xf16>, tensor<4x1xf16>, tensor<4x1xf16>
}

// -----

// CHECK-LABEL: sym_name = "group_norm"
// CHECK: "graph.reshape"(%arg0) {shape = array<i64: 2, 3, 10>} : (tensor<2x6x5xf32>) -> tensor<2x3x10xf32>
// CHECK: %[[MU:.*]] = "graph.mean"({{.*}}) {dims = array<i64: 2>, keepdim = true} : (tensor<2x3x10xf32>) -> tensor<2x3x1xf32>
// CHECK: "graph.rsqrt"
// CHECK: "graph.reshape"({{.*}}) {shape = array<i64: 2, 6, 5>} : (tensor<2x3x10xf32>) -> tensor<2x6x5xf32>
// CHECK: "graph.reshape"(%arg1) {shape = array<i64: 6, 1>} : (tensor<6xf32>) -> tensor<6x1xf32>
// CHECK: "graph.reshape"(%arg2) {shape = array<i64: 6, 1>}
// CHECK: "graph.mul"
// CHECK: "graph.add"
// CHECK: "graph.reshape"(%[[MU]]) {shape = array<i64: 2, 3>} : (tensor<2x3x1xf32>) -> tensor<2x3xf32>
// CHECK-NOT: native_group_norm
func.func @group_norm(%x: tensor<2x6x5xf32>, %w: tensor<6xf32>, %b: tensor<6xf32>) -> (tensor<2x6x5xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %o, %m, %r = "graph.native_group_norm"(%x, %w, %b) {group = 3 : i64, eps = 1.0e-05 : f64} : (tensor<2x6x5xf32>, tensor<6xf32>, tensor<6xf32>) -> (tensor<2x6x5xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
  return %o, %m, %r : tensor<2x6x5xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: sym_name = "cumsum"
// CHECK: "graph.iota"() : () -> tensor<5xi64>
// CHECK: "graph.reshape"({{.*}}) {shape = array<i64: 1, 5, 1, 1>}
// CHECK: "graph.iota"() : () -> tensor<5xi64>
// CHECK: "graph.reshape"({{.*}}) {shape = array<i64: 1, 1, 5, 1>}
// CHECK: "graph.ge"({{.*}}) : (tensor<1x5x1x1xi64>, tensor<1x1x5x1xi64>) -> tensor<1x5x5x1xi1>
// CHECK: "graph.reshape"(%arg0) {shape = array<i64: 3, 1, 5, 2>}
// CHECK: "graph.where"({{.*}}) : (tensor<1x5x5x1xi1>, tensor<3x1x5x2xf32>, tensor<f32>) -> tensor<3x5x5x2xf32>
// CHECK: "graph.sum"({{.*}}) {dims = array<i64: 2>, keepdim = false} : (tensor<3x5x5x2xf32>) -> tensor<3x5x2xf32>
// CHECK-NOT: "graph.cumsum"
func.func @cumsum(%x: tensor<3x5x2xf32>) -> tensor<3x5x2xf32> {
  %o = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<3x5x2xf32>) -> tensor<3x5x2xf32>
  return %o : tensor<3x5x2xf32>
}
