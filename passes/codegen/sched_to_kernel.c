/* sched_to_kernel.c - `sched-to-kernel`: Inductor's Scheduler.codegen. Each top-level sched.node /
 * sched.fused (extern nodes excepted) becomes one kernel.def; the program function becomes the host
 * wrapper `func.func @call` (kernel.alloc, kernel.launch, kernel.extern_call, func.return).
 *
 * Per kernel (docs/passes/codegen.md):
 * - iteration space: the first reduction sub-node's ranges (x) and reduction_ranges (r), else the first
 *   node's ranges, size-1 dims dropped; each sub-node's own dims are mapped onto these (pointwise nodes of
 *   numel * rnumel run inside the reduction, those of numel outside it, as in Inductor's
 *   generate_node_schedule);
 * - body: the sub-nodes' bodies in order with index maps composed onto the kernel dims; a reduction's
 *   value becomes a kernel.reduce; a load of a buffer computed earlier in the same kernel at the index
 *   it was written is replaced by that value (so a buffer that does not leave the kernel is neither an
 *   argument nor allocated: remove_kernel_local_buffers); buffers that leave it are kernel.stored;
 * - kind and geometry: inner reductions (a load contiguous along r) are persistent iff rnumel <=
 *   persistent-threshold (Inductor's INNER rule, 1024); outer (column) reductions put outer-xblock x
 *   points in a block, threads along x, persistent iff rnumel <= 64; block size and vector width by the
 *   heuristic below (options);
 * - name: <kernel-prefix>_<poi|per|red>_fused_<sorted unique origins without _N suffixes>_<index>.
 * Identical loads and expressions are left for kernel-cse; allocation reuse for kernel-reuse-buffers.
 *
 * Requires: a sched-level module with one func.func whose body holds sched.node / sched.fused ops and a
 * func.return. Preserves: program semantics. Failure: a located error for input it cannot map (no
 * function, unknown ops, sub-node ranges incompatible with the kernel's, a buffer read at another index
 * than it is written inside one kernel, non-static buffers). */
#include "dialects/ind/ind.h"
#include "dialects/kernel/kernel.h"
#include "dialects/sched/memdep.h"
#include "dialects/sched/sched.h"
#include "ind/checked.h"
#include "ind/fusion.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "passes/codegen/fptosi_sat.h"
#include "passes/codegen/launch_geometry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SUBS IND_FUSION_MAX_KERNEL_NODES /* the strategies' max-fusion-size default */
#define MAX_BUFS 128
#define MAX_SUBDIMS 16
#define MAX_NAME_OPS 10 /* Inductor's kernel_name_max_ops */

typedef struct Sub {
  MlirOperation op;     /* ind.pointwise / ind.reduction / ind.scan */
  MlirValue produced;   /* the value other sub-nodes load (the sched.node result) */
  bool is_red;          /* a reduction or a scan: its ranges are the kernel's x, its r dims the kernel's r */
  bool is_scan;         /* a scan: its value is r-varying and written at every point of x and r */
  MlirAffineMap dimmap; /* kernel dims -> the op's own dims */
  MlirAffineExpr write; /* flat write offset, in kernel dims */
  MlirValue value;      /* its value in the kernel body */
  bool escapes;
  int out_arg; /* body argument index of its out_ptr, -1 when kernel-local */
} Sub;

typedef struct Buf {
  MlirValue outer; /* the ind-level value (function argument or node result) */
  char name[64];
} Buf;

/* Checked mode's levels (option `checked`, else $IND_CHECKED; include/ind/checked.h). */
typedef enum CheckLevel { CHECK_OFF = 0, CHECK_INDIRECT, CHECK_ALL } CheckLevel;

typedef struct KGen {
  MlirContext ctx;
  const IndPassOptions *opts;
  CheckLevel checked;
  MlirOperation node;
  Sub subs[MAX_SUBS];
  int nsubs;
  int64_t ranges[2 * KERNEL_MAX_RANK];
  int nx, nr;
  int64_t numel, rnumel;
  KernelKind kind;
  KernelGeometry geom;
  Buf ins[MAX_BUFS];
  int nins;
  int outs[MAX_SUBS]; /* sub indices */
  int nouts;
  MlirBlock body;
  IndValueMap map; /* ind value -> kernel value while cloning one sub-node body */
} KGen;

/* --- names */

/* The buffer name of an ind-level value: arg<i>_1 for argument i of the function, else the `name` of
 * the ind op behind a sched.node / sched.fused result. */
static bool buffer_name(MlirValue v, char *out, size_t len) {
  if (mlirValueIsABlockArgument(v)) {
    snprintf(out, len, "arg%d_1", (int)mlirBlockArgumentGetArgNumber(v));
    return true;
  }
  MlirOperation op = mlirOpResultGetOwner(v);
  intptr_t idx = mlirOpResultGetResultNumber(v);
  if (sched_is_node(op) || sched_is_fused(op)) {
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
    MlirOperation y = mlirBlockIsNull(b) ? (MlirOperation){NULL} : mlirBlockGetTerminator(b);
    if (mlirOperationIsNull(y) || idx >= mlirOperationGetNumOperands(y))
      return false;
    return buffer_name(mlirOperationGetOperand(y, idx), out, len);
  }
  MlirStringRef s;
  if (!ind_attr_str(op, "name", &s))
    return false;
  snprintf(out, len, "%.*s", (int)s.length, s.data);
  return true;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Inductor's origin op name without its _N suffix ("mul_1" -> "mul"). */
static void strip_suffix(char *s) {
  char *u = strrchr(s, '_');
  if (!u || !u[1])
    return;
  for (char *p = u + 1; *p; ++p)
    if (*p < '0' || *p > '9')
      return;
  *u = '\0';
}

static void kernel_name(KGen *k, int index, char *out, size_t len) {
  char *names[256];
  int n = 0;
  for (int i = 0; i < k->nsubs; ++i) {
    MlirAttribute a = mlirOperationGetAttributeByName(k->subs[i].op, ind_str("origins"));
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a))
      continue;
    for (intptr_t j = 0; j < mlirArrayAttrGetNumElements(a) && n < 256; ++j) {
      MlirAttribute e = mlirArrayAttrGetElement(a, j);
      if (!mlirAttributeIsAString(e))
        continue;
      MlirStringRef s = mlirStringAttrGetValue(e);
      char *c = malloc(s.length + 1);
      if (!c)
        abort();
      memcpy(c, s.data, s.length);
      c[s.length] = '\0';
      strip_suffix(c);
      bool dup = false;
      for (int m = 0; m < n && !dup; ++m)
        dup = strcmp(names[m], c) == 0;
      if (dup || !c[0])
        free(c);
      else
        names[n++] = c;
    }
  }
  qsort(names, (size_t)n, sizeof names[0], cmp_str);
  size_t at =
      (size_t)snprintf(out, len, "%s_%s_fused", ind_opt_string(k->opts, "kernel-prefix"), kernel_kind_prefix(k->kind));
  for (int i = 0; i < n; ++i) {
    if (i < MAX_NAME_OPS && at < len)
      at += (size_t)snprintf(out + at, len - at, "_%s", names[i]);
    free(names[i]);
  }
  if (at < len)
    snprintf(out + at, len - at, "_%d", index);
}

