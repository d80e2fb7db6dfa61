/* sched_dump.c - the scheduler graph as text: Inductor's ir_pre_fusion.txt / ir_post_fusion.txt format
 * (writes, unmet_dependencies, met_dependencies, outputs, group, sizes, loop body) and Graphviz DOT. */
#include "dialects/ind/ind.h"
#include "lib/ptrmap.h"
#include "lib/vec.h"
#include "passes/fuse/sched_graph.h"

#include <stdlib.h>
#include <string.h>

/* --- Dep lists, formatted like Inductor's pformat (sorted; one line when it fits in 80 columns). */

static int dep_cmp(const void *a, const void *b) { return ind_memdep_compare(a, b); }

static void print_deps(const IndMemDep *deps, int n, IndStrBuf *b) {
  IndMemDep *s = malloc(sizeof *s * ((size_t)n + 1));
  if (n)
    memcpy(s, deps, sizeof *s * (size_t)n);
  qsort(s, (size_t)n, sizeof *s, dep_cmp);
  IndStrBuf one = {0};
  ind_strbuf_printf(&one, "[");
  for (int i = 0; i < n; ++i) {
    if (i)
      ind_strbuf_printf(&one, ", ");
    ind_memdep_print(&s[i], &one);
  }
  ind_strbuf_printf(&one, "]");
  if (one.len <= 80) {
    ind_strbuf_append(b, one.data, one.len);
  } else {
    ind_strbuf_printf(b, "\n    [   ");
    for (int i = 0; i < n; ++i) {
      if (i)
        ind_strbuf_printf(b, ",\n        ");
      ind_memdep_print(&s[i], b);
    }
    ind_strbuf_printf(b, "]");
  }
  ind_strbuf_free(&one);
  free(s);
}

static const char *torch_dtype(MlirType t) {
  if (mlirTypeIsNull(t) || !mlirTypeIsAShaped(t))
    return "torch.float32";
  MlirType e = mlirShapedTypeGetElementType(t);
  if (mlirTypeIsAF16(e))
    return "torch.float16";
  if (mlirTypeIsABF16(e))
    return "torch.bfloat16";
  if (mlirTypeIsAF64(e))
    return "torch.float64";
  if (mlirTypeIsAInteger(e)) {
    unsigned w = mlirIntegerTypeGetWidth(e);
    return w == 1 ? "torch.bool" : w == 64 ? "torch.int64" : w == 32 ? "torch.int32" : "torch.int8";
  }
  return "torch.float32";
}

static void print_layout(MlirType t, IndStrBuf *b) {
  ind_strbuf_printf(b, "FixedLayout('cuda:0', %s, size=[", torch_dtype(t));
  if (mlirTypeIsNull(t) || !mlirTypeIsAMemRef(t)) {
    ind_strbuf_printf(b, "], stride=[])");
    return;
  }
  intptr_t r = mlirShapedTypeGetRank(t);
  for (intptr_t i = 0; i < r; ++i)
    ind_strbuf_printf(b, "%s%ld", i ? ", " : "", (long)mlirShapedTypeGetDimSize(t, i));
  ind_strbuf_printf(b, "], stride=[");
  int64_t strides[IND_MEMDEP_MAX_DIMS], off;
  if (r <= IND_MEMDEP_MAX_DIMS && mlirLogicalResultIsSuccess(mlirMemRefTypeGetStridesAndOffset(t, strides, &off)))
    for (intptr_t i = 0; i < r; ++i)
      ind_strbuf_printf(b, "%s%ld", i ? ", " : "", (long)strides[i]);
  ind_strbuf_printf(b, "])");
}

static const char *node_class(const SchedNode *n) {
  return n->is_fused                    ? "FusedSchedulerNode"
         : n->kind == SCHED_KIND_EXTERN ? "ExternKernelSchedulerNode"
                                        : "SchedulerNode";
}

