// Verifier-negative tests (IRDL constraints) of index_select, gather and embedding.
// RUN: %ind-opt %s --split-input-file --verify-diagnostics

func.func @index_select_no_dim(%x: tensor<4x20xf32>, %i: tensor<6xi64>) {
  // expected-error @+1 {{attribute "dim" is expected but not provided}}
  %a = "graph.index_select"(%x, %i) : (tensor<4x20xf32>, tensor<6xi64>) -> tensor<4x6xf32>
  return
}

// -----

func.func @gather_no_dim(%x: tensor<4x20xf32>, %i: tensor<4x20xi64>) {
  // expected-error @+1 {{attribute "dim" is expected but not provided}}
  %a = "graph.gather"(%x, %i) : (tensor<4x20xf32>, tensor<4x20xi64>) -> tensor<4x20xf32>
  return
}

// -----

func.func @embedding_one_operand(%x: tensor<4x20xf32>) {
  // expected-error @+1 {{expects exactly 2 operands, but got 1}}
  %a = "graph.embedding"(%x) : (tensor<4x20xf32>) -> tensor<4x20xf32>
  return
}
