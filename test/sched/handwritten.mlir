// fuse-inductor on hand-written sched IR (no ind-schedule): the deps come from the attributes only.
// unmet/met are recomputed from reads and producers, so hand-written IR may leave them out.

// RUN: %ind-opt %s --pass-pipeline='builtin.module(fuse-inductor{debug-fusion=true})' 2>&1 | %filecheck %s

/// A producer writing buf0 at d0 and a reduction reading it at d0 (the unused trailing r dim popped,
/// as ind-schedule normalizes it) fuse vertically. Written over {64, 64} instead, the read would not
/// equal the write and score no shared data, as in Inductor.
// CHECK: fusing op0 with op1
// CHECK-LABEL: sym_name = "pair"
// CHECK: %[[F:.*]] = "sched.fused"
// CHECK: name = "op0_op1"
// CHECK-SAME: unmet_dependencies = []
// CHECK: "func.return"(%[[F]])
func.func @pair(%arg0_1: memref<64xf32>) -> memref<64x64xf32> {
  %0 = "sched.node"() ({
    %1 = "ind.pointwise"() ({
      %2 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>) -> f32
      "gpu.yield"(%2) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 64>} : () -> memref<64xf32>
    "gpu.yield"(%1) : (memref<64xf32>) -> ()
  }) {name = "op0", kind = "pointwise", group = array<i64: 64, 1>,
      reads = [["arg0_1", affine_map<(d0) -> (d0)>, array<i64: 64>]],
      writes = [["buf0", affine_map<(d0) -> (d0)>, array<i64: 64>]]} : () -> memref<64xf32>
  %3 = "sched.node"() ({
    %4 = "ind.reduction"() ({
      %5 = "ind.load"(%0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>) -> f32
      "gpu.yield"(%5) : (f32) -> ()
    }) {name = "buf1", ranges = array<i64: 64>, reduction_ranges = array<i64: 64>, reduction_type = "sum"} : () -> memref<64x64xf32>
    "gpu.yield"(%4) : (memref<64x64xf32>) -> ()
  }) {name = "op1", kind = "reduction", group = array<i64: 64, 64>,
      reads = [["buf0", affine_map<(d0) -> (d0)>, array<i64: 64>]],
      writes = [["buf1", affine_map<(d0) -> (d0)>, array<i64: 64>]]} : () -> memref<64x64xf32>
  "func.return"(%3) : (memref<64x64xf32>) -> ()
}

// -----

// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor)' | %filecheck %s --check-prefix=VIEW

/// A top-level op using a node's buffer (a view of an output) stays after the fused node that now
/// defines it; top-level ops that nodes use stay before them.
// VIEW-LABEL: sym_name = "view_of_output"
// VIEW: "memref.cast"(%arg0)
// VIEW: %[[F:.*]] = "sched.fused"
// VIEW: name = "op0_op1"
// VIEW: "memref.cast"(%[[F]])
// VIEW: "func.return"
func.func @view_of_output(%arg0_1: memref<8xf32>) -> memref<?xf32> {
  %in = "memref.cast"(%arg0_1) : (memref<8xf32>) -> memref<8xf32>
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
    %1 = "arith.addf"(%0, %0) : (f32, f32) -> f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8>} : () -> memref<8xf32>
  %v = "memref.cast"(%buf1) : (memref<8xf32>) -> memref<?xf32>
  "func.return"(%v) : (memref<?xf32>) -> ()
}

// -----

// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(fuse-inductor{debug-fusion=true})' 2>&1 >/dev/null | %filecheck %s --check-prefix=PREFIX

/// Two nodes reading buffers whose names share a prefix ("buf1" and "buf10") at the same index share only
/// the scalar arg1_1 (4 bytes, below the 10-byte threshold): a MemoryDep's name is compared whole, not
/// as far as the shorter one goes (else the 256 bytes of buf1 would count as shared).
// PREFIX-LABEL: attempting fusion (1/10): 2 nodes
// PREFIX: cannot fuse op0 with op1: score_fusion_memory_threshold
// PREFIX-NOT: fusing op0 with op1
func.func @name_prefix(%arg0_1: memref<64xf32>, %arg1_1: memref<1xf32>) -> (memref<64xf32>, memref<64xf32>) {
  %0 = "sched.node"() ({
    %1 = "ind.pointwise"() ({
      %2 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>) -> f32
      "gpu.yield"(%2) : (f32) -> ()
    }) {name = "buf20", ranges = array<i64: 64>} : () -> memref<64xf32>
    "gpu.yield"(%1) : (memref<64xf32>) -> ()
  }) {name = "op0", kind = "pointwise", group = array<i64: 64, 1>,
      reads = [["buf1", affine_map<(d0) -> (d0)>, array<i64: 64>], ["arg1_1", affine_map<() -> (0)>, array<i64>]],
      writes = [["buf20", affine_map<(d0) -> (d0)>, array<i64: 64>]]} : () -> memref<64xf32>
  %3 = "sched.node"() ({
    %4 = "ind.pointwise"() ({
      %5 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>) -> f32
      "gpu.yield"(%5) : (f32) -> ()
    }) {name = "buf21", ranges = array<i64: 64>} : () -> memref<64xf32>
    "gpu.yield"(%4) : (memref<64xf32>) -> ()
  }) {name = "op1", kind = "pointwise", group = array<i64: 64, 1>,
      reads = [["buf10", affine_map<(d0) -> (d0)>, array<i64: 64>], ["arg1_1", affine_map<() -> (0)>, array<i64>]],
      writes = [["buf21", affine_map<(d0) -> (d0)>, array<i64: 64>]]} : () -> memref<64xf32>
  "func.return"(%0, %3) : (memref<64xf32>, memref<64xf32>) -> ()
}
