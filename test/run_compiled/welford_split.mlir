// A split welford (docs/passes/lower.md, "Welford and online softmax"): the m2 of a var / std / layer norm
// whose reduction split_reduction splits is computed as Welford partials combined by Chan's formula, run
// on the CPU JIT against the reference interpreter. A column that is constant by construction has
// variance exactly 0 (eager's and Inductor's split Welford too; the split two-step sum / N is off by an
// ulp, so eq(var, 0) is false there: with welford=false this test's first check fails).
// RUN: %ind-run %s --func const_cols | %filecheck %s --check-prefix=COLS
// RUN: %ind-run %s --func row_inner | %filecheck %s --check-prefix=ROW
// RUN: %ind-run %s --func ragged | %filecheck %s --check-prefix=RAGGED
// RUN: %ind-run %s --func layer_norm | %filecheck %s --check-prefix=LN
// RUN: %ind-run %s --func layer_norm_prime | %filecheck %s --check-prefix=PRIME
// RUN: %ind-opt %s --preprocess | %ind-opt --pass-pipeline='builtin.module(convert-graph-to-ind{welford=false})' > %t.off.mlir
// RUN: not %ind-run %t.off.mlir --func const_cols 2>&1 | %filecheck %s --check-prefix=OFF

// 384 rows into 3 partials of 128 (an OUTER split), stage 2 over the 3.
// COLS: check out0: 5xbool max_abs_err=0 max_rel_err=0 PASS
// COLS: check out1: 5xf32 {{.*}} PASS
// COLS: check out2: 5xf32 {{.*}} PASS
// OFF: check out0: 5xbool max_abs_err=1 max_rel_err=1 FAIL
func.func @const_cols(%x: tensor<384x5xf32>) -> (tensor<5xi1>, tensor<5xf32>, tensor<5xf32>) {
  %c = "graph.constant"() {value = 1.1 : f64} : () -> tensor<f32>
  %m = "graph.maximum"(%x, %c) : (tensor<384x5xf32>, tensor<f32>) -> tensor<384x5xf32>
  %v = "graph.var"(%m) {dims = array<i64: 0>, keepdim = false, correction = 0 : i64} : (tensor<384x5xf32>) -> tensor<5xf32>
  %z = "graph.constant"() {value = 0.0 : f64} : () -> tensor<f32>
  %e = "graph.eq"(%v, %z) : (tensor<5xf32>, tensor<f32>) -> tensor<5xi1>
  %w = "graph.var"(%x) {dims = array<i64: 0>, keepdim = false, correction = 1 : i64} : (tensor<384x5xf32>) -> tensor<5xf32>
  %v0 = "graph.var"(%x) {dims = array<i64: 0>, keepdim = false, correction = 0 : i64} : (tensor<384x5xf32>) -> tensor<5xf32>
  %s = "graph.sqrt"(%v0) : (tensor<5xf32>) -> tensor<5xf32>
  return %e, %w, %s : tensor<5xi1>, tensor<5xf32>, tensor<5xf32>
}

// One row of 65536 (an INNER split), offset by 100 so that a mean's rounding would show in the m2.
// ROW: check out0: 1xf32 {{.*}} PASS
func.func @row_inner(%x: tensor<1x65536xf32>) -> tensor<1xf32> {
  %c = "graph.constant"() {value = 100.0 : f64} : () -> tensor<f32>
  %y = "graph.add"(%x, %c) : (tensor<1x65536xf32>, tensor<f32>) -> tensor<1x65536xf32>
  %v = "graph.var"(%y) {dims = array<i64: 1>, keepdim = false, correction = 1 : i64} : (tensor<1x65536xf32>) -> tensor<1xf32>
  return %v : tensor<1xf32>
}

// rnumel = 4 * 3 * 5 * 7 * 11 = 4620 over 3 columns: the heuristic's split does not divide it, the welford
// takes the closest divisor (no masked partials).
// RAGGED: check out0: 3xf32 {{.*}} PASS
func.func @ragged(%x: tensor<4620x3xf32>) -> tensor<3xf32> {
  %v = "graph.var"(%x) {dims = array<i64: 0>, keepdim = false, correction = 1 : i64} : (tensor<4620x3xf32>) -> tensor<3xf32>
  return %v : tensor<3xf32>
}

// A layer norm over 16384 of 2 rows: mean(c * c) split, its rstd and the normalized rows.
// LN: check out0: 2x16384xf32 {{.*}} PASS
// LN: check out1: 2x1xf32 {{.*}} PASS
// LN: check out2: 2x1xf32 {{.*}} PASS
func.func @layer_norm(%x: tensor<2x16384xf32>, %w: tensor<16384xf32>, %b: tensor<16384xf32>) -> (tensor<2x16384xf32>, tensor<2x1xf32>, tensor<2x1xf32>) {
  %y, %m, %r = "graph.native_layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 16384>, eps = 1.0e-05 : f64} : (tensor<2x16384xf32>, tensor<16384xf32>, tensor<16384xf32>) -> (tensor<2x16384xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y, %m, %r : tensor<2x16384xf32>, tensor<2x1xf32>, tensor<2x1xf32>
}

// A prime row length (65521): the mean's sum is split (masked) and the welford is not (no divisor), so
// the mean stays the split sum / N: the welford_mean sibling must reduce x itself, never the mean's
// partial sums.
// PRIME: check out0: 1x65521xf32 {{.*}} PASS
// PRIME: check out1: 1x1xf32 {{.*}} PASS
// PRIME: check out2: 1x1xf32 {{.*}} PASS
func.func @layer_norm_prime(%x: tensor<1x65521xf32>, %w: tensor<65521xf32>, %b: tensor<65521xf32>) -> (tensor<1x65521xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %y, %m, %r = "graph.native_layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 65521>, eps = 1.0e-05 : f64} : (tensor<1x65521xf32>, tensor<65521xf32>, tensor<65521xf32>) -> (tensor<1x65521xf32>, tensor<1x1xf32>, tensor<1x1xf32>)
  return %y, %m, %r : tensor<1x65521xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}
