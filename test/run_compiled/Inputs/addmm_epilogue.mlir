// addmm kept whole by graph-decompose (the bias in the matmul's epilogue), one program per function
// (addmm_epilogue.test, ../../runtime/ind-run-cuda.test).

// A linear: the weight read transposed, the f32 bias an argument; the result returned.
func.func @linear(%b: tensor<7xf32>, %x: tensor<9x5xf32>, %w: tensor<7x5xf32>) -> tensor<9x7xf32> {
  %wt = "graph.permute"(%w) {dims = array<i64: 1, 0>} : (tensor<7x5xf32>) -> tensor<5x7xf32>
  %0 = "graph.addmm"(%b, %x, %wt) : (tensor<7xf32>, tensor<9x5xf32>, tensor<5x7xf32>) -> tensor<9x7xf32>
  return %0 : tensor<9x7xf32>
}

// -----

// bf16, the input read transposed: the whole program one cuBLASLt call.
func.func @linear_bf16(%b: tensor<8xbf16>, %x: tensor<5x6xbf16>, %w: tensor<5x8xbf16>) -> tensor<6x8xbf16> {
  %xt = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<5x6xbf16>) -> tensor<6x5xbf16>
  %0 = "graph.addmm"(%b, %xt, %w) : (tensor<8xbf16>, tensor<6x5xbf16>, tensor<5x8xbf16>) -> tensor<6x8xbf16>
  return %0 : tensor<6x8xbf16>
}

// -----

// bf16 (a bf16 model's projection): reshaped to heads on the way out.
func.func @heads_bf16(%b: tensor<8xbf16>, %x: tensor<5x6xbf16>, %w: tensor<5x8xbf16>) -> tensor<6x2x4xbf16> {
  %xt = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<5x6xbf16>) -> tensor<6x5xbf16>
  %0 = "graph.addmm"(%b, %xt, %w) : (tensor<8xbf16>, tensor<6x5xbf16>, tensor<5x8xbf16>) -> tensor<6x8xbf16>
  %1 = "graph.reshape"(%0) {shape = array<i64: 6, 2, 4>} : (tensor<6x8xbf16>) -> tensor<6x2x4xbf16>
  return %1 : tensor<6x2x4xbf16>
}

// -----

// AMP: the f32 bias cast to bf16, a row sum beside (a use that is not pointwise): the cast would be a kernel
// of its own, so graph-decompose makes it mm + add (the cast inside the add's kernel).
func.func @amp_sum(%b: tensor<7xf32>, %x: tensor<9x5xbf16>, %w: tensor<5x7xbf16>) -> (tensor<9x7xbf16>, tensor<9xbf16>) {
  %bb = "graph.convert"(%b) : (tensor<7xf32>) -> tensor<7xbf16>
  %0 = "graph.addmm"(%bb, %x, %w) : (tensor<7xbf16>, tensor<9x5xbf16>, tensor<5x7xbf16>) -> tensor<9x7xbf16>
  %1 = "graph.sum"(%0) {dims = array<i64: 1>, keepdim = false} : (tensor<9x7xbf16>) -> tensor<9xbf16>
  return %0, %1 : tensor<9x7xbf16>, tensor<9xbf16>
}
