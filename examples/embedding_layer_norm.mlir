// A token embedding followed by layer norm (issue 11): torch equivalent
// `F.layer_norm(F.embedding(idx, table), (n,), w, b)` with idx an int64 vector. The lookup is an indirect
// load (ind.indirect_indexing of idx[i], then table[s * n + j]); it is not realized: the layer norm's
// Welford reduction and its epilogue each read the table through idx, so one fused kernel does it all.
func.func @embedding_layer_norm(%arg0_1: tensor<1024x1024xf32>, %arg1_1: tensor<1024xi64>, %arg2_1: tensor<1024xf32>, %arg3_1: tensor<1024xf32>) -> tensor<1024x1024xf32> {
  %e = "graph.embedding"(%arg0_1, %arg1_1) : (tensor<1024x1024xf32>, tensor<1024xi64>) -> tensor<1024x1024xf32>
  %r = "graph.layer_norm"(%e, %arg2_1, %arg3_1) {normalized_shape = array<i64: 1024>, eps = 1.0e-05 : f64} : (tensor<1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
