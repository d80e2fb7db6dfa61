// A Welford or online-softmax reduction of a persistent kernel (the row in registers) is computed in two
// passes over the registers with plain reductions, as Inductor does for persistent reductions
// (welford_reduce_fallback, prepare_softmax_twopass_fallback; convert_kernel_to_gpu.c,
// reduce_state_two_pass; docs/passes/codegen.md "Welford and online softmax"). Welford in the corrected
// two-pass form: mean0 = sum / rnumel, d = x - mean0, mean = mean0 + sum(d) / rnumel, m2 = max(sum(d^2) -
// sum(d)^2 / rnumel, 0) (a constant row's mean is exact whatever the sum rounded to: fuzz seed 11801 on
// the GPU), no division per element and no Chan merge; online softmax: m = max, s =
// sum(exp(x - m')) with m' = 0 where m = -inf. Each pass has its own workgroup-memory slots. The looped
// form keeps the one-pass state (test/codegen/welford_online.mlir, gpu_online_combine.mlir).
// RUN: %ind-opt %s --split-input-file --fuse | %ind-opt --split-input-file --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' | %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s

/// var_mean over rows of 1000 (persistent, 128 threads x 8, a masked tail): the sum of the first lane
/// (its tail lanes select 0), the butterfly, the warps through slot range 0, then mean0 = sum / 1000;
/// d = x - mean0 per lane summed through slot range 2 (a range is 32 slots, one per warp: it starts at
/// 64), d^2 through slot range 1 (at 32); the corrected mean and m2 (clamped at 0); var = m2 / 999, the
/// mean output (mean * 1000) / 1000.
// CHECK-LABEL: "gpu.func"
// CHECK: [[V:%[0-9]+]] = "vector.load"
// CHECK-NEXT: [[X0:%[0-9]+]] = "vector.extract"([[V]]) <{static_position = array<i64: 0>}>
// CHECK: [[N:%[0-9]+]] = "arith.constant"() <{value = 1.000000e+03 : f32}>
// CHECK-NEXT: [[Z:%[0-9]+]] = "arith.constant"() <{value = 0.000000e+00 : f32}>
// CHECK-NEXT: "arith.select"([[MASK:%[0-9]+]], [[X0]], [[Z]])
// CHECK-NOT: "arith.divf"
// CHECK: "gpu.shuffle"
// CHECK-NOT: "arith.divf"
// CHECK: [[ST0:%[0-9]+]] = "arith.constant"() <{value = 0 : index}>
// CHECK: "memref.store"
// CHECK: "gpu.barrier"
// CHECK-NOT: "arith.divf"
// CHECK: [[MEAN0:%[0-9]+]] = "arith.divf"({{%[0-9]+}}, [[N]])
// CHECK-NEXT: [[D0:%[0-9]+]] = "arith.subf"([[X0]], [[MEAN0]])
// CHECK-NEXT: [[Q0:%[0-9]+]] = "arith.mulf"([[D0]], [[D0]])
// CHECK-NOT: "arith.divf"
// CHECK: "arith.select"([[MASK]], [[D0]], {{%[0-9]+}})
// CHECK-NOT: "arith.divf"
// CHECK: "gpu.shuffle"
// CHECK-NEXT: "arith.addf"({{%[0-9]+}}, {{%[0-9]+}}#0)
// CHECK-NOT: "arith.divf"
// CHECK: "arith.constant"() <{value = 64 : index}>
// CHECK: "memref.store"
// CHECK: "gpu.barrier"
// CHECK-NOT: "arith.divf"
// CHECK: "arith.select"([[MASK]], [[Q0]], {{%[0-9]+}})
// CHECK-NOT: "arith.divf"
// CHECK: "gpu.shuffle"
// CHECK-NEXT: "arith.addf"({{%[0-9]+}}, {{%[0-9]+}}#0)
// CHECK-NOT: "arith.divf"
// CHECK: "arith.constant"() <{value = 32 : index}>
// CHECK: "memref.store"
// CHECK: "gpu.barrier"
// CHECK-NOT: "arith.divf"
// CHECK: [[CORR:%[0-9]+]] = "arith.divf"([[SD:%[0-9]+]], [[N]])
// CHECK-NEXT: [[MEAN:%[0-9]+]] = "arith.addf"([[MEAN0]], [[CORR]])
// CHECK-NEXT: [[SQ:%[0-9]+]] = "arith.mulf"([[SD]], [[SD]])
// CHECK-NEXT: [[SQN:%[0-9]+]] = "arith.divf"([[SQ]], [[N]])
// CHECK-NEXT: [[M2:%[0-9]+]] = "arith.subf"({{%[0-9]+}}, [[SQN]])
// CHECK-NEXT: [[Z0:%[0-9]+]] = "arith.constant"() <{value = 0.000000e+00 : f32}>
// CHECK-NEXT: [[M2C:%[0-9]+]] = "arith.maximumf"([[M2]], [[Z0]])
// CHECK-NEXT: [[SUM:%[0-9]+]] = "arith.mulf"([[MEAN]], [[N]])
// CHECK-NEXT: [[C:%[0-9]+]] = "arith.constant"() <{value = 9.990000e+02 : f32}>
// CHECK-NEXT: "llvm.call_intrinsic"([[M2C]], [[C]]) <{{{.*}}intrin = "llvm.nvvm.div.full"
// CHECK: "llvm.call_intrinsic"([[SUM]], {{.*}}intrin = "llvm.nvvm.div.full"
// CHECK: "gpu.return"
func.func @var_mean(%x: tensor<4x1000xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %v = "graph.var"(%x) {dims = array<i64: 1>, correction = 1 : i64, keepdim = false} : (tensor<4x1000xf32>) -> tensor<4xf32>
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x1000xf32>) -> tensor<4xf32>
  return %v, %m : tensor<4xf32>, tensor<4xf32>
}

