// The sum of 2^25 i32 ones is an i64 (torch), exactly 33554432.
func.func @f() -> tensor<i64> {
  %o = "graph.ones"() {shape = array<i64: 32, 1048576>} : () -> tensor<32x1048576xi32>
  %s = "graph.sum"(%o) {dims = array<i64: 0, 1>, keepdim = false} : (tensor<32x1048576xi32>) -> tensor<i64>
  return %s : tensor<i64>
}
