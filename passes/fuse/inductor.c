/* inductor.c - `fuse-inductor`: TorchInductor's greedy fusion (Scheduler.fuse_nodes) on the sched IR.
 *
 * fuse_nodes runs up to `max-rounds` (10) rounds of fuse_nodes_once and stops when a round changes
 * nothing or one node is left. A round takes the candidate pairs of get_possible_fusions (nodes that
 * share a buffer, each paired with the next `max-pairwise-attempts` (64) of its buffer group; pairs
 * involving extern nodes are tried too so that the log says why they are refused), sorted by
 * score_fusion (FusionScore: template score, then memory if one side has 16x the other, then node
 * type, memory, overlap, proximity), highest first; for each pair, re-resolved to the fused nodes
 * containing it, it fuses when can_fuse holds and will_fusion_create_cycle does not.
 * can_fuse, in Inductor's order: structural checks (extern, "node1 must go before node2"), the memory
 * score, InductorChoices.can_fuse ("no shared data", "exceeds max fusion", peak memory), then
 * vertical legality + backend (numel, rnumel) when node2 depends on node1, else the horizontal
 * heuristics (score >= `score-fusion-memory-threshold`, distance <= `max-distance`) + backend.
 * Requires: sched level (run ind-schedule first; the --fuse stage does). Preserves: every sched.node
 * and the ops it wraps (only regrouped into sched.fused ops). Never fails on valid sched IR; a node
 * without kind/group/reads/writes is a located error. The log (debug-fusion=true or IND_LOGS=fusion)
 * explains every decision; docs/passes/fuse.md has the rules and a worked example. */
#include "ind/fusion.h"
#include "lib/pass_registry.h"
#include "lib/vec.h"
#include "passes/fuse/sched_graph.h"

#include <stdlib.h>
#include <string.h>

typedef struct Config {
  int64_t max_fusion_size, max_pairwise, threshold, max_distance, peak_factor, max_rounds;
  bool aggressive, loop_ordering;
} Config;

static Config read_config(const IndPassOptions *o) {
  Config c = {ind_opt_int(o, "max-fusion-size"),
              ind_opt_int(o, "max-pairwise-attempts"),
              ind_opt_int(o, "score-fusion-memory-threshold"),
              ind_opt_int(o, "max-distance"),
              ind_opt_int(o, "peak-memory-factor"),
              ind_opt_int(o, "max-rounds"),
              ind_opt_bool(o, "aggressive-fusion"),
              ind_opt_bool(o, "loop-ordering-after-fusion")};
  return c;
}

/* --- score_fusion (InductorChoices) and FusionScore's ordering. */

typedef struct FusionScore {
  int64_t template_score, type_score, memory, overlap, proximity;
} FusionScore;

typedef struct Candidate {
  int a, b; /* base ids of the pair's first nodes (re-resolved when the pair is tried) */
  FusionScore score;
} Candidate;

static int64_t distance(const SchedNode *a, const SchedNode *b) {
  int64_t x = llabs((int64_t)a->min_order - b->max_order), y = llabs((int64_t)b->min_order - a->max_order);
  return x > y ? x : y;
}

static FusionScore score_fusion(SchedGraph *g, const SchedNode *a, const SchedNode *b) {
  FusionScore s;
  s.memory = sched_score_fusion_memory(g, a, b);
  s.proximity = -distance(a, b);
  s.template_score = 1 + (s.memory > 0); /* no templates: 1 + (is_template == epilogue_fusion_first and mem) */
  s.type_score = sched_node_is_reduction(a) == sched_node_is_reduction(b) && s.memory > 0;
  s.overlap = 0; /* the buffer-overlap fallback is off (see docs/passes/fuse.md) */
  return s;
}

/* FusionScore.__lt__ */
static bool score_less(const FusionScore *x, const FusionScore *y) {
  if (x->template_score != y->template_score)
    return x->template_score < y->template_score;
  int64_t hi = x->memory > y->memory ? x->memory : y->memory, lo = x->memory < y->memory ? x->memory : y->memory;
  if (hi > lo * 16)
    return x->memory < y->memory;
  int64_t a[4] = {x->type_score, x->memory, x->overlap, x->proximity};
  int64_t b[4] = {y->type_score, y->memory, y->overlap, y->proximity};
  for (int i = 0; i < 4; ++i)
    if (a[i] != b[i])
      return a[i] < b[i];
  return false;
}

/* Stable sort, highest score first (Python's sort(key=..., reverse=True)). */
static void sort_candidates(Candidate *v, int n, Candidate *tmp) {
  if (n < 2)
    return;
  int h = n / 2;
  sort_candidates(v, h, tmp);
  sort_candidates(v + h, n - h, tmp);
  int i = 0, j = h, k = 0;
  while (i < h && j < n)
    tmp[k++] = score_less(&v[i].score, &v[j].score) ? v[j++] : v[i++];
  while (i < h)
    tmp[k++] = v[i++];
  while (j < n)
    tmp[k++] = v[j++];
  memcpy(v, tmp, sizeof *v * (size_t)n);
}

