// The .npy reader's header limit at its edge: a version 2.0 header of exactly 1 MiB (2^20 bytes) is read,
// one byte more is "header too large" (a located error, exit 1).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/mknpy.py %t/at.npy 1048576
// RUN: %python %S/Inputs/mknpy.py %t/over.npy 1048577
// RUN: %ind-run --reference %s --input %t/at.npy | %filecheck %s --check-prefix=AT
// RUN: %not %ind-run --reference %s --input %t/over.npy 2>&1 | %filecheck %s --check-prefix=OVER
// AT: out0: 2xf32 sum=0.5 min=-1.5 max=2 mean=0.25
// OVER: npy-header-limit.mlir:[[@LINE+1]]:16: error: input for argument 0: '{{.*}}over.npy': header too large
func.func @neg(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = "graph.neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
