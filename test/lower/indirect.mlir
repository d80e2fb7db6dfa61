// convert-graph-to-ind of index_select, gather and embedding (Inductor's ops.indirect_indexing): the
// index tensor's value becomes an ind.indirect_indexing of the indexed dim's size, and the read of the
// input an indirect load: the symbol-free terms of its flat offset stay in the map, the rest is the
// offset operand (arith on index values). An integer index buffer is loaded as its integer type; a
// computed index (a recipe) in f32. The symbol's range [0, size) simplifies views of it as dims are.
// RUN: %ind-opt %s --split-input-file --lower | %filecheck %s

// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1, d2) -> (d0 * 8 + d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1, d2) -> (d2)>
// CHECK-LABEL: sym_name = "embedding"
// CHECK: "ind.pointwise"() ({
// CHECK-NEXT: %[[I:.*]] = "ind.load"(%arg1) {index = #[[ROW]]} : (memref<4x8xi64>) -> i64
// CHECK-NEXT: %[[S:.*]] = "ind.indirect_indexing"(%[[I]]) {size = 50 : i64} : (i64) -> index
// CHECK-NEXT: %[[D:.*]] = "arith.constant"() <{value = 16 : index}> : () -> index
// CHECK-NEXT: %[[O:.*]] = "arith.muli"(%[[S]], %[[D]])
// CHECK-NEXT: %[[V:.*]] = "ind.load"(%arg0, %[[O]]) {index = #[[COL]]} : (memref<50x16xf32>, index) -> f32
// CHECK: "arith.maximumf"(%[[V]],
// CHECK: origins = ["embedding", "relu"], ranges = array<i64: 4, 8, 16>
func.func @embedding(%w: tensor<50x16xf32>, %idx: tensor<4x8xi64>) -> tensor<4x8x16xf32> {
  %e = "graph.embedding"(%w, %idx) : (tensor<50x16xf32>, tensor<4x8xi64>) -> tensor<4x8x16xf32>
  %r = "graph.relu"(%e) : (tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
  return %r : tensor<4x8x16xf32>
}

// -----

/// index_select of a pointwise recipe along the last dim (i32 indices, dim -1): exp is inlined and
/// reads x at row * 20 + s.
// CHECK-DAG: #[[R20:.*]] = affine_map<(d0, d1) -> (d0 * 20)>
// CHECK-LABEL: sym_name = "select_cols"
// CHECK: %[[I:.*]] = "ind.load"(%arg1) {{.*}} : (memref<6xi32>) -> i32
// CHECK-NEXT: %[[S:.*]] = "ind.indirect_indexing"(%[[I]]) {size = 20 : i64} : (i32) -> index
// CHECK-NEXT: %[[V:.*]] = "ind.load"(%arg0, %[[S]]) {index = #[[R20]]} : (memref<32x20xf32>, index) -> f32
// CHECK-NEXT: "math.exp"(%[[V]])
func.func @select_cols(%x: tensor<32x20xf32>, %sel: tensor<6xi32>) -> tensor<32x6xf32> {
  %xs = "graph.exp"(%x) : (tensor<32x20xf32>) -> tensor<32x20xf32>
  %s = "graph.index_select"(%xs, %sel) {dim = -1 : i64} : (tensor<32x20xf32>, tensor<6xi32>) -> tensor<32x6xf32>
  return %s : tensor<32x6xf32>
}

// -----

/// Through a reshape: (s floordiv 6, s mod 6) read through the contiguous [4, 6] layout folds back to s,
/// since s < 24 (no floordiv or mod is emitted).
// CHECK-LABEL: sym_name = "via_reshape"
// CHECK: %[[S:.*]] = "ind.indirect_indexing"(%{{.*}}) {size = 24 : i64} : (i64) -> index
// CHECK-NEXT: "ind.load"(%arg0, %[[S]]) {index = #{{.*}}} : (memref<4x6xf32>, index) -> f32
// CHECK-NEXT: "gpu.yield"
func.func @via_reshape(%x: tensor<4x6xf32>, %i: tensor<5xi64>) -> tensor<5xf32> {
  %v = "graph.reshape"(%x) {shape = array<i64: 24>} : (tensor<4x6xf32>) -> tensor<24xf32>
  %r = "graph.index_select"(%v, %i) {dim = 0 : i64} : (tensor<24xf32>, tensor<5xi64>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}

// -----

/// gather of a cat along the cat dim: the cat's select compares the symbol's value (index_cast and
/// sitofp of s), and each source is read at (s - offset) mod size, emitted as floordiv / muli / subi.
// CHECK-LABEL: sym_name = "of_cat"
// CHECK: %[[S:.*]] = "ind.indirect_indexing"(%{{.*}}) {size = 8 : i64} : (i64) -> index
// CHECK-NEXT: %[[C:.*]] = "arith.index_cast"(%[[S]]) : (index) -> i64
// CHECK-NEXT: %[[P:.*]] = "arith.sitofp"(%[[C]]) : (i64) -> f32
// CHECK: %[[Q:.*]] = "arith.floordivsi"(%[[S]], %[[THREE:.*]]) : (index, index) -> index
// CHECK-NEXT: %[[M:.*]] = "arith.muli"(%[[Q]], %[[THREE]])
// CHECK-NEXT: %[[R:.*]] = "arith.subi"(%[[S]], %[[M]])
// CHECK-NEXT: %[[A:.*]] = "ind.load"(%arg0, %[[R]]) {{.*}} : (memref<4x3xf32>, index) -> f32
// CHECK: %[[SH:.*]] = "arith.addi"(%[[S]], %{{.*}}) {{.*}} : (index, index) -> index
// CHECK: %[[B:.*]] = "ind.load"(%arg1, %{{.*}}) {{.*}} : (memref<4x5xf32>, index) -> f32
// CHECK: %[[LT:.*]] = "arith.cmpf"(%[[P]], %{{.*}}) {{.*}}predicate = 4
// CHECK-NEXT: "arith.select"(%[[LT]], %[[A]], %[[B]])
func.func @of_cat(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>, %i: tensor<4x2xi64>) -> tensor<4x2xf32> {
  %c = "graph.cat"(%a, %b) {dim = 1 : i64} : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
  %r = "graph.gather"(%c, %i) {dim = 1 : i64} : (tensor<4x8xf32>, tensor<4x2xi64>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

/// A computed index (i + 1, a recipe computed in i64, exactly): indirect_indexing of the i64 value.
// CHECK-LABEL: sym_name = "computed_index"
// CHECK: %[[I:.*]] = "ind.load"(%arg1) {{.*}} : (memref<3xi64>) -> i64
// CHECK: %[[J:.*]] = "arith.addi"(%[[I]],
// CHECK-NEXT: "ind.indirect_indexing"(%[[J]]) {size = 16 : i64} : (i64) -> index
func.func @computed_index(%x: tensor<16x8xf32>, %i: tensor<3xi64>) -> tensor<3x8xf32> {
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<i64>
  %j = "graph.add"(%i, %one) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
  %r = "graph.embedding"(%x, %j) : (tensor<16x8xf32>, tensor<3xi64>) -> tensor<3x8xf32>
  return %r : tensor<3x8xf32>
}

// -----

/// A gathered value read by two users stays one buffer only when the realize rules say so; here the
/// gathered rows feed a reduction over them (a sum of gathered rows), which inlines the lookup.
// CHECK-LABEL: sym_name = "sum_rows"
// CHECK: "ind.reduction"() ({
// CHECK: "ind.indirect_indexing"(%{{.*}}) {size = 10 : i64}
// CHECK: reduction_ranges = array<i64: 8>, reduction_type = "sum"
func.func @sum_rows(%x: tensor<10x8xf32>, %i: tensor<4xi64>) -> tensor<4xf32> {
  %r = "graph.index_select"(%x, %i) {dim = 0 : i64} : (tensor<10x8xf32>, tensor<4xi64>) -> tensor<4x8xf32>
  %s = "graph.sum"(%r) {dims = array<i64: 1>, keepdim = false} : (tensor<4x8xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
