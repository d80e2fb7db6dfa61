// The --preprocess stage: its pipeline, a bad value, and a module already past the graph level.
// RUN: %ind-opt %s --preprocess | %filecheck %s
// RUN: %not %ind-opt %s --preprocess=fast 2>&1 | %filecheck %s --check-prefix=VALUE
// RUN: %not %ind-opt %s --pass-pipeline='builtin.module(graph-infer-shapes{fast=1})' 2>&1 | %filecheck %s --check-prefix=OPT

/// The whole stage runs on a composite program: softmax is decomposed, view becomes reshape,
/// x * 1 goes, the dead op goes, and result types are filled in.
// CHECK-LABEL: function_type = (tensor<4x8xf32>) -> tensor<32xf32>, sym_name = "stage"
// CHECK-NOT: "graph.softmax"
// CHECK-NOT: "graph.view"
// CHECK-NOT: "graph.neg"
// CHECK: "graph.amax"
// CHECK: "graph.div"
// CHECK-NOT: "graph.mul"
// CHECK: "graph.reshape"({{.*}}) {shape = array<i64: 32>, strides = array<i64: 1>} : (tensor<4x8xf32>) -> tensor<32xf32>
// VALUE: error: --preprocess takes no value, or addmm-epilogue=true|false (got 'fast')
// OPT: pass 'graph-infer-shapes' has no option 'fast'
func.func @stage(%a: tensor<4x8xf32>) -> tensor<*xf32> {
  %s = "graph.softmax"(%a) {dim = -1 : i64} : (tensor<4x8xf32>) -> tensor<*xf32>
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %m = "graph.mul"(%s, %one) : (tensor<*xf32>, tensor<f32>) -> tensor<*xf32>
  %dead = "graph.neg"(%m) : (tensor<*xf32>) -> tensor<*xf32>
  %v = "graph.view"(%m) {shape = array<i64: -1>} : (tensor<*xf32>) -> tensor<*xf32>
  return %v : tensor<*xf32>
}
