/// --emit=ptx and --emit=launch-plan need a kernel-level module: located errors, exit code 1.
// RUN: %ind-opt %s --emit=ptx --verify-diagnostics
// RUN: %not %ind-opt %s --emit=launch-plan 2>&1 | %filecheck %s --check-prefix=PLAN
// PLAN: error: --emit=launch-plan needs a kernel-level module with func.func @call

func.func @seed(%arg0_1: memref<64xf32>) -> memref<64xf32> {
  // expected-error @+1 {{--emit=ptx needs a module at the kernel level (run --codegen first); found 'sched.node'}}
  %n0 = "sched.node"() ({
    %b = "ind.pointwise"() ({
      %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<64xf32>) -> f32
      "gpu.yield"(%0) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 64>} : () -> memref<64xf32>
    "gpu.yield"(%b) : (memref<64xf32>) -> ()
  }) {name = "op0", kind = "pointwise"} : () -> memref<64xf32>
  "func.return"(%n0) : (memref<64xf32>) -> ()
}
