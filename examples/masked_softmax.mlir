// A causal (lower-triangular) masked softmax, as AOTAutograd hands it to Inductor for
//   mask = torch.ones(n, n, dtype=torch.bool).tril(); x.masked_fill(~mask, float("-inf")).softmax(-1)
// (tril of ones becomes prims.iota, a broadcast sub and le; masked_fill becomes full + where). The mask is
// index arithmetic inlined into the kernel: no i64 or i1 buffer is ever written (test/fuse/issue11.mlir).
func.func @masked_softmax(%arg0_1: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %iota = "graph.iota"() {start = 0 : i64, step = 1 : i64} : () -> tensor<1024xi64>
  %unsqueeze = "graph.unsqueeze"(%iota) {dim = 0 : i64} : (tensor<1024xi64>) -> tensor<1x1024xi64>
  %unsqueeze_1 = "graph.unsqueeze"(%iota) {dim = 1 : i64} : (tensor<1024xi64>) -> tensor<1024x1xi64>
  %sub = "graph.sub"(%unsqueeze, %unsqueeze_1) : (tensor<1x1024xi64>, tensor<1024x1xi64>) -> tensor<1024x1024xi64>
  %zero = "graph.constant"() {value = 0.0 : f64} : () -> tensor<i64>
  %le = "graph.le"(%sub, %zero) : (tensor<1024x1024xi64>, tensor<i64>) -> tensor<1024x1024xi1>
  %full = "graph.full"() {value = 0xFFF0000000000000 : f64, shape = array<i64>} : () -> tensor<f32>
  %where = "graph.where"(%le, %arg0_1, %full) : (tensor<1024x1024xi1>, tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %amax = "graph.amax"(%where) {dims = array<i64: -1>, keepdim = true} : (tensor<1024x1024xf32>) -> tensor<1024x1xf32>
  %sub_1 = "graph.sub"(%where, %amax) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %exp = "graph.exp"(%sub_1) : (tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %sum_1 = "graph.sum"(%exp) {dims = array<i64: -1>, keepdim = true} : (tensor<1024x1024xf32>) -> tensor<1024x1xf32>
  %div = "graph.div"(%exp, %sum_1) : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  return %div : tensor<1024x1024xf32>
}
