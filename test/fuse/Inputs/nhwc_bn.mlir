// A channels-last partition as the torch backend hands it over (ind.layout, dumped with IND_DUMP_GRAPHS from
// a conv-BN-hardswish net with options={"layout_opt": "force"}): the convolution's NHWC result read as NCHW
// through a permute, batch norm (inference) and hardswish in NCHW order, a contiguous clone, the result
// permuted back to NHWC. Two nodes: the NCHW computation and the copy into NHWC order. Either order fuses
// them; iterating the copy's (NHWC) order leaves no transposed access to memory (input and output contiguous
// along the innermost loop), iterating the computation's order transposes both.
func.func @nhwc_bn(%arg3_1: tensor<32xf32>, %arg4_1: tensor<32xf32>, %convolution_mem: tensor<2x8x8x32xf32>, %arg5_1: tensor<32xf32>, %arg6_1: tensor<32xf32>) -> tensor<2x8x8x32xf32> {
  %permute_default = "graph.permute"(%convolution_mem) {dims = array<i64: 0, 3, 1, 2>} : (tensor<2x8x8x32xf32>) -> tensor<2x32x8x8xf32>
  %_to_copy = "graph.clone"(%arg3_1) : (tensor<32xf32>) -> tensor<32xf32>
  %_to_copy_1 = "graph.clone"(%arg4_1) : (tensor<32xf32>) -> tensor<32xf32>
  %cst = "graph.constant"() {value = 1.0e-05 : f64} : () -> tensor<f32>
  %add = "graph.add"(%_to_copy_1, %cst) : (tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
  %rsqrt = "graph.rsqrt"(%add) : (tensor<32xf32>) -> tensor<32xf32>
  %unsqueeze = "graph.unsqueeze"(%_to_copy) {dim = -1 : i64} : (tensor<32xf32>) -> tensor<32x1xf32>
  %unsqueeze_1 = "graph.unsqueeze"(%unsqueeze) {dim = -1 : i64} : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
  %unsqueeze_2 = "graph.unsqueeze"(%rsqrt) {dim = -1 : i64} : (tensor<32xf32>) -> tensor<32x1xf32>
  %unsqueeze_3 = "graph.unsqueeze"(%unsqueeze_2) {dim = -1 : i64} : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
  %sub = "graph.sub"(%permute_default, %unsqueeze_1) : (tensor<2x32x8x8xf32>, tensor<32x1x1xf32>) -> tensor<2x32x8x8xf32>
  %mul = "graph.mul"(%sub, %unsqueeze_3) : (tensor<2x32x8x8xf32>, tensor<32x1x1xf32>) -> tensor<2x32x8x8xf32>
  %unsqueeze_4 = "graph.unsqueeze"(%arg5_1) {dim = -1 : i64} : (tensor<32xf32>) -> tensor<32x1xf32>
  %unsqueeze_5 = "graph.unsqueeze"(%unsqueeze_4) {dim = -1 : i64} : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
  %mul_1 = "graph.mul"(%mul, %unsqueeze_5) : (tensor<2x32x8x8xf32>, tensor<32x1x1xf32>) -> tensor<2x32x8x8xf32>
  %unsqueeze_6 = "graph.unsqueeze"(%arg6_1) {dim = -1 : i64} : (tensor<32xf32>) -> tensor<32x1xf32>
  %unsqueeze_7 = "graph.unsqueeze"(%unsqueeze_6) {dim = -1 : i64} : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
  %add_1 = "graph.add"(%mul_1, %unsqueeze_7) : (tensor<2x32x8x8xf32>, tensor<32x1x1xf32>) -> tensor<2x32x8x8xf32>
  %cst_0 = "graph.constant"() {value = 3.0 : f64} : () -> tensor<f32>
  %add_2 = "graph.add"(%add_1, %cst_0) : (tensor<2x32x8x8xf32>, tensor<f32>) -> tensor<2x32x8x8xf32>
  %cst_1 = "graph.constant"() {value = 0.0 : f64} : () -> tensor<f32>
  %clamp = "graph.maximum"(%add_2, %cst_1) : (tensor<2x32x8x8xf32>, tensor<f32>) -> tensor<2x32x8x8xf32>
  %cst_2 = "graph.constant"() {value = 6.0 : f64} : () -> tensor<f32>
  %clamp_1 = "graph.minimum"(%clamp, %cst_2) : (tensor<2x32x8x8xf32>, tensor<f32>) -> tensor<2x32x8x8xf32>
  %mul_2 = "graph.mul"(%add_1, %clamp_1) : (tensor<2x32x8x8xf32>, tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
  %cst_3 = "graph.constant"() {value = 6.0 : f64} : () -> tensor<f32>
  %div = "graph.div"(%mul_2, %cst_3) : (tensor<2x32x8x8xf32>, tensor<f32>) -> tensor<2x32x8x8xf32>
  %clone_default_2 = "graph.clone"(%div) : (tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
  %permute_default_1 = "graph.permute"(%clone_default_2) {dims = array<i64: 0, 2, 3, 1>} : (tensor<2x32x8x8xf32>) -> tensor<2x8x8x32xf32>
  return %permute_default_1 : tensor<2x8x8x32xf32>
}
