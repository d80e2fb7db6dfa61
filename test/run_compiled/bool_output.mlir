// A boolean output (i1 storage, one byte per element in the JIT): x > y with y broadcast.
// RUN: %ind-run %s | %filecheck %s
// CHECK: check out0: 32x64xbool max_abs_err=0 max_rel_err=0 PASS
func.func @boolp(%x: tensor<32x64xf32>, %y: tensor<64xf32>) -> tensor<32x64xi1> {
  %b = "graph.gt"(%x, %y) : (tensor<32x64xf32>, tensor<64xf32>) -> tensor<32x64xi1>
  return %b : tensor<32x64xi1>
}
