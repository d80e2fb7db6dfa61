// The reference interpreter on hand-written ind programs (docs/ir-contract.md, stage 2): strided
// and offset input layouts, transposed and broadcast reads, reductions of each type, extern mm/bmm,
// index expressions, i1 buffers, floordiv/mod indices and a non-contiguous result layout. Each is
// checked against the graph program run on the same seeded inputs, or against NumPy.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ind-run --reference %s --func layouts_graph --output-dir %t/layouts > /dev/null
// RUN: %ind-run --reference %s --func layouts_ind --compare-dir %t/layouts | %filecheck %s --check-prefix=THREE
// RUN: %ind-run --reference %s --func reductions_graph --output-dir %t/red > /dev/null
// RUN: %ind-run --reference %s --func reductions_ind --compare-dir %t/red | %filecheck %s --check-prefix=FOUR
// RUN: %ind-run --reference %s --func mm_graph --output-dir %t/mm > /dev/null
// RUN: %ind-run --reference %s --func mm_ind --compare-dir %t/mm | %filecheck %s --check-prefix=TWO
// RUN: %python %S/Inputs/run_case.py %ind-run %s index_ops %t/index 4x4xf32 "(np.where(in0 > 0, in0, np.arange(16.0).reshape(4, 4)), in0 > 0.5, in0.T.reshape(16))" | %filecheck %s --check-prefix=INDEX
// RUN: %python %S/Inputs/run_case.py %ind-run %s result_layout %t/result_layout 4x4xf32 "in0.T * 3" | %filecheck %s --check-prefix=RLAYOUT
// RUN: %python %S/Inputs/run_case.py %ind-run %s math_ops %t/math pos:2x3xf32 "(np.log1p(in0) + np.expm1(in0) + np.sin(in0) * np.cos(in0), in0 ** 3, np.floor(in0 * 2.0))" | %filecheck %s --check-prefix=MATH
// THREE-COUNT-3: out{{[0-2]}}: max_abs_err={{.*}} OK
// FOUR-COUNT-4: out{{[0-3]}}: max_abs_err={{.*}} OK
// TWO-COUNT-2: out{{[0-1]}}: max_abs_err={{.*}} OK
// INDEX: ok out0 4x4 float32
// INDEX: ok out1 4x4 bool
// INDEX: ok out2 16 float32
// RLAYOUT: ok out0 4x4 float32
// MATH-COUNT-3: ok out{{[0-2]}} 2x3 float32

func.func @layouts_graph(%x: tensor<4x4xf32>, %y: tensor<2x3xf32>) -> (tensor<4x4xf32>, tensor<2x3xf32>, tensor<4x4xf32>) {
  %c2 = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %0 = "graph.mul"(%x, %c2) : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  %c1 = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %1 = "graph.add"(%y, %c1) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %t = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %2 = "graph.add"(%x, %t) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0, %1, %2 : tensor<4x4xf32>, tensor<2x3xf32>, tensor<4x4xf32>
}
/// %x is column-major (strides [1, 4]), %y starts at storage offset 5 with row stride 4: the
/// loads' flat storage offsets fold the layouts in. buf2 reads %x transposed.
func.func @layouts_ind(%x: memref<4x4xf32, strided<[1, 4]>>, %y: memref<2x3xf32, strided<[4, 1], offset: 5>>) -> (memref<4x4xf32>, memref<2x3xf32>, memref<4x4xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 + d1 * 4)>} : (memref<4x4xf32, strided<[1, 4]>>) -> f32
    %1 = arith.constant 2.0 : f32
    %2 = arith.mulf %0, %1 : f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 4>} : () -> memref<4x4xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%y) {index = affine_map<(d0, d1) -> (d0 * 4 + d1 + 5)>} : (memref<2x3xf32, strided<[4, 1], offset: 5>>) -> f32
    %1 = arith.constant 1.0 : f32
    %2 = arith.addf %0, %1 : f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 2, 3>} : () -> memref<2x3xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 + d1 * 4)>} : (memref<4x4xf32, strided<[1, 4]>>) -> f32
    %1 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d1 + d0 * 4)>} : (memref<4x4xf32, strided<[1, 4]>>) -> f32
    %2 = arith.addf %0, %1 : f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 4, 4>} : () -> memref<4x4xf32>
  return %buf0, %buf1, %buf2 : memref<4x4xf32>, memref<2x3xf32>, memref<4x4xf32>
}

func.func @reductions_graph(%x: tensor<4x4xf32>) -> (tensor<4xf32>, tensor<4x1xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "graph.sum"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<4x4xf32>) -> tensor<4xf32>
  %1 = "graph.amax"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<4x4xf32>) -> tensor<4x1xf32>
  %2 = "graph.amin"(%x) {dims = array<i64: 0>, keepdim = false} : (tensor<4x4xf32>) -> tensor<4xf32>
  %3 = "graph.prod"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4x1xf32>, tensor<4xf32>, tensor<4xf32>
}
/// Column reductions put the reduced row index d1 in the outer stride.
func.func @reductions_ind(%x: memref<4x4xf32>) -> (memref<4xf32>, memref<4x1xf32>, memref<4xf32>, memref<4xf32>) {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d1 * 4 + d0)>} : (memref<4x4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 4>, reduction_type = "sum"} : () -> memref<4xf32>
  %buf1 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<4x4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4>, reduction_ranges = array<i64: 4>, reduction_type = "max"} : () -> memref<4x1xf32>
  %buf2 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d1 * 4 + d0)>} : (memref<4x4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 4>, reduction_ranges = array<i64: 4>, reduction_type = "min"} : () -> memref<4xf32>
  %buf3 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<4x4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64: 4>, reduction_ranges = array<i64: 4>, reduction_type = "prod"} : () -> memref<4xf32>
  return %buf0, %buf1, %buf2, %buf3 : memref<4xf32>, memref<4x1xf32>, memref<4xf32>, memref<4xf32>
}

