// The two multi-output reductions lowering chooses (docs/passes/lower.md, "Welford and online softmax"),
// each rule on both sides of its edge, the options, the refusals (a split reduction) and what is left
// alone. Welford: two-step iff rnumel <= unroll-reductions-threshold (8) and more than one output
// (use_two_step_variance); online softmax iff rnumel >= 8 and the reduction is not split.
// RUN: %ind-opt %s --lower | %filecheck %s
// RUN: %ind-opt %s --lower | %filecheck %s --check-prefix=NEG
// RUN: %ind-opt %s --preprocess | %ind-opt --pass-pipeline='builtin.module(convert-graph-to-ind{unroll-reductions-threshold=9})' | %filecheck %s --check-prefix=T9
// RUN: %ind-opt %s --preprocess | %ind-opt --pass-pipeline='builtin.module(convert-graph-to-ind{welford=false online-softmax=false})' | %filecheck %s --check-prefix=OFF
// RUN: env IND_LOGS=fusion %ind-opt %s --lower -o /dev/null 2>&1 | %filecheck %s --check-prefix=LOG

// var over 8 elements with 3 outputs: two-step (the mean's sum, then the sum of squared deviations,
// which reads the mean's buffer).
// CHECK-LABEL: sym_name = "var_8"
// CHECK: name = "buf0"{{.*}}reduction_type = "sum"
// CHECK: "ind.load"({{.*}} : (memref<3x1xf32>) -> f32
// CHECK: name = "buf1"{{.*}}reduction_type = "sum"
// With the threshold at 9 (T9) the two-step sums over 8 are below it and unrolled into pointwise code.
// T9-LABEL: sym_name = "var_8"
// T9-NOT: welford
// T9-NOT: "ind.reduction"
// T9: "ind.pointwise"
// T9-NOT: welford
// T9-NOT: "ind.reduction"
func.func @var_8(%x: tensor<3x8xf32>) -> tensor<3xf32> {
  %v = "graph.var"(%x) {dims = array<i64: 1>, keepdim = false, correction = 1 : i64} : (tensor<3x8xf32>) -> tensor<3xf32>
  return %v : tensor<3xf32>
}

// 9 elements: welford. The m2 reads x only; the mean's sum is its welford_mean sibling. With
// unroll-reductions-threshold=9 (T9) or welford=false (OFF) it is two-step again.
// CHECK-LABEL: sym_name = "var_9"
// CHECK: name = "buf0"{{.*}}reduction_ranges = array<i64: 9>, reduction_type = "welford_mean"
// CHECK: %[[X:[0-9]+]] = "ind.load"(%arg{{[0-9]+}}) {{.*}} : (memref<3x9xf32>) -> f32
// CHECK-NEXT: "gpu.yield"(%[[X]])
// CHECK: name = "buf1"{{.*}}reduction_type = "welford_m2"
// CHECK: "ind.pointwise"
// CHECK: "ind.load"({{.*}} : (memref<3xf32>) -> f32
// T9-LABEL: sym_name = "var_9"
// T9: reduction_type = "sum"
// T9: reduction_type = "sum"
// OFF-LABEL: sym_name = "var_9"
// OFF: reduction_type = "sum"
// OFF: reduction_type = "sum"
// OFF-NOT: welford
func.func @var_9(%x: tensor<3x9xf32>) -> tensor<3xf32> {
  %v = "graph.var"(%x) {dims = array<i64: 1>, keepdim = false, correction = 1 : i64} : (tensor<3x9xf32>) -> tensor<3xf32>
  return %v : tensor<3xf32>
}

// One output: welford even over 8 elements (use_two_step_variance needs more than one output); T9 too.
// CHECK-LABEL: sym_name = "var_all_8"
// CHECK: reduction_type = "welford_mean"
// CHECK: reduction_type = "welford_m2"
// T9-LABEL: sym_name = "var_all_8"
// T9: reduction_type = "welford_mean"
func.func @var_all_8(%x: tensor<2x4xf32>) -> tensor<f32> {
  %v = "graph.var"(%x) {dims = array<i64: 0, 1>, keepdim = false, correction = 0 : i64} : (tensor<2x4xf32>) -> tensor<f32>
  return %v : tensor<f32>
}

