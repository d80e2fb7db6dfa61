/* search.c - `fuse-search`: a grouping search over a cost model, beyond pairwise greedy order.
 *
 * Objective (passes/fuse/cost.h): HBM bytes read and written (from the MemoryDeps) + spill bytes of
 * the register estimate + `launch-bytes` per kernel. Legality: only the shared checks
 * (sched_can_fuse_legal, sched_will_fusion_create_cycle) and `max-fusion-size`; Inductor's
 * heuristics (shared-data thresholds, distance, peak memory) are left to the cost.
 *
 * 1. Baseline: Inductor's greedy (fuse-inductor with its defaults) runs first; its merge sequence
 *    and cost are the best so far, so the result is never worse than the greedy by this model.
 * 2. Small graphs (at most `exact-limit` nodes): exact search. Nodes are placed in topological order;
 *    each joins one of the kernels built so far (when legal) or starts its own; every complete
 *    grouping is costed; undo (sched_unfuse_last) backtracks. `max-states` bounds the work (the log
 *    says when the bound cut the search).
 * 3. Large graphs: local search from the greedy grouping: in rounds, every pair of kernels that
 *    shares a buffer is costed merged (a kernel's cost depends only on its own nodes, so the change
 *    is exact), and merges that lower the cost are applied, best first, re-checked, until a round
 *    finds none.
 * The best merge sequence is replayed at the end. Log: debug-fusion=true or IND_LOGS=fusion. */
#include "ind/fusion.h"
#include "lib/pass_registry.h"
#include "passes/fuse/cost.h"
#include "passes/fuse/sched_graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const IndPassDef ind_fuse_inductor_pass;
MlirLogicalResult ind_fuse_inductor_graph(SchedGraph *g, const IndPassOptions *opts);

typedef struct Merge {
  int a, b; /* first base nodes of the two merged nodes */
} Merge;

typedef struct Search {
  SchedGraph *g;
  SchedCostModel model;
  int64_t max_size, max_states, states;
  bool cut;
  Merge *best;
  int nbest;
  int64_t best_cost;
  int *stamp, cur;
  int start; /* g->nnodes on entry: fusions of already fused input are kept (their data is gone) */
} Search;

static int64_t cost_now(Search *s) { return sched_grouping_cost(s->g, &s->model).total; }

static void record(Search *s) {
  SchedGraph *g = s->g;
  s->nbest = g->nnodes - s->start;
  s->best = realloc(s->best, sizeof *s->best * (size_t)(s->nbest + 1));
  for (int i = s->start; i < g->nnodes; ++i) {
    SchedNode *n = g->nodes[i];
    s->best[i - s->start] = (Merge){g->nodes[n->from_a]->snodes[0], g->nodes[n->from_b]->snodes[0]};
  }
}

static void undo_all(Search *s) {
  while (s->g->nnodes > s->start)
    sched_unfuse_last(s->g);
}

static void replay(Search *s) {
  SchedGraph *g = s->g;
  undo_all(s);
  for (int i = 0; i < s->nbest; ++i) {
    SchedNode *a = g->nodes[sched_graph_resolve(g, s->best[i].a)], *b = g->nodes[sched_graph_resolve(g, s->best[i].b)];
    sched_log(g, "fusing %s with %s", a->name, b->name);
    sched_fuse(g, a->id, b->id);
  }
}

static bool try_legal(Search *s, SchedNode *a, SchedNode *b) {
  if (a == b || a->nsnodes + b->nsnodes > s->max_size)
    return false;
  return sched_can_fuse_legal(s->g, a, b) && !sched_will_fusion_create_cycle(s->g, a, b);
}

/* --- Exact search. */

static void dfs(Search *s, int j) {
  SchedGraph *g = s->g;
  if (++s->states > s->max_states) {
    s->cut = true;
    return;
  }
  if (j == g->nbase) {
    int64_t c = cost_now(s);
    if (c < s->best_cost) {
      s->best_cost = c;
      record(s);
    }
    return;
  }
  dfs(s, j + 1); /* j starts its own kernel */
  /* or joins a kernel of the nodes before it */
  int *cands = malloc(sizeof *cands * (size_t)(j + 1));
  int nc = 0;
  s->cur++;
  for (int i = 0; i < j; ++i) {
    int k = sched_graph_resolve(g, i);
    if (s->stamp[k] == s->cur)
      continue;
    s->stamp[k] = s->cur;
    cands[nc++] = k;
  }
  for (int c = 0; c < nc && !s->cut; ++c) {
    SchedNode *a = g->nodes[cands[c]], *b = g->nodes[sched_graph_resolve(g, j)];
    if (!try_legal(s, a, b))
      continue;
    sched_fuse(g, a->id, b->id);
    dfs(s, j + 1);
    sched_unfuse_last(g);
  }
  free(cands);
}

/* --- Local search (large graphs). */

typedef struct Move {
  int a, b; /* base ids of the two kernels */
  int64_t delta;
} Move;

static int cmp_move(const void *x, const void *y) {
  const Move *a = x, *b = y;
  if (a->delta != b->delta)
    return a->delta < b->delta ? -1 : 1;
  if (a->a != b->a)
    return a->a - b->a;
  return a->b - b->b;
}

static int64_t kernel_total(Search *s, SchedNode *n) {
  SchedKernelCost k = sched_kernel_cost(s->g, n, &s->model);
  return k.read + k.written + k.spill + s->model.launch_bytes;
}

