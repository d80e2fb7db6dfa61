// A thread's lanes of a plain reduction are combined as a pairwise tree, as the butterfly across threads
// and Triton's tl.sum are (convert_kernel_to_gpu.c, combine_lanes): a sum of 2^k equal values is exact, so
// the two-pass mean of a constant row is that constant (torch fuzz seed 20409: a layer norm of a constant
// row of 16 at 2034, x - mean one ulp times rstd 316, was off by 0.09 on the GPU), and rounding grows with
// log2 of the lanes. A left-to-right sum would chain each add on the last.
// RUN: %ind-opt %s --split-input-file --fuse | %ind-opt --split-input-file --pass-pipeline='builtin.module(sched-to-kernel{warp-rows-max-rnumel=0},kernel-cse,kernel-reuse-buffers)' | %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s

/// rows of 1024, persistent: 8 lanes a thread (two vector loads of 4); neighbours first, then pairs of
/// pairs, then the two halves, then the butterfly.
// CHECK-LABEL: "gpu.func"
// CHECK: [[V0:%[0-9]+]] = "vector.load"
// CHECK-NEXT: [[X0:%[0-9]+]] = "vector.extract"([[V0]]) <{static_position = array<i64: 0>}>
// CHECK-NEXT: [[X1:%[0-9]+]] = "vector.extract"([[V0]]) <{static_position = array<i64: 1>}>
// CHECK-NEXT: [[X2:%[0-9]+]] = "vector.extract"([[V0]]) <{static_position = array<i64: 2>}>
// CHECK-NEXT: [[X3:%[0-9]+]] = "vector.extract"([[V0]]) <{static_position = array<i64: 3>}>
// CHECK: [[V1:%[0-9]+]] = "vector.load"
// CHECK-NEXT: [[X4:%[0-9]+]] = "vector.extract"([[V1]]) <{static_position = array<i64: 0>}>
// CHECK-NEXT: [[X5:%[0-9]+]] = "vector.extract"([[V1]]) <{static_position = array<i64: 1>}>
// CHECK-NEXT: [[X6:%[0-9]+]] = "vector.extract"([[V1]]) <{static_position = array<i64: 2>}>
// CHECK-NEXT: [[X7:%[0-9]+]] = "vector.extract"([[V1]]) <{static_position = array<i64: 3>}>
// CHECK-NEXT: [[A0:%[0-9]+]] = "arith.addf"([[X0]], [[X1]])
// CHECK-NEXT: [[A1:%[0-9]+]] = "arith.addf"([[X2]], [[X3]])
// CHECK-NEXT: [[A2:%[0-9]+]] = "arith.addf"([[X4]], [[X5]])
// CHECK-NEXT: [[A3:%[0-9]+]] = "arith.addf"([[X6]], [[X7]])
// CHECK-NEXT: [[B0:%[0-9]+]] = "arith.addf"([[A0]], [[A1]])
// CHECK-NEXT: [[B1:%[0-9]+]] = "arith.addf"([[A2]], [[A3]])
// CHECK-NEXT: [[S:%[0-9]+]] = "arith.addf"([[B0]], [[B1]])
// CHECK: "gpu.shuffle"([[S]],
func.func @sum(%x: tensor<4x1024xf32>) -> tensor<4xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x1024xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----
/// max is combined the same way (exact in any order; one tree for every plain reduction)
// CHECK-LABEL: "gpu.func"
// CHECK: [[M0:%[0-9]+]] = "arith.maximumf"([[Y0:%[0-9]+]], [[Y1:%[0-9]+]])
// CHECK-NEXT: [[M1:%[0-9]+]] = "arith.maximumf"
// CHECK-NEXT: [[M2:%[0-9]+]] = "arith.maximumf"
// CHECK-NEXT: [[M3:%[0-9]+]] = "arith.maximumf"
// CHECK-NEXT: "arith.maximumf"([[M0]], [[M1]])
// CHECK-NEXT: "arith.maximumf"([[M2]], [[M3]])
func.func @amax(%x: tensor<4x1024xf32>) -> tensor<4xf32> {
  %s = "graph.amax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x1024xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----
/// rows of 385 (no vector loads: 7 lanes a thread, each masked with the neutral 0): an odd lane count
/// carries its last lane up a level: (0 1) (2 3) (4 5) 6, then (01 23) (45 6), then the two
// CHECK-LABEL: "gpu.func"
// CHECK: [[L0:%[0-9]+]] = "arith.select"({{%[0-9]+}}, {{%[0-9]+}}, [[Z:%[0-9]+]]) : (i1, f32, f32) -> f32
// CHECK-NEXT: [[L1:%[0-9]+]] = "arith.select"({{%[0-9]+}}, {{%[0-9]+}}, [[Z]]) : (i1, f32, f32) -> f32
// CHECK-NEXT: [[L2:%[0-9]+]] = "arith.select"({{%[0-9]+}}, {{%[0-9]+}}, [[Z]]) : (i1, f32, f32) -> f32
// CHECK-NEXT: [[L3:%[0-9]+]] = "arith.select"({{%[0-9]+}}, {{%[0-9]+}}, [[Z]]) : (i1, f32, f32) -> f32
// CHECK-NEXT: [[L4:%[0-9]+]] = "arith.select"({{%[0-9]+}}, {{%[0-9]+}}, [[Z]]) : (i1, f32, f32) -> f32
// CHECK-NEXT: [[L5:%[0-9]+]] = "arith.select"({{%[0-9]+}}, {{%[0-9]+}}, [[Z]]) : (i1, f32, f32) -> f32
// CHECK-NEXT: [[L6:%[0-9]+]] = "arith.select"({{%[0-9]+}}, {{%[0-9]+}}, [[Z]]) : (i1, f32, f32) -> f32
// CHECK-NEXT: [[A0:%[0-9]+]] = "arith.addf"([[L0]], [[L1]])
// CHECK-NEXT: [[A1:%[0-9]+]] = "arith.addf"([[L2]], [[L3]])
// CHECK-NEXT: [[A2:%[0-9]+]] = "arith.addf"([[L4]], [[L5]])
// CHECK-NEXT: [[B0:%[0-9]+]] = "arith.addf"([[A0]], [[A1]])
// CHECK-NEXT: [[B1:%[0-9]+]] = "arith.addf"([[A2]], [[L6]])
// CHECK-NEXT: [[S:%[0-9]+]] = "arith.addf"([[B0]], [[B1]])
// CHECK: "gpu.shuffle"([[S]],
func.func @sum_odd(%x: tensor<8x385xf32>) -> tensor<8xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<8x385xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}
