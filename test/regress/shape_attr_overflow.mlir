// Shape attributes whose arithmetic overflows int64 (libFuzzer's fuzz-structured, UBSan at
// shape_rules.c infer_reshape: "4 * 9223372036854775807"): the product of a reshape's sizes, a
// pad's new size, a repeat's count times the size. Each is now computed with checked arithmetic
// and is a located error (the overflowing count is never compared or used).
// RUN: %ind-opt %s --split-input-file --verify-diagnostics --preprocess
// RUN: %not %ind-run --reference %s --func reshape_huge 2>&1 | %filecheck %s
// CHECK: shape_attr_overflow.mlir:11:8: error: the requested shape's element count overflows int64

func.func @reshape_huge(%a: tensor<16x1x1xbf16>) -> tensor<4x4x1xbf16> {
  // expected-error @+1 {{the requested shape's element count overflows int64}}
  %0 = "graph.reshape"(%a) {shape = array<i64: 4, 9223372036854775807, 1>} : (tensor<16x1x1xbf16>) -> tensor<4x4x1xbf16>
  return %0 : tensor<4x4x1xbf16>
}

// -----

func.func @reshape_infer_huge(%a: tensor<16xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{the requested shape's element count overflows int64}}
  %0 = "graph.view"(%a) {shape = array<i64: -1, 4611686018427387904, 4>} : (tensor<16xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @pad_huge(%a: tensor<4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{padding dim 0 overflows int64}}
  %0 = "graph.constant_pad_nd"(%a) {pad = array<i64: 9223372036854775807, 1>, value = 0.0 : f64} : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @repeat_huge(%a: tensor<4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{repeating dim 0 4611686018427387904 times overflows int64}}
  %0 = "graph.repeat"(%a) {repeats = array<i64: 4611686018427387904>} : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
