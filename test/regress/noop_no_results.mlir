// A function without results is valid (ind-opt compiles it, the reference runs it); ind-run's
// compiled path rejected it: "cpu-jit: @call has no C interface after lowering" (the empty host
// wrapper was not treated as one by convert-kernel-to-cpu). Shared repro noop_no_results.
// RUN: %ind-run %s | %filecheck %s
// RUN: %ind-opt %s --codegen | %ind-opt --pass-pipeline='builtin.module(convert-kernel-to-cpu)' | %filecheck %s --check-prefix=CPU
// CHECK: compiled: compile
// CHECK-NOT: error
// CPU: sym_name = "call"
// CPU: }) {llvm.emit_c_interface} : () -> ()
func.func @f(%arg0_1: tensor<4xf32>) {
  %0 = "graph.relu"(%arg0_1) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
