// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-infer-shapes)' | %filecheck %s
// The pass is idempotent: a second run on its own output (canonical dims, recorded strides) changes nothing.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-infer-shapes,graph-infer-shapes)' | %filecheck %s

/// `?` dims of a broadcasting binary op are filled in from the operands.
// CHECK-LABEL: sym_name = "fill_dynamic"
// CHECK: "graph.add"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @fill_dynamic(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  %1 = "graph.relu"(%0) : (tensor<?x?xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

/// Unranked results are filled in, through a chain; the function's result type follows.
// CHECK-LABEL: function_type = (tensor<4x1xf32>, tensor<5xf32>) -> tensor<4x5xf32>
// CHECK: %[[M:.*]] = "graph.mul"(%{{.*}}, %{{.*}}) : (tensor<4x1xf32>, tensor<5xf32>) -> tensor<4x5xf32>
// CHECK: "graph.exp"(%[[M]]) : (tensor<4x5xf32>) -> tensor<4x5xf32>
func.func @fill_unranked(%a: tensor<4x1xf32>, %b: tensor<5xf32>) -> tensor<*xf32> {
  %0 = "graph.mul"(%a, %b) : (tensor<4x1xf32>, tensor<5xf32>) -> tensor<*xf32>
  %1 = "graph.exp"(%0) : (tensor<*xf32>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}

// -----

/// Comparisons give i1; where broadcasts its three operands.
// CHECK-LABEL: sym_name = "compare_where"
// CHECK: "graph.gt"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
// CHECK: "graph.where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
func.func @compare_where(%a: tensor<2x3xf32>) -> tensor<*xf32> {
  %z = "graph.constant"() {value = 0.0 : f64} : () -> tensor<*xf32>
  %c = "graph.gt"(%a, %z) : (tensor<2x3xf32>, tensor<*xf32>) -> tensor<*xi1>
  %r = "graph.where"(%c, %a, %z) : (tensor<*xi1>, tensor<2x3xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// -----

/// Reduction dims are normalized (-1 -> 1) and an empty dims list becomes every dim.
// CHECK-LABEL: sym_name = "reductions"
// CHECK: "graph.amax"(%{{.*}}) {dims = array<i64: 1>, keepdim = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
// CHECK: "graph.sum"(%{{.*}}) {dims = array<i64: 0, 1>, keepdim = false} : (tensor<4x8xf32>) -> tensor<f32>
// CHECK: "graph.var"(%{{.*}}) {dims = array<i64: 0>, keepdim = false} : (tensor<4x8xf32>) -> tensor<8xf32>
func.func @reductions(%a: tensor<4x8xf32>) -> (tensor<?x?xf32>, tensor<*xf32>, tensor<*xf32>) {
  %0 = "graph.amax"(%a) {dims = array<i64: -1>, keepdim = true} : (tensor<4x8xf32>) -> tensor<?x?xf32>
  %1 = "graph.sum"(%a) {dims = array<i64>, keepdim = false} : (tensor<4x8xf32>) -> tensor<*xf32>
  %2 = "graph.var"(%a) {dims = array<i64: -2>, keepdim = false} : (tensor<4x8xf32>) -> tensor<*xf32>
  return %0, %1, %2 : tensor<?x?xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

/// Views get their strides in the viewed storage: permute swaps them, expand gives 0 to the
/// broadcast dim, slice multiplies by step and records its offset; dims and shapes are normalized.
// CHECK-LABEL: sym_name = "view_strides"
// CHECK: %[[P:.*]] = "graph.permute"(%{{.*}}) {dims = array<i64: 1, 0>, strides = array<i64: 1, 3>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: "graph.expand"(%{{.*}}) {shape = array<i64: 4, 3>, strides = array<i64: 0, 1>} : (tensor<1x3xf32>) -> tensor<4x3xf32>
// CHECK: "graph.slice"(%[[P]]) {dim = 0 : i64, end = 3 : i64, offset = 1 : i64, start = 1 : i64, step = 2 : i64, strides = array<i64: 2, 3>} : (tensor<3x2xf32>) -> tensor<1x2xf32>
// CHECK: "graph.transpose"(%{{.*}}) {dim0 = 0 : i64, dim1 = 1 : i64, strides = array<i64: 1, 3>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
func.func @view_strides(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  %0 = "graph.permute"(%a) {dims = array<i64: -1, 0>} : (tensor<2x3xf32>) -> tensor<*xf32>
  %1 = "graph.expand"(%b) {shape = array<i64: 4, -1>} : (tensor<1x3xf32>) -> tensor<*xf32>
  %2 = "graph.slice"(%0) {dim = 0 : i64, start = -2 : i64, end = 100 : i64, step = 2 : i64} : (tensor<*xf32>) -> tensor<*xf32>
  %3 = "graph.transpose"(%a) {dim0 = -2 : i64, dim1 = -1 : i64} : (tensor<2x3xf32>) -> tensor<*xf32>
  return %0, %1, %2, %3 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// -----

/// reshape infers its -1 dim (written into `shape`); unsqueeze/squeeze insert and drop size-1 dims.
// CHECK-LABEL: sym_name = "reshape_squeeze"
// CHECK: "graph.reshape"(%{{.*}}) {shape = array<i64: 3, 4>, strides = array<i64: 4, 1>} : (tensor<2x6xf32>) -> tensor<3x4xf32>
// CHECK: "graph.unsqueeze"(%{{.*}}) {dim = 2 : i64, strides = array<i64: 6, 1, 1>} : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
// CHECK: "graph.squeeze"(%{{.*}}) {dims = array<i64: 2>, strides = array<i64: 6, 1>} : (tensor<2x6x1xf32>) -> tensor<2x6xf32>
func.func @reshape_squeeze(%a: tensor<2x6xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %0 = "graph.reshape"(%a) {shape = array<i64: 3, -1>} : (tensor<2x6xf32>) -> tensor<*xf32>
  %1 = "graph.unsqueeze"(%a) {dim = -1 : i64} : (tensor<2x6xf32>) -> tensor<*xf32>
  %2 = "graph.squeeze"(%1) : (tensor<*xf32>) -> tensor<*xf32>
  return %0, %2 : tensor<*xf32>, tensor<*xf32>
}

// -----

/// A 0-d f32 scalar does not promote an f16 tensor (ATen: dimensioned tensors win); f16 with
/// bf16 gives f32; convert takes its dtype from the written result.
// CHECK-LABEL: sym_name = "promotion"
// CHECK: "graph.mul"(%{{.*}}, %{{.*}}) : (tensor<4xf16>, tensor<f32>) -> tensor<4xf16>
// CHECK: "graph.add"(%{{.*}}, %{{.*}}) : (tensor<4xf16>, tensor<4xbf16>) -> tensor<4xf32>
// CHECK: "graph.convert"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xbf16>
func.func @promotion(%a: tensor<4xf16>, %b: tensor<4xbf16>) -> tensor<*xbf16> {
  %c = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %0 = "graph.mul"(%a, %c) : (tensor<4xf16>, tensor<f32>) -> tensor<*xf16>
  %1 = "graph.add"(%0, %b) : (tensor<*xf16>, tensor<4xbf16>) -> tensor<*xf32>
  %2 = "graph.convert"(%1) : (tensor<*xf32>) -> tensor<*xbf16>
  return %2 : tensor<*xbf16>
}

// -----

/// A 0-d operand of a higher category gives its own dtype: a 0-d f16 divided by an i64 tensor is f16
/// (torch.result_type; an amax backward's gradient / count, torch fuzz seed 3897), an f32 one times an
/// i64 tensor f32, an i64 one beside an i1 tensor i64.
// CHECK-LABEL: sym_name = "scalar_category"
// CHECK: "graph.div"(%{{.*}}, %{{.*}}) : (tensor<f16>, tensor<1x1xi64>) -> tensor<1x1xf16>
// CHECK: "graph.mul"(%{{.*}}, %{{.*}}) : (tensor<f32>, tensor<1x1xi64>) -> tensor<1x1xf32>
// CHECK: "graph.add"(%{{.*}}, %{{.*}}) : (tensor<3xi1>, tensor<i64>) -> tensor<3xi64>
func.func @scalar_category(%h: tensor<f16>, %n: tensor<1x1xi64>, %f: tensor<f32>, %m: tensor<3xi1>,
                           %i: tensor<i64>) -> (tensor<*xf16>, tensor<*xf32>, tensor<*xi64>) {
  %0 = "graph.div"(%h, %n) : (tensor<f16>, tensor<1x1xi64>) -> tensor<*xf16>
  %1 = "graph.mul"(%f, %n) : (tensor<f32>, tensor<1x1xi64>) -> tensor<*xf32>
  %2 = "graph.add"(%m, %i) : (tensor<3xi1>, tensor<i64>) -> tensor<*xi64>
  return %0, %1, %2 : tensor<*xf16>, tensor<*xf32>, tensor<*xi64>
}

// -----

/// Matmuls and composites: mm, bmm, addmm, linear, layer_norm, softmax (dim normalized), cat.
// CHECK-LABEL: sym_name = "matmuls"
// CHECK: "graph.mm"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
// CHECK: "graph.bmm"(%{{.*}}, %{{.*}}) : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> tensor<4x2x5xf32>
// CHECK: "graph.addmm"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<5xf32>, tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
// CHECK: "graph.linear"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<2x5xf32>
// CHECK: "graph.softmax"(%{{.*}}) {dim = 1 : i64} : (tensor<2x5xf32>) -> tensor<2x5xf32>
// CHECK: "graph.cat"(%{{.*}}, %{{.*}}) {dim = 1 : i64} : (tensor<2x5xf32>, tensor<2x3xf32>) -> tensor<2x8xf32>
func.func @matmuls(%a: tensor<2x3xf32>, %b: tensor<3x5xf32>, %c: tensor<4x2x3xf32>, %d: tensor<4x3x5xf32>,
                   %bias: tensor<5xf32>, %w: tensor<5x3xf32>) -> tensor<*xf32> {
  %0 = "graph.mm"(%a, %b) : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<*xf32>
  %1 = "graph.bmm"(%c, %d) : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> tensor<*xf32>
  %2 = "graph.addmm"(%bias, %a, %b) : (tensor<5xf32>, tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<*xf32>
  %3 = "graph.linear"(%a, %w) : (tensor<2x3xf32>, tensor<5x3xf32>) -> tensor<*xf32>
  %4 = "graph.softmax"(%3) {dim = -1 : i64} : (tensor<*xf32>) -> tensor<*xf32>
  %5 = "graph.cat"(%4, %a) {dim = -1 : i64} : (tensor<*xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  return %5 : tensor<*xf32>
}

// -----

/// Fully written static types that are right are left alone (no attribute added to non-views).
// CHECK-LABEL: sym_name = "already_static"
// CHECK: "graph.mean"(%{{.*}}) {dims = array<i64: 1>, keepdim = true} : (tensor<8x8xf32>) -> tensor<8x1xf32>
// CHECK: "graph.sub"(%{{.*}}, %{{.*}}) : (tensor<8x8xf32>, tensor<8x1xf32>) -> tensor<8x8xf32>
// CHECK-NOT: strides
func.func @already_static(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = "graph.mean"(%a) {dims = array<i64: 1>, keepdim = true} : (tensor<8x8xf32>) -> tensor<8x1xf32>
  %1 = "graph.sub"(%a, %0) : (tensor<8x8xf32>, tensor<8x1xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
