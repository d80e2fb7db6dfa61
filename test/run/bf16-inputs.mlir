// --save-inputs writes a bf16 argument as f32 (NumPy has no bf16): --input takes an f32 .npy for a bf16 or
// f16 argument when every value is exactly one of the argument's dtype, so saved inputs replay. A value
// that is not is a located error naming the first one. Before, only u2 bits were read for bf16.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ind-run --reference %s --output-dir %t/a --save-inputs > %t/a.txt
// RUN: %python -c "import numpy as np; print(np.load('%t/a/in0.npy').dtype, np.load('%t/a/in1.npy').dtype)" | %filecheck %s --check-prefix=SAVED
// SAVED: float32 float16
// RUN: %ind-run --reference %s --input %t/a/in0.npy --input %t/a/in1.npy --compare-dir %t/a > %t/b.txt
// RUN: %filecheck %s --check-prefix=REPLAY < %t/b.txt
// REPLAY: out0: max_abs_err=0 max_rel_err=0 OK
// REPLAY: out1: max_abs_err=0 max_rel_err=0 OK
/// The compiled path takes the replayed inputs too.
// RUN: %ind-run %s --input %t/a/in0.npy --input %t/a/in1.npy 2>&1 | %filecheck %s --check-prefix=COMPILED
// COMPILED: check out0: {{.*}} PASS
/// An f32 file for the f16 argument, and values that are not exactly bf16 / f16.
// RUN: %python -c "import numpy as np; h = np.load('%t/a/in1.npy').astype(np.float32); np.save('%t/h32.npy', h); x = np.load('%t/a/in0.npy'); x[3] = np.float32(0.1); np.save('%t/bad.npy', x); h[1] = np.float32(1 + 2**-12); np.save('%t/badh.npy', h)"
// RUN: %ind-run --reference %s --input %t/a/in0.npy --input %t/h32.npy --compare-dir %t/a | %filecheck %s --check-prefix=REPLAY
// RUN: %not %ind-run --reference %s --input %t/bad.npy --input %t/a/in1.npy 2>&1 | %filecheck %s --check-prefix=BAD
// BAD: bf16-inputs.mlir:[[@LINE+7]]:14: error: input for argument 0: argument 0: f32 element 3 (0.100000001) is not exactly a bf16 value (from '{{.*}}bad.npy')
// RUN: %not %ind-run --reference %s --input %t/a/in0.npy --input %t/badh.npy 2>&1 | %filecheck %s --check-prefix=BADH
// BADH: error: input for argument 1: argument 1: f32 element 1 (1.00024414) is not exactly a f16 value
/// Only f32 is narrowed: an f64 file for the bf16 argument stays a dtype mismatch.
// RUN: %python -c "import numpy as np; np.save('%t/d.npy', np.zeros(8, np.float64))"
// RUN: %not %ind-run --reference %s --input %t/d.npy --input %t/a/in1.npy 2>&1 | %filecheck %s --check-prefix=F64
// F64: error: input for argument 0: argument 0 (tensor<8xbf16>): expected 8xbf16, got 8xf64
func.func @f(%z: tensor<8xbf16>, %h: tensor<8xf16>) -> (tensor<8xbf16>, tensor<8xf32>) {
  %0 = "graph.add"(%z, %z) : (tensor<8xbf16>, tensor<8xbf16>) -> tensor<8xbf16>
  %1 = "graph.mul"(%h, %z) : (tensor<8xf16>, tensor<8xbf16>) -> tensor<8xf32>
  return %0, %1 : tensor<8xbf16>, tensor<8xf32>
}
