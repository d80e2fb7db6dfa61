// fuse-tvm: TVM's FuseOps on the sched IR (passes/fuse/tvm.c, docs/passes/fuse.md). On graph input
// --fuse=tvm lowers op-level (every op its own node), so the seed has its 10 ops.

/// The seed: 3 groups (everything up to s, the mean, the epilogue), s materialized.
// RUN: %ind-opt %examples/seed.mlir --fuse=tvm | %filecheck %s --check-prefix=SEED
// RUN: env IND_LOGS=fusion %ind-opt %examples/seed.mlir --fuse=tvm 2>&1 >/dev/null | %filecheck %s --check-prefix=SEEDLOG
// SEED: "sched.fused"
// SEED: name = "op5"
// SEED-NEXT: "gpu.yield"(%{{[0-9]+}}) : (memref<1024x1024xf32>)
// SEED-NEXT: name = "op0_op1_op2_op3_op4_op5"
// SEED: "sched.node"
// SEED: kind = "reduction"
// SEED-SAME: name = "op6"
// SEED-SAME: reads = {{\[\["buf5"}}
// SEED: "sched.fused"
// SEED: name = "op7"
// SEED-SAME: reads = {{\[\["buf5".*\["buf6"}}
// SEED: name = "op7_op8_op9"
// SEED-NOT: "sched.node"
// SEED: "func.return"
// SEEDLOG: tvm: op0 kElemWise, post-dominator op1 (kElemWise)
// SEEDLOG: tvm: op1 kBroadcast, post-dominator op2 (kElemWise)
// SEEDLOG: tvm: op2 kElemWise, post-dominator op5 (kElemWise)
// SEEDLOG: tvm: op5 kElemWise, post-dominator op7 (kCommReduce)
// SEEDLOG: tvm: op6 kCommReduce, post-dominator op7 (kBroadcast)
// SEEDLOG: tvm: op9 kBroadcast, no post-dominator (output)
// SEEDLOG: tvm phase 0: fuse op2 into the group of its post-dominator op5
// SEEDLOG: tvm phase 0: op5 not fused into op7: a path holds a node above kInjective
// SEEDLOG: tvm group 0 (kElemWise, 6 nodes, 1 kernel): op0 op1 op2 op3 op4 op5
// SEEDLOG: tvm group 1 (kCommReduce, 1 nodes, 1 kernel): op6
// SEEDLOG: tvm group 2 (kBroadcast, 3 nodes, 1 kernel): op7 op8 op9
// SEEDLOG: tvm: 3 groups, 3 kernels

/// max_fuse_depth through the stage flag: at most 4 ops per group.
// RUN: env IND_LOGS=fusion %ind-opt %examples/seed.mlir --fuse='tvm{max-depth=4}' 2>&1 >/dev/null | %filecheck %s --check-prefix=DEPTH
// DEPTH: tvm phase 0: op2 not fused into op5: more than max-depth=4 nodes
// DEPTH: tvm group 0 (kElemWise, 3 nodes, 1 kernel): op0 op1 op2
// DEPTH: tvm group 1 (kElemWise, 3 nodes, 1 kernel): op3 op4 op5
// DEPTH: tvm: 4 groups, 4 kernels
/// ... and one more node joins with max-depth=6 (the edge of the option: 6 fits, 5 does not).
// RUN: env IND_LOGS=fusion %ind-opt %examples/seed.mlir --fuse='tvm{max-depth=6}' 2>&1 >/dev/null | %filecheck %s --check-prefix=DEPTH6
// RUN: env IND_LOGS=fusion %ind-opt %examples/seed.mlir --fuse='tvm{max-depth=5}' 2>&1 >/dev/null | %filecheck %s --check-prefix=DEPTH5
// DEPTH6: tvm: 3 groups, 3 kernels
// DEPTH5: tvm: 4 groups, 4 kernels

/// mm + elementwise chain: mm is kOutEWiseFusable and takes its epilogue in phase 0 (one TVM group);
/// ind's mm is an extern library call, so the group becomes two kernels: mm, then the chain.
// RUN: %ind-opt %examples/mm_epilogue.mlir --fuse=tvm | %filecheck %s --check-prefix=MM
// RUN: env IND_LOGS=fusion %ind-opt %examples/mm_epilogue.mlir --fuse=tvm 2>&1 >/dev/null | %filecheck %s --check-prefix=MMLOG
// MM: kind = "extern"
// MM-SAME: name = "op0"
// MM: "sched.fused"
// MM: name = "op1_op2"
// MMLOG: tvm: op0 kOutEWiseFusable, post-dominator op1 (kElemWise)
// MMLOG: tvm phase 0: fuse op0 into the group of its post-dominator op1
// MMLOG: tvm phase 0: fuse op1 into the group of its post-dominator op2
// MMLOG: tvm: op1 starts kernel 2 of its group
// MMLOG: tvm group 0 (kOutEWiseFusable, 3 nodes, 2 kernels): op0 op1 op2