/* --- InductorChoices.can_fuse / can_fuse_horizontal and the peak-memory guard. */

/* Scheduler.can_fusion_increase_peak_memory: single-user computed inputs of both nodes with the same
 * reuse key (bytes) would be freed early without fusion; true when they outweigh factor x the score. */
static bool can_fusion_increase_peak_memory(SchedGraph *g, const SchedNode *a, const SchedNode *b, int64_t score,
                                            int64_t factor) {
  int64_t overhead = 0;
  for (int i = 0; i < a->nreads; ++i) {
    SchedBuf *x = sched_graph_buf(g, a->reads[i].name);
    if (!x || x->producer < 0 || x->nusers != 1)
      continue;
    int64_t key = x->numel * x->elem_bytes;
    bool common = false;
    for (int j = 0; j < b->nreads && !common; ++j) {
      SchedBuf *y = sched_graph_buf(g, b->reads[j].name);
      common = y && y->producer >= 0 && y->nusers == 1 && y->numel * y->elem_bytes == key;
    }
    if (common)
      overhead += key;
  }
  return overhead > factor * score;
}

static bool choices_can_fuse(SchedGraph *g, const Config *c, SchedNode *a, SchedNode *b, int64_t shared) {
  if (shared == 0 && (!c->aggressive || sched_node_is_reduction(a) || sched_node_is_reduction(b))) {
    sched_why_no_fuse(g, a, b, "no shared data");
    return false;
  }
  if (a->nsnodes + b->nsnodes > c->max_fusion_size) {
    sched_why_no_fuse(g, a, b, "exceeds max fusion");
    return false;
  }
  if (can_fusion_increase_peak_memory(g, a, b, shared, c->peak_factor)) {
    sched_why_no_fuse(g, a, b, "Fusion will increase peak memory");
    return false;
  }
  return true;
}

static bool choices_can_fuse_horizontal(SchedGraph *g, const Config *c, SchedNode *a, SchedNode *b, int64_t shared) {
  if (shared < c->threshold) {
    sched_why_no_fuse(g, a, b, "score_fusion_memory_threshold");
    return false;
  }
  if (distance(a, b) > c->max_distance) {
    sched_why_no_fuse(g, a, b, "Nodes are too far away. Fusing them may increase peak memory.");
    return false;
  }
  return true;
}

/* Scheduler.can_fuse */
static bool can_fuse(SchedGraph *g, const Config *c, SchedNode *a, SchedNode *b) {
  if (!sched_can_fuse_structural(g, a, b))
    return false;
  int64_t shared = sched_score_fusion_memory(g, a, b);
  /* loop_ordering_after_fusion: no data shared at equal indices, but some after merging loops (deps with
   * different dim counts: a view between a reduction and its epilogue), or a permutation of one node's
   * loops would make some equal (a value and its transposed copy) */
  if (shared < c->threshold && c->loop_ordering) {
    int64_t merged = sched_shared_data_after_merging_loops(g, a, b);
    if (merged > 0)
      shared = merged;
    else if (sched_reorder_loops(g, a, b))
      shared = sched_score_fusion_memory(g, a, b);
  }
  if (!choices_can_fuse(g, c, a, b, shared))
    return false;
  if (sched_is_vertical(g, a, b))
    return sched_can_fuse_vertical(g, a, b) && sched_backend_can_fuse(g, a, b);
  return choices_can_fuse_horizontal(g, c, a, b, shared) && sched_backend_can_fuse(g, a, b);
}

/* --- get_possible_fusions. */

typedef struct PairSet {
  int64_t *keys;
  size_t cap, n;
} PairSet;

/* Inserts (a, b); false when it was already there. */
static bool pairset_insert(PairSet *s, int64_t key) {
  if (2 * (s->n + 1) > s->cap) {
    PairSet t = {malloc(sizeof(int64_t) * (s->cap ? 2 * s->cap : 256)), s->cap ? 2 * s->cap : 256, 0};
    memset(t.keys, -1, sizeof(int64_t) * t.cap);
    for (size_t i = 0; i < s->cap; ++i)
      if (s->keys[i] >= 0)
        pairset_insert(&t, s->keys[i]);
    free(s->keys);
    *s = t;
  }
  size_t mask = s->cap - 1;
  for (size_t i = ((uint64_t)key * 0x9E3779B97F4A7C15ull >> 20) & mask;; i = (i + 1) & mask) {
    if (s->keys[i] == key)
      return false;
    if (s->keys[i] < 0) {
      s->keys[i] = key;
      s->n++;
      return true;
    }
  }
}

