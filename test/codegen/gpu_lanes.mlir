// The lanes of a vectorized pointwise GPU kernel (gpu_thread_geometry.c): with vector width 4 a thread's
// lanes are its chunk's base + 1, + 2, + 3 (arith.addi of the base and the lane's constant). x + x^T over
// 64 x 64: the contiguous read is one vector.load at row * 64 + base; the transposed read is one scalar
// memref.load per lane at lane * 64 + row, so every lane's own index must reach its load.
// RUN: %ind-opt %s --codegen | %ind-opt --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s
// CHECK-LABEL: "gpu.module"
// CHECK: [[C3:%[0-9]+]] = "arith.constant"() <{value = 3 : index}>
// CHECK-NEXT: [[L3:%[0-9]+]] = "arith.addi"([[BASE:%[0-9]+]], [[C3]])
// CHECK-NEXT: [[C2:%[0-9]+]] = "arith.constant"() <{value = 2 : index}>
// CHECK-NEXT: [[L2:%[0-9]+]] = "arith.addi"([[BASE]], [[C2]])
// CHECK-NEXT: [[C1:%[0-9]+]] = "arith.constant"() <{value = 1 : index}>
// CHECK-NEXT: [[L1:%[0-9]+]] = "arith.addi"([[BASE]], [[C1]])
// CHECK: "arith.addi"(%{{[0-9]+}}, [[BASE]])
// CHECK-NEXT: "vector.load"(%arg1,
// CHECK: "arith.muli"([[BASE]],
// CHECK-NEXT: "arith.addi"
// CHECK-NEXT: "memref.load"(%arg1,
// CHECK: "arith.muli"([[L1]],
// CHECK-NEXT: "arith.addi"
// CHECK-NEXT: "memref.load"(%arg1,
// CHECK: "arith.muli"([[L2]],
// CHECK-NEXT: "arith.addi"
// CHECK-NEXT: "memref.load"(%arg1,
// CHECK: "arith.muli"([[L3]],
// CHECK-NEXT: "arith.addi"
// CHECK-NEXT: "memref.load"(%arg1,
// CHECK: sym_name = "triton_poi_fused_add_permute_0"
func.func @transpose_add(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %t = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %e = "graph.add"(%x, %t) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %e : tensor<64x64xf32>
}
