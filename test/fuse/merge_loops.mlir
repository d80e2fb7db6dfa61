// Inductor's loop_ordering_after_fusion merges loops before it compares MemoryDeps with different dim counts
// (MemoryDep.normalize, in fusable_read_and_write and _try_reorder_loops_for_candidates): adjacent dims that
// an index reads as one dim become one. A view between two nodes splits their loops differently: the softmax
// backward of an attention whose scores come from a bmm reduces over [2, 3, 16] x [16] and its epilogue
// iterates [6, 16, 16]; the row sums are written at 48*d0 + 16*d1 + d2 and read at 16*d0 + d1, both d0 over
// [96] after merging. Shared data is then the write's bytes (a write and a read are preferred to a larger
// shared read: the input g, 6144 bytes, is not the one named), the read matches the write (vertical
// legality), and one kernel computes both (two before). Read flipped (16*d0 - d1 + 15: the outer stride is
// not the inner's times its size), nothing merges to the write: the shared read of g still counts, but the
// vertical check refuses ("memory deps did not match"). Horizontal: two views of one input share it after
// merging (the larger of two shared inputs named) and fuse. With loop-ordering-after-fusion=false nothing is
// merged for the score: "no shared data". At codegen (sched-to-kernel, Inductor's merge_loops) a node whose
// loops split the kernel's differently has its mergeable loops merged before they are placed: fuse-tvm puts
// a [11, 2, 62, 3] comparison in the kernel of the [44, 93] rms_norm epilogue it reads; the comparison reads
// its i32 input at d0 * 93 + d1, without floordiv / mod (before: "a buffer computed in this kernel is read at
// another index than it is written", the read's split index not simplified to the write's). Four kernels: the
// rms_norm's reduction reads the [2, 1023, 2] reshape's buffer as [44, 93] at d0 * 93 + d1 (nested floordiv
// pairs merge, index_algebra.c), no [44, 93] copy of it before (five kernels before that).
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/softmax_backward_view.mlir --lower --fuse -o /dev/null 2>&1 | %filecheck %s --check-prefix=LOG
// RUN: %ind-opt %S/Inputs/softmax_backward_view.mlir --codegen | %filecheck %s --check-prefix=ONE
// RUN: %ind-run %S/Inputs/softmax_backward_view.mlir | %filecheck %s --check-prefix=JIT
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/softmax_backward_flip.mlir --lower --fuse -o /dev/null 2>&1 | %filecheck %s --check-prefix=FLIP
// RUN: %ind-opt %S/Inputs/softmax_backward_flip.mlir --codegen | %filecheck %s --check-prefix=TWO
// RUN: %ind-run %S/Inputs/softmax_backward_flip.mlir | %filecheck %s --check-prefix=JIT
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/two_views_horizontal.mlir --lower --fuse -o /dev/null 2>&1 | %filecheck %s --check-prefix=HORIZ
// RUN: %ind-opt %S/Inputs/two_views_horizontal.mlir --codegen | %filecheck %s --check-prefix=ONE
// RUN: %ind-run %S/Inputs/two_views_horizontal.mlir | %filecheck %s --check-prefix=JIT
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/softmax_backward_view.mlir --lower --fuse='inductor{loop-ordering-after-fusion=false}' -o /dev/null 2>&1 | %filecheck %s --check-prefix=OFF
// RUN: %ind-opt %S/Inputs/softmax_backward_view.mlir --lower --fuse='inductor{loop-ordering-after-fusion=false}' --codegen | %filecheck %s --check-prefix=TWO
// RUN: %ind-opt %S/Inputs/epilogue_other_split.mlir --fuse=tvm --codegen | %filecheck %s --check-prefix=SPLIT
// RUN: %ind-run --fuse=tvm %S/Inputs/epilogue_other_split.mlir | %filecheck %s --check-prefix=JIT

// LOG: op0 and op1 share 384 bytes after merging loops: MemoryDep('buf0', d0, {d0: 96})
// LOG: fusing op0 with op1
// LOG: fused 3 nodes into 2 nodes

// ONE-COUNT-1: "kernel.def"
// ONE-NOT: "kernel.def"

// TWO-COUNT-2: "kernel.def"
// TWO-NOT: "kernel.def"

// JIT-NOT: FAIL
// JIT: PASS
// JIT-NOT: FAIL

// FLIP: op0 and op1 share 6144 bytes after merging loops: MemoryDep('arg0_1', d0, {d0: 1536})
// FLIP-NEXT: cannot fuse op0 with op1: memory deps did not match
// FLIP-NOT: fusing op0 with op1

// HORIZ: op0 and op1 share 384 bytes after merging loops: MemoryDep('arg0_1', d0, {d0: 96})
// HORIZ: fusing op0 with op1
// HORIZ: fused 2 nodes into 1 nodes

// OFF-NOT: after merging loops
// OFF: cannot fuse op0 with op1: no shared data
// OFF-NOT: fusing op0 with op1

// SPLIT: #[[ROW:map[0-9]*]] = affine_map<(d0, d1) -> (d0 * 93 + d1)>
// SPLIT: "kernel.def"
// SPLIT: "kernel.def"
// SPLIT: "kernel.def"
// SPLIT: "kernel.def"
// SPLIT: "kernel.load"(%{{.*}}) {index = #[[ROW]]} : (memref<4092xi32>) -> i32
// SPLIT-NEXT: "arith.sitofp"
// SPLIT: "kernel.store"(%{{.*}}, %{{.*}}) {index = #[[ROW]]} : (memref<4092xi1>, i1) -> ()
// SPLIT-NEXT: "gpu.yield"
// SPLIT-NEXT: sym_name = "triton_poi_fused_le_mul_view_3"
