// The fusion passes read the scheduler facts from the sched IR; a sched.node missing them is a located
// error, not a crash.

// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(fuse-inductor)'

/// No group.
func.func @no_group(%arg0_1: memref<8xf32>) -> memref<8xf32> {
  // expected-error @+1 {{sched.node 'op0': expected group = array<i64: numel, rnumel>}}
  %0 = "sched.node"() ({
    %1 = "ind.pointwise"() ({
      %2 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
      "gpu.yield"(%2) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xf32>
    "gpu.yield"(%1) : (memref<8xf32>) -> ()
  }) {name = "op0", kind = "pointwise", reads = [], writes = []} : () -> memref<8xf32>
  "func.return"(%0) : (memref<8xf32>) -> ()
}

// -----

/// A malformed MemoryDep (two elements).
func.func @bad_dep(%arg0_1: memref<8xf32>) -> memref<8xf32> {
  // expected-error @+1 {{sched.node 'op0': expected 'reads' and 'writes' arrays of MemoryDeps}}
  %0 = "sched.node"() ({
    %1 = "ind.pointwise"() ({
      %2 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
      "gpu.yield"(%2) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xf32>
    "gpu.yield"(%1) : (memref<8xf32>) -> ()
  }) {name = "op0", kind = "pointwise", group = array<i64: 8, 1>, reads = [["arg0_1", affine_map<(d0) -> (d0)>]], writes = []} : () -> memref<8xf32>
  "func.return"(%0) : (memref<8xf32>) -> ()
}

// -----

/// An unknown kind.
func.func @bad_kind(%arg0_1: memref<8xf32>) -> memref<8xf32> {
  // expected-error @+1 {{sched.node 'op0': expected kind = "pointwise", "reduction", "scan" or "extern"}}
  %0 = "sched.node"() ({
    %1 = "ind.pointwise"() ({
      %2 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
      "gpu.yield"(%2) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xf32>
    "gpu.yield"(%1) : (memref<8xf32>) -> ()
  }) {name = "op0", kind = "template", group = array<i64: 8, 1>, reads = [], writes = []} : () -> memref<8xf32>
  "func.return"(%0) : (memref<8xf32>) -> ()
}

// -----

/// Nodes out of topological order: op0 reads buf1, which the later op1 writes.
func.func @not_topological(%arg0_1: memref<8xf32>) -> memref<8xf32> {
  // expected-error @+1 {{sched.node 'op0' reads 'buf1' before its producer 'op1': nodes must be in topological order}}
  %0 = "sched.node"() ({
    %1 = "ind.pointwise"() ({
      %2 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
      "gpu.yield"(%2) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xf32>
    "gpu.yield"(%1) : (memref<8xf32>) -> ()
  }) {name = "op0", kind = "pointwise", group = array<i64: 8, 1>,
      reads = [["buf1", affine_map<(d0) -> (d0)>, array<i64: 8>]],
      writes = [["buf0", affine_map<(d0) -> (d0)>, array<i64: 8>]]} : () -> memref<8xf32>
  %3 = "sched.node"() ({
    %4 = "ind.pointwise"() ({
      %5 = "ind.load"(%0) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
      "gpu.yield"(%5) : (f32) -> ()
    }) {name = "buf1", ranges = array<i64: 8>} : () -> memref<8xf32>
    "gpu.yield"(%4) : (memref<8xf32>) -> ()
  }) {name = "op1", kind = "pointwise", group = array<i64: 8, 1>,
      reads = [["buf0", affine_map<(d0) -> (d0)>, array<i64: 8>]],
      writes = [["buf1", affine_map<(d0) -> (d0)>, array<i64: 8>]]} : () -> memref<8xf32>
  "func.return"(%3) : (memref<8xf32>) -> ()
}

// -----

/// A sched.node that yields nothing.
func.func @no_result(%arg0_1: memref<8xf32>) {
  // expected-error @+1 {{sched.node 'op0' must yield exactly one buffer}}
  "sched.node"() ({
    "gpu.yield"() : () -> ()
  }) {name = "op0", kind = "pointwise", group = array<i64: 8, 1>, reads = [], writes = []} : () -> ()
  "func.return"() : () -> ()
}