// -----
/// log_softmax over rows of 1000: the max m (tail lanes select -inf), its butterfly and warps, then
/// exp(x - m) per lane (one exp per element, no rescale), their sum (tail lanes 0), which is 0 where m is
/// -inf (an all -inf row, as the online state); the epilogue's x - m is the same expression.
// CHECK-LABEL: "gpu.func"
// CHECK: [[V:%[0-9]+]] = "vector.load"
// CHECK-NEXT: [[X0:%[0-9]+]] = "vector.extract"([[V]]) <{static_position = array<i64: 0>}>
// CHECK: [[NINF:%[0-9]+]] = "arith.constant"() <{value = 0xFF800000 : f32}>
// CHECK-NEXT: [[A:%[0-9]+]] = "arith.select"([[MASK:%[0-9]+]], [[X0]], [[NINF]])
// CHECK-NOT: "math.exp"
// CHECK: "gpu.shuffle"
// CHECK-NOT: "math.exp"
// CHECK: "gpu.barrier"
// CHECK-NOT: "math.exp"
// CHECK: [[D0:%[0-9]+]] = "arith.subf"([[X0]], [[M:%[0-9]+]])
// CHECK-NEXT: [[E0:%[0-9]+]] = "math.exp"([[D0]])
// CHECK-NOT: "arith.mulf"
// CHECK: "arith.select"([[MASK]], [[E0]], {{%[0-9]+}})
// CHECK-NOT: "math.exp"
// CHECK: "gpu.shuffle"
// CHECK: "gpu.barrier"
// CHECK-NOT: "math.exp"
// CHECK: [[Z:%[0-9]+]] = "arith.constant"() <{value = 0.000000e+00 : f32}>
// CHECK-NEXT: [[NINF2:%[0-9]+]] = "arith.constant"() <{value = 0xFF800000 : f32}>
// CHECK-NEXT: [[EQ:%[0-9]+]] = "arith.cmpf"([[M]], [[NINF2]]) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}>
// CHECK-NEXT: [[SS:%[0-9]+]] = "arith.select"([[EQ]], [[Z]], {{%[0-9]+}})
// CHECK: "arith.subf"([[X0]], [[M]])
// CHECK: "math.log"([[SS]])
func.func @log_softmax(%x: tensor<4x1000xf32>) -> tensor<4x1000xf32> {
  %y = "graph.log_softmax"(%x) {dim = 1 : i64} : (tensor<4x1000xf32>) -> tensor<4x1000xf32>
  return %y : tensor<4x1000xf32>
}

// -----
/// var over the leading dim of 17 x 33 (an outer persistent reduction, 32 x points x 8 threads): the
/// sum's partials through slot range 0 (block 256: slots 0..255), the deviations' through slot range 2
/// (512..767), the squared deviations' through slot range 1 (256..511), each followed by a barrier before
/// it is read.
// CHECK-LABEL: "gpu.func"
// CHECK-NEXT: ^bb0({{.*}}%arg3: memref<768xf32, #gpu.address_space<workgroup>>)
// CHECK: "memref.store"({{%[0-9]+}}, %arg3,
// CHECK-NEXT: "gpu.barrier"
// CHECK: "memref.load"(%arg3,
// CHECK: [[MEAN:%[0-9]+]] = "arith.divf"
// CHECK: "arith.subf"({{%[0-9]+}}, [[MEAN]])
// CHECK: "arith.constant"() <{value = 512 : index}>
// CHECK: "memref.store"({{%[0-9]+}}, %arg3,
// CHECK-NEXT: "gpu.barrier"
// CHECK: "arith.constant"() <{value = 512 : index}>
// CHECK-NEXT: "arith.addi"
// CHECK-NEXT: "memref.load"(%arg3,
// CHECK: "arith.constant"() <{value = 256 : index}>
// CHECK: "memref.store"({{%[0-9]+}}, %arg3,
// CHECK-NEXT: "gpu.barrier"
// CHECK: "arith.constant"() <{value = 256 : index}>
// CHECK-NEXT: "arith.addi"
// CHECK-NEXT: "memref.load"(%arg3,
// CHECK: intrin = "llvm.nvvm.div.full"
// CHECK: "gpu.return"
func.func @var_outer(%x: tensor<17x33xf32>) -> tensor<33xf32> {
  %v = "graph.var"(%x) {dims = array<i64: 0>, correction = 1 : i64, keepdim = false} : (tensor<17x33xf32>) -> tensor<33xf32>
  return %v : tensor<33xf32>
}
