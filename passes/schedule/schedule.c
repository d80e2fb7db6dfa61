/* schedule.c - `ind-schedule`: ind -> sched, Inductor's Scheduler._init up to fusion.
 *
 * For each func.func: dead-node elimination (a ComputedBuffer or extern whose buffer nobody loads or
 * returns is erased, last first, so chains of dead producers go too), then every remaining
 * ind.pointwise / ind.reduction / ind.extern, in block order (SSA order is a topological order, the
 * one Inductor's topological_sort_schedule would keep), is wrapped in a `sched.node` carrying:
 *   name   "op<k>" for buffer "buf<k>";  kind  pointwise | reduction | extern;
 *   order  its topological index;       group [numel, rnumel] (products of ranges / reduction_ranges);
 *   writes [MemoryDep(name, linear index of ranges)], reads (one per distinct ind.load dep),
 *   unmet_dependencies (reads of buffers computed by other nodes), met_dependencies (graph inputs).
 * Deps are normalized as memdep.h says (size-1 dims dropped, trailing unused dims popped). Extern
 * nodes read and write StarDeps (whole buffers), as Inductor's ExternKernelSchedulerNode.
 * Requires: ind level (ops with `name`, `ranges`, index maps with ranges+reduction_ranges dims).
 * With IND_LOGS=fusion it logs, like the start of Inductor's fusion log, each buffer it schedules
 * ("scheduling ComputedBuffer(name='buf0', data=Reduction) as op0"), each dead node it removes and
 * each output buffer.
 * Preserves: the ind ops themselves (moved, not rewritten). Fails (located error) on a load whose
 * index map does not have one dim per iteration variable, or whose buffer has no name. */
#include "dialects/ind/ind.h"
#include "dialects/sched/memdep.h"
#include "dialects/sched/sched.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "lib/vec.h"
#include "passes/fuse/sched_graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RANGES IND_MEMDEP_MAX_DIMS

static bool is_computed_buffer(MlirOperation op) {
  return ind_op_is(op, "ind.pointwise") || ind_op_is(op, "ind.reduction") || ind_is_scan(op) ||
         ind_op_is(op, "ind.extern");
}

/* The iteration space of a node: ranges then reduction_ranges (a scan's scan_ranges). */
typedef struct Space {
  int64_t r[MAX_RANGES];
  int n, m;     /* number of ranges and of reduction ranges */
  bool written; /* a scan: every point of ranges x scan_ranges is written */
  int64_t numel, rnumel;
} Space;

static MlirLogicalResult read_space(MlirOperation op, Space *s) {
  intptr_t n = 0, m = 0;
  memset(s, 0, sizeof *s);
  if (ind_op_is(op, "ind.extern")) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    s->numel = mlirTypeIsAShaped(t) && mlirShapedTypeHasStaticShape(t) ? ind_type_numel(t) : 1;
    s->rnumel = 1;
    return mlirLogicalResultSuccess();
  }
  if (!ind_attr_i64_array(op, "ranges", s->r, MAX_RANGES, &n) || n > MAX_RANGES)
    return ind_emit_error(op, "ind-schedule: expected a 'ranges' array of at most %d sizes", MAX_RANGES);
  const char *rkey = ind_is_scan(op) ? IND_ATTR_SCAN_RANGES : IND_ATTR_REDUCTION_RANGES;
  if ((ind_op_is(op, "ind.reduction") || ind_is_scan(op)) &&
      (!ind_attr_i64_array(op, rkey, s->r + n, MAX_RANGES - n, &m) || n + m > MAX_RANGES))
    return ind_emit_error(op, "ind-schedule: expected a '%s' array (at most %d dims in all)", rkey, MAX_RANGES);
  s->written = ind_is_scan(op);
  s->n = (int)n;
  s->m = (int)m;
  s->numel = 1;
  s->rnumel = 1;
  for (int i = 0; i < s->n; ++i)
    s->numel *= s->r[i];
  for (int i = 0; i < s->m; ++i)
    s->rnumel *= s->r[s->n + i];
  return mlirLogicalResultSuccess();
}

/* A growing list of deps without duplicates (Inductor's reads are a set). */
typedef struct DepList {
  IndMemDep *d;
  int n, cap;
} DepList;

static void deplist_add(DepList *l, const IndMemDep *d) {
  for (int i = 0; i < l->n; ++i)
    if (ind_memdep_equal(&l->d[i], d))
      return;
  IND_VEC_PUSH(l->d, l->n, l->cap, *d);
}

