// Verifier-negative test of every graph op (IRDL constraints): a wrong operand count, or a
// missing required attribute.
// RUN: %ind-opt %s --split-input-file --verify-diagnostics

/// graph.add with 1 operand(s) instead of 2 is rejected.
func.func @add_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.add"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.sub with 1 operand(s) instead of 2 is rejected.
func.func @sub_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.sub"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.mul with 1 operand(s) instead of 2 is rejected.
func.func @mul_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.mul"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.div with 1 operand(s) instead of 2 is rejected.
func.func @div_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.div"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.pow with 1 operand(s) instead of 2 is rejected.
func.func @pow_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.pow"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.maximum with 1 operand(s) instead of 2 is rejected.
func.func @maximum_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.maximum"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.minimum with 1 operand(s) instead of 2 is rejected.
func.func @minimum_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.minimum"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.eq with 1 operand(s) instead of 2 is rejected.
func.func @eq_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.eq"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}

// -----

/// graph.ne with 1 operand(s) instead of 2 is rejected.
func.func @ne_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.ne"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}

// -----

/// graph.lt with 1 operand(s) instead of 2 is rejected.
func.func @lt_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.lt"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}

// -----

/// graph.le with 1 operand(s) instead of 2 is rejected.
func.func @le_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.le"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}

// -----

/// graph.gt with 1 operand(s) instead of 2 is rejected.
func.func @gt_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.gt"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}

// -----

/// graph.ge with 1 operand(s) instead of 2 is rejected.
func.func @ge_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.ge"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}

// -----

/// graph.where with 2 operand(s) instead of 3 is rejected.
func.func @where_invalid(%a0: tensor<2x3xi1>, %a1: tensor<2x3xf32>, %a2: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 3 operands, but got 2}}
  %r = "graph.where"(%a0, %a1) : (tensor<2x3xi1>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.relu with 2 operand(s) instead of 1 is rejected.
func.func @relu_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.relu"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.neg with 2 operand(s) instead of 1 is rejected.
func.func @neg_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.neg"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.abs with 2 operand(s) instead of 1 is rejected.
func.func @abs_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.abs"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.exp with 2 operand(s) instead of 1 is rejected.
func.func @exp_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.exp"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.log with 2 operand(s) instead of 1 is rejected.
func.func @log_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.log"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.sqrt with 2 operand(s) instead of 1 is rejected.
func.func @sqrt_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.sqrt"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.rsqrt with 2 operand(s) instead of 1 is rejected.
func.func @rsqrt_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.rsqrt"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.reciprocal with 2 operand(s) instead of 1 is rejected.
func.func @reciprocal_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.reciprocal"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.tanh with 2 operand(s) instead of 1 is rejected.
func.func @tanh_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.tanh"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.sigmoid with 2 operand(s) instead of 1 is rejected.
func.func @sigmoid_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.sigmoid"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.erf with 2 operand(s) instead of 1 is rejected.
func.func @erf_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.erf"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.gelu with 2 operand(s) instead of 1 is rejected.
func.func @gelu_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.gelu"(%a0, %a1) {approximate = "tanh"} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.convert with 2 operand(s) instead of 1 is rejected.
func.func @convert_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf16> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.convert"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf16>
  return %r : tensor<2x3xf16>
}

// -----

/// graph.constant without its required "value" is rejected.
func.func @constant_invalid() -> tensor<f32> {
  // expected-error @+1 {{attribute "value" is expected but not provided}}
  %r = "graph.constant"() : () -> tensor<f32>
  return %r : tensor<f32>
}

// -----