/* --- sub-nodes and the iteration space */

/* The key of a reduction-kind node's r sizes. */
static const char *rranges_key(MlirOperation op) {
  return ind_is_scan(op) ? IND_ATTR_SCAN_RANGES : IND_ATTR_REDUCTION_RANGES;
}

/* The op a sched.node wraps (first op of its body). */
static MlirOperation node_inner(MlirOperation node) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(node, 0));
  return mlirBlockIsNull(b) ? (MlirOperation){NULL} : mlirBlockGetFirstOperation(b);
}

static bool node_is_extern(MlirOperation node) {
  MlirOperation in = sched_is_node(node) ? node_inner(node) : (MlirOperation){NULL};
  return !mlirOperationIsNull(in) && ind_is_extern(in);
}

static bool add_sub(KGen *k, MlirOperation node) {
  MlirOperation in = node_inner(node);
  if (mlirOperationIsNull(in) || !ind_is_computed_buffer(in))
    return ind_emit_error(node,
                          "sched-to-kernel: a kernel's sched.node must wrap ind.pointwise, ind.reduction or ind.scan"),
           false;
  if (k->nsubs == MAX_SUBS)
    return ind_emit_error(node, "sched-to-kernel: more than %d nodes in one kernel", MAX_SUBS), false;
  Sub *s = &k->subs[k->nsubs++];
  memset(s, 0, sizeof *s);
  s->op = in;
  s->produced = mlirOperationGetResult(node, 0);
  s->is_scan = ind_is_scan(in);
  s->is_red = ind_is_reduction(in) || s->is_scan;
  s->out_arg = -1;
  return true;
}

static bool collect_subs(KGen *k) {
  if (sched_is_node(k->node))
    return mlirOperationGetNumResults(k->node) == 1 ? add_sub(k, k->node)
                                                    : (ind_emit_error(k->node, "sched-to-kernel: a sched.node "
                                                                               "must have one result"),
                                                       false);
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(k->node, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (ind_is_yield(op))
      break;
    if (!sched_is_node(op) || mlirOperationGetNumResults(op) != 1)
      return ind_emit_error(op, "sched-to-kernel: a sched.fused may only hold sched.nodes"), false;
    if (!add_sub(k, op))
      return false;
  }
  return k->nsubs > 0 || (ind_emit_error(k->node, "sched-to-kernel: empty sched.fused"), false);
}

/* Copies the non-1 sizes of a dense i64 array attribute; -1 when missing or too long. */
static int sizes_no_ones(MlirOperation op, const char *key, int64_t *out, int max) {
  int64_t v[MAX_SUBDIMS];
  intptr_t n = 0;
  if (!ind_attr_i64_array(op, key, v, MAX_SUBDIMS, &n) || n > MAX_SUBDIMS)
    return -1;
  int m = 0;
  for (intptr_t i = 0; i < n; ++i)
    if (v[i] != 1) {
      if (m == max)
        return -1;
      out[m++] = v[i];
    }
  return m;
}

static int64_t prod(const int64_t *v, int n) {
  int64_t p = 1;
  for (int i = 0; i < n; ++i)
    p *= v[i];
  return p;
}

static bool read_sizes(MlirOperation op, const char *key, int64_t *v, intptr_t *n) {
  return ind_attr_i64_array(op, key, v, MAX_SUBDIMS, n) && *n <= MAX_SUBDIMS;
}

static bool loop_order_valid(const int64_t *p, intptr_t np, intptr_t n) {
  bool seen[MAX_SUBDIMS] = {false};
  if (np != n)
    return false;
  for (intptr_t q = 0; q < n; ++q) {
    if (p[q] < 0 || p[q] >= n || seen[p[q]])
      return false;
    seen[p[q]] = true;
  }
  return true;
}

static bool choose_space(KGen *k) {
  int first = 0;
  for (int i = 0; i < k->nsubs; ++i)
    if (k->subs[i].is_red) {
      first = i;
      break;
    }
  MlirOperation op = k->subs[first].op;
  int nx = sizes_no_ones(op, "ranges", k->ranges, KERNEL_MAX_RANK);
  /* a pointwise first node whose loops were reordered (loop_order): the kernel iterates in that order, so
   * its own dims map one to one (a channels-last result: stores contiguous, no floordiv/mod to undo) */
  int64_t r[MAX_SUBDIMS], p[MAX_SUBDIMS];
  intptr_t n = 0, np = 0;
  if (!k->subs[first].is_red && nx >= 0 && read_sizes(op, "ranges", r, &n) && read_sizes(op, "loop_order", p, &np) &&
      loop_order_valid(p, np, n)) {
    nx = 0;
    for (intptr_t q = 0; q < n; ++q)
      if (r[p[q]] != 1)
        k->ranges[nx++] = r[p[q]];
  }
  int nr =
      k->subs[first].is_red ? sizes_no_ones(op, rranges_key(op), k->ranges + (nx > 0 ? nx : 0), KERNEL_MAX_RANK) : 0;
  if (nx < 0 || nr < 0)
    return ind_emit_error(op, "sched-to-kernel: ranges / reduction_ranges missing or of rank > %d", KERNEL_MAX_RANK),
           false;
  if (k->subs[first].is_red && nr == 0) {
    /* Every reduced dim has size 1 (x.sum(-1) of [4, 1]): keep one r dim of size 1, so the kernel
     * stays a reduction kernel (its kernel.reduce needs an r loop). */
    k->ranges[nx] = 1;
    nr = 1;
  }
  k->nx = nx;
  k->nr = nr;
  k->numel = prod(k->ranges, nx);
  k->rnumel = prod(k->ranges + nx, nr);
  return true;
}

/* Maps the own dims `sizes[0..n)` of a node onto kernel dims [kfirst, kfirst + kn): dims are matched in
 * groups of equal size products; within a group, own dim j = (L floordiv stride_j) mod size_j where L
 * is the group's linear index over its kernel dims. Size-1 own dims are 0. */
static bool map_dims(KGen *k, const int64_t *sizes, int n, int kfirst, int kn, MlirAffineExpr *out) {
  int i = 0, j = kfirst, kend = kfirst + kn;
  while (i < n || j < kend) {
    if (i < n && sizes[i] == 1) {
      out[i++] = mlirAffineConstantExprGet(k->ctx, 0);
      continue;
    }
    if (j < kend && k->ranges[j] == 1) { /* the size-1 r dim of choose_space */
      ++j;
      continue;
    }
    if (i >= n || j >= kend)
      return false;
    int i2 = i + 1, j2 = j + 1;
    int64_t ps = sizes[i], pk = k->ranges[j];
    while (ps != pk) {
      if (ps < pk && i2 < n)
        ps *= sizes[i2++];
      else if (pk < ps && j2 < kend)
        pk *= k->ranges[j2++];
      else
        return false;
    }
    MlirAffineExpr lin = mlirAffineConstantExprGet(k->ctx, 0);
    for (int q = j; q < j2; ++q) {
      int64_t stride = prod(k->ranges + q + 1, j2 - q - 1);
      lin = mlirAffineAddExprGet(
          lin, mlirAffineMulExprGet(mlirAffineDimExprGet(k->ctx, q), mlirAffineConstantExprGet(k->ctx, stride)));
    }
    for (int q = i; q < i2; ++q) {
      int64_t stride = prod(sizes + q + 1, i2 - q - 1);
      MlirAffineExpr e = mlirAffineFloorDivExprGet(lin, mlirAffineConstantExprGet(k->ctx, stride));
      if (q > i)
        e = mlirAffineModExprGet(e, mlirAffineConstantExprGet(k->ctx, sizes[q]));
      out[q] = stride == 1 && q == i ? lin : mlirSimplifyAffineExpr(e, k->nx + k->nr, 0);
    }
    i = i2;
    j = j2;
  }
  return true;
}

