// The reference interpreter's multi-output reduction kinds (docs/dialects/ind.md): welford_mean,
// welford_m2, online_softmax_max and online_softmax_sum are what they compute (the mean, the sum of
// squared deviations, the max, the sum of exp(v - max)) in double, checked against NumPy on rows of 7
// (an odd size) and on a single row of 4097.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/run_case.py %ind-run %s multi %t/multi 4x7xf32 "(in0.mean(1), ((in0 - in0.mean(1, keepdims=True)) ** 2).sum(1), in0.max(1), np.exp(in0 - in0.max(1, keepdims=True)).sum(1))" | %filecheck %s
// RUN: %python %S/Inputs/run_case.py %ind-run %s long %t/long 4097xf32 "(((in0 - in0.mean()) ** 2).sum(), np.exp(in0 - in0.max()).sum())" | %filecheck %s --check-prefix=LONG
// CHECK-COUNT-4: ok out{{[0-3]}} 4 float32
// LONG-COUNT-2: ok out{{[0-1]}} 0-d float32

func.func @multi(%x: memref<4x7xf32>) -> (memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>) {
  %b0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 7 + d1)>} : (memref<4x7xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 7>, reduction_type = "welford_mean"} : () -> memref<4xf32>
  %b1 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 7 + d1)>} : (memref<4x7xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4>, reduction_ranges = array<i64: 7>, reduction_type = "welford_m2"} : () -> memref<4xf32>
  %b2 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 7 + d1)>} : (memref<4x7xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 4>, reduction_ranges = array<i64: 7>, reduction_type = "online_softmax_max"} : () -> memref<4xf32>
  %b3 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1) -> (d0 * 7 + d1)>} : (memref<4x7xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64: 4>, reduction_ranges = array<i64: 7>, reduction_type = "online_softmax_sum"} : () -> memref<4xf32>
  return %b0, %b1, %b2, %b3 : memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>
}

func.func @long(%x: memref<4097xf32>) -> (memref<f32>, memref<f32>) {
  %b0 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<4097xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64>, reduction_ranges = array<i64: 4097>, reduction_type = "welford_m2"} : () -> memref<f32>
  %b1 = "ind.reduction"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<4097xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64>, reduction_ranges = array<i64: 4097>, reduction_type = "online_softmax_sum"} : () -> memref<f32>
  return %b0, %b1 : memref<f32>, memref<f32>
}
