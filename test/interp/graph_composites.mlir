// The reference interpreter on graph composites and matmuls: softmax, log_softmax, layer_norm,
// rms_norm, linear (with and without bias), mm, bmm, addmm (default and given beta/alpha).
// RUN: %python %S/Inputs/run_case.py %ind-run %s softmax %t/softmax 2x3x4xf32 "(softmax(in0, -1), log_softmax(in0, 1))" | %filecheck %s --check-prefix=SOFTMAX
// RUN: %python %S/Inputs/run_case.py %ind-run %s norms %t/norms 2x3x4xf32,3x4xf32,3x4xf32,4xf32 "(layer_norm(in0, in1, in2, 2, 1e-5), rms_norm(in0, in3, 1, 1e-6))" | %filecheck %s --check-prefix=NORMS
// RUN: %python %S/Inputs/run_case.py %ind-run %s linear %t/linear 2x3x4xf32,5x4xf32,5xf32 "(in0 @ in1.T + in2, in0 @ in1.T)" | %filecheck %s --check-prefix=LINEAR
// RUN: %python %S/Inputs/run_case.py %ind-run %s matmuls %t/mm 2x3xf32,3x4xf32,2x2x3xf32,2x3x4xf32,4xf32 "(in0 @ in1, in2 @ in3, in0 @ in1 + in4, 0.5 * in4 + 2.0 * (in0 @ in1))" | %filecheck %s --check-prefix=MM
// SOFTMAX: ok out0 2x3x4 float32
// SOFTMAX: ok out1 2x3x4 float32
// NORMS: ok out0 2x3x4 float32
// NORMS: ok out1 2x3x4 float32
// LINEAR: ok out0 2x3x5 float32
// LINEAR: ok out1 2x3x5 float32
// MM: ok out0 2x4 float32
// MM: ok out1 2x2x4 float32
// MM: ok out2 2x4 float32
// MM: ok out3 2x4 float32

func.func @softmax(%a: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = "graph.softmax"(%a) {dim = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %1 = "graph.log_softmax"(%a) {dim = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<2x3x4xf32>
}
/// layer_norm over the last two dims; rms_norm over the last one.
func.func @norms(%x: tensor<2x3x4xf32>, %w: tensor<3x4xf32>, %b: tensor<3x4xf32>, %g: tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %0 = "graph.layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 3, 4>, eps = 1.0e-05 : f64} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  %1 = "graph.rms_norm"(%x, %g) {normalized_shape = array<i64: 4>, eps = 1.0e-06 : f64} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<2x3x4xf32>
}
func.func @linear(%x: tensor<2x3x4xf32>, %w: tensor<5x4xf32>, %b: tensor<5xf32>) -> (tensor<2x3x5xf32>, tensor<2x3x5xf32>) {
  %0 = "graph.linear"(%x, %w, %b) : (tensor<2x3x4xf32>, tensor<5x4xf32>, tensor<5xf32>) -> tensor<2x3x5xf32>
  %1 = "graph.linear"(%x, %w) : (tensor<2x3x4xf32>, tensor<5x4xf32>) -> tensor<2x3x5xf32>
  return %0, %1 : tensor<2x3x5xf32>, tensor<2x3x5xf32>
}
func.func @matmuls(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x2x3xf32>, %d: tensor<2x3x4xf32>, %bias: tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = "graph.mm"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = "graph.bmm"(%c, %d) : (tensor<2x2x3xf32>, tensor<2x3x4xf32>) -> tensor<2x2x4xf32>
  %2 = "graph.addmm"(%bias, %a, %b) : (tensor<4xf32>, tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %3 = "graph.addmm"(%bias, %a, %b) {beta = 0.5 : f64, alpha = 2.0 : f64} : (tensor<4xf32>, tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<2x2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}
