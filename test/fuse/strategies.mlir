// The --fuse stage: strategy selection, the pipeline it builds, and bad values.

// RUN: %ind-opt %S/Inputs/seed.ind.mlir --fuse=none | %filecheck %s --check-prefix=NONE
// RUN: %ind-opt %S/Inputs/seed.ind.mlir --fuse=vertical | %filecheck %s --check-prefix=VERT
// RUN: %ind-opt %S/Inputs/seed.ind.mlir --fuse=vertical --pass-pipeline='builtin.module(ind-check-level{level=sched})' | %filecheck %s --check-prefix=VERT
// RUN: %not %ind-opt %S/Inputs/seed.ind.mlir --fuse=bogus 2>&1 | %filecheck %s --check-prefix=BAD
// RUN: %ind-opt %S/Inputs/seed.ind.mlir --pass-pipeline='builtin.module(ind-schedule)' | %ind-opt --fuse=none | %filecheck %s --check-prefix=NONE
// RUN: %ind-opt %S/Inputs/seed.ind.mlir --fuse=vertical --print-ir-after-all 2>&1 >/dev/null | %filecheck %s --check-prefix=PIPE

/// none: one sched.node per buffer, no sched.fused.
// NONE-NOT: "sched.fused"
// NONE: name = "op0"
// NONE: name = "op1"
// NONE-NOT: "sched.fused"

/// vertical: the producer-consumer pair fuses.
// VERT: "sched.fused"
// VERT: name = "op0_op1"

/// An unknown strategy is an error naming the known ones.
// BAD: error: --fuse: unknown strategy 'bogus' (known: inductor vertical none tvm search)

/// On ind input the stage schedules first.
// PIPE: IR Dump After ind-schedule
// PIPE: IR Dump After fuse-vertical
