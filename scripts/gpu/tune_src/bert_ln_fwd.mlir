// BERT-sized inner reductions for ind-tune (scripts/gpu/tune_prepare.sh scripts/gpu/tune_src/bert_ln_fwd.mlir, IND_TUNE_SIZES=1024);
// their torch twins: scripts/gpu/tune_inductor_ref.py (docs/results/gpu-2026-12-08-run37-tune-warp-rows-bart.md).
func.func @bert_ln_fwd(%x: tensor<1024x768xbf16>, %r: tensor<1024x768xf32>, %w: tensor<768xf32>, %b: tensor<768xf32>) -> (tensor<1024x768xbf16>, tensor<1024x768xf32>, tensor<1024x1xf32>, tensor<1024x1xf32>) {
  %xf = "graph.convert"(%x) : (tensor<1024x768xbf16>) -> tensor<1024x768xf32>
  %a = "graph.add"(%xf, %r) : (tensor<1024x768xf32>, tensor<1024x768xf32>) -> tensor<1024x768xf32>
  %y, %m, %rs = "graph.native_layer_norm"(%a, %w, %b) {eps = 1.0e-12 : f64, normalized_shape = array<i64: 768>} : (tensor<1024x768xf32>, tensor<768xf32>, tensor<768xf32>) -> (tensor<1024x768xf32>, tensor<1024x1xf32>, tensor<1024x1xf32>)
  %yb = "graph.convert"(%y) : (tensor<1024x768xf32>) -> tensor<1024x768xbf16>
  return %yb, %a, %m, %rs : tensor<1024x768xbf16>, tensor<1024x768xf32>, tensor<1024x1xf32>, tensor<1024x1xf32>
}
