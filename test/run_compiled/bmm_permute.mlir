// bmm (extern) followed by a permuted relu: the pointwise kernel reads the bmm result transposed.
// RUN: %ind-run %s | %filecheck %s
// CHECK: check out0: 4x8x16xf32 {{.*}} PASS
func.func @bmmp(%a: tensor<4x16x32xf32>, %b: tensor<4x32x8xf32>) -> tensor<4x8x16xf32> {
  %c = "graph.bmm"(%a, %b) : (tensor<4x16x32xf32>, tensor<4x32x8xf32>) -> tensor<4x16x8xf32>
  %t = "graph.permute"(%c) {dims = array<i64: 0, 2, 1>} : (tensor<4x16x8xf32>) -> tensor<4x8x16xf32>
  %r = "graph.relu"(%t) : (tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %r : tensor<4x8x16xf32>
}
