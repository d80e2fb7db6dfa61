// split, cumsum, native_layer_norm and native_group_norm at odd sizes and tails, on the CPU JIT against
// the reference interpreter (ind-run exits 1 on a mismatch), and to PTX. The reference runs the ops
// themselves (interp_graph.c: a sequential running sum, per-row stats in double), not their
// decompositions.
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen --emit=ptx -o /dev/null
// RUN: %ind-run %s --func split_tail | %filecheck %s
// RUN: %ind-run %s --func split_dim0 | %filecheck %s
// RUN: %ind-run %s --func split_64 | %filecheck %s
// RUN: %ind-run %s --func split_i64 | %filecheck %s
// RUN: %ind-run %s --func cumsum_len1 | %filecheck %s
// RUN: %ind-run %s --func cumsum_rows | %filecheck %s
// RUN: %ind-run %s --func cumsum_long | %filecheck %s
// RUN: %ind-run %s --func cumsum_dim0 | %filecheck %s
// RUN: %ind-run %s --func cumsum_middle | %filecheck %s
// RUN: %ind-run %s --func cumsum_f16 | %filecheck %s
// RUN: %ind-run %s --func cumsum_fused | %filecheck %s
// RUN: %ind-run %s --func layer_norm_2d | %filecheck %s
// RUN: %ind-run %s --func layer_norm_bf16 | %filecheck %s
// RUN: %ind-run %s --func group_norm_g1 | %filecheck %s
// RUN: %ind-run %s --func group_norm_g4 | %filecheck %s
// RUN: %ind-run %s --func group_norm_g12 | %filecheck %s
// RUN: %ind-run %s --func group_norm_2d | %filecheck %s
// CHECK-NOT: FAIL
// CHECK: check out0: {{.*}} PASS
func.func @split_tail(%x: tensor<3x1000xf32>) -> (tensor<3x333xf32>, tensor<3x1xf32>, tensor<3x333xf32>) {
  %a, %b, %c, %d = "graph.split"(%x) {dim = -1 : i64, split_size = 333 : i64} : (tensor<3x1000xf32>) -> (tensor<3x333xf32>, tensor<3x333xf32>, tensor<3x333xf32>, tensor<3x1xf32>)
  %e = "graph.exp"(%c) : (tensor<3x333xf32>) -> tensor<3x333xf32>
  %s = "graph.mul"(%a, %b) : (tensor<3x333xf32>, tensor<3x333xf32>) -> tensor<3x333xf32>
  return %s, %d, %e : tensor<3x333xf32>, tensor<3x1xf32>, tensor<3x333xf32>
}
// -----
func.func @split_dim0(%x: tensor<7x5x3xf16>) -> (tensor<2x5x3xf16>, tensor<1x5x3xf16>) {
  %a, %b, %c, %d = "graph.split"(%x) {dim = 0 : i64, split_size = 2 : i64} : (tensor<7x5x3xf16>) -> (tensor<2x5x3xf16>, tensor<2x5x3xf16>, tensor<2x5x3xf16>, tensor<1x5x3xf16>)
  %s = "graph.sub"(%a, %c) : (tensor<2x5x3xf16>, tensor<2x5x3xf16>) -> tensor<2x5x3xf16>
  return %s, %d : tensor<2x5x3xf16>, tensor<1x5x3xf16>
}
// -----
func.func @split_64(%x: tensor<2x64xf32>) -> tensor<2x1xf32> {
  %r:64 = "graph.split"(%x) {dim = 1 : i64, split_size = 1 : i64} : (tensor<2x64xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  %s = "graph.add"(%r#0, %r#63) : (tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  return %s : tensor<2x1xf32>
}
// -----
func.func @split_i64(%x: tensor<9xi64>) -> (tensor<4xi64>, tensor<1xi64>) {
  %a, %b, %c = "graph.split"(%x) {dim = 0 : i64, split_size = 4 : i64} : (tensor<9xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<1xi64>)
  %s = "graph.add"(%a, %b) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return %s, %c : tensor<4xi64>, tensor<1xi64>
}
// -----
func.func @cumsum_len1(%x: tensor<1xf32>) -> tensor<1xf32> {
  %o = "graph.cumsum"(%x) {dim = 0 : i64} : (tensor<1xf32>) -> tensor<1xf32>
  return %o : tensor<1xf32>
}
// -----
func.func @cumsum_rows(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %o = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<5x7xf32>) -> tensor<5x7xf32>
  return %o : tensor<5x7xf32>
}
// -----
func.func @cumsum_long(%x: tensor<33x257xf32>) -> tensor<33x257xf32> {
  %o = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<33x257xf32>) -> tensor<33x257xf32>
  return %o : tensor<33x257xf32>
}
// -----
func.func @cumsum_dim0(%x: tensor<129x3xf32>) -> tensor<129x3xf32> {
  %o = "graph.cumsum"(%x) {dim = 0 : i64} : (tensor<129x3xf32>) -> tensor<129x3xf32>
  return %o : tensor<129x3xf32>
}
// -----
func.func @cumsum_middle(%x: tensor<4x33x5xf32>) -> tensor<4x33x5xf32> {
  %o = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<4x33x5xf32>) -> tensor<4x33x5xf32>
  return %o : tensor<4x33x5xf32>
}
// -----
func.func @cumsum_f16(%x: tensor<6x31xf16>) -> tensor<6x31xf16> {
  %o = "graph.cumsum"(%x) {dim = -1 : i64} : (tensor<6x31xf16>) -> tensor<6x31xf16>
  return %o : tensor<6x31xf16>
}
// -----
func.func @cumsum_fused(%x: tensor<3x17xf32>) -> tensor<3x17xf32> {
  %e = "graph.exp"(%x) : (tensor<3x17xf32>) -> tensor<3x17xf32>
  %c = "graph.cumsum"(%e) {dim = 1 : i64} : (tensor<3x17xf32>) -> tensor<3x17xf32>
  %l = "graph.log"(%c) : (tensor<3x17xf32>) -> tensor<3x17xf32>
  return %l : tensor<3x17xf32>
}
// -----
func.func @layer_norm_2d(%x: tensor<37x3x50xf32>, %w: tensor<3x50xf32>, %b: tensor<3x50xf32>) -> (tensor<37x3x50xf32>, tensor<37x1x1xf32>, tensor<37x1x1xf32>) {
  %o, %m, %r = "graph.native_layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 3, 50>, eps = 1.0e-05 : f64} : (tensor<37x3x50xf32>, tensor<3x50xf32>, tensor<3x50xf32>) -> (tensor<37x3x50xf32>, tensor<37x1x1xf32>, tensor<37x1x1xf32>)
  return %o, %m, %r : tensor<37x3x50xf32>, tensor<37x1x1xf32>, tensor<37x1x1xf32>
}
// -----
func.func @layer_norm_bf16(%x: tensor<5x129xbf16>, %w: tensor<129xbf16>, %b: tensor<129xbf16>) -> (tensor<5x129xbf16>, tensor<5x1xbf16>, tensor<5x1xbf16>) {
  %o, %m, %r = "graph.native_layer_norm"(%x, %w, %b) {normalized_shape = array<i64: 129>, eps = 1.0e-05 : f64} : (tensor<5x129xbf16>, tensor<129xbf16>, tensor<129xbf16>) -> (tensor<5x129xbf16>, tensor<5x1xbf16>, tensor<5x1xbf16>)
  return %o, %m, %r : tensor<5x129xbf16>, tensor<5x1xbf16>, tensor<5x1xbf16>
}
// -----
func.func @group_norm_g1(%x: tensor<3x12x7x5xf32>, %w: tensor<12xf32>, %b: tensor<12xf32>) -> (tensor<3x12x7x5xf32>, tensor<3x1xf32>, tensor<3x1xf32>) {
  %o, %m, %r = "graph.native_group_norm"(%x, %w, %b) {group = 1 : i64, eps = 1.0e-05 : f64} : (tensor<3x12x7x5xf32>, tensor<12xf32>, tensor<12xf32>) -> (tensor<3x12x7x5xf32>, tensor<3x1xf32>, tensor<3x1xf32>)
  return %o, %m, %r : tensor<3x12x7x5xf32>, tensor<3x1xf32>, tensor<3x1xf32>
}
// -----
func.func @group_norm_g4(%x: tensor<3x12x7x5xf32>, %w: tensor<12xf32>, %b: tensor<12xf32>) -> (tensor<3x12x7x5xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %o, %m, %r = "graph.native_group_norm"(%x, %w, %b) {group = 4 : i64, eps = 1.0e-05 : f64} : (tensor<3x12x7x5xf32>, tensor<12xf32>, tensor<12xf32>) -> (tensor<3x12x7x5xf32>, tensor<3x4xf32>, tensor<3x4xf32>)
  return %o, %m, %r : tensor<3x12x7x5xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}
