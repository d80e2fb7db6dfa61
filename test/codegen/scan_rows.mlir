// Packed scan rows (launch_choose_scan_geometry, docs/passes/codegen.md "Scans"): a scan whose row needs at
// most a warp of threads (rthreads = pow2ceil(ceil(rnumel / 8)) <= 32, rnumel <= 256) puts xblock rows in a
// block by the packed-row rule of short inner reductions (inner-rows-*), row_threads, persistent; one
// more element (257) is one row per block. In the GPU lowering a packed row is scanned inside its lanes:
// shuffle-up steps masked by rtid >= offset, the exclusive shift masked by rtid >= 1, the row total from
// its last lane (shuffle idx), no workgroup memory, no barrier; a row of one thread shuffles nothing.
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen | %filecheck %s --check-prefix=DEF
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=inner-rows-max-xblock=1 | %filecheck %s --check-prefix=OFF
// RUN: %ind-opt %s --split-input-file --lower --fuse --pass-pipeline='builtin.module(sched-to-kernel,convert-kernel-to-gpu)' | %filecheck %s --check-prefix=GPU
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=PTX

/// 8192 rows of 128: rthreads 16, xblock 16 (256 threads), two chunks of 16 x 4 per thread.
// DEF: block = 256 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 128>, {{.*}} vector_width = 4 : i64, xblock = 16 : i64
// DEF: grid = array<i64: 512>
// OFF: block = 32 : i64, kind = "persistent_reduction", rranges = array<i64: 128>, {{.*}} xblock = 1 : i64
// PTX-LABEL: .entry
// PTX-NOT: bar.sync
/// the first chunk (4 steps, the shift, the total), the second (its total is not used: no idx)
// PTX-COUNT-5: shfl.sync.up.b32
// PTX-NOT: shfl.sync.up.b32
// PTX: shfl.sync.idx.b32
// PTX-COUNT-5: shfl.sync.up.b32
// PTX-NOT: shfl.sync
// PTX: ret;
func.func @rows128(%x: tensor<8192x128xf32>) -> tensor<8192x128xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<8192x128xf32>) -> tensor<8192x128xf32>
  return %c : tensor<8192x128xf32>
}

// -----

/// 256 (rthreads 32: a whole warp per row): xblock 8 by the block cap 256 and the numel cap 4096 / 256.
// DEF: block = 256 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 256>, {{.*}} vector_width = 4 : i64, xblock = 8 : i64
// DEF: grid = array<i64: 1024>
func.func @rows256(%x: tensor<8192x256xf32>) -> tensor<8192x256xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<8192x256xf32>) -> tensor<8192x256xf32>
  return %c : tensor<8192x256xf32>
}

// -----

/// 257 (rthreads 64): one row per block, as before packing.
// DEF-NOT: row_threads
// DEF: block = 64 : i64, kind = "persistent_reduction", rranges = array<i64: 257>, {{.*}} vector_width = 1 : i64, xblock = 1 : i64
// DEF: grid = array<i64: 8192>
// PTX-LABEL: .entry
// PTX: bar.sync
func.func @rows257(%x: tensor<8192x257xf32>) -> tensor<8192x257xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<8192x257xf32>) -> tensor<8192x257xf32>
  return %c : tensor<8192x257xf32>
}

// -----

/// 100 rows of 256: the grid rule halves xblock to 1 (100 blocks < 264), so one row per block.
// DEF-NOT: row_threads
// DEF: block = 32 : i64, kind = "persistent_reduction", rranges = array<i64: 256>, {{.*}} xblock = 1 : i64
func.func @few_rows(%x: tensor<100x256xf32>) -> tensor<100x256xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<100x256xf32>) -> tensor<100x256xf32>
  return %c : tensor<100x256xf32>
}

// -----

