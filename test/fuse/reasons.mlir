// Every rejection reason of the inductor strategy, each on the smallest ind program that shows it.
// The log (debug-fusion=true, or IND_LOGS=fusion) must give the reason in Inductor's words, and the
// IR must show the grouping that follows from it.

// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true})' 2>&1 >/dev/null | %filecheck %s --check-prefix=LOG
// RUN: env IND_LOGS=fusion %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor)' 2>&1 >/dev/null | %filecheck %s --check-prefix=LOG
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor)' | %filecheck %s

/// x + x^T feeding a column reduction: the reduction reads buf0 transposed, so although both nodes
/// read arg0_1 at the same (transposed) index, the read of buf0 does not match its write.
// LOG: ===== attempting fusion (1/10): 2 nodes =====
// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG: found 0 possible fusions
// LOG: completed fusion round (1/10): fused 2 nodes into 2 nodes
// CHECK-LABEL: sym_name = "transpose_into_reduction"
// CHECK-NOT: "sched.fused"
// CHECK: name = "op0"
// CHECK: name = "op1"
func.func @transpose_into_reduction(%arg0_1: memref<1024x1024xf32>) -> memref<1024xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d1 * 1024 + d0)>} : (memref<1024x1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf1 = "ind.reduction"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d1 * 1024 + d0)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d1 * 1024 + d0)>} : (memref<1024x1024xf32>) -> f32
    %2 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024>, reduction_ranges = array<i64: 1024>, reduction_type = "sum"} : () -> memref<1024xf32>
  "func.return"(%buf1) : (memref<1024xf32>) -> ()
}

// -----

/// op0 -> op1 -> op2 and op0 -> op2 (rmsnorm-like): op0 cannot join op2 before op1 does, because op1
/// is an intermediate node; op1+op2 fuse first, then op0 joins them, in one round.
// LOG: ===== attempting fusion (1/10): 3 nodes =====
// LOG: cannot fuse op0 with op2: intermediate nodes between node1 & node2
// LOG: found 2 possible fusions
// LOG: fusing op1 with op2
// LOG: fusing op0 with op1_op2
// LOG: completed fusion round (1/10): fused 3 nodes into 1 nodes
// CHECK-LABEL: sym_name = "intermediate"
// CHECK: "sched.fused"
// CHECK: name = "op0"
// CHECK: name = "op1"
// CHECK: name = "op2"
// CHECK: name = "op0_op1_op2"
func.func @intermediate(%arg0_1: memref<1024x1024xf32>) -> memref<1024x1024xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "arith.addf"(%0, %0) : (f32, f32) -> f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf1 = "ind.reduction"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1, d2) -> (d0 * 1024 + d2)>} : (memref<1024x1024xf32>) -> f32
    %1 = "arith.mulf"(%0, %0) : (f32, f32) -> f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024, 1>, reduction_ranges = array<i64: 1024>, reduction_type = "sum"} : () -> memref<1024x1xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%buf1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<1024x1xf32>) -> f32
    %2 = "arith.divf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%buf2) : (memref<1024x1024xf32>) -> ()
}

// -----

/// Same dep (arg0_1 at d1 over 1024x1024), different iteration sizes: pointwise nodes must have equal
/// (numel, rnumel).
// LOG: cannot fuse op0 with op1: numel/rnumel mismatch (non-reduce) (1048576, 2097152), (1, 1)
// LOG: found 0 possible fusions
// CHECK-LABEL: sym_name = "numel_mismatch"
// CHECK-NOT: "sched.fused"
func.func @numel_mismatch(%arg0_1: memref<1024xf32>) -> (memref<1024x1024xf32>, memref<1024x1024x2xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1, d2) -> (d1)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024, 1024, 2>} : () -> memref<1024x1024x2xf32>
  "func.return"(%buf0, %buf1) : (memref<1024x1024xf32>, memref<1024x1024x2xf32>) -> ()
}

// -----

/// Two reductions over the same input with different reduction sizes.
// LOG: cannot fuse op0 with op1: numel/rnumel mismatch (reduce) (1024, 1024), (1024, 2048)
// CHECK-LABEL: sym_name = "rnumel_mismatch"
// CHECK-NOT: "sched.fused"
func.func @rnumel_mismatch(%arg0_1: memref<1024xf32>) -> (memref<1024xf32>, memref<1024xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024>, reduction_ranges = array<i64: 1024>, reduction_type = "sum"} : () -> memref<1024xf32>
  %buf1 = "ind.reduction"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1, d2) -> (d1)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024>, reduction_ranges = array<i64: 1024, 2>, reduction_type = "max"} : () -> memref<1024xf32>
  "func.return"(%buf0, %buf1) : (memref<1024xf32>, memref<1024xf32>) -> ()
}

// -----

/// Unrelated nodes: no buffer in common, so they are never even candidates; with a common buffer read
/// at different indices (a flipped row, which no loop order makes equal: loop_reorder.mlir has the
/// transposed read that one does) they are candidates without shared data.
// LOG: cannot fuse op0 with op1: no shared data
// LOG: found 0 possible fusions
// CHECK-LABEL: sym_name = "unrelated"
// CHECK-NOT: "sched.fused"
func.func @unrelated(%arg0_1: memref<1024x1024xf32>, %arg1_1: memref<1024x1024xf32>) -> (memref<1024x1024xf32>, memref<1024x1024xf32>, memref<1024x1024xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 - d1 + 1023)>} : (memref<1024x1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%buf0, %buf1, %buf2) : (memref<1024x1024xf32>, memref<1024x1024xf32>, memref<1024x1024xf32>) -> ()
}

