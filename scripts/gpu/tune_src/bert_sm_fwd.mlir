// BERT-sized inner reductions for ind-tune (scripts/gpu/tune_prepare.sh scripts/gpu/tune_src/bert_sm_fwd.mlir, IND_TUNE_SIZES=1024);
// their torch twins: scripts/gpu/tune_inductor_ref.py (docs/results/gpu-2026-12-08-run37-tune-warp-rows-bart.md).
func.func @bert_sm_fwd(%x: tensor<2x12x512x512xbf16>, %mask: tensor<2x1x1x512xbf16>) -> tensor<2x12x512x512xbf16> {
  %cst = "graph.constant"() {value = 8.0 : f64} : () -> tensor<f32>
  %div = "graph.div"(%x, %cst) : (tensor<2x12x512x512xbf16>, tensor<f32>) -> tensor<2x12x512x512xbf16>
  %add = "graph.add"(%div, %mask) : (tensor<2x12x512x512xbf16>, tensor<2x1x1x512xbf16>) -> tensor<2x12x512x512xbf16>
  %f = "graph.convert"(%add) : (tensor<2x12x512x512xbf16>) -> tensor<2x12x512x512xf32>
  %sm = "graph.softmax"(%f) {dim = -1 : i64} : (tensor<2x12x512x512xf32>) -> tensor<2x12x512x512xf32>
  %o = "graph.convert"(%sm) : (tensor<2x12x512x512xf32>) -> tensor<2x12x512x512xbf16>
  return %o : tensor<2x12x512x512xbf16>
}
