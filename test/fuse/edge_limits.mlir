// Edges of peak-memory-factor and max-fusion-size.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true peak-memory-factor=1024})' 2>&1 >/dev/null | %filecheck %s --check-prefix=AT
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true peak-memory-factor=1023})' 2>&1 >/dev/null | %filecheck %s --check-prefix=BELOW
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true max-fusion-size=3})' 2>&1 >/dev/null | %filecheck %s --check-prefix=SIZE3

/// op2 and op3 share bias (4096 bytes); each is the single user of a 4 MiB mm output of the same size:
/// overhead 4194304 = 1024 x 4096. The guard refuses when overhead > factor x shared: 1024 fuses, 1023
/// does not.
// AT: fusing op2 with op3
// BELOW: cannot fuse op2 with op3: Fusion will increase peak memory
// BELOW-NOT: fusing op2 with op3
func.func @peak(%arg0_1: memref<1024x1024xf32>, %arg1_1: memref<1024x1024xf32>, %arg2_1: memref<1024xf32>) -> (memref<1024x1024xf32>, memref<1024x1024xf32>) {
  %buf0 = "ind.extern"(%arg0_1, %arg1_1) {name = "buf0", kernel = "mm"} : (memref<1024x1024xf32>, memref<1024x1024xf32>) -> memref<1024x1024xf32>
  %buf1 = "ind.extern"(%arg1_1, %arg0_1) {name = "buf1", kernel = "mm"} : (memref<1024x1024xf32>, memref<1024x1024xf32>) -> memref<1024x1024xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  %buf3 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf1) {index = affine_map<(d0, d1) -> (d0 * 1024 + d1)>} : (memref<1024x1024xf32>) -> f32
    %1 = "ind.load"(%arg2_1) {index = affine_map<(d0, d1) -> (d1)>} : (memref<1024xf32>) -> f32
    %2 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64: 1024, 1024>} : () -> memref<1024x1024xf32>
  "func.return"(%buf2, %buf3) : (memref<1024x1024xf32>, memref<1024x1024xf32>) -> ()
}

// -----

/// A chain of three pointwise nodes: max-fusion-size=3 fuses all three (options.mlir: 2 stops at two).
// SIZE3: fusing op0 with op1
// SIZE3: fusing op0_op1 with op2
// SIZE3-NOT: exceeds max fusion
func.func @chain3(%arg0_1: memref<1024xf32>) -> memref<1024xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  "func.return"(%buf2) : (memref<1024xf32>) -> ()
}

// -----

/// Same buffer, same index expression, different ranges: op0 writes buf0 at 16*d0 + d1 over [64, 16],
/// op1 reads it at 16*d0 + d1 over [32, 32] (elements 0..527: not what op0 wrote at each point). The
/// write's sizes are no prefix of the read's: the deps do not match, whatever the index says. Both read
/// arg1_1[0] (4 shared bytes), so the pair gets past "no shared data" to the vertical check.
// AT: cannot fuse op0 with op1: memory deps did not match
// AT-NOT: fusing op0 with op1
func.func @same_index_other_ranges(%arg0_1: memref<1024xf32>, %arg1_1: memref<1xf32>) -> memref<32x32xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 16 + d1)>} : (memref<1024xf32>) -> f32
    %1 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (0)>} : (memref<1xf32>) -> f32
    %2 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 64, 16>} : () -> memref<64x16xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 16 + d1)>} : (memref<64x16xf32>) -> f32
    %1 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (0)>} : (memref<1xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 32, 32>} : () -> memref<32x32xf32>
  "func.return"(%buf1) : (memref<32x32xf32>) -> ()
}

// -----

/// The same producer with a consumer over its own ranges [64, 16] (the control): the deps match, fused.
// AT: fusing op0 with op1
func.func @same_index_same_ranges(%arg0_1: memref<1024xf32>, %arg1_1: memref<1xf32>) -> memref<64x16xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 16 + d1)>} : (memref<1024xf32>) -> f32
    %1 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (0)>} : (memref<1xf32>) -> f32
    %2 = "arith.mulf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 64, 16>} : () -> memref<64x16xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0, d1) -> (d0 * 16 + d1)>} : (memref<64x16xf32>) -> f32
    %1 = "ind.load"(%arg1_1) {index = affine_map<(d0, d1) -> (0)>} : (memref<1xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 64, 16>} : () -> memref<64x16xf32>
  "func.return"(%buf1) : (memref<64x16xf32>) -> ()
}
