// Split reductions (docs/passes/lower.md, "Split reductions"): convert-graph-to-ind splits a reduction
// as Inductor's Reduction.num_splits decides, each threshold tested on both sides of its edge.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind)' | %filecheck %s
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind{split-reductions=false})' | %filecheck %s --check-prefix=OFF
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind{split-inner-min-rnumel=16384})' | %filecheck %s --check-prefix=INNERMIN
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind{split-num-sm=8})' | %filecheck %s --check-prefix=SM8
// RUN: env IND_LOGS=fusion %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind)' -o /dev/null 2>&1 | %filecheck %s --check-prefix=LOG

/// Full reduction (numel 1, INNER) of 16384 > 8192 elements: total 16384 <= min_elements_per_device, so
/// split_size = 32 and split = ceil(16384 / (32 * 256)) = 2: [2] x [8192] then [] x [2].
/// With split-inner-min-rnumel=16384 (rnumel <= the threshold) it is not split.
// CHECK-LABEL: sym_name = "full16384"
// CHECK: ranges = array<i64: 2>, reduction_ranges = array<i64: 8192>
// CHECK: ranges = array<i64>, reduction_ranges = array<i64: 2>
// OFF-LABEL: sym_name = "full16384"
// OFF: ranges = array<i64>, reduction_ranges = array<i64: 16384>
// INNERMIN-LABEL: sym_name = "full16384"
// INNERMIN: ranges = array<i64>, reduction_ranges = array<i64: 16384>
// LOG: split reduction buf0: hint=INNER numel=1 rnumel=16384 split=2
func.func @full16384(%x: tensor<16384xf32>) -> tensor<f32> {
  %s = "graph.sum"(%x) {dims = array<i64>, keepdim = false} : (tensor<16384xf32>) -> tensor<f32>
  return %s : tensor<f32>
}

// -----

/// 8192 elements (= split-inner-min-rnumel): not split.
// CHECK-LABEL: sym_name = "full8192"
// CHECK: ranges = array<i64>, reduction_ranges = array<i64: 8192>
// CHECK-NOT: "ind.reduction"
// LOG: reduction buf0: hint=INNER numel=1 rnumel=8192 split=1
func.func @full8192(%x: tensor<8192xf32>) -> tensor<f32> {
  %s = "graph.amax"(%x) {dims = array<i64>, keepdim = false} : (tensor<8192xf32>) -> tensor<f32>
  return %s : tensor<f32>
}

// -----

/// Column sums (OUTER) of few columns: split = ceil(rnumel / (4 * 32)) (split_size 32), so the smallest
/// split is at rnumel 129: 2 partials, with a mask (129 % 2 = 1): the partials are [2, 16] (split first:
/// OUTER layout), the first stage reads row (d0 * 65 + d2) mod 129 and yields the identity past row 129.
// CHECK-LABEL: sym_name = "col129"
// CHECK: "ind.index_expr"() {index = #{{.*}}} : () -> index
// CHECK: "arith.constant"() <{value = 129 : index}>
// CHECK: "arith.cmpi"({{.*}}) <{predicate = 6 : i64}>
// CHECK: "arith.select"
// CHECK: ranges = array<i64: 2, 16>, reduction_ranges = array<i64: 65>
// CHECK: ranges = array<i64: 16>, reduction_ranges = array<i64: 2>
// LOG: split reduction buf0: hint=OUTER numel=16 rnumel=129 split=2: buf0 ranges=[2, 16] reduction_ranges=[65] masked
func.func @col129(%x: tensor<129x16xf32>) -> tensor<16xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<129x16xf32>) -> tensor<16xf32>
  return %s : tensor<16xf32>
}

// -----

/// rnumel 128: split = ceil(128 / 128) = 1, not split.
// CHECK-LABEL: sym_name = "col128"
// CHECK: ranges = array<i64: 16>, reduction_ranges = array<i64: 128>
// CHECK-NOT: "ind.reduction"
func.func @col128(%x: tensor<128x16xf32>) -> tensor<16xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<128x16xf32>) -> tensor<16xf32>
  return %s : tensor<16xf32>
}

