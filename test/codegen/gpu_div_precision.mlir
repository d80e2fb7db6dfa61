// f32 division in GPU kernels (sched-to-kernel's div-precision; convert_kernel_to_gpu.c, div_full;
// docs/passes/codegen.md "Division"): by default a body's arith.divf becomes llvm.nvvm.div.full
// (div.full.f32, at most 2 ulp: how Triton lowers Inductor's `/`); div-precision=ieee marks each kernel.def
// ieee_div and keeps the IEEE arith.divf (div.rn.f32). Remainders and the divisions convert-kernel-to-gpu
// makes itself (a two-pass mean: sum / rnumel) are left alone; a bad value or a non-bool ieee_div is a
// located error.
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen | %filecheck %s --check-prefix=KFULL
// RUN: %ind-opt %s --split-input-file --lower --fuse | %ind-opt --split-input-file --codegen=div-precision=ieee | %filecheck %s --check-prefix=KIEEE
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen | %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s --check-prefix=FULL
// RUN: %ind-opt %s --split-input-file --lower --fuse | %ind-opt --split-input-file --pass-pipeline='builtin.module(sched-to-kernel{div-precision=ieee},convert-kernel-to-gpu)' | %filecheck %s --check-prefix=IEEE
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=PTXFULL
// RUN: %ind-opt %s --split-input-file --lower --fuse | %ind-opt --split-input-file --codegen=div-precision=ieee --emit=ptx | %filecheck %s --check-prefix=PTXIEEE
// RUN: %ind-opt %s --split-input-file --lower --fuse | not %ind-opt --split-input-file --codegen=div-precision=fast 2>&1 | %filecheck %s --check-prefix=BAD
// RUN: %ind-opt %s --split-input-file --lower --fuse | %ind-opt --split-input-file --codegen=div-precision=ieee | sed 's/ieee_div = true/ieee_div = 1 : i64/' | not %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' 2>&1 | %filecheck %s --check-prefix=NOTBOOL

/// a / b elementwise: one division per element (vector width 4: four per thread).
// KFULL-LABEL: "kernel.def"
// KFULL-NOT: ieee_div
// KFULL: sym_name = "triton_poi_fused_div_0"
// KIEEE: ieee_div = true{{.*}}sym_name = "triton_poi_fused_div_0"
// FULL-LABEL: "gpu.func"
// FULL-NOT: "arith.divf"
// FULL-COUNT-4: intrin = "llvm.nvvm.div.full"
// FULL-NOT: "arith.divf"
// FULL: "gpu.return"
// IEEE-LABEL: "gpu.func"
// IEEE-NOT: llvm.call_intrinsic
// IEEE-COUNT-4: "arith.divf"
// IEEE-NOT: llvm.call_intrinsic
// IEEE: "gpu.return"
// PTXFULL-LABEL: .entry triton_poi_fused_div_0
// PTXFULL-NOT: div.rn.f32
// PTXFULL-COUNT-4: div.full.f32
// PTXFULL-NOT: div.rn.f32
// PTXFULL: ret;
// PTXIEEE-LABEL: .entry triton_poi_fused_div_0
// PTXIEEE-NOT: div.full.f32
// PTXIEEE: div.rn.f32
// PTXIEEE-NOT: div.full.f32
// PTXIEEE: ret;
// BAD: error: bad value 'fast' for option 'div-precision' of pass 'sched-to-kernel' (expected one of full, ieee)
// NOTBOOL: <stdin>:3:3: error: convert-kernel-to-gpu: kernel.def's ieee_div must be a bool
func.func @div(%a: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<1024xf32> {
  %d = "graph.div"(%a, %b) : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xf32>
  return %d : tensor<1024xf32>
}

// -----
/// var over rows of 1000 (persistent, two-pass): the mean sum / 1000 made by convert-kernel-to-gpu stays
/// IEEE under both policies; the body's m2 / 999 follows the policy.
// FULL-LABEL: "gpu.func"
// FULL: [[N:%[0-9]+]] = "arith.constant"() <{value = 1.000000e+03 : f32}>
// FULL: "arith.divf"({{%[0-9]+}}, [[N]])
// FULL: [[C:%[0-9]+]] = "arith.constant"() <{value = 9.990000e+02 : f32}>
// FULL-NEXT: "llvm.call_intrinsic"({{%[0-9]+}}, [[C]]) <{{{.*}}intrin = "llvm.nvvm.div.full"
// FULL: "gpu.return"
// IEEE-LABEL: "gpu.func"
// IEEE: [[C:%[0-9]+]] = "arith.constant"() <{value = 9.990000e+02 : f32}>
// IEEE-NEXT: "arith.divf"({{%[0-9]+}}, [[C]])
// IEEE: "gpu.return"
func.func @var(%x: tensor<4x1000xf32>) -> tensor<4xf32> {
  %v = "graph.var"(%x) {dims = array<i64: 1>, correction = 1 : i64, keepdim = false} : (tensor<4x1000xf32>) -> tensor<4xf32>
  return %v : tensor<4xf32>
}

// -----
/// Integer and float remainders (arith.remsi, arith.remf) are not arith.divf: left alone by the default.
// FULL-LABEL: "gpu.func"
// FULL-NOT: llvm.call_intrinsic
// FULL: "arith.remsi"
// FULL-NOT: llvm.call_intrinsic
// FULL: "gpu.return"
// FULL-LABEL: "gpu.func"
// FULL-NOT: llvm.call_intrinsic
// FULL: "arith.remf"
// FULL-NOT: llvm.call_intrinsic
// FULL: "gpu.return"
func.func @rem(%a: tensor<256xi32>, %b: tensor<256xi32>, %c: tensor<256xf32>, %d: tensor<256xf32>) -> (tensor<256xi32>, tensor<256xf32>) {
  %r = "graph.remainder"(%a, %b) : (tensor<256xi32>, tensor<256xi32>) -> tensor<256xi32>
  %f = "graph.remainder"(%c, %d) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
  return %r, %f : tensor<256xi32>, tensor<256xf32>
}
