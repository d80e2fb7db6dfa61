/* sched_graph.c - the scheduler graph, the shared fusion checks and the IR rewrite; see sched_graph.h.
 * The dumps (pre/post-fusion text, DOT) live in sched_dump.c. */
#include "passes/fuse/sched_graph.h"

#include "dialects/ind/ind.h"

#include "lib/diag.h"
#include "lib/vec.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* --- Small containers. */

static uint64_t *bitset_new(const SchedGraph *g) { return calloc((size_t)g->words + 1, sizeof(uint64_t)); }
static void bitset_set(uint64_t *s, int i) { s[i >> 6] |= 1ull << (i & 63); }
static bool bitset_has(const uint64_t *s, int i) { return (s[i >> 6] >> (i & 63)) & 1; }

bool sched_bitset_intersects(const SchedGraph *g, const uint64_t *a, const uint64_t *b) {
  for (int w = 0; w < g->words; ++w)
    if (a[w] & b[w])
      return true;
  return false;
}

static uint64_t name_hash(MlirStringRef s) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < s.length; ++i)
    h = (h ^ (unsigned char)s.data[i]) * 1099511628211ull;
  return h;
}

static bool sref_equal(MlirStringRef a, MlirStringRef b) {
  return a.length == b.length && memcmp(a.data, b.data, a.length) == 0;
}

static int *hash_slot(SchedGraph *g, MlirStringRef name) {
  size_t mask = (size_t)g->hashcap - 1;
  for (size_t i = name_hash(name) & mask;; i = (i + 1) & mask)
    if (g->hash[i] < 0 || sref_equal(g->bufs[g->hash[i]].name, name))
      return &g->hash[i];
}

SchedBuf *sched_graph_buf(SchedGraph *g, MlirStringRef name) {
  int i = *hash_slot(g, name);
  return i < 0 ? NULL : &g->bufs[i];
}

static int64_t type_elem_bytes(MlirType t) {
  if (mlirTypeIsNull(t) || !mlirTypeIsAShaped(t))
    return 4;
  MlirType e = mlirShapedTypeGetElementType(t);
  int64_t bits = 32;
  if (mlirTypeIsAInteger(e))
    bits = mlirIntegerTypeGetWidth(e);
  else if (mlirTypeIsAFloat(e))
    bits = mlirFloatTypeGetWidth(e);
  return (bits + 7) / 8;
}

static SchedBuf *add_buf(SchedGraph *g, MlirStringRef name, int producer, MlirType type) {
  int *slot = hash_slot(g, name);
  if (*slot >= 0)
    return &g->bufs[*slot];
  g->bufs = ind_vec_grow(g->bufs, &g->bufcap, g->nbufs + 1, sizeof *g->bufs);
  SchedBuf *b = &g->bufs[g->nbufs];
  memset(b, 0, sizeof *b);
  b->name = name;
  b->producer = producer;
  b->type = type;
  b->numel = ind_type_numel(type);
  b->elem_bytes = type_elem_bytes(type);
  *slot = g->nbufs++;
  return b;
}

/* --- Queries. */

SchedNode *sched_graph_node(SchedGraph *g, int id) { return g->nodes[id]; }
int sched_graph_resolve(SchedGraph *g, int base_id) { return g->fused_of[base_id]; }
/* A scan is a reduction-kind node (Inductor's Scan.get_reduction_type() is "custom"): its group is
 * (numel, scan length) and it fuses by the reduction rules. */
bool sched_node_is_reduction(const SchedNode *n) {
  return n->kind == SCHED_KIND_REDUCTION || n->kind == SCHED_KIND_SCAN;
}
bool sched_node_is_scan(const SchedNode *n) { return n->kind == SCHED_KIND_SCAN; }
bool sched_node_is_extern(const SchedNode *n) { return n->kind == SCHED_KIND_EXTERN; }

int sched_graph_live_count(const SchedGraph *g) {
  int n = 0;
  for (int i = 0; i < g->nnodes; ++i)
    n += g->nodes[i]->alive;
  return n;
}

int64_t sched_dep_bytes(SchedGraph *g, const IndMemDep *d) {
  SchedBuf *b = sched_graph_buf(g, d->name);
  int64_t elem = b ? b->elem_bytes : 4;
  if (d->is_star)
    return (b ? b->numel : 1) * elem;
  return ind_memdep_numel(d) * elem;
}

static int cmp_min_order(const void *x, const void *y, void *gp) {
  SchedGraph *g = gp;
  const int *a = x, *b = y;
  int d = g->nodes[*a]->min_order - g->nodes[*b]->min_order;
  return d ? d : *a - *b;
}

/* A stable merge sort by (min_order, id) (qsort has no context argument in C11). */
static void sort_ids(int *v, int n, SchedGraph *g) {
  if (n < 2)
    return;
  int h = n / 2;
  sort_ids(v, h, g);
  sort_ids(v + h, n - h, g);
  int *tmp = malloc(sizeof *tmp * (size_t)n);
  int i = 0, j = h, k = 0;
  while (i < h && j < n)
    tmp[k++] = cmp_min_order(&v[j], &v[i], g) < 0 ? v[j++] : v[i++];
  while (i < h)
    tmp[k++] = v[i++];
  while (j < n)
    tmp[k++] = v[j++];
  memcpy(v, tmp, sizeof *tmp * (size_t)n);
  free(tmp);
}

/* Depth-first: a node is emitted after the live producers of its unmet deps. */
static void topo_visit(SchedGraph *g, int id, int *out, int *k) {
  if (g->stamp[id] == g->cur_stamp)
    return;
  g->stamp[id] = g->cur_stamp;
  SchedNode *n = g->nodes[id];
  for (int i = 0; i < n->nunmet; ++i) {
    SchedBuf *b = sched_graph_buf(g, n->unmet[i].name);
    if (b && b->producer >= 0)
      topo_visit(g, g->fused_of[b->producer], out, k);
  }
  out[(*k)++] = id;
}

int sched_graph_order(SchedGraph *g, int **out) {
  int n = 0;
  int *ids = malloc(sizeof *ids * ((size_t)g->nnodes + 1));
  for (int i = 0; i < g->nnodes; ++i)
    if (g->nodes[i]->alive)
      ids[n++] = i;
  sort_ids(ids, n, g);
  int *res = malloc(sizeof *res * ((size_t)n + 1));
  int k = 0;
  g->cur_stamp++;
  for (int i = 0; i < n; ++i)
    topo_visit(g, ids[i], res, &k);
  free(ids);
  *out = res;
  return k;
}

/* --- Logging. */

void sched_log(SchedGraph *g, const char *fmt, ...) {
  if (!g->log)
    return;
  va_list ap;
  va_start(ap, fmt);
  vfprintf(g->log, fmt, ap);
  va_end(ap);
  fputc('\n', g->log);
}

void sched_why_no_fuse(SchedGraph *g, const SchedNode *a, const SchedNode *b, const char *fmt, ...) {
  if (!g->log)
    return;
  fprintf(g->log, "cannot fuse %s with %s: ", a->name, b->name);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(g->log, fmt, ap);
  va_end(ap);
  fputc('\n', g->log);
}

/* --- The shared checks. */

bool sched_ops_intersect(const SchedNode *n, const uint64_t *s) {
  for (int w = n->wlo; w <= n->whi; ++w)
    if (n->ops[w] & s[w])
      return true;
  return false;
}

