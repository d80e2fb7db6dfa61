// Every diagnostic of graph-infer-shapes for index_select, gather and embedding.
// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(graph-infer-shapes)'

func.func @float_index(%x: tensor<4x20xf32>, %i: tensor<6xf32>) {
  // expected-error @+1 {{the index of 'graph.index_select' must be an i32 or i64 tensor}}
  %a = "graph.index_select"(%x, %i) {dim = 1 : i64} : (tensor<4x20xf32>, tensor<6xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @bool_index(%x: tensor<4x20xf32>, %i: tensor<4x20xi1>) {
  // expected-error @+1 {{the index of 'graph.gather' must be an i32 or i64 tensor}}
  %a = "graph.gather"(%x, %i) {dim = 1 : i64} : (tensor<4x20xf32>, tensor<4x20xi1>) -> tensor<*xf32>
  return
}

// -----

func.func @dim_out_of_range(%x: tensor<4x20xf32>, %i: tensor<6xi64>) {
  // expected-error @+1 {{'graph.index_select' needs a 'dim' in [-2, 2)}}
  %a = "graph.index_select"(%x, %i) {dim = 2 : i64} : (tensor<4x20xf32>, tensor<6xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @dim_negative_out_of_range(%x: tensor<4x20xf32>, %i: tensor<4x20xi64>) {
  // expected-error @+1 {{'graph.gather' needs a 'dim' in [-2, 2)}}
  %a = "graph.gather"(%x, %i) {dim = -3 : i64} : (tensor<4x20xf32>, tensor<4x20xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @scalar_input(%x: tensor<f32>, %i: tensor<i64>) {
  // expected-error @+1 {{'graph.index_select' needs an input of rank >= 1}}
  %a = "graph.index_select"(%x, %i) {dim = 0 : i64} : (tensor<f32>, tensor<i64>) -> tensor<*xf32>
  return
}

// -----

func.func @index_select_2d_index(%x: tensor<4x20xf32>, %i: tensor<2x3xi64>) {
  // expected-error @+1 {{the index of 'graph.index_select' must be 1-D (or 0-d), got rank 2}}
  %a = "graph.index_select"(%x, %i) {dim = 0 : i64} : (tensor<4x20xf32>, tensor<2x3xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @gather_rank(%x: tensor<4x20xf32>, %i: tensor<4xi64>) {
  // expected-error @+1 {{the index of 'graph.gather' must have the input's rank 2, got 1}}
  %a = "graph.gather"(%x, %i) {dim = 1 : i64} : (tensor<4x20xf32>, tensor<4xi64>) -> tensor<*xf32>
  return
}

// -----

/// Larger than the input in a dim that is not gathered (5 > 4); equal (4) and larger in the gathered dim are fine.
func.func @gather_larger(%x: tensor<4x20xf32>, %i: tensor<5x30xi64>) {
  // expected-error @+1 {{the index of 'graph.gather' is larger than the input in dim 0 (5 > 4)}}
  %a = "graph.gather"(%x, %i) {dim = 1 : i64} : (tensor<4x20xf32>, tensor<5x30xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @embedding_weight_rank(%w: tensor<4x5x6xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{the weight of 'graph.embedding' must be 2-D, got rank 3}}
  %a = "graph.embedding"(%w, %i) : (tensor<4x5x6xf32>, tensor<3xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @embedding_too_deep(%w: tensor<4x5xf32>, %i: tensor<1x1x1x1x1x1x1x2xi64>) {
  // expected-error @+1 {{'graph.embedding' of rank-8 indices gives more than 8 dims}}
  %a = "graph.embedding"(%w, %i) : (tensor<4x5xf32>, tensor<1x1x1x1x1x1x1x2xi64>) -> tensor<*xf32>
  return
}
