// ind-run's check failed correct programs whose outputs depend on f16/bf16 intermediates (shared
// repros lowp_f32_output_false_alarm, lowp_bool_eq_false_alarm): the reference rounds every graph
// op's result to its dtype, a fused kernel computes in f32 and rounds only what it stores. Now the
// tolerance of an output is that of the lowest precision on its path (its backward cone), and an
// element also passes when it matches the reference without intermediate f16/bf16 rounding (the
// other end: a comparison of a low-precision value may come out either way). An all-f32 path keeps
// the strict default tolerance and gets no second reference (the part this must leave alone); a bool
// output is compared exactly.
// RUN: %ind-run %s --func f32_out | %filecheck %s --check-prefix=F32OUT
// RUN: %ind-run %s --func bool_eq | %filecheck %s --check-prefix=BOOL
// RUN: %ind-run %s --func all_f32 | %filecheck %s --check-prefix=STRICT
// F32OUT: check out0: 33x7xbf16 {{.*}} PASS (every element within atol=0.0078125 + rtol=0.015625
// F32OUT: check out1: 33x64xf32 {{.*}} PASS (every element within atol=0.0078125 + rtol=0.015625
// BOOL: check out0: 1023x2x17xbool {{.*}} PASS {{.*}} ({{[0-9]+}} matched only the reference without intermediate f16/bf16 rounding)
// STRICT: check out0: 1023x2x17xbool {{.*}} PASS (every element equal: integer outputs are compared exactly){{$}}
// STRICT: check out1: 33x64xf32 {{.*}} PASS (every element within atol=1e-05 + rtol=0.0001 * |reference|){{$}}

// Random program seed 100313: out1 is f32 but depends on bf16 values.
func.func @f32_out(%arg0_1: tensor<33x64xbf16>, %arg1_1: tensor<33x1xbf16>, %arg2_1: tensor<64xf16>, %arg3_1: tensor<1x7xbf16>, %arg4_1: tensor<1x7xbf16>) -> (tensor<33x7xbf16>, tensor<33x64xf32>) {
  %v1 = "graph.abs"(%arg1_1) : (tensor<33x1xbf16>) -> tensor<33x1xbf16>
  %v2 = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %v3 = "graph.add"(%v1, %v2) : (tensor<33x1xbf16>, tensor<f32>) -> tensor<33x1xbf16>
  %v4 = "graph.div"(%arg0_1, %v3) : (tensor<33x64xbf16>, tensor<33x1xbf16>) -> tensor<33x64xbf16>
  %v5 = "graph.maximum"(%arg2_1, %v4) : (tensor<64xf16>, tensor<33x64xbf16>) -> tensor<33x64xf32>
  %v6 = "graph.addmm"(%arg4_1, %v3, %arg3_1) {alpha = 1.0 : f64, beta = 1.0 : f64} : (tensor<1x7xbf16>, tensor<33x1xbf16>, tensor<1x7xbf16>) -> tensor<33x7xbf16>
  return %v6, %v5 : tensor<33x7xbf16>, tensor<33x64xf32>
}

// Random program seed 100481: eq of a bf16 tanh (rounded by the reference, f32 in the kernel).
func.func @bool_eq(%arg0_1: tensor<1023x2x17xbf16>, %arg1_1: tensor<1023x1x1xbf16>, %arg2_1: tensor<bf16>) -> tensor<1023x2x17xi1> {
  %v2 = "graph.tanh"(%arg0_1) : (tensor<1023x2x17xbf16>) -> tensor<1023x2x17xbf16>
  %v3 = "graph.eq"(%v2, %arg2_1) : (tensor<1023x2x17xbf16>, tensor<bf16>) -> tensor<1023x2x17xi1>
  return %v3 : tensor<1023x2x17xi1>
}

// The same shapes in f32: strict tolerance.
func.func @all_f32(%a: tensor<1023x2x17xf32>, %s: tensor<f32>, %b: tensor<33x64xf32>, %c: tensor<33x1xf32>) -> (tensor<1023x2x17xi1>, tensor<33x64xf32>) {
  %0 = "graph.tanh"(%a) : (tensor<1023x2x17xf32>) -> tensor<1023x2x17xf32>
  %1 = "graph.eq"(%0, %s) : (tensor<1023x2x17xf32>, tensor<f32>) -> tensor<1023x2x17xi1>
  %2 = "graph.div"(%b, %c) : (tensor<33x64xf32>, tensor<33x1xf32>) -> tensor<33x64xf32>
  return %1, %2 : tensor<1023x2x17xi1>, tensor<33x64xf32>
}
