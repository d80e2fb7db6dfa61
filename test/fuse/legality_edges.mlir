// Fusion legality at the edge of each rule of Inductor's can_fuse that ind ports: MemoryDep matching after
// normalization (size-1 dims dropped; floordiv/mod decided by the dims' ranges, with interval bounds through
// sums, products with a constant, floordiv (floor, not truncation), ceildiv and MLIR's expanded form of a
// mod; a reduction's reduced dims popped from its write) and the split of a pointwise node's ranges into a
// reduction's (numel, rnumel) (SIMDKernel.is_compatible). Each rule on both sides of its edge: the decision
// is pinned in the IR and in the log, and every function, fused and compiled for the CPU JIT, must give the
// reference interpreter's numbers (a wrongly matched MemoryDep either stops sched-to-kernel or changes them).
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true})' 2>&1 >/dev/null | %filecheck %s --check-prefix=LOG
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor)' | %filecheck %s
// RUN: rm -rf %t && %python %S/Inputs/check_funcs.py %ind-opt %s %t | %filecheck %s --check-prefix=NUM
// NUM-COUNT-48: {{^[a-z0-9_]+ OK$}}
// NUM: bad: 0

/// buf1 reads buf0 where it is written, over the same ranges: fused.
// CHECK-LABEL: sym_name = "match"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @match(%x: memref<32xf32>, %s: memref<4xf32>) -> (memref<4x8xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    %m = "arith.mulf"(%v0, %v0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    %m = "arith.mulf"(%v0, %v0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
  "func.return"(%buf1) : (memref<4x8xf32>) -> ()
}

// -----

/// The same index expression over other ranges, (2, 16) against the write's (4, 8) (same numel):
/// buf1 reads elements another iteration writes, so the MemoryDeps do not match: not fused.
// CHECK-LABEL: sym_name = "same_index_other_sizes"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG-NOT: fusing op0 with op1
func.func @same_index_other_sizes(%x: memref<32xf32>, %s: memref<4xf32>) -> (memref<2x16xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 2, 16>} : () -> memref<2x16xf32>
  "func.return"(%buf1) : (memref<2x16xf32>) -> ()
}

// -----

/// buf1 reads buf0 one element ahead, (d0 + 1) mod 32: not fused.
// CHECK-LABEL: sym_name = "shifted_read"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG-NOT: fusing op0 with op1
func.func @shifted_read(%x: memref<32xf32>, %s: memref<4xf32>) -> (memref<32xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 32>} : () -> memref<32xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0) -> ((d0 + 1) mod 32)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 32>} : () -> memref<32xf32>
  "func.return"(%buf1) : (memref<32xf32>) -> ()
}

// -----

/// d1 mod 5 with d1 < 5 is d1: the read matches the write: fused.
// CHECK-LABEL: sym_name = "mod_at_range"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @mod_at_range(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 5 + d1 mod 5)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// d1 mod 4 with d1 < 5 is not d1 (d1 = 4 reads element 0 of the row): not fused.
// CHECK-LABEL: sym_name = "mod_below_range"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG-NOT: fusing op0 with op1
func.func @mod_below_range(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 5 + d1 mod 4)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// d1 floordiv 5 with d1 < 5 is 0: the read matches the write: fused.
// CHECK-LABEL: sym_name = "floordiv_at_range"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @floordiv_at_range(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 5 + d1 + d1 floordiv 5)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// d1 floordiv 4 with d1 < 5 is 1 at d1 = 4: the read is one element ahead there: not fused.
// CHECK-LABEL: sym_name = "floordiv_below_range"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG-NOT: fusing op0 with op1
func.func @floordiv_below_range(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> ((d0 * 5 + d1 + d1 floordiv 4) mod 40)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// (d1 mod 4) floordiv 4 is 0 for any d1 (d1 mod 4 < 4): fused.
// CHECK-LABEL: sym_name = "mod_then_floordiv"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @mod_then_floordiv(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 5 + d1 + (d1 mod 4) floordiv 4)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// (d1 mod 8) floordiv 4 with d1 < 5 is 1 at d1 = 4: not fused.
// CHECK-LABEL: sym_name = "mod_then_floordiv_nonzero"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG-NOT: fusing op0 with op1
func.func @mod_then_floordiv_nonzero(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> ((d0 * 5 + d1 + (d1 mod 8) floordiv 4) mod 40)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// (7 - d0) floordiv 8 with d0 < 8 is 0 (a negative coefficient flips the bounds): fused.
// CHECK-LABEL: sym_name = "negative_coef"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @negative_coef(%x: memref<8xf32>, %s: memref<4xf32>) -> (memref<8xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0) -> (d0 + (d0 * -1 + 7) floordiv 8)>} : (memref<8xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8>} : () -> memref<8xf32>
  "func.return"(%buf1) : (memref<8xf32>) -> ()
}

// -----

/// (8 - d0) floordiv 8 is 1 at d0 = 0: not fused.
// CHECK-LABEL: sym_name = "negative_coef_nonzero"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG-NOT: fusing op0 with op1
func.func @negative_coef_nonzero(%x: memref<8xf32>, %s: memref<4xf32>) -> (memref<8xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0) -> ((d0 + (d0 * -1 + 8) floordiv 8) mod 8)>} : (memref<8xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8>} : () -> memref<8xf32>
  "func.return"(%buf1) : (memref<8xf32>) -> ()
}

