// The .npy reader's fortran_order value: False is read, True is refused as an unsupported layout, and
// any other word, even one that starts like True or False, is a malformed header.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/mknpy.py %t/c.npy 128 False
// RUN: %python %S/Inputs/mknpy.py %t/f.npy 128 True
// RUN: %python %S/Inputs/mknpy.py %t/tru.npy 128 Trux
// RUN: %python %S/Inputs/mknpy.py %t/fals.npy 128 Falsy
// RUN: %ind-run --reference %s --input %t/c.npy | %filecheck %s --check-prefix=C
// RUN: %not %ind-run --reference %s --input %t/f.npy 2>&1 | %filecheck %s --check-prefix=F
// RUN: %not %ind-run --reference %s --input %t/tru.npy 2>&1 | %filecheck %s --check-prefix=BAD
// RUN: %not %ind-run --reference %s --input %t/fals.npy 2>&1 | %filecheck %s --check-prefix=BAD
// C: out0: 2xf32 sum=0.5 min=-1.5 max=2 mean=0.25
// F: error: input for argument 0: '{{.*}}f.npy': unsupported layout: fortran_order is True
// BAD-NOT: unsupported layout
// BAD: error: input for argument 0: '{{.*}}.npy': malformed header: bad 'fortran_order'
func.func @neg(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = "graph.neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
