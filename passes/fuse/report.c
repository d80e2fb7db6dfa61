/* report.c - `ind-opt --fusion-report[=DIR]` (the emitter `fusion-report`): every fusion strategy on
 * one program, side by side.
 *
 * For each strategy of the registry (strategy.h), plus `eager` (one kernel per op: the op-level
 * lowering and no fusion), the input is copied and run through the stages up to --fuse=NAME (graph
 * input: preprocess, lower — op-level for eager and op-level strategies — schedule, fuse). The
 * grouping is then measured with the cost model of cost.h: kernels (= launches; an extern kernel is
 * one), HBM bytes read and written from the MemoryDeps, the register estimate. One table per function.
 * With DIR, each strategy's grouping is also drawn: DIR/<func>.<strategy>.dot, one box per scheduler
 * node, one colour (and cluster) per kernel, an edge per buffer read; and DIR/<func>.<strategy>.svg
 * when Graphviz's `dot` is on PATH. */
#include "passes/fuse/report.h"
#include "dialects/ind/ind.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "lib/pipeline.h"
#include "passes/fuse/cost.h"
#include "passes/fuse/sched_graph.h"
#include "passes/fuse/strategy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ind_register_fusion_report(void);
extern const IndPassDef ind_fuse_none_pass;

static char g_dir[512];

void ind_fusion_report_set_dir(const char *dir) { snprintf(g_dir, sizeof g_dir, "%s", dir ? dir : ""); }

typedef struct Row {
  char name[64], func[128];
  bool op_level;
  int nodes;
  SchedGroupingCost cost;
  IndStrBuf groups;
  struct Row *next;
} Row;

typedef struct Report {
  const char *strategy;
  bool op_level;
  Row *rows, **tail;
  bool dot_failed;
  MlirOperation module;
} Report;

static Report *g_report; /* the run being measured (the measuring callback has no user data) */

static const char *k_colours[] = {"#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462",
                                  "#b3de69", "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f"};
#define N_COLOURS (sizeof k_colours / sizeof k_colours[0])

/* The graph ops a node computes (the ind op's `origins`: "mul, add"), or "" when it has none. */
static void origins_of(SchedNode *s, IndStrBuf *b) {
  MlirOperation inner = s->op.ptr ? sched_node_inner(s->op) : (MlirOperation){NULL};
  if (mlirOperationIsNull(inner))
    return;
  MlirAttribute a = mlirOperationGetAttributeByName(inner, mlirStringRefCreateFromCString(IND_ATTR_ORIGINS));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a))
    return;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(a); ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(a, i);
    if (!mlirAttributeIsAString(e))
      continue;
    MlirStringRef v = mlirStringAttrGetValue(e);
    ind_strbuf_printf(b, "%s%.*s", b->len ? ", " : "", (int)v.length, v.data);
  }
}

static void write_dot(SchedGraph *g, const char *func, const char *strategy) {
  IndStrBuf b = {0};
  ind_strbuf_printf(&b,
                    "digraph \"%s.%s\" {\n  label=\"%s: %s, %d kernels\";\n  node [shape=box, style=filled, "
                    "fontname=\"monospace\"];\n",
                    func, strategy, func, strategy, sched_graph_live_count(g));
  int *order;
  int n = sched_graph_order(g, &order);
  for (int k = 0; k < n; ++k) {
    SchedNode *kn = g->nodes[order[k]];
    ind_strbuf_printf(&b, "  subgraph cluster_%d {\n    label=\"kernel %d\";\n", k, k);
    for (int i = 0; i < kn->nsnodes; ++i) {
      SchedNode *s = g->nodes[kn->snodes[i]];
      IndStrBuf o = {0};
      origins_of(s, &o);
      ind_strbuf_printf(&b, "    \"%s\" [label=\"%s%s%s\\n%s [%ld, %ld]\", fillcolor=\"%s\"];\n", s->name, s->name,
                        o.len ? ": " : "", o.len ? o.data : "", sched_kind_name(s->kind), (long)s->numel,
                        (long)s->rnumel, k_colours[k % N_COLOURS]);
      ind_strbuf_free(&o);
    }
    ind_strbuf_printf(&b, "  }\n");
  }
  for (int i = 0; i < g->nbase; ++i) {
    SchedNode *s = g->nodes[i];
    for (int r = 0; r < s->nunmet; ++r) {
      SchedBuf *buf = sched_graph_buf(g, s->unmet[r].name);
      if (buf && buf->producer >= 0)
        ind_strbuf_printf(&b, "  \"%s\" -> \"%s\" [label=\"%.*s\"];\n", g->nodes[buf->producer]->name, s->name,
                          (int)buf->name.length, buf->name.data);
    }
  }
  ind_strbuf_printf(&b, "}\n");
  free(order);
  char path[1024];
  snprintf(path, sizeof path, "%s/%s.%s.dot", g_dir, func, strategy);
  FILE *f = fopen(path, "w");
  if (!f) {
    g_report->dot_failed = true;
    ind_emit_error(g->func, "--fusion-report: cannot write '%s'", path);
  } else {
    fwrite(b.data, 1, b.len, f);
    fclose(f);
    if (system("command -v dot >/dev/null 2>&1") == 0) {
      char cmd[2200];
      snprintf(cmd, sizeof cmd, "dot -Tsvg '%s' -o '%s/%s.%s.svg'", path, g_dir, func, strategy);
      if (system(cmd) != 0)
        ind_emit_error(g->func, "--fusion-report: '%s' failed", cmd);
    }
  }
  ind_strbuf_free(&b);
}

