// A MemoryDep holds up to IND_MEMDEP_MAX_DIMS (16) iteration dims: a node over 16 dims is scheduled with
// its reads and writes over all 16; one over 17 is refused by ind-schedule with a located error (so the
// split run exits non-zero).
// RUN: env IND_LOGS=ir_pre_fusion %not %ind-opt %s --split-input-file --pass-pipeline='builtin.module(ind-schedule,fuse-inductor)' -o /dev/null 2>&1 | %filecheck %s
// RUN: %ind-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(ind-schedule)' -o /dev/null

// CHECK: op0.writes =
// CHECK-NEXT: MemoryDep('buf0', 32768*d0 + {{.*}} + 2*d14 + d15, {d0: 2, {{.*}}, d15: 2})
// CHECK: op0.met_dependencies =
// CHECK-NEXT: MemoryDep('arg0_1', 32768*d0 + {{.*}} + 2*d14 + d15, {d0: 2, {{.*}}, d15: 2})
func.func @dims16(%x: memref<65536xf32>) -> (memref<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15) -> (d0 * 32768 + d1 * 16384 + d2 * 8192 + d3 * 4096 + d4 * 2048 + d5 * 1024 + d6 * 512 + d7 * 256 + d8 * 128 + d9 * 64 + d10 * 32 + d11 * 16 + d12 * 8 + d13 * 4 + d14 * 2 + d15 * 1)>} : (memref<65536xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2>} : () -> memref<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>
  "func.return"(%buf0) : (memref<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>) -> ()
}

// -----

func.func @dims17(%x: memref<131072xf32>) -> (memref<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>) {
  // expected-error @+1 {{ind-schedule: expected a 'ranges' array of at most 16 sizes}}
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, d15, d16) -> (d0 * 65536 + d1 * 32768 + d2 * 16384 + d3 * 8192 + d4 * 4096 + d5 * 2048 + d6 * 1024 + d7 * 512 + d8 * 256 + d9 * 128 + d10 * 64 + d11 * 32 + d12 * 16 + d13 * 8 + d14 * 4 + d15 * 2 + d16 * 1)>} : (memref<131072xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2>} : () -> memref<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>
  "func.return"(%buf0) : (memref<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>) -> ()
}
