// The seed example (Inputs/seed.ind.mlir, the ind form of docs/ir-contract.md stage 2) through the
// --fuse stage: ind-schedule then fuse-inductor. Inductor fuses it to one node op0_op1 in one round
// (reference/inductor-dumps/seed_10op); so must we, with the merged deps of its ir_post_fusion.txt.

// RUN: %ind-opt %S/Inputs/seed.ind.mlir --fuse | %filecheck %s
// RUN: %ind-opt %S/Inputs/seed.ind.mlir --fuse=inductor | %filecheck %s
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/seed.ind.mlir --fuse 2>&1 >/dev/null | %filecheck %s --check-prefix=LOG
// RUN: %ind-opt %S/Inputs/seed.ind.mlir --pass-pipeline='builtin.module(ind-schedule,fuse-inductor{ir-pre-fusion=%t.pre ir-post-fusion=%t.post dot=%t.dot})' >/dev/null
// RUN: %filecheck %s --check-prefix=PRE < %t.pre
// RUN: %filecheck %s --check-prefix=POST < %t.post
// RUN: %filecheck %s --check-prefix=DOT < %t.dot
// RUN: env IND_LOGS=ir_pre_fusion,ir_post_fusion %ind-opt %S/Inputs/seed.ind.mlir --fuse 2>&1 >/dev/null | %filecheck %s --check-prefix=STDERR

/// Fusing is idempotent: a second --fuse on the fused sched IR finds nothing more to do.
// RUN: %ind-opt %S/Inputs/seed.ind.mlir --fuse | %ind-opt --fuse | %filecheck %s

