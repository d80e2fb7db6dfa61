// Inductor's loop_ordering_after_fusion in fuse-inductor (option loop-ordering-after-fusion, default on):
// a value written plain and transposed (examples/transpose_copy.mlir) is two nodes whose deps on buf0
// meet only under a permutation of the copy's loops; the copy's loops are reordered to (1, 0), its deps
// rewritten (its read of buf0 becomes buf0's write: a vertical fusion), and one kernel reads x once and
// stores both (the copy at the transposed index). The same in 3-D (permute(2, 0, 1): order (1, 2, 0)).
// When either node could take the other's order (Inductor reorders node1), the one whose fused kernel makes
// fewer transposed accesses to memory outside the pair is reordered, node2 when even: the transposed copy
// reorders the copy (x read and y written in order, only the copy transposed: 4 MB against 8 MB); a
// channels-last partition (the NCHW batch norm of an NHWC input, copied back to NHWC) reorders the
// computation, and the kernel iterates in NHWC order (its ranges permuted: input, output and the per-channel
// parameters contiguous or broadcast along the innermost loop; before, both transposed). Shared data comes
// first: a node that shares data at equal indices with a third node (exp(x) and x's row sums) is not the
// one reordered when that would lose it, even at fewer transposed bytes (one kernel; two without the rule).
// Off, or when no permutation makes the deps meet (a shifted slice), nothing is reordered; nor when the only
// deps that meet are ones the permutation leaves as they were (a shared scalar: two softmaxes scaled by it,
// each stays one kernel with its normalize's loops in order).
// RUN: env IND_LOGS=fusion %ind-opt %examples/transpose_copy.mlir --lower --fuse -o /dev/null 2>&1 | %filecheck %s --check-prefix=LOG
// RUN: %ind-opt %examples/transpose_copy.mlir --lower --fuse | %filecheck %s --check-prefix=SCHED
// RUN: %ind-opt %examples/transpose_copy.mlir --codegen | %filecheck %s --check-prefix=ONE
// RUN: env IND_LOGS=fusion %ind-opt %examples/transpose_copy.mlir --lower --fuse='inductor{loop-ordering-after-fusion=false}' -o /dev/null 2>&1 | %filecheck %s --check-prefix=OFF
// RUN: %ind-opt %examples/transpose_copy.mlir --lower --fuse='inductor{loop-ordering-after-fusion=false}' --codegen | %filecheck %s --check-prefix=TWO
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/permute3d_copy.mlir --lower --fuse -o /dev/null 2>&1 | %filecheck %s --check-prefix=LOG3
// RUN: %ind-opt %S/Inputs/permute3d_copy.mlir --codegen | %filecheck %s --check-prefix=ONE3
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/shifted_copy.mlir --lower --fuse -o /dev/null 2>&1 | %filecheck %s --check-prefix=NONE
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/nhwc_bn.mlir --preprocess --lower --fuse -o /dev/null 2>&1 | %filecheck %s --check-prefix=NHWC
// RUN: %ind-opt %S/Inputs/nhwc_bn.mlir --codegen | %filecheck %s --check-prefix=KNHWC
// RUN: %ind-run %S/Inputs/nhwc_bn.mlir | %filecheck %s --check-prefix=JIT1
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/reorder_keeps_sharing.mlir --lower --fuse -o /dev/null 2>&1 | %filecheck %s --check-prefix=KEEP
// RUN: %ind-opt %S/Inputs/reorder_keeps_sharing.mlir --codegen | %filecheck %s --check-prefix=KEEP1
// RUN: %ind-run %S/Inputs/reorder_keeps_sharing.mlir | %filecheck %s --check-prefix=JIT3
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/scalar_shared.mlir --lower --fuse -o /dev/null 2>&1 | %filecheck %s --check-prefix=SCALAR
// RUN: %ind-opt %S/Inputs/scalar_shared.mlir --codegen | %filecheck %s --check-prefix=SCALAR2
// RUN: %ind-run %S/Inputs/scalar_shared.mlir | %filecheck %s --check-prefix=JIT
// RUN: %ind-run %examples/transpose_copy.mlir | %filecheck %s --check-prefix=JIT
// RUN: %ind-run %S/Inputs/permute3d_copy.mlir | %filecheck %s --check-prefix=JIT
// RUN: not %ind-opt %S/../codegen/Inputs/bad_loop_order.sched.mlir --codegen 2>&1 | %filecheck %s --check-prefix=BAD