bool sched_is_vertical(SchedGraph *g, const SchedNode *a, const SchedNode *b) {
  (void)g;
  return sched_ops_intersect(a, b->ancestors);
}

bool sched_can_fuse_structural(SchedGraph *g, SchedNode *a, SchedNode *b) {
  if (a == b)
    return false;
  if (sched_node_is_extern(a)) {
    sched_why_no_fuse(g, a, b, "node1 is extern but not a triton kernel");
    return false;
  }
  if (sched_node_is_extern(b)) {
    sched_why_no_fuse(g, a, b, "node2 is extern or nop");
    return false;
  }
  if (sched_ops_intersect(b, a->ancestors)) {
    sched_why_no_fuse(g, a, b, "node1 must go before node2");
    return false;
  }
  return true;
}

static bool writes_buffer(const SchedNode *n, MlirStringRef name) {
  for (int i = 0; i < n->nwrites; ++i)
    if (sref_equal(n->writes[i].name, name))
      return true;
  return false;
}

bool sched_can_fuse_vertical(SchedGraph *g, SchedNode *a, SchedNode *b) {
  /* node2's unmet deps that no write of node1 satisfies at the same index. */
  bool *left = calloc((size_t)b->nunmet + 1, sizeof *left);
  for (int i = 0; i < b->nunmet; ++i) {
    left[i] = true;
    for (int j = 0; j < a->nwrites && left[i]; ++j)
      if (ind_memdep_read_matches_write(&b->unmet[i], &a->writes[j]))
        left[i] = false;
  }
  bool ok = true;
  for (int i = 0; i < b->nunmet && ok; ++i)
    if (left[i] && writes_buffer(a, b->unmet[i].name)) {
      sched_why_no_fuse(g, a, b, "memory deps did not match");
      ok = false;
    }
  for (int i = 0; i < b->nunmet && ok; ++i) {
    if (!left[i])
      continue;
    SchedBuf *buf = sched_graph_buf(g, b->unmet[i].name);
    if (!buf || buf->producer < 0)
      continue;
    SchedNode *p = g->nodes[g->fused_of[buf->producer]];
    if (sched_ops_intersect(a, p->ancestors)) {
      sched_why_no_fuse(g, a, b, "intermediate nodes between node1 & node2");
      ok = false;
    }
  }
  free(left);
  return ok;
}

/* SIMDKernel.is_compatible: can `ranges` be split, in order, into a prefix of product numel and a
 * rest of product rnumel (splitting a dim when sizes divide)? */
static bool ranges_split_into(const int64_t *ranges, int n, int64_t numel, int64_t rnumel) {
  int64_t rem[2] = {numel, rnumel};
  int grp = 0;
  for (int i = 0; i < n; ++i) {
    int64_t s = ranges[i];
    while (s > 1) {
      while (grp < 2 && rem[grp] == 1)
        ++grp;
      if (grp == 2)
        return false;
      if (rem[grp] % s == 0) {
        rem[grp] /= s;
        s = 1;
      } else if (s % rem[grp] == 0) {
        s /= rem[grp];
        rem[grp] = 1;
      } else {
        return false;
      }
    }
  }
  return rem[0] == 1 && rem[1] == 1;
}

/* The iteration sizes (`ranges`) of a pointwise base node: both callers ask only about pointwise nodes
 * (the pointwise side of a pointwise/reduction pair, whose base nodes are all pointwise, and a pointwise
 * node whose loops may be reordered). -1 when the op carries no ranges within max. */
static int pointwise_ranges(const SchedNode *n, int64_t *out, int max) {
  MlirOperation inner = sched_node_inner(n->op);
  intptr_t a = 0;
  if (mlirOperationIsNull(inner) || !ind_attr_i64_array(inner, "ranges", out, max, &a) || a > max)
    return -1;
  return (int)a;
}

static bool pointwise_fits_reduction(SchedGraph *g, const SchedNode *pw, int64_t numel, int64_t rnumel) {
  for (int i = 0; i < pw->nsnodes; ++i) {
    int64_t r[IND_MEMDEP_MAX_DIMS];
    int n = pointwise_ranges(g->nodes[pw->snodes[i]], r, IND_MEMDEP_MAX_DIMS);
    if (n < 0 || !ranges_split_into(r, n, numel, rnumel))
      return false;
  }
  return true;
}

bool sched_backend_can_fuse(SchedGraph *g, SchedNode *a, SchedNode *b) {
  bool ra = sched_node_is_reduction(a), rb = sched_node_is_reduction(b);
  if (ra && rb) {
    if (a->numel == b->numel && a->rnumel == b->rnumel)
      return true;
    sched_why_no_fuse(g, a, b, "numel/rnumel mismatch (reduce) (%ld, %ld), (%ld, %ld)", (long)a->numel, (long)b->numel,
                      (long)a->rnumel, (long)b->rnumel);
    return false;
  }
  if (!ra && !rb) {
    if (a->numel == b->numel && a->rnumel == b->rnumel)
      return true;
    sched_why_no_fuse(g, a, b, "numel/rnumel mismatch (non-reduce) (%ld, %ld), (%ld, %ld)", (long)a->numel,
                      (long)b->numel, (long)a->rnumel, (long)b->rnumel);
    return false;
  }
  SchedNode *pw = ra ? b : a, *red = ra ? a : b;
  if (pw->numel == red->numel * red->rnumel) {
    if (pointwise_fits_reduction(g, pw, red->numel, red->rnumel))
      return true;
    sched_why_no_fuse(g, a, b, "nodes numel/rnumel incompatibility");
    return false;
  }
  if (pw->numel == red->numel)
    return true;
  sched_why_no_fuse(g, a, b, "nodes numel incompatibility");
  return false;
}

bool sched_can_fuse_legal(SchedGraph *g, SchedNode *a, SchedNode *b) {
  if (!sched_can_fuse_structural(g, a, b))
    return false;
  if (sched_is_vertical(g, a, b) && !sched_can_fuse_vertical(g, a, b))
    return false;
  return sched_backend_can_fuse(g, a, b);
}

typedef struct CycleCtx {
  uint64_t *combined, *combined_anc;
  int wlo, whi; /* the words of `combined` that may be non-zero */
} CycleCtx;

/* n's ops are a subset of s (only n's word range can be non-zero). */
static bool ops_subset_of(const SchedNode *n, const uint64_t *s) {
  for (int w = n->wlo; w <= n->whi; ++w)
    if (n->ops[w] & ~s[w])
      return false;
  return true;
}

/* Scheduler.will_fusion_create_cycle's found_path: only fused nodes can add paths. */
static bool found_path(SchedGraph *g, CycleCtx *c, int id) {
  SchedNode *n = g->nodes[id];
  if (!n->is_fused || g->stamp[id] == g->cur_stamp)
    return false;
  g->stamp[id] = g->cur_stamp;
  if (ops_subset_of(n, c->combined_anc))
    return false;
  for (int w = c->wlo; w <= c->whi; ++w)
    if (c->combined[w] & n->ancestors[w])
      return true;
  for (int w = 0; w < g->words; ++w) {
    uint64_t rest = n->ancestors[w] & ~c->combined_anc[w];
    for (; rest; rest &= rest - 1) {
      int base = w * 64 + __builtin_ctzll(rest);
      if (found_path(g, c, g->fused_of[base]))
        return true;
    }
  }
  return false;
}

