// Integer kernels compute in their integer type (docs/passes/codegen.md, "Dtypes at loads and stores"): an
// i64 add is kernel.load -> i64, arith.addi, kernel.store of the i64 (no sitofp / fptosi); an i64 sum is a
// kernel.reduce of i64. On the GPU the i64 add is add.s64, and the i64 reduction shuffles each 64-bit
// partial as two 32-bit words (shfl.sync.bfly.b32 of the low and the high half) and adds with add.s64.
// Before, the kernels converted at every load and store and reduced in f32.
// RUN: %ind-opt %S/Inputs/int_compute.mlir --codegen | %filecheck %s
// RUN: %ind-opt %S/Inputs/int_compute.mlir --codegen --emit=ptx | %filecheck %s --check-prefix=PTX

// CHECK-LABEL: "kernel.def"
// CHECK: %[[L:.*]] = "kernel.load"(%{{.*}}) {{.*}} : (memref<32768xi64>) -> i64
// CHECK-NEXT: %[[R:.*]] = "kernel.reduce"(%[[L]]) {reduction_type = "sum"} : (i64) -> i64
// CHECK-NEXT: "kernel.store"(%{{.*}}, %[[R]]) {{.*}} : (memref<8xi64>, i64) -> ()
// CHECK-LABEL: "kernel.def"
// CHECK: %[[A:.*]] = "kernel.load"(%{{.*}}) {{.*}} : (memref<64xi64>) -> i64
// CHECK-NEXT: %[[B:.*]] = "kernel.load"(%{{.*}}) {{.*}} : (memref<64xi64>) -> i64
// CHECK-NEXT: %[[S:.*]] = "arith.addi"(%[[A]], %[[B]]) {{.*}} : (i64, i64) -> i64
// CHECK-NEXT: "kernel.store"(%{{.*}}, %[[S]]) {{.*}} : (memref<64xi64>, i64) -> ()
// CHECK-NOT: sitofp
// CHECK-NOT: fptosi

// PTX-LABEL: .entry triton_red_fused_sum_0
// PTX-NOT: cvt.rn.f32.s64
// PTX: add.s64
// PTX: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// PTX-NEXT: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// PTX: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// PTX: st.shared
// PTX: bar.sync
// PTX: ld.shared
// PTX-NOT: cvt.rzi.s64.f32
// PTX-LABEL: .entry triton_poi_fused_add_1
// PTX-NOT: cvt.rn.f32.s64
// PTX: add.s64
// PTX-NOT: cvt.rzi.s64.f32
// PTX: st.global
