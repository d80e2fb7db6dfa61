/* tvm.c - `fuse-tvm`: TVM's FuseOps (Relay's GraphPartitioner, src/relay/analysis/graph_partitioner.cc)
 * on the sched IR.
 *
 * TVM fuses at the operator level, so on graph input the --fuse stage lowers with every op realized
 * (`--lower=op-level`, convert-graph-to-ind{realize-all=true}): the seed then has its 10 nodes. On
 * an Inductor-style lowering (inlined pointwise ops) it runs as well, one scheduler node = one op.
 *
 * 1. OpPatternKind per node, from what the sched node is: an extern mm/bmm is kOutEWiseFusable
 *    (TVM's dense/matmul), another extern kOpaque; a reduction kCommReduce; a pointwise node is
 *    kElemWise when every read has the index of its write (same dims, same row-major strides),
 *    kBroadcast when some read uses only some of the dims with the row-major strides of those dims
 *    (bias[d1], mean[d0]), kInjective otherwise (a transpose, a slice, a reshape's div/mod). A
 *    function with several outputs returns a tuple: one virtual kTuple node reading them.
 * 2. IndexedForwardGraph: post-DFS order from the outputs (inputs in read order); an edge
 *    producer -> consumer has the consumer's pattern, kElemWise for a kBroadcast consumer reading
 *    the producer at its own index; a single output is `extern_ref`.
 * 3. Post-dominator tree, in reverse post-DFS order: an extern_ref node has depth 1, no parent,
 *    kOpaque; another node's parent is the LCA of all its consumers (climbing the deeper side), its
 *    pattern the max of the edge patterns and of the patterns climbed through.
 * 4. Union-find groups and the three phases of RunFuse: skip kOpaque, no post-dominator, a group
 *    that would exceed `max-depth` nodes (CountFusedNodesWithNewChild; TVM's max_fuse_depth, default
 *    kMaxFusedOps = 256), a node already in its post-dominator's group, a kTuple post-dominator
 *    (phases 0 and 1); kOutEWiseFusable fuses in phase 0 when the edge is kElemWise and every path
 *    is <= kBroadcast; <= kBroadcast when the post-dominator pattern is <= kInjective or kCommReduce
 *    and the intermediate nodes are <= kInjective (the sink <= kBroadcast, kInjective, kCommReduce or
 *    kOutEWiseFusable); kInjective/kTuple in phase 1 when every path is <= kInjective; kCommReduce
 *    never starts a fusion; phase 2 fuses <= kInjective nodes into a kTuple post-dominator whose
 *    root group is <= kInjective. CheckPath and CommitFuse walk every path to the post-dominator.
 *    (Relay's max_function_args limit, 0 in Relax, and its postponed fusing are left out.)
 * 5. Kernels: each group becomes kernels with the shared legality checks, members in topological
 *    order, each joining the first kernel of its group it can legally fuse with and stay within
 *    `max-fusion-size` nodes (ind's kernel limit, as Inductor's can_fuse; else a new one): ind's
 *    backend cannot, e.g., put an extern mm and its epilogue, or a [1024] and a [1024, 1024] loop
 *    nest, in one kernel, where TVM's schedule would inline. The log says where a group splits. A
 *    buffer used by another kernel (s in the seed) is yielded by its kernel: materialized in HBM.
 *
 * The log (debug-fusion=true or IND_LOGS=fusion) prints every pattern, post-dominator and fusion. */
#include "dialects/ind/ind.h"
#include "ind/fusion.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "passes/fuse/sched_graph.h"

#include <mlir-c/AffineExpr.h>
#include <stdlib.h>
#include <string.h>

typedef enum OpPatternKind {
  kElemWise = 0,
  kBroadcast = 1,
  kInjective = 2,
  kCommReduce = 3,
  kOutEWiseFusable = 4,
  kTuple = 7,
  kOpaque = 8
} OpPatternKind;

