// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-verify)' | %ind-opt --split-input-file --pass-pipeline='builtin.module(ind-verify)' | %filecheck %s

/// ind.scan (Inductor's ir.Scan) round-trips and passes ind-verify: `ranges`, one `scan_ranges`
/// entry, a `scan_type`, a body over ranges + the scanned dim, a result of numel * scan length.

// CHECK-LABEL: sym_name = "cumsum_rows"
// CHECK: %[[S:.*]] = "ind.scan"() ({
// CHECK-NEXT: %[[L:.*]] = "ind.load"(%{{.*}}) {index = #{{.*}}} : (memref<4x7xf32>) -> f32
// CHECK-NEXT: "gpu.yield"(%[[L]]) : (f32) -> ()
// CHECK-NEXT: }) {name = "buf0", origins = ["cumsum"], ranges = array<i64: 4>, scan_ranges = array<i64: 7>, scan_type = "sum"} : () -> memref<4x7xf32>
// CHECK: "ind.load"(%[[S]])
func.func @cumsum_rows(%arg0_1: memref<4x7xf32>) -> memref<4x7xf32> {
  %buf0 = "ind.scan"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 7 + d1)>} : (memref<4x7xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, scan_ranges = array<i64: 7>, scan_type = "sum", origins = ["cumsum"]} : () -> memref<4x7xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 7 + d1)>} : (memref<4x7xf32>) -> f32
    %1 = math.exp %0 : f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4, 7>} : () -> memref<4x7xf32>
  return %buf1 : memref<4x7xf32>
}

// -----

/// An integer scan yields i64 into an i64 buffer; a scan of one row has `ranges = []`; the other
/// combines (prod, max, min) are accepted.
// CHECK-LABEL: sym_name = "int_and_kinds"
// CHECK: "ind.scan"
// CHECK: scan_type = "sum"} : () -> memref<9xi64>
// CHECK: scan_type = "prod"
// CHECK: scan_type = "max"
// CHECK: scan_type = "min"
func.func @int_and_kinds(%arg0_1: memref<9xi32>, %arg1_1: memref<9xf32>) -> (memref<9xi64>, memref<9xf32>, memref<9xf32>, memref<9xf32>) {
  %buf0 = "ind.scan"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<9xi32>) -> i32
    %1 = arith.extsi %0 : i32 to i64
    "gpu.yield"(%1) : (i64) -> ()
  }) {name = "buf0", ranges = array<i64>, scan_ranges = array<i64: 9>, scan_type = "sum"} : () -> memref<9xi64>
  %buf1 = "ind.scan"() ({
    %0 = "ind.load"(%arg1_1) {index = affine_map<(d0) -> (d0)>} : (memref<9xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64>, scan_ranges = array<i64: 9>, scan_type = "prod"} : () -> memref<9xf32>
  %buf2 = "ind.scan"() ({
    %0 = "ind.load"(%arg1_1) {index = affine_map<(d0) -> (d0)>} : (memref<9xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64>, scan_ranges = array<i64: 9>, scan_type = "max"} : () -> memref<9xf32>
  %buf3 = "ind.scan"() ({
    %0 = "ind.load"(%arg1_1) {index = affine_map<(d0) -> (d0)>} : (memref<9xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64>, scan_ranges = array<i64: 9>, scan_type = "min"} : () -> memref<9xf32>
  return %buf0, %buf1, %buf2, %buf3 : memref<9xi64>, memref<9xf32>, memref<9xf32>, memref<9xf32>
}