static void print_outputs(SchedGraph *g, const SchedNode *n, IndStrBuf *b) {
  ind_strbuf_printf(b, "%s.outputs = [\n", n->name);
  for (int i = 0; i < n->nwrites; ++i) {
    SchedBuf *buf = sched_graph_buf(g, n->writes[i].name);
    if (!buf)
      continue;
    int nm = (int)buf->name.length;
    ind_strbuf_printf(b, "    %.*s: %s\n    %.*s.layout = ", nm, buf->name.data,
                      n->kind == SCHED_KIND_EXTERN ? "ExternKernelOut" : "ComputedBuffer", nm, buf->name.data);
    print_layout(buf->type, b);
    ind_strbuf_printf(b, "\n    %.*s.users = [", nm, buf->name.data);
    for (int u = 0; u < buf->nusers; ++u) {
      SchedNode *user = g->nodes[buf->users[u]];
      ind_strbuf_printf(b, "%sNodeUser(node=%s(name='%s'), can_inplace=False, is_weak=False)", u ? ", " : "",
                        node_class(user), user->name);
    }
    if (buf->is_output)
      ind_strbuf_printf(b, "%sNodeUser(node=OUTPUT, can_inplace=False, is_weak=False)", buf->nusers ? ", " : "");
    ind_strbuf_printf(b, "]\n");
  }
  ind_strbuf_printf(b, "]\n");
}

/* --- The loop body, in the style of Inductor's LoopBody printout. */

typedef struct BodyNames {
  IndPtrMap val_index; /* value -> index into names (its first binding) */
  char **names;
  int n, cap;
  char **bases;
  int *counts;
  int nb, bcap;
  MlirAffineExpr idx[64];
  int nidx;
} BodyNames;

static const char *fresh_name(BodyNames *bn, const char *base, char *out, size_t len) {
  for (int i = 0; i < bn->nb; ++i)
    if (strcmp(bn->bases[i], base) == 0) {
      snprintf(out, len, "%s_%d", base, bn->counts[i]++);
      return out;
    }
  if (bn->nb == bn->bcap) { /* two arrays, one capacity */
    int cap = bn->bcap;
    IND_VEC_RESERVE(bn->bases, cap, bn->nb + 1);
    IND_VEC_RESERVE(bn->counts, bn->bcap, bn->nb + 1);
  }
  bn->bases[bn->nb] = strdup(base);
  bn->counts[bn->nb++] = 1;
  snprintf(out, len, "%s", base);
  return out;
}

static void bind(BodyNames *bn, MlirValue v, const char *name) {
  int64_t first;
  if (!ind_ptrmap_get(&bn->val_index, v.ptr, &first) && !ind_ptrmap_put(&bn->val_index, v.ptr, bn->n))
    abort(); /* out of memory (lib/vec.h's policy) */
  IND_VEC_PUSH(bn->names, bn->n, bn->cap, strdup(name));
}

static const char *lookup(BodyNames *bn, MlirValue v) {
  int64_t i;
  return ind_ptrmap_get(&bn->val_index, v.ptr, &i) ? bn->names[i] : "?";
}

static int index_slot(BodyNames *bn, MlirAffineExpr e) {
  for (int i = 0; i < bn->nidx; ++i)
    if (mlirAffineExprEqual(bn->idx[i], e))
      return i;
  if (bn->nidx == 64)
    return 63;
  bn->idx[bn->nidx] = e;
  return bn->nidx++;
}

static void body_names_free(BodyNames *bn) {
  for (int i = 0; i < bn->n; ++i)
    free(bn->names[i]);
  for (int i = 0; i < bn->nb; ++i)
    free(bn->bases[i]);
  ind_ptrmap_free(&bn->val_index);
  free(bn->names);
  free(bn->bases);
  free(bn->counts);
}

static const char *op_base_name(MlirStringRef full) {
  static const struct {
    const char *mlir, *ind;
  } k[] = {{"arith.addf", "add"},        {"arith.subf", "sub"},         {"arith.mulf", "mul"},
           {"arith.divf", "truediv"},    {"arith.maximumf", "maximum"}, {"arith.minimumf", "minimum"},
           {"arith.negf", "neg"},        {"arith.cmpf", "cmp"},         {"arith.select", "where"},
           {"arith.uitofp", "to_dtype"}, {"arith.sitofp", "to_dtype"},  {"arith.extf", "to_dtype"},
           {"arith.truncf", "to_dtype"}, {"math.exp", "exp"},           {"math.log", "log"},
           {"math.sqrt", "sqrt"},        {"math.rsqrt", "rsqrt"},       {"math.tanh", "tanh"},
           {"math.erf", "erf"},          {"math.absf", "abs"},          {"math.powf", "pow"}};
  for (size_t i = 0; i < sizeof k / sizeof k[0]; ++i)
    if (ind_sref_eq(full, k[i].mlir))
      return k[i].ind;
  return NULL;
}