// -----

/// The write over ranges (4, 1, 8) normalizes to the read over (4, 8): size-1 dims drop out: fused.
// CHECK-LABEL: sym_name = "unit_dim_dropped"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @unit_dim_dropped(%x: memref<32xf32>, %s: memref<4xf32>) -> (memref<4x8xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1, d2) -> (d0 * 8 + d2)>} : (memref<32xf32>) -> f32
    %m = "arith.mulf"(%v0, %v0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 1, 8>} : () -> memref<4x8xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    %m = "arith.mulf"(%v0, %v0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
  "func.return"(%buf1) : (memref<4x8xf32>) -> ()
}

// -----

/// d1 * 2 + d0 * 3 lies in [0, 29] (bounds of a product with a constant): floordiv 64 is 0: fused.
// CHECK-LABEL: sym_name = "mul_bounds"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @mul_bounds(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 5 + d1 + (d1 * 2 + d0 * 3) floordiv 64)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// ... and floordiv 16 is 1 at the top of that range: not fused.
// CHECK-LABEL: sym_name = "mul_bounds_nonzero"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG-NOT: fusing op0 with op1
func.func @mul_bounds_nonzero(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> ((d0 * 5 + d1 + (d1 * 2 + d0 * 3) floordiv 16) mod 40)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// 40 - 2 * d1 - 3 * d0 lies in [11, 40]: floordiv 64 is 0: fused.
// CHECK-LABEL: sym_name = "negative_mul_bounds"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @negative_mul_bounds(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 5 + d1 + (d1 * -2 + d0 * -3 + 40) floordiv 64)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// -d0 - d1 - 5 lies in [-16, -5]: floordiv 16 is -1 throughout (floor, not truncation): fused.
// CHECK-LABEL: sym_name = "negative_floordiv"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @negative_floordiv(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 5 + d1 + (d0 * -1 + d1 * -1 - 5) floordiv 16 + 1)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// -d0 - d1 lies in [-11, 0]: floordiv 16 is -1 or 0: not fused.
// CHECK-LABEL: sym_name = "negative_floordiv_nonzero"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG-NOT: fusing op0 with op1
func.func @negative_floordiv_nonzero(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> ((d0 * 5 + d1 + (d0 * -1 + d1 * -1) floordiv 16 + 1) mod 40)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// (3 * d1 + 1) ceildiv 2 lies in [1, 7]: floordiv 8 is 0: fused.
// CHECK-LABEL: sym_name = "ceildiv_bounds"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @ceildiv_bounds(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 5 + d1 + ((d1 * 3 + 1) ceildiv 2) floordiv 8)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// ... and floordiv 7 is 1 at d1 = 4 (ceil(13 / 2) = 7): not fused.
// CHECK-LABEL: sym_name = "ceildiv_bounds_nonzero"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG-NOT: fusing op0 with op1
func.func @ceildiv_bounds_nonzero(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> ((d0 * 5 + d1 + ((d1 * 3 + 1) ceildiv 2) floordiv 7) mod 40)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// ((d1 + 1) mod 5) floordiv 5 is 0: MLIR writes the mod as d1 - 5*((d1 + 1) floordiv 5) + 1, whose
/// bounds are [0, 4] (not the [-4, 5] of interval arithmetic): fused.
// CHECK-LABEL: sym_name = "mod_form_at_range"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @mod_form_at_range(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 5 + d1 + ((d1 + 1) mod 5) floordiv 5)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// ((d1 + 1) mod 5) floordiv 4 is 1 at d1 = 3: not fused.
// CHECK-LABEL: sym_name = "mod_form_below_range"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG-NOT: fusing op0 with op1
func.func @mod_form_below_range(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> ((d0 * 5 + d1 + ((d1 + 1) mod 5) floordiv 4) mod 40)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// d1 + 3*(d1 floordiv 4) is not a mod (the coefficient is not -4): at d1 = 4 it is 7, so its floordiv 4
/// is 1 there: not fused.
// CHECK-LABEL: sym_name = "not_a_mod_form"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG-NOT: fusing op0 with op1
func.func @not_a_mod_form(%x: memref<40xf32>, %s: memref<4xf32>) -> (memref<8x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 5 + d1)>} : (memref<40xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> ((d0 * 5 + d1 + (d1 + (d1 floordiv 4) * 3) floordiv 4) mod 40)>} : (memref<8x5xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 5>} : () -> memref<8x5xf32>
  "func.return"(%buf1) : (memref<8x5xf32>) -> ()
}

// -----

/// Two pointwise nodes read x at the same expression d0 * 8 + d1 over (4, 8) and (2, 16), and share one
/// scalar (4 bytes): MemoryDeps with other sizes are other deps, so only the scalar counts, below the
/// 10-byte threshold: not fused.
// CHECK-LABEL: sym_name = "horizontal_same_index_other_sizes"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: score_fusion_memory_threshold
// LOG-NOT: fusing op0 with op1
func.func @horizontal_same_index_other_sizes(%x: memref<32xf32>, %s: memref<4xf32>) -> (memref<4x8xf32>, memref<2x16xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    %1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    %1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %2 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 2, 16>} : () -> memref<2x16xf32>
  "func.return"(%buf0, %buf1) : (memref<4x8xf32>, memref<2x16xf32>) -> ()
}

// -----

/// A pointwise node over the reduction's numel (4) reads its result: fused (the reduced dim
/// is popped from the write's sizes, so the read over (4) matches).
// CHECK-LABEL: sym_name = "reduction_epilogue"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @reduction_epilogue(%x: memref<32xf32>, %s: memref<4xf32>) -> (memref<4xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<4xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0) -> (d0)>} : (memref<4xf32>) -> f32
    %m = "arith.mulf"(%v0, %v0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4>} : () -> memref<4xf32>
  "func.return"(%buf1) : (memref<4xf32>) -> ()
}

