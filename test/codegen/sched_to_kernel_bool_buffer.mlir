/// sched-to-kernel reads a bool (i1) buffer computed in the same kernel as a store and a load through
/// memory would have: a producer that yields f32 (an `all` / `any` reduction's min / max of 0.0 / 1.0)
/// becomes `v != 0` (cmpf une), then the load's type (an i1 load: that; f32: uitofp). A producer that
/// yields i1 already (a comparison) is read as it is, and f32 buffers get no comparison.
/// Regression: test/regress/fused_bool_reduction_read.mlir (GPT-2's `_safe_softmax`).
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen | %filecheck %s
// RUN: %ind-run %s --func any_where | %filecheck %s --check-prefix=EXEC
// RUN: %ind-run %s --func bool_pointwise | %filecheck %s --check-prefix=EXEC2
// RUN: %ind-opt %S/Inputs/bool_buffer_read_as_f32.ind.mlir --codegen | %filecheck %s --check-prefix=F32
// RUN: %ind-run %S/Inputs/bool_buffer_read_as_f32.ind.mlir | %filecheck %s --check-prefix=EXEC
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen --emit=ptx -o /dev/null
// RUN: %ind-opt %S/Inputs/bool_buffer_read_as_f32.ind.mlir --codegen --emit=ptx -o /dev/null

// EXEC: check out0: 4x16xf32 {{.*}} PASS
// EXEC2: check out0: 4x16xbool {{.*}} PASS
// EXEC2: check out1: 4x16xf32 {{.*}} PASS

/// `any` read by the where it feeds, in one kernel: the max becomes `max != 0` for the select; the i1
/// buffer is neither an argument nor allocated.
// CHECK-LABEL: "kernel.def"
// CHECK: ^bb0(%{{[^:]*}}: memref<64xf32>, %{{[^:]*}}: memref<64xf32>):
// CHECK: %[[X:.*]] = "kernel.load"
// CHECK: %[[ANY:.*]] = "kernel.reduce"(%{{.*}}) {reduction_type = "max"} : (f32) -> f32
// CHECK-NEXT: %[[Z:.*]] = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
// CHECK-NEXT: %[[B:.*]] = "arith.cmpf"(%[[ANY]], %[[Z]]) <{{.*}}predicate = 13 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: "arith.select"(%[[B]], %[[Z]], %[[X]]) : (i1, f32, f32) -> f32
// CHECK: sym_name = "triton_per_fused_any_gt_where_0"
// CHECK-NOT: xi1>
func.func @any_where(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %c = "graph.constant"() {value = 0.9 : f64} : () -> tensor<f32>
  %gt = "graph.gt"(%x, %c) : (tensor<4x16xf32>, tensor<f32>) -> tensor<4x16xi1>
  %any = "graph.any"(%gt) {dims = array<i64: -1>, keepdim = true} : (tensor<4x16xi1>) -> tensor<4x1xi1>
  %z = "graph.constant"() {value = 0.0 : f64} : () -> tensor<f32>
  %w = "graph.where"(%any, %z, %x) : (tensor<4x1xi1>, tensor<f32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  return %w : tensor<4x16xf32>
}

// -----
/// Left alone: a comparison yields i1 into its i1 buffer; the where in the same kernel selects on that
/// value, with no `!= 0` and no conversion.
// CHECK-LABEL: "kernel.def"
// CHECK: %[[M:.*]] = "arith.cmpf"(%{{.*}}) <{{.*}}predicate = 2 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: "kernel.store"(%{{.*}}, %[[M]]) {{.*}} : (memref<64xi1>, i1) -> ()
// CHECK-NEXT: "arith.select"(%[[M]],
// CHECK-NOT: predicate = 13
// CHECK-NOT: uitofp
// CHECK: sym_name = "triton_poi_fused_gt_where_0"
func.func @bool_pointwise(%x: tensor<4x16xf32>) -> (tensor<4x16xi1>, tensor<4x16xf32>) {
  %z = "graph.constant"() {value = 0.0 : f64} : () -> tensor<f32>
  %m = "graph.gt"(%x, %z) : (tensor<4x16xf32>, tensor<f32>) -> tensor<4x16xi1>
  %w = "graph.where"(%m, %x, %z) : (tensor<4x16xi1>, tensor<4x16xf32>, tensor<f32>) -> tensor<4x16xf32>
  return %m, %w : tensor<4x16xi1>, tensor<4x16xf32>
}

// -----
/// Left alone: softmax's f32 max and sum are read in the kernel that computes them as they are.
// CHECK-LABEL: "kernel.def"
// CHECK: %[[MAX:.*]] = "kernel.reduce"(%{{.*}}) {reduction_type = "online_softmax_max"}
// CHECK: %[[SUM:.*]] = "kernel.reduce"(%{{.*}}) {reduction_type = "online_softmax_sum"}
// CHECK-NOT: "arith.cmpf"
// CHECK: "arith.subf"(%{{.*}}, %[[MAX]])
// CHECK: "arith.divf"(%{{.*}}, %[[SUM]])
// CHECK: sym_name = "triton_per_fused_amax_div_exp_sub_sum_0"
func.func @softmax(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %s = "graph.softmax"(%x) {dim = -1 : i64} : (tensor<4x16xf32>) -> tensor<4x16xf32>
  return %s : tensor<4x16xf32>
}

/// An i1 buffer loaded as f32: `min != 0`, then 0.0 / 1.0 (uitofp) for the multiply.
// F32: %[[X:.*]] = "kernel.load"
// F32: %[[ALL:.*]] = "kernel.reduce"(%{{.*}}) {reduction_type = "min"} : (f32) -> f32
// F32-NEXT: %[[Z:.*]] = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
// F32-NEXT: %[[B:.*]] = "arith.cmpf"(%[[ALL]], %[[Z]]) <{{.*}}predicate = 13 : i64}> : (f32, f32) -> i1
// F32-NEXT: %[[F:.*]] = "arith.uitofp"(%[[B]]) : (i1) -> f32
// F32-NEXT: "arith.mulf"(%[[X]], %[[F]])
// F32: sym_name = "triton_per_fused_all_gt_mul_0"