// -----

/// numel >= num_sm * 2 * 32 (132 * 64 = 8448) outputs are never split: 8448 columns of 1024 rows stay
/// whole; with split-num-sm=8 (threshold 512) neither are 256 columns.
// CHECK-LABEL: sym_name = "col_wide"
// CHECK: ranges = array<i64: 8448>, reduction_ranges = array<i64: 1024>
// CHECK-NOT: "ind.reduction"
// LOG: reduction buf0: hint=DEFAULT numel=8448 rnumel=1024 split=1
func.func @col_wide(%x: tensor<1024x8448xf32>) -> tensor<8448xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<1024x8448xf32>) -> tensor<8448xf32>
  return %s : tensor<8448xf32>
}

// -----

/// 8447 columns: split (8 partials).
// CHECK-LABEL: sym_name = "col_8447"
// CHECK: ranges = array<i64: 8, 8447>, reduction_ranges = array<i64: 128>
// CHECK: ranges = array<i64: 8447>, reduction_ranges = array<i64: 8>
func.func @col_8447(%x: tensor<1024x8447xf32>) -> tensor<8447xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<1024x8447xf32>) -> tensor<8447xf32>
  return %s : tensor<8447xf32>
}

// -----

/// 256 columns: split by default, and with split-num-sm=8 too (256 < 8 * 2 * 32 = 512).
// CHECK-LABEL: sym_name = "col256"
// CHECK: ranges = array<i64: 8, 256>, reduction_ranges = array<i64: 128>
// SM8-LABEL: sym_name = "col256"
// SM8: ranges = array<i64: 8, 256>, reduction_ranges = array<i64: 128>
func.func @col256(%x: tensor<1024x256xf32>) -> tensor<256xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<1024x256xf32>) -> tensor<256xf32>
  return %s : tensor<256xf32>
}

// -----

/// 512 columns with split-num-sm=8: 512 >= 8 * 2 * 32, not split (by default it is).
// CHECK-LABEL: sym_name = "col512"
// CHECK: ranges = array<i64: 8, 512>, reduction_ranges = array<i64: 128>
// SM8-LABEL: sym_name = "col512"
// SM8: ranges = array<i64: 512>, reduction_ranges = array<i64: 1024>
func.func @col512(%x: tensor<1024x512xf32>) -> tensor<512xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<1024x512xf32>) -> tensor<512xf32>
  return %s : tensor<512xf32>
}

// -----

/// Row reductions (INNER) with enough outputs (numel >= 2 * num_sm = 264) are left alone, 263 rows
/// of 16384 are split (numel < 264 and rnumel > 8192): total 4.3M <= min_elements_per_device, split
/// = ceil(16384 / (32 * 256)) = 2, partials [263, 2] (INNER layout: split last).
// CHECK-LABEL: sym_name = "rows264"
// CHECK: ranges = array<i64: 264>, reduction_ranges = array<i64: 16384>
// CHECK-NOT: "ind.reduction"
func.func @rows264(%x: tensor<264x16384xf32>) -> tensor<264xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<264x16384xf32>) -> tensor<264xf32>
  return %s : tensor<264xf32>
}

// -----

// CHECK-LABEL: sym_name = "rows263"
// CHECK: ranges = array<i64: 263, 2>, reduction_ranges = array<i64: 8192>
// CHECK: ranges = array<i64: 263>, reduction_ranges = array<i64: 2>
func.func @rows263(%x: tensor<263x16384xf32>) -> tensor<263xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<263x16384xf32>) -> tensor<263xf32>
  return %s : tensor<263xf32>
}

// -----

/// A reduction over size-1 dims only is a pointwise buffer (Reduction.create's reduction_numel == 1).
// CHECK-LABEL: sym_name = "size1"
// CHECK: "ind.pointwise"
// CHECK-NOT: "ind.reduction"
func.func @size1(%x: tensor<4x1xf32>) -> tensor<4xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x1xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