// One row of 7 (PyTorch fuzzer seed 11801: layer norm of one constant row): welford although rnumel 7 <
// the threshold (use_two_step_variance needs more than one output), and the mean, which alone would be
// unrolled (mean_row_7), is realized as the welford_mean sibling: x - mean reads the Welford mean, which
// is exactly the row's value for a constant row (an unrolled sum / 7 is not, and rsqrt(0 + eps) makes the
// difference 316 times larger). Two rows of 7: two-step, the mean unrolled. welford=false: unrolled.
// CHECK-LABEL: sym_name = "layer_norm_row_7"
// CHECK: name = "buf0"{{.*}}reduction_ranges = array<i64: 7>, reduction_type = "welford_mean"
// CHECK: name = "buf1"{{.*}}reduction_type = "welford_m2"
// CHECK: "ind.pointwise"
// CHECK: "ind.load"(%{{[0-9]+}}) {{.*}} : (memref<1x1xf32>) -> f32
// CHECK-NEXT: "arith.subf"
// CHECK-LABEL: sym_name = "layer_norm_rows_7"
// CHECK-NOT: "ind.reduction"
// CHECK-LABEL: sym_name = "mean_row_7"
// CHECK-NOT: "ind.reduction"
// CHECK-LABEL: sym_name = "var_row_7"
// CHECK: reduction_type = "welford_mean"
// CHECK: reduction_type = "welford_m2"
// OFF-LABEL: sym_name = "layer_norm_row_7"
// OFF-NOT: "ind.reduction"
// OFF-LABEL: sym_name = "layer_norm_rows_7"
func.func @layer_norm_row_7(%x: tensor<1x7xf32>, %w: tensor<7xf32>, %b: tensor<7xf32>) -> tensor<1x7xf32> {
  %y = "graph.layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 7>, eps = 1.0e-05 : f64} : (tensor<1x7xf32>, tensor<7xf32>, tensor<7xf32>) -> tensor<1x7xf32>
  return %y : tensor<1x7xf32>
}

func.func @layer_norm_rows_7(%x: tensor<2x7xf32>, %w: tensor<7xf32>, %b: tensor<7xf32>) -> tensor<2x7xf32> {
  %y = "graph.layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 7>, eps = 1.0e-05 : f64} : (tensor<2x7xf32>, tensor<7xf32>, tensor<7xf32>) -> tensor<2x7xf32>
  return %y : tensor<2x7xf32>
}

func.func @mean_row_7(%x: tensor<1x7xf32>) -> tensor<1x7xf32> {
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<1x7xf32>) -> tensor<1x1xf32>
  %c = "graph.sub"(%x, %m) : (tensor<1x7xf32>, tensor<1x1xf32>) -> tensor<1x7xf32>
  return %c : tensor<1x7xf32>
}

func.func @var_row_7(%x: tensor<1x7xf32>) -> tensor<1xf32> {
  %v = "graph.var"(%x) {dims = array<i64: 1>, keepdim = false, correction = 0 : i64} : (tensor<1x7xf32>) -> tensor<1xf32>
  return %v : tensor<1xf32>
}

// Layer norm's mean(c * c) is welford too (the m2 then divided by N in the consumer).
// CHECK-LABEL: sym_name = "layer_norm"
// CHECK: name = "buf0"{{.*}}reduction_type = "welford_mean"
// CHECK: name = "buf1"{{.*}}reduction_type = "welford_m2"
// CHECK: "ind.pointwise"
func.func @layer_norm(%x: tensor<4x64xf32>, %w: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<4x64xf32> {
  %y = "graph.layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 64>, eps = 1.0e-05 : f64} : (tensor<4x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<4x64xf32>
  return %y : tensor<4x64xf32>
}

// The program's own mean (without keepdim: not var's own mean op) is also an output (realized, read by a
// pointwise copy): it stays a sum (the codegen takes it from the welford state,
// test/codegen/welford_online.mlir); var's mean and m2 are the welford pair.
// CHECK-LABEL: sym_name = "var_mean"
// CHECK: name = "buf0"{{.*}}reduction_type = "sum"
// CHECK: name = "buf1"{{.*}}reduction_type = "welford_mean"
// CHECK: name = "buf2"{{.*}}reduction_type = "welford_m2"
func.func @var_mean(%x: tensor<4x64xf32>) -> (tensor<4xf32>, tensor<4x1xf32>) {
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x64xf32>) -> tensor<4xf32>
  %v = "graph.var"(%x) {dims = array<i64: 1>, keepdim = true, correction = 1 : i64} : (tensor<4x64xf32>) -> tensor<4x1xf32>
  return %m, %v : tensor<4xf32>, tensor<4x1xf32>
}

