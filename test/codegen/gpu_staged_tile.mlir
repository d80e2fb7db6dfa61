// The staging of a transposed read in a tiled pointwise GPU kernel (convert_kernel_to_gpu.c,
// emit_staged_load): x + x.T on 64x256, tiles of 8 rows x 128 columns. Each thread makes one 16-byte
// read at column col = tid / 2, rows row .. row + 3 (row = (tid % 2) * 4), and stores its 4 floats
// into workgroup memory at S[slot][row + k], slot = (col % 4) * 32 + col / 4, with a pitch of 9 floats
// (8 rows + 1, so that a warp's per-lane reads hit distinct banks) and the skew of its slot group l =
// col % 4 (staged_skew: (l % 2) * 8 + (l / 2) * 16 for 8-row tiles; without it the four groups of one
// store instruction fall on the same banks, 4-way conflicts): (slot * 9 + skew) + row + k. After the
// barrier thread (tx, ty) = (tid % 32, tid / 32) reads back lane l at (tx + 32 l) * 9 + skew[l] + ty,
// skew = 0, 8, 16, 24. Workgroup memory: 4 x 32 x 9 + 24 = 1176 floats.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s
// CHECK-LABEL: "gpu.func"
// CHECK: %arg2: memref<1176xf32, #gpu.address_space<workgroup>>
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
// CHECK: %[[L:.*]] = "arith.remui"(%[[COL]], %{{.*}})
// CHECK-DAG: %[[CD:.*]] = "arith.divui"(%[[COL]], %{{.*}})
// CHECK-DAG: %[[C32:.*]] = "arith.constant"() <{value = 32 : index}>
// CHECK-DAG: %[[S0:.*]] = "arith.muli"(%[[L]], %[[C32]])
// CHECK-DAG: %[[SLOT:.*]] = "arith.addi"(%[[S0]], %[[CD]])
// CHECK-DAG: %[[C9:.*]] = "arith.constant"() <{value = 9 : index}>
// CHECK-DAG: %[[SP:.*]] = "arith.muli"(%[[SLOT]], %[[C9]])
// CHECK-DAG: %[[C8:.*]] = "arith.constant"() <{value = 8 : index}>
// CHECK-DAG: %[[LO:.*]] = "arith.remui"(%[[L]], %{{.*}})
// CHECK-DAG: %[[K1:.*]] = "arith.muli"(%[[LO]], %[[C8]])
// CHECK-DAG: %[[C16:.*]] = "arith.constant"() <{value = 16 : index}>
// CHECK-DAG: %[[HI:.*]] = "arith.divui"(%[[L]], %{{.*}})
// CHECK-DAG: %[[K2:.*]] = "arith.muli"(%[[HI]], %[[C16]])
// CHECK: %[[SKEW:.*]] = "arith.addi"(%[[K1]], %[[K2]])
// CHECK-NEXT: %[[SS:.*]] = "arith.addi"(%[[SP]], %[[SKEW]])
// CHECK: %[[B:.*]] = "arith.addi"(%{{.*}}, %[[SS]])
// CHECK-NEXT: %[[AT:.*]] = "arith.addi"(%[[B]], %[[ROW]])
// CHECK-COUNT-4: "memref.store"({{.*}}) : (f32, memref<1176xf32, #gpu.address_space<workgroup>>, index)
// CHECK-NEXT: "gpu.barrier"
// CHECK: %[[X0:.*]] = "arith.addi"(%{{.*}}, %[[TX]])
// CHECK-NEXT: %[[C9B:.*]] = "arith.constant"() <{value = 9 : index}>
// CHECK-NEXT: %[[XP:.*]] = "arith.muli"(%[[X0]], %[[C9B]])
// CHECK-NEXT: %[[Z:.*]] = "arith.constant"() <{value = 0 : index}>
// CHECK-NEXT: %[[A0:.*]] = "arith.addi"(%[[Z]], %[[XP]])
// CHECK-NEXT: %[[A1:.*]] = "arith.addi"(%[[A0]], %[[TY]])
// CHECK-NEXT: "memref.load"(%arg2, %[[A1]])
// CHECK: "arith.constant"() <{value = 32 : index}>
// CHECK: "arith.muli"
// CHECK-NEXT: "arith.constant"() <{value = 8 : index}>
// CHECK-NEXT: "arith.addi"
// CHECK: "memref.load"(%arg2
// CHECK: "arith.constant"() <{value = 64 : index}>
// CHECK: "arith.muli"
// CHECK-NEXT: "arith.constant"() <{value = 16 : index}>
// CHECK-NEXT: "arith.addi"
// CHECK: "memref.load"(%arg2
// CHECK: "arith.constant"() <{value = 96 : index}>
// CHECK: "arith.muli"
// CHECK-NEXT: "arith.constant"() <{value = 24 : index}>
// CHECK-NEXT: "arith.addi"
// CHECK: "memref.load"(%arg2
"kernel.def"() ({
^bb0(%a: memref<16384xf32>, %o: memref<16384xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 1024 : i64, vector_width = 4 : i64} : () -> ()
