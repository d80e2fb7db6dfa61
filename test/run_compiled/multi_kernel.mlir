// Several kernels and an extern mm in one program: a row softmax (persistent reduction), a column sum
// of it (a reduction over the other axis: another kernel), the mm of the softmax with w and a tanh
// epilogue. Three outputs, each checked against the reference interpreter.
// RUN: %ind-run %s | %filecheck %s
// CHECK: check out0: 64x256xf32 {{.*}} PASS
// CHECK-NEXT: check out1: 256xf32 {{.*}} PASS
// CHECK-NEXT: check out2: 64x32xf32 {{.*}} PASS
// CHECK-NEXT: compiled: compile
func.func @multi(%x: tensor<64x256xf32>, %w: tensor<256x32xf32>) -> (tensor<64x256xf32>, tensor<256xf32>, tensor<64x32xf32>) {
  %amax = "graph.amax"(%x) {dims = array<i64: -1>, keepdim = true} : (tensor<64x256xf32>) -> tensor<64x1xf32>
  %sub = "graph.sub"(%x, %amax) : (tensor<64x256xf32>, tensor<64x1xf32>) -> tensor<64x256xf32>
  %exp = "graph.exp"(%sub) : (tensor<64x256xf32>) -> tensor<64x256xf32>
  %s = "graph.sum"(%exp) {dims = array<i64: -1>, keepdim = true} : (tensor<64x256xf32>) -> tensor<64x1xf32>
  %sm = "graph.div"(%exp, %s) : (tensor<64x256xf32>, tensor<64x1xf32>) -> tensor<64x256xf32>
  %col = "graph.sum"(%sm) {dims = array<i64: 0>, keepdim = false} : (tensor<64x256xf32>) -> tensor<256xf32>
  %mm = "graph.mm"(%sm, %w) : (tensor<64x256xf32>, tensor<256x32xf32>) -> tensor<64x32xf32>
  %t = "graph.tanh"(%mm) : (tensor<64x32xf32>) -> tensor<64x32xf32>
  return %sm, %col, %t : tensor<64x256xf32>, tensor<256xf32>, tensor<64x32xf32>
}
