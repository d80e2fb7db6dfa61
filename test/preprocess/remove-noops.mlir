// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-remove-noops)' | %filecheck %s

/// Same-shape view/reshape/expand, identity permute, self-transpose, full slice, squeeze of nothing,
/// convert to the same dtype and single-input cat all pass their operand through.
// CHECK-LABEL: sym_name = "views"
// CHECK-NOT: "graph.view"
// CHECK-NOT: "graph.reshape"
// CHECK-NOT: "graph.expand"
// CHECK-NOT: "graph.permute"
// CHECK-NOT: "graph.transpose"
// CHECK-NOT: "graph.slice"
// CHECK-NOT: "graph.squeeze"
// CHECK-NOT: "graph.convert"
// CHECK-NOT: "graph.cat"
// CHECK: %[[E:.*]] = "graph.exp"(%arg0)
// CHECK: "func.return"(%[[E]])
func.func @views(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.view"(%a) {shape = array<i64: 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "graph.reshape"(%0) {shape = array<i64: 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "graph.expand"(%1) {shape = array<i64: 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "graph.permute"(%2) {dims = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = "graph.transpose"(%3) {dim0 = 1 : i64, dim1 = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "graph.slice"(%4) {dim = 1 : i64, start = 0 : i64, end = 3 : i64, step = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = "graph.squeeze"(%5) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = "graph.convert"(%6) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %8 = "graph.cat"(%7) {dim = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %9 = "graph.exp"(%8) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %9 : tensor<2x3xf32>
}

// -----

/// x*1, 1*x, x/1, x+0, 0+x, x-0 pass x through.
// CHECK-LABEL: sym_name = "arith_units"
// CHECK-NOT: "graph.mul"
// CHECK-NOT: "graph.div"
// CHECK-NOT: "graph.add"
// CHECK-NOT: "graph.sub"
// CHECK: %[[E:.*]] = "graph.exp"(%arg0)
// CHECK: "func.return"(%[[E]])
func.func @arith_units(%a: tensor<4xf32>) -> tensor<4xf32> {
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %zero = "graph.constant"() {value = 0.0 : f64} : () -> tensor<f32>
  %0 = "graph.mul"(%a, %one) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = "graph.mul"(%one, %0) : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "graph.div"(%1, %one) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %3 = "graph.add"(%2, %zero) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %4 = "graph.add"(%zero, %3) : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %5 = "graph.sub"(%4, %zero) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %6 = "graph.exp"(%5) : (tensor<4xf32>) -> tensor<4xf32>
  return %6 : tensor<4xf32>
}

// -----

/// Not no-ops: 1/x, 0-x, x*2, x+1 (wrong side or wrong constant).
// CHECK-LABEL: sym_name = "arith_kept"
// CHECK: "graph.div"
// CHECK: "graph.sub"
// CHECK: "graph.mul"
// CHECK: "graph.add"
func.func @arith_kept(%a: tensor<4xf32>) -> tensor<4xf32> {
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %zero = "graph.constant"() {value = 0.0 : f64} : () -> tensor<f32>
  %two = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %0 = "graph.div"(%one, %a) : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "graph.sub"(%zero, %0) : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "graph.mul"(%1, %two) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %3 = "graph.add"(%2, %one) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %3 : tensor<4xf32>
}

// -----

/// A unit constant that broadcasts x to a larger shape is not a no-op (types differ).
// CHECK-LABEL: sym_name = "broadcasting_unit"
// CHECK: "graph.mul"
func.func @broadcasting_unit(%a: tensor<4xf32>) -> tensor<3x4xf32> {
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<3x4xf32>
  %0 = "graph.mul"(%a, %one) : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

/// A square transpose keeps the type but not the values: kept. So is a partial slice with the
/// same type impossible, and a reshape that changes the shape.
// CHECK-LABEL: sym_name = "views_kept"
// CHECK: "graph.permute"
// CHECK: "graph.transpose"
// CHECK: "graph.reshape"
func.func @views_kept(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<16xf32>) {
  %0 = "graph.permute"(%a) {dims = array<i64: 1, 0>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %1 = "graph.transpose"(%a) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %2 = "graph.reshape"(%a) {shape = array<i64: 16>} : (tensor<4x4xf32>) -> tensor<16xf32>
  return %0, %1, %2 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<16xf32>
}

// -----

/// contiguous/clone of a contiguous value go; contiguous of a transposed view stays.
// CHECK-LABEL: sym_name = "contiguous"
// CHECK: %[[P:.*]] = "graph.permute"
// CHECK-NEXT: %[[C:.*]] = "graph.contiguous"(%[[P]])
// CHECK-NOT: "graph.contiguous"
// CHECK-NOT: "graph.clone"
// CHECK: %[[E:.*]] = "graph.exp"(%arg0)
// CHECK: "func.return"(%[[C]], %[[E]])
func.func @contiguous(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %p = "graph.permute"(%a) {dims = array<i64: 1, 0>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %c = "graph.contiguous"(%p) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %d = "graph.contiguous"(%a) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %e = "graph.clone"(%d) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %x = "graph.exp"(%e) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %c, %x : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

/// convert to another dtype is kept.
// CHECK-LABEL: sym_name = "convert_kept"
// CHECK: "graph.convert"
func.func @convert_kept(%a: tensor<4xf32>) -> tensor<4xf16> {
  %0 = "graph.convert"(%a) : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

/// Inductor's output guard: a no-op whose result is an output stays when its source is an input
/// (x * 1 returned), a view of an input (reshape of a permute of arg0), or another output; it goes
/// when its source is an intermediate that is not an output (exp(x) + 0 returned).
// CHECK-LABEL: sym_name = "output_guard"
// CHECK: %[[M:.*]] = "graph.mul"(%arg0, %{{.*}})
// CHECK: %[[P:.*]] = "graph.permute"(%arg0)
// CHECK: %[[R:.*]] = "graph.reshape"(%[[P]])
// CHECK: %[[E:.*]] = "graph.exp"(%arg0)
// CHECK: %[[F:.*]] = "graph.exp"(%[[E]])
// CHECK: %[[C:.*]] = "graph.clone"(%[[F]])
// CHECK-NOT: "graph.add"
// CHECK: "func.return"(%[[M]], %[[R]], %[[E]], %[[F]], %[[C]])
func.func @output_guard(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %zero = "graph.constant"() {value = 0.0 : f64} : () -> tensor<f32>
  %m = "graph.mul"(%a, %one) : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  %p = "graph.permute"(%a) {dims = array<i64: 1, 0>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = "graph.reshape"(%p) {shape = array<i64: 4, 4>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %e = "graph.exp"(%a) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %z = "graph.add"(%e, %zero) : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  %f = "graph.exp"(%e) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %c = "graph.clone"(%f) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %m, %r, %z, %f, %c : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}
