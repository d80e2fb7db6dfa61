// The reference interpreter on the ind dialect: the seed example at 4x4 (a sum reduction into buf0
// then a pointwise epilogue reading it with a broadcast index) agrees with the graph program run
// on the same seeded inputs, and at the sched level (sched.node / sched.fused) too.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ind-run --reference %s --func seed_graph --output-dir %t/g > /dev/null
// RUN: %ind-run --reference %s --func seed_ind --compare-dir %t/g --rtol 1e-5 --atol 1e-6 | %filecheck %s --check-prefix=IND
// RUN: %ind-run --reference %s --func seed_sched --compare-dir %t/g --rtol 1e-5 --atol 1e-6 | %filecheck %s --check-prefix=IND
// RUN: %ind-run --reference %s --func seed_fused --compare-dir %t/g --rtol 1e-5 --atol 1e-6 | %filecheck %s --check-prefix=IND
/// Another seed gives other inputs, and the same agreement.
// RUN: %ind-run --reference %s --func seed_graph --seed 7 --output-dir %t/g7 > /dev/null
// RUN: %ind-run --reference %s --func seed_fused --seed 7 --compare-dir %t/g7 | %filecheck %s --check-prefix=IND
/// A different seed does not agree: the comparison can fail (exit 1).
// RUN: %not %ind-run --reference %s --func seed_ind --seed 1 --compare-dir %t/g 2>&1 | %filecheck %s --check-prefix=DIFF
// IND: out0: 4x4xf32 sum=
// IND: out0: max_abs_err={{.*}} max_rel_err={{.*}} OK
// DIFF: out0: max_abs_err={{.*}} MISMATCH ({{[0-9]+}} of 16 elements outside
// DIFF: error: outputs differ from

func.func @seed_graph(%arg0_1: tensor<4x4xf32>, %arg1_1: tensor<4xf32>, %arg2_1: tensor<4xf32>, %arg3_1: tensor<4xf32>) -> tensor<4x4xf32> {
  %cst = "graph.constant"() {value = 1.1 : f64} : () -> tensor<f32>
  %mul = "graph.mul"(%arg0_1, %cst) : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  %add = "graph.add"(%mul, %arg1_1) : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
  %relu = "graph.relu"(%add) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %mul_1 = "graph.mul"(%relu, %relu) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %cst_0 = "graph.constant"() {value = 0.1 : f64} : () -> tensor<f32>
  %mul_2 = "graph.mul"(%relu, %cst_0) : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  %add_1 = "graph.add"(%mul_1, %mul_2) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %mean = "graph.mean"(%add_1) {dims = array<i64: 1>, keepdim = true} : (tensor<4x4xf32>) -> tensor<4x1xf32>
  %sub = "graph.sub"(%add_1, %mean) : (tensor<4x4xf32>, tensor<4x1xf32>) -> tensor<4x4xf32>
  %mul_3 = "graph.mul"(%sub, %arg2_1) : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
  %add_2 = "graph.add"(%mul_3, %arg3_1) : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
  return %add_2 : tensor<4x4xf32>
}

/// What lowering produces (docs/ir-contract.md, stage 2): buf0 = row sum of s, buf1 = the epilogue.
func.func @seed_ind(%arg0_1: memref<4x4xf32>, %arg1_1: memref<4xf32>, %arg2_1: memref<4xf32>, %arg3_1: memref<4xf32>) -> memref<4x4xf32> {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<4x4xf32>) -> f32
    %1 = arith.constant 1.1 : f32
    %2 = arith.mulf %0, %1 : f32
    %3 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
    %4 = arith.addf %2, %3 : f32
    %5 = arith.constant 0.0 : f32
    %6 = arith.maximumf %4, %5 : f32
    %7 = arith.mulf %6, %6 : f32
    %8 = arith.constant 0.1 : f32
    %9 = arith.mulf %6, %8 : f32
    %10 = arith.addf %7, %9 : f32
    "gpu.yield"(%10) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 4>, reduction_type = "sum", origins = ["mean", "add_1"]} : () -> memref<4x1xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<4x4xf32>) -> f32
    %1 = arith.constant 1.1 : f32
    %2 = arith.mulf %0, %1 : f32
    %3 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
    %4 = arith.addf %2, %3 : f32
    %5 = arith.constant 0.0 : f32
    %6 = arith.maximumf %4, %5 : f32
    %7 = arith.mulf %6, %6 : f32
    %8 = arith.constant 0.1 : f32
    %9 = arith.mulf %6, %8 : f32
    %10 = arith.addf %7, %9 : f32
    %11 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<4x1xf32>) -> f32
    %12 = arith.constant 4.0 : f32
    %13 = arith.divf %11, %12 : f32
    %14 = arith.subf %10, %13 : f32
    %15 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
    %16 = arith.mulf %14, %15 : f32
    %17 = "ind.load"(%arg3_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
    %18 = arith.addf %16, %17 : f32
    "gpu.yield"(%18) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4, 4>, origins = ["sub", "mul_3", "add_2"]} : () -> memref<4x4xf32>
  return %buf1 : memref<4x4xf32>
}

