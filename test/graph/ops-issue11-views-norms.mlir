// Round trip of split, native_layer_norm, native_group_norm and cumsum (issue 11): parse, print
// (generic form), parse again; operands, attributes and every result type survive.
// RUN: %ind-opt %s | %ind-opt | %filecheck %s

// CHECK-LABEL: sym_name = "ops"
// CHECK: "graph.split"(%{{.*}}) {dim = 1 : i64, split_size = 3 : i64} : (tensor<2x7xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1xf32>)
// CHECK: "graph.split"(%{{.*}}) {dim = 0 : i64, split_size = 4 : i64} : (tensor<2x7xf32>) -> tensor<2x7xf32>
// CHECK: "graph.native_layer_norm"(%{{.*}}, %{{.*}}, %{{.*}}) {eps = 1.000000e-05 : f64, normalized_shape = array<i64: 7>} : (tensor<2x7xf32>, tensor<7xf32>, tensor<7xf32>) -> (tensor<2x7xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
// CHECK: "graph.native_group_norm"(%{{.*}}, %{{.*}}, %{{.*}}) {eps = 1.000000e-05 : f64, group = 2 : i64} : (tensor<2x4x3xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
// CHECK: "graph.cumsum"(%{{.*}}) {dim = -1 : i64} : (tensor<2x7xf32>) -> tensor<2x7xf32>
func.func @ops(%x: tensor<2x7xf32>, %w: tensor<7xf32>, %g: tensor<2x4x3xf32>, %c: tensor<4xf32>) -> tensor<2x7xf32> {
  %a, %b, %t = "graph.split"(%x) {dim = 1 : i64, split_size = 3 : i64} : (tensor<2x7xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1xf32>)
  %one = "graph.split"(%x) {dim = 0 : i64, split_size = 4 : i64} : (tensor<2x7xf32>) -> tensor<2x7xf32>
  %o, %m, %r = "graph.native_layer_norm"(%x, %w, %w) {normalized_shape = array<i64: 7>, eps = 1.0e-05 : f64} : (tensor<2x7xf32>, tensor<7xf32>, tensor<7xf32>) -> (tensor<2x7xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  %go, %gm, %gr = "graph.native_group_norm"(%g, %c, %c) {group = 2 : i64, eps = 1.0e-05 : f64} : (tensor<2x4x3xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>)
  %s = "graph.cumsum"(%x) {dim = -1 : i64} : (tensor<2x7xf32>) -> tensor<2x7xf32>
  return %s : tensor<2x7xf32>
}