bool sched_will_fusion_create_cycle(SchedGraph *g, SchedNode *a, SchedNode *b) {
  CycleCtx c = {bitset_new(g), bitset_new(g), a->wlo < b->wlo ? a->wlo : b->wlo, a->whi > b->whi ? a->whi : b->whi};
  for (int w = 0; w < g->words; ++w) {
    c.combined[w] = a->ops[w] | b->ops[w];
    c.combined_anc[w] = (a->ancestors[w] | b->ancestors[w]) & ~c.combined[w];
  }
  g->cur_stamp++;
  bool cycle = false;
  /* found_path(name_to_fused_node[x]) for x in combined_ancestors: only fused nodes matter, so walk
   * whichever is shorter, the ancestor bits or the live fused nodes that hold one of them. */
  int64_t nbits = 0;
  int full = g->words, last = -1; /* the first word not all ancestors, the last word with one */
  for (int w = 0; w < g->words; ++w) {
    nbits += __builtin_popcountll(c.combined_anc[w]);
    if (full == g->words && c.combined_anc[w] != ~0ull)
      full = w;
    if (c.combined_anc[w])
      last = w;
  }
  if (g->nlive_fused < nbits) {
    /* A node whose words all lie before `full` has only ancestor ops (found_path: false), one whose
     * words all lie after `last` holds no ancestor: both are skipped on their word span alone. */
    for (int i = 0; i < g->nlive_fused && !cycle; ++i) {
      if (g->live_span[i].whi < full || g->live_span[i].wlo > last)
        continue;
      SchedNode *f = g->nodes[g->live_fused[i]];
      if (f != a && f != b && sched_ops_intersect(f, c.combined_anc))
        cycle = found_path(g, &c, f->id);
    }
  } else {
    for (int w = 0; w < g->words && !cycle; ++w)
      for (uint64_t bits = c.combined_anc[w]; bits && !cycle; bits &= bits - 1)
        cycle = found_path(g, &c, g->fused_of[w * 64 + __builtin_ctzll(bits)]);
  }
  free(c.combined);
  free(c.combined_anc);
  if (cycle)
    sched_why_no_fuse(g, a, b, "will create cycle");
  return cycle;
}

static bool dep_in(const IndMemDep *d, const IndMemDep *list, int n) {
  for (int i = 0; i < n; ++i)
    if (ind_memdep_equal(d, &list[i]))
      return true;
  return false;
}

int64_t sched_score_fusion_memory(SchedGraph *g, const SchedNode *a, const SchedNode *b) {
  int64_t score = 0;
  for (int pass = 0; pass < 2; ++pass) {
    const IndMemDep *l = pass ? a->writes : a->reads;
    int n = pass ? a->nwrites : a->nreads;
    for (int i = 0; i < n; ++i)
      if (dep_in(&l[i], b->reads, b->nreads) || dep_in(&l[i], b->writes, b->nwrites))
        score += sched_dep_bytes(g, &l[i]);
  }
  return score;
}

/* n's dep on `name`: its write, else its read; NULL when it touches no such MemoryDep. */
static const IndMemDep *dep_on(const SchedNode *n, MlirStringRef name, bool *is_write) {
  for (int pass = 0; pass < 2; ++pass) {
    const IndMemDep *l = pass ? n->reads : n->writes;
    for (int i = 0; i < (pass ? n->nreads : n->nwrites); ++i)
      if (sref_equal(l[i].name, name)) {
        *is_write = !pass;
        return l[i].is_star ? NULL : &l[i];
      }
  }
  return NULL;
}

int64_t sched_shared_data_after_merging_loops(SchedGraph *g, const SchedNode *a, const SchedNode *b) {
  const IndMemDep *best = NULL;
  bool best_wr = false;
  int64_t best_numel = -1;
  for (int i = 0; i < a->nreads + a->nwrites; ++i) {
    const IndMemDep *x = i < a->nwrites ? &a->writes[i] : &a->reads[i - a->nwrites];
    bool aw = false, bw = false;
    const IndMemDep *l = dep_on(a, x->name, &aw), *r = dep_on(b, x->name, &bw);
    if (l != x || !r || l->ndims == r->ndims) /* each buffer once, as Inductor picks its dep */
      continue;
    bool wr = aw != bw, match;
    if (wr) {
      match = aw ? ind_memdep_read_matches_write(r, l) : ind_memdep_read_matches_write(l, r);
    } else {
      IndMemDep ml, mr;
      ind_memdep_merge_loops(l, &ml);
      ind_memdep_merge_loops(r, &mr);
      match = ind_memdep_equal(&ml, &mr);
    }
    int64_t numel = ind_memdep_numel(l);
    if (match && (!best || (wr && !best_wr) || (wr == best_wr && numel > best_numel))) {
      best = l;
      best_wr = wr;
      best_numel = numel;
    }
  }
  if (!best)
    return 0;
  int64_t bytes = sched_dep_bytes(g, best);
  if (g->log) {
    IndMemDep m;
    IndStrBuf t = {0};
    ind_memdep_merge_loops(best, &m);
    ind_memdep_print(&m, &t);
    sched_log(g, "%s and %s share %lld bytes after merging loops: %s", a->name, b->name, (long long)bytes, t.data);
    ind_strbuf_free(&t);
  }
  return bytes;
}

/* --- Loop reordering (loop_ordering_after_fusion). */

#define REORDER_MAX_DIMS 4

/* d under the loop order p of its node's n dims (new dim i iterates own dim p[i]): the index with
 * own dim p[i] replaced by new dim i, the sizes permuted, normalized again. StarDeps are unchanged;
 * false when the dep does not have the node's dims (a normalized dep keeps a prefix of them). */
static bool permute_dep(MlirContext ctx, const IndMemDep *d, const int64_t *ranges, const int *p, int n,
                        IndMemDep *out) {
  if (d->is_star) {
    *out = *d;
    return true;
  }
  if (d->ndims > n)
    return false;
  for (int j = 0; j < d->ndims; ++j)
    if (d->sizes[j] != ranges[j])
      return false;
  MlirAffineExpr sub[REORDER_MAX_DIMS], e = d->index;
  for (int i = 0; i < n; ++i)
    sub[p[i]] = mlirAffineDimExprGet(ctx, i);
  MlirAffineMap m = mlirAffineMapGet(ctx, n, 0, d->ndims, sub);
  e = mlirAffineExprCompose(e, m);
  int64_t r[REORDER_MAX_DIMS];
  for (int i = 0; i < n; ++i)
    r[i] = ranges[p[i]];
  return ind_memdep_normalize(d->name, mlirAffineMapGet(ctx, n, 0, 1, &e), r, n, out);
}

static bool permute_deps(MlirContext ctx, IndMemDep *v, int nv, const int64_t *ranges, const int *p, int n,
                         IndMemDep *out) {
  for (int i = 0; i < nv; ++i)
    if (!permute_dep(ctx, &v[i], ranges, p, n, &out[i]))
      return false;
  return true;
}

