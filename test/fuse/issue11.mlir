// The masked softmax of examples/masked_softmax.mlir (a causal mask built from iota, sub, le, full and
// where): the mask is index arithmetic (i64, exact) inlined into the reductions and the output, so the program writes
// no i64 or i1 buffer and fuses into one kernel. argmax (values and indices) is one kernel too.
// RUN: %ind-opt %examples/masked_softmax.mlir --preprocess --lower | %filecheck %s --check-prefix=LOWER
// RUN: %ind-opt %examples/masked_softmax.mlir --preprocess --lower --fuse --codegen | %filecheck %s --check-prefix=ONE
// RUN: %ind-opt %examples/argmax.mlir --preprocess --lower --fuse --codegen | %filecheck %s --check-prefix=ONE
// RUN: %ind-run %examples/masked_softmax.mlir | %filecheck %s --check-prefix=SOFT
// RUN: %ind-run %examples/argmax.mlir | %filecheck %s --check-prefix=RUN2
// LOWER-NOT: memref<{{[0-9x]*}}xi64>
// LOWER-NOT: memref<{{[0-9x]*}}xi1>
// LOWER: %[[I:.*]] = "ind.index_expr"() {index = #map{{[0-9]*}}} : () -> index
// LOWER-NEXT: "arith.index_cast"(%[[I]]) : (index) -> i64
// LOWER-NOT: memref<{{[0-9x]*}}xi64>
// LOWER-NOT: memref<{{[0-9x]*}}xi1>
// ONE-COUNT-1: "kernel.def"
// ONE-NOT: "kernel.def"
// SOFT: check out0: 1024x1024xf32 {{.*}} PASS
// RUN2: check out0: 1024xf32 {{.*}} PASS
// RUN2: check out1: 1024xi64 max_abs_err=0 {{.*}} PASS
