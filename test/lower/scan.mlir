// cumsum lowers to one realized ind.scan (Inductor's ir.Scan): ranges are the other dims (size-1 dims
// dropped), scan_ranges the scanned one, last in the index maps; the buffer holds the scanned dim
// innermost, so a scan over a non-last dim is read through the moved index (and copied when returned).
// dtypes as PyTorch: i32 / i1 scan into i64 exactly (the body yields i64), f16 accumulates in f32.
// (graph-decompose{cumsum-scan=false} keeps the old masked-sum decomposition: test/preprocess/decompose-*.)
// RUN: %ind-opt %s --split-input-file --lower | %filecheck %s

/// The last dim: no copy, the epilogue reads the scan at its own index.
// CHECK-LABEL: sym_name = "last_dim"
// CHECK: %[[S:.*]] = "ind.scan"() ({
// CHECK-NEXT: "ind.load"(%arg0) {index = #[[ROW:.*]]} : (memref<4x7xf32>) -> f32
// CHECK: ranges = array<i64: 4>, scan_ranges = array<i64: 7>, scan_type = "sum"} : () -> memref<4x7xf32>
// CHECK: "ind.pointwise"
// CHECK-NEXT: "ind.load"(%[[S]]) {index = #[[ROW]]}
// CHECK: "math.exp"
func.func @last_dim(%x: tensor<4x7xf32>) -> tensor<4x7xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<4x7xf32>) -> tensor<4x7xf32>
  %e = "graph.exp"(%c) : (tensor<4x7xf32>) -> tensor<4x7xf32>
  return %e : tensor<4x7xf32>
}

// -----

/// dim 0 of [6, 9]: ranges [9], the buffer is [9, 6]; the returned value is a copy through the moved index.
// CHECK-LABEL: sym_name = "dim0"
// CHECK: %[[S:.*]] = "ind.scan"() ({
// CHECK-NEXT: "ind.load"(%arg0) {index = #[[IN:.*]]} : (memref<6x9xf32>) -> f32
// CHECK: ranges = array<i64: 9>, scan_ranges = array<i64: 6>, scan_type = "sum"} : () -> memref<9x6xf32>
// CHECK: "ind.pointwise"
// CHECK-NEXT: "ind.load"(%[[S]]) {index = #{{.*}}} : (memref<9x6xf32>) -> f32
// CHECK: ranges = array<i64: 6, 9>} : () -> memref<6x9xf32>
func.func @dim0(%x: tensor<6x9xf32>) -> tensor<6x9xf32> {
  %c = "graph.cumsum"(%x) {dim = 0 : i64} : (tensor<6x9xf32>) -> tensor<6x9xf32>
  return %c : tensor<6x9xf32>
}

// -----

/// A middle dim followed only by size-1 dims needs no move: the buffer has the result's shape.
// CHECK-LABEL: sym_name = "middle_then_ones"
// CHECK: "ind.scan"
// CHECK: ranges = array<i64: 3>, scan_ranges = array<i64: 5>, scan_type = "sum"} : () -> memref<3x5x1xf32>
// CHECK-NOT: "ind.pointwise"
func.func @middle_then_ones(%x: tensor<3x5x1xf32>) -> tensor<3x5x1xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<3x5x1xf32>) -> tensor<3x5x1xf32>
  return %c : tensor<3x5x1xf32>
}

// -----

/// i32 and i1 scan into i64 exactly: loaded as their own type and extended; the dim-0 copy stays i64.
// CHECK-LABEL: sym_name = "ints"
// CHECK: "ind.load"(%arg0) {{.*}} -> i32
// CHECK-NEXT: "arith.extsi"({{.*}}) : (i32) -> i64
// CHECK-NEXT: "gpu.yield"({{.*}}) : (i64) -> ()
// CHECK: scan_type = "sum"} : () -> memref<5x7xi64>
// CHECK: "ind.load"(%arg1) {{.*}} -> i1
// CHECK-NEXT: "arith.extui"({{.*}}) : (i1) -> i64
// CHECK: scan_type = "sum"} : () -> memref<3x4xi64>
// CHECK: "ind.pointwise"
// CHECK-NEXT: "ind.load"({{.*}}) -> i64
// CHECK-NEXT: "gpu.yield"({{.*}}) : (i64) -> ()
// CHECK: } : () -> memref<4x3xi64>
func.func @ints(%x: tensor<5x7xi32>, %b: tensor<4x3xi1>) -> (tensor<5x7xi64>, tensor<4x3xi64>) {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<5x7xi32>) -> tensor<5x7xi64>
  %d = "graph.cumsum"(%b) {dim = 0 : i64} : (tensor<4x3xi1>) -> tensor<4x3xi64>
  return %c, %d : tensor<5x7xi64>, tensor<4x3xi64>
}

// -----

/// f16 accumulates in f32 (the body yields f32) and is stored as f16.
// CHECK-LABEL: sym_name = "half"
// CHECK: "ind.load"(%arg0) {{.*}} : (memref<8xf16>) -> f32
// CHECK-NEXT: "gpu.yield"({{.*}}) : (f32) -> ()
// CHECK: scan_ranges = array<i64: 8>, scan_type = "sum"} : () -> memref<8xf16>
func.func @half(%x: tensor<8xf16>) -> tensor<8xf16> {
  %c = "graph.cumsum"(%x) {dim = 0 : i64} : (tensor<8xf16>) -> tensor<8xf16>
  return %c : tensor<8xf16>
}
