// Round trip of every graph op: parse, print (generic form), parse again; operands, attributes and
// types survive unchanged.
// RUN: %ind-opt %s --split-input-file | %ind-opt --split-input-file | %filecheck %s

/// graph.add keeps its operands and types.
// CHECK-LABEL: sym_name = "add_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.add"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @add_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = "graph.add"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.sub keeps its operands and types.
// CHECK-LABEL: sym_name = "sub_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.sub"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @sub_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = "graph.sub"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.mul keeps its operands and types.
// CHECK-LABEL: sym_name = "mul_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.mul"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @mul_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = "graph.mul"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.div keeps its operands and types.
// CHECK-LABEL: sym_name = "div_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.div"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @div_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = "graph.div"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.pow keeps its operands and types.
// CHECK-LABEL: sym_name = "pow_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.pow"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @pow_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = "graph.pow"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.maximum keeps its operands and types.
// CHECK-LABEL: sym_name = "maximum_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.maximum"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @maximum_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = "graph.maximum"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.minimum keeps its operands and types.
// CHECK-LABEL: sym_name = "minimum_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.minimum"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @minimum_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = "graph.minimum"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.eq keeps its operands and types.
// CHECK-LABEL: sym_name = "eq_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.eq"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
func.func @eq_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  %r = "graph.eq"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}

// -----

/// graph.ne keeps its operands and types.
// CHECK-LABEL: sym_name = "ne_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.ne"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
func.func @ne_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  %r = "graph.ne"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}

// -----

/// graph.lt keeps its operands and types.
// CHECK-LABEL: sym_name = "lt_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.lt"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
func.func @lt_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  %r = "graph.lt"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}

// -----

/// graph.le keeps its operands and types.
// CHECK-LABEL: sym_name = "le_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.le"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
func.func @le_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  %r = "graph.le"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}

// -----

/// graph.gt keeps its operands and types.
// CHECK-LABEL: sym_name = "gt_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.gt"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
func.func @gt_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  %r = "graph.gt"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}

// -----

/// graph.ge keeps its operands and types.
// CHECK-LABEL: sym_name = "ge_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.ge"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
func.func @ge_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  %r = "graph.ge"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}

// -----

/// graph.where keeps its operands and types.
// CHECK-LABEL: sym_name = "where_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xi1>, %[[A1:.*]]: tensor<2x3xf32>, %[[A2:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.where"(%[[A0]], %[[A1]], %[[A2]]) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @where_roundtrip(%a0: tensor<2x3xi1>, %a1: tensor<2x3xf32>, %a2: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.where"(%a0, %a1, %a2) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.relu keeps its operands and types.
// CHECK-LABEL: sym_name = "relu_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.relu"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @relu_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.relu"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.neg keeps its operands and types.
// CHECK-LABEL: sym_name = "neg_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.neg"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @neg_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.neg"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.abs keeps its operands and types.
// CHECK-LABEL: sym_name = "abs_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.abs"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @abs_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.abs"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.exp keeps its operands and types.
// CHECK-LABEL: sym_name = "exp_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.exp"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @exp_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.exp"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.log keeps its operands and types.
// CHECK-LABEL: sym_name = "log_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.log"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @log_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.log"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.sqrt keeps its operands and types.
// CHECK-LABEL: sym_name = "sqrt_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.sqrt"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @sqrt_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.sqrt"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.rsqrt keeps its operands and types.
// CHECK-LABEL: sym_name = "rsqrt_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.rsqrt"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @rsqrt_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.rsqrt"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.reciprocal keeps its operands and types.
// CHECK-LABEL: sym_name = "reciprocal_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.reciprocal"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @reciprocal_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.reciprocal"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.tanh keeps its operands and types.
// CHECK-LABEL: sym_name = "tanh_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.tanh"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @tanh_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.tanh"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.sigmoid keeps its operands and types.
// CHECK-LABEL: sym_name = "sigmoid_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.sigmoid"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @sigmoid_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.sigmoid"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.erf keeps its operands and types.
// CHECK-LABEL: sym_name = "erf_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.erf"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @erf_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.erf"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.gelu keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "gelu_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.gelu"(%[[A0]]) {approximate = "tanh"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @gelu_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.gelu"(%a0) {approximate = "tanh"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.convert keeps its operands and types.
// CHECK-LABEL: sym_name = "convert_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.convert"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf16>
func.func @convert_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf16> {
  %r = "graph.convert"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf16>
  return %r : tensor<2x3xf16>
}

