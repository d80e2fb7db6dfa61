// RUN: %ind-opt %S/../kernel/seed_kernel.mlir --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s --check-prefix=SEED
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s

/// The seed: one gpu.func with noalias bare-pointer-friendly args and 32 floats of workgroup memory;
/// x, bias, gamma, beta as 16-byte vector loads; 5 xor shuffles, one barrier; vector stores. The
/// kernel.defs are gone, the wrapper stays.
// SEED: "gpu.module"() <{sym_name = "ind_kernels"}>
// SEED: "gpu.func"() <{arg_attrs = [{llvm.noalias}, {llvm.noalias}, {llvm.noalias}, {llvm.noalias}, {llvm.noalias}], function_type = (memref<1048576xf32>, memref<1024xf32>, memref<1024xf32>, memref<1024xf32>, memref<1048576xf32>) -> (), known_block_size = array<i32: 256, 1, 1>}>
// SEED: %{{.*}}: memref<32xf32, #gpu.address_space<workgroup>>
// SEED-COUNT-2: "vector.load"({{.*}}) <{alignment = 16 : i64}> : (memref<{{[0-9]+}}xf32>, index) -> vector<4xf32>
// SEED-COUNT-5: "gpu.shuffle"({{.*}}) <{mode = #gpu<shuffle_mode xor>}>
// SEED: "gpu.barrier"
// SEED-NOT: "gpu.barrier"
// SEED-COUNT-2: "vector.load"({{.*}}) <{alignment = 16 : i64}> : (memref<1024xf32>, index) -> vector<4xf32>
// SEED: "vector.store"({{.*}}) <{alignment = 16 : i64}>
// SEED: "gpu.return"
// SEED: sym_name = "triton_per_fused_add_mean_mul_relu_sub_0"
// SEED-NOT: "kernel.def"
// SEED: "kernel.launch"
// SEED: gpu.container_module

// -----

/// Pointwise with numel (1000) not a multiple of block * vector_width (128): indices are clamped and
/// the store is guarded. A transposed read (not tiled here: 40 columns are no multiple of 32 x 4) is
/// served by one scalar load per element.
// CHECK-LABEL: "gpu.module"
// CHECK: "gpu.func"(){{.*}}known_block_size = array<i32: 32, 1, 1>
// CHECK: "arith.cmpi"({{.*}}) <{predicate = 6 : i64}>
// CHECK: "vector.load"
// CHECK-NOT: "vector.load"
// CHECK-COUNT-4: "memref.load"
// CHECK: "scf.if"
// CHECK: "vector.store"
"kernel.def"() ({
^bb0(%a: memref<1000xf32>, %t: memref<1000xf32>, %o: memref<1000xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 40 + d1)>} : (memref<1000xf32>) -> f32
  %1 = "kernel.load"(%t) {index = affine_map<(d0, d1) -> (d1 * 25 + d0)>} : (memref<1000xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 40 + d1)>} : (memref<1000xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 25, 40>, rranges = array<i64>,
    block = 32 : i64, xblock = 128 : i64, vector_width = 4 : i64} : () -> ()

// -----

