// The reference interpreter ran programs that graph-infer-shapes rejects (shared repro
// reference_accepts_invalid: where with an f32 condition, mean of i32, f64 tensors, var correction
// = "x", sum over dim 0 of a 0-d tensor, result dtypes against the promotion rules). It now checks
// every graph op with the compiler's own rule first (graph_verify_result_types, shared with
// graph-infer-shapes): the same located error, exit 1. Each case is also rejected by --preprocess.
// RUN: %not %ind-run --reference %s --func where_f32 2>&1 | %filecheck %s --check-prefix=WHERE
// RUN: %not %ind-run --reference %s --func mean_i32 2>&1 | %filecheck %s --check-prefix=MEAN
// RUN: %not %ind-run --reference %s --func relu_f64 2>&1 | %filecheck %s --check-prefix=F64
// RUN: %not %ind-run --reference %s --func var_x 2>&1 | %filecheck %s --check-prefix=VAR
// RUN: %not %ind-run --reference %s --func sum_0d 2>&1 | %filecheck %s --check-prefix=SUM0D
// RUN: %not %ind-run --reference %s --func promote 2>&1 | %filecheck %s --check-prefix=PROMO
// RUN: %not %ind-run --reference %s --func where_f32 --output-dir %t.out 2>&1
// RUN: %not test -e %t.out/out0.npy
// RUN: %ind-run --reference %s --func valid | %filecheck %s --check-prefix=VALID
// VALID: out0: 4xf16

func.func @where_f32(%a: tensor<4xf32>) -> tensor<4xf32> {
  // WHERE: reference_rules.mlir:[[@LINE+1]]:8: error: condition must be an i1 tensor
  %0 = "graph.where"(%a, %a, %a) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @mean_i32(%a: tensor<4xi32>) -> tensor<f32> {
  // MEAN: reference_rules.mlir:[[@LINE+1]]:8: error: 'graph.mean' needs a floating-point input
  %0 = "graph.mean"(%a) {dims = array<i64: 0>, keepdim = false} : (tensor<4xi32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @relu_f64(%a: tensor<4xf64>) -> tensor<4xf64> {
  // F64: reference_rules.mlir:[[@LINE+1]]:8: error: unsupported dtype f64
  %0 = "graph.relu"(%a) : (tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
func.func @var_x(%a: tensor<4xf32>) -> tensor<f32> {
  // VAR: reference_rules.mlir:[[@LINE+1]]:8: error:
  %0 = "graph.var"(%a) {dims = array<i64: 0>, keepdim = false, correction = "x"} : (tensor<4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @sum_0d(%a: tensor<f32>) -> tensor<f32> {
  // SUM0D: reference_rules.mlir:[[@LINE+1]]:8: error: 'dims' must be distinct dims in [-0, 0)
  %0 = "graph.sum"(%a) {dims = array<i64: 0>, keepdim = false} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @promote(%a: tensor<4xf16>, %b: tensor<4xf32>) -> tensor<4xf16> {
  // PROMO: reference_rules.mlir:[[@LINE+1]]:8: error: result type mismatch: written tensor<4xf16>, inferred tensor<4xf32>
  %0 = "graph.add"(%a, %b) : (tensor<4xf16>, tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
func.func @valid(%a: tensor<4xf16>, %b: tensor<f32>) -> tensor<4xf16> {
  %0 = "graph.add"(%a, %b) : (tensor<4xf16>, tensor<f32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
