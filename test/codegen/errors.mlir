// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(sched-to-kernel)'

/// Inside one kernel a buffer must be read where it was written (here: a neighbour element).
func.func @shifted(%arg0_1: memref<1024xf32>) -> memref<1024xf32> {
  %f = "sched.fused"() ({
    %n0 = "sched.node"() ({
      %b = "ind.pointwise"() ({
        %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
        "gpu.yield"(%0) : (f32) -> ()
      }) {name = "buf0", ranges = array<i64: 1024>} : () -> memref<1024xf32>
      "gpu.yield"(%b) : (memref<1024xf32>) -> ()
    }) {name = "op0", kind = "pointwise"} : () -> memref<1024xf32>
    %n1 = "sched.node"() ({
      %b = "ind.pointwise"() ({
        // expected-error @+1 {{a buffer computed in this kernel is read at another index than it is written}}
        %0 = "ind.load"(%n0) {index = affine_map<(d0) -> ((d0 + 1) mod 1024)>} : (memref<1024xf32>) -> f32
        "gpu.yield"(%0) : (f32) -> ()
      }) {name = "buf1", ranges = array<i64: 1024>} : () -> memref<1024xf32>
      "gpu.yield"(%b) : (memref<1024xf32>) -> ()
    }) {name = "op1", kind = "pointwise"} : () -> memref<1024xf32>
    "gpu.yield"(%n1) : (memref<1024xf32>) -> ()
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>, name = "op0_op1"} : () -> memref<1024xf32>
  "func.return"(%f) : (memref<1024xf32>) -> ()
}

// -----

/// A pointwise node whose numel is neither numel nor numel * rnumel of the reduction it is fused with.
func.func @misfit(%arg0_1: memref<64x128xf32>) -> memref<100xf32> {
  %f = "sched.fused"() ({
    %n0 = "sched.node"() ({
      %b = "ind.reduction"() ({
        %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 128 + d1)>} : (memref<64x128xf32>) -> f32
        "gpu.yield"(%0) : (f32) -> ()
      }) {name = "buf0", ranges = array<i64: 64>, reduction_ranges = array<i64: 128>, reduction_type = "sum"} : () -> memref<64xf32>
      "gpu.yield"(%b) : (memref<64xf32>) -> ()
    }) {name = "op0", kind = "reduction"} : () -> memref<64xf32>
    %n1 = "sched.node"() ({
      // expected-error @+1 {{the node's ranges do not fit the kernel's iteration space (numel 64, rnumel 128)}}
      %b = "ind.pointwise"() ({
        %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<64x128xf32>) -> f32
        "gpu.yield"(%0) : (f32) -> ()
      }) {name = "buf1", ranges = array<i64: 100>} : () -> memref<100xf32>
      "gpu.yield"(%b) : (memref<100xf32>) -> ()
    }) {name = "op1", kind = "pointwise"} : () -> memref<100xf32>
    "gpu.yield"(%n1) : (memref<100xf32>) -> ()
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>, name = "op0_op1"} : () -> memref<100xf32>
  "func.return"(%f) : (memref<100xf32>) -> ()
}

// -----

/// Node bodies may only hold ind.load / ind.index_expr / arith / math.
func.func @bad_op(%arg0_1: memref<64xf32>) -> memref<64xf32> {
  %n0 = "sched.node"() ({
    %b = "ind.pointwise"() ({
      // expected-error @+1 {{unsupported op in a node body}}
      %0 = "ub.poison"() : () -> f32
      "gpu.yield"(%0) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 64>} : () -> memref<64xf32>
    "gpu.yield"(%b) : (memref<64xf32>) -> ()
  }) {name = "op0", kind = "pointwise"} : () -> memref<64xf32>
  "func.return"(%n0) : (memref<64xf32>) -> ()
}

// -----

/// Index maps must have one dim per iteration variable of their node.
func.func @bad_map(%arg0_1: memref<64xf32>) -> memref<64xf32> {
  %n0 = "sched.node"() ({
    %b = "ind.pointwise"() ({
      // expected-error @+1 {{the index map must have one result and one dim per iteration variable of its node}}
      %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>) -> f32
      "gpu.yield"(%0) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 64>} : () -> memref<64xf32>
    "gpu.yield"(%b) : (memref<64xf32>) -> ()
  }) {name = "op0", kind = "pointwise"} : () -> memref<64xf32>
  "func.return"(%n0) : (memref<64xf32>) -> ()
}

// -----

/// Only sched ops and the return may sit at the top of the program function.
func.func @stray(%arg0_1: memref<64xf32>) -> memref<64xf32> {
  // expected-error @+1 {{expected sched.node, sched.fused or func.return at the top of the program function}}
  %c = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
  "func.return"(%arg0_1) : (memref<64xf32>) -> ()
}