/// graph.sum without its required "keepdim" is rejected.
func.func @sum_invalid(%a0: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{attribute "keepdim" is expected but not provided}}
  %r = "graph.sum"(%a0) {dims = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

/// graph.mean without its required "keepdim" is rejected.
func.func @mean_invalid(%a0: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{attribute "keepdim" is expected but not provided}}
  %r = "graph.mean"(%a0) {dims = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

/// graph.amax without its required "keepdim" is rejected.
func.func @amax_invalid(%a0: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{attribute "keepdim" is expected but not provided}}
  %r = "graph.amax"(%a0) {dims = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

/// graph.amin without its required "keepdim" is rejected.
func.func @amin_invalid(%a0: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{attribute "keepdim" is expected but not provided}}
  %r = "graph.amin"(%a0) {dims = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

/// graph.prod without its required "keepdim" is rejected.
func.func @prod_invalid(%a0: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{attribute "keepdim" is expected but not provided}}
  %r = "graph.prod"(%a0) {dims = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

/// graph.var without its required "dims" is rejected.
func.func @var_invalid(%a0: tensor<2x3xf32>) -> tensor<2x1xf32> {
  // expected-error @+1 {{attribute "dims" is expected but not provided}}
  %r = "graph.var"(%a0) {correction = 0 : i64, keepdim = true} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return %r : tensor<2x1xf32>
}

// -----

/// graph.view without its required "shape" is rejected.
func.func @view_invalid(%a0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{attribute "shape" is expected but not provided}}
  %r = "graph.view"(%a0) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

/// graph.reshape without its required "shape" is rejected.
func.func @reshape_invalid(%a0: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{attribute "shape" is expected but not provided}}
  %r = "graph.reshape"(%a0) : (tensor<2x3xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

/// graph.permute without its required "dims" is rejected.
func.func @permute_invalid(%a0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{attribute "dims" is expected but not provided}}
  %r = "graph.permute"(%a0) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

/// graph.transpose without its required "dim1" is rejected.
func.func @transpose_invalid(%a0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{attribute "dim1" is expected but not provided}}
  %r = "graph.transpose"(%a0) {dim0 = 0 : i64} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

/// graph.expand without its required "shape" is rejected.
func.func @expand_invalid(%a0: tensor<1x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{attribute "shape" is expected but not provided}}
  %r = "graph.expand"(%a0) : (tensor<1x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

/// graph.squeeze with 2 operand(s) instead of 1 is rejected.
func.func @squeeze_invalid(%a0: tensor<1x3xf32>, %a1: tensor<2x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.squeeze"(%a0, %a1) {dims = array<i64: 0>} : (tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

/// graph.unsqueeze without its required "dim" is rejected.
func.func @unsqueeze_invalid(%a0: tensor<2x3xf32>) -> tensor<1x2x3xf32> {
  // expected-error @+1 {{attribute "dim" is expected but not provided}}
  %r = "graph.unsqueeze"(%a0) : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
  return %r : tensor<1x2x3xf32>
}

// -----

/// graph.slice without its required "start" is rejected.
func.func @slice_invalid(%a0: tensor<2x3xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{attribute "start" is expected but not provided}}
  %r = "graph.slice"(%a0) {dim = 1 : i64, end = 3 : i64, step = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

/// graph.cat without its required "dim" is rejected.
func.func @cat_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{attribute "dim" is expected but not provided}}
  %r = "graph.cat"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

/// graph.contiguous with 2 operand(s) instead of 1 is rejected.
func.func @contiguous_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.contiguous"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.clone with 2 operand(s) instead of 1 is rejected.
func.func @clone_invalid(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{expects exactly 1 operands, but got 2}}
  %r = "graph.clone"(%a0, %a1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.softmax without its required "dim" is rejected.
func.func @softmax_invalid(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute "dim" is expected but not provided}}
  %r = "graph.softmax"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.log_softmax without its required "dim" is rejected.
func.func @log_softmax_invalid(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute "dim" is expected but not provided}}
  %r = "graph.log_softmax"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.layer_norm without its required "eps" is rejected.
func.func @layer_norm_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute "eps" is expected but not provided}}
  %r = "graph.layer_norm"(%a0, %a1, %a2) {normalized_shape = array<i64: 3>} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.rms_norm without its required "normalized_shape" is rejected.
func.func @rms_norm_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{attribute "normalized_shape" is expected but not provided}}
  %r = "graph.rms_norm"(%a0, %a1) {eps = 9.9999999999999995E-7 : f64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.linear with 1 operand(s) instead of 2 or 3 is rejected.
func.func @linear_invalid(%a0: tensor<2x3xf32>, %a1: tensor<4x3xf32>, %a2: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{expects at least 2 operands, but got 1}}
  %r = "graph.linear"(%a0) : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

/// graph.mm with 1 operand(s) instead of 2 is rejected.
func.func @mm_invalid(%a0: tensor<2x3xf32>, %a1: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.mm"(%a0) : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

/// graph.bmm with 1 operand(s) instead of 2 is rejected.
func.func @bmm_invalid(%a0: tensor<2x2x3xf32>, %a1: tensor<2x3x4xf32>) -> tensor<2x2x4xf32> {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %r = "graph.bmm"(%a0) : (tensor<2x2x3xf32>) -> tensor<2x2x4xf32>
  return %r : tensor<2x2x4xf32>
}

// -----

/// graph.addmm with 2 operand(s) instead of 3 is rejected.
func.func @addmm_invalid(%a0: tensor<4xf32>, %a1: tensor<2x3xf32>, %a2: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{expects exactly 3 operands, but got 2}}
  %r = "graph.addmm"(%a0, %a1) : (tensor<4xf32>, tensor<2x3xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

/// graph.cat without operands is rejected.
func.func @cat_empty() -> tensor<4x3xf32> {
  // expected-error @+1 {{expects at least 1 operands, but got 0}}
  %r = "graph.cat"() {dim = 0 : i64} : () -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

/// graph.cat's inputs after the first must share one type (IRDL binds the variadic's type once).
func.func @cat_mixed_rest(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>, %c: tensor<2x5xf32>) -> tensor<2x12xf32> {
  // expected-error @+1 {{expected 'tensor<2x4xf32>' but got 'tensor<2x5xf32>'}}
  %r = "graph.cat"(%a, %b, %c) {dim = 1 : i64} : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x5xf32>) -> tensor<2x12xf32>
  return %r : tensor<2x12xf32>
}