/* Inductor's merge_loops at codegen (SchedulerNode.merge_loops): within the node's ranges, and within its
 * reduction ranges, adjacent dims that every index of its body reads as one dim (ind_affine_merges_dims)
 * become one: in `sizes` (ranges then reduction ranges, n + m of them) the outer gets size 1 and the inner
 * their product. map_dims then places the merged dim, and the dim map reads the outer as 0 and the inner
 * as the merged index, which every index reads as before. A node whose loops split the kernel's
 * differently (a [11, 2, 62, 3] epilogue of a [44, 93] producer) then reads its inputs at indices without
 * floordiv / mod, equal to its producers' writes. The write (row-major over the ranges) merges any two. */
static void merge_loops(Sub *s, int64_t *sizes, int n, int m) {
  int nd = n + m, ne = 0;
  if (nd > IND_MEMDEP_MAX_DIMS)
    return;
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(s->op, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    ne += ind_is_load(op) || ind_is_index_expr(op);
  MlirAffineExpr *e = calloc((size_t)ne + 1, sizeof *e), *t = calloc((size_t)ne + 1, sizeof *t);
  if (!e || !t)
    abort();
  ne = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str("index"));
    if (!(ind_is_load(op) || ind_is_index_expr(op)))
      continue;
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAAffineMap(a) ||
        mlirAffineMapGetNumDims(mlirAffineMapAttrGetValue(a)) != nd ||
        mlirAffineMapGetNumResults(mlirAffineMapAttrGetValue(a)) != 1)
      goto done; /* compose_index reports it */
    e[ne++] = mlirAffineMapGetResult(mlirAffineMapAttrGetValue(a), 0);
  }
  for (int g = 0; g < 2; ++g) {
    int lo = g ? n : 0, hi = g ? nd : n, inner = -1;
    for (int o = hi - 1; o >= lo; --o) {
      if (sizes[o] == 1)
        continue;
      bool all = inner >= 0;
      for (int q = 0; q < ne && all; ++q)
        all = ind_affine_merges_dims(e[q], sizes, nd, o, inner, &t[q]);
      if (!all) {
        inner = o;
        continue;
      }
      memcpy(e, t, sizeof *e * (size_t)ne);
      sizes[inner] *= sizes[o];
      sizes[o] = 1;
    }
  }
done:
  free(e);
  free(t);
}

/* Sets the sub-node's dim map and write offset. */
static bool place_sub(KGen *k, Sub *s) {
  int64_t r[MAX_SUBDIMS], rr[MAX_SUBDIMS];
  intptr_t n = 0, m = 0;
  if (!read_sizes(s->op, "ranges", r, &n) || (s->is_red && !read_sizes(s->op, rranges_key(s->op), rr, &m)))
    return ind_emit_error(s->op, "sched-to-kernel: ranges missing or of rank > %d", MAX_SUBDIMS), false;
  MlirAffineExpr e[2 * MAX_SUBDIMS];
  int nk = k->nx + k->nr;
  bool ok;
  int64_t own = prod(r, (int)n);
  /* loop_order (the fusion's loop reordering): the kernel iterates own dim p[i] as its i-th; the dims
   * are matched in that order and each own dim gets its expression back */
  int64_t p[MAX_SUBDIMS], rp[MAX_SUBDIMS];
  intptr_t np = 0;
  bool permuted = !s->is_red && read_sizes(s->op, "loop_order", p, &np);
  if (permuted && !loop_order_valid(p, np, n))
    return ind_emit_error(s->op, "sched-to-kernel: 'loop_order' must be a permutation of the %d ranges", (int)n), false;
  int64_t merged[2 * MAX_SUBDIMS];
  memcpy(merged, r, sizeof(int64_t) * (size_t)n);
  memcpy(merged + n, rr, sizeof(int64_t) * (size_t)m);
  if (!permuted && !s->is_scan)
    merge_loops(s, merged, (int)n, (int)m);
  for (intptr_t q = 0; q < n; ++q)
    rp[q] = permuted ? r[p[q]] : merged[q];
  MlirAffineExpr ep[2 * MAX_SUBDIMS];
  if (s->is_red)
    ok = map_dims(k, merged, (int)n, 0, k->nx, e) && map_dims(k, merged + n, (int)m, k->nx, k->nr, e + n);
  else if (own == k->numel * k->rnumel)
    ok = map_dims(k, rp, (int)n, 0, nk, ep);
  else if (own == k->numel)
    ok = map_dims(k, rp, (int)n, 0, k->nx, ep);
  else
    ok = false;
  for (intptr_t q = 0; ok && !s->is_red && q < n; ++q)
    e[permuted ? p[q] : q] = ep[q];
  if (!ok)
    return ind_emit_error(s->op,
                          "sched-to-kernel: the node's ranges do not fit the kernel's iteration space "
                          "(numel %lld, rnumel %lld)",
                          (long long)k->numel, (long long)k->rnumel),
           false;
  s->dimmap = mlirAffineMapGet(k->ctx, nk, 0, n + m, e);
  MlirAffineExpr w = mlirAffineConstantExprGet(k->ctx, 0);
  int64_t all[2 * MAX_SUBDIMS];
  memcpy(all, r, sizeof(int64_t) * (size_t)n);
  memcpy(all + n, rr, sizeof(int64_t) * (size_t)m);
  intptr_t nw = s->is_scan ? n + m : n; /* a scan writes every point of ranges x scan_ranges */
  for (intptr_t q = 0; q < nw; ++q)
    w = mlirAffineAddExprGet(
        w, mlirAffineMulExprGet(e[q], mlirAffineConstantExprGet(k->ctx, prod(all + q + 1, (int)(nw - q - 1)))));
  s->write = mlirSimplifyAffineExpr(w, nk, 0);
  return true;
}

/* --- buffers */

/* The sub-node of this kernel that produces `v`, or -1. */
static int producer(KGen *k, MlirValue v) {
  for (int i = 0; i < k->nsubs; ++i)
    if (mlirValueEqual(k->subs[i].produced, v) || mlirValueEqual(mlirOperationGetResult(k->subs[i].op, 0), v))
      return i;
  return -1;
}

static int find_in(KGen *k, MlirValue v) {
  for (int i = 0; i < k->nins; ++i)
    if (mlirValueEqual(k->ins[i].outer, v))
      return i;
  return -1;
}

