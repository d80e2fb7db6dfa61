// Regression: a fused node yielding buffers of different types (a reduction's [8] and a pointwise
// [8, 16384]). IRDL binds one type per variadic group, so sched.fused groups its results by type
// (resultSegmentSizes); before that, fusion produced an op that failed verification.
// RUN: %ind-run %s | %filecheck %s
// CHECK: check out0: 8xf32 {{.*}} PASS
// CHECK: check out1: 8x16384xf32 {{.*}} PASS
func.func @bigred(%x: tensor<8x16384xf32>) -> (tensor<8xf32>, tensor<8x16384xf32>) {
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<8x16384xf32>) -> tensor<8x1xf32>
  %d = "graph.sub"(%x, %m) : (tensor<8x16384xf32>, tensor<8x1xf32>) -> tensor<8x16384xf32>
  %mx = "graph.amax"(%d) {dims = array<i64: 1>, keepdim = false} : (tensor<8x16384xf32>) -> tensor<8xf32>
  return %mx, %d : tensor<8xf32>, tensor<8x16384xf32>
}
