/* sched.h - typed accessors and builders of the sched dialect (Inductor's scheduler).
 *
 * A `sched.node` wraps one ind op (ind.pointwise / ind.reduction: a SchedulerNode; ind.extern: an
 * ExternKernelSchedulerNode) and yields its buffer; a `sched.fused` (FusedSchedulerNode) holds
 * sched.nodes and yields the buffers used outside it. Both carry the scheduler's facts as attributes:
 *   name                  "op0" / "op0_op1"
 *   kind                  "pointwise" | "reduction" | "extern"
 *   group                 array<i64: numel, rnumel>
 *   order                 i64 (sched.node: topological index) ; min_order / max_order on sched.fused
 *   writes, reads, unmet_dependencies, met_dependencies   arrays of MemoryDeps (memdep.h)
 * Every op name and attribute key of the dialect is spelled here once. */
#ifndef IND_DIALECTS_SCHED_H
#define IND_DIALECTS_SCHED_H

#include "dialects/sched/memdep.h"
#include "lib/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SCHED_NODE "sched.node"
#define SCHED_FUSED "sched.fused"
/* The most distinct buffer types one sched.fused can yield (its IRDL result groups). */
#define SCHED_FUSED_MAX_RESULT_TYPES 8

/* On a func.func: the fusion pass that fused it (e.g. "fuse-inductor"). A function carrying it, or
 * holding a sched.fused, is fused: the implied --fuse stage leaves it as it is (docs/dialects/sched.md). */
#define SCHED_ATTR_STRATEGY "sched.strategy"
#define SCHED_ATTR_NAME "name"
#define SCHED_ATTR_KIND "kind"
#define SCHED_ATTR_GROUP "group"
#define SCHED_ATTR_ORDER "order"
#define SCHED_ATTR_MIN_ORDER "min_order"
#define SCHED_ATTR_MAX_ORDER "max_order"
#define SCHED_ATTR_WRITES "writes"
#define SCHED_ATTR_READS "reads"
#define SCHED_ATTR_UNMET "unmet_dependencies"
#define SCHED_ATTR_MET "met_dependencies"

/* "scan": a node wrapping an ind.scan (Inductor's Scan: a reduction-kind node, group (numel, scan length),
 * whose every position is written). */
typedef enum SchedKind { SCHED_KIND_POINTWISE, SCHED_KIND_REDUCTION, SCHED_KIND_EXTERN, SCHED_KIND_SCAN } SchedKind;

bool sched_is_node(MlirOperation op);
bool sched_is_fused(MlirOperation op);
const char *sched_kind_name(SchedKind k);
bool sched_kind_parse(MlirStringRef s, SchedKind *out);
/* The kind attribute of a sched.node / sched.fused; false when absent or unknown. */
bool sched_get_kind(MlirOperation op, SchedKind *out);
void sched_set_kind(MlirOperation op, SchedKind k);

/* The op wrapped by a sched.node (the first op of its body), null when the body is empty. */
MlirOperation sched_node_inner(MlirOperation node);
/* The single block of a sched.node / sched.fused body (ending in gpu.yield). */
MlirBlock sched_body(MlirOperation op);

/* MemoryDep list attributes. sched_get_deps allocates *out (free() it); false when the attribute is
 * missing or malformed. */
bool sched_get_deps(MlirOperation op, const char *key, IndMemDep **out, int *n);
void sched_set_deps(MlirOperation op, const char *key, const IndMemDep *deps, int n);
bool sched_get_group(MlirOperation op, int64_t *numel, int64_t *rnumel);
void sched_set_group(MlirOperation op, int64_t numel, int64_t rnumel);

/* The buffer name of a value: `arg<i>_1` for the i-th function argument, the `name` of an ind op,
 * of the op a sched.node wraps, or of the sched.node a sched.fused yields. The string lives in the
 * context. False for any other value. */
bool sched_buffer_name(MlirValue v, MlirStringRef *out);

/* Wraps `inner` (an op with one result, in a block) in a new sched.node named `name` of `kind`,
 * inserted where `inner` was; every use of inner's result is redirected to the node's result. */
MlirOperation sched_node_wrap(MlirOperation inner, const char *name, SchedKind kind);

/* Creates a sched.fused named `name` before `before`, moves `subs[0..n)` (sched.nodes of the same
 * block, in that order) into it and yields `yields[0..nyield)` (results of the subs); uses of each
 * yielded value outside the new op are redirected to the matching result. */
MlirOperation sched_fused_create(const char *name, MlirOperation *subs, int n, MlirValue *yields, int nyield,
                                 MlirOperation before);
/* Inverse of sched_fused_create: moves the sub-nodes out before `fused`, redirects uses of its results
 * to the yielded values and erases it. */
void sched_fused_dissolve(MlirOperation fused);

#ifdef __cplusplus
}
#endif

#endif