// -----
func.func @group_norm_g12(%x: tensor<3x12x7x5xf32>, %w: tensor<12xf32>, %b: tensor<12xf32>) -> (tensor<3x12x7x5xf32>, tensor<3x12xf32>, tensor<3x12xf32>) {
  %o, %m, %r = "graph.native_group_norm"(%x, %w, %b) {group = 12 : i64, eps = 1.0e-05 : f64} : (tensor<3x12x7x5xf32>, tensor<12xf32>, tensor<12xf32>) -> (tensor<3x12x7x5xf32>, tensor<3x12xf32>, tensor<3x12xf32>)
  return %o, %m, %r : tensor<3x12x7x5xf32>, tensor<3x12xf32>, tensor<3x12xf32>
}
// -----
func.func @group_norm_2d(%x: tensor<5x6xf32>, %w: tensor<6xf32>, %b: tensor<6xf32>) -> (tensor<5x6xf32>, tensor<5x2xf32>, tensor<5x2xf32>) {
  %o, %m, %r = "graph.native_group_norm"(%x, %w, %b) {group = 2 : i64, eps = 1.0e-05 : f64} : (tensor<5x6xf32>, tensor<6xf32>, tensor<6xf32>) -> (tensor<5x6xf32>, tensor<5x2xf32>, tensor<5x2xf32>)
  return %o, %m, %r : tensor<5x6xf32>, tensor<5x2xf32>, tensor<5x2xf32>
}
