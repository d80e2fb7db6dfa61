// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(sched-to-kernel)' | %filecheck %s

/// Two fused pointwise nodes whose buffers both leave the kernel: both are outputs (stored, allocated),
/// and the second node's load of buf0 at the index buf0 was written is forwarded (no load, no input).
// CHECK-LABEL: "builtin.module"
// CHECK: ^bb0(%[[X:[^:]*]]: memref<1024xf32>, %[[O0:[^:]*]]: memref<1024xf32>, %[[O1:[^:]*]]: memref<1024xf32>):
// CHECK: %[[L:.*]] = "kernel.load"(%[[X]])
// CHECK: %[[E:.*]] = "math.exp"(%[[L]])
// CHECK: "kernel.store"(%[[O0]], %[[E]])
// CHECK-NOT: "kernel.load"
// CHECK: %[[N:.*]] = "arith.negf"(%[[E]])
// CHECK: "kernel.store"(%[[O1]], %[[N]])
// CHECK: sym_name = "triton_poi_fused_exp_neg_0"
// CHECK-LABEL: sym_name = "call"
// CHECK: "kernel.alloc"() {name = "buf0"}
// CHECK: "kernel.alloc"() {name = "buf1"}
func.func @two_outputs(%arg0_1: memref<1024xf32>) -> (memref<1024xf32>, memref<1024xf32>) {
  %f:2 = "sched.fused"() ({
    %n0 = "sched.node"() ({
      %b = "ind.pointwise"() ({
        %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
        %1 = "math.exp"(%0) : (f32) -> f32
        "gpu.yield"(%1) : (f32) -> ()
      }) {name = "buf0", ranges = array<i64: 1024>, origins = ["exp"]} : () -> memref<1024xf32>
      "gpu.yield"(%b) : (memref<1024xf32>) -> ()
    }) {name = "op0", kind = "pointwise"} : () -> memref<1024xf32>
    %n1 = "sched.node"() ({
      %b = "ind.pointwise"() ({
        %0 = "ind.load"(%n0) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
        %1 = "arith.negf"(%0) : (f32) -> f32
        "gpu.yield"(%1) : (f32) -> ()
      }) {name = "buf1", ranges = array<i64: 1024>, origins = ["neg"]} : () -> memref<1024xf32>
      "gpu.yield"(%b) : (memref<1024xf32>) -> ()
    }) {name = "op1", kind = "pointwise"} : () -> memref<1024xf32>
    "gpu.yield"(%n0, %n1) : (memref<1024xf32>, memref<1024xf32>) -> ()
  }) {resultSegmentSizes = array<i32: 2, 0, 0, 0, 0, 0, 0, 0>, name = "op0_op1"} : () -> (memref<1024xf32>, memref<1024xf32>)
  "func.return"(%f#0, %f#1) : (memref<1024xf32>, memref<1024xf32>) -> ()
}

// -----

/// Size-1 dims are dropped from the kernel's ranges; the node's index keeps meaning the same element.
/// A function argument returned as is needs no kernel and no alloc. No origins: the name is just
/// prefix, kind and index.
// CHECK: #[[M:.*]] = affine_map<(d0) -> (d0)>
// CHECK: "kernel.load"(%{{.*}}) {index = #[[M]]}
// CHECK: sym_name = "triton_poi_fused_0"
// CHECK-SAME: xranges = array<i64: 64>
// CHECK-LABEL: sym_name = "call"
// CHECK: "func.return"(%{{.*}}, %arg0)
func.func @ones(%arg0_1: memref<64x1xf32>) -> (memref<1x64xf32>, memref<64x1xf32>) {
  %n0 = "sched.node"() ({
    %b = "ind.pointwise"() ({
      %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<64x1xf32>) -> f32
      "gpu.yield"(%0) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 1, 64>} : () -> memref<1x64xf32>
    "gpu.yield"(%b) : (memref<1x64xf32>) -> ()
  }) {name = "op0", kind = "pointwise"} : () -> memref<1x64xf32>
  "func.return"(%n0, %arg0_1) : (memref<1x64xf32>, memref<64x1xf32>) -> ()
}

// -----

/// A transposed read keeps its (non-contiguous) index; the kernel argument is the flat storage.
// CHECK: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0 * 128 + d1)>
// CHECK: #[[COL:.*]] = affine_map<(d0, d1) -> (d0 + d1 * 128)>
// CHECK: "kernel.load"(%{{.*}}) {index = #[[ROW]]}
// CHECK: "kernel.load"(%{{.*}}) {index = #[[COL]]}
// CHECK: sym_name = "triton_poi_fused_add_t_0"
func.func @transpose_add(%arg0_1: memref<128x128xf32>) -> memref<128x128xf32> {
  %n0 = "sched.node"() ({
    %b = "ind.pointwise"() ({
      %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 128 + d1)>} : (memref<128x128xf32>) -> f32
      %1 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d1 * 128 + d0)>} : (memref<128x128xf32>) -> f32
      %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
      "gpu.yield"(%2) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 128, 128>, origins = ["add", "t"]} : () -> memref<128x128xf32>
    "gpu.yield"(%b) : (memref<128x128xf32>) -> ()
  }) {name = "op0", kind = "pointwise"} : () -> memref<128x128xf32>
  "func.return"(%n0) : (memref<128x128xf32>) -> ()
}
