// Split reductions whose partial blocks overrun rnumel (lower/numerics.test): the masked lanes of the
// first stage contribute each kind's neutral element (sum/mean 0, prod 1, amax -inf, amin +inf). The
// inputs make a wrong neutral visible: amax over all-negative values, amin over all-positive ones, prod
// over exact ones (exp(x - x)), sum and mean over random values. Full reductions of 16385 elements
// (split 2, blocks of 8193: one masked lane), rows of 20003 (INNER) and columns of 20001 (OUTER).
func.func @full(%x: tensor<16385xf32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) {
  %a = "graph.abs"(%x) : (tensor<16385xf32>) -> tensor<16385xf32>
  %n = "graph.neg"(%a) : (tensor<16385xf32>) -> tensor<16385xf32>
  %z = "graph.sub"(%x, %x) : (tensor<16385xf32>, tensor<16385xf32>) -> tensor<16385xf32>
  %o = "graph.exp"(%z) : (tensor<16385xf32>) -> tensor<16385xf32>
  %s = "graph.sum"(%x) {dims = array<i64>, keepdim = false} : (tensor<16385xf32>) -> tensor<f32>
  %m = "graph.mean"(%x) {dims = array<i64>, keepdim = false} : (tensor<16385xf32>) -> tensor<f32>
  %p = "graph.prod"(%o) {dims = array<i64>, keepdim = false} : (tensor<16385xf32>) -> tensor<f32>
  %mx = "graph.amax"(%n) {dims = array<i64>, keepdim = false} : (tensor<16385xf32>) -> tensor<f32>
  %mn = "graph.amin"(%a) {dims = array<i64>, keepdim = false} : (tensor<16385xf32>) -> tensor<f32>
  return %s, %m, %p, %mx, %mn : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>
}
func.func @rows(%x: tensor<3x20003xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %a = "graph.abs"(%x) : (tensor<3x20003xf32>) -> tensor<3x20003xf32>
  %n = "graph.neg"(%a) : (tensor<3x20003xf32>) -> tensor<3x20003xf32>
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<3x20003xf32>) -> tensor<3xf32>
  %mx = "graph.amax"(%n) {dims = array<i64: 1>, keepdim = false} : (tensor<3x20003xf32>) -> tensor<3xf32>
  %mn = "graph.amin"(%a) {dims = array<i64: 1>, keepdim = false} : (tensor<3x20003xf32>) -> tensor<3xf32>
  return %s, %mx, %mn : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}
func.func @cols(%x: tensor<20001x3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %a = "graph.abs"(%x) : (tensor<20001x3xf32>) -> tensor<20001x3xf32>
  %n = "graph.neg"(%a) : (tensor<20001x3xf32>) -> tensor<20001x3xf32>
  %s = "graph.sum"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<20001x3xf32>) -> tensor<3xf32>
  %mx = "graph.amax"(%n) {dims = array<i64: 0>, keepdim = false} : (tensor<20001x3xf32>) -> tensor<3xf32>
  %mn = "graph.amin"(%a) {dims = array<i64: 0>, keepdim = false} : (tensor<20001x3xf32>) -> tensor<3xf32>
  return %s, %mx, %mn : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}
