// BERT-sized inner reductions for ind-tune (scripts/gpu/tune_prepare.sh scripts/gpu/tune_src/bert_ln_inf.mlir, IND_TUNE_SIZES=1024);
// their torch twins: scripts/gpu/tune_inductor_ref.py (docs/results/gpu-2026-12-08-run37-tune-warp-rows-bart.md).
func.func @bert_ln_inf(%x: tensor<1024x768xbf16>, %r: tensor<1024x768xbf16>, %w: tensor<768xbf16>, %b: tensor<768xbf16>) -> tensor<1024x768xbf16> {
  %a = "graph.add"(%x, %r) : (tensor<1024x768xbf16>, tensor<1024x768xbf16>) -> tensor<1024x768xbf16>
  %y = "graph.layer_norm"(%a, %w, %b) {eps = 1.0e-12 : f64, normalized_shape = array<i64: 768>} : (tensor<1024x768xbf16>, tensor<768xbf16>, tensor<768xbf16>) -> tensor<1024x768xbf16>
  return %y : tensor<1024x768xbf16>
}
