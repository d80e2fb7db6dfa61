// convert-kernel-to-cpu lowers each kernel.reduce to lanes accumulated in parallel and combined as a
// tree, chunk results combined by a binary counter (docs/passes/kernel_to_cpu.md, "Accuracy").
// reduction-lanes=2 lane-chunk=4 make a chunk C = 8 elements: rnumel 8 is one chunk (no chunk loop, no
// mask), rnumel 9 is two (a chunk loop carrying K = 2 levels, a mask against 9). reduction-lanes=1 is
// one running accumulator.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-cpu{reduction-lanes=2 lane-chunk=4})' | %filecheck %s --check-prefix=C8
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-cpu{reduction-lanes=1 lane-chunk=100})' | %filecheck %s --check-prefix=ONE
// RUN: %not %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-cpu{reduction-lanes=0})' 2>&1 | %filecheck %s --check-prefix=ERR
// RUN: %not %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-cpu{reduction-lanes=65})' 2>&1 | %filecheck %s --check-prefix=ERR
// RUN: %not %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-cpu{lane-chunk=0})' 2>&1 | %filecheck %s --check-prefix=ERR
// ERR: error: convert-kernel-to-cpu: reduction-lanes must be in [1, 64] and lane-chunk >= 1

/// rnumel 8 = C: the lane loop runs 4 times over 2 accumulators, no chunk loop and no mask.
// C8-LABEL: sym_name = "r8"
// C8: %[[ID:.*]] = "arith.constant"() <{value = 0.000000e+00 : f32}>
// C8-NOT: "scf.for"
// C8: %[[LN:.*]]:2 = "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %[[ID]], %[[ID]])
// C8-NOT: "arith.cmpi"
// C8: "scf.yield"
// C8-NEXT: })
// C8-NEXT: %[[S:.*]] = "arith.addf"(%[[LN]]#0, %[[LN]]#1)
// C8-NOT: "arith.shrui"
// C8: "memref.store"(%[[S]]
// ONE-LABEL: sym_name = "r8"
// ONE: %[[A:.*]] = "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) ({
// ONE-NEXT: ^bb0(%{{.*}}: index, %{{.*}}: f32):
// ONE: "memref.store"(%[[A]]
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xf32>, %out_ptr0: memref<1xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "sum"} : (f32) -> f32
  "kernel.store"(%out_ptr0, %1) {index = affine_map<(d0) -> (0)>} : (memref<1xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "r8", kind = "persistent_reduction", xranges = array<i64>,
    rranges = array<i64: 8>, block = 32 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// rnumel 9 = C + 1 (over two r dims, 3 x 3): a chunk loop over 2 chunks carrying the K = 2 levels of the
/// counter (identity max = -inf), the lane index masked against 9 and split into the two r dims; the
/// lanes' tree, then the counter's update, and after the loop the levels combined top first.
// C8-LABEL: sym_name = "r9"
// C8: %[[ID:.*]] = "arith.constant"() <{value = 0xFF800000 : f32}>
// C8: %[[NINE:.*]] = "arith.constant"() <{value = 9 : index}>
// C8: %[[ST:.*]]:2 = "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %[[ID]], %[[ID]])
// C8-NEXT: ^bb0(%[[C:.*]]: index, %[[S0:.*]]: f32, %[[S1:.*]]: f32):
// C8: %[[LN:.*]]:2 = "scf.for"
// C8: %[[OK:.*]] = "arith.cmpi"(%[[J:.*]], %[[NINE]]) <{predicate = 6 : i64}>
// C8: %[[JJ:.*]] = "arith.select"(%[[OK]], %[[J]], %{{.*}})
// C8: "arith.remui"(%[[JJ]]
// C8: "arith.divui"(%[[JJ]]
// C8: "memref.load"
// C8: "arith.select"(%[[OK]], %{{.*}}, %[[ID]])
// C8: "arith.maximumf"
// C8: %[[CH:.*]] = "arith.maximumf"(%[[LN]]#0, %[[LN]]#1)
// C8: "arith.shrui"(%[[C]]
// C8: "arith.maximumf"(%[[S0]], %[[CH]])
// C8: "arith.shrui"(%[[C]]
// C8: "scf.yield"
// C8-NEXT: })
// C8-NEXT: %[[T:.*]] = "arith.maximumf"(%[[ST]]#1, %[[ST]]#0)
// C8: "memref.store"(%[[T]]
"kernel.def"() ({
^bb0(%in_ptr0: memref<9xf32>, %out_ptr0: memref<1xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 * 3 + d1)>} : (memref<9xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "max"} : (f32) -> f32
  "kernel.store"(%out_ptr0, %1) {index = affine_map<(d0, d1) -> (0)>} : (memref<1xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "r9", kind = "persistent_reduction", xranges = array<i64>,
    rranges = array<i64: 3, 3>, block = 32 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()
