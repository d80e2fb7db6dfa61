// Fusion rejections that depend on the thresholds, each lowered through its pass option.

// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true max-fusion-size=2})' 2>&1 >/dev/null | %filecheck %s --check-prefix=LOG
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{max-fusion-size=2})' | %filecheck %s

/// A would-be cycle: op1 and op2 fuse first (they share arg1_1 and arg2_1); then op0 (read by op2)
/// and op3 (reading op1's buf1) share only arg0_1, but fusing them would put op1_op2 both before and
/// after the new node. The size cap (max-fusion-size=2) keeps op0 and op3 out of op1_op2.
// LOG: ===== attempting fusion (1/10): 4 nodes =====
// LOG: found 4 possible fusions
// LOG: fusing op1 with op2
// LOG: cannot fuse op0 with op1_op2: exceeds max fusion
// LOG: cannot fuse op1_op2 with op3: exceeds max fusion
// LOG: cannot fuse op0 with op3: will create cycle
// LOG: completed fusion round (1/10): fused 4 nodes into 3 nodes
// CHECK-LABEL: sym_name = "cycle"
// CHECK: name = "op0"
// CHECK: name = "op1_op2"
// CHECK: name = "op3"
func.func @cycle(%arg0_1: memref<1024xf32>, %arg1_1: memref<1024x1024xf32>, %arg2_1: memref<1024x1024xf32>) -> (memref<1024x1024xf32>, memref<1024x1024xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %2 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %3 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
    %4 = "arith.mulf"(%3, %2) : (f32, f32) -> f32
    "gpu.yield"(%4) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf3 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    %2 = "arith.subf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%buf2, %buf3) : (memref<1024x1024xf32>, memref<1024x1024xf32>) -> ()
}


// -----

/// The size cap: a chain of three pointwise nodes stops at two nodes per fused node.
// LOG: fusing op0 with op1
// LOG: cannot fuse op0_op1 with op2: exceeds max fusion
// CHECK-LABEL: sym_name = "chain3"
// CHECK: name = "op0_op1"
// CHECK: "sched.node"
// CHECK: name = "op2"
// CHECK-NOT: "sched.fused"
func.func @chain3(%arg0_1: memref<1024xf32>) -> memref<1024xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  "func.return"(%buf2) : (memref<1024xf32>) -> ()
}