/* The next permutation of p[0..n) in lexicographic order; false after the last. */
static bool next_perm(int *p, int n) {
  int i = n - 2;
  while (i >= 0 && p[i] >= p[i + 1])
    --i;
  if (i < 0)
    return false;
  int j = n - 1;
  while (p[j] <= p[i])
    --j;
  int t = p[i];
  p[i] = p[j];
  p[j] = t;
  for (int a = i + 1, b = n - 1; a < b; ++a, --b)
    t = p[a], p[a] = p[b], p[b] = t;
  return true;
}

/* Whether a dep of x (under the candidate order) meets a dep of y: the same MemoryDep, or a read of one
 * matching the other's write. Only a dep the order changed counts (was[i]: the dep under x's own order): one
 * it leaves as it was (a scalar's index 0, a broadcast that does not read the permuted loops) met y as well
 * or as badly before, so it is no reason for the order. Inductor's shared_data_after_reordering_loop asks
 * the same of the largest shared buffer, whose dep must have all of the node's loops. */
static bool deps_meet(const IndMemDep *xd, const IndMemDep *was, int nxr, int nxw, const SchedNode *y) {
  for (int i = 0; i < nxr + nxw; ++i) {
    const IndMemDep *d = &xd[i];
    if (d->is_star || ind_memdep_equal(d, &was[i]))
      continue;
    for (int j = 0; j < y->nreads + y->nwrites; ++j) {
      const IndMemDep *e = j < y->nreads ? &y->reads[j] : &y->writes[j - y->nreads];
      if (ind_memdep_equal(d, e) || (i < nxr && j >= y->nreads && ind_memdep_read_matches_write(d, e)) ||
          (i >= nxr && j < y->nreads && ind_memdep_read_matches_write(e, d)))
        return true;
    }
  }
  return false;
}

/* A base pointwise node of 2 to REORDER_MAX_DIMS dims whose loops are in their own order: its ranges in
 * r; 0 when it is not one. */
static int reorderable(const SchedNode *x, int64_t *r) {
  if (x->is_fused || x->kind != SCHED_KIND_POINTWISE || x->nloop_order || mlirOperationIsNull(x->op))
    return 0;
  int n = pointwise_ranges(x, r, IND_MEMDEP_MAX_DIMS);
  return n >= 2 && n <= REORDER_MAX_DIMS ? n : 0;
}

/* x's loops permuted to p (x reorderable, n dims of ranges r) to match y's: its deps rewritten, `loop_order`
 * set, the log's line "reordered loops of <x> to (p) for <y>". False, x unchanged, when a dep does not have
 * x's dims. */
static bool apply_loop_order(SchedGraph *g, SchedNode *x, const int64_t *r, const int *p, int n, const SchedNode *y) {
  MlirContext ctx = mlirOperationGetContext(x->op);
  int total = x->nreads + x->nwrites + x->nunmet + x->nmet;
  IndMemDep *cand = calloc((size_t)total + 1, sizeof *cand);
  if (!cand)
    abort();
  IndMemDep *w = cand + x->nreads, *u = w + x->nwrites, *m = u + x->nunmet;
  bool ok = permute_deps(ctx, x->reads, x->nreads, r, p, n, cand) &&
            permute_deps(ctx, x->writes, x->nwrites, r, p, n, w) &&
            permute_deps(ctx, x->unmet, x->nunmet, r, p, n, u) && permute_deps(ctx, x->met, x->nmet, r, p, n, m);
  if (ok) {
    for (int i = 0; i < x->nreads; ++i)
      x->reads[i] = cand[i];
    for (int i = 0; i < x->nwrites; ++i)
      x->writes[i] = w[i];
    for (int i = 0; i < x->nunmet; ++i)
      x->unmet[i] = u[i];
    for (int i = 0; i < x->nmet; ++i)
      x->met[i] = m[i];
    x->nloop_order = n;
    char text[64];
    size_t k = 0;
    for (int i = 0; i < n; ++i) {
      x->loop_order[i] = p[i];
      k += (size_t)snprintf(text + k, sizeof text - k, "%s%d", i ? ", " : "", p[i]);
    }
    sched_log(g, "reordered loops of %s to (%s) for %s", x->name, text, y->name);
  }
  free(cand);
  return ok;
}

/* The first permutation p of x's loops (after the identity) under which a dep it changes meets one of y's;
 * x's dim count (its ranges in r), 0 when there is none or x cannot be reordered. */
static int find_order(const SchedNode *x, const SchedNode *y, int64_t *r, int *p) {
  int n = reorderable(x, r);
  if (!n)
    return 0;
  MlirContext ctx = mlirOperationGetContext(x->op);
  int nr = x->nreads, nw = x->nwrites;
  IndMemDep *cand = calloc((size_t)(nr + nw) + 1, sizeof *cand), *was = calloc((size_t)(nr + nw) + 1, sizeof *was);
  if (!cand || !was)
    abort();
  for (int i = 0; i < n; ++i)
    p[i] = i;
  for (int i = 0; i < nr + nw; ++i)
    was[i] = i < nr ? x->reads[i] : x->writes[i - nr];
  bool found = false;
  while (!found && next_perm(p, n)) /* the identity (the first) is what already failed */
    found = permute_deps(ctx, x->reads, nr, r, p, n, cand) && permute_deps(ctx, x->writes, nw, r, p, n, cand + nr) &&
            deps_meet(cand, was, nr, nw, y);
  free(was);
  free(cand);
  return found ? n : 0;
}

/* Whether the pair's fused kernel keeps d (a dep of x) in registers: a read of what `other` computes, or a
 * write that only the pair reads and the function does not return. */
static bool kept_inside(SchedGraph *g, const SchedNode *x, const SchedNode *other, const IndMemDep *d, bool write) {
  SchedBuf *b = sched_graph_buf(g, d->name);
  if (!b || b->producer < 0)
    return false;
  if (!write)
    return bitset_has(other->ops, b->producer);
  if (b->is_output)
    return false;
  for (int i = 0; i < b->nusers; ++i)
    if (!bitset_has(x->ops, b->users[i]) && !bitset_has(other->ops, b->users[i]))
      return false;
  return true;
}

/* e at the point v (n dims): its value, false when it is not a constant there. */
static bool eval_at(MlirContext ctx, MlirAffineExpr e, const int64_t *v, int n, int64_t *out) {
  MlirAffineExpr c[IND_MEMDEP_MAX_DIMS];
  for (int i = 0; i < n; ++i)
    c[i] = mlirAffineConstantExprGet(ctx, v[i]);
  MlirAffineExpr r = mlirAffineExprCompose(e, mlirAffineMapGet(ctx, 0, 0, n, c));
  if (!mlirAffineExprIsAConstant(r))
    return false;
  *out = mlirAffineConstantExprGetValue(r);
  return true;
}

/* Bytes of x's deps (permuted to p when p, else as they are) that a kernel iterating x's loops reads or
 * writes with a stride other than 0 or 1 along its innermost loop (a transposed access), leaving out the
 * buffers x shares with `other` (what the fusion keeps inside the kernel). */
