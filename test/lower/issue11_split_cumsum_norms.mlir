// Lowering of split, cumsum and the native norms (through graph-decompose) to ind:
//   - split's pieces are views: each consumer loads the input at the piece's offset, no piece buffer;
//   - cumsum is one ind.scan over the scanned dim (innermost in its buffer; the returned view is copied);
//   - native_layer_norm's mean and rstd are buffers of their own (the graph returns them).
// RUN: %ind-opt %s --split-input-file --lower | %filecheck %s
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen --emit=ptx -o /dev/null

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1) -> (d0 * 7 + d1)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1) -> (d0 * 7 + d1 + 3)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0) -> (d0 * 7 + 6)>
// CHECK-LABEL: sym_name = "split"
// CHECK: "ind.pointwise"
// CHECK-NEXT: "ind.load"(%arg0) {index = #[[A]]}
// CHECK-NEXT: "ind.load"(%arg0) {index = #[[B]]}
// CHECK: ranges = array<i64: 4, 3>
// CHECK: "ind.pointwise"
// CHECK-NEXT: "ind.load"(%arg0) {index = #[[C]]}
// CHECK: ranges = array<i64: 4>
// CHECK-NOT: "ind.pointwise"
func.func @split(%x: tensor<4x7xf32>) -> (tensor<4x3xf32>, tensor<4x1xf32>) {
  %a, %b, %c = "graph.split"(%x) {dim = 1 : i64, split_size = 3 : i64} : (tensor<4x7xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x1xf32>)
  %s = "graph.add"(%a, %b) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %s, %c : tensor<4x3xf32>, tensor<4x1xf32>
}

// -----

// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1, d2) -> (d0 * 18 + d2 * 2 + d1)>
// CHECK-LABEL: sym_name = "cumsum"
// CHECK: "ind.scan"
// CHECK-NEXT: "ind.load"(%arg0) {index = #[[X]]}
// CHECK: ranges = array<i64: 3, 2>, scan_ranges = array<i64: 9>, scan_type = "sum"} : () -> memref<3x2x9xf32>
// CHECK: "ind.pointwise"
// CHECK-NOT: "ind.reduction"
func.func @cumsum(%x: tensor<3x9x2xf32>) -> tensor<3x9x2xf32> {
  %o = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<3x9x2xf32>) -> tensor<3x9x2xf32>
  return %o : tensor<3x9x2xf32>
}

// -----

// CHECK: function_type = (memref<4x10xf32>, memref<10xf32>, memref<10xf32>) -> (memref<4x10xf32>, memref<4x1xf32>, memref<4x1xf32>)
// CHECK-SAME: sym_name = "native_layer_norm"
// CHECK-NOT: sym_name = "group_norm"
// CHECK: "ind.reduction"
// CHECK: "func.return"
func.func @native_layer_norm(%x: tensor<4x10xf32>, %w: tensor<10xf32>, %b: tensor<10xf32>) -> (tensor<4x10xf32>, tensor<4x1xf32>, tensor<4x1xf32>) {
  %o, %m, %r = "graph.native_layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 10>, eps = 1.0e-05 : f64} : (tensor<4x10xf32>, tensor<10xf32>, tensor<10xf32>) -> (tensor<4x10xf32>, tensor<4x1xf32>, tensor<4x1xf32>)
  return %o, %m, %r : tensor<4x10xf32>, tensor<4x1xf32>, tensor<4x1xf32>
}

// -----

// CHECK: -> (memref<2x6x5xf32>, memref<2x3xf32>, memref<2x3xf32>)
// CHECK-SAME: sym_name = "group_norm"
func.func @group_norm(%x: tensor<2x6x5xf32>, %w: tensor<6xf32>, %b: tensor<6xf32>) -> (tensor<2x6x5xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %o, %m, %r = "graph.native_group_norm"(%x, %w, %b) {group = 3 : i64, eps = 1.0e-05 : f64} : (tensor<2x6x5xf32>, tensor<6xf32>, tensor<6xf32>) -> (tensor<2x6x5xf32>, tensor<2x3xf32>, tensor<2x3xf32>)
  return %o, %m, %r : tensor<2x6x5xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
