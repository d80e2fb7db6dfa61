// graph-infer-shapes on split, native_layer_norm, native_group_norm and cumsum: every result type
// is inferred from unranked results; dims are canonicalized.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-infer-shapes)' | %filecheck %s

/// split of 7 by 3: pieces 3, 3 and the rest 1; a negative dim is canonicalized.
// CHECK-LABEL: sym_name = "split"
// CHECK: "graph.split"(%{{.*}}) {dim = 1 : i64, split_size = 3 : i64} : (tensor<2x7xf16>) -> (tensor<2x3xf16>, tensor<2x3xf16>, tensor<2x1xf16>)
func.func @split(%x: tensor<2x7xf16>) -> tensor<*xf16> {
  %a, %b, %c = "graph.split"(%x) {dim = -1 : i64, split_size = 3 : i64} : (tensor<2x7xf16>) -> (tensor<*xf16>, tensor<*xf16>, tensor<*xf16>)
  return %c : tensor<*xf16>
}

// -----

/// split_size larger than the dim: one piece, the whole input.
// CHECK-LABEL: sym_name = "split_one"
// CHECK: "graph.split"(%{{.*}}) {dim = 0 : i64, split_size = 9 : i64} : (tensor<5xi64>) -> tensor<5xi64>
func.func @split_one(%x: tensor<5xi64>) -> tensor<*xi64> {
  %a = "graph.split"(%x) {dim = 0 : i64, split_size = 9 : i64} : (tensor<5xi64>) -> tensor<*xi64>
  return %a : tensor<*xi64>
}

// -----

/// native_layer_norm over the two trailing dims: mean and rstd keep the leading dim, 1 in the others.
// CHECK-LABEL: sym_name = "native_layer_norm"
// CHECK: "graph.native_layer_norm"{{.*}} -> (tensor<3x4x5xbf16>, tensor<3x1x1xbf16>, tensor<3x1x1xbf16>)
func.func @native_layer_norm(%x: tensor<3x4x5xbf16>, %w: tensor<4x5xbf16>) -> tensor<*xbf16> {
  %o, %m, %r = "graph.native_layer_norm"(%x, %w, %w) {normalized_shape = array<i64: 4, 5>, eps = 1.0e-05 : f64} : (tensor<3x4x5xbf16>, tensor<4x5xbf16>, tensor<4x5xbf16>) -> (tensor<*xbf16>, tensor<*xbf16>, tensor<*xbf16>)
  return %r : tensor<*xbf16>
}

// -----

/// native_group_norm: mean and rstd are [N, group].
// CHECK-LABEL: sym_name = "group_norm"
// CHECK: "graph.native_group_norm"{{.*}} -> (tensor<2x6x3x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
func.func @group_norm(%x: tensor<2x6x3x3xf32>, %w: tensor<6xf32>) -> tensor<*xf32> {
  %o, %m, %r = "graph.native_group_norm"(%x, %w, %w) {group = 3 : i64, eps = 1.0e-05 : f64} : (tensor<2x6x3x3xf32>, tensor<6xf32>, tensor<6xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  return %m : tensor<*xf32>
}

// -----

// CHECK-LABEL: sym_name = "cumsum"
// CHECK: "graph.cumsum"(%{{.*}}) {dim = 0 : i64} : (tensor<4x3xf32>) -> tensor<4x3xf32>
func.func @cumsum(%x: tensor<4x3xf32>) -> tensor<*xf32> {
  %o = "graph.cumsum"(%x) {dim = -2 : i64} : (tensor<4x3xf32>) -> tensor<*xf32>
  return %o : tensor<*xf32>
}