static bool note_input(MlirOperation op, void *user) {
  KGen *k = user;
  if (!ind_is_load(op) || (mlirOperationGetNumOperands(op) != 1 && mlirOperationGetNumOperands(op) != 2))
    return true;
  MlirValue b = mlirOperationGetOperand(op, 0);
  if (producer(k, b) >= 0 || find_in(k, b) >= 0)
    return true;
  if (k->nins == MAX_BUFS) {
    ind_emit_error(op, "sched-to-kernel: more than %d input buffers", MAX_BUFS);
    return false;
  }
  Buf *buf = &k->ins[k->nins++];
  buf->outer = b;
  if (!buffer_name(b, buf->name, sizeof buf->name))
    snprintf(buf->name, sizeof buf->name, "?");
  return true;
}

/* True when the sched result carrying sub `s` is used outside the kernel's node. */
static bool sub_escapes(KGen *k, Sub *s) {
  if (sched_is_node(k->node))
    return !mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(k->node, 0)));
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(k->node, 0));
  MlirOperation y = mlirBlockGetTerminator(b);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(y) && i < mlirOperationGetNumResults(k->node); ++i)
    if (mlirValueEqual(mlirOperationGetOperand(y, i), s->produced) &&
        !mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(k->node, i))))
      return true;
  return false;
}

/* The flat 1-D storage type of a static memref (its extent under its strides and offset). */
static bool flat_type(MlirOperation at, MlirType t, MlirType *out) {
  if (!mlirTypeIsAMemRef(t) || !mlirShapedTypeHasStaticShape(t))
    return ind_emit_error(at, "sched-to-kernel: buffers must be static memrefs"), false;
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t strides[MAX_SUBDIMS], offset = 0, extent = 1;
  if (rank > MAX_SUBDIMS || mlirLogicalResultIsFailure(mlirMemRefTypeGetStridesAndOffset(t, strides, &offset)))
    return ind_emit_error(at, "sched-to-kernel: buffer layout must be strided"), false;
  bool empty = false;
  for (intptr_t i = 0; i < rank; ++i) {
    int64_t d = mlirShapedTypeGetDimSize(t, i);
    empty |= d == 0;
    extent += (d - 1) * strides[i];
  }
  int64_t n = empty ? 0 : offset + extent;
  *out = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(t), 1, &n, mlirAttributeGetNull());
  return true;
}

/* --- the body */

static void map_value(KGen *k, MlirValue from, MlirValue to) { ind_value_map_put(&k->map, from, to); }

static bool mapped(KGen *k, MlirValue v, MlirValue *out) { return ind_value_map_get(&k->map, v, out); }

static MlirOperation append(KGen *k, MlirOperation op) {
  mlirBlockAppendOwnedOperation(k->body, op);
  return op;
}

/* The index map of an ind.load / ind.index_expr composed onto the kernel dims. */
static bool compose_index(KGen *k, Sub *s, MlirOperation op, MlirAffineExpr *out) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str("index"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAAffineMap(a))
    return ind_emit_error(op, "sched-to-kernel: missing affine_map index"), false;
  MlirAffineMap m = mlirAffineMapAttrGetValue(a);
  if (mlirAffineMapGetNumResults(m) != 1 || mlirAffineMapGetNumSymbols(m) != 0 ||
      mlirAffineMapGetNumDims(m) != mlirAffineMapGetNumResults(s->dimmap))
    return ind_emit_error(op, "sched-to-kernel: the index map must have one result and one dim per iteration "
                              "variable of its node"),
           false;
  *out = mlirSimplifyAffineExpr(mlirAffineExprCompose(mlirAffineMapGetResult(m, 0), s->dimmap), k->nx + k->nr, 0);
  return true;
}

static MlirAffineMap kmap(KGen *k, MlirAffineExpr e) { return mlirAffineMapGet(k->ctx, k->nx + k->nr, 0, 1, &e); }

static MlirValue arith(KGen *k, MlirLocation loc, const char *name, const MlirValue *ops, intptr_t n, MlirType t,
                       const char *attr, MlirAttribute value);

static bool is_bool_type(MlirType t) { return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 1; }

/* `v != 0` as i1: what a store of a float or wider integer value to an i1 buffer writes (both backends'
 * store conversion: convert_kernel_to_gpu.c convert_value, cpu_builder.h convert). An `all` / `any`
 * reduction yields its min / max of 0.0 and 1.0 in f32 into its i1 buffer. */
static MlirValue stored_as_bool(KGen *k, MlirLocation loc, MlirValue v) {
  enum { CMPF_UNE = 13, CMPI_NE = 1 };
  MlirType t = mlirValueGetType(v);
  bool fl = mlirTypeIsAFloat(t);
  MlirAttribute zero = fl ? mlirFloatAttrDoubleGet(k->ctx, t, 0.0) : mlirIntegerAttrGet(t, 0);
  MlirValue ops[2] = {v, arith(k, loc, "arith.constant", NULL, 0, t, "value", zero)};
  return arith(k, loc, fl ? "arith.cmpf" : "arith.cmpi", ops, 2, mlirIntegerTypeGet(k->ctx, 1), "predicate",
               mlirIntegerAttrGet(mlirIntegerTypeGet(k->ctx, 64), fl ? CMPF_UNE : CMPI_NE));
}

/* A load of a buffer computed in this kernel reads the producer's value as the store and the load would
 * have done through memory: converted to the load's type when the producer yields another one (an integer
 * copy yields its integer type, a consumer may load it as f32, and the reverse), an f32 value of an
 * f16/bf16 buffer rounded to that type (truncf, extf), and a value of an i1 buffer made `v != 0` (an
 * `all` / `any` reduction's f32 min / max), so that a consumer reads the same value whether fusion
 * removed the buffer or not (`x.softmax(-1).bfloat16().sum(-1).float()`: the bf16 sum, as eager). */
static bool map_local_value(KGen *k, MlirOperation op, MlirValue buf, MlirValue res, MlirValue v) {
  MlirType want = mlirValueGetType(res), have = mlirValueGetType(v);
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(buf));
  if (is_bool_type(elem) && !is_bool_type(have) && (mlirTypeIsAFloat(have) || mlirTypeIsAInteger(have))) {
    v = stored_as_bool(k, mlirOperationGetLocation(op), v);
    have = elem;
  }
  if ((mlirTypeIsAF16(elem) || mlirTypeIsABF16(elem)) && mlirTypeIsAF32(have)) {
    MlirLocation loc = mlirOperationGetLocation(op);
    v = arith(k, loc, "arith.truncf", &v, 1, elem, NULL, (MlirAttribute){NULL});
    v = arith(k, loc, "arith.extf", &v, 1, have, NULL, (MlirAttribute){NULL});
  }
  if (!mlirTypeEqual(want, have)) {
    bool wi = mlirTypeIsAInteger(want) && mlirIntegerTypeGetWidth(want) > 1;
    bool hi = mlirTypeIsAInteger(have) && mlirIntegerTypeGetWidth(have) > 1;
    const char *cast = hi && mlirTypeIsAF32(want)                   ? "arith.sitofp"
                       : wi && mlirTypeIsAF32(have)                 ? "arith.fptosi"
                       : is_bool_type(have) && mlirTypeIsAF32(want) ? "arith.uitofp" /* a bool read as 0 / 1 */
                       : is_bool_type(have) && wi                   ? "arith.extui"
                                                                    : NULL;
    if (!cast)
      return ind_emit_error(op, "sched-to-kernel: a buffer computed in this kernel is loaded as another type than it "
                                "is computed in"),
             false;
    v = arith(k, mlirOperationGetLocation(op), cast, &v, 1, want, NULL, (MlirAttribute){NULL});
  }
  map_value(k, res, v);
  return true;
}

