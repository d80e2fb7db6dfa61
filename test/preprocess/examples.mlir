// --preprocess on the eight example programs (examples/*.mlir): every one goes through, and what
// each becomes is pinned (the seed in full).
// RUN: %ind-opt %examples/seed.mlir --preprocess | %filecheck %s --check-prefix=SEED
// RUN: %ind-opt %examples/softmax.mlir --preprocess | %filecheck %s --check-prefix=SOFTMAX
// RUN: %ind-opt %examples/layernorm_gelu.mlir --preprocess | %filecheck %s --check-prefix=LNGELU
// RUN: %ind-opt %examples/rmsnorm_residual.mlir --preprocess | %filecheck %s --check-prefix=RMS
// RUN: %ind-opt %examples/pointwise_chain.mlir --preprocess | %filecheck %s --check-prefix=CHAIN
// RUN: %ind-opt %examples/col_sum.mlir --preprocess | %filecheck %s --check-prefix=COLSUM
// RUN: %ind-opt %examples/transpose_add.mlir --preprocess | %filecheck %s --check-prefix=TADD
// RUN: %ind-opt %examples/mm_epilogue.mlir --preprocess | %filecheck %s --check-prefix=MM
// RUN: %ind-opt %examples/seed.mlir --preprocess | %ind-opt --preprocess | %filecheck %s --check-prefix=SEED

/// The seed keeps its 10 ATen ops and 2 scalars, in order (no pass has anything to change, as in
/// Inductor: fx_graph_transformed equals fx_graph_readable).
// SEED: ^bb0(%[[X:.*]]: tensor<1024x1024xf32>, %[[BIAS:.*]]: tensor<1024xf32>, %[[GAMMA:.*]]: tensor<1024xf32>, %[[BETA:.*]]: tensor<1024xf32>):
// SEED-NEXT: %[[C11:.*]] = "graph.constant"() {value = 1.100000e+00 : f64} : () -> tensor<f32>
// SEED-NEXT: %[[MUL:.*]] = "graph.mul"(%[[X]], %[[C11]]) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
// SEED-NEXT: %[[ADD:.*]] = "graph.add"(%[[MUL]], %[[BIAS]]) : (tensor<1024x1024xf32>, tensor<1024xf32>) -> tensor<1024x1024xf32>
// SEED-NEXT: %[[RELU:.*]] = "graph.relu"(%[[ADD]])
// SEED-NEXT: %[[MUL1:.*]] = "graph.mul"(%[[RELU]], %[[RELU]])
// SEED-NEXT: %[[C01:.*]] = "graph.constant"() {value = 1.000000e-01 : f64} : () -> tensor<f32>
// SEED-NEXT: %[[MUL2:.*]] = "graph.mul"(%[[RELU]], %[[C01]])
// SEED-NEXT: %[[ADD1:.*]] = "graph.add"(%[[MUL1]], %[[MUL2]])
// SEED-NEXT: %[[MEAN:.*]] = "graph.mean"(%[[ADD1]]) {dims = array<i64: 1>, keepdim = true} : (tensor<1024x1024xf32>) -> tensor<1024x1xf32>
// SEED-NEXT: %[[SUB:.*]] = "graph.sub"(%[[ADD1]], %[[MEAN]]) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
// SEED-NEXT: %[[MUL3:.*]] = "graph.mul"(%[[SUB]], %[[GAMMA]])
// SEED-NEXT: %[[ADD2:.*]] = "graph.add"(%[[MUL3]], %[[BETA]])
// SEED-NEXT: "func.return"(%[[ADD2]]) : (tensor<1024x1024xf32>) -> ()

/// softmax: the written-out form stays; dims -1 become 1.
// SOFTMAX: %[[M:.*]] = "graph.amax"(%arg0) {dims = array<i64: 1>, keepdim = true}
// SOFTMAX-NEXT: %[[S:.*]] = "graph.sub"(%arg0, %[[M]])
// SOFTMAX-NEXT: %[[E:.*]] = "graph.exp"(%[[S]])
// SOFTMAX-NEXT: %[[T:.*]] = "graph.sum"(%[[E]]) {dims = array<i64: 1>, keepdim = true}
// SOFTMAX-NEXT: "graph.div"(%[[E]], %[[T]])

/// layernorm_gelu: pow(x - mu, 2) became a square (graph-rewrite; the constant 2 is gone), and
/// the program's two `x - mu` (sub and sub_1) are one (graph-cse; graph-reorder-for-locality had
/// moved sub_1 up next to mean's other user).
// LNGELU: %[[MU:.*]] = "graph.mean"(%arg0) {dims = array<i64: 1>, keepdim = true}
// LNGELU-NEXT: %[[SUB:.*]] = "graph.sub"(%arg0, %[[MU]])
// LNGELU-NOT: "graph.sub"(%arg0, %[[MU]])
// LNGELU-NEXT: %[[SQ:.*]] = "graph.mul"(%[[SUB]], %[[SUB]])
// LNGELU-NEXT: "graph.mean"(%[[SQ]])
// LNGELU-NOT: "graph.pow"
// LNGELU-NOT: value = 2.0
// LNGELU: "graph.erf"
// LNGELU: "func.return"

/// rmsnorm_residual: h.pow(2) became h * h; both outputs kept.
// RMS: %[[H:.*]] = "graph.add"(%arg0, %arg1)
// RMS-NEXT: %[[SQ:.*]] = "graph.mul"(%[[H]], %[[H]])
// RMS-NOT: "graph.pow"
// RMS: "func.return"(%{{.*}}, %[[H]])

/// pointwise_chain, col_sum, mm_epilogue: unchanged op sequences.
// CHAIN: "graph.add"
// CHAIN-NEXT: "graph.sigmoid"
// CHAIN-NEXT: "graph.mul"
// CHAIN-NEXT: "graph.tanh"
// CHAIN-NEXT: "graph.constant"
// CHAIN-NEXT: "graph.mul"
// CHAIN-NEXT: "graph.add"
// COLSUM: "graph.sum"(%{{.*}}) {dims = array<i64: 0>, keepdim = false} : (tensor<1024x1024xf32>) -> tensor<1024xf32>
// MM: %[[MM:.*]] = "graph.mm"(%arg0, %arg1)
// MM-NEXT: %[[ADD:.*]] = "graph.add"(%[[MM]], %arg2)
// MM-NEXT: "graph.relu"(%[[ADD]])

/// transpose_add: the permute is a strided view of arg0 (strides recorded by graph-infer-shapes).
// TADD: %[[P:.*]] = "graph.permute"(%arg0) {dims = array<i64: 1, 0>, strides = array<i64: 1, 1024>}
// TADD-NEXT: "graph.add"(%arg0, %[[P]])
