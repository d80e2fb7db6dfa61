// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind{unroll-reductions-threshold=0})' | %filecheck %s
//
/// Buffers are numbered in creation order; origins carry FX node names: the ATen op's name,
/// numbered per name in program order (mul, mul_1, ...), Python builtins start at _1 (sum_1,
/// abs_1, pow_1, slice_1), transpose is FX's permute, convert is convert_element_type. Realized
/// reductions (sum_1, sum_2) are not origins of the buffers that load them.

// CHECK-LABEL: sym_name = "names"
// CHECK: name = "buf0", origins = ["mul", "abs_1", "sum_1"]
// CHECK: name = "buf1", origins = ["mul_1", "sum_2"]
// CHECK: name = "buf2", origins = ["pow_1", "permute", "permute_1", "slice_1", "convert_element_type"]
// CHECK-NOT: name = "buf3"
func.func @names(%x: tensor<4x4xf32>) -> tensor<2x4xf32> {
  %a = "graph.mul"(%x, %x) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %b = "graph.abs"(%a) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %s1 = "graph.sum"(%b) {dims = array<i64: 1>, keepdim = true} : (tensor<4x4xf32>) -> tensor<4x1xf32>
  %c = "graph.mul"(%x, %x) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %s2 = "graph.sum"(%c) {dims = array<i64: 0>, keepdim = true} : (tensor<4x4xf32>) -> tensor<1x4xf32>
  %d = "graph.pow"(%s1, %s2) : (tensor<4x1xf32>, tensor<1x4xf32>) -> tensor<4x4xf32>
  %e = "graph.permute"(%d) {dims = array<i64: 1, 0>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %f = "graph.transpose"(%e) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %g = "graph.slice"(%f) {dim = 0 : i64, start = 1 : i64, end = 3 : i64} : (tensor<4x4xf32>) -> tensor<2x4xf32>
  %h = "graph.convert"(%g) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %h : tensor<2x4xf32>
}