/// After ind-schedule: each ComputedBuffer wrapped in a sched.node.
func.func @seed_sched(%arg0_1: memref<4x4xf32>, %arg1_1: memref<4xf32>, %arg2_1: memref<4xf32>, %arg3_1: memref<4xf32>) -> memref<4x4xf32> {
  %n0 = "sched.node"() ({
    %buf0 = "ind.reduction"() ({
      %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<4x4xf32>) -> f32
      %1 = arith.constant 1.1 : f32
      %2 = arith.mulf %0, %1 : f32
      %3 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
      %4 = arith.addf %2, %3 : f32
      %5 = arith.constant 0.0 : f32
      %6 = arith.maximumf %4, %5 : f32
      %7 = arith.mulf %6, %6 : f32
      %8 = arith.constant 0.1 : f32
      %9 = arith.mulf %6, %8 : f32
      %10 = arith.addf %7, %9 : f32
      "gpu.yield"(%10) : (f32) -> ()
    }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 4>, reduction_type = "sum"} : () -> memref<4x1xf32>
    "gpu.yield"(%buf0) : (memref<4x1xf32>) -> ()
  }) {name = "op0", kind = "reduction"} : () -> memref<4x1xf32>
  %n1 = "sched.node"() ({
    %buf1 = "ind.pointwise"() ({
      %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<4x4xf32>) -> f32
      %1 = arith.constant 1.1 : f32
      %2 = arith.mulf %0, %1 : f32
      %3 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
      %4 = arith.addf %2, %3 : f32
      %5 = arith.constant 0.0 : f32
      %6 = arith.maximumf %4, %5 : f32
      %7 = arith.mulf %6, %6 : f32
      %8 = arith.constant 0.1 : f32
      %9 = arith.mulf %6, %8 : f32
      %10 = arith.addf %7, %9 : f32
      %11 = "ind.load"(%n0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<4x1xf32>) -> f32
      %12 = arith.constant 4.0 : f32
      %13 = arith.divf %11, %12 : f32
      %14 = arith.subf %10, %13 : f32
      %15 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
      %16 = arith.mulf %14, %15 : f32
      %17 = "ind.load"(%arg3_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
      %18 = arith.addf %16, %17 : f32
      "gpu.yield"(%18) : (f32) -> ()
    }) {name = "buf1", ranges = array<i64: 4, 4>} : () -> memref<4x4xf32>
    "gpu.yield"(%buf1) : (memref<4x4xf32>) -> ()
  }) {name = "op1", kind = "pointwise"} : () -> memref<4x4xf32>
  return %n1 : memref<4x4xf32>
}

/// After fusion: both nodes inside one sched.fused, which yields only buf1.
func.func @seed_fused(%arg0_1: memref<4x4xf32>, %arg1_1: memref<4xf32>, %arg2_1: memref<4xf32>, %arg3_1: memref<4xf32>) -> memref<4x4xf32> {
  %f = "sched.fused"() ({
    %n0 = "sched.node"() ({
      %buf0 = "ind.reduction"() ({
        %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<4x4xf32>) -> f32
        %1 = arith.constant 1.1 : f32
        %2 = arith.mulf %0, %1 : f32
        %3 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
        %4 = arith.addf %2, %3 : f32
        %5 = arith.constant 0.0 : f32
        %6 = arith.maximumf %4, %5 : f32
        %7 = arith.mulf %6, %6 : f32
        %8 = arith.constant 0.1 : f32
        %9 = arith.mulf %6, %8 : f32
        %10 = arith.addf %7, %9 : f32
        "gpu.yield"(%10) : (f32) -> ()
      }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 4>, reduction_type = "sum"} : () -> memref<4x1xf32>
      "gpu.yield"(%buf0) : (memref<4x1xf32>) -> ()
    }) {name = "op0", kind = "reduction"} : () -> memref<4x1xf32>
    %n1 = "sched.node"() ({
      %buf1 = "ind.pointwise"() ({
        %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<4x4xf32>) -> f32
        %1 = arith.constant 1.1 : f32
        %2 = arith.mulf %0, %1 : f32
        %3 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
        %4 = arith.addf %2, %3 : f32
        %5 = arith.constant 0.0 : f32
        %6 = arith.maximumf %4, %5 : f32
        %7 = arith.mulf %6, %6 : f32
        %8 = arith.constant 0.1 : f32
        %9 = arith.mulf %6, %8 : f32
        %10 = arith.addf %7, %9 : f32
        %11 = "ind.load"(%n0) {index = affine_map<(d0, d1) -> (d0)>} : (memref<4x1xf32>) -> f32
        %12 = arith.constant 4.0 : f32
        %13 = arith.divf %11, %12 : f32
        %14 = arith.subf %10, %13 : f32
        %15 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
        %16 = arith.mulf %14, %15 : f32
        %17 = "ind.load"(%arg3_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<4xf32>) -> f32
        %18 = arith.addf %16, %17 : f32
        "gpu.yield"(%18) : (f32) -> ()
      }) {name = "buf1", ranges = array<i64: 4, 4>} : () -> memref<4x4xf32>
      "gpu.yield"(%buf1) : (memref<4x4xf32>) -> ()
    }) {name = "op1", kind = "pointwise"} : () -> memref<4x4xf32>
    "gpu.yield"(%n1) : (memref<4x4xf32>) -> ()
  }) {resultSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0, 0, 0>, name = "op0_op1"} : () -> memref<4x4xf32>
  return %f : memref<4x4xf32>
}
