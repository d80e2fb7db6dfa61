// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-view-to-reshape)' | %filecheck %s

/// view becomes reshape with the same operand, attributes and type; its users follow.
// CHECK-LABEL: sym_name = "view"
// CHECK-NOT: graph.view
// CHECK: %[[R:.*]] = "graph.reshape"(%{{.*}}) {shape = array<i64: 8>, strides = array<i64: 1>} : (tensor<2x4xf32>) -> tensor<8xf32>
// CHECK: "graph.exp"(%[[R]])
func.func @view(%a: tensor<2x4xf32>) -> tensor<8xf32> {
  %v = "graph.view"(%a) {shape = array<i64: 8>, strides = array<i64: 1>} : (tensor<2x4xf32>) -> tensor<8xf32>
  %e = "graph.exp"(%v) : (tensor<8xf32>) -> tensor<8xf32>
  return %e : tensor<8xf32>
}

// -----

/// A view of a view: both become reshapes, in order.
// CHECK-LABEL: sym_name = "chain"
// CHECK: %[[R0:.*]] = "graph.reshape"(%{{.*}}) {shape = array<i64: 4, 2>}
// CHECK: "graph.reshape"(%[[R0]]) {shape = array<i64: 8>}
func.func @chain(%a: tensor<2x4xf32>) -> tensor<8xf32> {
  %v = "graph.view"(%a) {shape = array<i64: 4, 2>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  %w = "graph.view"(%v) {shape = array<i64: 8>} : (tensor<4x2xf32>) -> tensor<8xf32>
  return %w : tensor<8xf32>
}

// -----

/// Existing reshapes and other views (permute, expand) are left alone.
// CHECK-LABEL: sym_name = "others"
// CHECK: "graph.reshape"(%{{.*}}) {shape = array<i64: 8>}
// CHECK: "graph.permute"
// CHECK: "graph.expand"
func.func @others(%a: tensor<2x4xf32>, %b: tensor<1x4xf32>) -> (tensor<8xf32>, tensor<4x2xf32>, tensor<3x4xf32>) {
  %r = "graph.reshape"(%a) {shape = array<i64: 8>} : (tensor<2x4xf32>) -> tensor<8xf32>
  %p = "graph.permute"(%a) {dims = array<i64: 1, 0>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  %e = "graph.expand"(%b) {shape = array<i64: 3, 4>} : (tensor<1x4xf32>) -> tensor<3x4xf32>
  return %r, %p, %e : tensor<8xf32>, tensor<4x2xf32>, tensor<3x4xf32>
}
