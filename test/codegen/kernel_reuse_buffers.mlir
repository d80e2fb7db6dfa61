// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(kernel-reuse-buffers)' | %filecheck %s

/// buf0 is dead after the second launch: buf2 (same bytes) takes its storage. buf1 cannot take buf0
/// (buf0 is read by buf1's writer), and buf3 cannot take buf0 again (taken) nor buf1 (returned).
// CHECK-LABEL: sym_name = "call"
// CHECK: "kernel.alloc"() {name = "buf0"}
// CHECK: "kernel.alloc"() {name = "buf1"}
// CHECK: "kernel.alloc"() {name = "buf2", reuse = "buf0"}
// CHECK: "kernel.alloc"() {name = "buf3"}
func.func @call(%arg0: memref<64xf32>) -> (memref<64xf32>, memref<64xf32>) {
  %0 = "kernel.alloc"() {name = "buf0"} : () -> memref<64xf32>
  "kernel.launch"() ({
    "gpu.yield"(%arg0, %0) : (memref<64xf32>, memref<64xf32>) -> ()
  }) {kernel = @k0, grid = array<i64: 1>, block = array<i64: 32>} : () -> ()
  %1 = "kernel.alloc"() {name = "buf1"} : () -> memref<64xf32>
  "kernel.launch"() ({
    "gpu.yield"(%0, %1) : (memref<64xf32>, memref<64xf32>) -> ()
  }) {kernel = @k1, grid = array<i64: 1>, block = array<i64: 32>} : () -> ()
  %2 = "kernel.alloc"() {name = "buf2"} : () -> memref<64xf32>
  "kernel.launch"() ({
    "gpu.yield"(%1, %2) : (memref<64xf32>, memref<64xf32>) -> ()
  }) {kernel = @k2, grid = array<i64: 1>, block = array<i64: 32>} : () -> ()
  %3 = "kernel.alloc"() {name = "buf3"} : () -> memref<64xf32>
  "kernel.launch"() ({
    "gpu.yield"(%2, %3) : (memref<64xf32>, memref<64xf32>) -> ()
  }) {kernel = @k3, grid = array<i64: 1>, block = array<i64: 32>} : () -> ()
  return %1, %3 : memref<64xf32>, memref<64xf32>
}

// -----

/// Different byte sizes never share storage; same bytes with another shape and dtype do.
// CHECK-LABEL: sym_name = "call"
// CHECK: "kernel.alloc"() {name = "buf1"} : () -> memref<32xf32>
// CHECK: "kernel.alloc"() {name = "buf2", reuse = "buf0"} : () -> memref<8x16xf16>
func.func @call(%arg0: memref<64xf32>) -> memref<8x16xf16> {
  %0 = "kernel.alloc"() {name = "buf0"} : () -> memref<64xf32>
  "kernel.extern_call"() ({
    "gpu.yield"(%arg0, %arg0, %0) : (memref<64xf32>, memref<64xf32>, memref<64xf32>) -> ()
  }) {kernel = "mm", name = "buf0"} : () -> ()
  %1 = "kernel.alloc"() {name = "buf1"} : () -> memref<32xf32>
  "kernel.launch"() ({
    "gpu.yield"(%0, %1) : (memref<64xf32>, memref<32xf32>) -> ()
  }) {kernel = @k1, grid = array<i64: 1>, block = array<i64: 32>} : () -> ()
  %2 = "kernel.alloc"() {name = "buf2"} : () -> memref<8x16xf16>
  "kernel.launch"() ({
    "gpu.yield"(%1, %2) : (memref<32xf32>, memref<8x16xf16>) -> ()
  }) {kernel = @k2, grid = array<i64: 1>, block = array<i64: 32>} : () -> ()
  return %2 : memref<8x16xf16>
}

// -----

/// A function argument is never reused; nothing changes without allocations.
// CHECK-LABEL: sym_name = "call"
// CHECK-NOT: reuse
func.func @call(%arg0: memref<64xf32>, %arg1: memref<64xf32>) -> memref<64xf32> {
  "kernel.launch"() ({
    "gpu.yield"(%arg0, %arg1) : (memref<64xf32>, memref<64xf32>) -> ()
  }) {kernel = @k0, grid = array<i64: 1>, block = array<i64: 32>} : () -> ()
  return %arg1 : memref<64xf32>
}
