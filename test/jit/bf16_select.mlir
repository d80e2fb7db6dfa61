// A bf16 value selected by a mask that is always true, on the CPU JIT: lowering expands the f32 -> bf16
// store into integer ops (arith-expand), but once LLVM's optimizer drops the select, the expansion's
// rounding of a widened bf16 value becomes an fptrunc, a call of compiler-rt's __truncsfbf2, which the
// JIT process lacks ("JIT session error: Symbols not found: [ __truncsfbf2 ]"; in checked mode the error
// named the check record as what was missing). runtime/jit.c registers the conversion with each engine.
// Found as BERT's attention mask in transformers 5 (where(arange >= 0, 0, min) in bf16), AMP on the CPU.
// RUN: %ind-run %s | %filecheck %s
// CHECK: check out0: 2x1x16x16xbf16 max_abs_err=0 {{.*}} PASS
// CHECK: compiled:
func.func @f(%a: tensor<bf16>, %b: tensor<bf16>) -> tensor<2x1x16x16xbf16> {
  %r = "graph.arange"() {end = 16.0 : f64} : () -> tensor<16xi64>
  %c = "graph.constant"() {value = 0.0 : f64} : () -> tensor<i64>
  %u = "graph.reshape"(%r) {shape = array<i64: 1, 1, 16, 1>} : (tensor<16xi64>) -> tensor<1x1x16x1xi64>
  %g = "graph.ge"(%u, %c) : (tensor<1x1x16x1xi64>, tensor<i64>) -> tensor<1x1x16x1xi1>
  %e = "graph.expand"(%g) {shape = array<i64: 2, -1, 16, 16>} : (tensor<1x1x16x1xi1>) -> tensor<2x1x16x16xi1>
  %w = "graph.where"(%e, %a, %b) : (tensor<2x1x16x16xi1>, tensor<bf16>, tensor<bf16>) -> tensor<2x1x16x16xbf16>
  return %w : tensor<2x1x16x16xbf16>
}