func.func @mm_graph(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %bias: tensor<4xf32>, %c: tensor<2x4x4xf32>) -> (tensor<4x4xf32>, tensor<2x4x4xf32>) {
  %mm = "graph.mm"(%a, %b) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %add = "graph.add"(%mm, %bias) : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
  %relu = "graph.relu"(%add) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %bmm = "graph.bmm"(%c, %c) : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  return %relu, %bmm : tensor<4x4xf32>, tensor<2x4x4xf32>
}
/// mm as an extern kernel with a pointwise epilogue (relu(a @ b + bias)), and bmm.
func.func @mm_ind(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %bias: memref<4xf32>, %c: memref<2x4x4xf32>) -> (memref<4x4xf32>, memref<2x4x4xf32>) {
  %buf0 = "ind.extern"(%a, %b) {name = "buf0", kernel = "mm"} : (memref<4x4xf32>, memref<4x4xf32>) -> memref<4x4xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<4x4xf32>) -> f32
    %1 = "ind.load"(%bias) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
    %2 = arith.addf %0, %1 : f32
    %3 = arith.constant 0.0 : f32
    %4 = arith.maximumf %2, %3 : f32
    "gpu.yield"(%4) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4, 4>} : () -> memref<4x4xf32>
  %buf2 = "ind.extern"(%c, %c) {name = "buf2", kernel = "bmm"} : (memref<2x4x4xf32>, memref<2x4x4xf32>) -> memref<2x4x4xf32>
  return %buf1, %buf2 : memref<4x4xf32>, memref<2x4x4xf32>
}

/// index_expr (as index, cast to f32), cmpf + select, an i1 buffer, floordiv/mod in an index.
func.func @index_ops(%x: memref<4x4xf32>) -> (memref<4x4xf32>, memref<4x4xi1>, memref<16xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<4x4xf32>) -> f32
    %1 = arith.constant 0.0 : f32
    %2 = arith.cmpf ogt, %0, %1 : f32
    %3 = "ind.index_expr"() {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : () -> index
    %4 = arith.index_cast %3 : index to i64
    %5 = arith.sitofp %4 : i64 to f32
    %6 = arith.select %2, %0, %5 : f32
    "gpu.yield"(%6) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 4>} : () -> memref<4x4xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<4x4xf32>) -> f32
    %1 = arith.constant 0.5 : f32
    %2 = arith.cmpf ogt, %0, %1 : f32
    "gpu.yield"(%2) : (i1) -> ()
  }) {name = "buf1", ranges = array<i64: 4, 4>} : () -> memref<4x4xi1>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> ((d0 mod 4) * 4 + d0 floordiv 4)>} : (memref<4x4xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 16>} : () -> memref<16xf32>
  return %buf0, %buf1, %buf2 : memref<4x4xf32>, memref<4x4xi1>, memref<16xf32>
}

/// A result memref with a column-major layout: element i of the iteration is stored at storage
/// offset i, and the output is read back through the layout's strides, so it comes out transposed.
func.func @result_layout(%x: memref<4x4xf32>) -> memref<4x4xf32, strided<[1, 4]>> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<4x4xf32>) -> f32
    %1 = arith.constant 3.0 : f32
    %2 = arith.mulf %0, %1 : f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4, 4>} : () -> memref<4x4xf32, strided<[1, 4]>>
  return %buf0 : memref<4x4xf32, strided<[1, 4]>>
}

/// math ops beyond the contract's list, fpowi, floor.
func.func @math_ops(%x: memref<2x3xf32>) -> (memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 3 + d1)>} : (memref<2x3xf32>) -> f32
    %1 = math.log1p %0 : f32
    %2 = math.expm1 %0 : f32
    %3 = math.sin %0 : f32
    %4 = math.cos %0 : f32
    %5 = arith.mulf %3, %4 : f32
    %6 = arith.addf %1, %2 : f32
    %7 = arith.addf %6, %5 : f32
    "gpu.yield"(%7) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 2, 3>} : () -> memref<2x3xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 3 + d1)>} : (memref<2x3xf32>) -> f32
    %1 = arith.constant 3 : i32
    %2 = math.fpowi %0, %1 : f32, i32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 2, 3>} : () -> memref<2x3xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 3 + d1)>} : (memref<2x3xf32>) -> f32
    %1 = arith.constant 2.0 : f32
    %2 = arith.mulf %0, %1 : f32
    %3 = math.floor %2 : f32
    "gpu.yield"(%3) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 2, 3>} : () -> memref<2x3xf32>
  return %buf0, %buf1, %buf2 : memref<2x3xf32>, memref<2x3xf32>, memref<2x3xf32>
}
