// native_layer_norm (the op the importer emits when mean/rstd are read) takes the same Welford rule as
// layer_norm: its m2 is tagged var_m2 by graph-decompose, so over 10 elements (> 8) the variance is a
// welford_m2 reduction of x itself, not a sum of squared deviations reading the mean's buffer. Its mean
// output is still a buffer of its own.
// RUN: %ind-opt %s --lower | %filecheck %s
// RUN: %ind-run %s | %filecheck %s --check-prefix=NUM
// NUM-NOT: FAIL
// NUM-COUNT-3: PASS
// CHECK-LABEL: sym_name = "nln"
// CHECK: reduction_type = "welford_m2"
// CHECK-NOT: sym_name =
// CHECK: "func.return"
func.func @nln(%x: tensor<4x10xf32>, %w: tensor<10xf32>, %b: tensor<10xf32>) -> (tensor<4x10xf32>, tensor<4x1xf32>, tensor<4x1xf32>) {
  %o, %m, %r = "graph.native_layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 10>, eps = 1.0e-05 : f64} : (tensor<4x10xf32>, tensor<10xf32>, tensor<10xf32>) -> (tensor<4x10xf32>, tensor<4x1xf32>, tensor<4x1xf32>)
  return %o, %m, %r : tensor<4x10xf32>, tensor<4x1xf32>, tensor<4x1xf32>
}
