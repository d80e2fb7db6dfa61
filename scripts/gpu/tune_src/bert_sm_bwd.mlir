// BERT-sized inner reductions for ind-tune (scripts/gpu/tune_prepare.sh scripts/gpu/tune_src/bert_sm_bwd.mlir, IND_TUNE_SIZES=1024);
// their torch twins: scripts/gpu/tune_inductor_ref.py (docs/results/gpu-2026-12-08-run37-tune-warp-rows-bart.md).
func.func @bert_sm_bwd(%g: tensor<24x512x512xbf16>, %p: tensor<24x512x512xbf16>) -> tensor<24x512x512xbf16> {
  %gf = "graph.convert"(%g) : (tensor<24x512x512xbf16>) -> tensor<24x512x512xf32>
  %pf = "graph.convert"(%p) : (tensor<24x512x512xbf16>) -> tensor<24x512x512xf32>
  %gp = "graph.mul"(%gf, %pf) : (tensor<24x512x512xf32>, tensor<24x512x512xf32>) -> tensor<24x512x512xf32>
  %s = "graph.sum"(%gp) {dims = array<i64: -1>, keepdim = true} : (tensor<24x512x512xf32>) -> tensor<24x512x1xf32>
  %ps = "graph.mul"(%pf, %s) : (tensor<24x512x512xf32>, tensor<24x512x1xf32>) -> tensor<24x512x512xf32>
  %d = "graph.sub"(%gp, %ps) : (tensor<24x512x512xf32>, tensor<24x512x512xf32>) -> tensor<24x512x512xf32>
  %o = "graph.convert"(%d) : (tensor<24x512x512xf32>) -> tensor<24x512x512xbf16>
  return %o : tensor<24x512x512xbf16>
}
