// ind-run: options, inputs, summaries and its errors.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ind-run --help | %filecheck %s --check-prefix=HELP
// HELP: USAGE: ind-run [options] program.mlir
// HELP: --reference
// HELP: --compare-dir DIR
//
/// The summary: one line per output; the same seed gives the same values, another seed others.
// RUN: %ind-run --reference %s --func two_outputs | %filecheck %s --check-prefix=SUMMARY
// SUMMARY: out0: 2x3xf32 sum={{[-0-9.e+]+}} min={{[-0-9.e+]+}} max={{[-0-9.e+]+}} mean={{[-0-9.e+]+}}
// SUMMARY-NEXT: out1: 2xf32 sum=
// RUN: %ind-run --reference %s --func two_outputs --seed 5 > %t/s5a.txt
// RUN: %ind-run --reference %s --func two_outputs --seed=5 > %t/s5b.txt
// RUN: %ind-run --reference %s --func two_outputs --seed 6 > %t/s6.txt
// RUN: diff %t/s5a.txt %t/s5b.txt
// RUN: %not diff %t/s5a.txt %t/s6.txt
//
/// Random inputs depend only on seed, position, shape and dtype: a graph function and an ind
/// function with strided memref arguments get identical (logical) inputs.
// RUN: %ind-run --reference %s --func two_outputs --seed 3 --output-dir %t/g --save-inputs > /dev/null
// RUN: %ind-run --reference %s --func memref_args --seed 3 --output-dir %t/i --save-inputs > /dev/null
// RUN: %python -c "import numpy as np; a = np.load('%t/g/in0.npy'); b = np.load('%t/i/in0.npy'); print(a.dtype, a.shape, bool((a == b).all()), float(a.min()) >= -1, float(a.max()) < 1)" | %filecheck %s --check-prefix=SAME
// SAME: float32 (2, 3) True True True
//
/// Inputs from .npy files, outputs written and re-read; --compare-dir against itself passes.
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(6, dtype=np.float32).reshape(2, 3)); np.save('%t/bad_shape.npy', np.zeros((3, 2), np.float32)); np.save('%t/bad_dtype.npy', np.zeros((2, 3), np.float64))"
// RUN: %ind-run --reference %s --func two_outputs --input %t/x.npy --output-dir %t/o | %filecheck %s --check-prefix=NPY
// NPY: out0: 2x3xf32 sum=30 min=0 max=10 mean=5
// NPY: out1: 2xf32 sum=15 min=3 max=12 mean=7.5
// RUN: %ind-run --reference %s --func two_outputs --input=%t/x.npy --compare-dir %t/o | %filecheck %s --check-prefix=SELF
// SELF: out0: max_abs_err=0 max_rel_err=0 OK
// SELF: out1: max_abs_err=0 max_rel_err=0 OK
//
/// Errors: wrong input count, shape and dtype (located at the argument), bad files, usage.
// RUN: %not %ind-run --reference %s --func two_outputs 2>&1 --input %t/x.npy --input %t/x.npy | %filecheck %s --check-prefix=COUNT
// COUNT: ind-run.mlir:[[@LINE+10]]:1: error: the function takes 1 argument(s) but 2 --input file(s) were given
// RUN: %not %ind-run --reference %s --func two_outputs --input %t/bad_shape.npy 2>&1 | %filecheck %s --check-prefix=SHAPE
// SHAPE: ind-run.mlir:[[@LINE+8]]:{{[0-9]+}}: error: input for argument 0: argument 0 (tensor<2x3xf32>): expected 2x3xf32, got 3x2xf32 (from '{{.*}}bad_shape.npy')
// RUN: %not %ind-run --reference %s --func two_outputs --input %t/bad_dtype.npy 2>&1 | %filecheck %s --check-prefix=DTYPE
// DTYPE: error: input for argument 0: argument 0 (tensor<2x3xf32>): expected 2x3xf32, got 2x3xf64
// RUN: %not %ind-run --reference %s --func two_outputs --input %t/missing.npy 2>&1 | %filecheck %s --check-prefix=MISSING
// MISSING: error: input for argument 0: cannot open '{{.*}}missing.npy'
// RUN: %not %ind-run --reference %s --func two_outputs --compare-dir %t/nowhere 2>&1 | %filecheck %s --check-prefix=NOCMP
// NOCMP: ind-run: error: --compare-dir: cannot open '{{.*}}nowhere/out0.npy'

func.func @two_outputs(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>) {
  %0 = "graph.add"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2xf32>
}
func.func @memref_args(%x: memref<2x3xf32, strided<[1, 2]>>) -> memref<2x3xf32, strided<[1, 2]>> {
  return %x : memref<2x3xf32, strided<[1, 2]>>
}
