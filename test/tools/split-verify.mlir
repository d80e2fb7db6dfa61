// --split-input-file keeps each piece's line numbers those of the file; --verify-diagnostics checks
// expected-* comments and fails on unexpected or missing diagnostics.
// RUN: %ind-opt %s --split-input-file --verify-diagnostics
// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(canonicalize)'

// A missing diagnostic and an unexpected one are both errors:
// RUN: %not %ind-opt %S/Inputs/missing-diag.mlir --verify-diagnostics 2>&1 | %filecheck %s --check-prefix=MISSING
// MISSING: missing-diag.mlir:2: error: expected error "never produced" was not produced
// RUN: %not %ind-opt %S/Inputs/verifier-failure.mlir --verify-diagnostics 2>&1 | %filecheck %s --check-prefix=UNEXPECTED
// UNEXPECTED: verifier-failure.mlir:2:8: error: unexpected error: op expects exactly 1 operands

// Without --verify-diagnostics, split pieces are printed separated by '// -----'.
// RUN: %not %ind-opt %s --split-input-file 2>&1 | %filecheck %s --check-prefix=SPLIT
// SPLIT: split-verify.mlir:[[@LINE+12]]:8: error: op expects exactly 1 operands, but got 2
// SPLIT: split-verify.mlir:[[@LINE+19]]:8: error: 'graph.sum' op attribute "keepdim" is expected but not provided

func.func @fine(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bad_operands(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{op expects exactly 1 operands, but got 2}}
  %0 = "graph.relu"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @missing_attr(%x: tensor<4x4xf32>) -> tensor<4x1xf32> {
  // expected-error @below {{attribute "keepdim" is expected but not provided}}
  %0 = "graph.sum"(%x) {dims = array<i64: 1>} : (tensor<4x4xf32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}