typedef struct ReadScan {
  const Space *space;
  DepList reads;
  MlirLogicalResult result;
} ReadScan;

static bool scan_load(MlirOperation op, void *user) {
  ReadScan *s = user;
  if (!ind_op_is(op, "ind.load"))
    return true;
  MlirStringRef name;
  intptr_t nops = mlirOperationGetNumOperands(op);
  if ((nops != 1 && nops != 2) || !sched_buffer_name(mlirOperationGetOperand(op, 0), &name)) {
    s->result = ind_emit_error(op, "ind-schedule: the loaded buffer is neither a function argument nor a "
                                   "named computed buffer");
    return false;
  }
  if (nops == 2) { /* an indirect load may read any element: the whole buffer (Inductor's indirect reads) */
    IndMemDep d = ind_memdep_star(name);
    deplist_add(&s->reads, &d);
    return true;
  }
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str("index"));
  IndMemDep d;
  int nd = s->space->n + s->space->m;
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAAffineMap(a) ||
      !ind_memdep_normalize(name, mlirAffineMapAttrGetValue(a), s->space->r, nd, &d)) {
    s->result = ind_emit_error(op,
                               "ind-schedule: the load's index must be an affine map with %d dims "
                               "(ranges then reduction_ranges) and one result",
                               nd);
    return false;
  }
  deplist_add(&s->reads, &d);
  return true;
}

/* The write of a computed buffer: row-major linear index of `ranges` (reduction dims unused); of a
 * scan, of `ranges` then `scan_ranges` (every position is written). */
static IndMemDep write_dep(MlirContext ctx, MlirStringRef name, const Space *s) {
  MlirAffineExpr e = mlirAffineConstantExprGet(ctx, 0);
  int64_t stride = 1;
  for (int i = (s->written ? s->n + s->m : s->n) - 1; i >= 0; --i) {
    MlirAffineExpr t = mlirAffineMulExprGet(mlirAffineDimExprGet(ctx, i), mlirAffineConstantExprGet(ctx, stride));
    e = mlirAffineAddExprGet(e, t);
    stride *= s->r[i];
  }
  MlirAffineMap m = mlirAffineMapGet(ctx, s->n + s->m, 0, 1, &e);
  IndMemDep d;
  ind_memdep_normalize(name, m, s->r, s->n + s->m, &d);
  return d;
}

static bool is_graph_input(const IndMemDep *d, MlirOperation func) {
  intptr_t nargs = mlirBlockGetNumArguments(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
  for (intptr_t i = 0; i < nargs; ++i) {
    char tmp[32];
    int len = ind_arg_name(tmp, sizeof tmp, i);
    if ((size_t)len == d->name.length && memcmp(tmp, d->name.data, (size_t)len) == 0)
      return true;
  }
  return false;
}

static void node_name(MlirStringRef buf, int fallback, char *out, size_t len) {
  if (buf.length > 3 && memcmp(buf.data, "buf", 3) == 0)
    snprintf(out, len, "op%.*s", (int)buf.length - 3, buf.data + 3);
  else
    snprintf(out, len, "op%d", fallback);
}

static MlirLogicalResult schedule_op(MlirOperation op, int order, MlirOperation func) {
  MlirContext ctx = mlirOperationGetContext(op);
  Space s;
  if (mlirLogicalResultIsFailure(read_space(op, &s)))
    return mlirLogicalResultFailure();
  MlirStringRef name;
  if (!ind_attr_str(op, "name", &name))
    return ind_emit_error(op, "ind-schedule: computed buffer without a 'name'");
  bool is_extern = ind_op_is(op, "ind.extern");
  ReadScan scan = {&s, {0}, mlirLogicalResultSuccess()};
  IndMemDep w;
  if (is_extern) {
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
      MlirStringRef in;
      if (!sched_buffer_name(mlirOperationGetOperand(op, i), &in))
        return ind_emit_error(op, "ind-schedule: extern input %ld is not a named buffer", (long)i);
      IndMemDep d = ind_memdep_star(in);
      deplist_add(&scan.reads, &d);
    }
    w = ind_memdep_star(name);
  } else {
    ind_walk(op, scan_load, &scan);
    w = write_dep(ctx, name, &s);
  }
  if (mlirLogicalResultIsFailure(scan.result)) {
    free(scan.reads.d);
    return scan.result;
  }
  DepList unmet = {0}, met = {0};
  for (int i = 0; i < scan.reads.n; ++i)
    deplist_add(is_graph_input(&scan.reads.d[i], func) ? &met : &unmet, &scan.reads.d[i]);
  char nm[64];
  node_name(name, order, nm, sizeof nm);
  SchedKind kind = is_extern                        ? SCHED_KIND_EXTERN
                   : ind_op_is(op, "ind.reduction") ? SCHED_KIND_REDUCTION
                   : ind_is_scan(op)                ? SCHED_KIND_SCAN
                                                    : SCHED_KIND_POINTWISE;
  MlirOperation node = sched_node_wrap(op, nm, kind);
  sched_set_group(node, s.numel, s.rnumel);
  ind_set_attr(node, SCHED_ATTR_ORDER, mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), order));
  sched_set_deps(node, SCHED_ATTR_WRITES, &w, 1);
  sched_set_deps(node, SCHED_ATTR_READS, scan.reads.d, scan.reads.n);
  sched_set_deps(node, SCHED_ATTR_UNMET, unmet.d, unmet.n);
  sched_set_deps(node, SCHED_ATTR_MET, met.d, met.n);
  free(scan.reads.d);
  free(unmet.d);
  free(met.d);
  return mlirLogicalResultSuccess();
}

