// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-decompose)' | %filecheck %s

/// softmax -> amax, sub, exp, sum, div over the softmax dim, keepdim.
// CHECK-LABEL: sym_name = "softmax"
// CHECK-NOT: graph.softmax
// CHECK-NOT: graph.convert
// CHECK: %[[M:.*]] = "graph.amax"(%arg0) {dims = array<i64: 1>, keepdim = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
// CHECK: %[[S:.*]] = "graph.sub"(%arg0, %[[M]]) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
// CHECK: %[[E:.*]] = "graph.exp"(%[[S]])
// CHECK: %[[T:.*]] = "graph.sum"(%[[E]]) {dims = array<i64: 1>, keepdim = true}
// CHECK: %[[D:.*]] = "graph.div"(%[[E]], %[[T]])
// CHECK: "func.return"(%[[D]])
func.func @softmax(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = "graph.softmax"(%a) {dim = 1 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

/// log_softmax -> (x - amax) - log(sum(exp(x - amax))); negative dims are accepted.
// CHECK-LABEL: sym_name = "log_softmax"
// CHECK: %[[M:.*]] = "graph.amax"(%arg0) {dims = array<i64: 1>, keepdim = true}
// CHECK: %[[S:.*]] = "graph.sub"(%arg0, %[[M]])
// CHECK: %[[E:.*]] = "graph.exp"(%[[S]])
// CHECK: %[[T:.*]] = "graph.sum"(%[[E]])
// CHECK: %[[L:.*]] = "graph.log"(%[[T]])
// CHECK: %[[R:.*]] = "graph.sub"(%[[S]], %[[L]])
// CHECK: "func.return"(%[[R]])
func.func @log_softmax(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = "graph.log_softmax"(%a) {dim = -1 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

/// layer_norm -> mean, sub, mul (square), mean, add eps, rsqrt, mul, mul weight, add bias.
// CHECK-LABEL: sym_name = "layer_norm"
// CHECK: %[[MU:.*]] = "graph.mean"(%arg0) {dims = array<i64: 1>, keepdim = true}
// CHECK: %[[C:.*]] = "graph.sub"(%arg0, %[[MU]])
// CHECK: %[[SQ:.*]] = "graph.mul"(%[[C]], %[[C]])
// CHECK: %[[V:.*]] = "graph.mean"(%[[SQ]]) {dims = array<i64: 1>, keepdim = true, var_m2}
// CHECK: %[[EPS:.*]] = "graph.constant"() {value = 1.000000e-05 : f64} : () -> tensor<f32>
// CHECK: %[[VE:.*]] = "graph.add"(%[[V]], %[[EPS]])
// CHECK: %[[R:.*]] = "graph.rsqrt"(%[[VE]])
// CHECK: %[[N:.*]] = "graph.mul"(%[[C]], %[[R]])
// CHECK: %[[W:.*]] = "graph.mul"(%[[N]], %arg1)
// CHECK: %[[B:.*]] = "graph.add"(%[[W]], %arg2)
// CHECK: "func.return"(%[[B]])
func.func @layer_norm(%a: tensor<4x8xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = "graph.layer_norm"(%a, %w, %b) {eps = 1.0e-5 : f64, normalized_shape = array<i64: 8>} : (tensor<4x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

/// rms_norm over two trailing dims of an f16 input: computed in f32 (convert up, convert the result
/// back), as Inductor's decompositions do; the constant is f32.
// CHECK-LABEL: sym_name = "rms_norm"
// CHECK: %[[X:.*]] = "graph.convert"(%arg0) : (tensor<2x4x8xf16>) -> tensor<2x4x8xf32>
// CHECK: %[[SQ:.*]] = "graph.mul"(%[[X]], %[[X]])
// CHECK: %[[MS:.*]] = "graph.mean"(%[[SQ]]) {dims = array<i64: 1, 2>, keepdim = true} : (tensor<2x4x8xf32>) -> tensor<2x1x1xf32>
// CHECK: %[[EPS:.*]] = "graph.constant"() {{.*}} : () -> tensor<f32>
// CHECK: %[[A:.*]] = "graph.add"(%[[MS]], %[[EPS]])
// CHECK: %[[R:.*]] = "graph.rsqrt"(%[[A]])
// CHECK: %[[N:.*]] = "graph.mul"(%[[X]], %[[R]])
// CHECK: %[[Y:.*]] = "graph.mul"(%[[N]], %arg1) : (tensor<2x4x8xf32>, tensor<4x8xf16>) -> tensor<2x4x8xf32>
// CHECK: %[[H:.*]] = "graph.convert"(%[[Y]]) : (tensor<2x4x8xf32>) -> tensor<2x4x8xf16>
// CHECK: "func.return"(%[[H]])
func.func @rms_norm(%a: tensor<2x4x8xf16>, %w: tensor<4x8xf16>) -> tensor<2x4x8xf16> {
  %0 = "graph.rms_norm"(%a, %w) {eps = 1.0e-6 : f64, normalized_shape = array<i64: 4, 8>} : (tensor<2x4x8xf16>, tensor<4x8xf16>) -> tensor<2x4x8xf16>
  return %0 : tensor<2x4x8xf16>
}

// -----

/// linear -> permute(weight) + mm + add(bias).
// CHECK-LABEL: sym_name = "linear"
// CHECK: %[[WT:.*]] = "graph.permute"(%arg1) {dims = array<i64: 1, 0>} : (tensor<5x3xf32>) -> tensor<3x5xf32>
// CHECK: %[[MM:.*]] = "graph.mm"(%arg0, %[[WT]]) : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
// CHECK: %[[Y:.*]] = "graph.add"(%[[MM]], %arg2)
// CHECK: "func.return"(%[[Y]])
func.func @linear(%x: tensor<2x3xf32>, %w: tensor<5x3xf32>, %b: tensor<5xf32>) -> tensor<2x5xf32> {
  %0 = "graph.linear"(%x, %w, %b) : (tensor<2x3xf32>, tensor<5x3xf32>, tensor<5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

/// linear of a rank-3 input without bias: flattened to 2-D around the mm, reshaped back.
// CHECK-LABEL: sym_name = "linear_3d"
// CHECK: %[[WT:.*]] = "graph.permute"(%arg1)
// CHECK: %[[X2:.*]] = "graph.reshape"(%arg0) {shape = array<i64: 8, 3>} : (tensor<2x4x3xf32>) -> tensor<8x3xf32>
// CHECK: %[[MM:.*]] = "graph.mm"(%[[X2]], %[[WT]]) : (tensor<8x3xf32>, tensor<3x5xf32>) -> tensor<8x5xf32>
// CHECK: %[[Y:.*]] = "graph.reshape"(%[[MM]]) {shape = array<i64: 2, 4, 5>} : (tensor<8x5xf32>) -> tensor<2x4x5xf32>
// CHECK-NOT: "graph.add"
// CHECK: "func.return"(%[[Y]])
func.func @linear_3d(%x: tensor<2x4x3xf32>, %w: tensor<5x3xf32>) -> tensor<2x4x5xf32> {
  %0 = "graph.linear"(%x, %w) : (tensor<2x4x3xf32>, tensor<5x3xf32>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

/// addmm -> mm + bias where alpha or beta is not 1 (they scale the two terms), even when the result is
/// returned; with alpha = beta = 1 and a returned result it stays whole (the bias in the matmul's epilogue,
/// addmm_epilogue.mlir has every rule).
// CHECK-LABEL: sym_name = "addmm"
// CHECK: %[[KEPT:.*]] = "graph.addmm"(%arg0, %arg1, %arg2)
// CHECK: %[[MM2:.*]] = "graph.mm"(%arg1, %arg2)
// CHECK: %[[AL:.*]] = "graph.constant"() {value = 2.000000e+00 : f64}
// CHECK: %[[S:.*]] = "graph.mul"(%[[MM2]], %[[AL]])
// CHECK: %[[BE:.*]] = "graph.constant"() {value = 5.000000e-01 : f64}
// CHECK: %[[SB:.*]] = "graph.mul"(%arg0, %[[BE]])
// CHECK: %[[Y2:.*]] = "graph.add"(%[[S]], %[[SB]])
// CHECK: "func.return"(%[[KEPT]], %[[Y2]])
func.func @addmm(%b: tensor<5xf32>, %x: tensor<2x3xf32>, %y: tensor<3x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>) {
  %0 = "graph.addmm"(%b, %x, %y) : (tensor<5xf32>, tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  %1 = "graph.addmm"(%b, %x, %y) {alpha = 2.0 : f64, beta = 0.5 : f64} : (tensor<5xf32>, tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  return %0, %1 : tensor<2x5xf32>, tensor<2x5xf32>
}

// -----

/// var (default correction 1) -> mean, sub, square, sum, div by N - 1 = 7.
// CHECK-LABEL: sym_name = "var"
// CHECK: %[[MU:.*]] = "graph.mean"(%arg0) {dims = array<i64: 1>, keepdim = true}
// CHECK: %[[C:.*]] = "graph.sub"(%arg0, %[[MU]])
// CHECK: %[[SQ:.*]] = "graph.mul"(%[[C]], %[[C]])
// CHECK: %[[S:.*]] = "graph.sum"(%[[SQ]]) {dims = array<i64: 1>, keepdim = false, var_m2} : (tensor<4x8xf32>) -> tensor<4xf32>
// CHECK: %[[N:.*]] = "graph.constant"() {value = 7.000000e+00 : f64}
// CHECK: "graph.div"(%[[S]], %[[N]])
func.func @var(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  %0 = "graph.var"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<4x8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

/// var with correction 0 over every dim divides by N = 32.
// CHECK-LABEL: sym_name = "var_population"
// CHECK: "graph.sum"({{.*}}) {dims = array<i64: 0, 1>, keepdim = true, var_m2}
// CHECK: "graph.constant"() {value = 3.200000e+01 : f64}
func.func @var_population(%a: tensor<4x8xf32>) -> tensor<1x1xf32> {
  %0 = "graph.var"(%a) {correction = 0 : i64, dims = array<i64>, keepdim = true} : (tensor<4x8xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// -----

/// gelu, mean and mm are primitives: left alone.
// CHECK-LABEL: sym_name = "primitives"
// CHECK: "graph.gelu"
// CHECK: "graph.mean"
// CHECK: "graph.mm"
func.func @primitives(%a: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>, tensor<4x4xf32>) {
  %0 = "graph.gelu"(%a) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %1 = "graph.mean"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<4x4xf32>) -> tensor<4xf32>
  %2 = "graph.mm"(%a, %a) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0, %1, %2 : tensor<4x4xf32>, tensor<4xf32>, tensor<4x4xf32>
}

// -----

/// softmax of bf16 also computes in f32; f32 inputs get no convert (see @softmax).
// CHECK-LABEL: sym_name = "softmax_bf16"
// CHECK: %[[X:.*]] = "graph.convert"(%arg0) : (tensor<4x8xbf16>) -> tensor<4x8xf32>
// CHECK: "graph.amax"(%[[X]])
// CHECK: %[[D:.*]] = "graph.div"
// CHECK: %[[H:.*]] = "graph.convert"(%[[D]]) : (tensor<4x8xf32>) -> tensor<4x8xbf16>
// CHECK: "func.return"(%[[H]])
func.func @softmax_bf16(%a: tensor<4x8xbf16>) -> tensor<4x8xbf16> {
  %0 = "graph.softmax"(%a) {dim = 1 : i64} : (tensor<4x8xbf16>) -> tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}
