// The reference interpreter computes integers in integer arithmetic (int64, wrapping; ival in lib/tensor.h),
// not in double: i64 values above 2^53 are exact, and mul/add/prod/sum/cumsum wrap modulo 2^64 as torch's.
// Before, ((x * 1000000007) ** 2) % 1000 came out of the reference as [0, 464, 384, ...] (torch: [441, 505,
// 168, ...]) and ind-run said FAIL although the compiled code was right.
// RUN: rm -rf %t && mkdir -p %t/want
// RUN: %python %S/Inputs/int/i64_exact.py %t
/// The reference against exact values from numpy int64 (wrapping), compared exactly (--compare-dir).
// RUN: %ind-run --reference %s --input %t/x.npy --input %t/y.npy --compare-dir %t/want | %filecheck %s --check-prefix=REF
// REF-COUNT-8: max_abs_err=0 max_rel_err=0 OK
/// The compiled program against the reference, exactly.
// RUN: %ind-run %s --device=cpu --input %t/x.npy --input %t/y.npy | %filecheck %s --check-prefix=JIT
// JIT-COUNT-8: PASS (every element equal: integer outputs are compared exactly)
/// Random inputs (0..9): the hashing pattern of the probe.
// RUN: %ind-run %s --device=cpu | %filecheck %s --check-prefix=JIT
func.func @f(%x: tensor<4x6xi64>, %y: tensor<6xi32>) -> (tensor<4x6xi64>, tensor<4x6xi64>, tensor<4xi64>, tensor<6xi64>, tensor<4x6xi64>, tensor<6xi64>, tensor<4xi64>, tensor<6x4xi1>) {
  %k = "graph.constant"() {value = 1000000007.0 : f64} : () -> tensor<i64>
  %p = "graph.mul"(%x, %k) : (tensor<4x6xi64>, tensor<i64>) -> tensor<4x6xi64>
  %q = "graph.mul"(%p, %p) : (tensor<4x6xi64>, tensor<4x6xi64>) -> tensor<4x6xi64>
  %m = "graph.constant"() {value = 1000.0 : f64} : () -> tensor<i64>
  %r = "graph.remainder"(%q, %m) : (tensor<4x6xi64>, tensor<i64>) -> tensor<4x6xi64>
  %yl = "graph.convert"(%y) : (tensor<6xi32>) -> tensor<6xi64>
  %s = "graph.add"(%x, %yl) : (tensor<4x6xi64>, tensor<6xi64>) -> tensor<4x6xi64>
  %pr = "graph.prod"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x6xi64>) -> tensor<4xi64>
  %su = "graph.sum"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<4x6xi64>) -> tensor<6xi64>
  %cs = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<4x6xi64>) -> tensor<4x6xi64>
  %mx = "graph.amax"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<4x6xi64>) -> tensor<6xi64>
  %am = "graph.argmax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x6xi64>) -> tensor<4xi64>
  %t = "graph.transpose"(%x) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<4x6xi64>) -> tensor<6x4xi64>
  %tp = "graph.add"(%t, %k) : (tensor<6x4xi64>, tensor<i64>) -> tensor<6x4xi64>
  %e = "graph.eq"(%tp, %t) : (tensor<6x4xi64>, tensor<6x4xi64>) -> tensor<6x4xi1>
  return %r, %s, %pr, %su, %cs, %mx, %am, %e : tensor<4x6xi64>, tensor<4x6xi64>, tensor<4xi64>, tensor<6xi64>, tensor<4x6xi64>, tensor<6xi64>, tensor<4xi64>, tensor<6x4xi1>
}
