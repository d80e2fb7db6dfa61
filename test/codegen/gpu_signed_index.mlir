// Index arithmetic of GPU kernels (convert_kernel_to_gpu.c, emit_div_mod): affine floordiv, ceildiv and mod
// round toward minus infinity and a mod lies in [0, c). A dividend that may be negative (a flipped or rolled
// index after cat: (-d0 + 40) mod 11) is divided signed and corrected by the remainder's sign; one that is
// never negative for dims >= 0 keeps the one unsigned instruction. An unsigned division of a negative
// dividend read it as a huge number: fuzz seeds 9408 and 10264 loaded and selected wrong elements on
// the GPU only (2026-12-06). The PTX of this kernel compiles (PTX below).
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s
// RUN: %ind-opt %s --split-input-file --emit=ptx | %filecheck %s --check-prefix=PTX
// CHECK-LABEL: "gpu.func"
// mod: remsi, then + 11 where negative
// CHECK: [[C11:%[0-9]+]] = "arith.constant"() <{value = 11 : index}>
// CHECK-NEXT: [[Z:%[0-9]+]] = "arith.constant"() <{value = 0 : index}>
// CHECK-NEXT: "arith.constant"() <{value = 1 : index}>
// CHECK-NEXT: [[R:%[0-9]+]] = "arith.remsi"([[A:%[0-9]+]], [[C11]])
// CHECK-NEXT: [[RC:%[0-9]+]] = "arith.addi"([[R]], [[C11]])
// CHECK-NEXT: [[NEG:%[0-9]+]] = "arith.cmpi"([[R]], [[Z]]) <{predicate = 2 : i64}>
// CHECK-NEXT: [[M:%[0-9]+]] = "arith.select"([[NEG]], [[RC]], [[R]])
// CHECK-NEXT: "memref.load"(%arg0, [[M]])
// floordiv: divsi, then - 1 where the remainder is negative
// CHECK: [[C11B:%[0-9]+]] = "arith.constant"() <{value = 11 : index}>
// CHECK-NEXT: [[ZB:%[0-9]+]] = "arith.constant"() <{value = 0 : index}>
// CHECK-NEXT: [[OB:%[0-9]+]] = "arith.constant"() <{value = 1 : index}>
// CHECK-NEXT: [[RB:%[0-9]+]] = "arith.remsi"([[AB:%[0-9]+]], [[C11B]])
// CHECK-NEXT: [[QB:%[0-9]+]] = "arith.divsi"([[AB]], [[C11B]])
// CHECK-NEXT: [[QM:%[0-9]+]] = "arith.subi"([[QB]], [[OB]])
// CHECK-NEXT: [[NB:%[0-9]+]] = "arith.cmpi"([[RB]], [[ZB]]) <{predicate = 2 : i64}>
// CHECK-NEXT: [[FB:%[0-9]+]] = "arith.select"([[NB]], [[QM]], [[QB]])
// CHECK-NEXT: "memref.load"(%arg0, [[FB]])
// ceildiv: divsi, then + 1 where the remainder is positive
// CHECK: [[C11C:%[0-9]+]] = "arith.constant"() <{value = 11 : index}>
// CHECK-NEXT: [[ZC:%[0-9]+]] = "arith.constant"() <{value = 0 : index}>
// CHECK-NEXT: [[OC:%[0-9]+]] = "arith.constant"() <{value = 1 : index}>
// CHECK-NEXT: [[RCC:%[0-9]+]] = "arith.remsi"([[AC:%[0-9]+]], [[C11C]])
// CHECK-NEXT: [[QC:%[0-9]+]] = "arith.divsi"([[AC]], [[C11C]])
// CHECK-NEXT: [[QP:%[0-9]+]] = "arith.addi"([[QC]], [[OC]])
// CHECK-NEXT: [[PC:%[0-9]+]] = "arith.cmpi"([[ZC]], [[RCC]]) <{predicate = 2 : i64}>
// CHECK-NEXT: [[CC:%[0-9]+]] = "arith.select"([[PC]], [[QP]], [[QC]])
// CHECK-NEXT: "memref.load"(%arg0, [[CC]])
// never negative: (d0 + 3) mod 32 and (d0 * 2) floordiv 3 stay unsigned
// CHECK: [[C32:%[0-9]+]] = "arith.constant"() <{value = 32 : index}>
// CHECK-NEXT: [[U:%[0-9]+]] = "arith.remui"(%{{[0-9]+}}, [[C32]])
// CHECK-NEXT: "memref.load"(%arg0, [[U]])
// CHECK-NOT: "arith.remsi"
// CHECK-NOT: "arith.divsi"
// CHECK: "arith.divui"
// CHECK-NOT: "arith.remsi"
// CHECK: "gpu.return"
// PTX: .visible .entry k(
"kernel.def"() ({
^bb0(%a: memref<32xf32>, %o: memref<32xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0) -> ((-d0 + 40) mod 11)>} : (memref<32xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0) -> ((-d0 + 40) floordiv 11)>} : (memref<32xf32>) -> f32
  %2 = "kernel.load"(%a) {index = affine_map<(d0) -> ((-d0 + 40) ceildiv 11)>} : (memref<32xf32>) -> f32
  %3 = "kernel.load"(%a) {index = affine_map<(d0) -> ((d0 + 3) mod 32)>} : (memref<32xf32>) -> f32
  %4 = "kernel.load"(%a) {index = affine_map<(d0) -> ((d0 * 2) floordiv 3)>} : (memref<32xf32>) -> f32
  %5 = "arith.addf"(%0, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %6 = "arith.addf"(%2, %3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %7 = "arith.addf"(%5, %6) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %8 = "arith.addf"(%7, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%o, %8) {index = affine_map<(d0) -> (d0)>} : (memref<32xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 32>, rranges = array<i64>,
    block = 32 : i64, xblock = 32 : i64, vector_width = 1 : i64} : () -> ()

// -----

// a mod is never negative: the product of one and the floordiv of that stay unsigned after the signed mod
// CHECK-LABEL: "gpu.func"
// CHECK: "arith.remsi"
// CHECK-NEXT: "arith.addi"
// CHECK-NEXT: "arith.cmpi"
// CHECK-NEXT: [[MOD:%[0-9]+]] = "arith.select"
// CHECK-NEXT: [[C3:%[0-9]+]] = "arith.constant"() <{value = 3 : index}>
// CHECK-NEXT: [[P:%[0-9]+]] = "arith.muli"([[MOD]], [[C3]])
// CHECK-NEXT: [[C2:%[0-9]+]] = "arith.constant"() <{value = 2 : index}>
// CHECK-NEXT: [[Q:%[0-9]+]] = "arith.divui"([[P]], [[C2]])
// CHECK-NEXT: "memref.load"(%arg0, [[Q]])
// PTX: .visible .entry k2(
"kernel.def"() ({
^bb0(%a: memref<32xf32>, %o: memref<32xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0) -> ((((-d0 + 40) mod 11) * 3) floordiv 2)>} : (memref<32xf32>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0) -> (d0)>} : (memref<32xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k2", kind = "pointwise", xranges = array<i64: 32>, rranges = array<i64>,
    block = 32 : i64, xblock = 32 : i64, vector_width = 1 : i64} : () -> ()