// With keepdim the program's mean is the mean var decomposes to (graph-cse makes them one op): the output
// is the welford_mean sibling itself, two reductions and var's divide, no sum.
// CHECK-LABEL: sym_name = "var_mean_shared"
// CHECK: [[MEAN:%[0-9]+]] = "ind.reduction"
// CHECK: name = "buf0"{{.*}}reduction_type = "welford_mean"
// CHECK: name = "buf1"{{.*}}reduction_type = "welford_m2"
// CHECK: name = "buf2", origins = ["div"]
// CHECK-NOT: reduction_type = "sum"
// CHECK: "func.return"([[MEAN]],
func.func @var_mean_shared(%x: tensor<4x64xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>) {
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<4x64xf32>) -> tensor<4x1xf32>
  %v = "graph.var"(%x) {dims = array<i64: 1>, keepdim = true, correction = 1 : i64} : (tensor<4x64xf32>) -> tensor<4x1xf32>
  return %m, %v : tensor<4x1xf32>, tensor<4x1xf32>
}

// A training layer norm returns its mean (saved for the backward): the mean is an output read twice, which
// realizes it at once (a buffer of sum / N) unless it is the mean of a variance pattern: then its sum
// becomes the welford_mean sibling, and the output is that buffer (no sum / N, one reduction less; on the
// GPU a divide by N of mean * N was not the mean: fuzz seed 11801's backward variant). Two rows of 7
// (two-step): the mean is realized by the output at the end, as before.
// CHECK-LABEL: sym_name = "native_layer_norm_row_7"
// CHECK: [[MEAN:%[0-9]+]] = "ind.reduction"
// CHECK: name = "buf0"{{.*}}reduction_type = "welford_mean"} : () -> memref<1x1xf32>
// CHECK: name = "buf1"{{.*}}reduction_type = "welford_m2"
// CHECK-NOT: origins = ["mean"]
// CHECK: name = "buf3"
// CHECK: "func.return"(%{{[0-9]+}}, [[MEAN]], %{{[0-9]+}})
// CHECK-LABEL: sym_name = "native_layer_norm"
// CHECK: name = "buf0"{{.*}}reduction_type = "welford_mean"} : () -> memref<4x1xf32>
// CHECK: name = "buf1"{{.*}}reduction_type = "welford_m2"
// CHECK-NOT: origins = ["mean"]
// CHECK: name = "buf3"
// CHECK-LABEL: sym_name = "native_layer_norm_rows_7"
// CHECK: name = "buf0", origins = ["mean"], ranges = array<i64: 2>} : () -> memref<2x1xf32>
// CHECK-NOT: "ind.reduction"
// CHECK: "func.return"
func.func @native_layer_norm_row_7(%x: tensor<1x7xf32>, %w: tensor<7xf32>, %b: tensor<7xf32>) -> (tensor<1x7xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %y, %m, %r = "graph.native_layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 7>, eps = 1.0e-05 : f64} : (tensor<1x7xf32>, tensor<7xf32>, tensor<7xf32>) -> (tensor<1x7xf32>, tensor<1x1xf32>, tensor<1x1xf32>)
  return %y, %m, %r : tensor<1x7xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}

func.func @native_layer_norm(%x: tensor<4x64xf32>, %w: tensor<64xf32>, %b: tensor<64xf32>) -> (tensor<4x64xf32>, tensor<4x1xf32>, tensor<4x1xf32>) {
  %y, %m, %r = "graph.native_layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 64>, eps = 1.0e-05 : f64} : (tensor<4x64xf32>, tensor<64xf32>, tensor<64xf32>) -> (tensor<4x64xf32>, tensor<4x1xf32>, tensor<4x1xf32>)
  return %y, %m, %r : tensor<4x64xf32>, tensor<4x1xf32>, tensor<4x1xf32>
}