/* The nodes using each buffer (by index in g->bufs), and the buffers in first-seen order. */
typedef struct Groups {
  int **members;
  int *nmembers, *capm;
  int *order;
  int norder;
} Groups;

static void group_add(SchedGraph *g, Groups *gr, MlirStringRef name, int node) {
  SchedBuf *b = sched_graph_buf(g, name);
  if (!b)
    return;
  int bi = (int)(b - g->bufs);
  if (gr->nmembers[bi] == 0)
    gr->order[gr->norder++] = bi;
  else if (gr->members[bi][gr->nmembers[bi] - 1] == node)
    return;
  IND_VEC_PUSH(gr->members[bi], gr->nmembers[bi], gr->capm[bi], node);
}

/* The candidate pairs found so far, and the pairs already tried. */
typedef struct Candidates {
  Candidate *v;
  int n, cap;
  PairSet seen;
} Candidates;

/* check_all_pairs: each node of a group with the next `max_pairwise` ones, each pair once. */
static void check_all_pairs(SchedGraph *g, const Config *c, const int *m, int nm, Candidates *cs) {
  for (int i = 0; i < nm; ++i)
    for (int j = i + 1; j < nm && j <= i + c->max_pairwise; ++j) {
      if (!pairset_insert(&cs->seen, (int64_t)m[i] * g->nnodes + m[j]))
        continue;
      SchedNode *a = g->nodes[m[i]], *b = g->nodes[m[j]];
      if (!can_fuse(g, c, a, b))
        continue;
      IND_VEC_PUSH(cs->v, cs->n, cs->cap, ((Candidate){a->snodes[0], b->snodes[0], score_fusion(g, a, b)}));
    }
}

static void group_by_buffers(SchedGraph *g, const Config *c, const int *nodes, int n, Candidates *cs) {
  Groups gr = {calloc((size_t)g->nbufs + 1, sizeof(int *)), calloc((size_t)g->nbufs + 1, sizeof(int)),
               calloc((size_t)g->nbufs + 1, sizeof(int)), calloc((size_t)g->nbufs + 1, sizeof(int)), 0};
  for (int i = 0; i < n; ++i) {
    SchedNode *s = g->nodes[nodes[i]];
    for (int k = 0; k < s->nreads; ++k)
      group_add(g, &gr, s->reads[k].name, nodes[i]);
    for (int k = 0; k < s->nwrites; ++k)
      group_add(g, &gr, s->writes[k].name, nodes[i]);
  }
  for (int o = 0; o < gr.norder; ++o)
    check_all_pairs(g, c, gr.members[gr.order[o]], gr.nmembers[gr.order[o]], cs);
  for (int i = 0; i < g->nbufs; ++i)
    free(gr.members[i]);
  free(gr.members);
  free(gr.nmembers);
  free(gr.capm);
  free(gr.order);
}

/* aggressive_fusion also groups nodes by their group (numel, rnumel), in node order. */
static void group_by_size(SchedGraph *g, const Config *c, const int *nodes, int n, Candidates *cs) {
  int *m = malloc(sizeof *m * ((size_t)n + 1));
  bool *done = calloc((size_t)n + 1, sizeof *done);
  for (int i = 0; i < n; ++i) {
    if (done[i])
      continue;
    SchedNode *s = g->nodes[nodes[i]];
    int nm = 0;
    for (int j = i; j < n; ++j) {
      SchedNode *t = g->nodes[nodes[j]];
      if (!done[j] && t->numel == s->numel && t->rnumel == s->rnumel) {
        done[j] = true;
        m[nm++] = nodes[j];
      }
    }
    check_all_pairs(g, c, m, nm, cs);
  }
  free(m);
  free(done);
}

static void log_candidates_found(SchedGraph *g, const Candidates *cs) {
  sched_log(g, "found %d possible fusions", cs->n);
  for (int i = 0; i < cs->n && g->log; ++i) {
    const Candidate *k = &cs->v[i];
    sched_log(g,
              "  %s, %s: FusionScore(template_score=%ld, node_type_score=%ld, memory_score=%ld, "
              "buffer_overlap_score=%ld, proximity_score=%ld)",
              g->nodes[sched_graph_resolve(g, k->a)]->name, g->nodes[sched_graph_resolve(g, k->b)]->name,
              (long)k->score.template_score, (long)k->score.type_score, (long)k->score.memory, (long)k->score.overlap,
              (long)k->score.proximity);
  }
}

