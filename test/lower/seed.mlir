// RUN: %ind-opt %s --lower | %filecheck %s
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-graph-to-ind)' | %filecheck %s
//
/// The seed example (note section 06, Inductor's seed_10op/ir_pre_fusion.txt): exactly two computed
/// buffers. buf0 is the row sum (reduction over d1) whose body recomputes s from x and bias (relu
/// chain three times: a is used three times); buf1 is the epilogue reading x, bias, gamma, beta and
/// buf0 (at d0), dividing by 1024 in its own body. Nothing else is realized.

// CHECK-DAG: #[[X:.*]] = affine_map<(d0, d1) -> (d0 * 1024 + d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: function_type = (memref<1024x1024xf32>, memref<1024xf32>, memref<1024xf32>, memref<1024xf32>) -> memref<1024x1024xf32>, sym_name = "seed"
// CHECK: ^bb0(%[[A0:.*]]: memref<1024x1024xf32>, %[[A1:.*]]: memref<1024xf32>, %[[A2:.*]]: memref<1024xf32>, %[[A3:.*]]: memref<1024xf32>):
// CHECK-NEXT: %[[BUF0:.*]] = "ind.reduction"() ({
// CHECK-COUNT-3: "arith.maximumf"
// CHECK-NOT: "ind.load"(%[[A2]])
// CHECK-NOT: "arith.divf"
// CHECK: "gpu.yield"
// CHECK-NEXT: }) {name = "buf0", origins = ["mul", "add", "relu", "mul_1", "mul_2", "add_1", "mean"], ranges = array<i64: 1024>, reduction_ranges = array<i64: 1024>, reduction_type = "sum"} : () -> memref<1024x1xf32>
// CHECK-NEXT: %[[BUF1:.*]] = "ind.pointwise"() ({
// CHECK: "ind.load"(%[[A0]]) {index = #[[X]]}
// CHECK: "ind.load"(%[[A1]]) {index = #[[COL]]}
// CHECK-COUNT-3: "arith.maximumf"
// CHECK: %[[S:.*]] = "ind.load"(%[[BUF0]]) {index = #[[ROW]]} : (memref<1024x1xf32>) -> f32
// CHECK-NEXT: %[[N:.*]] = "arith.constant"() <{value = 1.024000e+03 : f32}>
// CHECK-NEXT: %[[M:.*]] = "arith.divf"(%[[S]], %[[N]])
// CHECK-NEXT: "arith.subf"(%{{.*}}, %[[M]])
// CHECK-NEXT: "ind.load"(%[[A2]]) {index = #[[COL]]}
// CHECK-NEXT: "arith.mulf"
// CHECK-NEXT: "ind.load"(%[[A3]]) {index = #[[COL]]}
// CHECK-NEXT: "arith.addf"
// CHECK-NEXT: "gpu.yield"
// CHECK-NEXT: }) {name = "buf1", origins = ["mul", "add", "relu", "mul_1", "mul_2", "add_1", "mean", "sub", "mul_3", "add_2"], ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
// CHECK-NEXT: "func.return"(%[[BUF1]])
// CHECK-NOT: "ind.

func.func @seed(%arg0_1: tensor<1024x1024xf32>, %arg1_1: tensor<1024xf32>, %arg2_1: tensor<1024xf32>, %arg3_1: tensor<1024xf32>) -> tensor<1024x1024xf32> {
  %cst = "graph.constant"() {value = 1.1 : f64} : () -> tensor<f32>
  %mul = "graph.mul"(%arg0_1, %cst) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %add = "graph.add"(%mul, %arg1_1) : (tensor<1024x1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
  %relu = "graph.relu"(%add) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %mul_1 = "graph.mul"(%relu, %relu) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %cst_0 = "graph.constant"() {value = 0.1 : f64} : () -> tensor<f32>
  %mul_2 = "graph.mul"(%relu, %cst_0) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %add_1 = "graph.add"(%mul_1, %mul_2) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %mean = "graph.mean"(%add_1) {dims = array<i64: 1>, keepdim = true} : (tensor<1024x1024xf32>) -> tensor<1024x1xf32>
  %sub = "graph.sub"(%add_1, %mean) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %mul_3 = "graph.mul"(%sub, %arg2_1) : (tensor<1024x1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
  %add_2 = "graph.add"(%mul_3, %arg3_1) : (tensor<1024x1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
  return %add_2 : tensor<1024x1024xf32>
}
