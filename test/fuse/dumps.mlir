// The dump options on a module with two functions: each function is scheduled and fused on its own,
// the dumps hold both, in order; an unwritable dump path is a located error and the tool fails.

// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-none{ir-pre-fusion=%t.pre ir-post-fusion=%t.post dot=%t.dot})' | %filecheck %s
// RUN: %filecheck %s --check-prefix=PRE < %t.pre
// RUN: %filecheck %s --check-prefix=PRE < %t.post
// RUN: %filecheck %s --check-prefix=DOT < %t.dot
// RUN: %not %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{ir-post-fusion=%t.missing/dir/post.txt})' 2>&1 | %filecheck %s --check-prefix=ERR

/// fuse-none leaves both functions' nodes alone.
// CHECK-LABEL: sym_name = "first"
// CHECK-NOT: "sched.fused"
// CHECK: name = "op0"
// CHECK-LABEL: sym_name = "second"
// CHECK-NOT: "sched.fused"
// CHECK: name = "op0"
// CHECK: name = "op1"

/// Pre- and post-fusion dumps are the same under fuse-none: the first function's node, then the
/// second's two.
// PRE: op0: SchedulerNode(ComputedBuffer)
// PRE: op0.sizes = ([8], [])
// PRE: op0: SchedulerNode(ComputedBuffer)
// PRE: op0.group.iteration = (4, 2)
// PRE: op0.sizes = ([4], [2])
// PRE: op1: SchedulerNode(ComputedBuffer)
// PRE: op1.unmet_dependencies = [MemoryDep('buf0', d0, {d0: 4})]
// PRE-NOT: FusedSchedulerNode

/// The picture: one cluster per function inside "before" and "after", node ids qualified by function.
// DOT: subgraph cluster_pre {
// DOT: subgraph "cluster_pre_first" {
// DOT: "pre_first_op0" [label="op0\npointwise (8, 1)"];
// DOT: subgraph "cluster_pre_second" {
// DOT: "pre_second_op0" [label="op0\nreduction (4, 2)"];
// DOT: "pre_second_op0" -> "pre_second_op1" [label="buf0"];
// DOT: subgraph cluster_post {
// DOT: "post_second_op0" -> "post_second_op1" [label="buf0"];

// ERR: error: cannot write '{{.*}}missing/dir/post.txt'
func.func @first(%arg0_1: memref<8xf32>) -> memref<8xf32> {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xf32>
  "func.return"(%buf0) : (memref<8xf32>) -> ()
}
func.func @second(%arg0_1: memref<4x2xf32>) -> memref<4xf32> {
  %buf0 = "ind.reduction"() ({
    %0 = "ind.load"(%arg0_1) {index = affine_map<(d0, d1) -> (d0 * 2 + d1)>} : (memref<4x2xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf0", ranges = array<i64: 4>, reduction_ranges = array<i64: 2>, reduction_type = "max"} : () -> memref<4xf32>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%buf0) {index = affine_map<(d0) -> (d0)>} : (memref<4xf32>) -> f32
    %1 = "math.exp"(%0) : (f32) -> f32
    "gpu.yield"(%1) : (f32) -> ()
  }) {name = "buf1", ranges = array<i64: 4>} : () -> memref<4xf32>
  "func.return"(%buf1) : (memref<4xf32>) -> ()
}
