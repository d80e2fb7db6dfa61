// The GPU butterfly's combine of two online-softmax states (m, s) and (m', s') (convert_kernel_to_gpu.c,
// state_combine / rescale; Inductor's online_softmax_combine): M = max(m, m'), and each sum is rescaled,
// s * exp(m - M), except when M is -inf, where the sum is kept as it is (-inf - -inf would be a NaN);
// the combined sum is the two rescaled sums added.
// RUN: %ind-opt %s --fuse | %ind-opt --codegen=persistent-state-threshold=0 | %ind-opt --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s

// CHECK-LABEL: "gpu.func"
// CHECK: [[S:%[0-9]+]]:2 = "scf.for"
// CHECK: [[M2:%[0-9]+]]:2 = "gpu.shuffle"([[S]]#0,
// CHECK: [[S2:%[0-9]+]]:2 = "gpu.shuffle"([[S]]#1,
// CHECK-NEXT: [[M:%[0-9]+]] = "arith.maximumf"([[S]]#0, [[M2]]#0)
/// The two rescales, in either order.
// CHECK-DAG: [[D2:%[0-9]+]] = "arith.subf"([[M2]]#0, [[M]])
// CHECK-DAG: [[E2:%[0-9]+]] = "math.exp"([[D2]])
// CHECK-DAG: [[SC2:%[0-9]+]] = "arith.mulf"([[S2]]#0, [[E2]])
// CHECK-DAG: [[NEG2:%[0-9]+]] = "arith.constant"() <{value = 0xFF800000 : f32}>
// CHECK-DAG: [[EQ2:%[0-9]+]] = "arith.cmpf"([[M]], [[NEG2]]) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}>
// CHECK-DAG: [[R2:%[0-9]+]] = "arith.select"([[EQ2]], [[S2]]#0, [[SC2]])
// CHECK-DAG: [[D1:%[0-9]+]] = "arith.subf"([[S]]#0, [[M]])
// CHECK-DAG: [[E1:%[0-9]+]] = "math.exp"([[D1]])
// CHECK-DAG: [[SC1:%[0-9]+]] = "arith.mulf"([[S]]#1, [[E1]])
// CHECK-DAG: [[NEG1:%[0-9]+]] = "arith.constant"() <{value = 0xFF800000 : f32}>
// CHECK-DAG: [[EQ1:%[0-9]+]] = "arith.cmpf"([[M]], [[NEG1]]) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}>
// CHECK-DAG: [[R1:%[0-9]+]] = "arith.select"([[EQ1]], [[S]]#1, [[SC1]])
// CHECK: "arith.addf"([[R1]], [[R2]])
func.func @log_softmax(%x: tensor<3x4099xf32>) -> tensor<3x4099xf32> {
  %y = "graph.log_softmax"(%x) {dim = 1 : i64} : (tensor<3x4099xf32>) -> tensor<3x4099xf32>
  return %y : tensor<3x4099xf32>
}
