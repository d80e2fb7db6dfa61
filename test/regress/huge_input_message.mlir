// A static f32 tensor too large to allocate (2^40 elements): ind-run said "unsupported type for
// random inputs (a static tensor ... of f32 ... is required)" although the type is one; now it
// names the type and the cause. Shared repro huge_input_message.
// RUN: %not %ind-run %s 2>&1 | %filecheck %s
// RUN: %not %ind-run --reference %s 2>&1 | %filecheck %s
// CHECK: huge_input_message.mlir:[[@LINE+2]]:1: error: interpreter: argument 0 (tensor<1048576x1048576xf32>): cannot allocate its random input (too large)
// CHECK-NOT: unsupported type
func.func @f(%arg0_1: tensor<1048576x1048576xf32>) -> tensor<1048576x1048576xf32> {
  %0 = "graph.relu"(%arg0_1) : (tensor<1048576x1048576xf32>) -> tensor<1048576x1048576xf32>
  return %0 : tensor<1048576x1048576xf32>
}
