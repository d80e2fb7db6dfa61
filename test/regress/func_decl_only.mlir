// A function declaration without a body: every stage flag and ind-run's compiled path gave SIGSEGV
// (dissolve_fused on a null block). Now a located error and exit 1 (shared repro func_decl_only).
// RUN: %not %ind-opt %s --lower --fuse --codegen 2>&1 | %filecheck %s
// RUN: %not %ind-opt %s --lower 2>&1 | %filecheck %s
// RUN: %not %ind-run %s 2>&1 | %filecheck %s --check-prefix=DRIVER
// CHECK: func_decl_only.mlir:[[@LINE+3]]:1: error: a function declaration (no body) cannot be compiled
// CHECK-NOT: kernel.def
// DRIVER: func_decl_only.mlir:9:1: error: a function declaration (no body) cannot be compiled
func.func private @f(tensor<4xf32>) -> tensor<4xf32>
