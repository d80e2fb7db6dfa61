// Integer scans on the GPU (convert-kernel-to-gpu, docs/passes/codegen.md "Scans"): the scan works in the
// value's type (arith.addi, wrapping like the CPU JIT and the reference); a shuffle of an i64 is two 32-bit
// shuffles of its halves (bitcast to f32 words, as the reductions' i64 partials), the warp totals take
// two workgroup words (slots) each, an i32 one; no Kahan compensation (integers are exact). Other value
// types are a located error.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s
// RUN: not %ind-opt %S/Inputs/scan_f16_kernel.mlir --pass-pipeline='builtin.module(convert-kernel-to-gpu)' 2>&1 | %filecheck %s --check-prefix=BAD
// BAD: scan_f16_kernel.mlir:4:8: error: convert-kernel-to-gpu: kernel.scan on the GPU needs an f32, i32 or i64 value and scan_type sum|max|min|prod

/// i64: 2 x 32 words of workgroup memory; per step both halves shuffled, then an i64 add.
// CHECK-LABEL: "gpu.func"
// CHECK: memref<64xf32, #gpu.address_space<workgroup>>
// CHECK: "arith.trunci"({{.*}}) <{{.*}}> : (i64) -> i32
// CHECK: %[[LO:.*]]:2 = "gpu.shuffle"({{.*}}) <{mode = #gpu<shuffle_mode up>}> : (f32, i32, i32) -> (f32, i1)
// CHECK-NEXT: "arith.constant"
// CHECK-NEXT: %[[HI:.*]]:2 = "gpu.shuffle"({{.*}}) <{mode = #gpu<shuffle_mode up>}> : (f32, i32, i32) -> (f32, i1)
// CHECK-NEXT: "arith.bitcast"(%[[LO]]#0) : (f32) -> i32
// CHECK: "arith.bitcast"(%[[HI]]#0) : (f32) -> i32
// CHECK: "arith.shli"
// CHECK: "arith.addi"({{.*}}) <{{.*}}> : (i64, i64) -> i64
// CHECK-NOT: "arith.subf"
// CHECK: "gpu.barrier"
// CHECK: "gpu.return"
"kernel.def"() ({
^bb0(%a: memref<5115xi64>, %o: memref<5115xi64>):
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 1023 + d1)>} : (memref<5115xi64>) -> i64
  %3 = "kernel.scan"(%1) {scan_type = "sum"} : (i64) -> i64
  "kernel.store"(%o, %3) {index = affine_map<(d0, d1) -> (d0 * 1023 + d1)>} : (memref<5115xi64>, i64) -> ()
  "gpu.yield"() : () -> ()
}) {block = 128 : i64, kind = "persistent_reduction", rranges = array<i64: 1023>, sym_name = "k", vector_width = 1 : i64, xblock = 1 : i64, xranges = array<i64: 5>} : () -> ()

// -----
/// i32 (a max scan): one word, one shuffle per step, arith.maxsi.
// CHECK-LABEL: "gpu.func"
// CHECK: memref<32xf32, #gpu.address_space<workgroup>>
// CHECK: "arith.bitcast"({{.*}}) : (i32) -> f32
// CHECK-NEXT: "arith.constant"
// CHECK-NEXT: "gpu.shuffle"({{.*}}) <{mode = #gpu<shuffle_mode up>}> : (f32, i32, i32) -> (f32, i1)
// CHECK-NEXT: "arith.bitcast"({{.*}}) : (f32) -> i32
// CHECK-NEXT: "arith.maxsi"
"kernel.def"() ({
^bb0(%a: memref<5115xi32>, %o: memref<5115xi32>):
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 1023 + d1)>} : (memref<5115xi32>) -> i32
  %3 = "kernel.scan"(%1) {scan_type = "max"} : (i32) -> i32
  "kernel.store"(%o, %3) {index = affine_map<(d0, d1) -> (d0 * 1023 + d1)>} : (memref<5115xi32>, i32) -> ()
  "gpu.yield"() : () -> ()
}) {block = 128 : i64, kind = "persistent_reduction", rranges = array<i64: 1023>, sym_name = "k", vector_width = 1 : i64, xblock = 1 : i64, xranges = array<i64: 5>} : () -> ()

// -----
/// Looped (16384 > 1024 threads x 4... here 128 x 1 per tile): the carry is an i64 iter_arg, one per
/// scan (no compensation term).
// CHECK-LABEL: "gpu.func"
// CHECK: "scf.for"({{.*}}) ({
// CHECK-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: i64):
"kernel.def"() ({
^bb0(%a: memref<49152xi64>, %o: memref<49152xi64>):
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 16384 + d1)>} : (memref<49152xi64>) -> i64
  %3 = "kernel.scan"(%1) {scan_type = "sum"} : (i64) -> i64
  "kernel.store"(%o, %3) {index = affine_map<(d0, d1) -> (d0 * 16384 + d1)>} : (memref<49152xi64>, i64) -> ()
  "gpu.yield"() : () -> ()
}) {block = 128 : i64, kind = "reduction", rranges = array<i64: 16384>, sym_name = "k", vector_width = 1 : i64, xblock = 1 : i64, xranges = array<i64: 3>} : () -> ()