// -----

/// A pointwise node over (4, 2) reads the reduction's result: numel 8 is neither 4 nor 4 * 8.
// CHECK-LABEL: sym_name = "reduction_epilogue_numel"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: nodes numel incompatibility
// LOG-NOT: fusing op0 with op1
func.func @reduction_epilogue_numel(%x: memref<32xf32>, %s: memref<4xf32>) -> (memref<4x2xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<4xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<4xf32>) -> f32
    %m = "arith.mulf"(%v0, %v0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4, 2>} : () -> memref<4x2xf32>
  "func.return"(%buf1) : (memref<4x2xf32>) -> ()
}

// -----

/// Two reductions of (4, 8) over the same input: fused.
// CHECK-LABEL: sym_name = "reductions_same_group"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @reductions_same_group(%x: memref<32xf32>, %s: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<4xf32>
  %buf1 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<4xf32>
  "func.return"(%buf0, %buf1) : (memref<4xf32>, memref<4xf32>) -> ()
}

// -----

/// Reductions of (4, 8) and (4, 4) sharing four scalars: same numel, other rnumel: not fused.
// CHECK-LABEL: sym_name = "reductions_other_rnumel"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: numel/rnumel mismatch (reduce)
// LOG-NOT: fusing op0 with op1
func.func @reductions_other_rnumel(%x: memref<32xf32>, %s: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<4xf32>
  %buf1 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4>, reduction_ranges = array<i64: 4>, reduction_type = "sum"} : () -> memref<4xf32>
  "func.return"(%buf0, %buf1) : (memref<4xf32>, memref<4xf32>) -> ()
}

