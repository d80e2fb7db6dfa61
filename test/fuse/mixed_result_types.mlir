// A fused node whose escaping buffers have different types: IRDL binds one type per variadic group,
// so sched.fused groups its results by type, in order of first appearance, and records the group
// sizes in resultSegmentSizes (8 groups). The reference interpreter gives the same outputs.
// RUN: %ind-opt %s --lower --fuse | %filecheck %s
// RUN: %ind-opt %s --lower -o %t.ind.mlir
// RUN: %ind-opt %t.ind.mlir --fuse -o %t.sched.mlir
// RUN: %ind-run --reference %t.ind.mlir --output-dir %t.ref
// RUN: %ind-run --reference %t.sched.mlir --compare-dir %t.ref --rtol 0 --atol 0 | %filecheck %s --check-prefix=NUM

// CHECK-LABEL: sym_name = "two_kinds"
// CHECK: %[[F:.*]]:3 = "sched.fused"() ({
// CHECK: "gpu.yield"(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<8x64xf32>, memref<8xf32>, memref<8xf32>) -> ()
// CHECK: resultSegmentSizes = array<i32: 1, 2, 0, 0, 0, 0, 0, 0>
// CHECK-SAME: : () -> (memref<8x64xf32>, memref<8xf32>, memref<8xf32>)
// CHECK: "func.return"(%[[F]]#1, %[[F]]#0, %[[F]]#2)
// NUM-COUNT-3: max_abs_err=0 max_rel_err=0 OK
func.func @two_kinds(%x: tensor<8x64xf32>) -> (tensor<8xf32>, tensor<8x64xf32>, tensor<8xf32>) {
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<8x64xf32>) -> tensor<8x1xf32>
  %d = "graph.sub"(%x, %m) : (tensor<8x64xf32>, tensor<8x1xf32>) -> tensor<8x64xf32>
  %mx = "graph.amax"(%d) {dims = array<i64: 1>, keepdim = false} : (tensor<8x64xf32>) -> tensor<8xf32>
  %mn = "graph.amin"(%d) {dims = array<i64: 1>, keepdim = false} : (tensor<8x64xf32>) -> tensor<8xf32>
  return %mx, %d, %mn : tensor<8xf32>, tensor<8x64xf32>, tensor<8xf32>
}