func.func @native_layer_norm_rows_7(%x: tensor<2x7xf32>, %w: tensor<7xf32>, %b: tensor<7xf32>) -> (tensor<2x7xf32>, tensor<2x1xf32>, tensor<2x1xf32>) {
  %y, %m, %r = "graph.native_layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 7>, eps = 1.0e-05 : f64} : (tensor<2x7xf32>, tensor<7xf32>, tensor<7xf32>) -> (tensor<2x7xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  return %y, %m, %r : tensor<2x7xf32>, tensor<2x1xf32>, tensor<2x1xf32>
}

// A single row of 65536: the m2 is split (split_reduction: 8 partials of 8192) as Inductor's
// create_multilayer splits a welford: stage 1 is a welford_mean / welford_m2 pair of x per partial, stage 2
// the welford pair of the partial means and the sum of the partial m2s, and m2 = sum + 8192 * m2(means)
// (Chan's combine at equal weights), divided by N - 1 in the consumer. The mean's own split sum (buf0,
// buf1) is dead: its stage-2 welford_mean (buf4) replaced it, and schedule removes both.
// CHECK-LABEL: sym_name = "var_split"
// CHECK: name = "buf0"{{.*}}ranges = array<i64: 8>, reduction_ranges = array<i64: 8192>, reduction_type = "sum"
// CHECK: name = "buf1"{{.*}}reduction_ranges = array<i64: 8>, reduction_type = "sum"
// CHECK: %[[MEANS:[0-9]+]] = "ind.reduction"
// CHECK: %[[X1:[0-9]+]] = "ind.load"(%[[ARG:arg[0-9]+]])
// CHECK-NEXT: "gpu.yield"(%[[X1]])
// CHECK-NEXT: name = "buf2"{{.*}}ranges = array<i64: 8>, reduction_ranges = array<i64: 8192>, reduction_type = "welford_mean"
// CHECK: %[[M2S:[0-9]+]] = "ind.reduction"
// CHECK: %[[X2:[0-9]+]] = "ind.load"(%[[ARG]])
// CHECK-NEXT: "gpu.yield"(%[[X2]])
// CHECK-NEXT: name = "buf3"{{.*}}ranges = array<i64: 8>, reduction_ranges = array<i64: 8192>, reduction_type = "welford_m2"
// CHECK: "ind.load"(%[[MEANS]])
// CHECK: name = "buf4"{{.*}}ranges = array<i64>, reduction_ranges = array<i64: 8>, reduction_type = "welford_mean"
// CHECK: %[[BETWEEN:[0-9]+]] = "ind.reduction"
// CHECK: "ind.load"(%[[MEANS]])
// CHECK: name = "buf5"{{.*}}reduction_ranges = array<i64: 8>, reduction_type = "welford_m2"
// CHECK: %[[WITHIN:[0-9]+]] = "ind.reduction"
// CHECK: "ind.load"(%[[M2S]])
// CHECK: name = "buf6"{{.*}}reduction_ranges = array<i64: 8>, reduction_type = "sum"
// CHECK: "ind.pointwise"
// CHECK: %[[W:[0-9]+]] = "ind.load"(%[[WITHIN]])
// CHECK: %[[B:[0-9]+]] = "ind.load"(%[[BETWEEN]])
// CHECK: %[[BLOCK:[0-9]+]] = "arith.constant"() <{value = 8.192000e+03 : f32}>
// CHECK: %[[SC:[0-9]+]] = "arith.mulf"(%[[B]], %[[BLOCK]])
// CHECK: %[[M2:[0-9]+]] = "arith.addf"(%[[W]], %[[SC]])
// CHECK: %[[N1:[0-9]+]] = "arith.constant"() <{value = 6.553500e+04 : f32}>
// CHECK: "arith.divf"(%[[M2]], %[[N1]])
// CHECK-LABEL: sym_name = "var_split_ragged"
// OFF-LABEL: sym_name = "var_split"
// OFF-NOT: welford
// OFF-LABEL: sym_name = "var_split_ragged"
func.func @var_split(%x: tensor<1x65536xf32>) -> tensor<1xf32> {
  %v = "graph.var"(%x) {dims = array<i64: 1>, keepdim = false, correction = 1 : i64} : (tensor<1x65536xf32>) -> tensor<1xf32>
  return %v : tensor<1xf32>
}

