// ind-schedule: one sched.node per computed buffer, with Inductor's normalized MemoryDeps, group,
// order and unmet/met split; dead nodes dropped; extern nodes with StarDeps.

// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule)' | %filecheck %s

/// The seed's deps: a reduction with keepdim (ranges [1024, 1]) writes buf0 at d0 over {1024} (the
/// size-1 dim dropped, the unused reduction dim popped); the consumer reads buf0 at d0, and its
/// broadcast reads keep the unused leading dim (d1 over {d0: 1024, d1: 1024}).
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0 * 1024 + d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[D0:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: sym_name = "keepdim"
// CHECK: %[[N0:.*]] = "sched.node"() ({
// CHECK-NEXT: %[[R:.*]] = "ind.reduction"
// CHECK: "gpu.yield"(%[[R]]) : (memref<1024x1xf32>) -> ()
// CHECK-NEXT: }) {group = array<i64: 1024, 1024>, kind = "reduction", met_dependencies = {{\[\[}}"arg0_1", #[[ROW]], array<i64: 1024, 1024>]], name = "op0", order = 0 : i64, reads = {{\[\[}}"arg0_1", #[[ROW]], array<i64: 1024, 1024>]], unmet_dependencies = [], writes = {{\[\[}}"buf0", #[[D0]], array<i64: 1024>]]} : () -> memref<1024x1xf32>
// CHECK: %[[N1:.*]] = "sched.node"() ({
// CHECK: "ind.load"(%[[N0]])
// CHECK: }) {group = array<i64: 1048576, 1>, kind = "pointwise", met_dependencies = {{\[\[}}"arg1_1", #[[COL]], array<i64: 1024, 1024>]], name = "op1", order = 1 : i64, reads = {{\[\[}}"buf0", #[[D0]], array<i64: 1024>], ["arg1_1", #[[COL]], array<i64: 1024, 1024>]], unmet_dependencies = {{\[\[}}"buf0", #[[D0]], array<i64: 1024>]], writes = {{\[\[}}"buf1", #[[ROW]], array<i64: 1024, 1024>]]}
// CHECK: "func.return"(%[[N1]])
func.func @keepdim(%arg0_1: memref<1024x1024xf32>, %arg1_1: memref<1024xf32>) -> memref<1024x1024xf32> {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1, d2) -> (d0 * 1024 + d2)>} : (memref<1024x1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024, 1>, reduction_ranges = array<i64: 1024>, reduction_type = "sum"} : () -> memref<1024x1xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<1024x1xf32>) -> f32
    %1 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    %2 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<1024x1xf32>) -> f32
    %3 = "arith.subf"(%1, %0) : (f32, f32) -> f32
    %4 = "arith.addf"(%3, %2) : (f32, f32) -> f32
    "gpu.yield"(%4) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%buf1) : (memref<1024x1024xf32>) -> ()
}

// -----

/// Dead-node elimination: buf1 is never loaded nor returned, and buf0 is only read by buf1, so both
/// go; buf2 stays, keeping its number (op2) and getting topological index 0.
// CHECK-LABEL: sym_name = "dead"
// CHECK-NOT: name = "buf0"
// CHECK-NOT: name = "buf1"
// CHECK: name = "buf2"
// CHECK: name = "op2", order = 0 : i64
// CHECK-NOT: "sched.node"
func.func @dead(%arg0_1: memref<8xf32>) -> memref<8xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8>} : () -> memref<8xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 8>} : () -> memref<8xf32>
  "func.return"(%buf2) : (memref<8xf32>) -> ()
}

// -----

