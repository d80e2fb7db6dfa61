// The reference interpreter on graph reductions: sum/mean/amax/amin/prod/var over `dims` (negative
// dims, several dims, empty = all) with and without keepdim, var's correction; checked against NumPy.
// RUN: %python %S/Inputs/run_case.py %ind-run %s sum %t/sum 2x3xf32 "(in0.sum(1), in0.sum(-1, keepdims=True), in0.sum(0))" | %filecheck %s --check-prefix=SUM
// RUN: %python %S/Inputs/run_case.py %ind-run %s mean %t/mean 2x3x4xf32 "(in0.mean((0, 2)), in0.mean(-1, keepdims=True))" | %filecheck %s --check-prefix=MEAN
// RUN: %python %S/Inputs/run_case.py %ind-run %s minmax %t/minmax 4x4xf32 "(in0.max(-1, keepdims=True), in0.min(0), in0.prod(1))" | %filecheck %s --check-prefix=MINMAX
// RUN: %python %S/Inputs/run_case.py %ind-run %s var %t/var 4x4xf32 "(in0.var(1, ddof=1), in0.var(-1, ddof=0, keepdims=True), in0.var(0, ddof=1))" | %filecheck %s --check-prefix=VAR
// RUN: %python %S/Inputs/run_case.py %ind-run %s all_dims %t/all 2x3xf32 "(in0.sum(), in0.sum(keepdims=True))" | %filecheck %s --check-prefix=ALL
// SUM: ok out0 2 float32
// SUM: ok out1 2x1 float32
// SUM: ok out2 3 float32
// MEAN: ok out0 3 float32
// MEAN: ok out1 2x3x1 float32
// MINMAX: ok out0 4x1 float32
// MINMAX: ok out1 4 float32
// MINMAX: ok out2 4 float32
// VAR: ok out0 4 float32
// VAR: ok out1 4x1 float32
// VAR: ok out2 4 float32
// ALL: ok out0 0-d float32
// ALL: ok out1 1x1 float32

func.func @sum(%a: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2x1xf32>, tensor<3xf32>) {
  %0 = "graph.sum"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  %1 = "graph.sum"(%a) {dims = array<i64: -1>, keepdim = true} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %2 = "graph.sum"(%a) {dims = array<i64: 0>, keepdim = false} : (tensor<2x3xf32>) -> tensor<3xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<2x1xf32>, tensor<3xf32>
}
/// Two reduced dims at once.
func.func @mean(%a: tensor<2x3x4xf32>) -> (tensor<3xf32>, tensor<2x3x1xf32>) {
  %0 = "graph.mean"(%a) {dims = array<i64: 0, -1>, keepdim = false} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  %1 = "graph.mean"(%a) {dims = array<i64: -1>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
  return %0, %1 : tensor<3xf32>, tensor<2x3x1xf32>
}
func.func @minmax(%a: tensor<4x4xf32>) -> (tensor<4x1xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "graph.amax"(%a) {dims = array<i64: -1>, keepdim = true} : (tensor<4x4xf32>) -> tensor<4x1xf32>
  %1 = "graph.amin"(%a) {dims = array<i64: 0>, keepdim = false} : (tensor<4x4xf32>) -> tensor<4xf32>
  %2 = "graph.prod"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<4x4xf32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4x1xf32>, tensor<4xf32>, tensor<4xf32>
}
/// var: correction defaults to 1 (Bessel); correction = 0 is the biased variance.
func.func @var(%a: tensor<4x4xf32>) -> (tensor<4xf32>, tensor<4x1xf32>, tensor<4xf32>) {
  %0 = "graph.var"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<4x4xf32>) -> tensor<4xf32>
  %1 = "graph.var"(%a) {dims = array<i64: -1>, keepdim = true, correction = 0 : i64} : (tensor<4x4xf32>) -> tensor<4x1xf32>
  %2 = "graph.var"(%a) {dims = array<i64: 0>, keepdim = false, correction = 1 : i64} : (tensor<4x4xf32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4x1xf32>, tensor<4xf32>
}
/// An empty `dims` reduces every dim.
func.func @all_dims(%a: tensor<2x3xf32>) -> (tensor<f32>, tensor<1x1xf32>) {
  %0 = "graph.sum"(%a) {dims = array<i64>, keepdim = false} : (tensor<2x3xf32>) -> tensor<f32>
  %1 = "graph.sum"(%a) {dims = array<i64>, keepdim = true} : (tensor<2x3xf32>) -> tensor<1x1xf32>
  return %0, %1 : tensor<f32>, tensor<1x1xf32>
}