// 4620 rows of 3 columns: the split heuristic says 37, which does not divide 4620 (a plain sum would mask
// the last partial); Welford partials have no masked identity, so the split is the divisor closest by
// ratio: 35 (33 is the next below, 42 above). No mask in the body.
// CHECK: name = "buf2"{{.*}}ranges = array<i64: 35, 3>, reduction_ranges = array<i64: 132>, reduction_type = "welford_mean"
// CHECK: name = "buf3"{{.*}}ranges = array<i64: 35, 3>, reduction_ranges = array<i64: 132>, reduction_type = "welford_m2"
// CHECK-LABEL: sym_name = "var_split_prime"
func.func @var_split_ragged(%x: tensor<4620x3xf32>) -> tensor<3xf32> {
  %v = "graph.var"(%x) {dims = array<i64: 0>, keepdim = false, correction = 1 : i64} : (tensor<4620x3xf32>) -> tensor<3xf32>
  return %v : tensor<3xf32>
}

// A prime rnumel (65521) has no divisor: the welford is not split (one reduction over the row; the
// mean's sum is split and, being read by nothing else, stays the sum it was: two kernels of its own are
// dead only when the sibling replaces it).
// CHECK: name = "buf2"{{.*}}ranges = array<i64>, reduction_ranges = array<i64: 65521>, reduction_type = "welford_m2"
// CHECK-LABEL: sym_name = "softmax_7"
func.func @var_split_prime(%x: tensor<1x65521xf32>) -> tensor<1xf32> {
  %v = "graph.var"(%x) {dims = array<i64: 1>, keepdim = false, correction = 1 : i64} : (tensor<1x65521xf32>) -> tensor<1xf32>
  return %v : tensor<1xf32>
}

// softmax over 7: not online (rnumel < unroll-reductions-threshold); its max and sum are unrolled into
// pointwise code (Reduction.create, test/lower/unroll_reductions.mlir), so no reduction is left; over 8:
// online, the sum reads x only.
// CHECK-NOT: online_softmax
// CHECK: "ind.pointwise"
// CHECK-NOT: "ind.reduction"
func.func @softmax_7(%x: tensor<3x7xf32>) -> tensor<3x7xf32> {
  %y = "graph.softmax"(%x) {dim = 1 : i64} : (tensor<3x7xf32>) -> tensor<3x7xf32>
  return %y : tensor<3x7xf32>
}

// CHECK-LABEL: sym_name = "softmax_8"
// CHECK: name = "buf0"{{.*}}reduction_type = "online_softmax_max"
// CHECK: %[[X:[0-9]+]] = "ind.load"(%arg{{[0-9]+}}) {{.*}} : (memref<3x8xf32>) -> f32
// CHECK-NEXT: "gpu.yield"(%[[X]])
// CHECK: name = "buf1"{{.*}}reduction_type = "online_softmax_sum"
// OFF-LABEL: sym_name = "softmax_8"
// OFF: reduction_type = "max"
// OFF: reduction_type = "sum"
func.func @softmax_8(%x: tensor<3x8xf32>) -> tensor<3x8xf32> {
  %y = "graph.softmax"(%x) {dim = 1 : i64} : (tensor<3x8xf32>) -> tensor<3x8xf32>
  return %y : tensor<3x8xf32>
}

// log_softmax matches the same amax / sub / exp / sum; a single row of 65536 would split: three-pass.
// CHECK-LABEL: sym_name = "log_softmax"
// CHECK: reduction_type = "online_softmax_max"
// CHECK: reduction_type = "online_softmax_sum"
// CHECK-LABEL: sym_name = "softmax_split"
// CHECK-NOT: online
// CHECK-LABEL: sym_name = "not_var"
func.func @log_softmax(%x: tensor<5x100xf32>) -> tensor<5x100xf32> {
  %y = "graph.log_softmax"(%x) {dim = 1 : i64} : (tensor<5x100xf32>) -> tensor<5x100xf32>
  return %y : tensor<5x100xf32>
}

