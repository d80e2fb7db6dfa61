// Every decomposed composite, no-op and rewrite of the preprocess stage in one program, for
// numerics.test: the reference interpreter runs it before and after --preprocess.
func.func @composites(%x: tensor<6x8xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>, %lw: tensor<5x8xf32>,
                      %x3: tensor<2x3x8xf32>, %mb: tensor<5xf32>, %my: tensor<8x5xf32>)
    -> (tensor<6x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>, tensor<2x3x5xf32>,
        tensor<6x5xf32>, tensor<6xf32>, tensor<1x8xf32>, tensor<6x8xf32>, tensor<48xf32>) {
  %sm = "graph.softmax"(%x) {dim = -1 : i64} : (tensor<6x8xf32>) -> tensor<6x8xf32>
  %lsm = "graph.log_softmax"(%x) {dim = 0 : i64} : (tensor<6x8xf32>) -> tensor<6x8xf32>
  %ln = "graph.layer_norm"(%x, %w, %b) {eps = 1.0e-5 : f64, normalized_shape = array<i64: 8>} : (tensor<6x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<6x8xf32>
  %rms = "graph.rms_norm"(%x, %w) {eps = 1.0e-6 : f64, normalized_shape = array<i64: 8>} : (tensor<6x8xf32>, tensor<8xf32>) -> tensor<6x8xf32>
  %lin = "graph.linear"(%x3, %lw, %mb) : (tensor<2x3x8xf32>, tensor<5x8xf32>, tensor<5xf32>) -> tensor<2x3x5xf32>
  %am = "graph.addmm"(%mb, %x, %my) {alpha = 0.5 : f64, beta = 2.0 : f64} : (tensor<5xf32>, tensor<6x8xf32>, tensor<8x5xf32>) -> tensor<6x5xf32>
  %v1 = "graph.var"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<6x8xf32>) -> tensor<6xf32>
  %v0 = "graph.var"(%x) {correction = 0 : i64, dims = array<i64: 0>, keepdim = true} : (tensor<6x8xf32>) -> tensor<1x8xf32>
  %two = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %p = "graph.pow"(%x, %two) : (tensor<6x8xf32>, tensor<f32>) -> tensor<6x8xf32>
  %n = "graph.neg"(%p) : (tensor<6x8xf32>) -> tensor<6x8xf32>
  %nn = "graph.neg"(%n) : (tensor<6x8xf32>) -> tensor<6x8xf32>
  %m1 = "graph.mul"(%nn, %one) : (tensor<6x8xf32>, tensor<f32>) -> tensor<6x8xf32>
  %c = "graph.contiguous"(%m1) : (tensor<6x8xf32>) -> tensor<6x8xf32>
  %t = "graph.transpose"(%x) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<6x8xf32>) -> tensor<8x6xf32>
  %tc = "graph.contiguous"(%t) : (tensor<8x6xf32>) -> tensor<8x6xf32>
  %flat = "graph.view"(%tc) {shape = array<i64: -1>} : (tensor<8x6xf32>) -> tensor<48xf32>
  return %sm, %lsm, %ln, %rms, %lin, %am, %v1, %v0, %c, %flat
      : tensor<6x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>, tensor<6x8xf32>, tensor<2x3x5xf32>,
        tensor<6x5xf32>, tensor<6xf32>, tensor<1x8xf32>, tensor<6x8xf32>, tensor<48xf32>
}
