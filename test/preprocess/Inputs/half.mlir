// f16/bf16 composites for numerics.test: the decompositions compute in f32 and convert back.
func.func @half(%x: tensor<6x8xf16>, %w: tensor<8xf16>, %b: tensor<8xf16>, %y: tensor<6x8xbf16>)
    -> (tensor<6x8xf16>, tensor<6x8xf16>, tensor<6x8xf16>, tensor<6x8xbf16>, tensor<6xbf16>) {
  %sm = "graph.softmax"(%x) {dim = 1 : i64} : (tensor<6x8xf16>) -> tensor<6x8xf16>
  %ln = "graph.layer_norm"(%x, %w, %b) {eps = 1.0e-5 : f64, normalized_shape = array<i64: 8>} : (tensor<6x8xf16>, tensor<8xf16>, tensor<8xf16>) -> tensor<6x8xf16>
  %rms = "graph.rms_norm"(%x, %w) {eps = 1.0e-6 : f64, normalized_shape = array<i64: 8>} : (tensor<6x8xf16>, tensor<8xf16>) -> tensor<6x8xf16>
  %lsm = "graph.log_softmax"(%y) {dim = 0 : i64} : (tensor<6x8xbf16>) -> tensor<6x8xbf16>
  %v = "graph.var"(%y) {dims = array<i64: 1>, keepdim = false} : (tensor<6x8xbf16>) -> tensor<6xbf16>
  return %sm, %ln, %rms, %lsm, %v : tensor<6x8xf16>, tensor<6x8xf16>, tensor<6x8xf16>, tensor<6x8xbf16>, tensor<6xbf16>
}
