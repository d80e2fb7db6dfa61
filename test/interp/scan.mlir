// The reference interpreter's ind.scan: the running combine along the scanned dim (the last index-map
// dim), sequential in double, each element rounded to the buffer's dtype; checked against NumPy on
// rows of 7 (sum, prod, max, min), an i32 input scanned into i64, and a single row of 4097.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/run_case.py %ind-run %s kinds %t/kinds 4x7xf32 "(np.cumsum(in0, 1), np.cumprod(in0, 1), np.maximum.accumulate(in0, 1), np.minimum.accumulate(in0, 1))" | %filecheck %s
// RUN: %python %S/Inputs/run_case.py %ind-run %s ints %t/ints 4097xi32 "(np.cumsum(in0.astype(np.int64)),)" | %filecheck %s --check-prefix=INT
// CHECK-COUNT-4: ok out{{[0-3]}} 4x7 float32
// INT: ok out0 4097 int64

func.func @kinds(%x: memref<4x7xf32>) -> (memref<4x7xf32>, memref<4x7xf32>, memref<4x7xf32>, memref<4x7xf32>) {
  %b0 = "ind.scan"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 7 + d1)>} : (memref<4x7xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, scan_ranges = array<i64: 7>, scan_type = "sum"} : () -> memref<4x7xf32>
  %b1 = "ind.scan"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 7 + d1)>} : (memref<4x7xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4>, scan_ranges = array<i64: 7>, scan_type = "prod"} : () -> memref<4x7xf32>
  %b2 = "ind.scan"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 7 + d1)>} : (memref<4x7xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 4>, scan_ranges = array<i64: 7>, scan_type = "max"} : () -> memref<4x7xf32>
  %b3 = "ind.scan"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 7 + d1)>} : (memref<4x7xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64: 4>, scan_ranges = array<i64: 7>, scan_type = "min"} : () -> memref<4x7xf32>
  return %b0, %b1, %b2, %b3 : memref<4x7xf32>, memref<4x7xf32>, memref<4x7xf32>, memref<4x7xf32>
}

func.func @ints(%x: memref<4097xi32>) -> memref<4097xi64> {
  %b0 = "ind.scan"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<4097xi32>) -> i32
    %1 = arith.extsi %0 : i32 to i64
    "gpu.yield"(%1) : (i64) -> ()
  }) {name = "buf0", ranges = array<i64>, scan_ranges = array<i64: 4097>, scan_type = "sum"} : () -> memref<4097xi64>
  return %b0 : memref<4097xi64>
}