/* An index map of the body, with size-1 dims dropped like the node's deps. */
static MlirAffineExpr body_index(MlirOperation op, const int64_t *ranges, int n) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str("index"));
  IndMemDep d;
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAAffineMap(a) ||
      !ind_memdep_normalize(ind_str(""), mlirAffineMapAttrGetValue(a), ranges, n, &d))
    return (MlirAffineExpr){NULL};
  return d.index;
}

static void print_body_op(MlirOperation op, const int64_t *ranges, int nr, BodyNames *bn, IndStrBuf *lines) {
  char name[64], gi[64];
  MlirStringRef opn = ind_op_name(op);
  if (ind_op_is(op, "ind.load") || ind_op_is(op, "ind.index_expr")) {
    MlirAffineExpr e = body_index(op, ranges, nr);
    int slot = mlirAffineExprIsNull(e) ? 0 : index_slot(bn, e);
    fresh_name(bn, "get_index", gi, sizeof gi);
    ind_strbuf_printf(lines, "        %s = self.get_index('index%d')\n", gi, slot);
    if (ind_op_is(op, "ind.load")) {
      MlirStringRef buf = ind_str("?");
      sched_buffer_name(mlirOperationGetOperand(op, 0), &buf);
      fresh_name(bn, "load", name, sizeof name);
      ind_strbuf_printf(lines, "        %s = ops.load('%.*s', %s)\n", name, (int)buf.length, buf.data, gi);
    } else {
      fresh_name(bn, "index_expr", name, sizeof name);
      ind_strbuf_printf(lines, "        %s = ops.index_expr(%s, torch.float32)\n", name, gi);
    }
  } else if (ind_op_is(op, "arith.constant")) {
    double v = 0;
    ind_attr_float(op, "value", &v);
    char num[48];
    snprintf(num, sizeof num, "%g", v);
    if (!strpbrk(num, ".eni"))
      strcat(num, ".0");
    fresh_name(bn, "constant", name, sizeof name);
    ind_strbuf_printf(lines, "        %s = ops.constant(%s, torch.float32)\n", name, num);
  } else {
    const char *base = op_base_name(opn);
    fresh_name(bn, base ? base : "op", name, sizeof name);
    ind_strbuf_printf(lines, "        %s = ops.%s(", name, base ? base : "unknown");
    if (!base)
      ind_strbuf_printf(lines, "'%.*s'%s", (int)opn.length, opn.data, mlirOperationGetNumOperands(op) ? ", " : "");
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
      ind_strbuf_printf(lines, "%s%s", i ? ", " : "", lookup(bn, mlirOperationGetOperand(op, i)));
    ind_strbuf_printf(lines, ")\n");
  }
  if (mlirOperationGetNumResults(op) == 1)
    bind(bn, mlirOperationGetResult(op, 0), name);
}