// -----

/// Reductions of (4, 8) and (8, 4) sharing four scalars: same total, other numel: not fused.
// CHECK-LABEL: sym_name = "reductions_other_numel"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: numel/rnumel mismatch (reduce)
// LOG-NOT: fusing op0 with op1
func.func @reductions_other_numel(%x: memref<32xf32>, %s: memref<4xf32>) -> (memref<4xf32>, memref<8xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<4xf32>
  %buf1 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8>, reduction_ranges = array<i64: 4>, reduction_type = "sum"} : () -> memref<8xf32>
  "func.return"(%buf0, %buf1) : (memref<4xf32>, memref<8xf32>) -> ()
}

// -----

/// Pointwise nodes over 32 and 16 elements sharing four scalars: not fused.
// CHECK-LABEL: sym_name = "pointwise_other_numel"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: numel/rnumel mismatch (non-reduce)
// LOG-NOT: fusing op0 with op1
func.func @pointwise_other_numel(%x: memref<32xf32>, %s: memref<4xf32>) -> (memref<32xf32>, memref<16xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 32>} : () -> memref<32xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 16>} : () -> memref<16xf32>
  "func.return"(%buf0, %buf1) : (memref<32xf32>, memref<16xf32>) -> ()
}

// -----

/// A pointwise node over the reduction's numel (4) sharing four scalars: fused.
// CHECK-LABEL: sym_name = "pointwise_reduction_numel"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @pointwise_reduction_numel(%x: memref<32xf32>, %s: memref<4xf32>) -> (memref<4xf32>, memref<4xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<4xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4>} : () -> memref<4xf32>
  "func.return"(%buf0, %buf1) : (memref<4xf32>, memref<4xf32>) -> ()
}

// -----

/// A pointwise node over 5 elements beside a reduction of (4, 8): not fused.
// CHECK-LABEL: sym_name = "pointwise_reduction_numel_off"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: nodes numel incompatibility
// LOG-NOT: fusing op0 with op1
func.func @pointwise_reduction_numel_off(%x: memref<32xf32>, %s: memref<4xf32>) -> (memref<4xf32>, memref<5xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<4xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<32xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %c0 = "arith.addf"(%v0, %a3) : (f32, f32) -> f32
    %m = "arith.mulf"(%c0, %c0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 5>} : () -> memref<5xf32>
  "func.return"(%buf0, %buf1) : (memref<4xf32>, memref<5xf32>) -> ()
}

// -----

/// The reduction (numel 3, rnumel 8) and a pointwise node of ranges [6, 4] share four scalars;
/// [6, 4] splits, in order, into (3, 8): fused.
// CHECK-LABEL: sym_name = "split_3_8_pw_6x4"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @split_3_8_pw_6x4(%x: memref<24xf32>, %s: memref<4xf32>) -> (memref<3xf32>, memref<6x4xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 3>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<3xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.addf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 6, 4>} : () -> memref<6x4xf32>
  "func.return"(%buf0, %buf1) : (memref<3xf32>, memref<6x4xf32>) -> ()
}

// -----

/// The reduction (numel 3, rnumel 8) and a pointwise node of ranges [4, 6] share four scalars;
/// [4, 6] cannot be split, in order, into (3, 8): not fused.
// CHECK-LABEL: sym_name = "split_3_8_pw_4x6"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: nodes numel/rnumel incompatibility
// LOG-NOT: fusing op0 with op1
func.func @split_3_8_pw_4x6(%x: memref<24xf32>, %s: memref<4xf32>) -> (memref<3xf32>, memref<4x6xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 3>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<3xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 6 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.addf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4, 6>} : () -> memref<4x6xf32>
  "func.return"(%buf0, %buf1) : (memref<3xf32>, memref<4x6xf32>) -> ()
}

// -----

/// The reduction (numel 3, rnumel 8) and a pointwise node of ranges [24] share four scalars;
/// [24] splits, in order, into (3, 8): fused.
// CHECK-LABEL: sym_name = "split_3_8_pw_24"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @split_3_8_pw_24(%x: memref<24xf32>, %s: memref<4xf32>) -> (memref<3xf32>, memref<24xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 3>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<3xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.addf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 24>} : () -> memref<24xf32>
  "func.return"(%buf0, %buf1) : (memref<3xf32>, memref<24xf32>) -> ()
}

