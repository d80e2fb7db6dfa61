/* sched_graph.h - the in-memory scheduler graph and the fusion toolkit every strategy shares.
 *
 * A fusion pass (passes/fuse/<strategy>.c) never edits IR while it decides. sched_fuse_module()
 * builds a SchedGraph per func.func from the sched IR (one base SchedNode per sched.node, their
 * MemoryDeps, buffers, users, ancestors, orders), hands it to the strategy, and afterwards rewrites
 * the IR once: each fused node becomes a `sched.fused` holding its sched.nodes, in a topological
 * order. Around the strategy it writes the pre/post-fusion dumps and the DOT picture the options ask
 * for. The strategy decides with the shared checks below, each named after its Inductor original and
 * each logging its rejection in Inductor's words ("cannot fuse op0 with op2: <reason>"):
 *
 *   sched_can_fuse_structural   same node, extern nodes, "node1 must go before node2"
 *   sched_can_fuse_vertical     Scheduler.can_fuse_vertical: MemoryDep matching, intermediate nodes
 *   sched_backend_can_fuse      SIMDScheduling.can_fuse: the (numel, rnumel) rules
 *   sched_will_fusion_create_cycle
 *   sched_score_fusion_memory   bytes of the deps both nodes touch at the same index
 *   sched_fuse                  FusedSchedulerNode.fuse: the merged node
 *
 * Node ids: base nodes are 0..nbase-1 in topological order; each fusion appends a new node and marks
 * both inputs dead. sched_graph_resolve() maps any base id to the live node containing it (Inductor's
 * name_to_fused_node). docs/passes/fuse.md shows a complete strategy in one file. */
#ifndef IND_PASSES_FUSE_SCHED_GRAPH_H
#define IND_PASSES_FUSE_SCHED_GRAPH_H

#include "dialects/sched/memdep.h"
#include "dialects/sched/sched.h"
#include "lib/pass_registry.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct SchedBuf {
  MlirStringRef name;
  int producer;       /* base node writing it; -1 for a graph input */
  int *users, nusers; /* base nodes reading it, in order */
  bool is_output;     /* returned by the function */
  MlirType type;      /* its memref type */
  int64_t numel, elem_bytes;
} SchedBuf;

typedef struct SchedNode {
  int id;
  char *name; /* "op0", "op0_op1" */
  SchedKind kind;
  bool is_fused, alive;
  int64_t numel, rnumel; /* group */
  IndMemDep *reads, *writes, *unmet, *met;
  int nreads, nwrites, nunmet, nmet;
  uint64_t *ancestors;  /* bitset over base ids: every transitive producer (own ops excluded) */
  uint64_t *ops;        /* bitset over base ids: the base nodes inside */
  int wlo, whi;         /* the words of `ops` that may be non-zero */
  int *snodes, nsnodes; /* base ids, in fusion order (node1's, then node2's) */
  int min_order, max_order;
  MlirOperation op;   /* the sched.node of a base node; null for fused nodes */
  int from_a, from_b; /* a fused node: the two nodes it merged (for sched_unfuse_last) */
  /* a base pointwise node whose loops sched_reorder_loops permuted: new dim i iterates own dim
   * loop_order[i] (nloop_order = 0: the order of its ranges); written back as the ind op's
   * `loop_order` attribute */
  int64_t loop_order[IND_MEMDEP_MAX_DIMS];
  int nloop_order;
} SchedNode;

typedef struct SchedSpan {
  int wlo, whi;
} SchedSpan;

typedef struct SchedGraph {
  MlirOperation func;
  SchedNode **nodes;
  int nnodes, cap, nbase;
  int *fused_of; /* base id -> live node id */
  int words;     /* uint64 words per bitset */
  SchedBuf *bufs;
  int nbufs, bufcap;
  int *hash; /* open addressing: buffer name -> index in bufs, -1 empty */
  int hashcap;
  int *stamp, cur_stamp;        /* per node id, for DFS visits */
  int *live_fused, nlive_fused; /* ids of the live fused nodes (for the cycle check) */
  SchedSpan *live_span;         /* their ops' word ranges [wlo, whi], packed for the cycle check's scan */
  int *live_pos;                /* node id -> index in live_fused, -1 when not there */
  FILE *log;                    /* fusion log (stderr) or NULL */
  bool keep_history;            /* keep merged nodes' data so that sched_unfuse_last can undo */
} SchedGraph;

/* --- Queries. */
SchedNode *sched_graph_node(SchedGraph *g, int id);
int sched_graph_resolve(SchedGraph *g, int base_id);
/* Live nodes sorted by min_order, then made topological (Inductor's topological_sort_schedule). The
 * caller frees *out. */
int sched_graph_order(SchedGraph *g, int **out);
int sched_graph_live_count(const SchedGraph *g);
SchedBuf *sched_graph_buf(SchedGraph *g, MlirStringRef name);
bool sched_node_is_reduction(const SchedNode *n);
bool sched_node_is_extern(const SchedNode *n);
/* A node of kind scan (sched_node_is_reduction is true for it too). */
bool sched_node_is_scan(const SchedNode *n);
bool sched_bitset_intersects(const SchedGraph *g, const uint64_t *a, const uint64_t *b);
/* n's ops meet the bitset s: sched_bitset_intersects(g, n->ops, s) in O(n's word range [wlo, whi]) instead
 * of O(words), which keeps the pairwise checks linear in the graph size. */
