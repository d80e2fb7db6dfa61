/* cost.c - the cost of a grouping; see cost.h. */
#include "passes/fuse/cost.h"

#include <string.h>

static bool inside(const SchedGraph *g, const SchedNode *n, int base) {
  (void)g;
  return base >= 0 && ((n->ops[base >> 6] >> (base & 63)) & 1);
}

static bool sref_eq(MlirStringRef a, MlirStringRef b) {
  return a.length == b.length && memcmp(a.data, b.data, a.length) == 0;
}

SchedKernelCost sched_kernel_cost(SchedGraph *g, const SchedNode *n, const SchedCostModel *m) {
  SchedKernelCost c = {0, 0, 0, 0};
  int distinct = 0, kept = 0;
  for (int i = 0; i < n->nreads; ++i) {
    SchedBuf *b = sched_graph_buf(g, n->reads[i].name);
    if (b && inside(g, n, b->producer))
      continue;
    c.read += sched_dep_bytes(g, &n->reads[i]);
    bool seen = false;
    for (int j = 0; j < i && !seen; ++j)
      seen = sref_eq(n->reads[j].name, n->reads[i].name);
    distinct += !seen;
  }
  for (int i = 0; i < n->nsnodes; ++i) {
    SchedNode *s = g->nodes[n->snodes[i]];
    SchedBuf *b = s->nwrites ? sched_graph_buf(g, s->writes[0].name) : NULL;
    if (!b)
      continue;
    bool escapes = b->is_output;
    for (int u = 0; u < b->nusers && !escapes; ++u)
      escapes = !inside(g, n, b->users[u]);
    if (escapes)
      c.written += b->numel * b->elem_bytes;
    else if (b->nusers > 1)
      ++kept; /* read by several sub-nodes: live across them (a chain's values die at once) */
  }
  c.regs = distinct + kept + 1; /* + the value being computed */
  if (!sched_node_is_extern(n) && c.regs > m->reg_limit)
    c.spill = (c.regs - m->reg_limit) * 8 * n->numel * (n->rnumel > 0 ? n->rnumel : 1);
  return c;
}

SchedGroupingCost sched_grouping_cost(SchedGraph *g, const SchedCostModel *m) {
  SchedGroupingCost t = {0, 0, 0, 0, 0, 0};
  for (int i = 0; i < g->nnodes; ++i) {
    SchedNode *n = g->nodes[i];
    if (!n->alive)
      continue;
    SchedKernelCost k = sched_kernel_cost(g, n, m);
    t.kernels++;
    t.read += k.read;
    t.written += k.written;
    t.spill += k.spill;
    if (k.regs > t.max_regs)
      t.max_regs = k.regs;
  }
  t.total = t.read + t.written + t.spill + (int64_t)t.kernels * m->launch_bytes;
  return t;
}
