// Cumulative sums down the columns (a scan over a non-last dim) with an epilogue, as AOTAutograd hands
// it to Inductor for
//   c = x.cumsum(dim=0); torch.tanh(c) * w                                  (x: [n, 256], w: [256])
// cumsum is one ind.scan (Inductor's ir.Scan, docs/passes/lower.md): its buffer holds each column's
// running sum contiguously (the scanned dim innermost); the epilogue tanh(c) * w reads it through the
// moved index, which the fusion's loop reordering turns into the position the scan writes: one kernel
// (one column per block, warp shuffles on the GPU), the epilogue stored through the transposed index.
func.func @cumsum_rows(%arg0_1: tensor<1024x256xf32>, %arg1_1: tensor<256xf32>) -> tensor<1024x256xf32> {
  %cumsum = "graph.cumsum"(%arg0_1) {dim = 0 : i64} : (tensor<1024x256xf32>) -> tensor<1024x256xf32>
  %tanh = "graph.tanh"(%cumsum) : (tensor<1024x256xf32>) -> tensor<1024x256xf32>
  %mul = "graph.mul"(%tanh, %arg1_1) : (tensor<1024x256xf32>, tensor<256xf32>) -> tensor<1024x256xf32>
  return %mul : tensor<1024x256xf32>
}
