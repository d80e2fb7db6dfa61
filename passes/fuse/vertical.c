/* vertical.c - `fuse-vertical`: the worked example of docs/passes/fuse.md, a whole strategy in one file.
 *
 * Producer-consumer fusion only: walk the nodes in topological order and fuse each node into the
 * node that produces its first fusable input, whenever the shared checks allow it (structural,
 * vertical MemoryDep matching, backend (numel, rnumel), no cycle) and the result stays within
 * `max-fusion-size` nodes. No scoring, no horizontal fusion (siblings that only share an input stay
 * apart). Requires sched level; preserves every sched.node; never fails on valid sched IR. */
#include "ind/fusion.h"
#include "lib/pass_registry.h"
#include "passes/fuse/sched_graph.h"

#include <stdlib.h>

/* Tries to fuse the live node containing base node `base` with the producers of its inputs. */
static void fuse_into_producer(SchedGraph *g, int base, int64_t max_size) {
  SchedNode *b = sched_graph_node(g, sched_graph_resolve(g, base));
  for (int i = 0; i < b->nunmet; ++i) {
    SchedBuf *buf = sched_graph_buf(g, b->unmet[i].name);
    if (!buf || buf->producer < 0)
      continue;
    SchedNode *a = sched_graph_node(g, sched_graph_resolve(g, buf->producer));
    if (a == b)
      continue;
    if (a->nsnodes + b->nsnodes > max_size) {
      sched_why_no_fuse(g, a, b, "exceeds max fusion");
      continue;
    }
    if (!sched_can_fuse_legal(g, a, b) || sched_will_fusion_create_cycle(g, a, b))
      continue;
    sched_log(g, "fusing %s with %s", a->name, b->name);
    sched_fuse(g, a->id, b->id);
    return;
  }
}

static MlirLogicalResult fuse_vertical(SchedGraph *g, const IndPassOptions *opts) {
  int64_t max_size = ind_opt_int(opts, "max-fusion-size");
  for (int base = 0; base < g->nbase; ++base)
    fuse_into_producer(g, base, max_size);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  return sched_fuse_module(module, opts, fuse_vertical);
}

static const IndPassOptionDef k_options[] = {{"max-fusion-size", IND_OPT_INT,
                                              IND_FUSION_STR(IND_FUSION_MAX_KERNEL_NODES),
                                              "most scheduler nodes in one fused node"},
                                             SCHED_FUSE_COMMON_OPTIONS,
                                             {NULL, 0, NULL, NULL}};

const IndPassDef ind_fuse_vertical_pass = {"fuse-vertical", "Producer-consumer fusion only, no scoring (example)",
                                           k_options, run};