// -----

/// The reduction (numel 3, rnumel 8) and a pointwise node of ranges [3, 8] share four scalars;
/// [3, 8] splits, in order, into (3, 8): fused.
// CHECK-LABEL: sym_name = "split_3_8_pw_3x8"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @split_3_8_pw_3x8(%x: memref<24xf32>, %s: memref<4xf32>) -> (memref<3xf32>, memref<3x8xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 3>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<3xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.addf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 3, 8>} : () -> memref<3x8xf32>
  "func.return"(%buf0, %buf1) : (memref<3xf32>, memref<3x8xf32>) -> ()
}

// -----

/// The reduction (numel 3, rnumel 8) and a pointwise node of ranges [2, 12] share four scalars;
/// [2, 12] cannot be split, in order, into (3, 8): not fused.
// CHECK-LABEL: sym_name = "split_3_8_pw_2x12"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: nodes numel/rnumel incompatibility
// LOG-NOT: fusing op0 with op1
func.func @split_3_8_pw_2x12(%x: memref<24xf32>, %s: memref<4xf32>) -> (memref<3xf32>, memref<2x12xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 3>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<3xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 12 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.addf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 2, 12>} : () -> memref<2x12xf32>
  "func.return"(%buf0, %buf1) : (memref<3xf32>, memref<2x12xf32>) -> ()
}

// -----

/// The reduction (numel 3, rnumel 8) and a pointwise node of ranges [12, 2] share four scalars;
/// [12, 2] splits, in order, into (3, 8): fused.
// CHECK-LABEL: sym_name = "split_3_8_pw_12x2"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @split_3_8_pw_12x2(%x: memref<24xf32>, %s: memref<4xf32>) -> (memref<3xf32>, memref<12x2xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 3>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<3xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 2 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.addf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 12, 2>} : () -> memref<12x2xf32>
  "func.return"(%buf0, %buf1) : (memref<3xf32>, memref<12x2xf32>) -> ()
}

// -----

/// The reduction (numel 3, rnumel 8) and a pointwise node of ranges [8, 3] share four scalars;
/// [8, 3] cannot be split, in order, into (3, 8): not fused.
// CHECK-LABEL: sym_name = "split_3_8_pw_8x3"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: nodes numel/rnumel incompatibility
// LOG-NOT: fusing op0 with op1
func.func @split_3_8_pw_8x3(%x: memref<24xf32>, %s: memref<4xf32>) -> (memref<3xf32>, memref<8x3xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 3>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<3xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 3 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.addf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 3>} : () -> memref<8x3xf32>
  "func.return"(%buf0, %buf1) : (memref<3xf32>, memref<8x3xf32>) -> ()
}

// -----

/// The reduction (numel 3, rnumel 8) and a pointwise node of ranges [1, 3, 1, 8] share four scalars;
/// [1, 3, 1, 8] splits, in order, into (3, 8): fused.
// CHECK-LABEL: sym_name = "split_3_8_pw_1x3x1x8"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @split_3_8_pw_1x3x1x8(%x: memref<24xf32>, %s: memref<4xf32>) -> (memref<3xf32>, memref<1x3x1x8xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 3>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<3xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1, d2, d3) -> (d1 * 8 + d3)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1, d2, d3) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1, d2, d3) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1, d2, d3) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1, d2, d3) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.addf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1, 3, 1, 8>} : () -> memref<1x3x1x8xf32>
  "func.return"(%buf0, %buf1) : (memref<3xf32>, memref<1x3x1x8xf32>) -> ()
}

// -----

/// The reduction (numel 3, rnumel 8) and a pointwise node of ranges [3, 2, 4] share four scalars;
/// [3, 2, 4] splits, in order, into (3, 8): fused.
// CHECK-LABEL: sym_name = "split_3_8_pw_3x2x4"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @split_3_8_pw_3x2x4(%x: memref<24xf32>, %s: memref<4xf32>) -> (memref<3xf32>, memref<3x2x4xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 3>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<3xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1, d2) -> (d0 * 8 + d1 * 4 + d2)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1, d2) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1, d2) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1, d2) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1, d2) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.addf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 3, 2, 4>} : () -> memref<3x2x4xf32>
  "func.return"(%buf0, %buf1) : (memref<3xf32>, memref<3x2x4xf32>) -> ()
}