/// Diamonds: an elementwise diamond is one group (relu's post-dominator is the add, every path
/// elementwise); with a transpose on one branch it is still one TVM group (intermediate kInjective
/// is allowed), but ind cannot read a transposed intermediate in the kernel that writes it
/// ("memory deps did not match"): two kernels, relu's output materialized.
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/diamond.mlir --fuse=tvm 2>&1 >/dev/null | %filecheck %s --check-prefix=DIA
// RUN: %ind-opt %S/Inputs/diamond.mlir --fuse=tvm | %filecheck %s --check-prefix=DIAIR
// DIA: tvm: op0 kElemWise, post-dominator op3 (kElemWise)
// DIA: tvm: op1 kElemWise, post-dominator op3 (kElemWise)
// DIA: tvm phase 0: fuse op0 into the group of its post-dominator op3
// DIA: tvm group 0 (kElemWise, 4 nodes, 1 kernel): op0 op1 op2 op3
// DIA: tvm: op0 kElemWise, post-dominator op2 (kInjective)
// DIA: tvm: op1 kInjective, post-dominator op2 (kElemWise)
// DIA: tvm phase 0: fuse op0 into the group of its post-dominator op2
// DIA: tvm group 0 (kElemWise, 3 nodes, 2 kernels): op0 op1 op2
// DIAIR: sym_name = "elementwise"
// DIAIR: name = "op0_op1_op2_op3"
// DIAIR: sym_name = "injective"
// DIAIR: kind = "pointwise"
// DIAIR-SAME: name = "op0"
// DIAIR: name = "op1_op2"

/// Several outputs: a kTuple node returns them; an output never fuses into it.
// RUN: env IND_LOGS=fusion %ind-opt %examples/rmsnorm_residual.mlir --fuse=tvm 2>&1 >/dev/null | %filecheck %s --check-prefix=TUP
// TUP: tvm: op0 kElemWise, post-dominator tuple (kCommReduce)
// TUP: tvm: op6 kBroadcast, post-dominator tuple (kInjective)
// TUP: tvm: tuple kTuple, no post-dominator (output)
// TUP-NOT: fuse op0 into
// TUP: tvm group 0 (kElemWise, 1 nodes, 1 kernel): op0

/// On an Inductor-style lowering (ind input) it runs too: the seed's two nodes stay apart (a
/// reduction never starts a fusion, the epilogue is the output).
// RUN: %ind-opt %S/Inputs/seed.ind.mlir --fuse=tvm | %filecheck %s --check-prefix=IND
// IND-NOT: "sched.fused"
// IND: name = "op0"
// IND: name = "op1"

/// Bad options are errors of the stage.
// RUN: %not %ind-opt %examples/seed.mlir --fuse='tvm{max-depth=x}' 2>&1 | %filecheck %s --check-prefix=BADOPT
// RUN: %not %ind-opt %examples/seed.mlir --fuse='tvm{depth=4}' 2>&1 | %filecheck %s --check-prefix=BADNAME
// RUN: %not %ind-opt %examples/seed.mlir --fuse='tvm{max-depth=4' 2>&1 | %filecheck %s --check-prefix=BADBRACE
// BADOPT: error: bad value 'x' for option 'max-depth' of pass 'fuse-tvm' (expected integer)
// BADNAME: error: pass 'fuse-tvm' has no option 'depth'
// BADBRACE: error: --fuse: malformed options in 'tvm{max-depth=4' (expected 'tvm{key=value ...}')

/// A second --fuse=tvm on its own output changes nothing (the groups are rebuilt, nothing new fuses).
// RUN: %ind-opt %examples/seed.mlir --fuse=tvm | %ind-opt --fuse=tvm | %filecheck %s --check-prefix=AGAIN
// AGAIN: name = "op0_op1_op2_op3_op4_op5"
// AGAIN: name = "op6"
// AGAIN: name = "op7_op8_op9"

/// The lowering stage's own value: op-level is the only one.
// RUN: %not %ind-opt %examples/seed.mlir --lower=bogus 2>&1 | %filecheck %s --check-prefix=LOWER
// LOWER: error: --lower: unknown value 'bogus' (known: op-level)
