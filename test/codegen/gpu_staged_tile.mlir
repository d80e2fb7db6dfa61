// The staging of a transposed read in a tiled pointwise GPU kernel (convert_kernel_to_gpu.c,
// emit_staged_load): x + x.T on 64x256, tiles of 8 rows x 128 columns. Each thread makes one 16-byte
// read at column col = tid / 2, rows row .. row + 3 (row = (tid % 2) * 4), and stores its 4 floats
// into workgroup memory at S[slot][row + k], slot = (col % 4) * 32 + col / 4, with a pitch of 9 floats
// (8 rows + 1, so that a warp's reads hit distinct banks): (slot * 9 + row) + k. After the barrier
// thread (tx, ty) = (tid % 32, tid / 32) reads back S[tx + 32 l][ty] = (tx + 32 l) * 9 + ty.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s
// CHECK-LABEL: "gpu.func"
// CHECK: %[[TID:.*]] = "gpu.thread_id"
// CHECK: %[[C32A:.*]] = "arith.constant"() <{value = 32 : index}>
// CHECK-NEXT: %[[TX:.*]] = "arith.remui"(%[[TID]], %[[C32A]])
// CHECK: %[[TY:.*]] = "arith.divui"(%[[TID]], %{{.*}})
// CHECK: "vector.load"(%arg0
// CHECK: %[[C2:.*]] = "arith.constant"() <{value = 2 : index}>
// CHECK-NEXT: %[[COL:.*]] = "arith.divui"(%[[TID]], %[[C2]])
// CHECK: %[[RQ:.*]] = "arith.remui"(%[[TID]], %{{.*}})
// CHECK-NEXT: %[[ROW:.*]] = "arith.muli"(%[[RQ]], %{{.*}})
// CHECK: "vector.load"(%arg0
// CHECK-DAG: %[[CD:.*]] = "arith.divui"(%[[COL]], %{{.*}})
// CHECK-DAG: %[[CM:.*]] = "arith.remui"(%[[COL]], %{{.*}})
// CHECK-DAG: %[[C32:.*]] = "arith.constant"() <{value = 32 : index}>
// CHECK-DAG: %[[S0:.*]] = "arith.muli"(%[[CM]], %[[C32]])
// CHECK-DAG: %[[SLOT:.*]] = "arith.addi"(%[[S0]], %[[CD]])
// CHECK-DAG: %[[C9:.*]] = "arith.constant"() <{value = 9 : index}>
// CHECK-DAG: %[[SP:.*]] = "arith.muli"(%[[SLOT]], %[[C9]])
// CHECK: %[[B:.*]] = "arith.addi"(%{{.*}}, %[[SP]])
// CHECK-NEXT: %[[AT:.*]] = "arith.addi"(%[[B]], %[[ROW]])
// CHECK-COUNT-4: "memref.store"({{.*}}) : (f32, memref<1152xf32, #gpu.address_space<workgroup>>, index)
// CHECK-NEXT: "gpu.barrier"
// CHECK: %[[X0:.*]] = "arith.addi"(%{{.*}}, %[[TX]])
// CHECK-NEXT: %[[C9B:.*]] = "arith.constant"() <{value = 9 : index}>
// CHECK-NEXT: %[[XP:.*]] = "arith.muli"(%[[X0]], %[[C9B]])
// CHECK: %[[A0:.*]] = "arith.addi"(%{{.*}}, %[[XP]])
// CHECK-NEXT: %[[A1:.*]] = "arith.addi"(%[[A0]], %[[TY]])
// CHECK-NEXT: "memref.load"(%arg2, %[[A1]])
"kernel.def"() ({
^bb0(%a: memref<16384xf32>, %o: memref<16384xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 1024 : i64, vector_width = 4 : i64} : () -> ()