// -----

/// The reduction (numel 4, rnumel 6) and a pointwise node of ranges [2, 12] share four scalars;
/// [2, 12] splits, in order, into (4, 6): fused.
// CHECK-LABEL: sym_name = "split_4_6_pw_2x12"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @split_4_6_pw_2x12(%x: memref<24xf32>, %s: memref<4xf32>) -> (memref<4xf32>, memref<2x12xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 6 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 6>, reduction_type = "sum"} : () -> memref<4xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 12 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.addf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 2, 12>} : () -> memref<2x12xf32>
  "func.return"(%buf0, %buf1) : (memref<4xf32>, memref<2x12xf32>) -> ()
}

// -----

/// The reduction (numel 4, rnumel 6) and a pointwise node of ranges [8, 3] share four scalars;
/// [8, 3] splits, in order, into (4, 6): fused.
// CHECK-LABEL: sym_name = "split_4_6_pw_8x3"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @split_4_6_pw_8x3(%x: memref<24xf32>, %s: memref<4xf32>) -> (memref<4xf32>, memref<8x3xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 6 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 6>, reduction_type = "sum"} : () -> memref<4xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 3 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.addf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 3>} : () -> memref<8x3xf32>
  "func.return"(%buf0, %buf1) : (memref<4xf32>, memref<8x3xf32>) -> ()
}

// -----

/// The reduction (numel 4, rnumel 6) and a pointwise node of ranges [3, 8] share four scalars;
/// [3, 8] cannot be split, in order, into (4, 6): not fused.
// CHECK-LABEL: sym_name = "split_4_6_pw_3x8"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: nodes numel/rnumel incompatibility
// LOG-NOT: fusing op0 with op1
func.func @split_4_6_pw_3x8(%x: memref<24xf32>, %s: memref<4xf32>) -> (memref<4xf32>, memref<3x8xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 6 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 6>, reduction_type = "sum"} : () -> memref<4xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<24xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.addf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 3, 8>} : () -> memref<3x8xf32>
  "func.return"(%buf0, %buf1) : (memref<4xf32>, memref<3x8xf32>) -> ()
}

// -----

/// A mod that stays (its operand d0 in [0, 16) is not within [0, 5)) bounds the floordiv above it:
/// d0 mod 5 lies in [0, 4], so (d0 mod 5) floordiv 4 reaches 1 (at d0 = 4, 9, 14) and the read is not
/// buf0's write: not fused. A bound one short, [0, 3], would fold the floordiv to 0 and match.
// CHECK-LABEL: sym_name = "mod_bound_top"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: memory deps did not match
func.func @mod_bound_top(%x: memref<16xf32>) -> (memref<16xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<16xf32>) -> f32
    %1 = "arith.mulf"(%0, %0) : (f32, f32) -> f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 16>} : () -> memref<16xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0) -> (d0 + (d0 mod 5) floordiv 4)>} : (memref<16xf32>) -> f32
    %1 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<16xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 16>} : () -> memref<16xf32>
  "func.return"(%buf1) : (memref<16xf32>) -> ()
}

// -----

/// A 0-d pointwise node reads a reduction over one element (numel 1, rnumel 1): its empty ranges split
/// into (1, 1), so it fits the reduction: fused. (A split that refused zero ranges would not fuse it.)
// CHECK-LABEL: sym_name = "zero_d_pw_rnumel_1"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @zero_d_pw_rnumel_1(%x: memref<1xf32>) -> (memref<f32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<1xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64>, reduction_ranges = array<i64: 1>, reduction_type = "sum"} : () -> memref<f32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<() -> (0)>} : (memref<f32>) -> f32
    %m = "arith.mulf"(%v0, %v0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64>} : () -> memref<f32>
  "func.return"(%buf1) : (memref<f32>) -> ()
}

// -----