/// A looped reduction: an scf.for over the chunks carrying one accumulator per vector lane (4, as
/// Triton's RBLOCK-wide accumulators), the lanes combined pairwise after the loop, then the block
/// reduction, then the r-invariant output written by thread 0 only.
// CHECK-LABEL: "gpu.module"
// CHECK: %[[SUM:.*]]:4 = "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK-NEXT: ^bb0(%{{.*}}: index, %[[A0:[^:]*]]: f32, %[[A1:[^:]*]]: f32,
// CHECK: "vector.load"
// CHECK: "arith.addf"(%[[A0]],
// CHECK: "arith.addf"(%[[A1]],
// CHECK: "scf.yield"
// CHECK: %[[L01:.*]] = "arith.addf"(%[[SUM]]#0, %[[SUM]]#1)
// CHECK: %[[L23:.*]] = "arith.addf"(%[[SUM]]#2, %[[SUM]]#3)
// CHECK: %[[T:.*]] = "arith.addf"(%[[L01]], %[[L23]])
// CHECK: "gpu.shuffle"(%[[T]]
// CHECK: "gpu.barrier"
// CHECK: "scf.if"
// CHECK: "memref.store"
"kernel.def"() ({
^bb0(%a: memref<524288xf32>, %o: memref<64xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 8192 + d1)>} : (memref<524288xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "sum"} : (f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "reduction", xranges = array<i64: 64>, rranges = array<i64: 8192>,
    block = 512 : i64, xblock = 1 : i64, vector_width = 4 : i64} : () -> ()

// -----

/// A load that does not depend on the vector dim is loaded once per vector (a column of a row-major
/// matrix read along r: stride 64), 4 chunks of 32 threads x 2 elements: 4 loads; a block of one warp needs no workgroup memory and no barrier.
// CHECK-LABEL: "gpu.module"
// CHECK-NOT: workgroup
// CHECK-NOT: "vector.load"
// CHECK-COUNT-4: "memref.load"
// CHECK-NOT: "memref.load"
// CHECK: "gpu.shuffle"
// CHECK-NOT: "gpu.barrier"
"kernel.def"() ({
^bb0(%a: memref<4096xf32>, %o: memref<64xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1, d2) -> (d1 * 64 + d0)>} : (memref<4096xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "max"} : (f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0, d1, d2) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "persistent_reduction", xranges = array<i64: 64>, rranges = array<i64: 64, 4>,
    block = 32 : i64, xblock = 1 : i64, vector_width = 2 : i64} : () -> ()

// -----

/// An outer reduction (xblock 8, 32 threads per column, 100 columns: the last block is partial):
/// partials of a column go through workgroup memory of block floats, thread rtid == 0 of each valid
/// column writes.
// CHECK-LABEL: "gpu.module"
// CHECK: memref<256xf32, #gpu.address_space<workgroup>>
// CHECK: "arith.remui"(%{{.*}}, %{{.*}})
// CHECK: "arith.cmpi"({{.*}}) <{predicate = 6 : i64}>
// CHECK: "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) ({
// CHECK-NOT: "gpu.shuffle"
// CHECK: "gpu.barrier"
// CHECK-COUNT-32: "memref.load"(%{{.*}}, %{{.*}}) : (memref<256xf32, #gpu.address_space<workgroup>>, index)
// CHECK: "scf.if"
// CHECK: "scf.if"
// CHECK: "memref.store"
"kernel.def"() ({
^bb0(%a: memref<51200xf32>, %o: memref<100xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 100 + d0)>} : (memref<51200xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "sum"} : (f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<100xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "reduction", xranges = array<i64: 100>, rranges = array<i64: 512>,
    block = 256 : i64, xblock = 8 : i64, vector_width = 1 : i64} : () -> ()

// -----

/// x + x.T on 64x256: the transposed read makes the block a tile of 8 rows x 128 columns (tid % 32 on 4
/// columns, tid / 32 on a row; the block id picks the tile); the direct read and the store stay 16-byte
/// vectors; the transposed read is staged: one coalesced 16-byte read per thread into 4 x 32 x 9 (+ 24 skew) floats
/// of workgroup memory, a barrier, 4 reads back.
// CHECK-LABEL: "gpu.module"
// CHECK: memref<1176xf32, #gpu.address_space<workgroup>>
// CHECK: %[[TID:.*]] = "gpu.thread_id"
// CHECK: %[[C32:.*]] = "arith.constant"() <{value = 32 : index}>
// CHECK: "arith.remui"(%[[TID]], %[[C32]])
// CHECK: "arith.divui"(%[[TID]],
// CHECK: "vector.load"
// CHECK: "vector.load"
// CHECK-COUNT-4: "memref.store"({{.*}}) : (f32, memref<1176xf32, #gpu.address_space<workgroup>>, index)
// CHECK: "gpu.barrier"
// CHECK-COUNT-4: "memref.load"({{.*}}) : (memref<1176xf32, #gpu.address_space<workgroup>>, index)
// CHECK: "vector.store"
"kernel.def"() ({
^bb0(%a: memref<16384xf32>, %o: memref<16384xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>) -> f32
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d1 * 64 + d0)>} : (memref<16384xf32>) -> f32
  %2 = "arith.addf"(%0, %1) : (f32, f32) -> f32
  "kernel.store"(%o, %2) {index = affine_map<(d0, d1) -> (d0 * 256 + d1)>} : (memref<16384xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 64, 256>, rranges = array<i64>,
    block = 256 : i64, xblock = 1024 : i64, vector_width = 4 : i64} : () -> ()