static int64_t strided_bytes(SchedGraph *g, const SchedNode *x, const SchedNode *other, const int64_t *r, const int *p,
                             int n) {
  MlirContext ctx = mlirOperationGetContext(x->op);
  int nd = x->nreads + x->nwrites;
  IndMemDep *d = calloc((size_t)nd + 1, sizeof *d);
  if (!d)
    abort();
  for (int i = 0; i < nd; ++i)
    d[i] = i < x->nreads ? x->reads[i] : x->writes[i - x->nreads];
  if (p && !(permute_deps(ctx, x->reads, x->nreads, r, p, n, d) &&
             permute_deps(ctx, x->writes, x->nwrites, r, p, n, d + x->nreads)))
    abort(); /* find_order permuted these very deps with p */
  int64_t bytes = 0;
  for (int i = 0; i < nd; ++i) {
    if (d[i].is_star || d[i].ndims < 1 || kept_inside(g, x, other, &d[i], i >= x->nreads))
      continue;
    int64_t zero[IND_MEMDEP_MAX_DIMS] = {0}, v[IND_MEMDEP_MAX_DIMS] = {0}, at0, at1;
    v[d[i].ndims - 1] = 1;
    if (d[i].ndims == n && eval_at(ctx, d[i].index, zero, n, &at0) && eval_at(ctx, d[i].index, v, n, &at1) &&
        llabs(at1 - at0) > 1)
      bytes += sched_dep_bytes(g, &d[i]);
  }
  free(d);
  return bytes;
}

/* Bytes x shares at equal deps with the live nodes other than itself and `other` that its loops permuted to
 * p would share no more: fusions the reorder would cost elsewhere (a reduction that x reads or feeds in its
 * own order cannot follow it). */
static int64_t shared_bytes_lost(SchedGraph *g, const SchedNode *x, const SchedNode *other, const int64_t *r,
                                 const int *p, int n) {
  MlirContext ctx = mlirOperationGetContext(x->op);
  SchedNode t = *x;
  t.reads = calloc((size_t)x->nreads + 1, sizeof *t.reads);
  t.writes = calloc((size_t)x->nwrites + 1, sizeof *t.writes);
  if (!t.reads || !t.writes)
    abort();
  if (!permute_deps(ctx, x->reads, x->nreads, r, p, n, t.reads) ||
      !permute_deps(ctx, x->writes, x->nwrites, r, p, n, t.writes))
    abort(); /* find_order permuted these very deps with p */
  int64_t lost = 0;
  for (int i = 0; i < g->nnodes; ++i) {
    const SchedNode *y = g->nodes[i];
    if (!y->alive || y == x || y == other)
      continue;
    int64_t before = sched_score_fusion_memory(g, x, y), after = sched_score_fusion_memory(g, &t, y);
    if (before > after)
      lost += before - after;
  }
  free(t.reads);
  free(t.writes);
  return lost;
}

bool sched_reorder_loops(SchedGraph *g, SchedNode *a, SchedNode *b) {
  int64_t ra[IND_MEMDEP_MAX_DIMS], rb[IND_MEMDEP_MAX_DIMS];
  int pa[REORDER_MAX_DIMS], pb[REORDER_MAX_DIMS];
  int nb = find_order(b, a, rb, pb), na = find_order(a, b, ra, pa);
  if (!na && !nb)
    return false;
  bool use_a = !nb; /* a when only a can be reordered */
  if (na && nb) {
    /* Either node could take the other's order (Inductor reorders node1). The one reordered: first the one
     * that loses less data shared with third nodes (a lost fusion costs a kernel), then the one whose
     * kernel makes fewer transposed accesses to memory outside the pair (a channels-last partition: the
     * NCHW computation takes the NHWC copy's order), node2 when even (a value and its transposed copy). */
    int64_t tb = strided_bytes(g, a, b, ra, NULL, na) + strided_bytes(g, b, a, rb, pb, nb);
    int64_t ta = strided_bytes(g, a, b, ra, pa, na) + strided_bytes(g, b, a, rb, NULL, nb);
    int64_t la = shared_bytes_lost(g, a, b, ra, pa, na), lb = shared_bytes_lost(g, b, a, rb, pb, nb);
    use_a = la < lb || (la == lb && ta < tb); /* a fusion lost elsewhere first: it costs a kernel */
    sched_log(g,
              "either order fuses %s and %s: reordering %s, transposed bytes %lld and shared bytes lost %lld; "
              "reordering %s, %lld and %lld",
              a->name, b->name, a->name, (long long)ta, (long long)la, b->name, (long long)tb, (long long)lb);
  }
  return use_a ? apply_loop_order(g, a, ra, pa, na, b) : apply_loop_order(g, b, rb, pb, nb, a);
}

/* --- Merging (FusedSchedulerNode). */

typedef struct DepVec {
  IndMemDep *d;
  int n, cap;
} DepVec;

static void depvec_add_unique(DepVec *v, const IndMemDep *d) {
  if (dep_in(d, v->d, v->n))
    return;
  v->d = ind_vec_grow(v->d, &v->cap, v->n + 1, sizeof *v->d);
  v->d[v->n++] = *d;
}

static SchedNode *new_node(SchedGraph *g) {
  g->nodes = ind_vec_grow(g->nodes, &g->cap, g->nnodes + 1, sizeof *g->nodes);
  SchedNode *n = calloc(1, sizeof *n);
  n->id = g->nnodes;
  n->alive = true;
  n->ancestors = bitset_new(g);
  n->ops = bitset_new(g);
  g->nodes[g->nnodes++] = n;
  g->stamp = ind_xrealloc(g->stamp, (size_t)g->nnodes, sizeof *g->stamp);
  g->stamp[n->id] = 0;
  g->live_pos = ind_xrealloc(g->live_pos, (size_t)g->nnodes, sizeof *g->live_pos);
  g->live_pos[n->id] = -1;
  return n;
}

static void free_node_data(SchedNode *n) {
  free(n->reads);
  free(n->writes);
  free(n->unmet);
  free(n->met);
  free(n->ancestors);
  free(n->ops);
  free(n->snodes);
  n->reads = n->writes = n->unmet = n->met = NULL;
  n->ancestors = n->ops = NULL;
  n->snodes = NULL;
}

static bool owns_buffer(SchedGraph *g, const SchedNode *n, MlirStringRef name) {
  SchedBuf *b = sched_graph_buf(g, name);
  return b && b->producer >= 0 && bitset_has(n->ops, b->producer);
}

static void live_fused_add(SchedGraph *g, const SchedNode *n) {
  g->live_fused = ind_xrealloc(g->live_fused, (size_t)g->nlive_fused + 1, sizeof *g->live_fused);
  g->live_span = ind_xrealloc(g->live_span, (size_t)g->nlive_fused + 1, sizeof *g->live_span);
  g->live_pos[n->id] = g->nlive_fused;
  g->live_span[g->nlive_fused] = (SchedSpan){n->wlo, n->whi};
  g->live_fused[g->nlive_fused++] = n->id;
}

static void live_fused_remove(SchedGraph *g, int id) {
  int p = g->live_pos[id];
  if (p < 0)
    return;
  int last = g->live_fused[--g->nlive_fused];
  g->live_fused[p] = last;
  g->live_span[p] = g->live_span[g->nlive_fused];
  g->live_pos[last] = p;
  g->live_pos[id] = -1;
}

