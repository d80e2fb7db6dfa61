/// A bool reduction (`all` / `any`) read in the kernel that computes it: GPT-2's SDPA math path in
/// training decomposes `_safe_softmax` to softmax(x), eq(x, -inf), all over the last dim, and
/// where(all, 0, softmax). The `all` is an ind.reduction that yields its min of 0.0 / 1.0 in f32 into an
/// i1 buffer; a store converts that to `v != 0`, but when fusion keeps the buffer inside the kernel
/// (every strategy but none), sched-to-kernel replaced the consumer's i1 load by the f32 value and
/// rejected it ("a buffer computed in this kernel is loaded as another type than it is computed in";
/// shrunk from /tmp/repro/safe_softmax_all.mlir, fused_3 of the GPT-2 training graph). sched-to-kernel
/// now converts the value as the store and the load would have (cmpf une 0.0). Rows 2 and 3 are
/// all -inf: their softmax is NaN and the where makes them 0, so the output sums to 2.
// RUN: %ind-opt %s --lower --fuse --codegen | %filecheck %s --check-prefix=KERNEL
// RUN: %ind-run %s | %filecheck %s
// RUN: %ind-opt %s --fuse=inductor -o %t.inductor.mlir && %ind-run %t.inductor.mlir | %filecheck %s
// RUN: %ind-opt %s --fuse=vertical -o %t.vertical.mlir && %ind-run %t.vertical.mlir | %filecheck %s
// RUN: %ind-opt %s --fuse=none -o %t.none.mlir && %ind-run %t.none.mlir | %filecheck %s
// RUN: %ind-opt %s --fuse=tvm -o %t.tvm.mlir && %ind-run %t.tvm.mlir | %filecheck %s
// RUN: %ind-opt %s --fuse=search -o %t.search.mlir && %ind-run %t.search.mlir | %filecheck %s
// RUN: %ind-opt %s --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=PTX

// CHECK: check out0: 4x16xf32 {{.*}} PASS
// CHECK: out0: 4x16xf32 sum={{(1\.9999|2\.0000)[0-9]*}} min=0 max=

/// One kernel: the `all` (a min reduction), the softmax and the where; the i1 buffer of the `all` is
/// neither an argument nor allocated, and the where selects on `min != 0`.
// KERNEL: ^bb0(%{{[^:]*}}: memref<64xf32>, %{{[^:]*}}: memref<64xf32>):
// KERNEL: %[[ALL:.*]] = "kernel.reduce"(%{{.*}}) {reduction_type = "min"} : (f32) -> f32
// KERNEL: %[[Z:.*]] = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
// KERNEL-NEXT: %[[B:.*]] = "arith.cmpf"(%[[ALL]], %[[Z]]) <{{.*}}predicate = 13 : i64}> : (f32, f32) -> i1
// KERNEL: %[[SM:.*]] = "arith.divf"
// KERNEL-NEXT: "arith.select"(%[[B]], %[[Z]], %[[SM]]) : (i1, f32, f32) -> f32
// KERNEL: sym_name = "triton_per_fused_all_amax_arange_div_eq_exp_expand_ge_sub_sum_0"
// KERNEL-NOT: "kernel.def"
// KERNEL-NOT: xi1>

// PTX: .entry triton_per_fused_all_amax_arange_div_eq_exp_expand_ge_sub_sum_0
// PTX: setp.neu.f32
func.func @safe_softmax(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %rows = "graph.arange"() {start = 0.0 : f64, end = 4.0 : f64, step = 1.0 : f64} : () -> tensor<4xf32>
  %r = "graph.reshape"(%rows) {shape = array<i64: 4, 1>} : (tensor<4xf32>) -> tensor<4x1xf32>
  %two = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %m = "graph.ge"(%r, %two) : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x1xi1>
  %ninf = "graph.constant"() {value = 0xFFF0000000000000 : f64} : () -> tensor<f32>
  %xm = "graph.where"(%m, %ninf, %x) : (tensor<4x1xi1>, tensor<f32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %sm = "graph.softmax"(%xm) {dim = -1 : i64} : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %eq = "graph.eq"(%xm, %ninf) : (tensor<4x16xf32>, tensor<f32>) -> tensor<4x16xi1>
  %all = "graph.all"(%eq) {dims = array<i64: -1>, keepdim = true} : (tensor<4x16xi1>) -> tensor<4x1xi1>
  %z = "graph.constant"() {value = 0.0 : f64} : () -> tensor<f32>
  %full = "graph.expand"(%z) {shape = array<i64: 4, 16>} : (tensor<f32>) -> tensor<4x16xf32>
  %w = "graph.where"(%all, %full, %sm) : (tensor<4x1xi1>, tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  return %w : tensor<4x16xf32>
}