// LOG: either order fuses op0 and op1: reordering op0, transposed bytes 8388608 and shared bytes lost 0; reordering op1, 4194304 and 0
// LOG-NEXT: reordered loops of op1 to (1, 0) for op0
// LOG-NEXT: found 1 possible fusions
// LOG: fusing op0 with op1
// LOG: fused 2 nodes into 1 nodes

// SCHED: "sched.fused"
// SCHED: loop_order = array<i64: 1, 0>, name = "buf1"
// SCHED: name = "op1"
// SCHED-SAME: reads = {{\[\["buf0", #map, array<i64: 1024, 1024>\]\]}}
// SCHED-SAME: unmet_dependencies = {{\[\["buf0", #map, array<i64: 1024, 1024>\]\]}}
// SCHED-SAME: writes = {{\[\["buf1", #map[0-9]+, array<i64: 1024, 1024>\]\]}}

// ONE-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0 * 1024 + d1)>
// ONE-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d0 + d1 * 1024)>
// ONE: %[[X:.*]] = "kernel.load"(%{{.*}}) {index = #[[ROW]]}
// ONE-NOT: "kernel.load"
// ONE: "kernel.store"(%{{.*}}, %[[V:.*]]) {index = #[[ROW]]}
// ONE-NEXT: "kernel.store"(%{{.*}}, %[[V]]) {index = #[[COL]]}
// ONE-NOT: "kernel.def"

// OFF-NOT: reordered
// OFF: cannot fuse op0 with op1: no shared data
// TWO-COUNT-2: "kernel.def"

// LOG3: reordered loops of op1 to (1, 2, 0) for op0
// LOG3: fusing op0 with op1
// ONE3: #[[T:.*]] = affine_map<(d0, d1, d2) -> (d0 * 8 + d1 + d2 * 32)>
// ONE3: "kernel.store"(%{{.*}}, %{{.*}}) {index = #[[T]]}

// NONE-NOT: reordered
// NONE: cannot fuse op0 with op1: no shared data

// NHWC: either order fuses op0 and op1: reordering op0, transposed bytes 0 and shared bytes lost 0; reordering op1, 32768 and 0
// NHWC-NEXT: reordered loops of op0 to (0, 2, 3, 1) for op1
// NHWC: fused 2 nodes into 1 nodes
// KNHWC-DAG: #[[LIN:.*]] = affine_map<(d0, d1, d2, d3) -> (d0 * 2048 + d1 * 256 + d2 * 32 + d3)>
// KNHWC-DAG: #[[CH:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// KNHWC: "kernel.load"(%{{.*}}) {index = #[[LIN]]}
// KNHWC: "kernel.load"(%{{.*}}) {index = #[[CH]]}
// KNHWC: "kernel.store"(%{{.*}}, %{{.*}}) {index = #[[LIN]]}
// KNHWC: xranges = array<i64: 2, 8, 8, 32>
// JIT1: check out0: {{.*}} PASS

// KEEP: either order fuses op0 and op2: reordering op0, transposed bytes 16384 and shared bytes lost 8192; reordering op2, 24576 and 0
// KEEP-NEXT: reordered loops of op2 to (1, 0) for op0
// KEEP: fused 3 nodes into 1 nodes
// KEEP1-COUNT-1: "kernel.def"
// KEEP1-NOT: "kernel.def"
// JIT3: check out0: {{.*}} PASS
// JIT3: check out1: {{.*}} PASS
// JIT3: check out2: {{.*}} PASS

// SCALAR-NOT: reordered
// SCALAR-NOT: memory deps did not match
// SCALAR: fused 6 nodes into 2 nodes
// SCALAR2-COUNT-2: "kernel.def"
// SCALAR2-NOT: "kernel.def"

// JIT: check out0: {{.*}} PASS
// JIT: check out1: {{.*}} PASS

// BAD: bad_loop_order.sched.mlir:{{[0-9]+}}:{{[0-9]+}}: error: sched-to-kernel: 'loop_order' must be a permutation of the 3 ranges
