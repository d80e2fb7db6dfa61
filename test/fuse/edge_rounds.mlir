// Edge of max-rounds: two independent chains fuse in round 1 (4 nodes -> 2); round 2 finds nothing and
// ends fusion. max-rounds=2 runs that second round; max-rounds=1 stops after the first, without the
// "fusion complete" line (the loop ran out instead of breaking).
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true max-rounds=2})' 2>&1 >/dev/null | %filecheck %s --check-prefix=TWO
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true max-rounds=1})' 2>&1 >/dev/null | %filecheck %s --check-prefix=ONE
// TWO: ===== attempting fusion (1/2): 4 nodes =====
// TWO: completed fusion round (1/2): fused 4 nodes into 2 nodes
// TWO: ===== attempting fusion (2/2): 2 nodes =====
// TWO: completed fusion round (2/2): fused 2 nodes into 2 nodes
// TWO: ===== fusion complete (2 iterations) =====
// ONE: ===== attempting fusion (1/1): 4 nodes =====
// ONE: completed fusion round (1/1): fused 4 nodes into 2 nodes
// ONE-NOT: attempting fusion (2/
// ONE-NOT: fusion complete
func.func @twochains(%x: memref<1024xf32>, %y: memref<1024xf32>) -> (memref<1024xf32>, memref<1024xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%y) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf3 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf2) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  "func.return"(%buf1, %buf3) : (memref<1024xf32>, memref<1024xf32>) -> ()
}