int sched_fuse(SchedGraph *g, int ia, int ib) {
  SchedNode *n = new_node(g);
  SchedNode *a = g->nodes[ia], *b = g->nodes[ib];
  n->is_fused = true;
  n->nsnodes = a->nsnodes + b->nsnodes;
  n->snodes = malloc(sizeof *n->snodes * (size_t)n->nsnodes);
  memcpy(n->snodes, a->snodes, sizeof *n->snodes * (size_t)a->nsnodes);
  memcpy(n->snodes + a->nsnodes, b->snodes, sizeof *n->snodes * (size_t)b->nsnodes);
  size_t len = strlen(a->name) + strlen(b->name) + 2;
  n->name = malloc(len);
  snprintf(n->name, len, "%s_%s", a->name, b->name);
  for (int w = 0; w < g->words; ++w)
    n->ops[w] = a->ops[w] | b->ops[w];
  n->wlo = a->wlo < b->wlo ? a->wlo : b->wlo;
  n->whi = a->whi > b->whi ? a->whi : b->whi;
  for (int w = 0; w < g->words; ++w)
    n->ancestors[w] = (a->ancestors[w] | b->ancestors[w]) & ~n->ops[w];
  /* ReadWrites.merge_list: writes are the union, reads the union minus the writes. */
  DepVec w = {0}, r = {0}, u = {0}, m = {0};
  SchedNode *parts[2] = {a, b};
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < parts[p]->nwrites; ++i)
      depvec_add_unique(&w, &parts[p]->writes[i]);
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < parts[p]->nreads; ++i)
      if (!dep_in(&parts[p]->reads[i], w.d, w.n))
        depvec_add_unique(&r, &parts[p]->reads[i]);
  /* unmet: the union minus deps on own buffers minus own writes; met: reads minus unmet. */
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < parts[p]->nunmet; ++i)
      if (!owns_buffer(g, n, parts[p]->unmet[i].name) && !dep_in(&parts[p]->unmet[i], w.d, w.n))
        depvec_add_unique(&u, &parts[p]->unmet[i]);
  for (int i = 0; i < r.n; ++i)
    if (!dep_in(&r.d[i], u.d, u.n))
      depvec_add_unique(&m, &r.d[i]);
  n->writes = w.d, n->nwrites = w.n;
  n->reads = r.d, n->nreads = r.n;
  n->unmet = u.d, n->nunmet = u.n;
  n->met = m.d, n->nmet = m.n;
  n->min_order = a->min_order < b->min_order ? a->min_order : b->min_order;
  n->max_order = a->max_order > b->max_order ? a->max_order : b->max_order;
  /* group: that of a reduction sub-node if there is one. */
  SchedNode *grp = sched_node_is_reduction(b) && !sched_node_is_reduction(a) ? b : a;
  n->kind = grp->kind;
  n->numel = grp->numel;
  n->rnumel = grp->rnumel;
  for (int i = 0; i < n->nsnodes; ++i)
    g->fused_of[n->snodes[i]] = n->id;
  a->alive = b->alive = false;
  live_fused_remove(g, a->id);
  live_fused_remove(g, b->id);
  live_fused_add(g, n);
  n->from_a = a->id;
  n->from_b = b->id;
  if (a->is_fused && !g->keep_history)
    free_node_data(a);
  if (b->is_fused && !g->keep_history)
    free_node_data(b);
  return n->id;
}

void sched_unfuse_last(SchedGraph *g) {
  if (g->nnodes <= g->nbase)
    return;
  SchedNode *n = g->nodes[g->nnodes - 1];
  SchedNode *parts[2] = {g->nodes[n->from_a], g->nodes[n->from_b]};
  live_fused_remove(g, n->id);
  for (int p = 0; p < 2; ++p) {
    SchedNode *x = parts[p];
    x->alive = true;
    for (int i = 0; i < x->nsnodes; ++i)
      g->fused_of[x->snodes[i]] = x->id;
    if (x->is_fused) {
      live_fused_add(g, x);
    }
  }
  free_node_data(n);
  free(n->name);
  free(n);
  g->nnodes--;
}

/* --- Building the graph from the IR. */

static MlirLogicalResult load_base_node(SchedGraph *g, MlirOperation op, int index) {
  SchedNode *n = new_node(g);
  MlirStringRef name;
  if (!ind_attr_str(op, SCHED_ATTR_NAME, &name))
    return ind_emit_error(op, "sched.node without a 'name'");
  n->name = strndup(name.data, name.length);
  n->op = op;
  if (mlirOperationGetNumResults(op) != 1)
    return ind_emit_error(op, "sched.node '%s' must yield exactly one buffer", n->name);
  if (!sched_get_kind(op, &n->kind))
    return ind_emit_error(op, "sched.node '%s': expected kind = \"pointwise\", \"reduction\", \"scan\" or \"extern\"",
                          n->name);
  if (!sched_get_group(op, &n->numel, &n->rnumel))
    return ind_emit_error(op, "sched.node '%s': expected group = array<i64: numel, rnumel>", n->name);
  if (!sched_get_deps(op, SCHED_ATTR_READS, &n->reads, &n->nreads) ||
      !sched_get_deps(op, SCHED_ATTR_WRITES, &n->writes, &n->nwrites))
    return ind_emit_error(op,
                          "sched.node '%s': expected 'reads' and 'writes' arrays of MemoryDeps "
                          "([name, affine_map, array<i64>] or [name])",
                          n->name);
  int64_t order = index;
  ind_attr_int(op, SCHED_ATTR_ORDER, &order);
  n->min_order = n->max_order = (int)order;
  n->nsnodes = 1;
  n->snodes = malloc(sizeof *n->snodes);
  n->snodes[0] = n->id;
  bitset_set(n->ops, n->id);
  n->wlo = n->whi = n->id >> 6;
  for (int i = 0; i < n->nwrites; ++i) {
    SchedBuf *b = sched_graph_buf(g, n->writes[i].name);
    if (b && b->producer >= 0 && b->producer != n->id)
      return ind_emit_error(op, "sched.node '%s' writes '%.*s', already written by '%s'", n->name, (int)b->name.length,
                            b->name.data, g->nodes[b->producer]->name);
    if (!b)
      add_buf(g, n->writes[i].name, n->id, mlirValueGetType(mlirOperationGetResult(op, 0)));
  }
  return mlirLogicalResultSuccess();
}

/* unmet/met from reads and producers; users; ancestors (block order is topological: a read of a
 * buffer produced by a later node is an error). */
static MlirLogicalResult link_base_node(SchedGraph *g, SchedNode *n) {
  n->unmet = calloc((size_t)n->nreads + 1, sizeof *n->unmet);
  n->met = calloc((size_t)n->nreads + 1, sizeof *n->met);
  for (int i = 0; i < n->nreads; ++i) {
    SchedBuf *b = sched_graph_buf(g, n->reads[i].name);
    if (!b)
      b = add_buf(g, n->reads[i].name, -1, (MlirType){NULL});
    if (b->producer < 0 || b->producer == n->id) {
      n->met[n->nmet++] = n->reads[i];
      continue;
    }
    if (b->producer > n->id)
      return ind_emit_error(n->op,
                            "sched.node '%s' reads '%.*s' before its producer '%s': nodes must be in "
                            "topological order",
                            n->name, (int)b->name.length, b->name.data, g->nodes[b->producer]->name);
    n->unmet[n->nunmet++] = n->reads[i];
    SchedNode *p = g->nodes[b->producer];
    bitset_set(n->ancestors, p->id);
    for (int w = 0; w < g->words; ++w)
      n->ancestors[w] |= p->ancestors[w];
    if (b->nusers == 0 || b->users[b->nusers - 1] != n->id) {
      b->users = ind_xrealloc(b->users, (size_t)b->nusers + 1, sizeof *b->users);
      b->users[b->nusers++] = n->id;
    }
  }
  return mlirLogicalResultSuccess();
}