static bool emit_load(KGen *k, Sub *s, MlirOperation op) {
  MlirAffineExpr e;
  if (!compose_index(k, s, op, &e))
    return false;
  MlirValue buf = mlirOperationGetOperand(op, 0), res = mlirOperationGetResult(op, 0), offset = {NULL};
  int p = producer(k, buf);
  if (mlirOperationGetNumOperands(op) == 2) {
    if (p >= 0)
      return ind_emit_error(op, "sched-to-kernel: an indirect load of a buffer computed in this kernel (fusion must "
                                "not merge an indirect read with its producer)"),
             false;
    if (!mapped(k, mlirOperationGetOperand(op, 1), &offset))
      return ind_emit_error(op, "sched-to-kernel: the load's offset is defined outside the node body"), false;
  }
  if (p >= 0) {
    /* the same point when equal, also after the kernel dims' ranges decide a floordiv / mod (a split
     * reduction's `d0 + d1 floordiv 8184` with d1 < 8184 reads its producer's `d0`) */
    int nd = k->nx + k->nr;
    if (!mlirAffineExprEqual(e, k->subs[p].write) &&
        !mlirAffineExprEqual(ind_affine_simplify_with_ranges(e, k->ranges, nd),
                             ind_affine_simplify_with_ranges(k->subs[p].write, k->ranges, nd)))
      return ind_emit_error(op, "sched-to-kernel: a buffer computed in this kernel is read at another index than "
                                "it is written"),
             false;
    return map_local_value(k, op, buf, res, k->subs[p].value);
  }
  int in = find_in(k, buf);
  MlirValue arg = mlirBlockGetArgument(k->body, in);
  MlirOperation l = append(
      k, kernel_load_indirect_create(mlirOperationGetLocation(op), arg, kmap(k, e), offset, mlirValueGetType(res)));
  map_value(k, res, mlirOperationGetResult(l, 0));
  return true;
}

static bool emit_index_expr(KGen *k, Sub *s, MlirOperation op) {
  MlirAffineExpr e;
  if (!compose_index(k, s, op, &e))
    return false;
  MlirValue res = mlirOperationGetResult(op, 0);
  MlirOperation x =
      append(k, kernel_index_expr_create(mlirOperationGetLocation(op), kmap(k, e), mlirValueGetType(res)));
  map_value(k, res, mlirOperationGetResult(x, 0));
  return true;
}

/* An arith op of the kernel body. */
static MlirValue arith(KGen *k, MlirLocation loc, const char *name, const MlirValue *ops, intptr_t n, MlirType t,
                       const char *attr, MlirAttribute value) {
  MlirOperationState st = mlirOperationStateGet(ind_str(name), loc);
  mlirOperationStateAddOperands(&st, n, ops);
  mlirOperationStateAddResults(&st, 1, &t);
  if (attr) {
    MlirNamedAttribute a = mlirNamedAttributeGet(mlirIdentifierGet(k->ctx, ind_str(attr)), value);
    mlirOperationStateAddAttributes(&st, 1, &a);
  }
  return mlirOperationGetResult(append(k, mlirOperationCreate(&st)), 0);
}

static MlirValue index_cst(KGen *k, MlirLocation loc, int64_t v) {
  MlirType it = mlirIndexTypeGet(k->ctx);
  return arith(k, loc, "arith.constant", NULL, 0, it, "value", mlirIntegerAttrGet(it, v));
}

static MlirValue f32_cst(KGen *k, MlirLocation loc, double v) {
  MlirType f = mlirF32TypeGet(k->ctx);
  return arith(k, loc, "arith.constant", NULL, 0, f, "value", mlirFloatAttrDoubleGet(k->ctx, f, v));
}

static MlirValue cmp(KGen *k, MlirLocation loc, const char *name, int64_t pred, MlirValue a, MlirValue b) {
  MlirValue ops[2] = {a, b};
  return arith(k, loc, name, ops, 2, mlirIntegerTypeGet(k->ctx, 1), "predicate",
               mlirIntegerAttrGet(mlirIntegerTypeGet(k->ctx, 64), pred));
}

static MlirValue bin(KGen *k, MlirLocation loc, const char *name, MlirValue a, MlirValue b) {
  MlirValue ops[2] = {a, b};
  return arith(k, loc, name, ops, 2, mlirValueGetType(a), NULL, (MlirAttribute){NULL});
}

static MlirValue sel(KGen *k, MlirLocation loc, MlirValue c, MlirValue a, MlirValue b) {
  MlirValue ops[3] = {c, a, b};
  return arith(k, loc, "arith.select", ops, 3, mlirValueGetType(a), NULL, (MlirAttribute){NULL});
}

/* ind.indirect_indexing as arith ops, the same for both backends: the value (f32: NaN as 0 and clamped
 * to [-size, size] before the conversion, which would be poison outside i64) as an index, a negative
 * one plus size (ATen's wrap), then clamped to [0, size - 1] so that no access leaves the buffer. An
 * out-of-range index is the program's error: unless checked mode is off, a kernel.check_index of
 * [-size, size) before the wrap records it on the device and the host reports it after the run
 * (Inductor's assert_indirect_indexing); the clamp still keeps the access inside the buffer. */
static bool emit_indirect_indexing(KGen *k, MlirOperation op) {
  MlirValue v;
  if (mlirOperationGetNumOperands(op) != 1 || !mapped(k, mlirOperationGetOperand(op, 0), &v))
    return ind_emit_error(op, "sched-to-kernel: ind.indirect_indexing of a value defined outside the node body"), false;
  int64_t size = ind_indirect_size(op);
  if (size < 1)
    return ind_emit_error(op, "sched-to-kernel: ind.indirect_indexing needs a 'size' >= 1"), false;
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirType t = mlirValueGetType(v), it = mlirIndexTypeGet(k->ctx), i64 = mlirIntegerTypeGet(k->ctx, 64);
  if (mlirTypeIsAF32(t)) {
    enum { CMPF_ORD = 7 };
    v = sel(k, loc, cmp(k, loc, "arith.cmpf", CMPF_ORD, v, v), v, f32_cst(k, loc, 0.0));
    v = bin(k, loc, "arith.minimumf", bin(k, loc, "arith.maximumf", v, f32_cst(k, loc, (double)-size)),
            f32_cst(k, loc, (double)size));
    v = arith(k, loc, "arith.fptosi", &v, 1, i64, CODEGEN_FPTOSI_IN_RANGE, mlirUnitAttrGet(k->ctx)); /* clamped */
    t = i64;
  }
  if (mlirTypeIsAInteger(t))
    v = arith(k, loc, "arith.index_cast", &v, 1, it, NULL, (MlirAttribute){NULL});
  else if (!mlirTypeIsAIndex(t))
    return ind_emit_error(op, "sched-to-kernel: ind.indirect_indexing of a value that is not f32, an integer or "
                              "index"),
           false;
  enum { CMPI_SLT = 2 };
  MlirValue zero = index_cst(k, loc, 0);
  if (k->checked >= CHECK_INDIRECT) /* ATen's valid range, before the wrap */
    v = mlirOperationGetResult(append(k, kernel_check_index_create(loc, v, -size, size)), 0);
  v = sel(k, loc, cmp(k, loc, "arith.cmpi", CMPI_SLT, v, zero), bin(k, loc, "arith.addi", v, index_cst(k, loc, size)),
          v);
  v = bin(k, loc, "arith.minsi", bin(k, loc, "arith.maxsi", v, zero), index_cst(k, loc, size - 1));
  map_value(k, mlirOperationGetResult(op, 0), v);
  return true;
}

