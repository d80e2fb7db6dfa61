// graph-infer-shapes on graph.arange (graph_range_params): ceil((end - start) / step) elements, the step
// 1.0 by default (a zero step is refused: infer-shapes-invalid-issue11.mlir), negative steps counting down.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(graph-infer-shapes)' | %filecheck %s

// CHECK-LABEL: sym_name = "aranges"
// CHECK: "graph.arange"() {end = 5.000000e+00 : f64} : () -> tensor<5xf32>
// CHECK: "graph.arange"() {end = 7.500000e+00 : f64, start = 2.000000e+00 : f64, step = 1.000000e+00 : f64} : () -> tensor<6xf32>
// CHECK: "graph.arange"() {end = -3.000000e+00 : f64, step = -1.000000e+00 : f64} : () -> tensor<3xf32>
// CHECK: "graph.arange"() {end = 1.000000e+01 : f64, step = 3.000000e+00 : f64} : () -> tensor<4xf32>
func.func @aranges() -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  %a = "graph.arange"() {end = 5.0 : f64} : () -> tensor<*xf32>
  %b = "graph.arange"() {start = 2.0 : f64, end = 7.5 : f64, step = 1.0 : f64} : () -> tensor<*xf32>
  %c = "graph.arange"() {end = -3.0 : f64, step = -1.0 : f64} : () -> tensor<*xf32>
  %d = "graph.arange"() {end = 10.0 : f64, step = 3.0 : f64} : () -> tensor<*xf32>
  return %a, %b, %c, %d : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}
