// The eight programs of reference/inductor-dumps, written by hand at the ind level from their
// ir_pre_fusion.txt (same buffers, same loads at the same indices), through ind-schedule and
// fuse-inductor. Each case checks the grouping of ir_post_fusion.txt and the lines of fusion_log.txt.
// (seed_10op is test/fuse/seed.mlir.) docs/passes/fuse.md lists the differences in the log.

// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true})' 2>&1 >/dev/null | %filecheck %s --check-prefix=LOG
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor)' | %filecheck %s

/// col_sum: x.mul(2).add(1).sum(0), which Inductor split into two reductions over 128 then 8 rows.
/// op1 reads buf0 transposed: no dep in common, two kernels.
// LOG: ===== attempting fusion (1/10): 2 nodes =====
// LOG: cannot fuse op0 with op1: no shared data
// LOG-NEXT: found 0 possible fusions
// LOG-NEXT: completed fusion round (1/10): fused 2 nodes into 2 nodes
// CHECK-LABEL: sym_name = "col_sum"
// CHECK-NOT: "sched.fused"
// CHECK: name = "op0"
// CHECK: name = "op1"
func.func @col_sum(%arg0_1: memref<1024x1024xf32>) -> memref<1024xf32> {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1, d2) -> (d0 * 131072 + d1 + d2 * 1024)>} : (memref<1024x1024xf32>) -> f32
    %1 = "arith.constant"() <{value = 2.0 : f32}> : () -> f32
    %2 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
    %3 = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
    %4 = "arith.addf"(%2, %3) : (f32, f32) -> f32
    "gpu.yield"(%4) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 1024>, reduction_ranges = array<i64: 128>, reduction_type = "sum"} : () -> memref<8x1024xf32>
  %buf1 = "ind.reduction"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 + d1 * 1024)>} : (memref<8x1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<1024xf32>
  "func.return"(%buf1) : (memref<1024xf32>) -> ()
}

// -----

/// layernorm_gelu: mean, variance, normalize, gelu. op0 may not join op2 before op1 (intermediate);
/// the pairs fuse as in Inductor: op0+op1, op2+op3, then the two halves. One kernel.
// LOG: ===== attempting fusion (1/10): 4 nodes =====
// LOG: cannot fuse op0 with op2: intermediate nodes between node1 & node2
// LOG: found 3 possible fusions
// LOG: fusing op0 with op1
// LOG-NEXT: fusing op2 with op3
// LOG-NEXT: fusing op0_op1 with op2_op3
// LOG-NEXT: completed fusion round (1/10): fused 4 nodes into 1 nodes
// CHECK-LABEL: sym_name = "layernorm_gelu"
// CHECK: "sched.fused"
// CHECK: name = "op0_op1_op2_op3"
// CHECK-NEXT: "func.return"
func.func @layernorm_gelu(%arg0_1: memref<1024x1024xf32>, %arg1_1: memref<1024xf32>, %arg2_1: memref<1024xf32>) -> memref<1024x1024xf32> {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1, d2) -> (d0 * 1024 + d2)>} : (memref<1024x1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024, 1>, reduction_ranges = array<i64: 1024>, reduction_type = "sum"} : () -> memref<1024x1xf32>
  %buf1 = "ind.reduction"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1, d2) -> (d0 * 1024 + d2)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%buf0) {index = affine_map<(d0, d1, d2) -> (d0)>} : (memref<1024x1xf32>) -> f32
    %2 = "arith.constant"() <{value = 1024.0 : f32}> : () -> f32
    %3 = "arith.divf"(%1, %2) : (f32, f32) -> f32
    %4 = "arith.subf"(%0, %3) : (f32, f32) -> f32
    %5 = "arith.mulf"(%4, %4) : (f32, f32) -> f32
    "gpu.yield"(%5) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024, 1>, reduction_ranges = array<i64: 1024>, reduction_type = "sum"} : () -> memref<1024x1xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<1024x1xf32>) -> f32
    %2 = "arith.constant"() <{value = 1024.0 : f32}> : () -> f32
    %3 = "arith.divf"(%1, %2) : (f32, f32) -> f32
    %4 = "arith.subf"(%0, %3) : (f32, f32) -> f32
    %5 = "ind.load"(%buf1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<1024x1xf32>) -> f32
    %6 = "arith.divf"(%5, %2) : (f32, f32) -> f32
    %7 = "arith.constant"() <{value = 1.0e-05 : f32}> : () -> f32
    %8 = "arith.addf"(%6, %7) : (f32, f32) -> f32
    %9 = "math.rsqrt"(%8) : (f32) -> f32
    %10 = "arith.mulf"(%4, %9) : (f32, f32) -> f32
    %11 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    %12 = "arith.mulf"(%10, %11) : (f32, f32) -> f32
    %13 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    %14 = "arith.addf"(%12, %13) : (f32, f32) -> f32
    "gpu.yield"(%14) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf3 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf2) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "arith.constant"() <{value = 0.5 : f32}> : () -> f32
    %2 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
    %3 = "arith.constant"() <{value = 0.7071067811865476 : f32}> : () -> f32
    %4 = "arith.mulf"(%0, %3) : (f32, f32) -> f32
    %5 = "math.erf"(%4) : (f32) -> f32
    %6 = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
    %7 = "arith.addf"(%5, %6) : (f32, f32) -> f32
    %8 = "arith.mulf"(%2, %7) : (f32, f32) -> f32
    "gpu.yield"(%8) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%buf3) : (memref<1024x1024xf32>) -> ()
}

