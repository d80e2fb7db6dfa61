// Indirect loads in the ind dialect: ind.indirect_indexing (Inductor's ops.indirect_indexing) and
// ind.load's optional `offset` operand: round trip, and the reference interpreter on indices
// [0, -1, 4, -5] (a negative one counts from the end) into rows [10, 11, 12, 13, 14].
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-verify)' | %filecheck %s
// RUN: %ind-run --reference %s --func gather_rows --input %S/Inputs/rows5.npy --input %S/Inputs/idx_neg.npy | %filecheck %s --check-prefix=VALS
// RUN: not %ind-run --reference %s --func gather_rows --input %S/Inputs/rows5.npy --input %S/Inputs/idx_oob.npy 2>&1 | %filecheck %s --check-prefix=OOB
// RUN: not %ind-run --reference %s --func gather_rows --input %S/Inputs/rows5.npy --input %S/Inputs/idx_oob_neg.npy 2>&1 | %filecheck %s --check-prefix=OOBNEG
// RUN: not %ind-run --reference %s --func no_static_bound --input %S/Inputs/rows5.npy --input %S/Inputs/zeros4.npy 2>&1 | %filecheck %s --check-prefix=BOUND
// The values are [10, 14, 14, 10]:
// VALS: out0: 4xf32 sum=48 min=10 max=14
// OOB: indirect.mlir:22:10: error: interpreter: index 5 is out of bounds for a dim of size 5 at iteration point (2)
// OOBNEG: error: interpreter: index -6 is out of bounds for a dim of size 5 at iteration point (1)
// BOUND: error: interpreter: load at storage offset 100 outside the buffer (5 elements) at iteration point (0)

// CHECK-LABEL: sym_name = "gather_rows"
// CHECK: %[[I:.*]] = "ind.load"(%{{.*}}) {index = #{{.*}}} : (memref<4xi64>) -> i64
// CHECK: %[[S:.*]] = "ind.indirect_indexing"(%[[I]]) {size = 5 : i64} : (i64) -> index
// CHECK: "ind.load"(%{{.*}}, %[[S]]) {index = #{{.*}}} : (memref<5xf32>, index) -> f32
func.func @gather_rows(%arg0: memref<5xf32>, %arg1: memref<4xi64>) -> memref<4xf32> {
  %b = "ind.pointwise"() ({
    %i = "ind.load"(%arg1) {index = affine_map<(d0) -> (d0)>} : (memref<4xi64>) -> i64
    %s = "ind.indirect_indexing"(%i) {size = 5} : (i64) -> index
    %v = "ind.load"(%arg0, %s) {index = affine_map<(d0) -> (0)>} : (memref<5xf32>, index) -> f32
    "gpu.yield"(%v) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}

/// An indirect load is not bound-checked statically: its map alone (d0 + 100) is past the buffer, but
/// the offset may be negative (the interpreter checks each access).
// CHECK-LABEL: sym_name = "no_static_bound"
func.func @no_static_bound(%arg0: memref<5xf32>, %arg1: memref<4xf32>) -> memref<4xf32> {
  %b = "ind.pointwise"() ({
    %i = "ind.load"(%arg1) {index = affine_map<(d0) -> (d0)>} : (memref<4xf32>) -> f32
    %s = "ind.indirect_indexing"(%i) {size = 5} : (f32) -> index
    %v = "ind.load"(%arg0, %s) {index = affine_map<(d0) -> (d0 + 100)>} : (memref<5xf32>, index) -> f32
    "gpu.yield"(%v) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}