/* The op of the function body that contains `op` (op itself when it is at top level). */
static MlirOperation top_level_of(MlirOperation op, MlirOperation func) {
  for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p);
       op = p, p = mlirOperationGetParentOperation(p))
    if (mlirOperationEqual(p, func))
      return op;
  return op;
}

/* A buffer is an output (Inductor's OUTPUT user) when something other than a scheduler node uses
 * it: the func.return, or any other top-level op (a view of an output, ...). */
static void mark_outputs(SchedGraph *g) {
  for (int i = 0; i < g->nbase; ++i) {
    SchedNode *n = g->nodes[i];
    SchedBuf *b = n->nwrites ? sched_graph_buf(g, n->writes[0].name) : NULL;
    if (!b)
      continue;
    for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(n->op, 0)); !mlirOpOperandIsNull(u);
         u = mlirOpOperandGetNextUse(u)) {
      MlirOperation top = top_level_of(mlirOpOperandGetOwner(u), g->func);
      if (!sched_is_node(top) && !sched_is_fused(top))
        b->is_output = true;
    }
  }
}

static void add_args(SchedGraph *g, MlirBlock body) {
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i) {
    MlirValue a = mlirBlockGetArgument(body, i);
    MlirStringRef name;
    if (sched_buffer_name(a, &name))
      add_buf(g, name, -1, mlirValueGetType(a));
  }
}

/* Dissolves every sched.fused of the body, remembering its sub-nodes (as ops) in order. */
typedef struct OldGroup {
  MlirOperation *subs;
  int n;
} OldGroup;

static int dissolve_fused(MlirBlock body, OldGroup **out) {
  int n = 0, cap = 0;
  OldGroup *groups = NULL;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (sched_is_fused(op)) {
      groups = ind_vec_grow(groups, &cap, n + 1, sizeof *groups);
      OldGroup *grp = &groups[n++];
      grp->n = 0;
      grp->subs = NULL;
      int scap = 0;
      for (MlirOperation s = mlirBlockGetFirstOperation(sched_body(op)); !mlirOperationIsNull(s);
           s = mlirOperationGetNextInBlock(s))
        if (sched_is_node(s)) {
          grp->subs = ind_vec_grow(grp->subs, &scap, grp->n + 1, sizeof *grp->subs);
          grp->subs[grp->n++] = s;
        }
      sched_fused_dissolve(op);
    }
    op = next;
  }
  *out = groups;
  return n;
}

static int node_of_op(SchedGraph *g, MlirOperation op) {
  for (int i = 0; i < g->nbase; ++i)
    if (mlirOperationEqual(g->nodes[i]->op, op))
      return i;
  return -1;
}

static void graph_destroy(SchedGraph *g);

static SchedGraph *graph_build(MlirOperation func) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  OldGroup *groups;
  int ngroups = dissolve_fused(body, &groups);
  SchedGraph *g = calloc(1, sizeof *g);
  g->func = func;
  int nbase = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    nbase += sched_is_node(op);
  g->words = (nbase + 63) / 64;
  g->hashcap = 64;
  while (g->hashcap < 4 * (nbase + (int)mlirBlockGetNumArguments(body)) + 16)
    g->hashcap *= 2;
  g->hash = malloc(sizeof *g->hash * (size_t)g->hashcap);
  memset(g->hash, -1, sizeof *g->hash * (size_t)g->hashcap);
  g->fused_of = malloc(sizeof *g->fused_of * ((size_t)nbase + 1));
  add_args(g, body);
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op) && ok;
       op = mlirOperationGetNextInBlock(op))
    if (sched_is_node(op)) {
      g->fused_of[g->nnodes] = g->nnodes;
      ok = mlirLogicalResultIsSuccess(load_base_node(g, op, g->nnodes));
    }
  g->nbase = g->nnodes;
  if (ok) {
    for (int i = 0; i < g->nbase && ok; ++i)
      ok = mlirLogicalResultIsSuccess(link_base_node(g, g->nodes[i]));
  }
  if (ok) {
    mark_outputs(g);
    for (int k = 0; k < ngroups; ++k) {
      int cur = node_of_op(g, groups[k].subs[0]);
      for (int j = 1; j < groups[k].n && cur >= 0; ++j) {
        int next = node_of_op(g, groups[k].subs[j]);
        cur = next < 0 ? -1 : sched_fuse(g, g->fused_of[cur], next);
        if (cur >= 0)
          cur = g->nodes[cur]->snodes[0];
      }
    }
  }
  for (int k = 0; k < ngroups; ++k)
    free(groups[k].subs);
  free(groups);
  if (!ok) {
    graph_destroy(g);
    return NULL;
  }
  return g;
}

static void graph_destroy(SchedGraph *g) {
  if (!g)
    return;
  for (int i = 0; i < g->nnodes; ++i) {
    free_node_data(g->nodes[i]);
    free(g->nodes[i]->name);
    free(g->nodes[i]);
  }
  for (int i = 0; i < g->nbufs; ++i)
    free(g->bufs[i].users);
  free(g->nodes);
  free(g->bufs);
  free(g->hash);
  free(g->fused_of);
  free(g->stamp);
  free(g->live_fused);
  free(g->live_span);
  free(g->live_pos);
  free(g);
}

/* --- Rewriting the IR. */

static bool buffer_escapes(const SchedNode *n, const SchedBuf *b) {
  if (b->is_output)
    return true;
  for (int i = 0; i < b->nusers; ++i)
    if (!bitset_has(n->ops, b->users[i]))
      return true;
  return false;
}

static void set_order_attr(MlirOperation op, const char *key, int64_t v) {
  MlirContext ctx = mlirOperationGetContext(op);
  ind_set_attr(op, key, mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v));
}

static bool emit_fused(SchedGraph *g, SchedNode *n, MlirOperation before) {
  MlirOperation *subs = malloc(sizeof *subs * (size_t)n->nsnodes);
  MlirValue *yields = malloc(sizeof *yields * (size_t)n->nsnodes);
  int ny = 0;
  for (int i = 0; i < n->nsnodes; ++i) {
    SchedNode *s = g->nodes[n->snodes[i]];
    subs[i] = s->op;
    SchedBuf *b = s->nwrites ? sched_graph_buf(g, s->writes[0].name) : NULL;
    if (!b || buffer_escapes(n, b))
      yields[ny++] = mlirOperationGetResult(s->op, 0);
  }
  MlirOperation f = sched_fused_create(n->name, subs, n->nsnodes, yields, ny, before);
  if (mlirOperationIsNull(f)) {
    free(subs);
    free(yields);
    return false;
  }
  sched_set_kind(f, n->kind);
  sched_set_group(f, n->numel, n->rnumel);
  set_order_attr(f, SCHED_ATTR_MIN_ORDER, n->min_order);
  set_order_attr(f, SCHED_ATTR_MAX_ORDER, n->max_order);
  sched_set_deps(f, SCHED_ATTR_WRITES, n->writes, n->nwrites);
  sched_set_deps(f, SCHED_ATTR_READS, n->reads, n->nreads);
  sched_set_deps(f, SCHED_ATTR_UNMET, n->unmet, n->nunmet);
  sched_set_deps(f, SCHED_ATTR_MET, n->met, n->nmet);
  free(subs);
  free(yields);
  return true;
}