// -----

/// mm_epilogue: mm then bias + relu. The extern mm is a barrier; Inductor's log says only "found 0
/// possible fusions" (it never pairs extern nodes), ours also says why.
// LOG: ===== attempting fusion (1/10): 2 nodes =====
// LOG: cannot fuse op0 with op1: node1 is extern but not a triton kernel
// LOG-NEXT: found 0 possible fusions
// LOG-NEXT: completed fusion round (1/10): fused 2 nodes into 2 nodes
// CHECK-LABEL: sym_name = "mm_epilogue"
// CHECK-NOT: "sched.fused"
// CHECK: kind = "extern"
// CHECK-SAME: name = "op0"
// CHECK: kind = "pointwise"
// CHECK-SAME: name = "op1"
func.func @mm_epilogue(%arg0_1: memref<1024x1024xf32>, %arg1_1: memref<1024x1024xf32>, %arg2_1: memref<1024xf32>) -> memref<1024x1024xf32> {
  %buf0 = "ind.extern"(%arg0_1, %arg1_1) {name = "buf0", kernel = "mm"} : (memref<1024x1024xf32>, memref<1024x1024xf32>) -> memref<1024x1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    %3 = "arith.constant"() <{value = 0.0 : f32}> : () -> f32
    %4 = "arith.maximumf"(%2, %3) : (f32, f32) -> f32
    "gpu.yield"(%4) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%buf1) : (memref<1024x1024xf32>) -> ()
}

// -----

/// pointwise_chain: everything was inlined at lowering; one node, nothing to fuse.
// LOG: ===== attempting fusion (1/10): 1 nodes =====
// LOG-NEXT: fuse_nodes_once, candidates:
// LOG-NEXT:   SchedulerNode(name='op0'), Pointwise([1048576, 1])
// LOG-NEXT: found 0 possible fusions
// LOG-NEXT: completed fusion round (1/10): fused 1 nodes into 1 nodes
// CHECK-LABEL: sym_name = "pointwise_chain"
// CHECK-NOT: "sched.fused"
// CHECK: name = "op0"
func.func @pointwise_chain(%arg0_1: memref<1024x1024xf32>, %arg1_1: memref<1024xf32>) -> memref<1024x1024xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    %3 = "arith.negf"(%2) : (f32) -> f32
    %4 = "math.exp"(%3) : (f32) -> f32
    %5 = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
    %6 = "arith.addf"(%4, %5) : (f32, f32) -> f32
    %7 = "arith.divf"(%5, %6) : (f32, f32) -> f32
    %8 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %9 = "arith.mulf"(%7, %8) : (f32, f32) -> f32
    %10 = "math.tanh"(%9) : (f32) -> f32
    %11 = "arith.constant"() <{value = 0.5 : f32}> : () -> f32
    %12 = "arith.mulf"(%10, %11) : (f32, f32) -> f32
    %13 = "arith.addf"(%12, %9) : (f32, f32) -> f32
    "gpu.yield"(%13) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%buf0) : (memref<1024x1024xf32>) -> ()
}

// -----

