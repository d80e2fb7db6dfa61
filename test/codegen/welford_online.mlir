// The codegen of the multi-output reductions (docs/passes/codegen.md, "Welford and online softmax").
// var_mean over rows of 4099 (a looped reduction with persistent-state-threshold=0; by default rows up to
// 8192 of a state reduction are persistent, test/codegen/edge_state_persistent.mlir): its kernel holds a sum and a welford_m2 of the same
// load, and reads the row in ONE loop carrying (mean, m2, weight) per lane: Welford's update inside
// (a divf by the weight), then a butterfly shuffling the three values and merging them with Chan's
// formula (delta = mean' - mean, w = weight + weight', weight' / w), then workgroup memory; the sum is
// the state's mean * weight. The same on the CPU JIT: one reduction tree whose lane loop carries 3 x 8
// lanes and whose chunk counter carries 3 per level.
// RUN: %ind-opt %s --split-input-file --fuse | %ind-opt --split-input-file --codegen=persistent-state-threshold=0 | %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s --check-prefix=GPU
// RUN: %ind-opt %s --split-input-file --fuse | %ind-opt --split-input-file --codegen=persistent-state-threshold=0 | %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-cpu)' | %filecheck %s --check-prefix=CPU
// RUN: %ind-opt %s --split-input-file --fuse | %ind-opt --split-input-file --codegen=persistent-state-threshold=0 | %filecheck %s --check-prefix=KERNEL

// KERNEL-LABEL: "kernel.def"
// KERNEL: [[X:%[0-9]+]] = "kernel.load"
// KERNEL-DAG: "kernel.reduce"([[X]]) {reduction_type = "sum"}
// KERNEL-DAG: "kernel.reduce"([[X]]) {reduction_type = "welford_m2"}
// KERNEL: kind = "reduction"

// GPU-LABEL: "gpu.func"
// GPU: [[Z:%[0-9]+]] = "arith.constant"() <{value = 0.000000e+00 : f32}>
// GPU: [[ACC:%[0-9]+]]:3 = "scf.for"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, [[Z]], [[Z]], [[Z]])
// GPU-NEXT: ^bb0(%{{[a-z0-9]+}}: index, [[MEAN:%[a-z0-9]+]]: f32, [[M2:%[a-z0-9]+]]: f32, [[N:%[a-z0-9]+]]: f32):
// GPU: [[X:%[0-9]+]] = "memref.load"(%arg1
/// the Welford step: n' = n + 1, d = x - mean, mean' = mean + d / n', m2' = m2 + d * (x - mean'), each
/// kept only for a valid element
// GPU: [[ONE:%[0-9]+]] = "arith.constant"() <{value = 1.000000e+00 : f32}>
// GPU-NEXT: [[N1:%[0-9]+]] = "arith.addf"([[N]], [[ONE]])
// GPU-NEXT: [[D:%[0-9]+]] = "arith.subf"([[X]], [[MEAN]])
// GPU-NEXT: [[Q:%[0-9]+]] = "arith.divf"([[D]], [[N1]])
// GPU-NEXT: [[MEAN1:%[0-9]+]] = "arith.addf"([[MEAN]], [[Q]])
// GPU-NEXT: [[D2:%[0-9]+]] = "arith.subf"([[X]], [[MEAN1]])
// GPU-NEXT: [[P:%[0-9]+]] = "arith.mulf"([[D]], [[D2]])
// GPU-NEXT: [[M21:%[0-9]+]] = "arith.addf"([[M2]], [[P]])
// GPU-NEXT: [[SM:%[0-9]+]] = "arith.select"([[VALID:%[0-9]+]], [[MEAN1]], [[MEAN]])
// GPU-NEXT: [[SM2:%[0-9]+]] = "arith.select"([[VALID]], [[M21]], [[M2]])
// GPU-NEXT: [[SN:%[0-9]+]] = "arith.select"([[VALID]], [[N1]], [[N]])
// GPU-NEXT: "scf.yield"([[SM]], [[SM2]], [[SN]])
// GPU: [[M:%[0-9]+]]:2 = "gpu.shuffle"([[ACC]]#0,
// GPU: "gpu.shuffle"([[ACC]]#1,
// GPU: [[W:%[0-9]+]]:2 = "gpu.shuffle"([[ACC]]#2,
// GPU: "arith.subf"([[M]]#0, [[ACC]]#0)
// GPU-NEXT: [[SUMW:%[0-9]+]] = "arith.addf"([[ACC]]#2, [[W]]#0)
// GPU-NEXT: "arith.divf"([[W]]#0, [[SUMW]])
// GPU-COUNT-12: "gpu.shuffle"
// GPU-NOT: "gpu.shuffle"
// GPU: "gpu.barrier"
// GPU-NOT: "scf.for"
// GPU: "gpu.return"

