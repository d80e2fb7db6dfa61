// A load whose index map has the wrong number of dims is an error that fails sched-to-kernel (exit 1,
// no IR), not only a diagnostic: the kernel is not built from a half-read index.
// RUN: %not %ind-opt %s --pass-pipeline='builtin.module(sched-to-kernel)' > %t.out 2> %t.err
// RUN: %filecheck %s < %t.err
// RUN: %count 0 < %t.out
// CHECK: error: sched-to-kernel: the index map must have one result and one dim per iteration variable of its node
// CHECK-NOT: error
func.func @bad_map(%arg0_1: memref<64xf32>) -> memref<64xf32> {
  %n0 = "sched.node"() ({
    %b = "ind.pointwise"() ({
      %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>) -> f32
      "gpu.yield"(%0) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 64>} : () -> memref<64xf32>
    "gpu.yield"(%b) : (memref<64xf32>) -> ()
  }) {name = "op0", kind = "pointwise"} : () -> memref<64xf32>
  "func.return"(%n0) : (memref<64xf32>) -> ()
}
