// Pointwise kernels with C = xblock / (block * vector_width) chunks per thread (sched-to-kernel's
// pointwise-chunks; Triton's XBLOCK wider than its threads, e.g. Inductor's 128 threads x XBLOCK 1024):
// thread t of block b handles the vector_width points at vector index (b * C + c) * block + t of each chunk
// c, so each chunk is one coalesced sweep of the block (convert_kernel_to_gpu.c, gpu_setup_geometry). On
// 3 x 1000 (numel 3000, two blocks of 2048 points), each chunk has its own in-range flag and guarded store;
// the launch-geometry rule halves C while half would still cover numel; pointwise-chunks=1 is the old form.
// RUN: %ind-opt %s --split-input-file --lower --fuse | %ind-opt --split-input-file --codegen=pointwise-chunks=2 | %filecheck %s --check-prefix=GEOM
// RUN: %ind-opt %s --split-input-file --lower --fuse | %ind-opt --split-input-file --pass-pipeline='builtin.module(sched-to-kernel)' | %filecheck %s --check-prefix=ONE
// RUN: %ind-opt %s --split-input-file --lower --fuse | %ind-opt --split-input-file --pass-pipeline='builtin.module(sched-to-kernel{pointwise-chunks=2},convert-kernel-to-gpu)' | %filecheck %s --check-prefix=GPU

// GEOM: block = 256 : i64, kind = "pointwise"{{.*}}vector_width = 4 : i64, xblock = 2048 : i64
// GEOM: grid = array<i64: 2>
// ONE: block = 256 : i64, kind = "pointwise"{{.*}}vector_width = 4 : i64, xblock = 1024 : i64
// ONE: grid = array<i64: 3>
// GPU-LABEL: "gpu.func"
// GPU: [[TID:%[0-9]+]] = "gpu.thread_id"
// GPU-NEXT: [[BID:%[0-9]+]] = "gpu.block_id"
// GPU-NEXT: [[CB:%[0-9]+]] = "arith.constant"() <{value = 512 : index}>
// GPU-NEXT: [[FIRST:%[0-9]+]] = "arith.muli"([[BID]], [[CB]])
// GPU-NEXT: [[V0:%[0-9]+]] = "arith.addi"([[FIRST]], [[TID]])
// GPU-NEXT: [[W:%[0-9]+]] = "arith.constant"() <{value = 4 : index}>
// GPU-NEXT: [[P0:%[0-9]+]] = "arith.muli"([[V0]], [[W]])
// GPU-NEXT: [[C1:%[0-9]+]] = "arith.constant"() <{value = 256 : index}>
// GPU-NEXT: [[S1:%[0-9]+]] = "arith.addi"([[FIRST]], [[C1]])
// GPU-NEXT: [[V1:%[0-9]+]] = "arith.addi"([[S1]], [[TID]])
// GPU-NEXT: [[W1:%[0-9]+]] = "arith.constant"() <{value = 4 : index}>
// GPU-NEXT: [[P1:%[0-9]+]] = "arith.muli"([[V1]], [[W1]])
// GPU-NEXT: [[N:%[0-9]+]] = "arith.constant"() <{value = 3000 : index}>
// GPU-NEXT: [[OK0:%[0-9]+]] = "arith.cmpi"([[P0]], [[N]]) <{predicate = 6 : i64}>
// GPU: [[N1:%[0-9]+]] = "arith.constant"() <{value = 3000 : index}>
// GPU-NEXT: [[OK1:%[0-9]+]] = "arith.cmpi"([[P1]], [[N1]]) <{predicate = 6 : i64}>
// GPU: "vector.load"
// GPU: "vector.load"
// GPU: "scf.if"([[OK0]])
// GPU: "vector.store"
// GPU: "scf.if"([[OK1]])
// GPU: "vector.store"
func.func @tail(%a: tensor<3x1000xf32>) -> tensor<3x1000xf32> {
  %e = "graph.exp"(%a) : (tensor<3x1000xf32>) -> tensor<3x1000xf32>
  return %e : tensor<3x1000xf32>
}

// -----
/// numel 1000: the block is halved first (128 threads x 2 chunks x 4 = 1024 points cover it, 64 would
/// not): Inductor's 128 threads with XBLOCK 1024.
// GEOM: block = 128 : i64, kind = "pointwise"{{.*}}vector_width = 4 : i64, xblock = 1024 : i64
// ONE: block = 256 : i64, kind = "pointwise"{{.*}}vector_width = 4 : i64, xblock = 1024 : i64
func.func @small(%a: tensor<1000xf32>) -> tensor<1000xf32> {
  %e = "graph.exp"(%a) : (tensor<1000xf32>) -> tensor<1000xf32>
  return %e : tensor<1000xf32>
}

// -----
/// numel 100: the block stops at 32, and one chunk of 32 x 4 covers it, so C is halved to 1.
// GEOM: block = 32 : i64, kind = "pointwise"{{.*}}vector_width = 4 : i64, xblock = 128 : i64
// ONE: block = 32 : i64, kind = "pointwise"{{.*}}vector_width = 4 : i64, xblock = 128 : i64
func.func @tiny(%a: tensor<100xf32>) -> tensor<100xf32> {
  %e = "graph.exp"(%a) : (tensor<100xf32>) -> tensor<100xf32>
  return %e : tensor<100xf32>
}

// -----
/// numel 2000: 256 x 4 x 1 does not cover it, so C stays 2 (one block).
// GEOM: block = 256 : i64, kind = "pointwise"{{.*}}vector_width = 4 : i64, xblock = 2048 : i64
// GEOM: grid = array<i64: 1>
func.func @two(%a: tensor<2000xf32>) -> tensor<2000xf32> {
  %e = "graph.exp"(%a) : (tensor<2000xf32>) -> tensor<2000xf32>
  return %e : tensor<2000xf32>
}

// -----
/// numel 3072: a multiple of one chunk (1024) but not of xblock (2048), so the second block's second chunk
/// is past the end: both chunks are still guarded (the guard is decided by xblock, not by the chunk).
// GPU-LABEL: "gpu.func"
// GPU: [[N:%[0-9]+]] = "arith.constant"() <{value = 3072 : index}>
// GPU-NEXT: "arith.cmpi"({{%[0-9]+}}, [[N]]) <{predicate = 6 : i64}>
// GPU: [[N1:%[0-9]+]] = "arith.constant"() <{value = 3072 : index}>
// GPU-NEXT: "arith.cmpi"({{%[0-9]+}}, [[N1]]) <{predicate = 6 : i64}>
// GPU: "scf.if"
// GPU: "vector.store"
// GPU: "scf.if"
// GPU: "vector.store"
func.func @chunk_multiple(%a: tensor<3x1024xf32>) -> tensor<3x1024xf32> {
  %e = "graph.exp"(%a) : (tensor<3x1024xf32>) -> tensor<3x1024xf32>
  return %e : tensor<3x1024xf32>
}