/* The change of cost if kernels a and b (a first) merge, or 1 when they cannot. */
static int64_t merge_delta(Search *s, SchedNode *a, SchedNode *b) {
  if (!try_legal(s, a, b))
    return 1;
  int64_t before = kernel_total(s, a) + kernel_total(s, b);
  int id = sched_fuse(s->g, a->id, b->id);
  int64_t after = kernel_total(s, s->g->nodes[id]);
  sched_unfuse_last(s->g);
  return after - before;
}

static void local_search(Search *s) {
  SchedGraph *g = s->g;
  for (int round = 0; round < 64; ++round) {
    Move *mv = NULL;
    int nm = 0, cap = 0;
    /* kernel pairs linked by a buffer: producer -> consumer, and consumers of one buffer */
    for (int bi = 0; bi < g->nbufs; ++bi) {
      SchedBuf *b = &g->bufs[bi];
      int prev = b->producer >= 0 ? sched_graph_resolve(g, b->producer) : -1;
      for (int u = 0; u < b->nusers; ++u) {
        int k = sched_graph_resolve(g, b->users[u]);
        int others[2] = {prev, u > 0 ? sched_graph_resolve(g, b->users[u - 1]) : -1};
        for (int o = 0; o < 2; ++o) {
          int x = others[o];
          if (x < 0 || x == k)
            continue;
          SchedNode *p = g->nodes[x], *q = g->nodes[k];
          if (sched_ops_intersect(q, p->ancestors)) { /* keep producer first */
            SchedNode *t = p;
            p = q;
            q = t;
          }
          int64_t d = merge_delta(s, p, q);
          if (d < 0) {
            if (nm == cap) {
              cap = cap ? 2 * cap : 64;
              mv = realloc(mv, sizeof *mv * (size_t)cap);
            }
            mv[nm++] = (Move){p->snodes[0], q->snodes[0], d};
          }
        }
      }
    }
    if (nm == 0) {
      free(mv);
      return;
    }
    qsort(mv, (size_t)nm, sizeof *mv, cmp_move);
    int applied = 0;
    for (int i = 0; i < nm; ++i) {
      SchedNode *a = g->nodes[sched_graph_resolve(g, mv[i].a)], *b = g->nodes[sched_graph_resolve(g, mv[i].b)];
      if (a == b)
        continue;
      if (merge_delta(s, a, b) < 0) {
        sched_fuse(g, a->id, b->id);
        ++applied;
      }
    }
    free(mv);
    if (!applied)
      return;
  }
}

/* --- The strategy. */

static MlirLogicalResult fuse_search(SchedGraph *g, const IndPassOptions *opts) {
  Search s = {0};
  s.g = g;
  s.model.launch_bytes = ind_opt_int(opts, "launch-bytes");
  s.model.reg_limit = ind_opt_int(opts, "reg-limit");
  s.max_size = ind_opt_int(opts, "max-fusion-size");
  s.max_states = ind_opt_int(opts, "max-states");
  int64_t exact_limit = ind_opt_int(opts, "exact-limit");
  FILE *log = g->log;
  g->keep_history = true;
  g->log = NULL;       /* the search's own refusals are not decisions: keep the log to the summary */
  s.start = g->nnodes; /* an already fused input keeps its groups; the search adds to them */

  IndPassOptions io;
  char err[256];
  if (!ind_pass_options_parse(&ind_fuse_inductor_pass, NULL, 0, &io, err, sizeof err))
    return ind_emit_error(g->func, "fuse-search: %s", err);
  ind_fuse_inductor_graph(g, &io);
  record(&s);
  s.best_cost = cost_now(&s);
  int greedy_kernels = sched_graph_live_count(g);
  int64_t greedy_cost = s.best_cost;
  s.stamp = calloc((size_t)(s.start + g->nbase + 2), sizeof *s.stamp); /* every id a merge can make */
  const char *how;
  if (g->nbase <= exact_limit) {
    undo_all(&s);
    dfs(&s, 0);
    how = s.cut ? "exact search, cut at max-states" : "exact search";
  } else {
    local_search(&s);
    int64_t c = cost_now(&s);
    if (c < s.best_cost) {
      s.best_cost = c;
      record(&s);
    }
    how = "local search from the greedy grouping";
  }
  g->log = log;
  replay(&s);
  sched_log(g, "search (%s, %ld states): greedy %d kernels, cost %ld bytes; best %d kernels, cost %ld bytes", how,
            (long)s.states, greedy_kernels, (long)greedy_cost, sched_graph_live_count(g), (long)s.best_cost);
  g->keep_history = false;
  free(s.best);
  free(s.stamp);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  return sched_fuse_module(module, opts, fuse_search);
}

static const IndPassOptionDef k_options[] = {
    {"launch-bytes", IND_OPT_INT, "1048576", "cost of one kernel launch, in HBM bytes"},
    {"reg-limit", IND_OPT_INT, "48", "live values per thread before the estimate spills"},
    {"max-fusion-size", IND_OPT_INT, IND_FUSION_STR(IND_FUSION_MAX_KERNEL_NODES), "most scheduler nodes in one kernel"},
    {"exact-limit", IND_OPT_INT, "12", "exact search on graphs of at most this many nodes, else local search"},
    {"max-states", IND_OPT_INT, "200000", "most states the exact search visits"},
    SCHED_FUSE_COMMON_OPTIONS,
    {NULL, 0, NULL, NULL}};

const IndPassDef ind_fuse_search_pass = {
    "fuse-search", "Search for the grouping of least cost (HBM bytes, launches, registers): exact or local", k_options,
    run};