/* Collects the function's top-level computed buffers in block order. */
static int collect_nodes(MlirBlock body, MlirOperation **out) {
  int n = 0, cap = 16;
  MlirOperation *ops = malloc(sizeof *ops * (size_t)cap);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!is_computed_buffer(op))
      continue;
    IND_VEC_PUSH(ops, n, cap, op);
  }
  *out = ops;
  return n;
}

static void log_buffer(FILE *log, const char *what, MlirOperation op, const char *suffix) {
  MlirStringRef name = ind_str("?");
  ind_attr_str(op, "name", &name);
  bool ext = ind_op_is(op, "ind.extern");
  const char *data = ext                              ? "ExternKernelOut"
                     : ind_op_is(op, "ind.reduction") ? "Reduction"
                     : ind_is_scan(op)                ? "Scan"
                                                      : "Pointwise";
  fprintf(log, "%s %s(name='%.*s', data=%s)%s\n", what, ext ? "ExternKernelOut" : "ComputedBuffer", (int)name.length,
          name.data, data, suffix);
}

/* Dead-node elimination, last node first; returns the number of live nodes left at the front. */
static int eliminate_dead_nodes(MlirOperation *ops, int n, FILE *log) {
  bool *dead = calloc((size_t)n + 1, sizeof *dead);
  for (int i = n - 1; i >= 0; --i)
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(ops[i], 0)))) {
      if (log)
        log_buffer(log, "removed dead node", ops[i], ": nothing reads it");
      mlirOperationDestroy(ops[i]);
      dead[i] = true;
    }
  int k = 0;
  for (int i = 0; i < n; ++i)
    if (!dead[i])
      ops[k++] = ops[i];
  free(dead);
  return k;
}

static void log_outputs(FILE *log, MlirBlock body) {
  MlirOperation ret = mlirBlockGetTerminator(body);
  for (intptr_t i = 0; !mlirOperationIsNull(ret) && i < mlirOperationGetNumOperands(ret); ++i) {
    MlirStringRef name;
    if (sched_buffer_name(mlirOperationGetOperand(ret, i), &name))
      fprintf(log, "scheduling output %.*s\n", (int)name.length, name.data);
  }
}

static MlirLogicalResult schedule_func(MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(body))
    return mlirLogicalResultSuccess();
  MlirOperation *ops;
  FILE *log = sched_logs_enabled("fusion") ? stderr : NULL;
  int n = collect_nodes(body, &ops);
  n = eliminate_dead_nodes(ops, n, log);
  MlirLogicalResult r = mlirLogicalResultSuccess();
  for (int i = 0; i < n && mlirLogicalResultIsSuccess(r); ++i) {
    if (log) {
      char nm[64], suffix[80];
      MlirStringRef name = ind_str("?");
      ind_attr_str(ops[i], "name", &name);
      node_name(name, i, nm, sizeof nm);
      snprintf(suffix, sizeof suffix, " as %s", nm);
      log_buffer(log, "scheduling", ops[i], suffix);
    }
    r = schedule_op(ops[i], i, func);
  }
  if (log && mlirLogicalResultIsSuccess(r))
    log_outputs(log, body);
  free(ops);
  return r;
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (ind_op_is(op, "func.func") && mlirLogicalResultIsFailure(schedule_func(op)))
      return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

const IndPassDef ind_schedule_pass = {
    "ind-schedule", "Wrap each ComputedBuffer/extern in a sched.node with MemoryDeps, group and order (ind -> sched)",
    NULL, run};
