// An ind op that fails ind's own verifier fails the pass (ind_verify), not only reports: ind-opt exits
// 1 and prints no IR, and a later pass does not run on it.
// RUN: %not %ind-opt %s --pass-pipeline='builtin.module(ind-verify)' > %t.out 2> %t.err
// RUN: %filecheck %s --check-prefix=ERR < %t.err
// RUN: %count 0 < %t.out
// RUN: %not %ind-opt %s --pass-pipeline='builtin.module(ind-verify,ind-schedule)' 2>&1 | %filecheck %s --check-prefix=ERR
// ERR: error: 'index' has 2 dims but the enclosing buffer has 1 iteration variables
// ERR-NOT: sched.
func.func @bad_rank(%a: memref<4xf32>) -> memref<4xf32> {
  %b = "ind.pointwise"() ({
    %0 = "ind.load"(%a) {index = affine_map<(d0, d1) -> (d0 + d1)>} : (memref<4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>} : () -> memref<4xf32>
  return %b : memref<4xf32>
}