// -----

/// graph.constant keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "constant_roundtrip"
// CHECK-NOT: ^bb0
// CHECK-NEXT: "graph.constant"() {value = 2.500000e+00 : f64} : () -> tensor<f32>
func.func @constant_roundtrip() -> tensor<f32> {
  %r = "graph.constant"() {value = 2.500000e+00 : f64} : () -> tensor<f32>
  return %r : tensor<f32>
}

// -----

/// graph.sum keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "sum_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.sum"(%[[A0]]) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
func.func @sum_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2xf32> {
  %r = "graph.sum"(%a0) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

/// graph.mean keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "mean_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.mean"(%[[A0]]) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
func.func @mean_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2xf32> {
  %r = "graph.mean"(%a0) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

/// graph.amax keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "amax_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.amax"(%[[A0]]) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
func.func @amax_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2xf32> {
  %r = "graph.amax"(%a0) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

/// graph.amin keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "amin_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.amin"(%[[A0]]) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
func.func @amin_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2xf32> {
  %r = "graph.amin"(%a0) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

/// graph.prod keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "prod_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.prod"(%[[A0]]) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
func.func @prod_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2xf32> {
  %r = "graph.prod"(%a0) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}

// -----

/// graph.var keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "var_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.var"(%[[A0]]) {correction = 0 : i64, dims = array<i64: 1>, keepdim = true} : (tensor<2x3xf32>) -> tensor<2x1xf32>
func.func @var_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x1xf32> {
  %r = "graph.var"(%a0) {correction = 0 : i64, dims = array<i64: 1>, keepdim = true} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return %r : tensor<2x1xf32>
}

// -----

/// graph.view keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "view_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.view"(%[[A0]]) {shape = array<i64: 3, 2>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
func.func @view_roundtrip(%a0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %r = "graph.view"(%a0) {shape = array<i64: 3, 2>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

/// graph.reshape keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "reshape_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.reshape"(%[[A0]]) {shape = array<i64: 6>} : (tensor<2x3xf32>) -> tensor<6xf32>
func.func @reshape_roundtrip(%a0: tensor<2x3xf32>) -> tensor<6xf32> {
  %r = "graph.reshape"(%a0) {shape = array<i64: 6>} : (tensor<2x3xf32>) -> tensor<6xf32>
  return %r : tensor<6xf32>
}

// -----

/// graph.permute keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "permute_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.permute"(%[[A0]]) {dims = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
func.func @permute_roundtrip(%a0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %r = "graph.permute"(%a0) {dims = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

/// graph.transpose keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "transpose_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.transpose"(%[[A0]]) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<2x3xf32>) -> tensor<3x2xf32>
func.func @transpose_roundtrip(%a0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %r = "graph.transpose"(%a0) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}

// -----

/// graph.expand keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "expand_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<1x3xf32>):
// CHECK-NEXT: "graph.expand"(%[[A0]]) {shape = array<i64: 4, 3>} : (tensor<1x3xf32>) -> tensor<4x3xf32>
func.func @expand_roundtrip(%a0: tensor<1x3xf32>) -> tensor<4x3xf32> {
  %r = "graph.expand"(%a0) {shape = array<i64: 4, 3>} : (tensor<1x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

/// graph.squeeze keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "squeeze_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<1x3xf32>):
// CHECK-NEXT: "graph.squeeze"(%[[A0]]) {dims = array<i64: 0>} : (tensor<1x3xf32>) -> tensor<3xf32>
func.func @squeeze_roundtrip(%a0: tensor<1x3xf32>) -> tensor<3xf32> {
  %r = "graph.squeeze"(%a0) {dims = array<i64: 0>} : (tensor<1x3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}

// -----

/// graph.unsqueeze keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "unsqueeze_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.unsqueeze"(%[[A0]]) {dim = 0 : i64} : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
func.func @unsqueeze_roundtrip(%a0: tensor<2x3xf32>) -> tensor<1x2x3xf32> {
  %r = "graph.unsqueeze"(%a0) {dim = 0 : i64} : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
  return %r : tensor<1x2x3xf32>
}

// -----

/// graph.slice keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "slice_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.slice"(%[[A0]]) {dim = 1 : i64, end = 3 : i64, start = 1 : i64, step = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x2xf32>
func.func @slice_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x2xf32> {
  %r = "graph.slice"(%a0) {dim = 1 : i64, end = 3 : i64, start = 1 : i64, step = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

/// graph.cat keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "cat_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.cat"(%[[A0]], %[[A1]]) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
func.func @cat_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %r = "graph.cat"(%a0, %a1) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// -----

/// graph.contiguous keeps its operands and types.
// CHECK-LABEL: sym_name = "contiguous_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.contiguous"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @contiguous_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.contiguous"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.clone keeps its operands and types.
// CHECK-LABEL: sym_name = "clone_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.clone"(%[[A0]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @clone_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.clone"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.softmax keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "softmax_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.softmax"(%[[A0]]) {dim = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @softmax_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.softmax"(%a0) {dim = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.log_softmax keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "log_softmax_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>):
// CHECK-NEXT: "graph.log_softmax"(%[[A0]]) {dim = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @log_softmax_roundtrip(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "graph.log_softmax"(%a0) {dim = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.layer_norm keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "layer_norm_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>, %[[A2:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.layer_norm"(%[[A0]], %[[A1]], %[[A2]]) {eps = 1.000000e-05 : f64, normalized_shape = array<i64: 3>} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @layer_norm_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = "graph.layer_norm"(%a0, %a1, %a2) {eps = 1.000000e-05 : f64, normalized_shape = array<i64: 3>} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.rms_norm keeps its operands, attributes and types.
// CHECK-LABEL: sym_name = "rms_norm_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3xf32>):
// CHECK-NEXT: "graph.rms_norm"(%[[A0]], %[[A1]]) {eps = 9.9999999999999995E-7 : f64, normalized_shape = array<i64: 3>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @rms_norm_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xf32> {
  %r = "graph.rms_norm"(%a0, %a1) {eps = 9.9999999999999995E-7 : f64, normalized_shape = array<i64: 3>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

// -----

/// graph.linear keeps its operands and types.
// CHECK-LABEL: sym_name = "linear_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<4x3xf32>, %[[A2:.*]]: tensor<4xf32>):
// CHECK-NEXT: "graph.linear"(%[[A0]], %[[A1]], %[[A2]]) : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
func.func @linear_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<4x3xf32>, %a2: tensor<4xf32>) -> tensor<2x4xf32> {
  %r = "graph.linear"(%a0, %a1, %a2) : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

/// graph.mm keeps its operands and types.
// CHECK-LABEL: sym_name = "mm_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x3xf32>, %[[A1:.*]]: tensor<3x4xf32>):
// CHECK-NEXT: "graph.mm"(%[[A0]], %[[A1]]) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @mm_roundtrip(%a0: tensor<2x3xf32>, %a1: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %r = "graph.mm"(%a0, %a1) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

/// graph.bmm keeps its operands and types.
// CHECK-LABEL: sym_name = "bmm_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<2x2x3xf32>, %[[A1:.*]]: tensor<2x3x4xf32>):
// CHECK-NEXT: "graph.bmm"(%[[A0]], %[[A1]]) : (tensor<2x2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
func.func @bmm_roundtrip(%a0: tensor<2x2x3xf32>, %a1: tensor<2x3x4xf32>) -> tensor<2x2x4xf32> {
  %r = "graph.bmm"(%a0, %a1) : (tensor<2x2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
  return %r : tensor<2x2x4xf32>
}

// -----

/// graph.addmm keeps its operands and types.
// CHECK-LABEL: sym_name = "addmm_roundtrip"
// CHECK: ^bb0(%[[A0:.*]]: tensor<4xf32>, %[[A1:.*]]: tensor<2x3xf32>, %[[A2:.*]]: tensor<3x4xf32>):
// CHECK-NEXT: "graph.addmm"(%[[A0]], %[[A1]], %[[A2]]) : (tensor<4xf32>, tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @addmm_roundtrip(%a0: tensor<4xf32>, %a1: tensor<2x3xf32>, %a2: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %r = "graph.addmm"(%a0, %a1, %a2) : (tensor<4xf32>, tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