static const char *pattern_name(OpPatternKind k) {
  switch (k) {
  case kElemWise:
    return "kElemWise";
  case kBroadcast:
    return "kBroadcast";
  case kInjective:
    return "kInjective";
  case kCommReduce:
    return "kCommReduce";
  case kOutEWiseFusable:
    return "kOutEWiseFusable";
  case kTuple:
    return "kTuple";
  case kOpaque:
    return "kOpaque";
  }
  return "?";
}

static OpPatternKind max_pattern(OpPatternKind a, OpPatternKind b) { return a > b ? a : b; }

/* --- Patterns from MemoryDeps. */

typedef enum ReadKind { READ_ELEMWISE, READ_BROADCAST, READ_INJECTIVE } ReadKind;

/* How a pointwise node with write `w` reads `r`: at its own index, at the row-major index of a subset
 * of its dims (a broadcast input), or otherwise. */
static ReadKind classify_read(const IndMemDep *r, const IndMemDep *w) {
  if (r->is_star || w->is_star)
    return READ_INJECTIVE;
  int n = w->ndims;
  if (r->ndims > n)
    return READ_INJECTIVE;
  int64_t c[IND_MEMDEP_MAX_DIMS] = {0}, k = 0;
  if (!ind_affine_linearize(r->index, 1, c, r->ndims, &k) || k != 0)
    return READ_INJECTIVE;
  for (int j = 0; j < r->ndims; ++j)
    if (r->sizes[j] != w->sizes[j])
      return READ_INJECTIVE;
  int64_t stride = 1;
  int used = 0;
  for (int j = r->ndims - 1; j >= 0; --j) {
    if (c[j] == 0)
      continue;
    if (c[j] != stride)
      return READ_INJECTIVE;
    stride *= r->sizes[j];
    ++used;
  }
  return used == n ? READ_ELEMWISE : READ_BROADCAST;
}

static OpPatternKind node_pattern(SchedNode *n) {
  if (sched_node_is_extern(n)) {
    MlirStringRef k;
    MlirOperation inner = sched_node_inner(n->op);
    if (!mlirOperationIsNull(inner) && ind_attr_str(inner, IND_ATTR_KERNEL, &k) &&
        ((k.length == 2 && !memcmp(k.data, "mm", 2)) || (k.length == 3 && !memcmp(k.data, "bmm", 3))))
      return kOutEWiseFusable;
    return kOpaque;
  }
  if (sched_node_is_reduction(n))
    return kCommReduce;
  if (n->nwrites != 1)
    return kOpaque;
  OpPatternKind p = kElemWise;
  for (int i = 0; i < n->nreads; ++i) {
    ReadKind rk = classify_read(&n->reads[i], &n->writes[0]);
    p = max_pattern(p, rk == READ_ELEMWISE ? kElemWise : rk == READ_BROADCAST ? kBroadcast : kInjective);
  }
  return p;
}

/* --- The IndexedForwardGraph (base nodes 0..nbase-1, plus a kTuple node when several outputs). */

typedef struct Edge {
  int node;
  OpPatternKind pattern;
} Edge;

typedef struct TNode {
  OpPatternKind pattern;
  bool extern_ref;
  Edge *outputs;
  int noutputs, cap;
  /* post-dominator tree */
  int depth, parent;
  OpPatternKind dom_pattern;
  /* group (union-find) */
  int gparent, num_nodes;
  OpPatternKind gpattern;
  bool anchor;
} TNode;

typedef struct Tvm {
  SchedGraph *g;
  TNode *n;
  int nn, tuple; /* tuple: the kTuple node's index, -1 when none */
  int *post_dfs, npost;
  int *visited, stamp;
  int64_t max_depth, max_fusion_size;
} Tvm;

