// Edge of max-pairwise-attempts: op0, op1, op2 all read x, so the group of x has three members. Each node
// is paired with the next max-pairwise-attempts ones: 2 finds the three pairs, 1 only (op0, op1) and
// (op1, op2).
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true max-pairwise-attempts=2})' 2>&1 >/dev/null | %filecheck %s --check-prefix=TWO
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true max-pairwise-attempts=1})' 2>&1 >/dev/null | %filecheck %s --check-prefix=ONE
// TWO: found 3 possible fusions
// TWO-DAG: op0, op2: FusionScore
// TWO-DAG: op0, op1: FusionScore
// TWO-DAG: op1, op2: FusionScore
// ONE: found 2 possible fusions
// ONE-NOT: op0, op2: FusionScore
// ONE: fusing
func.func @siblings3(%x: memref<1024xf32>) -> (memref<1024xf32>, memref<1024xf32>, memref<1024xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  "func.return"(%buf0, %buf1, %buf2) : (memref<1024xf32>, memref<1024xf32>, memref<1024xf32>) -> ()
}

