// Pipeline parsing: project passes and upstream passes mix in one pipeline, with or without the
// builtin.module anchor, with upstream nests, and in the order written.

// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-check-level{level=graph},canonicalize,func.func(cse))' | %filecheck %s
// RUN: %ind-opt %s --pass-pipeline='ind-check-level, canonicalize' | %filecheck %s
// RUN: %ind-opt %s --pass-pipeline='builtin.module()' | %filecheck %s --check-prefix=EMPTY

// Upstream passes of each group ind-opt registers (dialects/dialects.c: transforms, conversions, and the
// dialects' groups: affine, arith, memref, gpu, linalg, tosa, ...) can be named; the LLVM dialect's group is
// not registered (it would link every LLVM backend into ind-opt), so its passes are unknown.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(sccp,symbol-dce,lower-affine,convert-scf-to-cf,arith-expand,expand-strided-metadata,gpu-kernel-outlining,func.func(tosa-infer-shapes,linalg-generalize-named-ops),convert-to-llvm)' | %filecheck %s --check-prefix=GROUPS
// GROUPS: "graph.relu"
// One pass of every other registered group (amdgpu, arith, emitc, linalg, math, memref, nvgpu, scf, tensor,
// transform, gpu, affine, arm_sve, openacc, shape, tosa, vector, bufferization, shard, arm_sme, async, func,
// ml_program, sparse_tensor, spirv), nested under gpu.module: the input has none, so they are only parsed.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(gpu.module(amdgpu-fold-memrefs-ops,arith-expand,form-expressions,convert-linalg-to-loops,math-expand-ops,expand-strided-metadata,nvgpu-optimize-shared-memory,scf-for-loop-canonicalization,fold-tensor-subset-ops,transform-dialect-check-uses,func.func(gpu-eliminate-barriers,affine-loop-normalize,arm-sve-legalize-vector-storage,acc-if-clause-lowering,remove-shape-constraints,tosa-infer-shapes,lower-vector-mask,buffer-hoisting,sharding-propagation),builtin.module(arm-sme-vector-legalization,async-func-to-async-runtime,duplicate-function-elimination,mlprogram-pipeline-globals,pre-sparsification-rewrite),spirv.module(spirv-lower-abi-attrs)))' | %filecheck %s --check-prefix=GROUPS
// RUN: %not %ind-opt %s --pass-pipeline='builtin.module(llvm-legalize-for-export)' 2>&1 | %filecheck %s --check-prefix=NOLLVM
// NOLLVM: error: unknown pass or bad pipeline element 'llvm-legalize-for-export'

// The pass order is the order written: IR printed after each pass shows it.
// RUN: %ind-opt %s --print-ir-after-all --pass-pipeline='builtin.module(ind-check-level,canonicalize)' 2>&1 >/dev/null | %filecheck %s --check-prefix=ORDER
// ORDER: IR Dump After ind-check-level
// ORDER: IR Dump After Canonicalizer

// Per-pass timing.
// RUN: %ind-opt %s --mlir-timing --pass-pipeline='builtin.module(ind-check-level,canonicalize)' 2>&1 >/dev/null | %filecheck %s --check-prefix=TIMING
// TIMING: Execution time report
// TIMING: ind-check-level
// TIMING: Canonicalizer

// The level check fails on an op of another stage, at its location.
// RUN: %not %ind-opt %s --pass-pipeline='builtin.module(ind-check-level{level=ind})' 2>&1 | %filecheck %s --check-prefix=LEVEL
// LEVEL: pipeline.mlir:[[@LINE+7]]:8: error: 'graph.relu' is a graph-level op, but the module should be at the ind level

// CHECK-LABEL: "func.func"
// CHECK: "graph.relu"
// CHECK-NOT: arith.constant
// EMPTY: "graph.relu"
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %c = arith.constant 1.0 : f32
  return %0 : tensor<4xf32>
}
