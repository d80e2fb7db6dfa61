// --emit=tuning-candidates refuses a kernel.def whose xranges or rranges it cannot read (here: more
// than KERNEL_MAX_RANK = 8 entries): a located error, exit 1, no candidates.
// RUN: %not %ind-opt %s --emit=tuning-candidates > %t.out 2> %t.err
// RUN: %filecheck %s < %t.err
// RUN: %count 0 < %t.out
// CHECK: tuning_candidates_errors.mlir:[[@LINE+1]]:1: error: --emit=tuning-candidates: kernel.def without kind, ranges or geometry
"kernel.def"() ({
^bb0(%a: memref<1024xf32>, %o: memref<1024xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32
  "kernel.store"(%o, %0) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 1024>, rranges = array<i64: 1, 1, 1, 1, 1, 1, 1, 1, 1>,
    block = 256 : i64, xblock = 1024 : i64, vector_width = 4 : i64} : () -> ()
