// The reference interpreter's storage rounding on graph programs: every op result is rounded to its
// result's element type (f16 here), comparisons give i1, convert changes the dtype, integer inputs.
// RUN: %python %S/Inputs/run_case.py %ind-run %s f16_chain %t/f16 2x3xf16 "((in0 * np.float64(np.float16(1.1))).astype(np.float16) + np.float64(np.float32(0.3))).astype(np.float16)" --exact | %filecheck %s --check-prefix=F16
// RUN: %not %python %S/Inputs/run_case.py %ind-run %s f16_chain %t/f16_not_f64 2x3xf16 "in0 * np.float64(np.float16(1.1)) + np.float64(np.float32(0.3))" --exact | %filecheck %s --check-prefix=NOT_F64
// RUN: %python %S/Inputs/run_case.py %ind-run %s convert %t/convert 2x3xf32 "(in0.astype(np.float16), in0.astype(np.float16).astype(np.float64) * 2)" --exact | %filecheck %s --check-prefix=CONVERT
// RUN: %python %S/Inputs/run_case.py %ind-run %s ints %t/ints int:2x3xi64,int:3xi64 "(in0 + in1, in0 == in1, (in0 > in1).astype(np.float64) * 1.5)" --exact | %filecheck %s --check-prefix=INTS
/// Constants are rounded to their own type (1.1 to f16, 0.3 to f32). Rounding each op result to f16 is exact, so numpy's f16 casts after each op match bit for bit;
/// computing the whole chain in f64 and rounding once does not.
// F16: ok out0 2x3 float16
// NOT_F64: MISMATCH
// CONVERT: ok out0 2x3 float16
// CONVERT: ok out1 2x3 float32
// INTS: ok out0 2x3 int64
// INTS: ok out1 2x3 bool
// INTS: ok out2 2x3 float32

func.func @f16_chain(%a: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %c = "graph.constant"() {value = 1.1 : f64} : () -> tensor<f16>
  %0 = "graph.mul"(%a, %c) : (tensor<2x3xf16>, tensor<f16>) -> tensor<2x3xf16>
  %d = "graph.constant"() {value = 0.3 : f64} : () -> tensor<f32>
  %1 = "graph.add"(%0, %d) : (tensor<2x3xf16>, tensor<f32>) -> tensor<2x3xf16>
  return %1 : tensor<2x3xf16>
}
func.func @convert(%a: tensor<2x3xf32>) -> (tensor<2x3xf16>, tensor<2x3xf32>) {
  %0 = "graph.convert"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf16>
  %1 = "graph.convert"(%0) : (tensor<2x3xf16>) -> tensor<2x3xf32>
  %2 = "graph.add"(%1, %1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %2 : tensor<2x3xf16>, tensor<2x3xf32>
}
func.func @ints(%a: tensor<2x3xi64>, %b: tensor<3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi1>, tensor<2x3xf32>) {
  %0 = "graph.add"(%a, %b) : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<2x3xi64>
  %1 = "graph.eq"(%a, %b) : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<2x3xi1>
  %2 = "graph.gt"(%a, %b) : (tensor<2x3xi64>, tensor<3xi64>) -> tensor<2x3xi1>
  %3 = "graph.convert"(%2) : (tensor<2x3xi1>) -> tensor<2x3xf32>
  %c = "graph.constant"() {value = 1.5 : f64} : () -> tensor<f32>
  %4 = "graph.mul"(%3, %c) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0, %1, %4 : tensor<2x3xi64>, tensor<2x3xi1>, tensor<2x3xf32>
}