static bool emit_clone(KGen *k, MlirOperation op) {
  if (!(ind_op_in_dialect(op, "arith") || ind_op_in_dialect(op, "math")) || mlirOperationGetNumResults(op) != 1 ||
      mlirOperationGetNumRegions(op) != 0)
    return ind_emit_error(op, "sched-to-kernel: unsupported op in a node body (expected ind.load, "
                              "ind.index_expr, arith.*, math.*)"),
           false;
  MlirOperation c = mlirOperationClone(op);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v;
    if (!mapped(k, mlirOperationGetOperand(op, i), &v)) {
      mlirOperationDestroy(c);
      return ind_emit_error(op, "sched-to-kernel: operand defined outside the node body"), false;
    }
    mlirOperationSetOperand(c, i, v);
  }
  append(k, c);
  map_value(k, mlirOperationGetResult(op, 0), mlirOperationGetResult(c, 0));
  return true;
}

/* The yielded value, reduced for a reduction node, stored when the buffer leaves the kernel. */
static bool finish_sub(KGen *k, Sub *s, MlirOperation yield) {
  MlirValue v;
  if (mlirOperationGetNumOperands(yield) != 1 || !mapped(k, mlirOperationGetOperand(yield, 0), &v))
    return ind_emit_error(yield, "sched-to-kernel: a node body must yield one value"), false;
  MlirLocation loc = mlirOperationGetLocation(s->op);
  /* A reduction over size-1 dims only (rnumel 1: the kernel has no r dims) reduces one value: that value
   * (Inductor turns such a Reduction into a Pointwise). */
  if (s->is_scan) {
    IndReductionType t = ind_scan_type(s->op);
    KernelReduction r = t == IND_REDUCE_SUM    ? KERNEL_RED_SUM
                        : t == IND_REDUCE_MAX  ? KERNEL_RED_MAX
                        : t == IND_REDUCE_MIN  ? KERNEL_RED_MIN
                        : t == IND_REDUCE_PROD ? KERNEL_RED_PROD
                                               : KERNEL_RED_INVALID;
    if (r == KERNEL_RED_INVALID)
      return ind_emit_error(s->op, "sched-to-kernel: scan_type must be sum, max, min or prod"), false;
    v = mlirOperationGetResult(append(k, kernel_scan_create(loc, v, r)), 0);
  } else if (s->is_red && k->nr > 0) {
    MlirStringRef t = {"", 0};
    ind_attr_str(s->op, "reduction_type", &t);
    KernelReduction r = kernel_reduction_parse(t);
    if (r == KERNEL_RED_INVALID)
      return ind_emit_error(s->op, "sched-to-kernel: reduction_type must be sum, max, min or prod"), false;
    v = mlirOperationGetResult(append(k, kernel_reduce_create(loc, v, r)), 0);
  }
  s->value = v;
  if (s->out_arg >= 0)
    append(k, kernel_store_create(loc, mlirBlockGetArgument(k->body, s->out_arg), v, kmap(k, s->write)));
  return true;
}

static bool emit_sub(KGen *k, Sub *s) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(s->op, 0));
  if (mlirBlockIsNull(b))
    return ind_emit_error(s->op, "sched-to-kernel: node without a body"), false;
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    bool ok;
    switch (ind_op_id(op)) {
    case IND_OP_YIELD:
      return finish_sub(k, s, op);
    case IND_OP_LOAD:
      ok = emit_load(k, s, op);
      break;
    case IND_OP_INDEX_EXPR:
      ok = emit_index_expr(k, s, op);
      break;
    case IND_OP_INDIRECT_INDEXING:
      ok = emit_indirect_indexing(k, op);
      break;
    default:
      ok = emit_clone(k, op);
      break;
    }
    if (!ok)
      return false;
  }
  return ind_emit_error(s->op, "sched-to-kernel: node body must end in gpu.yield"), false;
}

/* Final name, kind and geometry of the def (known once its body shows the reduction's access pattern). */
static void set_def_attrs(KGen *k, MlirOperation def, const char *name) {
  MlirType i64 = mlirIntegerTypeGet(k->ctx, 64);
  ind_set_attr(def, KERNEL_ATTR_SYM_NAME, ind_str_attr(k->ctx, name));
  ind_set_attr(def, KERNEL_ATTR_KIND, ind_str_attr(k->ctx, kernel_kind_str(k->kind)));
  ind_set_attr(def, KERNEL_ATTR_BLOCK, mlirIntegerAttrGet(i64, k->geom.block));
  ind_set_attr(def, KERNEL_ATTR_XBLOCK, mlirIntegerAttrGet(i64, k->geom.xblock));
  ind_set_attr(def, KERNEL_ATTR_VECTOR_WIDTH, mlirIntegerAttrGet(i64, k->geom.vector_width));
  if (k->geom.row_threads)
    ind_set_attr(def, KERNEL_ATTR_ROW_THREADS, mlirBoolAttrGet(k->ctx, 1));
  else
    mlirOperationRemoveAttributeByName(def, ind_str(KERNEL_ATTR_ROW_THREADS));
  if (strcmp(ind_opt_string(k->opts, "div-precision"), "ieee") == 0)
    ind_set_attr(def, KERNEL_ATTR_IEEE_DIV, mlirBoolAttrGet(k->ctx, 1));
  if (k->kind == KERNEL_KIND_POINTWISE && strcmp(ind_opt_string(k->opts, "tile-order"), "raster") == 0)
    ind_set_attr(def, KERNEL_ATTR_TILE_ORDER, ind_str_attr(k->ctx, "raster"));
  if (k->checked == CHECK_ALL)
    ind_set_attr(def, KERNEL_ATTR_CHECKED, mlirBoolAttrGet(k->ctx, 1));
}

/* The bytes of the narrowest float element type among the kernel's argument memrefs (2: some buffer
 * is f16/bf16, so one 16-byte access holds 8 elements); 4 when there is none narrower than f32. */
static int narrowest_float_bytes(const MlirType *types, int n) {
  int bytes = 4;
  for (int i = 0; i < n; ++i) {
    MlirType e = mlirShapedTypeGetElementType(types[i]);
    if (mlirTypeIsAFloat(e) && (int)ind_memref_elem_size(e) < bytes)
      bytes = (int)ind_memref_elem_size(e);
  }
  return bytes;
}