static MlirLogicalResult measure(SchedGraph *g, const IndPassOptions *opts) {
  (void)opts;
  Report *r = g_report;
  Row *row = calloc(1, sizeof *row);
  snprintf(row->name, sizeof row->name, "%s", r->strategy);
  MlirAttribute sym = mlirOperationGetAttributeByName(g->func, mlirStringRefCreateFromCString("sym_name"));
  MlirStringRef fname = mlirAttributeIsAString(sym) ? mlirStringAttrGetValue(sym) : mlirStringRefCreateFromCString("?");
  snprintf(row->func, sizeof row->func, "%.*s", (int)fname.length, fname.data);
  row->op_level = r->op_level;
  row->nodes = g->nbase;
  SchedCostModel m = {0, 48};
  row->cost = sched_grouping_cost(g, &m);
  int *order;
  int n = sched_graph_order(g, &order);
  for (int k = 0; k < n; ++k)
    ind_strbuf_printf(&row->groups, "%s%s", k ? " " : "", g->nodes[order[k]]->name);
  free(order);
  *r->tail = row;
  r->tail = &row->next;
  if (g_dir[0])
    write_dot(g, row->func, r->strategy);
  return mlirLogicalResultSuccess();
}

/* Runs the stages up to --fuse=strategy on a copy of the module and measures it. */
static bool run_one(Report *r, MlirOperation module, const char *strategy, const char *fuse_value, bool op_level) {
  MlirOperation copy = mlirOperationClone(module);
  MlirContext ctx = mlirOperationGetContext(module);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, ind_str("builtin.module"));
  IndStageRequest req;
  memset(&req, 0, sizeof req);
  req.value[IND_STAGE_FUSE] = fuse_value;
  if (op_level)
    req.value[IND_STAGE_LOWER] = "op-level";
  char err[1024] = "";
  bool ok = ind_stages_add(mlirPassManagerGetAsOpPassManager(pm), copy, &req, err, sizeof err);
  if (ok)
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, copy));
  else
    ind_emit_error(module, "--fusion-report: %s: %s", strategy, err);
  mlirPassManagerDestroy(pm);
  if (ok) {
    IndPassOptions o;
    ind_pass_options_parse(&ind_fuse_none_pass, NULL, 0, &o, err, sizeof err);
    r->strategy = strategy;
    r->op_level = op_level;
    g_report = r;
    ok = mlirLogicalResultIsSuccess(sched_fuse_module(copy, &o, measure)) && !r->dot_failed;
    g_report = NULL;
  }
  mlirOperationDestroy(copy);
  return ok;
}

static double mib(int64_t b) { return (double)b / (1024.0 * 1024.0); }

static MlirLogicalResult emit_report(MlirOperation module, IndStrBuf *out) {
  Report r;
  memset(&r, 0, sizeof r);
  r.tail = &r.rows;
  r.module = module;
  bool ok = run_one(&r, module, "eager", "none", true);
  for (int i = 0; i < ind_fuse_strategy_count() && ok; ++i) {
    const IndFuseStrategy *s = ind_fuse_strategy_at(i);
    ok = run_one(&r, module, s->name, s->name, s->op_level);
  }
  /* One table per function, strategies in registry order. */
  for (Row *f = r.rows; f && ok; f = f->next) {
    bool first = true;
    for (Row *p = r.rows; p != f; p = p->next)
      first = first && strcmp(p->func, f->func) != 0;
    if (!first)
      continue;
    ind_strbuf_printf(out, "fusion report: @%s\n", f->func);
    ind_strbuf_printf(out, "%-10s %-9s %5s %7s %8s %14s %14s %10s %4s  %s\n", "strategy", "lowering", "nodes",
                      "kernels", "launches", "read_bytes", "written_bytes", "total_MiB", "regs",
                      "kernels (sub-nodes joined by _)");
    for (Row *p = f; p; p = p->next)
      if (!strcmp(p->func, f->func))
        ind_strbuf_printf(out, "%-10s %-9s %5d %7d %8d %14ld %14ld %10.2f %4ld  %s\n", p->name,
                          p->op_level ? "op-level" : "inductor", p->nodes, p->cost.kernels, p->cost.kernels,
                          (long)p->cost.read, (long)p->cost.written, mib(p->cost.read + p->cost.written),
                          (long)p->cost.max_regs, p->groups.data ? p->groups.data : "");
  }
  while (r.rows) {
    Row *n = r.rows->next;
    ind_strbuf_free(&r.rows->groups);
    free(r.rows);
    r.rows = n;
  }
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

static const IndEmitterDef k_report = {"fusion-report",
                                       "compare the fusion strategies (kernels, HBM bytes) on the input; "
                                       "also --fusion-report[=DIR]",
                                       emit_report};

void ind_register_fusion_report(void) { ind_emitter_register(&k_report); }