static void print_loop_body(const SchedNode *n, IndStrBuf *b) {
  MlirOperation inner = sched_node_inner(n->op);
  int64_t r[IND_MEMDEP_MAX_DIMS];
  intptr_t na = 0, nr = 0;
  if (mlirOperationIsNull(inner) || !ind_attr_i64_array(inner, "ranges", r, IND_MEMDEP_MAX_DIMS, &na))
    return;
  bool red = ind_op_is(inner, "ind.reduction") || ind_is_scan(inner);
  if (red)
    ind_attr_i64_array(inner, ind_is_scan(inner) ? IND_ATTR_SCAN_RANGES : IND_ATTR_REDUCTION_RANGES, r + na,
                       IND_MEMDEP_MAX_DIMS - na, &nr);
  int nd = (int)(na + nr);
  BodyNames bn;
  memset(&bn, 0, sizeof bn);
  IndStrBuf lines = {0};
  MlirBlock body = sched_body(inner);
  MlirOperation y = mlirBlockGetTerminator(body);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op) && !mlirOperationEqual(op, y);
       op = mlirOperationGetNextInBlock(op))
    print_body_op(op, r, nd, &bn, &lines);
  bool has_value = !mlirOperationIsNull(y) && mlirOperationGetNumOperands(y) > 0;
  const char *v = has_value ? lookup(&bn, mlirOperationGetOperand(y, 0)) : "?";
  int ws = n->nwrites && !n->writes[0].is_star ? index_slot(&bn, n->writes[0].index) : 0;
  MlirStringRef out = n->nwrites ? n->writes[0].name : ind_str("?");
  MlirStringRef rtype = ind_str("sum");
  ind_attr_str(inner, "reduction_type", &rtype);
  /* a multi-output reduction prints as Inductor's: the family's reduction, then getitem k */
  IndReductionType rt = ind_reduction_type_parse(rtype);
  bool welford = rt == IND_REDUCE_WELFORD_MEAN || rt == IND_REDUCE_WELFORD_M2;
  bool online = rt == IND_REDUCE_ONLINE_MAX || rt == IND_REDUCE_ONLINE_SUM;
  int item = rt == IND_REDUCE_WELFORD_M2 || rt == IND_REDUCE_ONLINE_SUM ? 1 : 0;
  const char *stored = "reduction";
  char items[3][64];
  if (red && (welford || online)) {
    ind_strbuf_printf(&lines, "        reduction = ops.reduction(torch.float32, torch.float32, '%s', %s)\n",
                      welford ? "welford_reduce" : "online_softmax_reduce", v);
    for (int i = 0; i < (welford ? 3 : 2); ++i) {
      fresh_name(&bn, "getitem", items[i], sizeof items[i]);
      ind_strbuf_printf(&lines, "        %s = reduction[%d]\n", items[i], i);
    }
    stored = items[item];
  } else if (red) {
    ind_strbuf_printf(&lines, "        reduction = ops.reduction(torch.float32, torch.float32, '%.*s', %s)\n",
                      (int)rtype.length, rtype.data, v);
  }
  char gi[64];
  fresh_name(&bn, "get_index", gi, sizeof gi);
  ind_strbuf_printf(&lines, "        %s = self.get_index('index%d')\n", gi, ws);
  if (red)
    ind_strbuf_printf(&lines, "        store_reduction = ops.store_reduction('%.*s', %s, %s)\n        return None\n",
                      (int)out.length, out.data, gi, stored);
  else
    ind_strbuf_printf(&lines, "        store = ops.store('%.*s', %s, %s, None)\n        return store\n",
                      (int)out.length, out.data, gi, v);
  ind_strbuf_printf(b, "class %s_loop_body:\n    var_ranges = {", n->name);
  int k = 0;
  for (int i = 0; i < nd; ++i)
    if (r[i] != 1)
      ind_strbuf_printf(b, "%sp%d: %ld", k ? ", " : "", k, (long)r[i]), ++k;
  ind_strbuf_printf(b, "}\n");
  for (int i = 0; i < bn.nidx; ++i) {
    ind_strbuf_printf(b, "    index%d = ", i);
    ind_affine_expr_print(bn.idx[i], "p", b);
    ind_strbuf_printf(b, "\n");
  }
  ind_strbuf_printf(b, "    def body(self, ops):\n");
  if (lines.len)
    ind_strbuf_append(b, lines.data, lines.len);
  ind_strbuf_free(&lines);
  body_names_free(&bn);
}

static void print_sizes(const SchedNode *n, IndStrBuf *b) {
  MlirOperation inner = sched_node_inner(n->op);
  int64_t r[IND_MEMDEP_MAX_DIMS];
  intptr_t na = 0, nr = 0;
  ind_strbuf_printf(b, "%s.sizes = ([", n->name);
  if (!mlirOperationIsNull(inner) && ind_attr_i64_array(inner, "ranges", r, IND_MEMDEP_MAX_DIMS, &na)) {
    int k = 0;
    for (intptr_t i = 0; i < na; ++i)
      if (r[i] != 1)
        ind_strbuf_printf(b, "%s%ld", k++ ? ", " : "", (long)r[i]);
  }
  ind_strbuf_printf(b, "], [");
  if (!mlirOperationIsNull(inner) &&
      ind_attr_i64_array(inner, ind_is_scan(inner) ? IND_ATTR_SCAN_RANGES : IND_ATTR_REDUCTION_RANGES, r,
                         IND_MEMDEP_MAX_DIMS, &nr)) {
    int k = 0;
    for (intptr_t i = 0; i < nr; ++i)
      if (r[i] != 1)
        ind_strbuf_printf(b, "%s%ld", k++ ? ", " : "", (long)r[i]);
  }
  ind_strbuf_printf(b, "])\n");
}

