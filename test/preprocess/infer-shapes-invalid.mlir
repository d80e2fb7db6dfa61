// Every diagnostic of graph-infer-shapes, one case each.
// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(graph-infer-shapes)'

/// Broadcast mismatch: 3 vs 4 in the last dim.
func.func @broadcast_mismatch(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{operands are not broadcast-compatible}}
  %0 = "graph.add"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// A permutation that repeats a dim.
func.func @bad_permutation(%a: tensor<2x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'dims' must be a permutation of the 2 input dims}}
  %0 = "graph.permute"(%a) {dims = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// A reduction dim out of range.
func.func @bad_dim(%a: tensor<2x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'dims' must be distinct dims in [-2, 2)}}
  %0 = "graph.sum"(%a) {dims = array<i64: 2>, keepdim = false} : (tensor<2x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// transpose with a dim out of range.
func.func @bad_transpose(%a: tensor<2x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'dim0' and 'dim1' must be dims in [-2, 2)}}
  %0 = "graph.transpose"(%a) {dim0 = 0 : i64, dim1 = 5 : i64} : (tensor<2x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// reshape to a different number of elements.
func.func @reshape_numel(%a: tensor<2x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{cannot reshape 6 elements into the requested shape}}
  %0 = "graph.reshape"(%a) {shape = array<i64: 4, 2>} : (tensor<2x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// view with a -1 that cannot be inferred.
func.func @view_infer(%a: tensor<2x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{cannot reshape 6 elements into the requested shape}}
  %0 = "graph.view"(%a) {shape = array<i64: 4, -1>} : (tensor<2x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// expand of a non-1 dim.
func.func @bad_expand(%a: tensor<2x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{cannot expand dim 1 of size 3 to 4}}
  %0 = "graph.expand"(%a) {shape = array<i64: 2, 4>} : (tensor<2x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// mm with different inner dims.
func.func @mm_inner(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{matmul inner dims differ: 3 vs 4}}
  %0 = "graph.mm"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// bmm with different batch dims.
func.func @bmm_batch(%a: tensor<2x2x3xf32>, %b: tensor<3x3x5xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{bmm batch dims differ: 2 vs 3}}
  %0 = "graph.bmm"(%a, %b) : (tensor<2x2x3xf32>, tensor<3x3x5xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// mm of a rank-3 operand.
func.func @mm_rank(%a: tensor<2x2x3xf32>, %b: tensor<3x5xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'graph.mm' expects rank-2 operands}}
  %0 = "graph.mm"(%a, %b) : (tensor<2x2x3xf32>, tensor<3x5xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// f64 tensors are not supported.
func.func @f64(%a: tensor<4xf64>) -> tensor<*xf64> {
  // expected-error @+1 {{unsupported dtype f64}}
  %0 = "graph.relu"(%a) : (tensor<4xf64>) -> tensor<*xf64>
  return %0 : tensor<*xf64>
}

// -----

/// complex tensors are not supported.
func.func @complex(%a: tensor<4xcomplex<f32>>) -> tensor<*xf32> {
  // expected-error @+1 {{unsupported dtype complex<f32>}}
  %0 = "graph.abs"(%a) : (tensor<4xcomplex<f32>>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// A constant of an unsupported dtype.
func.func @constant_f64() -> tensor<f64> {
  // expected-error @+1 {{unsupported dtype f64}}
  %0 = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f64>
  return %0 : tensor<f64>
}

// -----

/// Operands must have static shapes.
func.func @dynamic_operand(%a: tensor<?x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{operand #0 must be a tensor with a static shape, got tensor<?x3xf32>}}
  %0 = "graph.neg"(%a) : (tensor<?x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// gelu's approximate must be "none" or "tanh".
func.func @bad_gelu(%a: tensor<4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'approximate' must be "none" or "tanh"}}
  %0 = "graph.gelu"(%a) {approximate = "erf"} : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// var's correction must be a number.
func.func @bad_correction(%a: tensor<4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'correction' must be a number}}
  %0 = "graph.var"(%a) {correction = "one", dims = array<i64: 0>, keepdim = false} : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// slice's step must be >= 1.
func.func @bad_slice(%a: tensor<4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{slice needs integer 'dim' in [-1, 1), 'start', 'end' and 'step' >= 1}}
  %0 = "graph.slice"(%a) {dim = 0 : i64, start = 0 : i64, end = 4 : i64, step = 0 : i64} : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// A written static result type that disagrees with the inferred one.
func.func @result_mismatch(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{result type mismatch: written tensor<3x2xf32>, inferred tensor<2x3xf32>}}
  %0 = "graph.exp"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

/// A written `?` result whose rank disagrees.
func.func @result_rank_mismatch(%a: tensor<2x3xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{result type mismatch: written tensor<?xf32>, inferred tensor<2x3xf32>}}
  %0 = "graph.exp"(%a) : (tensor<2x3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

/// A comparison written with a float result.
func.func @compare_dtype(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{result type mismatch: written tensor<2xf32>, inferred tensor<2xi1>}}
  %0 = "graph.lt"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

/// where's condition must be i1.
func.func @where_cond(%a: tensor<2xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{condition must be an i1 tensor}}
  %0 = "graph.where"(%a, %a, %a) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// layer_norm's normalized_shape must be the input's trailing dims.
func.func @bad_norm(%a: tensor<2x3xf32>, %w: tensor<3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'normalized_shape' must be the input's trailing dims}}
  %0 = "graph.layer_norm"(%a, %w, %w) {eps = 1.0e-5 : f64, normalized_shape = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// rms_norm's weight must have the normalized shape.
func.func @bad_norm_weight(%a: tensor<2x3xf32>, %w: tensor<2xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{operand #1 must have shape 'normalized_shape'}}
  %0 = "graph.rms_norm"(%a, %w) {eps = 1.0e-5 : f64, normalized_shape = array<i64: 3>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// cat operands must agree outside the cat dim.
func.func @bad_cat(%a: tensor<2x3xf32>, %b: tensor<3x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{operand #1 does not match operand #0 outside dim 1}}
  %0 = "graph.cat"(%a, %b) {dim = 1 : i64} : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// linear's bias must broadcast to the result.
func.func @bad_bias(%a: tensor<2x3xf32>, %w: tensor<5x3xf32>, %b: tensor<3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{bias does not broadcast to the matmul result}}
  %0 = "graph.linear"(%a, %w, %b) : (tensor<2x3xf32>, tensor<5x3xf32>, tensor<3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// mean of an integer tensor.
func.func @int_mean(%a: tensor<4xi64>) -> tensor<*xi64> {
  // expected-error @+1 {{'graph.mean' needs a floating-point input}}
  %0 = "graph.mean"(%a) {dims = array<i64: 0>, keepdim = false} : (tensor<4xi64>) -> tensor<*xi64>
  return %0 : tensor<*xi64>
}

// -----

/// addmm's alpha must be a number.
func.func @bad_alpha(%b: tensor<5xf32>, %x: tensor<2x3xf32>, %y: tensor<3x5xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'alpha' and 'beta' must be numbers}}
  %0 = "graph.addmm"(%b, %x, %y) {alpha = "two"} : (tensor<5xf32>, tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// squeeze's dims must be in range.
func.func @bad_squeeze(%a: tensor<1x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'dims' must be dims in [-2, 2)}}
  %0 = "graph.squeeze"(%a) {dims = array<i64: 4>} : (tensor<1x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// unsqueeze's dim must be in [-rank-1, rank].
func.func @bad_unsqueeze(%a: tensor<1x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'dim' must be in [-3, 2]}}
  %0 = "graph.unsqueeze"(%a) {dim = 3 : i64} : (tensor<1x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// softmax's dim must be in range.
func.func @bad_softmax(%a: tensor<2x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'dim' must be a dim in [-2, 2)}}
  %0 = "graph.softmax"(%a) {dim = -3 : i64} : (tensor<2x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// softmax of a boolean tensor.
func.func @i1_softmax(%a: tensor<2x3xi1>) -> tensor<*xi1> {
  // expected-error @+1 {{'graph.softmax' needs a floating-point input}}
  %0 = "graph.softmax"(%a) {dim = 1 : i64} : (tensor<2x3xi1>) -> tensor<*xi1>
  return %0 : tensor<*xi1>
}

// -----

/// An expand shape shorter than the input's rank.
func.func @short_expand(%a: tensor<2x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'shape' must be an array<i64> with at least the input's 2 dims}}
  %0 = "graph.expand"(%a) {shape = array<i64: 3>} : (tensor<2x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

/// A reshape shape with two -1.
func.func @two_minus_one(%a: tensor<2x3xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'shape' may hold one -1 and otherwise sizes >= 0}}
  %0 = "graph.reshape"(%a) {shape = array<i64: -1, -1>} : (tensor<2x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
