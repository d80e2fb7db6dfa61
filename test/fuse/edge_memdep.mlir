// MemoryDep index simplification at the edge of a variable's range: `d1 mod c` is d1 and `d1 floordiv c`
// is 0 exactly when d1 < c for every point, i.e. range(d1) <= c. Ranges 4 (simplified) and 5 (kept) for
// c = 4; and an offset, (d1 + 1) mod 5 over d1 < 4 (max 4: simplified) and d1 < 5 (max 5: kept).
// RUN: env IND_LOGS=ir_pre_fusion %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor)' -o /dev/null 2>&1 | %filecheck %s
// CHECK: op0.met_dependencies = [MemoryDep('arg0_1', 4*d0 + d1, {d0: 256, d1: 4})]
// CHECK: op1.met_dependencies = [MemoryDep('arg0_1', 4*d0 + d1 - 3*(d1//4), {d0: 204, d1: 5})]
// CHECK: op2.met_dependencies = [MemoryDep('arg0_1', 5*d0 + d1 + 1, {d0: 200, d1: 4})]
// CHECK: op3.met_dependencies = [MemoryDep('arg0_1', 5*d0 + d1 - 5*((d1 + 1)//5) + 1, {d0: 200, d1: 5})]
func.func @mod_edge(%arg0_1: memref<1024xf32>) -> (memref<256x4xf32>, memref<204x5xf32>, memref<200x4xf32>, memref<200x5xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 4 + d1 mod 4 + d1 floordiv 4)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 256, 4>} : () -> memref<256x4xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 4 + d1 mod 4 + d1 floordiv 4)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 204, 5>} : () -> memref<204x5xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 5 + (d1 + 1) mod 5)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 200, 4>} : () -> memref<200x4xf32>
  %buf3 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 5 + (d1 + 1) mod 5)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64: 200, 5>} : () -> memref<200x5xf32>
  "func.return"(%buf0, %buf1, %buf2, %buf3) : (memref<256x4xf32>, memref<204x5xf32>, memref<200x4xf32>, memref<200x5xf32>) -> ()
}
