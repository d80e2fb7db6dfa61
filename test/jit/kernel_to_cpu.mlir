// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-cpu)' | %filecheck %s

/// A pointwise kernel becomes a func.func with one scf.for per x dim and no r-loop; the load is an
/// affine.apply + memref.load, the store a memref.store; no kernel op is left.
// CHECK-LABEL: "func.func"
// CHECK-SAME: sym_name = "triton_poi_fused_neg_0"
// CHECK: ^bb0(%[[IN:.*]]: memref<12xf32>, %[[OUT:.*]]: memref<12xf32>):
// CHECK: "scf.for"
// CHECK-NEXT: ^bb0(%[[I:.*]]: index):
// CHECK: "scf.for"
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK-NEXT: %[[IX:.*]] = "affine.apply"(%[[I]], %[[J]])
// CHECK-NEXT: %[[V:.*]] = "memref.load"(%[[IN]], %[[IX]])
// CHECK-NEXT: %[[N:.*]] = "arith.negf"(%[[V]])
// CHECK-NEXT: %[[OX:.*]] = "affine.apply"(%[[I]], %[[J]])
// CHECK-NEXT: "memref.store"(%[[N]], %[[OUT]], %[[OX]])
// CHECK-NOT: "scf.for"
// CHECK-NOT: kernel.
"kernel.def"() ({
^bb0(%in_ptr0: memref<12xf32>, %out_ptr0: memref<12xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<12xf32>) -> f32
  %1 = "arith.negf"(%0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  "kernel.store"(%out_ptr0, %1) {index = affine_map<(d0, d1) -> (d0 * 4 + d1)>} : (memref<12xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_poi_fused_neg_0", kind = "pointwise", xranges = array<i64: 3, 4>, rranges = array<i64>,
    block = 16 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// A reduction: the reduce becomes an r-loop carrying 8 lane accumulators (reduction-lanes=8; only
/// its cone inside: the loads, not the r-invariant divf), combined as a tree after the loop
/// (test/jit/tree_reduction.mlir covers chunks and options); the divf is emitted once per x after the
/// tree; the r-varying store lands in a final r-loop that recomputes the load. The r-invariant store
/// is outside both loops.
// CHECK-LABEL: sym_name = "triton_per_fused_mean_0"
// CHECK: ^bb0(%[[IN:.*]]: memref<32xf32>, %[[OUT0:.*]]: memref<4xf32>, %[[OUT1:.*]]: memref<32xf32>):
// CHECK: "scf.for"
// CHECK: %[[INIT:.*]] = "arith.constant"() <{value = 0.000000e+00 : f32}>
// CHECK: %[[LN:.*]]:8 = "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %[[INIT]], %[[INIT]], %[[INIT]], %[[INIT]], %[[INIT]], %[[INIT]], %[[INIT]], %[[INIT]])
// CHECK-NEXT: ^bb0(%{{.*}}: index, %[[ACC:[^:]*]]: f32,
// CHECK: %[[L:.*]] = "memref.load"(%[[IN]]
// CHECK-NOT: "arith.divf"
// CHECK: %[[ADD:.*]] = "arith.addf"(%[[ACC]], %[[L]])
// CHECK: "scf.yield"(%[[ADD]],
// CHECK-NEXT: })
// CHECK-NEXT: %[[T0:.*]] = "arith.addf"(%[[LN]]#0, %[[LN]]#1)
// CHECK-NEXT: %[[T1:.*]] = "arith.addf"(%[[LN]]#2, %[[LN]]#3)
// CHECK-NEXT: %[[T2:.*]] = "arith.addf"(%[[LN]]#4, %[[LN]]#5)
// CHECK-NEXT: %[[T3:.*]] = "arith.addf"(%[[LN]]#6, %[[LN]]#7)
// CHECK-NEXT: %[[T4:.*]] = "arith.addf"(%[[T0]], %[[T1]])
// CHECK-NEXT: %[[T5:.*]] = "arith.addf"(%[[T2]], %[[T3]])
// CHECK-NEXT: %[[SUM:.*]] = "arith.addf"(%[[T4]], %[[T5]])
// CHECK: %[[MEAN:.*]] = "arith.divf"(%[[SUM]]
// CHECK: "memref.store"(%[[MEAN]], %[[OUT0]]
// CHECK: "scf.for"
// CHECK: %[[L2:.*]] = "memref.load"(%[[IN]]
// CHECK: %[[D:.*]] = "arith.subf"(%[[L2]], %[[MEAN]])
// CHECK: "memref.store"(%[[D]], %[[OUT1]]
"kernel.def"() ({
^bb0(%in_ptr0: memref<32xf32>, %out_ptr0: memref<4xf32>, %out_ptr1: memref<32xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "sum"} : (f32) -> f32
  %c8 = "arith.constant"() <{value = 8.000000e+00 : f32}> : () -> f32
  %2 = "arith.divf"(%1, %c8) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%out_ptr0, %2) {index = affine_map<(d0, d1) -> (d0)>} : (memref<4xf32>, f32) -> ()
  %3 = "arith.subf"(%0, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  "kernel.store"(%out_ptr1, %3) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_per_fused_mean_0", kind = "persistent_reduction", xranges = array<i64: 4>,
    rranges = array<i64: 8>, block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// max reductions start from -inf and combine with arith.maximumf (NaN-propagating, like Inductor).
// CHECK-LABEL: sym_name = "triton_per_fused_amax_0"
// CHECK: "arith.constant"() <{value = 0xFF800000 : f32}>
// CHECK: "arith.maximumf"
"kernel.def"() ({
^bb0(%in_ptr0: memref<32xf32>, %out_ptr0: memref<4xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0, d1) -> (d0 * 8 + d1)>} : (memref<32xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "max"} : (f32) -> f32
  "kernel.store"(%out_ptr0, %1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<4xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_per_fused_amax_0", kind = "persistent_reduction", xranges = array<i64: 4>,
    rranges = array<i64: 8>, block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// f16 storage: the load extends to f32, the store truncates back.
// CHECK-LABEL: sym_name = "triton_poi_fused_half_0"
// CHECK: %[[L:.*]] = "memref.load"
// CHECK-SAME: -> f16
// CHECK-NEXT: "arith.extf"(%[[L]]) : (f16) -> f32
// CHECK: "arith.truncf"
// CHECK-SAME: (f32) -> f16
// CHECK-NEXT: "affine.apply"
// CHECK-NEXT: "memref.store"
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xf16>, %out_ptr0: memref<8xf16>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0) -> (d0)>} : (memref<8xf16>) -> f32
  %1 = "math.exp"(%0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
  "kernel.store"(%out_ptr0, %1) {index = affine_map<(d0) -> (d0)>} : (memref<8xf16>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "triton_poi_fused_half_0", kind = "pointwise", xranges = array<i64: 8>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// The wrapper: allocs become memref.alloc, a launch reinterprets each buffer as the kernel's flat
/// memref and calls the kernel function; a same-type `reuse` is the reused buffer itself; the
/// buffer that is not returned is freed before the return; the wrapper gets llvm.emit_c_interface.
// CHECK-LABEL: sym_name = "k"
// CHECK-LABEL: sym_name = "call"
// CHECK: ^bb0(%[[A:.*]]: memref<2x4xf32>):
// CHECK: %[[B0:.*]] = "memref.alloc"()
// CHECK-NOT: "memref.alloc"
// CHECK: %[[FA:.*]] = "memref.reinterpret_cast"(%[[A]]) {{.*}} : (memref<2x4xf32>) -> memref<8xf32>
// CHECK: %[[FB:.*]] = "memref.reinterpret_cast"(%[[B0]])
// CHECK: "func.call"(%[[FA]], %[[FB]]) <{callee = @k}>
// CHECK: %[[FB2:.*]] = "memref.reinterpret_cast"(%[[B0]])
// CHECK: %[[FB3:.*]] = "memref.reinterpret_cast"(%[[B0]])
// CHECK: "func.call"(%[[FB2]], %[[FB3]]) <{callee = @k}>
// CHECK-NOT: "memref.dealloc"
// CHECK: "func.return"(%[[B0]])
// CHECK: llvm.emit_c_interface
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xf32>, %out_ptr0: memref<8xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
  "kernel.store"(%out_ptr0, %0) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 8>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()
"func.func"() <{function_type = (memref<2x4xf32>) -> memref<2x4xf32>, sym_name = "call"}> ({
^bb0(%a: memref<2x4xf32>):
  %buf0 = "kernel.alloc"() {name = "buf0"} : () -> memref<2x4xf32>
  "kernel.launch"() ({
    "gpu.yield"(%a, %buf0) : (memref<2x4xf32>, memref<2x4xf32>) -> ()
  }) {kernel = @k, grid = array<i64: 1>, block = array<i64: 8>} : () -> ()
  %buf1 = "kernel.alloc"() {name = "buf1", reuse = "buf0"} : () -> memref<2x4xf32>
  "kernel.launch"() ({
    "gpu.yield"(%buf0, %buf1) : (memref<2x4xf32>, memref<2x4xf32>) -> ()
  }) {kernel = @k, grid = array<i64: 1>, block = array<i64: 8>} : () -> ()
  "func.return"(%buf1) : (memref<2x4xf32>) -> ()
}) : () -> ()

// -----

/// A dead intermediate buffer is freed before the return; the returned one is not.
// CHECK-LABEL: sym_name = "call"
// CHECK: %[[B0:.*]] = "memref.alloc"()
// CHECK: %[[B1:.*]] = "memref.alloc"()
// CHECK: "memref.dealloc"(%[[B0]])
// CHECK-NOT: "memref.dealloc"
// CHECK: "func.return"(%[[B1]])
"kernel.def"() ({
^bb0(%in_ptr0: memref<8xf32>, %out_ptr0: memref<8xf32>):
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
  "kernel.store"(%out_ptr0, %0) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 8>, rranges = array<i64>,
    block = 8 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()
"func.func"() <{function_type = (memref<8xf32>) -> memref<8xf32>, sym_name = "call"}> ({
^bb0(%a: memref<8xf32>):
  %buf0 = "kernel.alloc"() {name = "buf0"} : () -> memref<8xf32>
  "kernel.launch"() ({
    "gpu.yield"(%a, %buf0) : (memref<8xf32>, memref<8xf32>) -> ()
  }) {kernel = @k, grid = array<i64: 1>, block = array<i64: 8>} : () -> ()
  %buf1 = "kernel.alloc"() {name = "buf1"} : () -> memref<8xf32>
  "kernel.launch"() ({
    "gpu.yield"(%buf0, %buf1) : (memref<8xf32>, memref<8xf32>) -> ()
  }) {kernel = @k, grid = array<i64: 1>, block = array<i64: 8>} : () -> ()
  "func.return"(%buf1) : (memref<8xf32>) -> ()
}) : () -> ()

// -----

/// A function without kernel ops is left alone (no C interface attribute, body unchanged).
// CHECK-LABEL: sym_name = "plain"
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT: "func.return"(%[[X]])
// CHECK-NOT: llvm.emit_c_interface
"func.func"() <{function_type = (f32) -> f32, sym_name = "plain"}> ({
^bb0(%x: f32):
  "func.return"(%x) : (f32) -> ()
}) : () -> ()