/// The IR: one sched.fused holding op0 (the reduction) then op1, yielding only buf1 (buf0 is used
/// inside), with Inductor's merged dependencies.
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0 * 1024 + d1)>
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[D0:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: sym_name = "seed"
// CHECK: %[[F:.*]] = "sched.fused"() ({
// CHECK: "sched.node"() ({
// CHECK: "ind.reduction"
// CHECK: name = "op0"
// CHECK: "sched.node"() ({
// CHECK: "ind.pointwise"
// CHECK: name = "op1"
// CHECK: "gpu.yield"(%{{.*}}) : (memref<1024x1024xf32>) -> ()
// CHECK-NEXT: }) {group = array<i64: 1024, 1024>, kind = "reduction", max_order = 1 : i64,
// CHECK-SAME: met_dependencies = {{\[\[}}"arg0_1", #[[ROW]], array<i64: 1024, 1024>], ["arg1_1", #[[COL]], array<i64: 1024, 1024>], ["arg2_1", #[[COL]], array<i64: 1024, 1024>], ["arg3_1", #[[COL]], array<i64: 1024, 1024>]]
// CHECK-SAME: min_order = 0 : i64, name = "op0_op1"
// CHECK-SAME: unmet_dependencies = []
// CHECK-SAME: writes = {{\[\[}}"buf0", #[[D0]], array<i64: 1024>], ["buf1", #[[ROW]], array<i64: 1024, 1024>]]
// CHECK-SAME: () -> memref<1024x1024xf32>
// CHECK-NEXT: "func.return"(%[[F]])

// LOG: ===== attempting fusion (1/10): 2 nodes =====
// LOG-NEXT: fuse_nodes_once, candidates:
// LOG-NEXT:   SchedulerNode(name='op0'), Reduction([1024, 1024])
// LOG-NEXT:   SchedulerNode(name='op1'), Pointwise([1048576, 1])
// LOG-NEXT: found 1 possible fusions
// LOG-NEXT:   op0, op1: FusionScore(template_score=2, node_type_score=0, memory_score=4202496, buffer_overlap_score=0, proximity_score=-1)
// LOG-NEXT: fusing op0 with op1
// LOG-NEXT: completed fusion round (1/10): fused 2 nodes into 1 nodes
// LOG: ===== fusion complete (1 iterations) =====
// LOG-NOT: cannot fuse

// PRE: op0: SchedulerNode(ComputedBuffer)
// PRE-NEXT: op0.writes = [MemoryDep('buf0', d0, {d0: 1024})]
// PRE-NEXT: op0.unmet_dependencies = []
// PRE-NEXT: op0.met_dependencies = 
// PRE-NEXT:     [   MemoryDep('arg0_1', 1024*d0 + d1, {d0: 1024, d1: 1024}),
// PRE-NEXT:         MemoryDep('arg1_1', d1, {d0: 1024, d1: 1024})]
// PRE: op0.group.iteration = (1024, 1024)
// PRE-NEXT: op0.sizes = ([1024], [1024])
// PRE-NEXT: class op0_loop_body:
// PRE-NEXT:     var_ranges = {p0: 1024, p1: 1024}
// PRE-NEXT:     index0 = 1024*p0 + p1
// PRE-NEXT:     index1 = p1
// PRE-NEXT:     index2 = p0
// PRE: reduction = ops.reduction(torch.float32, torch.float32, 'sum', add_1)
// PRE: store_reduction = ops.store_reduction('buf0', get_index_2, reduction)
// PRE: op1: SchedulerNode(ComputedBuffer)
// PRE-NEXT: op1.writes = [MemoryDep('buf1', 1024*d0 + d1, {d0: 1024, d1: 1024})]
// PRE-NEXT: op1.unmet_dependencies = [MemoryDep('buf0', d0, {d0: 1024})]
// PRE: buf1.users = [NodeUser(node=OUTPUT, can_inplace=False, is_weak=False)]
// PRE: op1.group.iteration = (1048576, 1)
// PRE-NEXT: op1.sizes = ([1024, 1024], [])
// PRE: load_2 = ops.load('buf0', get_index_2)
// PRE-NOT: FusedSchedulerNode

// POST: op0_op1: FusedSchedulerNode(SchedulerNode,SchedulerNode)
// POST-NEXT: op0_op1.writes = 
// POST-NEXT:     [   MemoryDep('buf0', d0, {d0: 1024}),
// POST-NEXT:         MemoryDep('buf1', 1024*d0 + d1, {d0: 1024, d1: 1024})]
// POST-NEXT: op0_op1.unmet_dependencies = []
// POST-NEXT: op0_op1.met_dependencies = 
// POST-NEXT:     [   MemoryDep('arg0_1', 1024*d0 + d1, {d0: 1024, d1: 1024}),
// POST-NEXT:         MemoryDep('arg1_1', d1, {d0: 1024, d1: 1024}),
// POST-NEXT:         MemoryDep('arg2_1', d1, {d0: 1024, d1: 1024}),
// POST-NEXT:         MemoryDep('arg3_1', d1, {d0: 1024, d1: 1024})]
// POST: op0_op1.snodes[0] =
// POST-NEXT: op0: SchedulerNode(ComputedBuffer)
// POST: op0_op1.snodes[1] =
// POST-NEXT: op1: SchedulerNode(ComputedBuffer)

// DOT: digraph sched {
// DOT: subgraph cluster_pre {
// DOT: "pre_seed_op0" [label="op0\nreduction (1024, 1024)"];
// DOT: "pre_seed_op1" [label="op1\npointwise (1048576, 1)"];
// DOT: "pre_seed_op0" -> "pre_seed_op1" [label="buf0"];
// DOT: subgraph cluster_post {
// DOT: "post_seed_op0_op1" [label="op0_op1\nreduction (1024, 1024)\n2 nodes"
// DOT-NOT: "post_seed_op0" ->

// STDERR: BEFORE FUSION
// STDERR-NEXT: op0: SchedulerNode(ComputedBuffer)
// STDERR: AFTER FUSION
// STDERR-NEXT: op0_op1: FusedSchedulerNode(SchedulerNode,SchedulerNode)