/* True when an operand of `op` is the result of a sched.node / sched.fused. */
static bool uses_sched_result(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (mlirValueIsAOpResult(v) && (sched_is_node(mlirOpResultGetOwner(v)) || sched_is_fused(mlirOpResultGetOwner(v))))
      return true;
  }
  return false;
}

/* Where the nodes go: before the first other top-level op that uses one of their buffers (a
 * func.return, or e.g. a view of an output), so that every use stays after its definition. */
static MlirOperation insertion_point(MlirBlock body) {
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (!sched_is_node(op) && !sched_is_fused(op) && uses_sched_result(op))
      return op;
  return mlirBlockGetTerminator(body);
}

/* A reordered base node: `loop_order` on the ind op and its deps on the sched.node, in the new order. */
static void write_loop_order(SchedNode *n) {
  if (!n->nloop_order)
    return;
  MlirContext ctx = mlirOperationGetContext(n->op);
  ind_set_attr(sched_node_inner(n->op), "loop_order", ind_i64_array_attr(ctx, n->loop_order, n->nloop_order));
  const char *keys[4] = {SCHED_ATTR_READS, SCHED_ATTR_WRITES, SCHED_ATTR_UNMET, SCHED_ATTR_MET};
  IndMemDep *lists[4] = {n->reads, n->writes, n->unmet, n->met};
  int counts[4] = {n->nreads, n->nwrites, n->nunmet, n->nmet};
  for (int k = 0; k < 4; ++k)
    sched_set_deps(n->op, keys[k], lists[k], counts[k]);
}

static bool graph_rewrite(SchedGraph *g) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(g->func, 0));
  MlirOperation term = insertion_point(body);
  int *order;
  int n = sched_graph_order(g, &order);
  bool ok = true;
  for (int i = 0; i < n && ok; ++i) {
    SchedNode *s = g->nodes[order[i]];
    if (s->is_fused)
      ok = emit_fused(g, s, term);
    else
      mlirOperationMoveBefore(s->op, term);
  }
  free(order);
  for (int i = 0; i < g->nbase; ++i)
    write_loop_order(g->nodes[i]);
  return ok;
}

/* --- The driver. */

bool sched_logs_enabled(const char *what) { return ind_logs_enabled(what); }

typedef struct DumpFiles {
  IndStrBuf pre, post, dot_pre, dot_post;
} DumpFiles;

static MlirLogicalResult write_file(MlirOperation module, const char *path, IndStrBuf *b) {
  FILE *f = fopen(path, "w");
  if (!f)
    return ind_emit_error(module, "cannot write '%s'", path);
  if (b->len)
    fwrite(b->data, 1, b->len, f);
  fclose(f);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult fuse_func(MlirOperation func, const IndPassOptions *opts, SchedStrategyFn strategy,
                                   DumpFiles *d) {
  SchedGraph *g = graph_build(func);
  if (!g)
    return mlirLogicalResultFailure();
  if (ind_opt_bool(opts, "debug-fusion") || sched_logs_enabled("fusion"))
    g->log = stderr;
  bool pre = ind_opt_string(opts, "ir-pre-fusion")[0] || sched_logs_enabled("ir_pre_fusion");
  bool post = ind_opt_string(opts, "ir-post-fusion")[0] || sched_logs_enabled("ir_post_fusion");
  bool dot = ind_opt_string(opts, "dot")[0];
  if (pre)
    sched_graph_dump_ir(g, &d->pre);
  if (dot)
    sched_graph_dump_dot(g, "pre", &d->dot_pre);
  MlirLogicalResult r = strategy(g, opts);
  if (mlirLogicalResultIsSuccess(r)) {
    if (post)
      sched_graph_dump_ir(g, &d->post);
    if (dot)
      sched_graph_dump_dot(g, "post", &d->dot_post);
    if (!graph_rewrite(g))
      r = mlirLogicalResultFailure();
  }
  graph_destroy(g);
  if (mlirLogicalResultIsSuccess(r))
    ind_set_attr(func, SCHED_ATTR_STRATEGY, ind_str_attr(mlirOperationGetContext(func), opts->def->argument));
  return r;
}

static MlirLogicalResult write_dumps(MlirOperation module, const IndPassOptions *opts, DumpFiles *d) {
  const char *pre = ind_opt_string(opts, "ir-pre-fusion"), *post = ind_opt_string(opts, "ir-post-fusion");
  const char *dot = ind_opt_string(opts, "dot");
  if (sched_logs_enabled("ir_pre_fusion") && d->pre.len)
    fprintf(stderr, "BEFORE FUSION\n%s", d->pre.data);
  if (sched_logs_enabled("ir_post_fusion") && d->post.len)
    fprintf(stderr, "AFTER FUSION\n%s", d->post.data);
  if (pre[0] && mlirLogicalResultIsFailure(write_file(module, pre, &d->pre)))
    return mlirLogicalResultFailure();
  if (post[0] && mlirLogicalResultIsFailure(write_file(module, post, &d->post)))
    return mlirLogicalResultFailure();
  if (dot[0]) {
    IndStrBuf all = {0};
    ind_strbuf_printf(&all, "digraph sched {\n  compound=true;\n  node [shape=box, fontname=\"monospace\"];\n");
    ind_strbuf_printf(&all, "  subgraph cluster_pre {\n    label=\"before fusion\";\n%s  }\n",
                      d->dot_pre.len ? d->dot_pre.data : "");
    ind_strbuf_printf(&all, "  subgraph cluster_post {\n    label=\"after fusion: one box per kernel\";\n%s  }\n}\n",
                      d->dot_post.len ? d->dot_post.data : "");
    MlirLogicalResult r = write_file(module, dot, &all);
    ind_strbuf_free(&all);
    return r;
  }
  return mlirLogicalResultSuccess();
}

static bool find_fused(MlirOperation op, void *user) {
  bool *found = user;
  if (ind_op_is(op, SCHED_FUSED) ||
      (ind_op_is(op, "func.func") &&
       !mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(op, ind_str(SCHED_ATTR_STRATEGY)))))
    *found = true;
  return !*found;
}

bool sched_module_is_fused(MlirOperation module) {
  bool found = false;
  ind_walk(module, find_fused, &found);
  return found;
}

MlirLogicalResult sched_fuse_module(MlirOperation module, const IndPassOptions *opts, SchedStrategyFn strategy) {
  DumpFiles d = {{0}, {0}, {0}, {0}};
  MlirLogicalResult r = mlirLogicalResultSuccess();
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op) && mlirLogicalResultIsSuccess(r);
       op = mlirOperationGetNextInBlock(op))
    if (ind_op_is(op, "func.func"))
      r = fuse_func(op, opts, strategy, &d);
  if (mlirLogicalResultIsSuccess(r))
    r = write_dumps(module, opts, &d);
  ind_strbuf_free(&d.pre);
  ind_strbuf_free(&d.post);
  ind_strbuf_free(&d.dot_pre);
  ind_strbuf_free(&d.dot_post);
  return r;
}
