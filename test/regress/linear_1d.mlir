// linear with a 1-D input (ATen accepts x: [K]): graph-decompose refused it with the misleading
// "cannot decompose 'graph.linear' (are its operand types inferred? ...)". It now reshapes x to
// [1, K], multiplies, and reshapes the [1, N] result to [N]. Shared repro linear_1d.
// RUN: %ind-opt %s --preprocess | %filecheck %s
// RUN: %ind-run %s | %filecheck %s --check-prefix=DRIVER
// CHECK: "graph.reshape"(%arg0) {shape = array<i64: 1, 8>{{.*}}} : (tensor<8xf32>) -> tensor<1x8xf32>
// CHECK: "graph.permute"(%arg1) {dims = array<i64: 1, 0>{{.*}}} : (tensor<4x8xf32>) -> tensor<8x4xf32>
// CHECK: "graph.mm"({{.*}}) : (tensor<1x8xf32>, tensor<8x4xf32>) -> tensor<1x4xf32>
// CHECK: "graph.reshape"({{.*}}) {shape = array<i64: 4>{{.*}}} : (tensor<1x4xf32>) -> tensor<4xf32>
// CHECK: "graph.add"
// DRIVER: check out0: 4xf32 {{.*}} PASS
func.func @f(%arg0_1: tensor<8xf32>, %arg1_1: tensor<4x8xf32>, %arg2_1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.linear"(%arg0_1, %arg1_1, %arg2_1) : (tensor<8xf32>, tensor<4x8xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
