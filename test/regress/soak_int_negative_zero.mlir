// An integer value has no negative zero: the reference interpreter held convert(-0.5 -> i32) as
// trunc(-0.5) = -0.0, so -0.5 / that integer was +inf where the compiled code (sitofp of the i32 0 is
// +0.0) gives -inf (soak seed 2047650: x / int(x) for a bf16 x in (-1, 0), shrunk). Rounding and
// wrapping to an integer dtype now give +0.0 (lib/tensor.c).
// ind-run's own check accepts it (a float -> int convert is on the path, so flipped elements pass):
// compare the reference and the compiled outputs directly.
// RUN: rm -rf %t.ref && %ind-run %s --reference --output-dir %t.ref | %filecheck %s --check-prefix=REF
// RUN: %ind-run %s --compare-dir %t.ref | %filecheck %s
// REF: out0: 3xf32 sum=-inf
// REF: out1: 3xf32 sum=-inf
// CHECK: out0: max_abs_err=0 max_rel_err=0 OK
// CHECK: out1: max_abs_err=0 max_rel_err=0 OK
func.func @f(%arg0_1: tensor<3xf32>, %arg1_1: tensor<3xi64>) -> (tensor<3xf32>, tensor<3xf32>) {
  %zero = "graph.constant"() {value = 0.0 : f64} : () -> tensor<f32>
  %half = "graph.constant"() {value = -0.5 : f64} : () -> tensor<f32>
  %z = "graph.mul"(%arg0_1, %zero) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %x = "graph.add"(%z, %half) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %i = "graph.convert"(%x) : (tensor<3xf32>) -> tensor<3xi32>
  %d = "graph.div"(%x, %i) : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xf32>
  // the wrapping path: an i64 zero made by integer arithmetic from a negative product
  %m = "graph.mul"(%arg1_1, %i) : (tensor<3xi64>, tensor<3xi32>) -> tensor<3xi64>
  %e = "graph.div"(%x, %m) : (tensor<3xf32>, tensor<3xi64>) -> tensor<3xf32>
  return %d, %e : tensor<3xf32>, tensor<3xf32>
}
