// Regression test (repro cpu_sum_f32_accumulation): the whole pipeline on a graph program summing
// |x| + 1 (values in [1, 2)) over 2^25 elements to a scalar (~5.03e7). With one running f32 accumulator
// the CPU JIT's total stopped growing at 2^25 = 3.36e7 (relative error 0.33); the tree reduction of
// convert-kernel-to-cpu keeps it within 1e-5 of NumPy's float64 sum. The program is compiled to the
// kernel level by ind-opt and run by unit-cpujit, so the slow reference interpreter is not needed.
// RUN: %ind-opt %s --preprocess --lower --fuse --codegen -o %t.kernel.mlir
// RUN: %python %S/Inputs/jit_check.py %unit/unit-cpujit %s %t %t.kernel.mlir | %filecheck %s
// INPUT: x 4096x8192 f32
// OUTPUT: scalar f32
// NUMPY: outs = [(np.abs(x) + 1.0).sum()]
// CHECK: output 0 scalar f32: {{.*}} PASS
func.func @big_sum(%x: tensor<4096x8192xf32>) -> tensor<f32> {
  %a = "graph.abs"(%x) : (tensor<4096x8192xf32>) -> tensor<4096x8192xf32>
  %c = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %b = "graph.add"(%a, %c) : (tensor<4096x8192xf32>, tensor<f32>) -> tensor<4096x8192xf32>
  %s = "graph.sum"(%b) {dims = array<i64>, keepdim = false} : (tensor<4096x8192xf32>) -> tensor<f32>
  return %s : tensor<f32>
}
