// Two linears, the second reading the first's result (a matmul operand: graph-decompose keeps both addmms
// whole): two cuBLASLt steps with a bias in one module (ind-run-cuda.test LTGROW: the workspace grows).
func.func @two_linears(%b: tensor<7xf32>, %x: tensor<9x5xf32>, %w: tensor<7x5xf32>, %w2: tensor<7x7xf32>) -> tensor<9x7xf32> {
  %wt = "graph.permute"(%w) {dims = array<i64: 1, 0>} : (tensor<7x5xf32>) -> tensor<5x7xf32>
  %0 = "graph.addmm"(%b, %x, %wt) : (tensor<7xf32>, tensor<9x5xf32>, tensor<5x7xf32>) -> tensor<9x7xf32>
  %w2t = "graph.permute"(%w2) {dims = array<i64: 1, 0>} : (tensor<7x7xf32>) -> tensor<7x7xf32>
  %1 = "graph.addmm"(%b, %0, %w2t) : (tensor<7xf32>, tensor<9x7xf32>, tensor<7x7xf32>) -> tensor<9x7xf32>
  return %1 : tensor<9x7xf32>
}
