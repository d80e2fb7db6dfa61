// The reference interpreter on graph views and data movement: view/reshape (-1 inferred),
// permute/transpose (negative dims), expand, squeeze (all / given dims), unsqueeze (negative dim),
// slice (negative start, clamped end, step), cat; checked against NumPy.
// RUN: %python %S/Inputs/run_case.py %ind-run %s reshape %t/reshape 2x3xf32 "(in0.reshape(3, 2), in0.reshape(6), in0.reshape(1, 6))" | %filecheck %s --check-prefix=RESHAPE
// RUN: %python %S/Inputs/run_case.py %ind-run %s permute %t/permute 2x3x4xf32 "(in0.transpose(2, 0, 1), np.swapaxes(in0, 0, -1))" | %filecheck %s --check-prefix=PERMUTE
// RUN: %python %S/Inputs/run_case.py %ind-run %s expand %t/expand 3x1xf32 "(np.broadcast_to(in0, (2, 3, 4)), np.broadcast_to(in0, (3, 5)))" | %filecheck %s --check-prefix=EXPAND
// RUN: %python %S/Inputs/run_case.py %ind-run %s squeeze %t/squeeze 1x3x1xf32 "(in0.reshape(3), in0.reshape(3, 1), in0.reshape(1, 3, 1), in0.reshape(1, 1, 3, 1))" | %filecheck %s --check-prefix=SQUEEZE
// RUN: %python %S/Inputs/run_case.py %ind-run %s slice %t/slice 4x6xf32 "(in0[:, -4:100], in0[1:4:2, :], in0[:, 5:2])" | %filecheck %s --check-prefix=SLICE
// RUN: %python %S/Inputs/run_case.py %ind-run %s cat %t/cat 2x3xf32,2x3xf32 "(np.concatenate([in0, in1, in0], -1), np.concatenate([in1, in0], 0))" | %filecheck %s --check-prefix=CAT
// RESHAPE: ok out0 3x2 float32
// RESHAPE: ok out1 6 float32
// RESHAPE: ok out2 1x6 float32
// PERMUTE: ok out0 4x2x3 float32
// PERMUTE: ok out1 4x3x2 float32
// EXPAND: ok out0 2x3x4 float32
// EXPAND: ok out1 3x5 float32
// SQUEEZE: ok out0 3 float32
// SQUEEZE: ok out1 3x1 float32
// SQUEEZE: ok out2 1x3x1 float32
// SQUEEZE: ok out3 1x1x3x1 float32
// SLICE: ok out0 4x4 float32
// SLICE: ok out1 2x6 float32
// SLICE: ok out2 4x0 float32
// CAT: ok out0 2x9 float32
// CAT: ok out1 4x3 float32

/// Target sizes from the `shape` attribute (one -1 is inferred).
func.func @reshape(%a: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<6xf32>, tensor<1x6xf32>) {
  %0 = "graph.view"(%a) {shape = array<i64: 3, -1>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = "graph.reshape"(%a) {shape = array<i64: 6>} : (tensor<2x3xf32>) -> tensor<6xf32>
  %2 = "graph.reshape"(%1) {shape = array<i64: 1, 6>} : (tensor<6xf32>) -> tensor<1x6xf32>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<6xf32>, tensor<1x6xf32>
}
func.func @permute(%a: tensor<2x3x4xf32>) -> (tensor<4x2x3xf32>, tensor<4x3x2xf32>) {
  %0 = "graph.permute"(%a) {dims = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %1 = "graph.transpose"(%a) {dim0 = 0 : i64, dim1 = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  return %0, %1 : tensor<4x2x3xf32>, tensor<4x3x2xf32>
}
/// expand: new leading dims, size-1 dims grow; -1 keeps a size.
func.func @expand(%a: tensor<3x1xf32>) -> (tensor<2x3x4xf32>, tensor<3x5xf32>) {
  %0 = "graph.expand"(%a) {shape = array<i64: 2, -1, 4>} : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %1 = "graph.expand"(%a) {shape = array<i64: 3, 5>} : (tensor<3x1xf32>) -> tensor<3x5xf32>
  return %0, %1 : tensor<2x3x4xf32>, tensor<3x5xf32>
}
/// squeeze: all size-1 dims; the given dims; a dim whose size is not 1 is left alone (ATen).
func.func @squeeze(%a: tensor<1x3x1xf32>) -> (tensor<3xf32>, tensor<3x1xf32>, tensor<1x3x1xf32>, tensor<1x1x3x1xf32>) {
  %0 = "graph.squeeze"(%a) : (tensor<1x3x1xf32>) -> tensor<3xf32>
  %1 = "graph.squeeze"(%a) {dims = array<i64: 0>} : (tensor<1x3x1xf32>) -> tensor<3x1xf32>
  %2 = "graph.squeeze"(%a) {dims = array<i64: 1>} : (tensor<1x3x1xf32>) -> tensor<1x3x1xf32>
  %3 = "graph.unsqueeze"(%a) {dim = -4 : i64} : (tensor<1x3x1xf32>) -> tensor<1x1x3x1xf32>
  return %0, %1, %2, %3 : tensor<3xf32>, tensor<3x1xf32>, tensor<1x3x1xf32>, tensor<1x1x3x1xf32>
}
/// slice: Python semantics (negative start, end clamped, step, empty result).
func.func @slice(%a: tensor<4x6xf32>) -> (tensor<4x4xf32>, tensor<2x6xf32>, tensor<4x0xf32>) {
  %0 = "graph.slice"(%a) {dim = -1 : i64, start = -4 : i64, end = 100 : i64} : (tensor<4x6xf32>) -> tensor<4x4xf32>
  %1 = "graph.slice"(%a) {dim = 0 : i64, start = 1 : i64, end = 4 : i64, step = 2 : i64} : (tensor<4x6xf32>) -> tensor<2x6xf32>
  %2 = "graph.slice"(%a) {dim = 1 : i64, start = 5 : i64, end = 2 : i64} : (tensor<4x6xf32>) -> tensor<4x0xf32>
  return %0, %1, %2 : tensor<4x4xf32>, tensor<2x6xf32>, tensor<4x0xf32>
}
/// cat along a negative dim and along dim 0. (The IRDL definition gives cat's variadic operands one
/// type constraint, so they must have equal types.)
func.func @cat(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> (tensor<2x9xf32>, tensor<4x3xf32>) {
  %0 = "graph.cat"(%a, %b, %a) {dim = -1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x9xf32>
  %1 = "graph.cat"(%b, %a) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0, %1 : tensor<2x9xf32>, tensor<4x3xf32>
}