/// rmsnorm_residual: buf0 = x + residual is an output and is read by the reduction and the epilogue.
/// op0 may not join op2 before op1; op1+op2 first, then op0 joins them: one kernel, as Inductor.
// LOG: ===== attempting fusion (1/10): 3 nodes =====
// LOG: cannot fuse op0 with op2: intermediate nodes between node1 & node2
// LOG: found 2 possible fusions
// LOG: fusing op1 with op2
// LOG-NEXT: fusing op0 with op1_op2
// LOG-NEXT: completed fusion round (1/10): fused 3 nodes into 1 nodes
// CHECK-LABEL: sym_name = "rmsnorm_residual"
// CHECK: %[[F:.*]]:2 = "sched.fused"
// CHECK: name = "op0_op1_op2"
// CHECK-NEXT: "func.return"(%[[F]]#1, %[[F]]#0)
func.func @rmsnorm_residual(%arg0_1: memref<1024x1024xf32>, %arg1_1: memref<1024x1024xf32>, %arg2_1: memref<1024xf32>) -> (memref<1024x1024xf32>, memref<1024x1024xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf1 = "ind.reduction"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1, d2) -> (d0 * 1024 + d2)>} : (memref<1024x1024xf32>) -> f32
    %1 = "arith.mulf"(%0, %0) : (f32, f32) -> f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024, 1>, reduction_ranges = array<i64: 1024>, reduction_type = "sum"} : () -> memref<1024x1xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%buf1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<1024x1xf32>) -> f32
    %2 = "arith.constant"() <{value = 1024.0 : f32}> : () -> f32
    %3 = "arith.divf"(%1, %2) : (f32, f32) -> f32
    %4 = "arith.constant"() <{value = 1.0e-06 : f32}> : () -> f32
    %5 = "arith.addf"(%3, %4) : (f32, f32) -> f32
    %6 = "math.rsqrt"(%5) : (f32) -> f32
    %7 = "arith.mulf"(%0, %6) : (f32, f32) -> f32
    %8 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    %9 = "arith.mulf"(%7, %8) : (f32, f32) -> f32
    "gpu.yield"(%9) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%buf2, %buf0) : (memref<1024x1024xf32>, memref<1024x1024xf32>) -> ()
}

// -----

/// softmax: Inductor's online softmax, two outputs of one online_softmax_reduce of x (buf1 does not
/// read buf0), then the divide; the log as Inductor's: 3 candidates, op0+op1, then op2.
// LOG: ===== attempting fusion (1/10): 3 nodes =====
// LOG-NOT: cannot fuse
// LOG: found 3 possible fusions
// LOG: fusing op0 with op1
// LOG-NEXT: fusing op0_op1 with op2
// LOG-NEXT: completed fusion round (1/10): fused 3 nodes into 1 nodes
// CHECK-LABEL: sym_name = "softmax"
// CHECK: name = "op0_op1_op2"
// CHECK-NEXT: "func.return"
func.func @softmax(%arg0_1: memref<1024x1024xf32>) -> memref<1024x1024xf32> {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1, d2) -> (d0 * 1024 + d2)>} : (memref<1024x1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024, 1>, reduction_ranges = array<i64: 1024>, reduction_type = "online_softmax_max"} : () -> memref<1024x1xf32>
  %buf1 = "ind.reduction"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1, d2) -> (d0 * 1024 + d2)>} : (memref<1024x1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024, 1>, reduction_ranges = array<i64: 1024>, reduction_type = "online_softmax_sum"} : () -> memref<1024x1xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<1024x1xf32>) -> f32
    %2 = "arith.subf"(%0, %1) : (f32, f32) -> f32
    %3 = "math.exp"(%2) : (f32) -> f32
    %4 = "ind.load"(%buf1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<1024x1xf32>) -> f32
    %5 = "arith.divf"(%3, %4) : (f32, f32) -> f32
    "gpu.yield"(%5) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%buf2) : (memref<1024x1024xf32>) -> ()
}

// -----

/// transpose_add: relu(x + x^T), one node reading x at two indices.
// LOG: ===== attempting fusion (1/10): 1 nodes =====
// LOG: found 0 possible fusions
// CHECK-LABEL: sym_name = "transpose_add"
// CHECK-NOT: "sched.fused"
// CHECK: met_dependencies = {{\[\[}}"arg0_1", #{{.*}}, array<i64: 1024, 1024>], ["arg0_1", #{{.*}}, array<i64: 1024, 1024>]]
func.func @transpose_add(%arg0_1: memref<1024x1024xf32>) -> memref<1024x1024xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 + d1 * 1024)>} : (memref<1024x1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    %3 = "arith.constant"() <{value = 0.0 : f32}> : () -> f32
    %4 = "arith.maximumf"(%2, %3) : (f32, f32) -> f32
    "gpu.yield"(%4) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%buf0) : (memref<1024x1024xf32>) -> ()
}
