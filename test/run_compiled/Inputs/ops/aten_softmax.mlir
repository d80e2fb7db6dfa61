func.func @f(%x: tensor<8x16xf16>) -> tensor<8x16xf16> {
  %r = "graph.aten_softmax"(%x) {dim = 1 : i64, half_to_float = false} : (tensor<8x16xf16>) -> tensor<8x16xf16>
  return %r : tensor<8x16xf16>
}
