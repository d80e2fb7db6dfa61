// Fusion never changes results: the reference interpreter (interp/interp.h) runs each ind program and
// its fused sched form on the same seeded random inputs and the outputs must agree exactly (fusion
// only regroups the nodes; any difference would be a broken rewrite, e.g. a use redirected to the
// wrong result of a sched.fused).

// RUN: rm -rf %t && mkdir -p %t
// RUN: %ind-run --reference %S/Inputs/seed.ind.mlir --output-dir %t/seed
// RUN: %ind-opt %S/Inputs/seed.ind.mlir --fuse -o %t/seed.inductor.mlir
// RUN: %ind-run --reference %t/seed.inductor.mlir --compare-dir %t/seed --rtol 0 --atol 0 | %filecheck %s
// RUN: %ind-opt %S/Inputs/seed.ind.mlir --fuse=vertical -o %t/seed.vertical.mlir
// RUN: %ind-run --reference %t/seed.vertical.mlir --compare-dir %t/seed --rtol 0 --atol 0 | %filecheck %s

/// The eight programs (those whose nodes fuse, plus one that does not; mm is too slow for the
/// interpreter at 1024^3 and is checked below at a small size).
// RUN: %ind-opt %S/inductor-dumps.mlir --fuse -o %t/dumps.mlir
// RUN: %ind-run --reference %S/inductor-dumps.mlir --func layernorm_gelu --output-dir %t/ln
// RUN: %ind-run --reference %t/dumps.mlir --func layernorm_gelu --compare-dir %t/ln --rtol 0 --atol 0 | %filecheck %s
// RUN: %ind-run --reference %S/inductor-dumps.mlir --func rmsnorm_residual --output-dir %t/rms
// RUN: %ind-run --reference %t/dumps.mlir --func rmsnorm_residual --compare-dir %t/rms --rtol 0 --atol 0 | %filecheck %s --check-prefix=TWO
// RUN: %ind-run --reference %S/inductor-dumps.mlir --func softmax --output-dir %t/sm
// RUN: %ind-run --reference %t/dumps.mlir --func softmax --compare-dir %t/sm --rtol 0 --atol 0 | %filecheck %s
// RUN: %ind-run --reference %S/inductor-dumps.mlir --func col_sum --output-dir %t/cs
// RUN: %ind-run --reference %t/dumps.mlir --func col_sum --compare-dir %t/cs --rtol 0 --atol 0 | %filecheck %s

/// mm + epilogue (the barrier) and a multi-output fused node whose yields are permuted at the return.
// RUN: %ind-run --reference %s --func mm_small --output-dir %t/mm
// RUN: %ind-opt %s --fuse -o %t/mm.mlir
// RUN: %ind-run --reference %t/mm.mlir --func mm_small --compare-dir %t/mm --rtol 0 --atol 0 | %filecheck %s --check-prefix=TWO

// CHECK: out0: max_abs_err=0 max_rel_err=0 OK
// TWO: out0: max_abs_err=0 max_rel_err=0 OK
// TWO: out1: max_abs_err=0 max_rel_err=0 OK
func.func @mm_small(%arg0_1: memref<32x32xf32>, %arg1_1: memref<32x32xf32>, %arg2_1: memref<32xf32>) -> (memref<32x32xf32>, memref<32x32xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 32 + d1)>} : (memref<32x32xf32>) -> f32
    %1 = "arith.mulf"(%0, %0) : (f32, f32) -> f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 32, 32>} : () -> memref<32x32xf32>
  %buf1 = "ind.extern"(%buf0, %arg1_1) {name = "buf1", kernel = "mm"} : (memref<32x32xf32>, memref<32x32xf32>) -> memref<32x32xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf1) {index = affine_map<(d0, d1) -> (d0 * 32 + d1)>} : (memref<32x32xf32>) -> f32
    %1 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<32xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    %3 = "arith.constant"() <{value = 0.0 : f32}> : () -> f32
    %4 = "arith.maximumf"(%2, %3) : (f32, f32) -> f32
    "gpu.yield"(%4) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 32, 32>} : () -> memref<32x32xf32>
  %buf3 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf2) {index = affine_map<(d0, d1) -> (d0 * 32 + d1)>} : (memref<32x32xf32>) -> f32
    %1 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 32 + d1)>} : (memref<32x32xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64: 32, 32>} : () -> memref<32x32xf32>
  "func.return"(%buf3, %buf2) : (memref<32x32xf32>, memref<32x32xf32>) -> ()
}