/* Builds the kernel.def of node k->node (inserted before `before`); its name goes to `name`. */
static bool build_kernel(KGen *k, int index, MlirOperation before, char *name, size_t nlen) {
  if (!collect_subs(k) || !choose_space(k))
    return false;
  for (int i = 0; i < k->nsubs; ++i)
    if (!place_sub(k, &k->subs[i]))
      return false;
  for (int i = 0; i < k->nsubs; ++i)
    if (!ind_walk(k->subs[i].op, note_input, k))
      return false;
  MlirType types[MAX_BUFS + MAX_SUBS];
  int nargs = 0;
  for (int i = 0; i < k->nins; ++i)
    if (!flat_type(k->node, mlirValueGetType(k->ins[i].outer), &types[nargs++]))
      return false;
  for (int i = 0; i < k->nsubs; ++i) {
    Sub *s = &k->subs[i];
    if (!(s->escapes = sub_escapes(k, s)))
      continue;
    if (!flat_type(s->op, mlirValueGetType(s->produced), &types[nargs]))
      return false;
    s->out_arg = nargs++;
    k->outs[k->nouts++] = i;
  }
  launch_choose_geometry(
      k->opts, &(LaunchSpace){k->ranges, k->nx, k->nr, k->numel, k->rnumel, narrowest_float_bytes(types, nargs)},
      &k->kind, &k->geom);
  MlirOperation def = kernel_def_create(mlirOperationGetLocation(k->node), "", k->kind, k->ranges, k->nx,
                                        k->ranges + k->nx, k->nr, k->geom, nargs, types);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, def);
  k->body = kernel_def_body(def);
  for (int i = 0; i < k->nsubs; ++i)
    if (!emit_sub(k, &k->subs[i]))
      return false;
  MlirOperationState st = mlirOperationStateGet(ind_str("gpu.yield"), mlirOperationGetLocation(k->node));
  append(k, mlirOperationCreate(&st));
  LaunchSpace space = {k->ranges, k->nx, k->nr, k->numel, k->rnumel, 0};
  if (kernel_body_has_scan(k->body))
    launch_choose_scan_geometry(k->opts, &space, &k->kind, &k->geom);
  else if (launch_is_outer_reduction(k->body, k->nx, k->nr))
    launch_choose_outer_geometry(k->opts, &space, &k->kind, &k->geom);
  else
    launch_choose_state_geometry(k->opts, &space, k->body, &k->kind, &k->geom);
  launch_choose_load_geometry(k->opts, &space, k->body, &k->kind, &k->geom);
  kernel_name(k, index, name, nlen);
  set_def_attrs(k, def, name);
  return true;
}

/* --- the host wrapper */

typedef struct Wrapper {
  MlirBlock block; /* the @call body */
  /* buffer name -> value in @call: growable arrays and an open-addressing table of indices
   * (a program may have any number of buffers; a later binding of a name wins) */
  char (*names)[64];
  MlirValue *vals;
  int n, cap;
  int *slots; /* index + 1; 0 = empty */
  size_t nslots;
} Wrapper;

static size_t name_hash(const char *s) {
  uint64_t h = 1469598103934665603ULL;
  for (; *s; ++s)
    h = (h ^ (unsigned char)*s) * 1099511628211ULL;
  return (size_t)h;
}

static int *wslot(Wrapper *w, const char *name) {
  size_t m = w->nslots - 1, i = name_hash(name) & m;
  while (w->slots[i] && strcmp(w->names[w->slots[i] - 1], name))
    i = (i + 1) & m;
  return &w->slots[i];
}

static void wbind(Wrapper *w, const char *name, MlirValue v) {
  if (w->n == w->cap) {
    w->cap = w->cap ? 2 * w->cap : 64;
    w->names = realloc(w->names, (size_t)w->cap * sizeof *w->names);
    w->vals = realloc(w->vals, (size_t)w->cap * sizeof *w->vals);
    if (!w->names || !w->vals)
      abort();
  }
  if (2 * ((size_t)w->n + 1) > w->nslots) { /* rehash at half load */
    free(w->slots);
    w->nslots = w->nslots ? 2 * w->nslots : 128;
    w->slots = calloc(w->nslots, sizeof *w->slots);
    if (!w->slots)
      abort();
    for (int i = 0; i < w->n; ++i)
      *wslot(w, w->names[i]) = i + 1;
  }
  snprintf(w->names[w->n], sizeof w->names[0], "%s", name);
  w->vals[w->n] = v;
  *wslot(w, w->names[w->n]) = w->n + 1;
  w->n++;
}

static bool wlookup(Wrapper *w, MlirOperation at, MlirValue outer, MlirValue *out) {
  char name[64];
  if (buffer_name(outer, name, sizeof name) && w->nslots) {
    int i = *wslot(w, name);
    if (i) {
      *out = w->vals[i - 1];
      return true;
    }
  }
  return ind_emit_error(at, "sched-to-kernel: use of a buffer that is not a function argument or a node result"), false;
}

static void wfree(Wrapper *w) {
  free(w->names);
  free(w->vals);
  free(w->slots);
  free(w);
}

static MlirValue walloc(Wrapper *w, MlirOperation at, const char *name, MlirType type) {
  MlirOperation a = kernel_alloc_create(mlirOperationGetLocation(at), name, type, NULL);
  mlirBlockAppendOwnedOperation(w->block, a);
  MlirValue v = mlirOperationGetResult(a, 0);
  wbind(w, name, v);
  return v;
}

static bool wrap_kernel(Wrapper *w, KGen *k, const char *name) {
  MlirValue args[MAX_BUFS + MAX_SUBS];
  int n = 0;
  for (int i = 0; i < k->nins; ++i)
    if (!wlookup(w, k->node, k->ins[i].outer, &args[n++]))
      return false;
  for (int i = 0; i < k->nouts; ++i) {
    Sub *s = &k->subs[k->outs[i]];
    char bname[64];
    buffer_name(mlirOperationGetResult(s->op, 0), bname, sizeof bname);
    args[n++] = walloc(w, s->op, bname, mlirValueGetType(s->produced));
  }
  int64_t grid = launch_grid(k->numel, k->geom), block = k->geom.block;
  mlirBlockAppendOwnedOperation(
      w->block, kernel_launch_create(mlirOperationGetLocation(k->node), name, &grid, 1, &block, 1, n, args));
  return true;
}

static bool wrap_extern(Wrapper *w, MlirOperation node) {
  MlirOperation ext = node_inner(node);
  MlirStringRef kern, nm;
  if (!ind_attr_str(ext, "kernel", &kern) || !ind_attr_str(ext, "name", &nm) || mlirOperationGetNumResults(ext) != 1)
    return ind_emit_error(ext, "sched-to-kernel: ind.extern needs kernel and name"), false;
  intptr_t nin = mlirOperationGetNumOperands(ext);
  if (nin > MAX_BUFS)
    return ind_emit_error(ext, "sched-to-kernel: too many extern inputs"), false;
  MlirValue args[MAX_BUFS + 1];
  for (intptr_t i = 0; i < nin; ++i)
    if (!wlookup(w, ext, mlirOperationGetOperand(ext, i), &args[i]))
      return false;
  char name[64], kname[32];
  snprintf(name, sizeof name, "%.*s", (int)nm.length, nm.data);
  snprintf(kname, sizeof kname, "%.*s", (int)kern.length, kern.data);
  bool transpose[2];
  if ((nin != 2 && (nin != 3 || !ind_sref_eq(kern, "mm"))) || !ind_extern_transpose(ext, transpose))
    return ind_emit_error(ext, "sched-to-kernel: ind.extern needs two inputs (mm: and a bias) and a well-formed "
                               "'transpose'"),
           false;
  args[nin] = walloc(w, ext, name, mlirValueGetType(mlirOperationGetResult(ext, 0)));
  mlirBlockAppendOwnedOperation(
      w->block, kernel_extern_call_create(mlirOperationGetLocation(ext), kname, name, nin + 1, args, transpose));
  return true;
}