/// buf1 reads buf0 where it is written and at two other indices (transposed, reversed): the two reads
/// no write matches refuse the fusion, and the log says so once for the pair.
// CHECK-LABEL: sym_name = "two_mismatched_reads"
// CHECK-NOT: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG-NOT: memory deps did not match
// LOG: found 0 possible fusions
func.func @two_mismatched_reads(%x: memref<32xf32>) -> (memref<4x8xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    %m = "arith.mulf"(%v0, %v0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
  %buf1 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d1 * 4 + d0)>} : (memref<4x8xf32>) -> f32
    %v1 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (31 - d0 * 8 - d1)>} : (memref<4x8xf32>) -> f32
    %v2 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    %a = "arith.addf"(%v0, %v1) : (f32, f32) -> f32
    %m = "arith.addf"(%a, %v2) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
  "func.return"(%buf1) : (memref<4x8xf32>) -> ()
}

// -----

/// op3 reads op0's buffer and two reductions of it (op1, op2): both stand between op0 and op3, and the
/// log says so once for the pair (the three fuse after the reductions have).
// CHECK-LABEL: sym_name = "two_intermediates"
// LOG-LABEL: attempting fusion (1/10)
// LOG: cannot fuse op0 with op3: intermediate nodes between node1 & node2
// LOG-NOT: intermediate nodes
// LOG: found 5 possible fusions
func.func @two_intermediates(%x: memref<32xf32>) -> (memref<4x8xf32>) {
  %buf0 = "ind.pointwise"() ({
    %v0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
    %m = "arith.mulf"(%v0, %v0) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
  %buf1 = "ind.reduction"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<4xf32>
  %buf2 = "ind.reduction"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "max"} : () -> memref<4xf32>
  %buf3 = "ind.pointwise"() ({
    %v0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<4x8xf32>) -> f32
    %v1 = "ind.load"(%buf1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<4xf32>) -> f32
    %v2 = "ind.load"(%buf2) {index = affine_map<(d0, d1) -> (d0)>} : (memref<4xf32>) -> f32
    %a = "arith.subf"(%v0, %v1) : (f32, f32) -> f32
    %m = "arith.mulf"(%a, %v2) : (f32, f32) -> f32
    "gpu.yield"(%m) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
  "func.return"(%buf3) : (memref<4x8xf32>) -> ()
}

// -----

/// A pointwise node of 16 dims (the most a MemoryDep holds), 2 each, beside a reduction (numel 256,
/// rnumel 256) with four shared scalars: its ranges split into (2^8, 2^8), so it fits: fused. (A limit one
/// short would refuse all 16 dims.)
// CHECK-LABEL: sym_name = "split_16_dims"
// CHECK: "sched.fused"
// LOG-LABEL: attempting fusion (1/10)
// LOG: fusing op0 with op1
func.func @split_16_dims(%x: memref<65536xf32>, %s: memref<4xf32>) -> (memref<256xf32>, memref<65536xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<65536xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %r = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%r) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 256>, reduction_ranges = array<i64: 256>, reduction_type = "sum"} : () -> memref<256xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15) -> (d0 * 32768 + d1 * 16384 + d2 * 8192 + d3 * 4096 + d4 * 2048 + d5 * 1024 + d6 * 512 + d7 * 256 + d8 * 128 + d9 * 64 + d10 * 32 + d11 * 16 + d12 * 8 + d13 * 4 + d14 * 2 + d15)>} : (memref<65536xf32>) -> f32
    %s0 = "ind.load"(%s) {index = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15) -> (0)>} : (memref<4xf32>) -> f32
    %s1 = "ind.load"(%s) {index = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15) -> (1)>} : (memref<4xf32>) -> f32
    %s2 = "ind.load"(%s) {index = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15) -> (2)>} : (memref<4xf32>) -> f32
    %s3 = "ind.load"(%s) {index = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15) -> (3)>} : (memref<4xf32>) -> f32
    %a1 = "arith.addf"(%s0, %s1) : (f32, f32) -> f32
    %a2 = "arith.addf"(%a1, %s2) : (f32, f32) -> f32
    %a3 = "arith.addf"(%a2, %s3) : (f32, f32) -> f32
    %1 = "arith.mulf"(%0, %a3) : (f32, f32) -> f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2>} : () -> memref<65536xf32>
  "func.return"(%buf0, %buf1) : (memref<256xf32>, memref<65536xf32>) -> ()
}