static void dump_node_head(SchedGraph *g, const SchedNode *n, IndStrBuf *b) {
  ind_strbuf_printf(b, "%s: %s(", n->name, node_class(n));
  if (n->is_fused)
    for (int i = 0; i < n->nsnodes; ++i)
      ind_strbuf_printf(b, "%s%s", i ? "," : "", node_class(g->nodes[n->snodes[i]]));
  else
    ind_strbuf_printf(b, "%s", n->kind == SCHED_KIND_EXTERN ? "ExternKernelOut" : "ComputedBuffer");
  ind_strbuf_printf(b, ")\n%s.writes = ", n->name);
  print_deps(n->writes, n->nwrites, b);
  ind_strbuf_printf(b, "\n%s.unmet_dependencies = ", n->name);
  print_deps(n->unmet, n->nunmet, b);
  ind_strbuf_printf(b, "\n%s.met_dependencies = ", n->name);
  print_deps(n->met, n->nmet, b);
  ind_strbuf_printf(b, "\n");
  print_outputs(g, n, b);
}

static void dump_base_node(SchedGraph *g, const SchedNode *n, IndStrBuf *b) {
  dump_node_head(g, n, b);
  if (n->kind == SCHED_KIND_EXTERN) {
    MlirStringRef k = ind_str("?");
    ind_attr_str(sched_node_inner(n->op), "kernel", &k);
    ind_strbuf_printf(b, "%s.node.kernel = extern_kernels.%.*s\n", n->name, (int)k.length, k.data);
    return;
  }
  ind_strbuf_printf(b, "%s.group.device = cuda:0\n%s.group.iteration = (%ld, %ld)\n", n->name, n->name, (long)n->numel,
                    (long)n->rnumel);
  print_sizes(n, b);
  print_loop_body(n, b);
}

void sched_graph_dump_ir(SchedGraph *g, IndStrBuf *b) {
  int *order;
  int n = sched_graph_order(g, &order);
  for (int i = 0; i < n; ++i) {
    SchedNode *s = g->nodes[order[i]];
    if (!s->is_fused) {
      dump_base_node(g, s, b);
    } else {
      dump_node_head(g, s, b);
      for (int k = 0; k < s->nsnodes; ++k) {
        ind_strbuf_printf(b, "%s.snodes[%d] =\n", s->name, k);
        dump_base_node(g, g->nodes[s->snodes[k]], b);
      }
    }
    ind_strbuf_printf(b, "\n\n");
  }
  free(order);
}

/* --- DOT: one box per live node (a kernel after fusion), an edge per buffer read from another box. */

void sched_graph_dump_dot(SchedGraph *g, const char *prefix, IndStrBuf *b) {
  int *order;
  int n = sched_graph_order(g, &order);
  MlirStringRef fn = ind_str("f");
  ind_attr_str(g->func, "sym_name", &fn);
  int fl = (int)fn.length;
  ind_strbuf_printf(b, "    subgraph \"cluster_%s_%.*s\" {\n      label=\"@%.*s\";\n", prefix, fl, fn.data, fl,
                    fn.data);
  for (int i = 0; i < n; ++i) {
    SchedNode *s = g->nodes[order[i]];
    ind_strbuf_printf(b, "      \"%s_%.*s_%s\" [label=\"%s\\n%s (%ld, %ld)", prefix, fl, fn.data, s->name, s->name,
                      sched_kind_name(s->kind), (long)s->numel, (long)s->rnumel);
    if (s->is_fused)
      ind_strbuf_printf(b, "\\n%d nodes\", style=filled, fillcolor=\"#dde8ff\"];\n", s->nsnodes);
    else
      ind_strbuf_printf(b, "\"%s];\n", s->kind == SCHED_KIND_EXTERN ? ", style=filled, fillcolor=\"#eeeeee\"" : "");
  }
  for (int i = 0; i < n; ++i) {
    SchedNode *s = g->nodes[order[i]];
    for (int d = 0; d < s->nunmet; ++d) {
      SchedBuf *buf = sched_graph_buf(g, s->unmet[d].name);
      if (!buf || buf->producer < 0)
        continue;
      bool dup = false;
      for (int e = 0; e < d && !dup; ++e)
        dup = s->unmet[e].name.length == buf->name.length &&
              memcmp(s->unmet[e].name.data, buf->name.data, buf->name.length) == 0;
      if (dup)
        continue;
      SchedNode *p = g->nodes[g->fused_of[buf->producer]];
      ind_strbuf_printf(b, "      \"%s_%.*s_%s\" -> \"%s_%.*s_%s\" [label=\"%.*s\"];\n", prefix, fl, fn.data, p->name,
                        prefix, fl, fn.data, s->name, (int)buf->name.length, buf->name.data);
    }
  }
  ind_strbuf_printf(b, "    }\n");
  free(order);
}
