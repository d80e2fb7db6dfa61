// A transposed store of a tiled pointwise kernel is staged through workgroup memory, the staged load in
// reverse (convert_kernel_to_gpu.c, emit_staged_store): examples/transpose_copy.mlir after loop
// reordering is one kernel storing y[i, j] and y[j, i]; the plain store is one vector store, the
// transposed one writes the thread's 4 columns to S[(l * 32 + tx) * 9 + skew[l] + ty] (pitch rows + 1 = 9, l = 0..3,
// skew 0, 8, 16, 24: gpu_staged_tile.mlir),
// a barrier, then thread t reads rows 4 * (t mod 2) .. + 3 of column c = t / 2 at
// ((c mod 4) * 32 + c / 4) * 9 + row + k and stores them as one aligned 16-byte vector. Measured on the
// H200 (docs/results/gpu-2026-12-02-run7.md): 1146 us unstaged, 220 us staged at 8192^2.
// The checks below pin the 256-thread tile of 8 rows (transposed-block=0); by default the kernel gets the
// transposed geometry (transposed_block.mlir): 512 threads, tiles of 16 rows, pitch 17.
// RUN: %ind-opt %examples/transpose_copy.mlir --codegen=transposed-block=0 | %ind-opt --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s
// RUN: %ind-opt %examples/transpose_copy.mlir --codegen | %ind-opt --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s --check-prefix=DEF
// DEF: %[[P:.*]] = "arith.constant"() <{value = 17 : index}>
// DEF-NEXT: "arith.muli"(%{{.*}}, %[[P]])
// DEF: "memref.store"(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, memref<2194xf32, #gpu.address_space<workgroup>>, index) -> ()

// CHECK: %[[TX:.*]] = "arith.remui"(%[[TID:.*]], %{{.*}}) : (index, index) -> index
// CHECK: %[[TY:.*]] = "arith.divui"(%[[TID]], %{{.*}}) : (index, index) -> index
// CHECK: "vector.load"
// CHECK: %[[V:.*]] = "vector.from_elements"(%[[E0:.*]], %[[E1:.*]], %[[E2:.*]], %[[E3:.*]]) : (f32, f32, f32, f32) -> vector<4xf32>
// CHECK-NEXT: %{{.*}} = "arith.constant"
// CHECK: "vector.store"(%[[V]], %arg2, %{{.*}}) <{alignment = 16 : i64}>
// CHECK: %[[L0:.*]] = "arith.constant"() <{value = 0 : index}>
// CHECK-NEXT: %[[S0:.*]] = "arith.addi"(%[[L0]], %[[TX]])
// CHECK-NEXT: %[[P0:.*]] = "arith.constant"() <{value = 9 : index}>
// CHECK-NEXT: %[[M0:.*]] = "arith.muli"(%[[S0]], %[[P0]])
// CHECK: %[[A0:.*]] = "arith.addi"(%{{.*}}, %[[TY]])
// CHECK-NEXT: "memref.store"(%[[E0]], %[[SMEM:.*]], %[[A0]]) : (f32, memref<1176xf32, #gpu.address_space<workgroup>>, index) -> ()
// CHECK: "arith.constant"() <{value = 32 : index}>
// CHECK: "memref.store"(%[[E1]], %[[SMEM]], %{{.*}})
// CHECK: "arith.constant"() <{value = 64 : index}>
// CHECK: "memref.store"(%[[E2]], %[[SMEM]], %{{.*}})
// CHECK: "arith.constant"() <{value = 96 : index}>
// CHECK: "memref.store"(%[[E3]], %[[SMEM]], %{{.*}})
// CHECK-NEXT: "gpu.barrier"
// CHECK-NEXT: %[[Q:.*]] = "arith.constant"() <{value = 2 : index}>
// CHECK-NEXT: %[[COL:.*]] = "arith.divui"(%[[TID]], %[[Q]])
// CHECK: %[[R2:.*]] = "arith.remui"(%[[TID]], %{{.*}})
// CHECK-NEXT: %[[ROW:.*]] = "arith.muli"(%[[R2]], %{{.*}})
// CHECK: %[[SLOT:.*]] = "arith.addi"(%{{.*}}, %{{.*}})
// CHECK-NEXT: %[[P:.*]] = "arith.constant"() <{value = 9 : index}>
// CHECK-NEXT: %{{.*}} = "arith.muli"(%[[SLOT]], %[[P]])
// CHECK: %[[FROM:.*]] = "arith.addi"(%{{.*}}, %[[ROW]])
// CHECK-COUNT-4: "memref.load"(%[[SMEM]], %{{.*}}) : (memref<1176xf32, #gpu.address_space<workgroup>>, index) -> f32
// CHECK: %[[W:.*]] = "vector.from_elements"
// CHECK: "vector.store"(%[[W]], %arg3, %{{.*}}) <{alignment = 16 : i64}>
// CHECK-NOT: "memref.store"(%{{.*}}, %arg3
// CHECK: "gpu.return"
