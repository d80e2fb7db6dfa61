// Pointwise blocks at the edges of the halving rule: block (256) is halved while half a block still
// covers numel (block / 2 * vector_width >= numel), never below 32. 512 floats: 128 x 4 (at the edge);
// 516: 256 (128 x 4 = 512 < 516); 128 and 64: 32 (the floor); 130 (vector width 2): 128.
// RUN: %ind-opt %s --split-input-file --codegen | %filecheck %s
// RUN: %ind-opt %s --split-input-file --codegen=block=64 | %filecheck %s --check-prefix=B64
// CHECK: block = 128 : i64, kind = "pointwise"
// CHECK-SAME: sym_name = "triton_poi_fused_neg_0", vector_width = 4 : i64, xblock = 512 : i64
// CHECK: grid = array<i64: 1>
// CHECK: block = 256 : i64, kind = "pointwise"
// CHECK-SAME: sym_name = "triton_poi_fused_neg_0", vector_width = 4 : i64, xblock = 1024 : i64
// CHECK: grid = array<i64: 1>
// CHECK: block = 32 : i64, kind = "pointwise"
// CHECK-SAME: sym_name = "triton_poi_fused_neg_0", vector_width = 4 : i64, xblock = 128 : i64
// CHECK: grid = array<i64: 1>
// CHECK: block = 32 : i64, kind = "pointwise"
// CHECK-SAME: sym_name = "triton_poi_fused_neg_0", vector_width = 4 : i64, xblock = 128 : i64
// CHECK: grid = array<i64: 1>
// CHECK: block = 128 : i64, kind = "pointwise"
// CHECK-SAME: sym_name = "triton_poi_fused_neg_0", vector_width = 2 : i64, xblock = 256 : i64
// CHECK: grid = array<i64: 1>
// B64: block = 64 : i64, kind = "pointwise"
// B64-SAME: vector_width = 4 : i64, xblock = 256 : i64
// B64: grid = array<i64: 2>
// B64: block = 64 : i64, kind = "pointwise"
// B64-SAME: vector_width = 4 : i64, xblock = 256 : i64
// B64: grid = array<i64: 3>
// B64: block = 32 : i64, kind = "pointwise"
// B64-SAME: vector_width = 4 : i64, xblock = 128 : i64
// B64: grid = array<i64: 1>
// B64: block = 32 : i64, kind = "pointwise"
// B64-SAME: vector_width = 4 : i64, xblock = 128 : i64
// B64: grid = array<i64: 1>
// B64: block = 64 : i64, kind = "pointwise"
// B64-SAME: vector_width = 2 : i64, xblock = 128 : i64
// B64: grid = array<i64: 2>

func.func @neg_512(%arg0_1: tensor<512xf32>) -> tensor<512xf32> {
  %s = "graph.neg"(%arg0_1) : (tensor<512xf32>) -> tensor<512xf32>
  return %s : tensor<512xf32>
}
// -----
func.func @neg_516(%arg0_1: tensor<516xf32>) -> tensor<516xf32> {
  %s = "graph.neg"(%arg0_1) : (tensor<516xf32>) -> tensor<516xf32>
  return %s : tensor<516xf32>
}
// -----
func.func @neg_128(%arg0_1: tensor<128xf32>) -> tensor<128xf32> {
  %s = "graph.neg"(%arg0_1) : (tensor<128xf32>) -> tensor<128xf32>
  return %s : tensor<128xf32>
}
// -----
func.func @neg_64(%arg0_1: tensor<64xf32>) -> tensor<64xf32> {
  %s = "graph.neg"(%arg0_1) : (tensor<64xf32>) -> tensor<64xf32>
  return %s : tensor<64xf32>
}
// -----
func.func @neg_130(%arg0_1: tensor<130xf32>) -> tensor<130xf32> {
  %s = "graph.neg"(%arg0_1) : (tensor<130xf32>) -> tensor<130xf32>
  return %s : tensor<130xf32>
}
