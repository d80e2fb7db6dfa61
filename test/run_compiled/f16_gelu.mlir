// f16 storage end to end: add with a broadcast f16 bias, then gelu (erf through libm), stored as f16.
// The reference rounds after each graph op, the fused kernel once: within 2 ulps (docs/tools/cpu-jit.md).
// RUN: %ind-run %s | %filecheck %s
// CHECK: check out0: 32x64xf16 {{.*}} PASS
func.func @half(%x: tensor<32x64xf16>, %y: tensor<64xf16>) -> tensor<32x64xf16> {
  %a = "graph.add"(%x, %y) : (tensor<32x64xf16>, tensor<64xf16>) -> tensor<32x64xf16>
  %g = "graph.gelu"(%a) : (tensor<32x64xf16>) -> tensor<32x64xf16>
  return %g : tensor<32x64xf16>
}