static void add_edge(Tvm *t, int from, int to, OpPatternKind p) {
  TNode *a = &t->n[from];
  for (int i = 0; i < a->noutputs; ++i)
    if (a->outputs[i].node == to) {
      a->outputs[i].pattern = max_pattern(a->outputs[i].pattern, p);
      return;
    }
  if (a->noutputs == a->cap) {
    a->cap = a->cap ? 2 * a->cap : 4;
    a->outputs = realloc(a->outputs, sizeof *a->outputs * (size_t)a->cap);
  }
  a->outputs[a->noutputs++] = (Edge){to, p};
}

static const char *tname(Tvm *t, int i) { return i == t->tuple ? "tuple" : t->g->nodes[i]->name; }

static void post_dfs_visit(Tvm *t, int i) {
  if (t->visited[i] == t->stamp)
    return;
  t->visited[i] = t->stamp;
  if (i < t->g->nbase) {
    SchedNode *s = t->g->nodes[i];
    for (int k = 0; k < s->nreads; ++k) {
      SchedBuf *b = sched_graph_buf(t->g, s->reads[k].name);
      if (b && b->producer >= 0 && b->producer != i)
        post_dfs_visit(t, b->producer);
    }
  } else {
    for (int k = 0; k < t->g->nbase; ++k) /* the tuple reads the outputs in order */
      for (int e = 0; e < t->n[k].noutputs; ++e)
        if (t->n[k].outputs[e].node == i)
          post_dfs_visit(t, k);
  }
  t->post_dfs[t->npost++] = i;
}

static SchedBuf *written_buf(SchedGraph *g, SchedNode *s) {
  return s->nwrites ? sched_graph_buf(g, s->writes[0].name) : NULL;
}

static void build_graph(Tvm *t) {
  SchedGraph *g = t->g;
  int nout = 0;
  for (int i = 0; i < g->nbase; ++i) {
    SchedBuf *b = written_buf(g, g->nodes[i]);
    nout += b && b->is_output;
  }
  t->tuple = nout > 1 ? g->nbase : -1;
  t->nn = g->nbase + (nout > 1);
  t->n = calloc((size_t)t->nn, sizeof *t->n);
  t->post_dfs = malloc(sizeof *t->post_dfs * (size_t)t->nn);
  t->visited = calloc((size_t)t->nn, sizeof *t->visited);
  for (int i = 0; i < g->nbase; ++i)
    t->n[i].pattern = node_pattern(g->nodes[i]);
  if (t->tuple >= 0)
    t->n[t->tuple].pattern = kTuple;
  for (int c = 0; c < g->nbase; ++c) {
    SchedNode *s = g->nodes[c];
    for (int k = 0; k < s->nreads; ++k) {
      SchedBuf *b = sched_graph_buf(g, s->reads[k].name);
      if (!b || b->producer < 0 || b->producer == c)
        continue;
      OpPatternKind p = t->n[c].pattern;
      /* Relay: a broadcast op's argument of the result's shape is an elementwise edge. */
      if (p == kBroadcast && s->nwrites == 1 && classify_read(&s->reads[k], &s->writes[0]) == READ_ELEMWISE)
        p = kElemWise;
      add_edge(t, b->producer, c, p);
    }
  }
  for (int i = 0; i < g->nbase; ++i) {
    SchedBuf *b = written_buf(g, g->nodes[i]);
    if (!b || !b->is_output)
      continue;
    if (t->tuple >= 0)
      add_edge(t, i, t->tuple, kInjective); /* a tuple's fields: kInjective edges */
    else
      t->n[i].extern_ref = true; /* the function's result */
  }
  if (t->tuple >= 0)
    t->n[t->tuple].extern_ref = true;
  t->stamp++;
  if (t->tuple >= 0)
    post_dfs_visit(t, t->tuple);
  for (int i = 0; i < g->nbase; ++i)
    if (t->n[i].extern_ref)
      post_dfs_visit(t, i);
  for (int i = 0; i < g->nbase; ++i) /* nodes no output reaches (none after ind-schedule's DCE) */
    post_dfs_visit(t, i);
}

/* --- The post-dominator tree. */

