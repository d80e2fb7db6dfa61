// A slice whose step is near INT64_MAX (valid: it takes one element, as x[::2**63-1] in torch)
// overflowed: graph_slice_params formed end - start + step - 1 (UBSan: "4 + 9223372036854775807"),
// and the view layout multiplied the stride by the step (libFuzzer's fuzz-pipeline, UBSan at
// graph.c: "11 * 9223372036854775807"), then unsqueeze multiplied that stride again. The length is
// now ceil((end - start) / step) without the overflowing sum, layout arithmetic is checked
// (__builtin_*_overflow: an unrepresentable layout is not a view, the value is copied) and a
// one-element dim's stride is left alone. Run under the sanitizers by CI (the ASan+UBSan suite).
// RUN: %ind-run %s --func huge_step | %filecheck %s --check-prefix=EXEC
// RUN: %ind-run %s --func select_of_slice | %filecheck %s --check-prefix=EXEC
// RUN: %ind-opt %s --split-input-file --codegen --emit=ptx -o /dev/null
// RUN: %ind-opt %s --split-input-file --preprocess | %filecheck %s --check-prefix=SHAPE
// EXEC: check out0: {{.*}} PASS
// EXEC-NOT: FAIL
// SHAPE-LABEL: sym_name = "huge_step"
// SHAPE: "graph.slice"{{.*}}offset = 11 : i64{{.*}}strides = array<i64: 11, 1>{{.*}}-> tensor<1x11xf32>
// SHAPE: "graph.unsqueeze"{{.*}}offset = 11 : i64, strides = array<i64: 11, 11, 1>{{.*}}-> tensor<1x1x11xf32>
// SHAPE-LABEL: sym_name = "select_of_slice"
// SHAPE: "graph.slice"{{.*}}offset = 2 : i64{{.*}}strides = array<i64: 21, 7, 9223372036854775806>{{.*}}-> tensor<5x3x1xf32>
// SHAPE: "graph.select"{{.*}}offset = 86 : i64, strides = array<i64: 7, 9223372036854775806>{{.*}}-> tensor<3x1xf32>
func.func @huge_step(%a: tensor<4x11xf32>) -> tensor<1x1x11xf32> {
  %0 = "graph.slice"(%a) {dim = 0 : i64, start = 1 : i64, end = 4 : i64, step = 9223372036854775807 : i64} : (tensor<4x11xf32>) -> tensor<1x11xf32>
  %1 = "graph.unsqueeze"(%0) {dim = 0 : i64} : (tensor<1x11xf32>) -> tensor<1x1x11xf32>
  %2 = "graph.relu"(%1) : (tensor<1x1x11xf32>) -> tensor<1x1x11xf32>
  return %2 : tensor<1x1x11xf32>
}

// -----

func.func @select_of_slice(%a: tensor<5x3x7xf32>) -> tensor<3x1xf32> {
  %0 = "graph.slice"(%a) {dim = 2 : i64, start = 2 : i64, end = 9223372036854775807 : i64, step = 9223372036854775806 : i64} : (tensor<5x3x7xf32>) -> tensor<5x3x1xf32>
  %1 = "graph.select"(%0) {dim = 0 : i64, index = 4 : i64} : (tensor<5x3x1xf32>) -> tensor<3x1xf32>
  %2 = "graph.neg"(%1) : (tensor<3x1xf32>) -> tensor<3x1xf32>
  return %2 : tensor<3x1xf32>
}
