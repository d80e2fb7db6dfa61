/// log(sigmoid(x)) stays finite where sigmoid(x) is a nonzero f32 subnormal (x in (-103.97, -88.72)).
// The lowering computed sigmoid as 1 / (1 + exp(-x)): exp(-x) overflows f32 to inf for x < -88.72, so
// sigmoid was 0 and log(sigmoid(x)) -inf where the reference (double, rounded once to f32) has the
// subnormal exp(x) and a finite log (soak seed 150: log(sigmoid(bf16 / f32)), -inf against -98.24,
// from the ind stage on, in every strategy and the CPU JIT). ATen's and Inductor's f32 kernels use the
// same overflowing formula (eager gives -inf too). Now sigmoid (and silu through it) is
// (x >= 0 ? 1 : t) / (1 + t) with t = exp(-|x|), which never overflows (passes/lower/inner_fn.c).
// RUN: rm -rf %t.ref && %ind-run %s --reference --output-dir %t.ref | %filecheck %s --check-prefix=REF
// RUN: %ind-opt %s --lower -o %t.ind.mlir
// RUN: %ind-run %t.ind.mlir --reference --compare-dir %t.ref | %filecheck %s
// RUN: %ind-opt %t.ind.mlir --fuse -o %t.sched.mlir
// RUN: %ind-run %t.sched.mlir --reference --compare-dir %t.ref | %filecheck %s
// RUN: %ind-run %s --compare-dir %t.ref | %filecheck %s
// REF: out0: 260xf32 sum=-10053.3142 min=-99.9830933 max=0
// CHECK-NOT: inf
// CHECK: out0: {{.*}} OK
func.func @log_sigmoid() -> tensor<260xf32> {
  %x = "graph.arange"() {start = -100.0 : f64, end = 30.0 : f64, step = 0.5 : f64} : () -> tensor<260xf32>
  %s = "graph.sigmoid"(%x) : (tensor<260xf32>) -> tensor<260xf32>
  %l = "graph.log"(%s) : (tensor<260xf32>) -> tensor<260xf32>
  return %l : tensor<260xf32>
}
