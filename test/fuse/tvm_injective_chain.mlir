// fuse-tvm phase 1 on a chain of two kInjective nodes (each reads its input transposed): op0's
// post-dominator op1 is kInjective too, and the path condition is <= kInjective (CheckPath with
// kInjective included), so op0 joins op1's group. The backend then keeps two kernels (it cannot
// fuse them: op1 does not read buf0 where op0 writes it).
// RUN: env IND_LOGS=fusion %ind-opt %s --fuse=tvm 2>&1 >/dev/null | %filecheck %s
// CHECK: tvm: op0 kInjective, post-dominator op1 (kInjective)
// CHECK-NEXT: tvm: op1 kInjective, no post-dominator (output)
// CHECK-NEXT: tvm phase 1: fuse op0 into the group of its post-dominator op1
// CHECK: tvm group 0 (kInjective, 2 nodes, 2 kernels): op0 op1
// CHECK-NEXT: tvm: 1 groups, 2 kernels
func.func @transposes(%arg0_1: memref<8x8xf32>) -> memref<8x8xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d1 * 8 + d0)>} : (memref<8x8xf32>) -> f32
    %1 = "math.exp"(%0) : (f32) -> f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8, 8>} : () -> memref<8x8xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d1 * 8 + d0)>} : (memref<8x8xf32>) -> f32
    %1 = "math.log"(%0) : (f32) -> f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 8, 8>} : () -> memref<8x8xf32>
  "func.return"(%buf1) : (memref<8x8xf32>) -> ()
}