// CPU-LABEL: sym_name = "triton_red_fused_div_mean_sum_0"
// CPU: "scf.for"
// CPU: {{%[0-9]+}}:18 = "scf.for"
// CPU: {{%[0-9]+}}:24 = "scf.for"
// CPU: "arith.divf"
// CPU-NOT: "scf.for"
// CPU: sym_name = "call"
func.func @var_mean(%x: tensor<3x4099xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %v = "graph.var"(%x) {dims = array<i64: 1>, keepdim = false, correction = 1 : i64} : (tensor<3x4099xf32>) -> tensor<3xf32>
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<3x4099xf32>) -> tensor<3xf32>
  return %v, %m : tensor<3xf32>, tensor<3xf32>
}

// -----

// log_softmax over rows of 4099: the online pair reads the row in one loop carrying (max, sum)
// (starting from -inf and 0) with one exp per element, e = exp(-|x - m_old|) (0 while m is -inf): a new
// max rescales the sum (s * e + 1), any other x adds e; then the store loop. Two loops where three-pass
// softmax has three. The CPU JIT takes the same step: one exp per element of its 8 lanes.
// KERNEL-LABEL: "kernel.def"
// KERNEL: [[X:%[0-9]+]] = "kernel.load"
// KERNEL: "kernel.reduce"([[X]]) {reduction_type = "online_softmax_max"}
// KERNEL: "kernel.reduce"([[X]]) {reduction_type = "online_softmax_sum"}

// GPU-LABEL: "gpu.func"
// GPU: [[NEG:%[0-9]+]] = "arith.constant"() <{value = 0xFF800000 : f32}>
// GPU: [[Z:%[0-9]+]] = "arith.constant"() <{value = 0.000000e+00 : f32}>
// GPU: [[S:%[0-9]+]]:2 = "scf.for"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, [[NEG]], [[Z]])
// GPU: [[MX:%[0-9]+]] = "arith.maximumf"
// GPU: "math.absf"
// GPU: "math.exp"
// GPU-NOT: "math.exp"
// GPU: "arith.cmpf"([[MX]], %{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 1 : i64}>
// GPU-NOT: "math.exp"
// GPU: "arith.cmpf"({{.*}}predicate = 2 : i64}>
// GPU-NOT: "math.exp"
// GPU: "scf.yield"
// GPU: "gpu.shuffle"([[S]]#0,
// GPU: "gpu.shuffle"([[S]]#1,
// GPU: "scf.for"
// GPU-NOT: "scf.for"
// GPU: "gpu.return"

// CPU-LABEL: sym_name = "triton_red_fused_amax_log_sub_sum_0"
// CPU: {{%[0-9]+}}:12 = "scf.for"
// CPU: {{%[0-9]+}}:16 = "scf.for"
// CPU-COUNT-8: "math.exp"
// CPU-NOT: "math.exp"
// CPU: "scf.yield"
// CPU: sym_name = "call"
func.func @log_softmax(%x: tensor<3x4099xf32>) -> tensor<3x4099xf32> {
  %y = "graph.log_softmax"(%x) {dim = 1 : i64} : (tensor<3x4099xf32>) -> tensor<3x4099xf32>
  return %y : tensor<3x4099xf32>
}
