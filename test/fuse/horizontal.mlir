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

// -----

// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true})' 2>&1 >/dev/null | %filecheck %s --check-prefix=PEAK
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true peak-memory-factor=2000})' 2>&1 >/dev/null | %filecheck %s --check-prefix=NOPEAK

/// The peak-memory guard: op2 and op3 share only bias (4 KiB) but each is the single user of a
/// 4 MiB mm output of the same size; unfused, the first output could be freed (and reused) before the
/// second is computed, so fusing them risks 4 MiB > 32 x 4 KiB more live memory.
// PEAK: cannot fuse op2 with op3: Fusion will increase peak memory
// PEAK-NOT: fusing op2 with op3
// NOPEAK: fusing op2 with op3
func.func @peak(%arg0_1: memref<1024x1024xf32>, %arg1_1: memref<1024x1024xf32>, %arg2_1: memref<1024xf32>) -> (memref<1024x1024xf32>, memref<1024x1024xf32>) {
  %buf0 = "ind.extern"(%arg0_1, %arg1_1) {name = "buf0", kernel = "mm"} : (memref<1024x1024xf32>, memref<1024x1024xf32>) -> memref<1024x1024xf32>
  %buf1 = "ind.extern"(%arg1_1, %arg0_1) {name = "buf1", kernel = "mm"} : (memref<1024x1024xf32>, memref<1024x1024xf32>) -> memref<1024x1024xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf3 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    %2 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%buf2, %buf3) : (memref<1024x1024xf32>, memref<1024x1024xf32>) -> ()
}

// -----

// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true aggressive-fusion=true})' 2>&1 >/dev/null | %filecheck %s --check-prefix=AGGR

/// aggressive-fusion also pairs nodes of the same (numel, rnumel) that share no buffer and lets "no
/// shared data" pass for pointwise nodes, but the horizontal threshold still refuses them. Without it
/// they are never candidates (DEFAULT finds no pair in this function).
// AGGR-LABEL: attempting fusion (1/10): 2 nodes
// AGGR: cannot fuse op0 with op1: score_fusion_memory_threshold
// AGGR: found 0 possible fusions
func.func @same_size_unrelated(%arg0_1: memref<64xf32>, %arg1_1: memref<64xf32>) -> (memref<64xf32>, memref<64xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 64>} : () -> memref<64xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg1_1) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 64>} : () -> memref<64xf32>
  "func.return"(%buf0, %buf1) : (memref<64xf32>, memref<64xf32>) -> ()
}
