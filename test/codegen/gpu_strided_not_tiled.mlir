// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s

/// Only a transposed read (contiguous along the second-to-last x dim, not along the last) makes a
/// pointwise kernel tiled (gpu_has_transposed_load). On 64x256 with vector width 4 a tile would fit
/// (gpu_can_tile), but a read with stride 2 along the last dim and 512 along the rows is strided, not
/// transposed: the geometry stays flat. A thread's first element is (block * 256 + tid) * 4, split
/// into row and column by 256; no tid % 32 / tid / 32 of a tile, no staging in workgroup memory.
// CHECK-LABEL: "gpu.module"
// CHECK: %[[TID:.*]] = "gpu.thread_id"
// CHECK-NEXT: %[[BID:.*]] = "gpu.block_id"
// CHECK-NOT: value = 32 : index
// CHECK: %[[C256:.*]] = "arith.constant"() <{value = 256 : index}>
// CHECK-NEXT: "arith.muli"(%[[BID]], %[[C256]])
// CHECK-NEXT: "arith.addi"(%{{.*}}, %[[TID]])
// CHECK-NOT: value = 32 : index
// CHECK: "vector.load"
// CHECK-NOT: #gpu.address_space<workgroup>
// CHECK-NOT: "gpu.barrier"
// CHECK-NOT: value = 32 : index
// CHECK: "vector.store"
"kernel.def"() ({
^bb0(%a: memref<32768xf32>, %o: memref<16384xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<32768xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 512 + d1 * 2)>} : (memref<32768xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 1024 : i64, vector_width = 4 : i64} : () -> ()
