/* none.c - `fuse-none`: the baseline strategy, fuses nothing (one kernel per scheduler node).
 * Useful to measure what fusion buys and to get the scheduler dumps (ir-pre-fusion, dot) without
 * changing the graph. Requires sched level; changes nothing except the order, which stays topological. */
#include "lib/pass_registry.h"
#include "passes/fuse/sched_graph.h"

static MlirLogicalResult fuse_nothing(SchedGraph *g, const IndPassOptions *opts) {
  (void)opts;
  sched_log(g, "fusion strategy 'none': %d nodes left as they are", sched_graph_live_count(g));
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  return sched_fuse_module(module, opts, fuse_nothing);
}

static const IndPassOptionDef k_options[] = {SCHED_FUSE_COMMON_OPTIONS, {NULL, 0, NULL, NULL}};

const IndPassDef ind_fuse_none_pass = {"fuse-none", "Fuse nothing: one kernel per scheduler node (baseline)", k_options,
                                       run};
