// A reduction over 16384 elements per row: codegen picks a looped ("reduction") kernel. x - mean(x).
// RUN: %ind-opt %s --codegen | %filecheck %s --check-prefix=KIND
// RUN: %ind-run %s | %filecheck %s
// KIND: kind = "reduction"
// CHECK: check out0: 8x16384xf32 {{.*}} PASS
func.func @bigred(%x: tensor<8x16384xf32>) -> tensor<8x16384xf32> {
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<8x16384xf32>) -> tensor<8x1xf32>
  %d = "graph.sub"(%x, %m) : (tensor<8x16384xf32>, tensor<8x1xf32>) -> tensor<8x16384xf32>
  return %d : tensor<8x16384xf32>
}
