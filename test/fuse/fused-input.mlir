// A fused program stays as it is: `--codegen` (ind-opt) and ind-run on sched input that a fusion
// strategy has already fused do not run the default fusion again (they used to, silently
// overriding the strategy that wrote the file). Every fused func.func carries `sched.strategy`;
// a sched.fused op marks a fused program too (files written before the marker existed).
// RUN: rm -rf %t && mkdir -p %t
//
/// The marker: the strategy's pass name on each function it fused; ind-schedule alone sets none.
// RUN: %ind-opt %s --fuse=none -o %t/none.mlir
// RUN: %filecheck %s --check-prefix=MARK < %t/none.mlir
// MARK: "func.func"
// MARK: }) {sched.strategy = "fuse-none"} : () -> ()
// RUN: %ind-opt %s --lower --pass-pipeline='builtin.module(ind-schedule)' -o %t/unfused.mlir
// RUN: %filecheck %s --check-prefix=NOMARK < %t/unfused.mlir
// NOMARK-NOT: sched.strategy
// NOMARK-NOT: sched.fused
//
/// ind-opt --codegen: the 'none' program keeps its three kernels (the default strategy would make one).
// RUN: env IND_LOGS=fusion %ind-opt %t/none.mlir --codegen 2>%t/none.log | %filecheck %s --check-prefix=KEEP3
// RUN: %filecheck %s --check-prefix=NOLOG --allow-empty < %t/none.log
// KEEP3-COUNT-3: "kernel.def"
// KEEP3-NOT: "kernel.def"
// NOLOG-NOT: attempting fusion
/// The other side of the edge: an unfused sched program is fused by --codegen, and an explicit
/// --fuse runs as asked even on a fused program.
// RUN: env IND_LOGS=fusion %ind-opt %t/unfused.mlir --codegen 2>%t/unfused.log | %filecheck %s --check-prefix=ONE
// RUN: %filecheck %s --check-prefix=LOG < %t/unfused.log
// RUN: %ind-opt %t/none.mlir --fuse --codegen | %filecheck %s --check-prefix=ONE
// ONE-COUNT-1: "kernel.def"
// ONE-NOT: "kernel.def"
// LOG: attempting fusion
/// A program fused by inductor without the marker (an older file) is recognized by its sched.fused.
// RUN: %ind-opt %s --fuse -o %t/inductor.mlir
// RUN: sed -e 's/ {sched.strategy = "fuse-inductor"}//' %t/inductor.mlir > %t/legacy.mlir
// RUN: %filecheck %s --check-prefix=LEGACY < %t/legacy.mlir
// LEGACY-NOT: sched.strategy
// LEGACY: "sched.fused"
// RUN: env IND_LOGS=fusion %ind-opt %t/legacy.mlir --codegen 2>%t/legacy.log | %filecheck %s --check-prefix=ONE
// RUN: %filecheck %s --check-prefix=NOLOG --allow-empty < %t/legacy.log
//
/// ind-run: the same rule on its compiled path, and the results still match the reference.
// RUN: env IND_LOGS=fusion %ind-run %t/none.mlir > %t/run-none.out 2>%t/run-none.log
// RUN: %filecheck %s --check-prefix=PASS < %t/run-none.out
// RUN: %filecheck %s --check-prefix=NOLOG --allow-empty < %t/run-none.log
// RUN: env IND_LOGS=fusion %ind-run %t/unfused.mlir > %t/run-unfused.out 2>%t/run-unfused.log
// RUN: %filecheck %s --check-prefix=PASS < %t/run-unfused.out
// RUN: %filecheck %s --check-prefix=LOG < %t/run-unfused.log
// PASS: check out0: 4x8xf32 {{.*}} PASS
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %amax = "graph.amax"(%x) {dims = array<i64: -1>, keepdim = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %sub = "graph.sub"(%x, %amax) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %exp = "graph.exp"(%sub) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %sum = "graph.sum"(%exp) {dims = array<i64: -1>, keepdim = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  %div = "graph.div"(%exp, %sum) : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %div : tensor<4x8xf32>
}
