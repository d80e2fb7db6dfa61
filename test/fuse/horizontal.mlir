// Horizontal fusion (siblings that only share an input) and its two heuristics, each lowered
// through its pass option: the distance limit and the shared-bytes threshold.

// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true})' 2>&1 >/dev/null | %filecheck %s --check-prefix=DEFAULT
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true max-distance=1})' 2>&1 >/dev/null | %filecheck %s --check-prefix=FAR
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true score-fusion-memory-threshold=5000})' 2>&1 >/dev/null | %filecheck %s --check-prefix=THRESH
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{max-distance=1})' | %filecheck %s --check-prefix=IR

/// op0 and op2 read arg0_1 at the same index (4096 bytes); op1 in between is unrelated.
// DEFAULT: fusing op0 with op2
// FAR: cannot fuse op0 with op2: Nodes are too far away. Fusing them may increase peak memory.
// FAR-NOT: fusing
// THRESH: cannot fuse op0 with op2: score_fusion_memory_threshold
// THRESH-NOT: fusing
// IR-NOT: "sched.fused"
func.func @siblings(%arg0_1: memref<1024xf32>, %arg1_1: memref<1024xf32>) -> (memref<1024xf32>, memref<1024xf32>, memref<1024xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg1_1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %1 = "arith.negf"(%0) : (f32) -> f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  "func.return"(%buf0, %buf1, %buf2) : (memref<1024xf32>, memref<1024xf32>, memref<1024xf32>) -> ()
}