static int get_possible_fusions(SchedGraph *g, const Config *c, const int *nodes, int n, Candidate **out) {
  Candidates cs = {NULL, 0, 0, {0}};
  group_by_buffers(g, c, nodes, n, &cs);
  if (c->aggressive)
    group_by_size(g, c, nodes, n, &cs);
  free(cs.seen.keys);
  Candidate *tmp = malloc(sizeof *tmp * ((size_t)cs.n + 1));
  sort_candidates(cs.v, cs.n, tmp);
  free(tmp);
  log_candidates_found(g, &cs);
  *out = cs.v;
  return cs.n;
}

/* --- fuse_nodes_once / fuse_nodes. */

static void log_candidates(SchedGraph *g, const int *nodes, int n) {
  if (!g->log)
    return;
  sched_log(g, "fuse_nodes_once, candidates:");
  for (int i = 0; i < n; ++i) {
    SchedNode *s = g->nodes[nodes[i]];
    if (s->is_fused)
      sched_log(g, "  FusedSchedulerNode(nodes=%s)", s->name);
    else
      sched_log(g, "  %s(name='%s'), %s([%ld, %ld])",
                s->kind == SCHED_KIND_EXTERN ? "ExternKernelSchedulerNode" : "SchedulerNode", s->name,
                s->kind == SCHED_KIND_REDUCTION ? "Reduction"
                : s->kind == SCHED_KIND_SCAN    ? "Scan"
                : s->kind == SCHED_KIND_EXTERN  ? "ExternKernel"
                                                : "Pointwise",
                (long)s->numel, (long)s->rnumel);
  }
}

static void fuse_nodes_once(SchedGraph *g, const Config *c) {
  int *nodes;
  int n = sched_graph_order(g, &nodes);
  log_candidates(g, nodes, n);
  Candidate *cands;
  int nc = get_possible_fusions(g, c, nodes, n, &cands);
  for (int i = 0; i < nc; ++i) {
    SchedNode *a = g->nodes[sched_graph_resolve(g, cands[i].a)];
    SchedNode *b = g->nodes[sched_graph_resolve(g, cands[i].b)];
    if (!can_fuse(g, c, a, b) || sched_will_fusion_create_cycle(g, a, b))
      continue;
    sched_log(g, "fusing %s with %s", a->name, b->name);
    sched_fuse(g, a->id, b->id);
  }
  free(cands);
  free(nodes);
}

MlirLogicalResult ind_fuse_inductor_graph(SchedGraph *g, const IndPassOptions *opts);

/* Also the baseline of fuse-search (search.c), with this pass's options. */
MlirLogicalResult ind_fuse_inductor_graph(SchedGraph *g, const IndPassOptions *opts) {
  Config c = read_config(opts);
  int rounds = (int)c.max_rounds;
  for (int i = 0; i < rounds; ++i) {
    int old_len = sched_graph_live_count(g);
    sched_log(g, "===== attempting fusion (%d/%d): %d nodes =====", i + 1, rounds, old_len);
    fuse_nodes_once(g, &c);
    int new_len = sched_graph_live_count(g);
    sched_log(g, "completed fusion round (%d/%d): fused %d nodes into %d nodes\n", i + 1, rounds, old_len, new_len);
    if (new_len == old_len || new_len == 1) {
      sched_log(g, "===== fusion complete (%d iterations) =====", i + 1);
      break;
    }
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  return sched_fuse_module(module, opts, ind_fuse_inductor_graph);
}

static const IndPassOptionDef k_options[] = {
    {"max-fusion-size", IND_OPT_INT, IND_FUSION_STR(IND_FUSION_MAX_KERNEL_NODES),
     "most scheduler nodes in one fused node (config.max_fusion_size)"},
    {"max-pairwise-attempts", IND_OPT_INT, "64",
     "pair a node with at most this many later nodes of a buffer group "
     "(config.max_fusion_buffer_group_pairwise_attempts)"},
    {"score-fusion-memory-threshold", IND_OPT_INT, "10",
     "least shared bytes for a horizontal fusion (config.score_fusion_memory_threshold)"},
    {"max-distance", IND_OPT_INT, "64", "largest order distance of a horizontal fusion (are_long_distant_nodes)"},
    {"peak-memory-factor", IND_OPT_INT, "32",
     "refuse when reusable single-user inputs exceed this many times the shared bytes"},
    {"max-rounds", IND_OPT_INT, "10", "most rounds of fuse_nodes_once"},
    {"aggressive-fusion", IND_OPT_BOOL, "false", "allow fusing pointwise nodes that share no data"},
    {"loop-ordering-after-fusion", IND_OPT_BOOL, "true",
     "permute a pointwise node's loops when that makes its deps meet the other node's (a transposed copy)"},
    SCHED_FUSE_COMMON_OPTIONS,
    {NULL, 0, NULL, NULL}};

const IndPassDef ind_fuse_inductor_pass = {
    "fuse-inductor", "Inductor's greedy fusion of scheduler nodes (fuse_nodes / can_fuse / score_fusion)", k_options,
    run};