// -----

/// mm is a barrier: the extern node is never fused (in either direction, with the reason logged),
/// while its bias + relu epilogue fuses with the pointwise node after it.
// LOG: cannot fuse op0 with op1: node2 is extern or nop
// LOG: cannot fuse op1 with op2: node1 is extern but not a triton kernel
// LOG: fusing op2 with op3
// CHECK-LABEL: sym_name = "mm_barrier"
// CHECK: name = "op0"
// CHECK: "ind.extern"
// CHECK: kind = "extern"
// CHECK-SAME: name = "op1"
// CHECK-SAME: reads = {{\[\["buf0"\], \["arg1_1"\]\]}}
// CHECK-SAME: writes = {{\[\["buf1"\]\]}}
// CHECK: "sched.fused"
// CHECK: name = "op2_op3"
func.func @mm_barrier(%arg0_1: memref<1024x1024xf32>, %arg1_1: memref<1024x1024xf32>, %arg2_1: memref<1024xf32>) -> memref<1024x1024xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "arith.mulf"(%0, %0) : (f32, f32) -> f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf1 = "ind.extern"(%buf0, %arg1_1) {name = "buf1", kernel = "mm"} : (memref<1024x1024xf32>, memref<1024x1024xf32>) -> memref<1024x1024xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    %3 = "arith.constant"() <{value = 0.0 : f32}> : () -> f32
    %4 = "arith.maximumf"(%2, %3) : (f32, f32) -> f32
    "gpu.yield"(%4) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf3 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf2) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%buf3) : (memref<1024x1024xf32>) -> ()
}

// -----

/// An extern as node2 of a horizontal pair that shares data with it: both read arg0_1 whole (a StarDep:
/// op0's indirect row gather, op1's mm) over equal numel, so every later check would pass; the extern
/// rule alone keeps them apart (found 0 possible fusions, not 1).
// LOG:      SchedulerNode(name='op0'), Pointwise([4096, 1])
// LOG-NEXT: ExternKernelSchedulerNode(name='op1'), ExternKernel([4096, 1])
// LOG-NEXT: cannot fuse op0 with op1: node2 is extern or nop
// LOG-NEXT: found 0 possible fusions
// CHECK-LABEL: sym_name = "extern_shares_star_dep"
// CHECK-NOT: "sched.fused"
// CHECK: "func.return"
func.func @extern_shares_star_dep(%arg0_1: memref<64x64xf32>, %arg1_1: memref<64x64xf32>, %arg2_1: memref<64xi64>) -> (memref<64x64xf32>, memref<64x64xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xi64>) -> i64
    %1 = "ind.indirect_indexing"(%0) {size = 64 : i64} : (i64) -> index
    %2 = "arith.constant"() <{value = 64 : index}> : () -> index
    %3 = "arith.muli"(%1, %2) : (index, index) -> index
    %4 = "ind.load"(%arg0_1, %3) {index = affine_map<(d0, d1) -> (d1)>} : (memref<64x64xf32>, index) -> f32
    %5 = "math.exp"(%4) : (f32) -> f32
    "gpu.yield"(%5) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 64, 64>} : () -> memref<64x64xf32>
  %buf1 = "ind.extern"(%arg0_1, %arg1_1) {name = "buf1", kernel = "mm"} : (memref<64x64xf32>, memref<64x64xf32>) -> memref<64x64xf32>
  "func.return"(%buf0, %buf1) : (memref<64x64xf32>, memref<64x64xf32>) -> ()
}

// -----

/// A pointwise node and a reduction that share an input (arg0_1 at d0 over {1024}) but whose sizes
/// fit neither inside the reduction loop (numel 2048 != 1024 * 1024) nor after it (2048 != 1024).
// LOG: cannot fuse op0 with op1: nodes numel incompatibility
// CHECK-LABEL: sym_name = "pointwise_reduction_numel"
// CHECK-NOT: "sched.fused"
func.func @pointwise_reduction_numel(%arg0_1: memref<1024xf32>) -> (memref<1024xf32>, memref<1024x2xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024>, reduction_ranges = array<i64: 1024>, reduction_type = "sum"} : () -> memref<1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024, 2>} : () -> memref<1024x2xf32>
  "func.return"(%buf0, %buf1) : (memref<1024xf32>, memref<1024x2xf32>) -> ()
}

// -----

/// numel = 48 = 12 * 4, but the pointwise ranges [8, 6] cannot be split into (12, 4): the pointwise
/// node cannot run inside the reduction loop. (They share two f64 scalars, 16 bytes.)
// LOG: cannot fuse op0 with op1: nodes numel/rnumel incompatibility
// CHECK-LABEL: sym_name = "pointwise_reduction_split"
// CHECK-NOT: "sched.fused"
func.func @pointwise_reduction_split(%arg0_1: memref<1xf64>, %arg1_1: memref<1xf64>) -> (memref<12xf32>, memref<8x6xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (0)>} : (memref<1xf64>) -> f32
    %1 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (0)>} : (memref<1xf64>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 12>, reduction_ranges = array<i64: 4>, reduction_type = "sum"} : () -> memref<12xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (0)>} : (memref<1xf64>) -> f32
    %1 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (0)>} : (memref<1xf64>) -> f32
    %2 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 6>} : () -> memref<8x6xf32>
  "func.return"(%buf0, %buf1) : (memref<12xf32>, memref<8x6xf32>) -> ()
}