/// 64 rows of 32: rthreads 4 (tid = row * 4 + rtid), 8 rows a block (one warp, the grid rule's floor).
/// Per chunk: shuffle up 1 and 2, each kept where 0 < rtid / 1 < rtid; the exclusive shift by 1 kept where
/// 0 < rtid (else 0.0); the total from lane (tid % 32) - rtid + 3. No workgroup memory.
// DEF: block = 32 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 32>, {{.*}} vector_width = 4 : i64, xblock = 8 : i64
// GPU-LABEL: function_type = (memref<2048xf32>
// GPU: %[[TID:[0-9]+]] = "gpu.thread_id"
// GPU: "arith.divui"(%[[TID]]
// GPU-NEXT: %[[FOUR:[0-9]+]] = "arith.constant"() <{value = 4 : index}>
// GPU-NEXT: %[[RTID:[0-9]+]] = "arith.remui"(%[[TID]], %[[FOUR]])
// GPU: %[[O1:[0-9]+]] = "arith.constant"() <{value = 1 : i32}>
// GPU-NEXT: %[[W:[0-9]+]] = "arith.constant"() <{value = 32 : i32}>
// GPU-NEXT: %[[S1:[0-9]+]]:2 = "gpu.shuffle"(%[[X:[0-9]+]], %[[O1]], %[[W]]) <{mode = #gpu<shuffle_mode up>}>
// GPU-NEXT: %[[A1:[0-9]+]] = "arith.addf"(%[[S1]]#0, %[[X]])
// GPU-NEXT: %[[K0:[0-9]+]] = "arith.constant"() <{value = 0 : index}>
// GPU-NEXT: %[[P1:[0-9]+]] = "arith.cmpi"(%[[K0]], %[[RTID]]) <{predicate = 6 : i64}>
// GPU-NEXT: %[[Y1:[0-9]+]] = "arith.select"(%[[P1]], %[[A1]], %[[X]])
// GPU-NEXT: %[[O2:[0-9]+]] = "arith.constant"() <{value = 2 : i32}>
// GPU-NEXT: %[[W2:[0-9]+]] = "arith.constant"() <{value = 32 : i32}>
// GPU-NEXT: %[[S2:[0-9]+]]:2 = "gpu.shuffle"(%[[Y1]], %[[O2]], %[[W2]]) <{mode = #gpu<shuffle_mode up>}>
// GPU-NEXT: %[[A2:[0-9]+]] = "arith.addf"(%[[S2]]#0, %[[Y1]])
// GPU-NEXT: %[[K1:[0-9]+]] = "arith.constant"() <{value = 1 : index}>
// GPU-NEXT: %[[P2:[0-9]+]] = "arith.cmpi"(%[[K1]], %[[RTID]]) <{predicate = 6 : i64}>
// GPU-NEXT: %[[Y2:[0-9]+]] = "arith.select"(%[[P2]], %[[A2]], %[[Y1]])
// GPU-NEXT: %[[O3:[0-9]+]] = "arith.constant"() <{value = 1 : i32}>
// GPU-NEXT: %[[W3:[0-9]+]] = "arith.constant"() <{value = 32 : i32}>
// GPU-NEXT: %[[S3:[0-9]+]]:2 = "gpu.shuffle"(%[[Y2]], %[[O3]], %[[W3]]) <{mode = #gpu<shuffle_mode up>}>
// GPU-NEXT: %[[ZERO:[0-9]+]] = "arith.constant"() <{value = 0.000000e+00 : f32}>
// GPU-NEXT: %[[K2:[0-9]+]] = "arith.constant"() <{value = 0 : index}>
// GPU-NEXT: %[[P3:[0-9]+]] = "arith.cmpi"(%[[K2]], %[[RTID]]) <{predicate = 6 : i64}>
// GPU-NEXT: "arith.select"(%[[P3]], %[[S3]]#0, %[[ZERO]])
// GPU-NEXT: %[[K32:[0-9]+]] = "arith.constant"() <{value = 32 : index}>
// GPU-NEXT: %[[LANE:[0-9]+]] = "arith.remui"(%[[TID]], %[[K32]])
// GPU-NEXT: %[[K3:[0-9]+]] = "arith.constant"() <{value = 3 : index}>
// GPU-NEXT: %[[FIRST:[0-9]+]] = "arith.subi"(%[[LANE]], %[[RTID]])
// GPU-NEXT: %[[LAST:[0-9]+]] = "arith.addi"(%[[FIRST]], %[[K3]])
// GPU-NEXT: %[[LAST32:[0-9]+]] = "arith.index_cast"(%[[LAST]]) : (index) -> i32
// GPU-NEXT: %[[W4:[0-9]+]] = "arith.constant"() <{value = 32 : i32}>
// GPU-NEXT: "gpu.shuffle"(%[[Y2]], %[[LAST32]], %[[W4]]) <{mode = #gpu<shuffle_mode idx>}>
// GPU-NOT: gpu.barrier
// GPU: workgroup_attributions = 0 : i64
func.func @rows32(%x: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<64x32xf32>) -> tensor<64x32xf32>
  return %c : tensor<64x32xf32>
}

// -----

/// rows of 8 (rthreads 1): the thread scans its row alone, no shuffle at all; 32 rows a block.
// DEF: block = 32 : i64, kind = "persistent_reduction", row_threads = true, rranges = array<i64: 8>, {{.*}} vector_width = 4 : i64, xblock = 32 : i64
// GPU-LABEL: function_type = (memref<512xf32>
// GPU-NOT: gpu.shuffle
// GPU-NOT: gpu.barrier
// GPU: workgroup_attributions = 0 : i64
func.func @rows8(%x: tensor<64x8xf32>) -> tensor<64x8xf32> {
  %c = "graph.cumsum"(%x) {dim = 1 : i64} : (tensor<64x8xf32>) -> tensor<64x8xf32>
  return %c : tensor<64x8xf32>
}
