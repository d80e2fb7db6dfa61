// The ind/sched reference interpreter computed every body op in double but stored buffers rounded
// to f32, so a value both stored and recomputed inline disagreed with itself: var over one element
// of pow(x, 2) lowers to sum((x*x - mean)^2) with the mean a stored f32 buffer and x*x recomputed;
// x*x (double) - f32(x*x) left ~1e-9, gt(var, 0) took the other branch, and the where chose the
// other input (soak seed 1000600, shrunk). The compiled code (f32 throughout) and the graph reference
// agreed. Now f32 body ops are rounded to f32 in the interpreter too.
// RUN: %ind-run %s --reference --output-dir %t.graph --seed 3
// RUN: %ind-opt %s --lower -o %t.ind.mlir
// RUN: %ind-run %t.ind.mlir --reference --seed 3 --compare-dir %t.graph | %filecheck %s
// RUN: %ind-opt %t.ind.mlir --fuse -o %t.sched.mlir
// RUN: %ind-run %t.sched.mlir --reference --seed 3 --compare-dir %t.graph | %filecheck %s
// CHECK: out0: max_abs_err=0 max_rel_err=0 OK
func.func @prog(%arg0_1: tensor<f32>, %arg1_1: tensor<1x1xf32>, %arg2_1: tensor<2x1x1xf32>) -> tensor<1x1x1xf32> {
  %v4 = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f16>
  %v5 = "graph.pow"(%arg0_1, %v4) : (tensor<f32>, tensor<f16>) -> tensor<f32>
  %v6 = "graph.var"(%v5) {dims = array<i64>, keepdim = false, correction = 0 : i64} : (tensor<f32>) -> tensor<f32>
  %v13 = "graph.constant"() {value = 0.0 : f64} : () -> tensor<f32>
  %v14 = "graph.gt"(%v6, %v13) : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %v15 = "graph.where"(%v14, %arg1_1, %arg2_1) : (tensor<i1>, tensor<1x1xf32>, tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  %v16 = "graph.slice"(%v15) {dim = 0 : i64, start = 0 : i64, end = 1 : i64, step = 3 : i64} : (tensor<2x1x1xf32>) -> tensor<1x1x1xf32>
  return %v16 : tensor<1x1x1xf32>
}
