// "node1 must go before node2": op0 (reads x, y) and op2 (reads buf0, buf1, y) share 8 KiB and fuse
// first; the next pair (op0, op1) now resolves to (op0_op2, op1), and op1 is an ancestor of op0_op2.
// (op1, op0_op2) then fuses in the right order, unless the size cap forbids it.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true})' 2>&1 >/dev/null | %filecheck %s --check-prefix=LOG
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{debug-fusion=true max-fusion-size=2})' 2>&1 >/dev/null | %filecheck %s --check-prefix=CAP
// LOG: fusing op0 with op2
// LOG-NEXT: cannot fuse op0_op2 with op1: node1 must go before node2
// LOG-NEXT: fusing op1 with op0_op2
// LOG: fused 3 nodes into 1 nodes
// CAP: fusing op0 with op2
// CAP-NEXT: cannot fuse op0_op2 with op1: node1 must go before node2
// CAP-NEXT: cannot fuse op1 with op0_op2: exceeds max fusion
func.func @before(%x: memref<1024xf32>, %y: memref<1024xf32>) -> (memref<1024xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %1 = "ind.load"(%y) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    "gpu.yield"(%2) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%x) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %1 = "ind.load"(%buf1) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %2 = "ind.load"(%y) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
    %3 = "arith.addf"(%0, %1) : (f32, f32) -> f32
    %4 = "arith.addf"(%3, %2) : (f32, f32) -> f32
    "gpu.yield"(%4) : (f32) -> ()
  }) {name = "buf2", ranges = array<i64: 1024>} : () -> memref<1024xf32>
  "func.return"(%buf2) : (memref<1024xf32>) -> ()
}

