// --compare-dir and the compiled check compare with one rule (lib/tensor.c, ind_close): equal values and
// two NaNs match, an infinity matches only the same infinity, finite values within atol + rtol * |want|.
// Before, rtol * |inf| let any value pass against an infinite expected element (the soak saw ind-run's
// own check say PASS with max_abs_err=inf).
// RUN: rm -rf %t && mkdir -p %t/same %t/fin %t/flip %t/nan
// RUN: %python -c "import numpy as np; x = np.array([1, np.inf, -np.inf, np.nan], np.float32); np.save('%t/x.npy', x); np.save('%t/same/out0.npy', x + x); np.save('%t/fin/out0.npy', np.array([np.inf, np.inf, -np.inf, np.nan], np.float32)); np.save('%t/flip/out0.npy', np.array([2, -np.inf, -np.inf, np.nan], np.float32)); np.save('%t/nan/out0.npy', np.array([2, np.inf, -np.inf, 0], np.float32))"
// RUN: %ind-run --reference %s --input %t/x.npy --compare-dir %t/same | %filecheck %s --check-prefix=SAME
// SAME: out0: max_abs_err=0 max_rel_err=0 OK
/// got 2 where inf was expected
// RUN: %not %ind-run --reference %s --input %t/x.npy --compare-dir %t/fin | %filecheck %s --check-prefix=FIN
// FIN: out0: max_abs_err=inf max_rel_err=inf MISMATCH (1 of 4 elements
/// got +inf where -inf was expected
// RUN: %not %ind-run --reference %s --input %t/x.npy --compare-dir %t/flip | %filecheck %s --check-prefix=FLIP
// FLIP: MISMATCH (1 of 4 elements
/// got NaN where 0 was expected
// RUN: %not %ind-run --reference %s --input %t/x.npy --compare-dir %t/nan | %filecheck %s --check-prefix=NAN
// NAN: MISMATCH (1 of 4 elements
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.add"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