static bool wrap_return(Wrapper *w, MlirOperation ret) {
  intptr_t n = mlirOperationGetNumOperands(ret);
  MlirValue *vals = calloc((size_t)(n ? n : 1), sizeof *vals);
  if (!vals)
    abort();
  bool ok = true;
  for (intptr_t i = 0; i < n && ok; ++i)
    ok = wlookup(w, ret, mlirOperationGetOperand(ret, i), &vals[i]);
  if (ok) {
    MlirOperationState st = mlirOperationStateGet(ind_str("func.return"), mlirOperationGetLocation(ret));
    mlirOperationStateAddOperands(&st, n, vals);
    mlirBlockAppendOwnedOperation(w->block, mlirOperationCreate(&st));
  }
  free(vals);
  return ok;
}

/* Creates `func.func @call` with the signature of `fn`, inserted after it; binds the arguments. */
static MlirOperation create_call(Wrapper *w, MlirOperation fn) {
  MlirContext ctx = mlirOperationGetContext(fn);
  MlirAttribute ftype = mlirOperationGetAttributeByName(fn, ind_str("function_type"));
  MlirType t = mlirTypeAttrGetValue(ftype);
  intptr_t n = mlirFunctionTypeGetNumInputs(t);
  MlirType *types = calloc((size_t)(n ? n : 1), sizeof *types);
  MlirLocation *locs = calloc((size_t)(n ? n : 1), sizeof *locs);
  if (!types || !locs)
    abort();
  for (intptr_t i = 0; i < n; ++i) {
    types[i] = mlirFunctionTypeGetInput(t, i);
    locs[i] = mlirOperationGetLocation(fn);
  }
  MlirOperationState st = mlirOperationStateGet(ind_str("func.func"), mlirOperationGetLocation(fn));
  MlirNamedAttribute attrs[2] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str("function_type")), ftype),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str("sym_name")), ind_str_attr(ctx, "call")),
  };
  mlirOperationStateAddAttributes(&st, 2, attrs);
  MlirRegion r = mlirRegionCreate();
  w->block = mlirBlockCreate(n, types, locs);
  mlirRegionAppendOwnedBlock(r, w->block);
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  MlirOperation call = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(fn), fn, call);
  for (intptr_t i = 0; i < n; ++i) {
    char name[32];
    snprintf(name, sizeof name, "arg%d_1", (int)i);
    wbind(w, name, mlirBlockGetArgument(w->block, i));
  }
  free(types);
  free(locs);
  return call;
}

static void kgen_free(KGen *k) { ind_value_map_free(&k->map); }

/* Converts the program function `fn`: kernels before it, @call after it. */
static bool convert_function(MlirOperation fn, const IndPassOptions *opts, CheckLevel checked) {
  Wrapper *w = calloc(1, sizeof *w);
  if (!w)
    abort();
  MlirOperation call = create_call(w, fn);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  int index = 0;
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); ok && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (ind_op_is(op, "func.return")) {
      ok = wrap_return(w, op);
    } else if (node_is_extern(op)) {
      ok = wrap_extern(w, op);
    } else if (sched_is_node(op) || sched_is_fused(op)) {
      KGen *k = calloc(1, sizeof *k);
      if (!k)
        abort();
      k->ctx = mlirOperationGetContext(fn);
      k->opts = opts;
      k->checked = checked;
      k->node = op;
      char name[512];
      ok = build_kernel(k, index++, fn, name, sizeof name) && wrap_kernel(w, k, name);
      kgen_free(k);
      free(k);
    } else {
      ok = false;
      ind_emit_error(op, "sched-to-kernel: expected sched.node, sched.fused or func.return at the top of the "
                         "program function");
    }
  }
  wfree(w);
  if (ok)
    mlirOperationDestroy(fn);
  else
    mlirOperationDestroy(call);
  return ok;
}

/* The level a spelling names: off|0, indirect, all|1; -1 for anything else. */
static int parse_check_level(const char *s) {
  return !strcmp(s, "off") || !strcmp(s, "0")   ? CHECK_OFF
         : !strcmp(s, "indirect")               ? CHECK_INDIRECT
         : !strcmp(s, "all") || !strcmp(s, "1") ? CHECK_ALL
                                                : -1;
}

/* The option `checked` when given, else $IND_CHECKED when set and not empty, else indirect. */
static bool check_level(MlirOperation module, const IndPassOptions *opts, CheckLevel *out) {
  const char *opt = ind_opt_string(opts, "checked");
  const char *env = getenv(IND_CHECKED_ENV);
  bool from_env = strcmp(opt, "default") == 0;
  const char *v = !from_env ? opt : env && env[0] ? env : "indirect";
  int level = parse_check_level(v);
  if (level < 0)
    return ind_emit_error(module, "sched-to-kernel: %s%s='%s' is not off, 0, indirect, all or 1",
                          from_env ? "the environment variable " : "", from_env ? IND_CHECKED_ENV : "checked", v),
           false;
  *out = (CheckLevel)level;
  return true;
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  CheckLevel checked;
  if (!check_level(module, opts, &checked))
    return mlirLogicalResultFailure();
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation fn = {NULL};
  int nfn = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (ind_op_is(op, "func.func")) {
      fn = op;
      nfn++;
    }
  if (nfn != 1)
    return ind_emit_error(module, "sched-to-kernel: expected exactly one func.func (the program), found %d", nfn);
  return convert_function(fn, opts, checked) ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

static const IndPassOptionDef options[] = {
    IND_LAUNCH_GEOMETRY_OPTIONS{"kernel-prefix", IND_OPT_STRING, "triton",
                                "kernel name prefix (triton matches Inductor's names)"},
    {"div-precision", IND_OPT_ENUM, "full|ieee",
     "f32 division in GPU kernels: full (div.full.f32, at most 2 ulp, as Triton lowers `/`) or ieee (div.rn.f32; "
     "marks each kernel.def ieee_div); the CPU JIT is IEEE either way"},
    {"tile-order", IND_OPT_ENUM, "mirror|raster",
     "tiled pointwise kernels (a transposed read): mirror visits tile (i, j) and (j, i) back to back when a buffer "
     "is read both directly and transposed (x + x.T reads x from DRAM once), raster in row order (marks each "
     "kernel.def tile_order = \"raster\")"},
    {"checked", IND_OPT_ENUM, "default|off|0|indirect|all|1",
     "checked mode (docs/gpu.md): indirect checks data-dependent indices on the device (kernel.check_index), all "
     "also marks each kernel.def checked (every load and store address bounds-checked), off (0) checks nothing; "
     "default: $" IND_CHECKED_ENV " when set, else indirect"},
    {NULL, 0, NULL, NULL},
};

const IndPassDef ind_sched_to_kernel_pass = {
    .argument = "sched-to-kernel",
    .description = "Generate one kernel.def per top-level scheduler node and the host wrapper @call",
    .options = options,
    .run = run,
};