static int lca2(Tvm *t, int l, int r, OpPatternKind *p) {
  while (l != r) {
    if (l < 0 || r < 0)
      return -1;
    if (t->n[l].depth < t->n[r].depth) {
      *p = max_pattern(*p, t->n[r].dom_pattern);
      r = t->n[r].parent;
    } else if (t->n[r].depth < t->n[l].depth) {
      *p = max_pattern(*p, t->n[l].dom_pattern);
      l = t->n[l].parent;
    } else {
      *p = max_pattern(*p, t->n[l].dom_pattern);
      *p = max_pattern(*p, t->n[r].dom_pattern);
      l = t->n[l].parent;
      r = t->n[r].parent;
    }
  }
  return l;
}

static void post_dom(Tvm *t) {
  for (int k = t->npost - 1; k >= 0; --k) {
    TNode *n = &t->n[t->post_dfs[k]];
    if (n->extern_ref) {
      n->depth = 1;
      n->parent = -1;
      n->dom_pattern = kOpaque;
      continue;
    }
    OpPatternKind p = kElemWise;
    int parent = -1;
    for (int e = 0; e < n->noutputs; ++e) {
      parent = e == 0 ? n->outputs[0].node : lca2(t, parent, n->outputs[e].node, &p);
      p = max_pattern(p, n->outputs[e].pattern);
      if (parent < 0)
        break;
    }
    n->parent = parent;
    n->depth = parent >= 0 ? t->n[parent].depth + 1 : 1;
    n->dom_pattern = p;
  }
}

/* --- Groups. */

static int find_root(Tvm *t, int i) {
  int r = i;
  while (t->n[r].gparent >= 0)
    r = t->n[r].gparent;
  while (t->n[i].gparent >= 0) {
    int p = t->n[i].gparent;
    t->n[i].gparent = r;
    i = p;
  }
  return r;
}

static void merge_from_to(Tvm *t, int child, int parent) {
  child = find_root(t, child);
  parent = find_root(t, parent);
  if (child == parent)
    return;
  t->n[parent].num_nodes += t->n[child].num_nodes;
  t->n[child].gparent = parent;
  if (t->n[child].anchor) {
    t->n[parent].anchor = true;
    t->n[parent].gpattern = max_pattern(t->n[child].gpattern, t->n[parent].gpattern);
  }
}

typedef bool (*PathCond)(OpPatternKind kind, bool is_sink);

static bool check_path_(Tvm *t, int src, int sink, PathCond f) {
  if (t->visited[src] == t->stamp)
    return true;
  t->visited[src] = t->stamp;
  if (!f(t->n[find_root(t, src)].gpattern, src == sink))
    return false;
  if (src == sink)
    return true;
  for (int e = 0; e < t->n[src].noutputs; ++e)
    if (!check_path_(t, t->n[src].outputs[e].node, sink, f))
      return false;
  return true;
}

static bool check_path(Tvm *t, int src, int sink, PathCond f) {
  t->stamp++;
  for (int e = 0; e < t->n[src].noutputs; ++e)
    if (!check_path_(t, t->n[src].outputs[e].node, sink, f))
      return false;
  return true;
}

static void commit_fuse_(Tvm *t, int src, int sink, int target) {
  if (src == sink || t->visited[src] == t->stamp)
    return;
  t->visited[src] = t->stamp;
  merge_from_to(t, src, target);
  for (int e = 0; e < t->n[src].noutputs; ++e)
    commit_fuse_(t, t->n[src].outputs[e].node, sink, target);
}

static void commit_fuse(Tvm *t, int src, int sink, int phase) {
  sched_log(t->g, "tvm phase %d: fuse %s into the group of its post-dominator %s", phase, tname(t, src),
            tname(t, sink));
  t->stamp++;
  commit_fuse_(t, src, sink, sink);
}

