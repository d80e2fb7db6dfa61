// Inner reductions that carry a state (Welford, online softmax) with rnumel above persistent-threshold
// (1024) but at most persistent-state-threshold (8192) are persistent, with block =
// pow2ceil(ceil(rnumel / state-elements-per-thread (32))) clamped to [32, 1024] (launch_geometry.c,
// launch_choose_state_geometry). Rows of 8193 stay looped; a plain sum of 4096 (no state) stays looped;
// the options move each edge, and a user's reduction-block is left alone.
// RUN: %ind-opt %s --split-input-file --codegen | %filecheck %s --check-prefix=AUTO
// RUN: %ind-opt %s --split-input-file --fuse | %ind-opt --split-input-file --pass-pipeline='builtin.module(sched-to-kernel{persistent-state-threshold=0})' | %filecheck %s --check-prefix=OFF
// RUN: %ind-opt %s --split-input-file --fuse | %ind-opt --split-input-file --pass-pipeline='builtin.module(sched-to-kernel{persistent-state-threshold=4095})' | %filecheck %s --check-prefix=EDGE
// RUN: %ind-opt %s --split-input-file --fuse | %ind-opt --split-input-file --pass-pipeline='builtin.module(sched-to-kernel{state-elements-per-thread=16})' | %filecheck %s --check-prefix=PER16
// RUN: %ind-opt %s --split-input-file --fuse | %ind-opt --split-input-file --pass-pipeline='builtin.module(sched-to-kernel{reduction-block=128})' | %filecheck %s --check-prefix=USER

/// softmax over rows of 8192: online softmax (a state); 8192 / 32 = 256 threads, persistent.
// AUTO: block = 256 : i64, kind = "persistent_reduction"
// AUTO-SAME: rranges = array<i64: 8192>, sym_name = "triton_per_fused_
// OFF: block = 512 : i64, kind = "reduction"
// OFF-SAME: rranges = array<i64: 8192>, sym_name = "triton_red_fused_
// EDGE: block = 512 : i64, kind = "reduction"
// EDGE-SAME: rranges = array<i64: 8192>
// PER16: block = 512 : i64, kind = "persistent_reduction"
// PER16-SAME: rranges = array<i64: 8192>
// USER: block = 128 : i64, kind = "reduction"
// USER-SAME: rranges = array<i64: 8192>
func.func @softmax_8192(%x: tensor<64x8192xf32>) -> tensor<64x8192xf32> {
  %y = "graph.softmax"(%x) {dim = 1 : i64} : (tensor<64x8192xf32>) -> tensor<64x8192xf32>
  return %y : tensor<64x8192xf32>
}

// -----
/// one past the threshold: looped.
// AUTO: block = 512 : i64, kind = "reduction"
// AUTO-SAME: rranges = array<i64: 8193>, sym_name = "triton_red_fused_
// PER16: block = 512 : i64, kind = "reduction"
// PER16-SAME: rranges = array<i64: 8193>
// OFF: block = 512 : i64, kind = "reduction"
// OFF-SAME: rranges = array<i64: 8193>
// EDGE: block = 512 : i64, kind = "reduction"
// EDGE-SAME: rranges = array<i64: 8193>
// USER: block = 128 : i64, kind = "reduction"
// USER-SAME: rranges = array<i64: 8193>
func.func @softmax_8193(%x: tensor<1024x8193xf32>) -> tensor<1024x8193xf32> {
  %y = "graph.softmax"(%x) {dim = 1 : i64} : (tensor<1024x8193xf32>) -> tensor<1024x8193xf32>
  return %y : tensor<1024x8193xf32>
}

// -----
/// var (Welford) over rows of 4096: 4096 / 32 = 128 threads; at the option's edge 4095 it stays looped.
// AUTO: block = 128 : i64, kind = "persistent_reduction"
// AUTO-SAME: rranges = array<i64: 4096>
// OFF: block = 512 : i64, kind = "reduction"
// OFF-SAME: rranges = array<i64: 4096>
// EDGE: block = 512 : i64, kind = "reduction"
// EDGE-SAME: rranges = array<i64: 4096>
// PER16: block = 256 : i64, kind = "persistent_reduction"
// PER16-SAME: rranges = array<i64: 4096>
// USER: block = 128 : i64, kind = "reduction"
// USER-SAME: rranges = array<i64: 4096>
func.func @var_4096(%x: tensor<64x4096xf32>) -> tensor<64xf32> {
  %v = "graph.var"(%x) {dims = array<i64: 1>, correction = 1 : i64, keepdim = false} : (tensor<64x4096xf32>) -> tensor<64xf32>
  return %v : tensor<64xf32>
}

// -----
/// a plain sum (no state) of 4096 stays looped.
// AUTO: block = 512 : i64, kind = "reduction"
// AUTO-SAME: rranges = array<i64: 4096>, sym_name = "triton_red_fused_sum_0"
// PER16: block = 512 : i64, kind = "reduction"
// PER16-SAME: rranges = array<i64: 4096>, sym_name = "triton_red_fused_sum_0"
func.func @sum_4096(%x: tensor<64x4096xf32>) -> tensor<64xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<64x4096xf32>) -> tensor<64xf32>
  return %s : tensor<64xf32>
}

// -----
/// log_softmax over 1100 (a tail: 1100 = 275 x 4): 1100 / 32 -> 35 -> 64 threads, persistent.
// AUTO: block = 64 : i64, kind = "persistent_reduction"
// AUTO-SAME: rranges = array<i64: 1100>
// EDGE: block = 64 : i64, kind = "persistent_reduction"
// EDGE-SAME: rranges = array<i64: 1100>
// OFF: block = 256 : i64, kind = "reduction"
// OFF-SAME: rranges = array<i64: 1100>
func.func @log_softmax_1100(%x: tensor<64x1100xf32>) -> tensor<64x1100xf32> {
  %y = "graph.log_softmax"(%x) {dim = 1 : i64} : (tensor<64x1100xf32>) -> tensor<64x1100xf32>
  return %y : tensor<64x1100xf32>
}