/// An extern mm reads and writes whole buffers (StarDeps); its consumer reads it with a MemoryDep.
/// Ops that are not computed buffers are left alone.
// CHECK-LABEL: sym_name = "extern"
// CHECK: %[[C:.*]] = "arith.constant"
// CHECK: %[[MM:.*]] = "sched.node"() ({
// CHECK-NEXT: "ind.extern"(%arg0, %arg1) {kernel = "mm", name = "buf0"}
// CHECK: }) {group = array<i64: 16, 1>, kind = "extern", met_dependencies = {{\[\[}}"arg0_1"], ["arg1_1"]], name = "op0", order = 0 : i64, reads = {{\[\[}}"arg0_1"], ["arg1_1"]], unmet_dependencies = [], writes = {{\[\[}}"buf0"]]}
// CHECK: "sched.node"
// CHECK: "ind.load"(%[[MM]])
// CHECK: kind = "pointwise"
// CHECK-SAME: unmet_dependencies = {{\[\[}}"buf0", #{{.*}}, array<i64: 4, 4>]]
func.func @extern(%arg0_1: memref<4x4xf32>, %arg1_1: memref<4x4xf32>) -> memref<4x4xf32> {
  %c = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
  %buf0 = "ind.extern"(%arg0_1, %arg1_1) {name = "buf0", kernel = "mm"} : (memref<4x4xf32>, memref<4x4xf32>) -> memref<4x4xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<4x4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4, 4>} : () -> memref<4x4xf32>
  "func.return"(%buf1) : (memref<4x4xf32>) -> ()
}

// -----

/// With IND_LOGS=fusion the pass says what it schedules and what it removes (like the start of
/// Inductor's fusion log).
// RUN: env IND_LOGS=fusion %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule)' 2>&1 >/dev/null | %filecheck %s --check-prefix=LOG
// LOG: scheduling ComputedBuffer(name='buf0', data=Reduction) as op0
// LOG-NEXT: scheduling ComputedBuffer(name='buf1', data=Pointwise) as op1
// LOG-NEXT: scheduling output buf1
// LOG-NEXT: removed dead node ComputedBuffer(name='buf1', data=Pointwise): nothing reads it
// LOG-NEXT: removed dead node ComputedBuffer(name='buf0', data=Pointwise): nothing reads it
// LOG-NEXT: scheduling ComputedBuffer(name='buf2', data=Pointwise) as op2
// LOG-NEXT: scheduling output buf2
// LOG-NEXT: scheduling ExternKernelOut(name='buf0', data=ExternKernelOut) as op0
// LOG: scheduling ComputedBuffer(name='weird', data=Pointwise) as op0
// CHECK-LABEL: sym_name = "unnumbered"
// CHECK: name = "op0"
func.func @unnumbered(%arg0_1: memref<8xf32>) -> memref<8xf32> {
  %w = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "weird", ranges = array<i64: 8>} : () -> memref<8xf32>
  "func.return"(%w) : (memref<8xf32>) -> ()
}

// -----

/// Index simplification with the dims' ranges (sympy's FloorDiv/ModularIndexing rules): with d1 < 4,
/// (4*d0 + d1) floordiv 4 is d0 (and the unused trailing d1 is popped), (4*d0 + d1) mod 4 is d1; an
/// expression that needs no range stays as MLIR simplifies it.
// CHECK-DAG: #[[D0:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[D1:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[REV:.*]] = affine_map<(d0, d1) -> (d0 * -4 - d1 + 15)>
// CHECK-LABEL: sym_name = "ranges"
// CHECK: reads = {{\[\[}}"arg1_1", #[[D0]], array<i64: 4>], ["arg0_1", #[[D1]], array<i64: 4, 4>], ["arg0_1", #[[REV]], array<i64: 4, 4>]]
func.func @ranges(%arg0_1: memref<16xf32>, %arg1_1: memref<4xf32>) -> memref<16xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> ((d0 * 4 + d1) floordiv 4)>} : (memref<4xf32>) -> f32
    %1 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> ((d0 * 4 + d1) mod 4)>} : (memref<16xf32>) -> f32
    %2 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (15 - d0 * 4 - d1)>} : (memref<16xf32>) -> f32
    %3 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    %4 = "arith.addf"(%3, %2) : (f32, f32) -> f32
    "gpu.yield"(%4) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 4>} : () -> memref<16xf32>
  "func.return"(%buf0) : (memref<16xf32>) -> ()
}