bool sched_ops_intersect(const SchedNode *n, const uint64_t *s);
/* Bytes a dep touches (MemoryDep.numbytes_hint). */
int64_t sched_dep_bytes(SchedGraph *g, const IndMemDep *d);

/* --- The shared checks (each logs its rejection when the log is on). */
void sched_log(SchedGraph *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "cannot fuse <n1> with <n2>: <reason>" (Inductor's WhyNoFuse). */
void sched_why_no_fuse(SchedGraph *g, const SchedNode *a, const SchedNode *b, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
bool sched_can_fuse_structural(SchedGraph *g, SchedNode *a, SchedNode *b);
/* True when b depends on a (a's ops among b's ancestors). */
bool sched_is_vertical(SchedGraph *g, const SchedNode *a, const SchedNode *b);
bool sched_can_fuse_vertical(SchedGraph *g, SchedNode *a, SchedNode *b);
bool sched_backend_can_fuse(SchedGraph *g, SchedNode *a, SchedNode *b);
bool sched_will_fusion_create_cycle(SchedGraph *g, SchedNode *a, SchedNode *b);
int64_t sched_score_fusion_memory(SchedGraph *g, const SchedNode *a, const SchedNode *b);
/* The shared data Inductor's loop_ordering_after_fusion finds by merging loops (the num_vars-mismatch case of
 * _try_reorder_loops_for_candidates): of the buffers both nodes touch, each with the node's write else its
 * read, the pairs of deps with different dim counts that match after ind_memdep_merge_loops (a write and a
 * read by ind_memdep_read_matches_write, two reads by equality); the bytes of the best (a write and a read
 * first, then the most elements), 0 when none. A reduction over [2, 12, 512] x [512] and its epilogue over
 * [24, 512, 512] (a view between them) share their data only this way. Logs "<a> and <b> share N bytes
 * after merging loops: <the merged dep>". */
int64_t sched_shared_data_after_merging_loops(SchedGraph *g, const SchedNode *a, const SchedNode *b);
/* Structural, then vertical legality when b depends on a, then the backend: everything a strategy must
 * respect besides the cycle check. */
bool sched_can_fuse_legal(SchedGraph *g, SchedNode *a, SchedNode *b);
/* Inductor's loop_ordering_after_fusion (shared_data_after_reordering_loop): when a and b touch a buffer
 * at indices that a permutation of one node's loops would make equal (a value and its transposed copy),
 * permutes that node's loops (a base pointwise node of 2 to 4 dims), rewrites its deps and returns true.
 * Only deps the permutation changes count. When either node could be permuted: the one that loses less
 * data shared with third nodes, then the one whose kernel makes fewer transposed accesses outside the
 * pair, b when even ("either order fuses ..." in the log). Logs "reordered loops of <node> to (…) for
 * <other>". */
bool sched_reorder_loops(SchedGraph *g, SchedNode *a, SchedNode *b);
/* Merges a and b (a first) into a new live node and returns its id. */
int sched_fuse(SchedGraph *g, int a, int b);
/* Undoes the last sched_fuse (g->keep_history must have been set before it): its two inputs are live
 * again. For strategies that search (passes/fuse/search.c). */
void sched_unfuse_last(SchedGraph *g);

/* --- Driving a strategy. */
typedef MlirLogicalResult (*SchedStrategyFn)(SchedGraph *g, const IndPassOptions *opts);

/* Options every strategy pass declares (put SCHED_FUSE_COMMON_OPTIONS in its option table):
 * debug-fusion (the log; also IND_LOGS=fusion), ir-pre-fusion / ir-post-fusion (dump files; also
 * IND_LOGS=ir_pre_fusion,ir_post_fusion to stderr), dot (a Graphviz file, before and after). */
#define SCHED_FUSE_COMMON_OPTIONS                                                                                      \
  {"debug-fusion", IND_OPT_BOOL, "false", "log every fusion decision to stderr (like TORCH_LOGS=fusion)"},             \
      {"ir-pre-fusion", IND_OPT_STRING, "", "write the scheduler nodes before fusion to this file"},                   \
      {"ir-post-fusion", IND_OPT_STRING, "", "write the scheduler nodes after fusion to this file"}, {                 \
    "dot", IND_OPT_STRING, "", "write a Graphviz picture of the graph before and after fusion"                         \
  }

/* Runs `strategy` on every func.func of `module` (build, dumps, strategy, dumps, rewrite). */
MlirLogicalResult sched_fuse_module(MlirOperation module, const IndPassOptions *opts, SchedStrategyFn strategy);
/* True when the module has been fused already: a func.func carries SCHED_ATTR_STRATEGY (set by
 * sched_fuse_module on every function it fused) or a sched.fused op is present. The --fuse stage
 * uses it to leave a fused program as it is when the stage is only implied (`--codegen`, ind-run). */
bool sched_module_is_fused(MlirOperation module);

/* True when the comma-separated IND_LOGS environment variable names `what` ("fusion",
 * "ir_pre_fusion", "ir_post_fusion"), like TORCH_LOGS. */
bool sched_logs_enabled(const char *what);

/* --- Dumps (also usable by strategies for debugging). */
void sched_graph_dump_ir(SchedGraph *g, IndStrBuf *b);
void sched_graph_dump_dot(SchedGraph *g, const char *prefix, IndStrBuf *b);

#ifdef __cplusplus
}
#endif

#endif
