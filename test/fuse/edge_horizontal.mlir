// Edges of the horizontal-fusion heuristics: op0 and op2 share arg x (1024 f32 = 4096 bytes) at order
// distance 2. score-fusion-memory-threshold refuses when shared < threshold (4096 fuses, 4097 does not);
// max-distance refuses when distance > max-distance (2 fuses, 1 does not).
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true score-fusion-memory-threshold=4096})' 2>&1 >/dev/null | %filecheck %s --check-prefix=FUSE
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true score-fusion-memory-threshold=4097})' 2>&1 >/dev/null | %filecheck %s --check-prefix=THRESH
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true max-distance=2})' 2>&1 >/dev/null | %filecheck %s --check-prefix=FUSE
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true max-distance=1})' 2>&1 >/dev/null | %filecheck %s --check-prefix=FAR
// FUSE: op0, op2: FusionScore(template_score=2, node_type_score=1, memory_score=4096, buffer_overlap_score=0, proximity_score=-2)
// FUSE: fusing op0 with op2
// THRESH: cannot fuse op0 with op2: score_fusion_memory_threshold
// THRESH-NOT: fusing
// FAR: cannot fuse op0 with op2: Nodes are too far away. Fusing them may increase peak memory.
// FAR-NOT: fusing
func.func @siblings(%x: memref<1024xf32>, %y: memref<1024xf32>) -> (memref<1024xf32>, memref<1024xf32>, memref<1024xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%y) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  "func.return"(%buf0, %buf1, %buf2) : (memref<1024xf32>, memref<1024xf32>, memref<1024xf32>) -> ()
}