static int64_t count_upto_sink_(Tvm *t, int src, int sink) {
  if (src == sink || t->visited[src] == t->stamp)
    return 0;
  t->visited[src] = t->stamp;
  int64_t sum = t->n[src].num_nodes;
  for (int e = 0; e < t->n[src].noutputs; ++e)
    sum += count_upto_sink_(t, t->n[src].outputs[e].node, sink);
  return sum;
}

/* CountFusedNodesWithNewChild: the post-dominator's group size plus, for every node on the paths up
 * to it, num_nodes of the node's own group entry (Relay reads groups_[index], not its root). */
static int64_t count_fused_with_new_child(Tvm *t, int child, int dom_parent) {
  t->stamp++;
  return t->n[find_root(t, dom_parent)].num_nodes + count_upto_sink_(t, child, dom_parent);
}

static bool cond_le_broadcast(OpPatternKind k, bool sink) {
  (void)sink;
  return k <= kBroadcast;
}
static bool cond_le_injective(OpPatternKind k, bool sink) {
  (void)sink;
  return k <= kInjective;
}
static bool cond_broadcast_path(OpPatternKind k, bool sink) {
  if (!sink)
    return k <= kInjective;
  return k <= kBroadcast || k == kCommReduce || k == kInjective || k == kOutEWiseFusable;
}

static void run_fuse(Tvm *t, int phase) {
  for (int k = 0; k < t->npost; ++k) {
    int nid = t->post_dfs[k];
    TNode *n = &t->n[nid];
    OpPatternKind gp = t->n[nid].gpattern; /* the node's own group entry, as groups_[nid]->pattern */
    if (gp == kOpaque || n->parent < 0)
      continue;
    int dp = n->parent;
    if (count_fused_with_new_child(t, nid, dp) > t->max_depth) {
      sched_log(t->g, "tvm phase %d: %s not fused into %s: more than max-depth=%ld nodes", phase, tname(t, nid),
                tname(t, dp), (long)t->max_depth);
      continue;
    }
    if (phase == 2) {
      if (gp > kInjective)
        continue;
      int droot = find_root(t, dp);
      if (t->n[droot].gpattern == kTuple)
        continue;
      if (t->n[dp].gpattern == kTuple && t->n[droot].gpattern <= kInjective &&
          check_path(t, nid, dp, cond_le_injective))
        commit_fuse(t, nid, dp, phase);
      continue;
    }
    if (find_root(t, nid) == find_root(t, dp))
      continue;
    if (t->n[dp].gpattern == kTuple)
      continue;
    if (gp == kOutEWiseFusable) {
      if (phase != 0)
        continue;
      if (n->dom_pattern == kElemWise && check_path(t, nid, dp, cond_le_broadcast) && !t->n[find_root(t, dp)].anchor)
        commit_fuse(t, nid, dp, phase);
    } else if (gp <= kBroadcast) {
      if (n->dom_pattern <= kInjective || n->dom_pattern == kCommReduce) {
        if (check_path(t, nid, dp, cond_broadcast_path))
          commit_fuse(t, nid, dp, phase);
        else
          sched_log(t->g, "tvm phase %d: %s not fused into %s: a path holds a node above kInjective", phase,
                    tname(t, nid), tname(t, dp));
      } else {
        sched_log(t->g, "tvm phase %d: %s not fused into %s: post-dominator pattern %s", phase, tname(t, nid),
                  tname(t, dp), pattern_name(n->dom_pattern));
      }
    } else if (gp == kInjective || gp == kTuple) {
      if (phase != 1)
        continue;
      if (check_path(t, nid, dp, cond_le_injective))
        commit_fuse(t, nid, dp, phase);
    }
    /* kCommReduce: never starts a fusion */
  }
}

/* --- Kernels from groups. */

