// An i64 add (pointwise) and an i64 row sum over 4096 elements (a reduction: warp shuffles and workgroup
// memory), for test/codegen/int_compute.mlir.
func.func @f(%a: tensor<64xi64>, %b: tensor<64xi64>, %x: tensor<8x4096xi64>) -> (tensor<64xi64>, tensor<8xi64>) {
  %s = "graph.add"(%a, %b) : (tensor<64xi64>, tensor<64xi64>) -> tensor<64xi64>
  %r = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<8x4096xi64>) -> tensor<8xi64>
  return %s, %r : tensor<64xi64>, tensor<8xi64>
}
