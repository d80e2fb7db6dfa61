// A cycle through two fused nodes. op1+op2 and op3+op4 fuse first (8 KiB shared each); the size cap
// (max-fusion-size=2) keeps everything else apart. op0 and op5 share only s, and op5 does not depend on
// op0 directly, but op0 -> op1 (in op1_op2), op2 -> op3 (op3 reads buf2; in op3_op4), op4 -> op5: fusing
// op0 with op5 would close a cycle through op1_op2 and op3_op4. The walk must go through both.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true max-fusion-size=2})' 2>&1 >/dev/null | %filecheck %s --check-prefix=LOG
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{max-fusion-size=2})' | %filecheck %s
// LOG: fusing op1 with op2
// LOG: fusing op3 with op4
// LOG: cannot fuse op0 with op5: will create cycle
// LOG-NOT: fusing op0 with op5
// CHECK: name = "op0"
// CHECK: name = "op1_op2"
// CHECK: name = "op3_op4"
// CHECK: name = "op5"
func.func @cycle2(%s: memref<1024xf32>, %a1: memref<1024xf32>, %a2: memref<1024xf32>, %b1: memref<1024xf32>, %b2: memref<1024xf32>) -> (memref<1024xf32>, memref<1024xf32>, memref<1024xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%s) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %1 = "ind.load"(%a1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %2 = "ind.load"(%a2) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %3 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    %4 = "arith.addf"(%3, %2) : (f32, f32) -> f32
    "gpu.yield"(%4) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%a1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %1 = "ind.load"(%a2) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf3 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf2) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %1 = "ind.load"(%b1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %2 = "ind.load"(%b2) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %3 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    %4 = "arith.addf"(%3, %2) : (f32, f32) -> f32
    "gpu.yield"(%4) : (f32) -> ()
  }) {name = "buf3", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf4 = "ind.pointwise"() ({
    %0 = "ind.load"(%b1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %1 = "ind.load"(%b2) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf4", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf5 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf4) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %1 = "ind.load"(%s) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf5", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  "func.return"(%buf1, %buf3, %buf5) : (memref<1024xf32>, memref<1024xf32>, memref<1024xf32>) -> ()
}

