// graph-decompose on the composites of issue 11: aten_softmax (ATen _softmax) is softmax;
// scaled_dot_product_attention is AOTAutograd's math decomposition (q @ k^T * scale, the causal mask
// from iota, softmax, @ v), batch dims of rank-4 inputs flattened around the bmm's.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-infer-shapes,graph-decompose)' | %filecheck %s

// CHECK-LABEL: sym_name = "sdpa_causal"
// CHECK: "graph.reshape"({{.*}}) {shape = array<i64: 6, 16, 8>}
// CHECK: "graph.permute"({{.*}}) {dims = array<i64: 0, 2, 1>}
// CHECK: "graph.bmm"({{.*}}) : (tensor<6x16x8xf32>, tensor<6x8x16xf32>) -> tensor<6x16x16xf32>
// CHECK: "graph.mul"
// CHECK: "graph.iota"() : () -> tensor<16xi64>
// CHECK: "graph.ge"({{.*}}) : (tensor<16x1xi64>, tensor<1x16xi64>) -> tensor<16x16xi1>
// CHECK: "graph.where"
// CHECK: "graph.amax"
// CHECK: "graph.exp"
// CHECK: "graph.sum"
// CHECK: "graph.div"
// CHECK: "graph.bmm"({{.*}}) : (tensor<6x16x16xf32>, tensor<6x16x4xf32>) -> tensor<6x16x4xf32>
// CHECK: "graph.reshape"({{.*}}) {shape = array<i64: 2, 3, 16, 4>}
// CHECK-NOT: scaled_dot_product_attention
func.func @sdpa_causal(%q: tensor<2x3x16x8xf32>, %k: tensor<2x3x16x8xf32>, %v: tensor<2x3x16x4xf32>) -> tensor<2x3x16x4xf32> {
  %r = "graph.scaled_dot_product_attention"(%q, %k, %v) {is_causal = true} : (tensor<2x3x16x8xf32>, tensor<2x3x16x8xf32>, tensor<2x3x16x4xf32>) -> tensor<2x3x16x4xf32>
  return %r : tensor<2x3x16x4xf32>
}

// -----

// CHECK-LABEL: sym_name = "sdpa_2d"
// CHECK: "graph.mm"
// CHECK-NOT: "graph.iota"
// CHECK: "graph.mm"
func.func @sdpa_2d(%q: tensor<8x16xf32>, %k: tensor<12x16xf32>, %v: tensor<12x8xf32>) -> tensor<8x8xf32> {
  %r = "graph.scaled_dot_product_attention"(%q, %k, %v) : (tensor<8x16xf32>, tensor<12x16xf32>, tensor<12x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: sym_name = "aten_softmax"
// CHECK: "graph.amax"
// CHECK: "graph.div"
// CHECK-NOT: aten_softmax
func.func @aten_softmax(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %r = "graph.aten_softmax"(%x) {dim = 1 : i64, half_to_float = false} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
