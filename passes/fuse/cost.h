/* cost.h - what a grouping costs: kernels, HBM bytes from the MemoryDeps, a register estimate.
 *
 * Shared by `fuse-search` (its objective) and `--fusion-report` (its table). A kernel is a live node
 * of the SchedGraph (an extern node is a kernel too, one launch). It reads, from HBM, every dep of a
 * buffer it does not produce itself (the node's reads, Inductor's MemoryDep bytes: numel over the dims
 * the index uses x element size; a StarDep the whole buffer), and writes every buffer it produces that
 * another kernel reads or the function returns (a buffer made and used only inside stays in registers:
 * remove_kernel_local_buffers). The register estimate counts the values a thread holds at once: one
 * per distinct buffer loaded from HBM, one per buffer kept inside the kernel that several sub-nodes
 * read (it stays live across them; a chain's values die at once), one for the value being computed;
 * above `reg_limit` each extra value spills, a store and a load of 4 bytes per iteration. */
#ifndef IND_PASSES_FUSE_COST_H
#define IND_PASSES_FUSE_COST_H

#include "passes/fuse/sched_graph.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct SchedCostModel {
  int64_t launch_bytes; /* what one launch costs, in HBM bytes */
  int64_t reg_limit;    /* live values per thread before spilling */
} SchedCostModel;

typedef struct SchedKernelCost {
  int64_t read, written; /* HBM bytes */
  int64_t regs;          /* live-value estimate */
  int64_t spill;         /* bytes of spill traffic */
} SchedKernelCost;

typedef struct SchedGroupingCost {
  int kernels;           /* live nodes (= launches) */
  int64_t read, written; /* HBM bytes, all kernels */
  int64_t spill;         /* spill bytes */
  int64_t max_regs;      /* the largest estimate of a kernel */
  int64_t total;         /* read + written + spill + kernels x launch_bytes: the search's objective */
} SchedGroupingCost;

SchedKernelCost sched_kernel_cost(SchedGraph *g, const SchedNode *n, const SchedCostModel *m);
SchedGroupingCost sched_grouping_cost(SchedGraph *g, const SchedCostModel *m);

#ifdef __cplusplus
}
#endif

#endif
