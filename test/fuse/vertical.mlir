// fuse-vertical (passes/fuse/vertical.c): producer-consumer fusion only. The size cap max-fusion-size on
// both sides of its edge (a chain of three: 3 fuses all, 2 stops at two and logs the refusal), and what
// it must leave alone: siblings that only share an input (no horizontal fusion).
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-vertical{debug-fusion=true max-fusion-size=2})' 2>&1 >/dev/null | %filecheck %s --check-prefix=LOG2
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-vertical{max-fusion-size=2})' | %filecheck %s --check-prefix=CAP2
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-vertical{debug-fusion=true max-fusion-size=3})' 2>&1 >/dev/null | %filecheck %s --check-prefix=LOG3
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-vertical{max-fusion-size=3})' | %filecheck %s --check-prefix=CAP3

/// The chain: at cap 2 op2 stays apart and the log says why; at cap 3 all three fuse.
// LOG2: fusing op0 with op1
// LOG2-NEXT: cannot fuse op0_op1 with op2: exceeds max fusion
// LOG2-NOT: fusing
// CAP2-LABEL: sym_name = "chain3"
// CAP2: name = "op0_op1"
// CAP2: "sched.node"
// CAP2: name = "op2"
// LOG3: fusing op0 with op1
// LOG3-NEXT: fusing op0_op1 with op2
// LOG3-NOT: cannot fuse
// CAP3-LABEL: sym_name = "chain3"
// CAP3: name = "op0_op1_op2"
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

// -----

/// Siblings reading the same input: no producer-consumer edge, nothing fuses, nothing is logged.
// LOG2-NOT: fusing
// LOG3-NOT: fusing
// CAP2-LABEL: sym_name = "siblings"
// CAP2-NOT: "sched.fused"
// CAP3-LABEL: sym_name = "siblings"
// CAP3-NOT: "sched.fused"
func.func @siblings(%x: memref<1024xf32>) -> (memref<1024xf32>, memref<1024xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  "func.return"(%buf0, %buf1) : (memref<1024xf32>, memref<1024xf32>) -> ()
}