static void realize_groups(Tvm *t) {
  SchedGraph *g = t->g;
  int nb = g->nbase;
  int *kernels = malloc(sizeof *kernels * (size_t)(nb + 1)); /* base ids heading the group's kernels */
  bool *done = calloc((size_t)nb + 1, sizeof *done);
  int ngroups = 0;
  for (int i = 0; i < nb; ++i) {
    if (done[i])
      continue;
    int root = find_root(t, i);
    IndStrBuf members = {0};
    int nk = 0, nm = 0;
    for (int j = i; j < nb; ++j) {
      if (done[j] || find_root(t, j) != root)
        continue;
      done[j] = true;
      ind_strbuf_printf(&members, " %s", g->nodes[j]->name);
      ++nm;
      bool placed = false;
      for (int k = 0; k < nk && !placed; ++k) {
        SchedNode *a = g->nodes[sched_graph_resolve(g, kernels[k])], *b = g->nodes[sched_graph_resolve(g, j)];
        if (a->nsnodes + b->nsnodes > t->max_fusion_size)
          sched_log(g, "tvm: %s not fused with %s: more than max-fusion-size=%ld nodes", b->name, a->name,
                    (long)t->max_fusion_size);
        else if (sched_can_fuse_legal(g, a, b) && !sched_will_fusion_create_cycle(g, a, b)) {
          sched_fuse(g, a->id, b->id);
          placed = true;
        }
      }
      if (!placed) {
        if (nk > 0)
          sched_log(g, "tvm: %s starts kernel %d of its group (ind's backend cannot fuse it with the others)",
                    g->nodes[j]->name, nk + 1);
        kernels[nk++] = j;
      }
    }
    sched_log(g, "tvm group %d (%s, %d nodes, %d kernel%s):%s", ngroups, pattern_name(t->n[root].gpattern), nm, nk,
              nk == 1 ? "" : "s", members.data ? members.data : "");
    ind_strbuf_free(&members);
    ++ngroups;
  }
  sched_log(g, "tvm: %d groups, %d kernels", ngroups, sched_graph_live_count(g));
  free(kernels);
  free(done);
}

static MlirLogicalResult fuse_tvm(SchedGraph *g, const IndPassOptions *opts) {
  Tvm t = {0};
  t.g = g;
  t.max_depth = ind_opt_int(opts, "max-depth");
  t.max_fusion_size = ind_opt_int(opts, "max-fusion-size");
  build_graph(&t);
  post_dom(&t);
  for (int i = 0; i < t.nn; ++i) {
    TNode *n = &t.n[i];
    n->gparent = -1;
    n->num_nodes = 1;
    n->gpattern = n->pattern;
    n->anchor = n->pattern == kOutEWiseFusable;
  }
  for (int k = 0; k < t.npost; ++k) {
    int i = t.post_dfs[k];
    TNode *n = &t.n[i];
    if (n->parent >= 0)
      sched_log(g, "tvm: %s %s, post-dominator %s (%s)", tname(&t, i), pattern_name(n->pattern), tname(&t, n->parent),
                pattern_name(n->dom_pattern));
    else
      sched_log(g, "tvm: %s %s, no post-dominator%s", tname(&t, i), pattern_name(n->pattern),
                n->extern_ref ? " (output)" : "");
  }
  for (int phase = 0; phase < 3; ++phase)
    run_fuse(&t, phase);
  realize_groups(&t);
  for (int i = 0; i < t.nn; ++i)
    free(t.n[i].outputs);
  free(t.n);
  free(t.post_dfs);
  free(t.visited);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  return sched_fuse_module(module, opts, fuse_tvm);
}

static const IndPassOptionDef k_options[] = {
    {"max-depth", IND_OPT_INT, "256", "most ops in one group (TVM's max_fuse_depth, kMaxFusedOps)"},
    {"max-fusion-size", IND_OPT_INT, IND_FUSION_STR(IND_FUSION_MAX_KERNEL_NODES),
     "most scheduler nodes in one kernel (a larger group is split into kernels)"},
    SCHED_FUSE_COMMON_OPTIONS,
    {NULL, 0, NULL, NULL}};

const IndPassDef ind_fuse_tvm_pass = {"fuse-tvm", "TVM's FuseOps: op patterns, post-dominator tree, three phases",
                                      k_options, run};
