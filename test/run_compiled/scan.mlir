// cumsum as an ind.scan on the CPU JIT against the reference interpreter (ind-run exits 1 on a mismatch):
// f32 rows of odd lengths (1, 3, 1023, 4097), i32 -> i64 (exact), bool -> i64, dim 0 and a middle dim,
// f16, a scan of a scan with a reduction of it in the same kernel, and the long-row accuracy test: one row
// of 2^20 ones and random values (the Kahan carry keeps the error at about an ulp of the prefix sums:
// 2^20 ones sum exactly).
// RUN: %ind-run %s --func rows_1 | %filecheck %s
// RUN: %ind-run %s --func rows_odd | %filecheck %s
// RUN: %ind-run %s --func ints | %filecheck %s --check-prefix=INT
// RUN: %ind-run %s --func dims | %filecheck %s
// RUN: %ind-run %s --func half | %filecheck %s
// RUN: %ind-run %s --func scan_of_scan | %filecheck %s
// RUN: %ind-run %s --func long_row --rtol 2e-6 --atol 1e-6 | %filecheck %s
// RUN: rm -rf %t && mkdir -p %t && %python -c "import numpy as np; np.save('%t/ones.npy', np.ones(1 << 20, np.float32))"
// RUN: %ind-run %s --func long_row --input %t/ones.npy --rtol 0 --atol 0 | %filecheck %s --check-prefix=EXACT
// CHECK-NOT: FAIL
// CHECK: PASS
// INT: check out0: 5x1023xi64 max_abs_err=0 max_rel_err=0 PASS
// INT: check out1: 9x4xi64 max_abs_err=0 max_rel_err=0 PASS
// EXACT: check out0: 1048576xf32 max_abs_err=0 max_rel_err=0 PASS

func.func @rows_1(%x: tensor<3x1xf32>) -> tensor<3x1xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<3x1xf32>) -> tensor<3x1xf32>
  return %c : tensor<3x1xf32>
}

// -----

func.func @rows_odd(%a: tensor<7x3xf32>, %b: tensor<7x1023xf32>, %c: tensor<7x4097xf32>) -> (tensor<7x3xf32>, tensor<7x1023xf32>, tensor<7x4097xf32>) {
  %0 = "graph.cumsum"(%a) {dim = 1 : i64} : (tensor<7x3xf32>) -> tensor<7x3xf32>
  %1 = "graph.cumsum"(%b) {dim = -1 : i64} : (tensor<7x1023xf32>) -> tensor<7x1023xf32>
  %2 = "graph.cumsum"(%c) {dim = 1 : i64} : (tensor<7x4097xf32>) -> tensor<7x4097xf32>
  return %0, %1, %2 : tensor<7x3xf32>, tensor<7x1023xf32>, tensor<7x4097xf32>
}

// -----

func.func @ints(%x: tensor<5x1023xi32>, %b: tensor<9x4xi1>) -> (tensor<5x1023xi64>, tensor<9x4xi64>) {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<5x1023xi32>) -> tensor<5x1023xi64>
  %d = "graph.cumsum"(%b) {dim = 0 : i64} : (tensor<9x4xi1>) -> tensor<9x4xi64>
  return %c, %d : tensor<5x1023xi64>, tensor<9x4xi64>
}

// -----

func.func @dims(%x: tensor<33x5x7xf32>) -> (tensor<33x5x7xf32>, tensor<33x5x7xf32>) {
  %0 = "graph.cumsum"(%x) {dim = 0 : i64} : (tensor<33x5x7xf32>) -> tensor<33x5x7xf32>
  %1 = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<33x5x7xf32>) -> tensor<33x5x7xf32>
  %2 = "graph.exp"(%1) : (tensor<33x5x7xf32>) -> tensor<33x5x7xf32>
  return %0, %2 : tensor<33x5x7xf32>, tensor<33x5x7xf32>
}

// -----

func.func @half(%x: tensor<4x300xf16>) -> tensor<4x300xf16> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<4x300xf16>) -> tensor<4x300xf16>
  return %c : tensor<4x300xf16>
}

// -----

func.func @scan_of_scan(%x: tensor<6x129xf32>) -> (tensor<6x129xf32>, tensor<6xf32>) {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<6x129xf32>) -> tensor<6x129xf32>
  %d = "graph.cumsum"(%c) {dim = 1 : i64} : (tensor<6x129xf32>) -> tensor<6x129xf32>
  %s = "graph.sum"(%d) {dims = array<i64: 1>, keepdim = false} : (tensor<6x129xf32>) -> tensor<6xf32>
  return %d, %s : tensor<6x129xf32>, tensor<6xf32>
}

// -----

func.func @long_row(%x: tensor<1048576xf32>) -> tensor<1048576xf32> {
  %c = "graph.cumsum"(%x) {dim = 0 : i64} : (tensor<1048576xf32>) -> tensor<1048576xf32>
  return %c : tensor<1048576xf32>
}
