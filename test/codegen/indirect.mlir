// sched-to-kernel lowers ind.indirect_indexing to arith ops (the same for both backends): an f32 value
// is NaN -> 0, clamped to [-size, size] and converted (fptosi marked ind.in_range: the backends keep it
// instead of their saturating conversion, fptosi_sat.h; index_cast); an integer one index_cast;
// then a negative position plus size, and a clamp to [0, size - 1] (no access leaves the buffer). The
// indirect kernel.load keeps its offset operand. On the GPU an embedding row (an offset shared by the
// vector's lanes, 8 * s: a multiple of the width) is read with 16-byte loads; index_select along the
// vectorized dim (an offset per lane) loads each lane's element (scalar loads; the stores stay vectors).
// The computed index (i + 1) is an i64 (integers compute in their own type), so it takes the integer path.
// Unless checked mode is off, a kernel.check_index of ATen's range [-size, size) comes before the wrap
// (checked_mode.mlir has its lowerings); checked=off emits none (the kernels of before checked mode).
// RUN: %ind-opt %S/Inputs/indirect_f32.mlir --codegen | %filecheck %s
// RUN: %ind-opt %S/Inputs/indirect_f32.mlir --codegen=checked=off | %filecheck %s --check-prefix=UNCHECKED
// RUN: env IND_CHECKED=0 %ind-opt %S/Inputs/indirect_f32.mlir --codegen | %filecheck %s --check-prefix=UNCHECKED
// RUN: %ind-opt %S/Inputs/indirect_f32.mlir --codegen --emit=ptx | %filecheck %s --check-prefix=PTX

// CHECK-LABEL: "kernel.def"
// CHECK: %[[I:.*]] = "kernel.load"(%{{.*}}) {{.*}} : (memref<3xi64>) -> i64
// CHECK-NEXT: %[[ONE:.*]] = "arith.constant"() <{value = 1 : i64}>
// CHECK-NEXT: %[[J:.*]] = "arith.addi"(%[[I]], %[[ONE]]) {{.*}} : (i64, i64) -> i64
// CHECK-NEXT: %[[X:.*]] = "arith.index_cast"(%[[J]]) : (i64) -> index
// CHECK-NEXT: %[[ZERO:.*]] = "arith.constant"() <{value = 0 : index}>
// CHECK-NEXT: %[[C:.*]] = "kernel.check_index"(%[[X]]) {lower = -16 : i64, upper = 16 : i64} : (index) -> index
// CHECK-NEXT: %[[SIZE:.*]] = "arith.constant"() <{value = 16 : index}>
// CHECK-NEXT: %[[WR:.*]] = "arith.addi"(%[[C]], %[[SIZE]])
// CHECK-NEXT: %[[NEG:.*]] = "arith.cmpi"(%[[C]], %[[ZERO]]) <{predicate = 2 : i64}>
// CHECK-NEXT: %[[W:.*]] = "arith.select"(%[[NEG]], %[[WR]], %[[C]])
// CHECK-NEXT: %[[LAST:.*]] = "arith.constant"() <{value = 15 : index}>
// CHECK-NEXT: %[[M:.*]] = "arith.maxsi"(%[[W]], %[[ZERO]])
// CHECK-NEXT: %[[P:.*]] = "arith.minsi"(%[[M]], %[[LAST]])
// CHECK-NEXT: %[[D:.*]] = "arith.constant"() <{value = 8 : index}>
// CHECK-NEXT: %[[OFF:.*]] = "arith.muli"(%[[P]], %[[D]])
// CHECK-NEXT: "kernel.load"(%{{.*}}, %[[OFF]]) {{.*}} : (memref<128xf32>, index) -> f32
// CHECK-LABEL: "kernel.def"
// CHECK: %[[K:.*]] = "kernel.load"(%{{.*}}) {{.*}} : (memref<6xi32>) -> i32
// CHECK-NEXT: %[[KI:.*]] = "arith.index_cast"(%[[K]]) : (i32) -> index
// CHECK: "kernel.check_index"(%[[KI]]) {lower = -20 : i64, upper = 20 : i64}
// CHECK: "arith.minsi"(%{{.*}}, %{{.*}})
// CHECK-NEXT: "kernel.load"(%{{.*}}, %{{.*}}) {{.*}} : (memref<640xf32>, index) -> f32

// UNCHECKED-LABEL: "kernel.def"
// UNCHECKED-NOT: kernel.check_index
// UNCHECKED: "arith.index_cast"
// UNCHECKED-NEXT: "arith.constant"() <{value = 0 : index}>
// UNCHECKED-NEXT: "arith.constant"() <{value = 16 : index}>
// UNCHECKED-NOT: kernel.check_index

// PTX-LABEL: .entry triton_poi_fused_add_embedding_0
// PTX-NOT: cvt.rzi.s64.f32
// PTX: add.s64
// PTX: max.s64 {{.*}}, 0;
// PTX: min.s64 {{.*}}, 15;
// PTX: ld.global.nc.v4.b32 {{.*}}[%rd{{[0-9]+}}];
// PTX: st.global.v4.b32
// PTX-LABEL: .entry triton_poi_fused_index_select_1
// PTX-NOT: ld.global.nc.v2
// PTX: min.s64 {{.*}}, 19;
// PTX: st.global.v2.b32