func.func @softmax_split(%x: tensor<1x65536xf32>) -> tensor<1x65536xf32> {
  %y = "graph.softmax"(%x) {dim = 1 : i64} : (tensor<1x65536xf32>) -> tensor<1x65536xf32>
  return %y : tensor<1x65536xf32>
}

// Left alone: a user's own mean((x - mean(x))**2) (not a var: Inductor keeps it two-step, as in its
// layernorm_gelu dump), the deviations of x from the mean of another tensor, and exp(x - amax) summed
// over another dim than the max's.
// NEG-LABEL: sym_name = "user_var"
// NEG-NOT: welford
// NEG: sym_name = "not_var"
// NEG-NOT: welford
// NEG-NOT: online
// NEG: sym_name = "not_softmax"
// NEG-NOT: welford
// NEG-NOT: online
func.func @user_var(%x: tensor<4x64xf32>) -> tensor<4x1xf32> {
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<4x64xf32>) -> tensor<4x1xf32>
  %c = "graph.sub"(%x, %m) : (tensor<4x64xf32>, tensor<4x1xf32>) -> tensor<4x64xf32>
  %two = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %q = "graph.pow"(%c, %two) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  %v = "graph.mean"(%q) {dims = array<i64: 1>, keepdim = true} : (tensor<4x64xf32>) -> tensor<4x1xf32>
  return %v : tensor<4x1xf32>
}

func.func @not_var(%x: tensor<4x64xf32>, %y: tensor<4x64xf32>) -> tensor<4xf32> {
  %m = "graph.mean"(%y) {dims = array<i64: 1>, keepdim = true} : (tensor<4x64xf32>) -> tensor<4x1xf32>
  %c = "graph.sub"(%x, %m) : (tensor<4x64xf32>, tensor<4x1xf32>) -> tensor<4x64xf32>
  %q = "graph.mul"(%c, %c) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %s = "graph.sum"(%q) {dims = array<i64: 1>, keepdim = false} : (tensor<4x64xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

func.func @not_softmax(%x: tensor<16x64xf32>) -> tensor<64xf32> {
  %m = "graph.amax"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<16x64xf32>) -> tensor<16x1xf32>
  %c = "graph.sub"(%x, %m) : (tensor<16x64xf32>, tensor<16x1xf32>) -> tensor<16x64xf32>
  %e = "graph.exp"(%c) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %s = "graph.sum"(%e) {dims = array<i64: 0>, keepdim = false} : (tensor<16x64xf32>) -> tensor<64xf32>
  return %s : tensor<64xf32>
}

// LOG: var {{.*}}: two-step (use_two_step_variance: rnumel=8 <= unroll-reductions-threshold=8)
// LOG: var {{.*}}: welford buf1 (rnumel=9 > unroll-reductions-threshold=8), its mean the welford_mean sibling
// LOG: var {{.*}}: welford buf1 (rnumel=8 <= unroll-reductions-threshold=8, one row), its mean the welford_mean sibling
// LOG: var {{.*}}: welford buf1 (rnumel=7 <= unroll-reductions-threshold=8, one row), its mean the welford_mean sibling
// LOG: var {{.*}}: two-step (use_two_step_variance: rnumel=7 <= unroll-reductions-threshold=8)
// LOG-NOT: closest to
// LOG: split welford buf2, buf3: hint=INNER numel=1 rnumel=65536 split=8: buf2 ranges=[8] reduction_ranges=[8192], buf5 ranges=[] reduction_ranges=[8]; m2 = buf6 + 8192 * buf5
// LOG: var {{.*}}: welford split (rnumel=65536 > unroll-reductions-threshold=8), its mean the welford_mean sibling
// LOG: welford buf2: split=35, the divisor of rnumel=4620 closest to 37
// LOG: var {{.*}}: welford split (rnumel=4620
// LOG: var {{.*}}: welford buf2 (rnumel=65521 > unroll-reductions-threshold=8)
// LOG: softmax {{.*}}: not online (rnumel=7 < unroll-reductions-threshold=8)
// LOG: softmax {{.*}}: online_softmax_reduce buf0, buf1 (rnumel=8 >= unroll-reductions-threshold=8)
// LOG: softmax {{.*}}: three-pass (the reduction would be split)
