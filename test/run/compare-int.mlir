// --compare-dir compares integer and bool outputs exactly, as the compiled check does; floats keep the
// tolerance. Before, an i64 output off by one (or by 7168 around 1e18) passed through rtol = 1e-4.
// RUN: rm -rf %t && mkdir -p %t/same %t/off %t/bool %t/f
// RUN: %python -c "import numpy as np; x = np.array([3, 40000, 7, 100000], np.int64); np.save('%t/x.npy', x); np.save('%t/same/out0.npy', x * 2); np.save('%t/same/out1.npy', x > 5); np.save('%t/same/out2.npy', x.astype(np.float32)); o = x * 2; o[1] += 1; np.save('%t/off/out0.npy', o); np.save('%t/off/out1.npy', x > 5); np.save('%t/off/out2.npy', x.astype(np.float32)); np.save('%t/bool/out0.npy', x * 2); np.save('%t/bool/out1.npy', x > 10); np.save('%t/bool/out2.npy', x.astype(np.float32)); np.save('%t/f/out0.npy', x * 2); np.save('%t/f/out1.npy', x > 5); np.save('%t/f/out2.npy', x.astype(np.float32) + np.float32(1))"
// RUN: %ind-run --reference %s --input %t/x.npy --compare-dir %t/same | %filecheck %s --check-prefix=SAME
// SAME: out0: max_abs_err=0 max_rel_err=0 OK
// SAME: out1: max_abs_err=0 max_rel_err=0 OK
// SAME: out2: max_abs_err=0 max_rel_err=0 OK
/// 80001 expected where 80000 was computed: within rtol * |want|, but an integer.
// RUN: %not %ind-run --reference %s --input %t/x.npy --compare-dir %t/off 2>&1 | %filecheck %s --check-prefix=OFF
// OFF: out0: max_abs_err=1 max_rel_err=1.24998e-05 MISMATCH (1 of 4 elements differ; integer outputs are compared exactly)
// OFF: out1: max_abs_err=0 max_rel_err=0 OK
// OFF: ind-run: error: outputs differ from
// RUN: %not %ind-run --reference %s --input %t/x.npy --compare-dir %t/bool 2>&1 | %filecheck %s --check-prefix=BOOL
// BOOL: out1: max_abs_err=1 max_rel_err=inf MISMATCH (1 of 4 elements differ; integer outputs are compared exactly)
/// A float output keeps the tolerance: 40001 against 40000 is within rtol = 1e-4, 8 against 7 is not.
// RUN: %not %ind-run --reference %s --input %t/x.npy --compare-dir %t/f 2>&1 | %filecheck %s --check-prefix=FLOAT
// FLOAT: out2: max_abs_err=1 max_rel_err=0.25 MISMATCH (2 of 4 elements outside atol=1e-05 + rtol=0.0001 * |expected|)
func.func @f(%x: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi1>, tensor<4xf32>) {
  %0 = "graph.add"(%x, %x) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  %c = "graph.constant"() {value = 5.0 : f64} : () -> tensor<i64>
  %1 = "graph.gt"(%x, %c) : (tensor<4xi64>, tensor<i64>) -> tensor<4xi1>
  %2 = "graph.convert"(%x) : (tensor<4xi64>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xi64>, tensor<4xi1>, tensor<4xf32>
}
