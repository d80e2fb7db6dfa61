// The reference interpreter on graph elementwise ops: every binary, unary and comparison op with
// numpy broadcasting, checked against NumPy on .npy inputs written by the RUN lines.
// RUN: %python %S/Inputs/run_case.py %ind-run %s add %t/add 2x3xf32,3xf32 "in0 + in1" | %filecheck %s --check-prefix=F23
// RUN: %python %S/Inputs/run_case.py %ind-run %s sub %t/sub 2x3xf32,2x1xf32 "in0 - in1" | %filecheck %s --check-prefix=F23
// RUN: %python %S/Inputs/run_case.py %ind-run %s mul_scalar %t/mul 2x3xf32 "in0 * 1.1" | %filecheck %s --check-prefix=F23
// RUN: %python %S/Inputs/run_case.py %ind-run %s div %t/div 2x3xf32,pos:2x3xf32 "in0 / in1" | %filecheck %s --check-prefix=F23
// RUN: %python %S/Inputs/run_case.py %ind-run %s pow %t/pow pos:2x3xf32,2x3xf32 "in0 ** in1" | %filecheck %s --check-prefix=F23
// RUN: %python %S/Inputs/run_case.py %ind-run %s maximum %t/max 2x1xf32,1x3xf32 "np.maximum(in0, in1)" | %filecheck %s --check-prefix=F23
// RUN: %python %S/Inputs/run_case.py %ind-run %s minimum %t/min 2x3xf32,f32 "np.minimum(in0, in1)" | %filecheck %s --check-prefix=F23
// RUN: %python %S/Inputs/run_case.py %ind-run %s compare %t/cmp 2x3xf32,3xf32 "(in0 == in1, in0 != in1, in0 < in1, in0 <= in1, in0 > in1, in0 >= in1)" | %filecheck %s --check-prefix=CMP
// RUN: %python %S/Inputs/run_case.py %ind-run %s where %t/where 2x3xi1,2x3xf32,3xf32 "np.where(in0 != 0, in1, in2)" | %filecheck %s --check-prefix=F23
// RUN: %python %S/Inputs/run_case.py %ind-run %s unary %t/unary 2x3xf32 "(np.maximum(in0, 0), -in0, np.abs(in0), np.exp(in0), np.tanh(in0), sigmoid(in0), erf(in0), 1 / in0)" | %filecheck %s --check-prefix=UNARY
// RUN: %python %S/Inputs/run_case.py %ind-run %s unary_pos %t/unary_pos pos:2x3xf32 "(np.log(in0), np.sqrt(in0), 1 / np.sqrt(in0))" | %filecheck %s --check-prefix=F23
// RUN: %python %S/Inputs/run_case.py %ind-run %s gelu %t/gelu 2x3xf32 "(gelu(in0), gelu_tanh(in0), gelu(in0))" | %filecheck %s --check-prefix=F23
// RUN: %python %S/Inputs/run_case.py %ind-run %s identity %t/identity 2x3xf32 "(in0, in0)" | %filecheck %s --check-prefix=F23
// RUN: %python %S/Inputs/run_case.py %ind-run %s constant %t/constant "" "(np.float64(2.5), np.full((2, 2), -1.0))" | %filecheck %s --check-prefix=CONST
// RUN: %python %S/Inputs/run_case.py %ind-run %s broadcast_3d %t/b3 2x1x3xf32,4x1xf32 "in0 * in1" | %filecheck %s --check-prefix=B3
// RUN: %python %S/Inputs/run_case.py %ind-run %s dynamic_result %t/dyn 2x3xf32,3xf32 "np.maximum(in0 + in1, 0)" | %filecheck %s --check-prefix=F23
// F23: ok out0 2x3 float32
// F23-NOT: MISMATCH
// CMP-COUNT-6: ok out{{[0-5]}} 2x3 bool
// UNARY-COUNT-8: ok out{{[0-7]}} 2x3 float32
// CONST: ok out0 0-d float32
// CONST: ok out1 2x2 float32
// B3: ok out0 2x4x3 float32

func.func @add(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @sub(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) -> tensor<2x3xf32> {
  %0 = "graph.sub"(%a, %b) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @mul_scalar(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c = "graph.constant"() {value = 1.1 : f64} : () -> tensor<f32>
  %0 = "graph.mul"(%a, %c) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @div(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.div"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @pow(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.pow"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @maximum(%a: tensor<2x1xf32>, %b: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.maximum"(%a, %b) : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @minimum(%a: tensor<2x3xf32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "graph.minimum"(%a, %b) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @compare(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>) {
  %0 = "graph.eq"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %1 = "graph.ne"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %2 = "graph.lt"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %3 = "graph.le"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %4 = "graph.gt"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %5 = "graph.ge"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>
}
func.func @where(%c: tensor<2x3xi1>, %a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.where"(%c, %a, %b) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @unary(%a: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "graph.relu"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "graph.neg"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "graph.abs"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "graph.exp"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = "graph.tanh"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "graph.sigmoid"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = "graph.erf"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = "graph.reciprocal"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
func.func @unary_pos(%a: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "graph.log"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "graph.sqrt"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "graph.rsqrt"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
/// gelu: no attribute and "none" are the erf form, "tanh" the tanh approximation.
func.func @gelu(%a: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "graph.gelu"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "graph.gelu"(%a) {approximate = "tanh"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "graph.gelu"(%a) {approximate = "none"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}
func.func @identity(%a: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "graph.contiguous"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "graph.clone"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}
/// A 0-d constant, and a constant whose static result type gives it a shape.
func.func @constant() -> (tensor<f32>, tensor<2x2xf32>) {
  %0 = "graph.constant"() {value = 2.5 : f64} : () -> tensor<f32>
  %1 = "graph.constant"() {value = -1.0 : f64} : () -> tensor<2x2xf32>
  return %0, %1 : tensor<f32>, tensor<2x2xf32>
}
/// Both operands broadcast: [2,1,3] * [4,1] -> [2,4,3].
func.func @broadcast_3d(%a: tensor<2x1x3xf32>, %b: tensor<4x1xf32>) -> tensor<2x4x3xf32> {
  %0 = "graph.mul"(%a, %b) : (tensor<2x1x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}
/// Result types before graph-infer-shapes (`?` sizes, unranked) are accepted: shapes are computed.
func.func @dynamic_result(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<*xf32> {
  %0 = "graph.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  %1 = "graph.relu"(%0) : (tensor<?x3xf32>) -> tensor<*xf32>
  %2 = "graph.sub"(%1, %0) : (tensor<*xf32>, tensor<?x3xf32>) -> tensor<*xf32>
  %3 = "graph.add"(%2, %0) : (tensor<*xf32>, tensor<?x3xf32>) -> tensor<*xf32>
  return %3 : tensor<*xf32>
}
