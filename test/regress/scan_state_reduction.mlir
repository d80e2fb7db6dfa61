// A cumsum fused with a Welford or online-softmax reduction of its output (the PyTorch fuzzer's seeds
// 359, 400 and 285: softmax(cumsum(x)), cumsum(x).std(), layer_norm(cumsum(x)); docs/testing.md) failed
// in convert-kernel-to-cpu with "a welford or online-softmax reduction of a scanned value": the
// sequential r nest that computes a scan accumulated only plain reductions of its values. It now carries
// the reduction's state (mean, m2, weight for Welford; max, sum for online softmax) beside the scan's
// Kahan pair and updates it element by element, as emit_tree_reduce's lanes do. The fusion is what it
// was: one kernel holding the scan and the reduction, which the GPU's persistent kernel already computed
// (two passes over the row in registers).
// RUN: %ind-run %s --func softmax_of_cumsum | %filecheck %s --check-prefix=JIT
// RUN: %ind-run %s --func std_of_cumsum | %filecheck %s --check-prefix=JIT
// RUN: %ind-run %s --func layer_norm_of_cumsum | %filecheck %s --check-prefix=JIT
// RUN: %ind-run %s --func sum_of_cumsum | %filecheck %s --check-prefix=JIT
// RUN: %ind-opt %s --split-input-file --codegen | %filecheck %s --check-prefix=KERNEL
// RUN: %ind-opt %s --split-input-file --codegen --pass-pipeline='builtin.module(convert-kernel-to-cpu)' \
// RUN:   | %filecheck %s --check-prefix=CPU
// RUN: %ind-opt %s --split-input-file --codegen --emit=ptx -o %t.ptx 2>&1 | count 0
// RUN: %filecheck %s --check-prefix=PTX --input-file=%t.ptx

// JIT: check out0: {{.*}} PASS
// JIT-NOT: FAIL

/// softmax(cumsum(x)): the scan and its online-softmax max and sum in one kernel; on the CPU one
/// sequential nest carries (max, sum) and the scan's (s, c); the GPU's kernel compiles (a row of 8 is
/// one thread's: no shuffle).
// KERNEL: "kernel.def"
// KERNEL: %[[S:.*]] = "kernel.scan"(%{{.*}}) {scan_type = "sum"}
// KERNEL: "kernel.reduce"(%[[S]]) {reduction_type = "online_softmax_max"}
// KERNEL: "kernel.reduce"(%[[S]]) {reduction_type = "online_softmax_sum"}
// KERNEL: sym_name = "triton_per_fused_amax_cumsum_div_exp_sub_sum_0"
// KERNEL-NOT: "kernel.def"
// KERNEL: sym_name = "call"
// CPU-LABEL: sym_name = "triton_per_fused_amax_cumsum_div_exp_sub_sum_0"
// CPU: %{{.*}}:4 = "scf.for"
// CPU: "math.exp"
// CPU: "scf.yield"({{.*}}) : (f32, f32, f32, f32) -> ()
// PTX-LABEL: .entry triton_per_fused_amax_cumsum_div_exp_sub_sum_0
func.func @softmax_of_cumsum(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = "graph.softmax"(%c) {dim = -1 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

/// cumsum(x, 1).std(dim=(0, 1), correction=0): a Welford m2 of the scan; the sequential nest carries
/// (mean, m2, weight) and (s, c), dividing by the weight at each element (Welford's update); on the
/// GPU the row's 17 elements are scanned across threads (shuffles up).
// KERNEL: %[[S:.*]] = "kernel.scan"(%{{.*}}) {scan_type = "sum"}
// KERNEL: "kernel.reduce"(%[[S]]) {reduction_type = "welford_m2"}
// KERNEL: sym_name = "triton_per_fused_cumsum_div_sqrt_sum_0"
// CPU-LABEL: sym_name = "triton_per_fused_cumsum_div_sqrt_sum_0"
// CPU: %{{.*}}:5 = "scf.for"
// CPU: "arith.divf"
// CPU: "scf.yield"({{.*}}) : (f32, f32, f32, f32, f32) -> ()
// PTX-LABEL: .entry triton_per_fused_cumsum_div_sqrt_sum_0
// PTX: shfl.sync.up.b32
func.func @std_of_cumsum(%x: tensor<1x17x1x1xf32>) -> tensor<1x1xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<1x17x1x1xf32>) -> tensor<1x17x1x1xf32>
  %v = "graph.var"(%c) {correction = 0 : i64, dims = array<i64: 0, 1>, keepdim = false} : (tensor<1x17x1x1xf32>) -> tensor<1x1xf32>
  %s = "graph.sqrt"(%v) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %s : tensor<1x1xf32>
}

// -----

/// F.layer_norm(cumsum(x).unsqueeze(0), (2,), w, b): the mean and m2 of one Welford state of the scan
/// (one row: welford although rnumel 2 < the unroll threshold, and the mean is its welford_mean sibling,
/// not an unrolled sum / 2), the normalization fused after them; on the CPU one nest carries
/// (mean, m2, weight) and the scan's (s, c).
// KERNEL: %[[S:.*]] = "kernel.scan"(%{{.*}}) {scan_type = "sum"}
// KERNEL: "kernel.reduce"(%[[S]]) {reduction_type = "welford_mean"}
// KERNEL: "kernel.reduce"(%[[S]]) {reduction_type = "welford_m2"}
// KERNEL: sym_name = "triton_per_fused_add_cumsum_mean_mul_rsqrt_sub_unsqueeze_0"
// KERNEL-NOT: "kernel.def"
// KERNEL: sym_name = "call"
// CPU-LABEL: sym_name = "triton_per_fused_add_cumsum_mean_mul_rsqrt_sub_unsqueeze_0"
// CPU: %{{.*}}:5 = "scf.for"
// PTX-LABEL: .entry triton_per_fused_add_cumsum_mean_mul_rsqrt_sub_unsqueeze_0
func.func @layer_norm_of_cumsum(%x: tensor<2xf32>, %w: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<1x2xf32> {
  %c = "graph.cumsum"(%x) {dim = 0 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  %u = "graph.unsqueeze"(%c) {dim = 0 : i64} : (tensor<2xf32>) -> tensor<1x2xf32>
  %n = "graph.layer_norm"(%u, %w, %b) {eps = 1.0e-05 : f64, normalized_shape = array<i64: 2>} : (tensor<1x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  return %n : tensor<1x2xf32>
}

// -----

/// Left alone: a plain sum of a scanned value carries one accumulator beside (s, c), combined with addf.
// KERNEL: %[[S:.*]] = "kernel.scan"(%{{.*}}) {scan_type = "sum"}
// KERNEL: "kernel.reduce"(%[[S]]) {reduction_type = "sum"}
// CPU-LABEL: sym_name = "triton_per_fused_cumsum_sum_0"
// CPU: %{{.*}}:3 = "scf.for"
// CPU-NOT: "arith.divf"
// CPU: "scf.yield"({{.*}}) : (f32, f32, f32) -> ()
func.func @sum_of_cumsum(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = "graph.sum"(%c) {dims = array<i64: 1>, keepdim = false} : (tensor<4x8xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
