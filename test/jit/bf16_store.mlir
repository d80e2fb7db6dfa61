// bf16 stores on the CPU JIT: LLVM lowers an f32 -> bf16 fptrunc to a call of compiler-rt's
// __truncsfbf2, which the JIT process does not have ("JIT session error: Symbols not found:
// [ __truncsfbf2 ]" before lib/jit.h ran arith-expand{include-bf16=true}). Found by
// scripts/fuzz/soak.py (seed 19: an addmm of bf16).
// RUN: %ind-run %s | %filecheck %s
// CHECK: check out0: 4x3xbf16 {{.*}} PASS
// CHECK: check out1: 4x3xbf16 {{.*}} PASS
// CHECK: compiled:
func.func @f(%arg0_1: tensor<4x3xbf16>, %arg1_1: tensor<3x3xbf16>) -> (tensor<4x3xbf16>, tensor<4x3xbf16>) {
  %0 = "graph.add"(%arg0_1, %arg0_1) : (tensor<4x3xbf16>, tensor<4x3xbf16>) -> tensor<4x3xbf16>
  %1 = "graph.mm"(%arg0_1, %arg1_1) : (tensor<4x3xbf16>, tensor<3x3xbf16>) -> tensor<4x3xbf16>
  return %0, %1 : tensor<4x3xbf16>, tensor<4x3xbf16>
}
