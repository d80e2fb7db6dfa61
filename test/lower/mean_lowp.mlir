// An f16 / bf16 mean: its realized sum is stored in f32 until the division (Inductor's mean lowering
// computes in f32 "until end of mean lowering"); a sum stored in f16 overflows where the mean does not
// (8 values of -1e4: the sum -8e4 is past f16's 65504, the mean is not; torch fuzz seed 3958). A sum keeps
// its own dtype (PyTorch's sum of f16 is f16).
// Numbers: test/torch/cases.py half_mean (against eager).
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind)' | %filecheck %s

// CHECK-LABEL: sym_name = "mean_f16"
// CHECK: "ind.reduction"
// CHECK: name = "buf0", origins = ["mean"]
// CHECK-SAME: reduction_type = "sum"} : () -> memref<4xf32>
// CHECK: name = "buf1", origins = ["mean"], ranges = array<i64: 4>} : () -> memref<4xf16>
func.func @mean_f16(%x: tensor<4x8xf16>) -> tensor<4xf16> {
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x8xf16>) -> tensor<4xf16>
  return %m : tensor<4xf16>
}

// -----

// CHECK-LABEL: sym_name = "sum_f16"
// CHECK: "ind.reduction"
// CHECK: reduction_type = "sum"} : () -> memref<4xf16>
func.func @sum_f16(%x: tensor<4x8xf16>) -> tensor<4xf16> {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x8xf16>) -> tensor<4xf16>
  return %s : tensor<4xf16>
}

// -----

/// A mean over size-1 dims is its element (a pointwise buffer), in the result's dtype: an f16 result of
/// the program stays f16 (torch fuzz seed 2237: an f32 buffer returned where the caller expects bf16).
// CHECK-LABEL: sym_name = "mean_one_f16"
// CHECK-NOT: "ind.reduction"
// CHECK: origins = ["mean"], ranges = array<i64: 4>} : () -> memref<4x1xf16>
func.func @mean_one_f16(%x: tensor<4x1xf16>) -> tensor<4x1xf16> {
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<4x1xf16>) -> tensor<4x1xf16>
  return %m : tensor<4x1xf16>
}
