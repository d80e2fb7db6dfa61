// Shapes whose element count overflows int64 (or comes near it) were accepted: UBSan aborted on
// signed overflow in ceil_div (sched-to-kernel) and flat_offset (lowering); the release build exited
// 0 with a negative grid or memref<0xf32>. graph-infer-shapes now limits tensors to 2^48 elements,
// arguments and inferred results, with a located error. Shared repros dim_int64max, numel_overflow.
// RUN: %ind-opt %s --split-input-file --verify-diagnostics --codegen
// RUN: %ind-opt %s --split-input-file --verify-diagnostics --preprocess

// expected-error @+1 {{argument 0 (tensor<9223372036854775807xf32>) has more than 2^48 elements, the most ind supports}}
func.func @dim_max(%arg0_1: tensor<9223372036854775807xf32>) -> tensor<9223372036854775807xf32> {
  %0 = "graph.relu"(%arg0_1) : (tensor<9223372036854775807xf32>) -> tensor<9223372036854775807xf32>
  return %0 : tensor<9223372036854775807xf32>
}

// -----

// expected-error @+1 {{argument 0 (tensor<4294967296x4294967296xf32>) has more than 2^48 elements}}
func.func @numel_overflow(%arg0_1: tensor<4294967296x4294967296xf32>) -> tensor<4294967296x4294967296xf32> {
  %0 = "graph.relu"(%arg0_1) : (tensor<4294967296x4294967296xf32>) -> tensor<4294967296x4294967296xf32>
  return %0 : tensor<4294967296x4294967296xf32>
}

// -----

// 2^48 + 2^24 elements, made by a broadcast of two small arguments: the inferred result is checked.
func.func @broadcast_result(%arg0_1: tensor<16777217x1xf32>, %arg1_1: tensor<16777216xf32>) -> tensor<16777217x16777216xf32> {
  // expected-error @+1 {{result 0 (tensor<16777217x16777216xf32>) has more than 2^48 elements}}
  %0 = "graph.add"(%arg0_1, %arg1_1) : (tensor<16777217x1xf32>, tensor<16777216xf32>) -> tensor<16777217x16777216xf32>
  return %0 : tensor<16777217x16777216xf32>
}

// -----

// Exactly 2^48 elements is the limit and compiles (no allocation happens at compile time).
func.func @at_limit(%arg0_1: tensor<16777216x16777216xf32>) -> tensor<16777216x16777216xf32> {
  %0 = "graph.relu"(%arg0_1) : (tensor<16777216x16777216xf32>) -> tensor<16777216x16777216xf32>
  return %0 : tensor<16777216x16777216xf32>
}
