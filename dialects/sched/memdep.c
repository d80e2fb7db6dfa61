/* memdep.c - MemoryDep normalization, equality, attributes and Inductor-style printing; see memdep.h. */
#include "dialects/sched/memdep.h"

#include <stdlib.h>
#include <string.h>

/* --- Range-aware simplification (sympy's FloorDiv / ModularIndexing rules with var ranges): MLIR's
 * simplifier does not know that d1 < 4, so `d1 mod 4` and `d1 floordiv 4` stay; here they become d1
 * and 0. Bounds are intervals over dims in [0, size). */

typedef struct Bounds {
  bool known;
  int64_t lo, hi;
} Bounds;

/* floor(a / b) for b > 0 (C's division truncates toward zero). */
static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b < 0); }

#define MAX_SUM_TERMS 32

/* The terms of a sum (MLIR nests them to the left: ((a + b) + c)); false past MAX_SUM_TERMS. */
static bool sum_terms(MlirAffineExpr e, MlirAffineExpr *t, int *k) {
  if (mlirAffineExprIsAAdd(e))
    return sum_terms(mlirAffineBinaryOpExprGetLHS(e), t, k) && sum_terms(mlirAffineBinaryOpExprGetRHS(e), t, k);
  if (*k == MAX_SUM_TERMS)
    return false;
  t[(*k)++] = e;
  return true;
}

/* x mod c as MLIR's simplifier writes it inside a sum: x - c*(x floordiv c), x's constant possibly split
 * off ((d1 + 1) mod 5 is d1 - 5*((d1 + 1) floordiv 5) + 1). True, with the bounds [0, c - 1], when `sum`
 * has a term -c*(x floordiv c) and its other terms add up to x. (Interval arithmetic alone loses the
 * correlation of the two and gives a range c wider; when x lies in [0, c), simplify_with_ranges has made
 * x floordiv c a 0 before anyone asks.) */
static bool mod_form_bounds(MlirAffineExpr sum, int n, Bounds *out) {
  MlirAffineExpr t[MAX_SUM_TERMS];
  int k = 0;
  if (!sum_terms(sum, t, &k))
    return false;
  for (int i = 0; i < k; ++i) {
    if (!mlirAffineExprIsAMul(t[i]) || !mlirAffineExprIsAConstant(mlirAffineBinaryOpExprGetRHS(t[i])))
      continue;
    MlirAffineExpr q = mlirAffineBinaryOpExprGetLHS(t[i]);
    int64_t coef = mlirAffineConstantExprGetValue(mlirAffineBinaryOpExprGetRHS(t[i]));
    if (!mlirAffineExprIsAFloorDiv(q) || !mlirAffineExprIsAConstant(mlirAffineBinaryOpExprGetRHS(q)))
      continue;
    int64_t c = mlirAffineConstantExprGetValue(mlirAffineBinaryOpExprGetRHS(q));
    if (c <= 0 || coef != -c)
      continue;
    MlirAffineExpr rest = mlirAffineConstantExprGet(mlirAffineExprGetContext(sum), 0);
    for (int j = 0; j < k; ++j)
      if (j != i)
        rest = mlirAffineAddExprGet(rest, t[j]);
    MlirAffineExpr x = mlirAffineBinaryOpExprGetLHS(q);
    if (!mlirAffineExprEqual(mlirSimplifyAffineExpr(rest, n, 0), mlirSimplifyAffineExpr(x, n, 0)))
      continue;
    *out = (Bounds){true, 0, c - 1};
    return true;
  }
  return false;
}

static Bounds bounds_of(MlirAffineExpr e, const int64_t *sizes, int n) {
  Bounds u = {false, 0, 0}, m;
  if (mlirAffineExprIsAConstant(e)) {
    int64_t v = mlirAffineConstantExprGetValue(e);
    return (Bounds){true, v, v};
  }
  if (mlirAffineExprIsADim(e)) {
    intptr_t i = mlirAffineDimExprGetPosition(e);
    return i < n && sizes[i] > 0 ? (Bounds){true, 0, sizes[i] - 1} : u;
  }
  if (!mlirAffineExprIsABinary(e))
    return u;
  Bounds l = bounds_of(mlirAffineBinaryOpExprGetLHS(e), sizes, n);
  Bounds r = bounds_of(mlirAffineBinaryOpExprGetRHS(e), sizes, n);
  if (!l.known || !r.known)
    return u;
  if (mlirAffineExprIsAAdd(e))
    return mod_form_bounds(e, n, &m) ? m : (Bounds){true, l.lo + r.lo, l.hi + r.hi};
  /* The rest have a constant right operand: MLIR keeps a product's constant on the right, and the
   * divisor or modulus of an expression without symbols is a constant. Anything else is unknown. */
  if (r.lo != r.hi)
    return u;
  int64_t c = r.lo;
  if (mlirAffineExprIsAMul(e))
    return c < 0 ? (Bounds){true, l.hi * c, l.lo * c} : (Bounds){true, l.lo * c, l.hi * c};
  if (c <= 0)
    return u;
  if (mlirAffineExprIsAFloorDiv(e))
    return (Bounds){true, floor_div(l.lo, c), floor_div(l.hi, c)};
  if (mlirAffineExprIsACeilDiv(e)) /* ceil(a / c) = -floor(-a / c) */
    return (Bounds){true, -floor_div(-l.lo, c), -floor_div(-l.hi, c)};
  /* A mod: simplify_with_ranges has already removed every mod whose operand lies in [0, c). */
  return mlirAffineExprIsAMod(e) ? (Bounds){true, 0, c - 1} : u;
}

static MlirAffineExpr simplify_with_ranges(MlirAffineExpr e, const int64_t *sizes, int n) {
  if (!mlirAffineExprIsABinary(e))
    return e;
  MlirContext ctx = mlirAffineExprGetContext(e);
  MlirAffineExpr l = simplify_with_ranges(mlirAffineBinaryOpExprGetLHS(e), sizes, n);
  MlirAffineExpr r = simplify_with_ranges(mlirAffineBinaryOpExprGetRHS(e), sizes, n);
  if (mlirAffineExprIsAAdd(e))
    return mlirAffineAddExprGet(l, r);
  if (mlirAffineExprIsAMul(e))
    return mlirAffineMulExprGet(l, r);
  Bounds bl = bounds_of(l, sizes, n);
  int64_t c = mlirAffineExprIsAConstant(r) ? mlirAffineConstantExprGetValue(r) : 0;
  bool in_range = c > 0 && bl.known && bl.lo >= 0 && bl.hi < c;
  if (mlirAffineExprIsAMod(e))
    return in_range ? l : mlirAffineModExprGet(l, r);
  if (mlirAffineExprIsAFloorDiv(e)) {
    if (c > 0 && bl.known && floor_div(bl.lo, c) == floor_div(bl.hi, c))
      return mlirAffineConstantExprGet(ctx, floor_div(bl.lo, c));
    return mlirAffineFloorDivExprGet(l, r);
  }
  return mlirAffineCeilDivExprGet(l, r);
}

MlirAffineExpr ind_affine_simplify_with_ranges(MlirAffineExpr e, const int64_t *sizes, int n) {
  return mlirSimplifyAffineExpr(simplify_with_ranges(mlirSimplifyAffineExpr(e, n, 0), sizes, n), n, 0);
}

bool ind_memdep_normalize(MlirStringRef name, MlirAffineMap index, const int64_t *ranges, int n, IndMemDep *out) {
  if (n > IND_MEMDEP_MAX_DIMS || mlirAffineMapGetNumDims(index) != n || mlirAffineMapGetNumResults(index) != 1)
    return false;
  MlirContext ctx = mlirAffineMapGetContext(index);
  MlirAffineExpr repl[IND_MEMDEP_MAX_DIMS];
  int k = 0;
  memset(out, 0, sizeof *out);
  out->name = name;
  for (int i = 0; i < n; ++i) {
    if (ranges[i] == 1) {
      repl[i] = mlirAffineConstantExprGet(ctx, 0);
      continue;
    }
    out->sizes[k] = ranges[i];
    repl[i] = mlirAffineDimExprGet(ctx, k++);
  }
  MlirAffineMap renumber = mlirAffineMapGet(ctx, k, 0, n, repl);
  MlirAffineExpr e = mlirAffineExprCompose(mlirAffineMapGetResult(index, 0), renumber);
  e = ind_affine_simplify_with_ranges(e, out->sizes, k);
  while (k > 0 && !mlirAffineExprIsFunctionOfDim(e, k - 1))
    out->sizes[--k] = 0;
  out->index = e;
  out->ndims = k;
  return true;
}

/* e with dim o replaced by `outer` and dim i by `inner`, simplified over `sizes` (n dims). */
static MlirAffineExpr substitute2(MlirAffineExpr e, int n, const int64_t *sizes, int o, MlirAffineExpr outer, int i,
                                  MlirAffineExpr inner) {
  MlirContext ctx = mlirAffineExprGetContext(e);
  MlirAffineExpr sub[IND_MEMDEP_MAX_DIMS];
  for (int j = 0; j < n; ++j)
    sub[j] = j == o ? outer : j == i ? inner : mlirAffineDimExprGet(ctx, j);
  return ind_affine_simplify_with_ranges(mlirAffineExprCompose(e, mlirAffineMapGet(ctx, n, 0, n, sub)), sizes, n);
}

bool ind_affine_merges_dims(MlirAffineExpr e, const int64_t *sizes, int n, int o, int i, MlirAffineExpr *merged) {
  if (n > IND_MEMDEP_MAX_DIMS || o < 0 || i <= o || i >= n)
    return false;
  MlirContext ctx = mlirAffineExprGetContext(e);
  int64_t s[IND_MEMDEP_MAX_DIMS];
  memcpy(s, sizes, sizeof(int64_t) * (size_t)n);
  s[i] = sizes[o] * sizes[i];
  s[o] = 1;
  MlirAffineExpr x = mlirAffineDimExprGet(ctx, i), c = mlirAffineConstantExprGet(ctx, sizes[i]);
  MlirAffineExpr a = substitute2(e, n, s, o, mlirAffineFloorDivExprGet(x, c), i, mlirAffineModExprGet(x, c));
  MlirAffineExpr b = substitute2(e, n, s, o, mlirAffineConstantExprGet(ctx, 0), i, x);
  if (!mlirAffineExprEqual(a, b))
    return false;
  if (merged)
    *merged = b;
  return true;
}

/* The dep with its dims o and o + 1 merged (ind_affine_merges_dims), dim o dropped and the later dims
 * renumbered. */
static bool merge_pair(MlirContext ctx, const IndMemDep *d, int o, IndMemDep *out) {
  int n = d->ndims;
  MlirAffineExpr e, sub[IND_MEMDEP_MAX_DIMS];
  if (!ind_affine_merges_dims(d->index, d->sizes, n, o, o + 1, &e))
    return false;
  *out = *d;
  for (int j = 0; j < n; ++j)
    sub[j] = j == o ? mlirAffineConstantExprGet(ctx, 0) : mlirAffineDimExprGet(ctx, j < o ? j : j - 1);
  out->index = mlirSimplifyAffineExpr(mlirAffineExprCompose(e, mlirAffineMapGet(ctx, n - 1, 0, n, sub)), n - 1, 0);
  for (int j = o; j < n - 1; ++j)
    out->sizes[j] = j == o ? d->sizes[o] * d->sizes[o + 1] : d->sizes[j + 1];
  out->sizes[n - 1] = 0;
  out->ndims = n - 1;
  return true;
}

bool ind_memdep_merge_loops(const IndMemDep *d, IndMemDep *out) {
  *out = *d;
  if (d->is_star)
    return false;
  MlirContext ctx = mlirAffineExprGetContext(d->index);
  bool merged = false;
  for (int o = out->ndims - 2; o >= 0; --o) {
    IndMemDep m;
    if (merge_pair(ctx, out, o, &m)) {
      *out = m;
      merged = true;
    }
  }
  while (out->ndims > 0 && !mlirAffineExprIsFunctionOfDim(out->index, out->ndims - 1))
    out->sizes[--out->ndims] = 0;
  return merged;
}

IndMemDep ind_memdep_star(MlirStringRef name) {
  IndMemDep d;
  memset(&d, 0, sizeof d);
  d.name = name;
  d.is_star = true;
  return d;
}

static bool same_name(const IndMemDep *a, const IndMemDep *b) {
  return a->name.length == b->name.length && memcmp(a->name.data, b->name.data, a->name.length) == 0;
}

bool ind_memdep_equal(const IndMemDep *a, const IndMemDep *b) {
  if (a->is_star != b->is_star || !same_name(a, b))
    return false;
  if (a->is_star)
    return true;
  return a->ndims == b->ndims && mlirAffineExprEqual(a->index, b->index) &&
         memcmp(a->sizes, b->sizes, sizeof(int64_t) * (size_t)a->ndims) == 0;
}

static bool same_index_with_prefix_size(const IndMemDep *read, const IndMemDep *write) {
  if (!mlirAffineExprEqual(read->index, write->index) || read->ndims < write->ndims)
    return false;
  return memcmp(read->sizes, write->sizes, sizeof(int64_t) * (size_t)write->ndims) == 0;
}

bool ind_memdep_read_matches_write(const IndMemDep *read, const IndMemDep *write) {
  if (read->is_star || write->is_star || !same_name(read, write))
    return false;
  if (same_index_with_prefix_size(read, write))
    return true;
  IndMemDep r, w;
  if (read->ndims == write->ndims)
    return false;
  ind_memdep_merge_loops(read, &r);
  ind_memdep_merge_loops(write, &w);
  return same_index_with_prefix_size(&r, &w);
}

int64_t ind_memdep_numel(const IndMemDep *d) {
  int64_t n = 1;
  for (int i = 0; i < d->ndims; ++i)
    if (mlirAffineExprIsFunctionOfDim(d->index, i))
      n *= d->sizes[i];
  return n;
}

MlirAttribute ind_memdep_to_attr(MlirContext ctx, const IndMemDep *d) {
  MlirAttribute el[3];
  el[0] = mlirStringAttrGet(ctx, d->name);
  if (d->is_star)
    return mlirArrayAttrGet(ctx, 1, el);
  MlirAffineMap m = mlirAffineMapGet(ctx, d->ndims, 0, 1, (MlirAffineExpr *)&d->index);
  el[1] = mlirAffineMapAttrGet(m);
  el[2] = mlirDenseI64ArrayGet(ctx, d->ndims, d->sizes);
  return mlirArrayAttrGet(ctx, 3, el);
}

bool ind_memdep_from_attr(MlirAttribute a, IndMemDep *out) {
  memset(out, 0, sizeof *out);
  if (!mlirAttributeIsAArray(a))
    return false;
  intptr_t n = mlirArrayAttrGetNumElements(a);
  if (n != 1 && n != 3)
    return false;
  MlirAttribute name = mlirArrayAttrGetElement(a, 0);
  if (!mlirAttributeIsAString(name))
    return false;
  out->name = mlirStringAttrGetValue(name);
  if (n == 1) {
    out->is_star = true;
    return true;
  }
  MlirAttribute map = mlirArrayAttrGetElement(a, 1), sizes = mlirArrayAttrGetElement(a, 2);
  if (!mlirAttributeIsAAffineMap(map) || !mlirAttributeIsADenseI64Array(sizes))
    return false;
  MlirAffineMap m = mlirAffineMapAttrGetValue(map);
  intptr_t nd = mlirDenseArrayGetNumElements(sizes);
  if (nd > IND_MEMDEP_MAX_DIMS || mlirAffineMapGetNumDims(m) != nd || mlirAffineMapGetNumResults(m) != 1)
    return false;
  out->ndims = (int)nd;
  for (intptr_t i = 0; i < nd; ++i)
    out->sizes[i] = mlirDenseI64ArrayGetElement(sizes, i);
  out->index = mlirAffineMapGetResult(m, 0);
  return true;
}

/* --- Printing in sympy's style: a sum of `coef*base` terms ordered by their first dim, constant last. */

typedef struct Term {
  int64_t coef;
  MlirAffineExpr base; /* a dim or a non-linear subexpression; null for the constant term */
  int key;
} Term;

#define MAX_TERMS 64

static int first_dim(MlirAffineExpr e) {
  for (int i = 0; i < IND_MEMDEP_MAX_DIMS; ++i)
    if (mlirAffineExprIsFunctionOfDim(e, i))
      return i;
  return IND_MEMDEP_MAX_DIMS;
}

static void collect_terms(MlirAffineExpr e, int64_t scale, Term *t, int *n) {
  if (mlirAffineExprIsAAdd(e)) {
    collect_terms(mlirAffineBinaryOpExprGetLHS(e), scale, t, n);
    collect_terms(mlirAffineBinaryOpExprGetRHS(e), scale, t, n);
    return;
  }
  if (mlirAffineExprIsAMul(e)) {
    MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(e), r = mlirAffineBinaryOpExprGetRHS(e);
    if (mlirAffineExprIsAConstant(r)) {
      collect_terms(l, scale * mlirAffineConstantExprGetValue(r), t, n);
      return;
    }
    if (mlirAffineExprIsAConstant(l)) {
      collect_terms(r, scale * mlirAffineConstantExprGetValue(l), t, n);
      return;
    }
  }
  if (*n >= MAX_TERMS)
    return;
  if (mlirAffineExprIsAConstant(e)) {
    int64_t v = scale * mlirAffineConstantExprGetValue(e);
    for (int i = 0; i < *n; ++i)
      if (mlirAffineExprIsNull(t[i].base)) {
        t[i].coef += v;
        return;
      }
    t[(*n)++] = (Term){v, (MlirAffineExpr){NULL}, IND_MEMDEP_MAX_DIMS + 1};
    return;
  }
  t[(*n)++] = (Term){scale, e, first_dim(e)};
}

static int term_cmp(const void *a, const void *b) {
  const Term *x = a, *y = b;
  return x->key - y->key;
}

/* An operand of //, % or *: a sum needs parentheses ((d1 + 1)//5, not d1 + 1//5). */
static void print_operand(MlirAffineExpr e, const char *p, IndStrBuf *b) {
  bool sum = mlirAffineExprIsAAdd(e);
  if (sum)
    ind_strbuf_printf(b, "(");
  ind_affine_expr_print(e, p, b);
  if (sum)
    ind_strbuf_printf(b, ")");
}

static void print_base(MlirAffineExpr e, const char *p, IndStrBuf *b) {
  if (mlirAffineExprIsADim(e)) {
    ind_strbuf_printf(b, "%s%ld", p, (long)mlirAffineDimExprGetPosition(e));
  } else if (mlirAffineExprIsAFloorDiv(e) || mlirAffineExprIsAMod(e) || mlirAffineExprIsACeilDiv(e)) {
    const char *op = mlirAffineExprIsAFloorDiv(e) ? "//" : mlirAffineExprIsAMod(e) ? " % " : " ceildiv ";
    ind_strbuf_printf(b, "(");
    print_operand(mlirAffineBinaryOpExprGetLHS(e), p, b);
    ind_strbuf_printf(b, "%s", op);
    print_operand(mlirAffineBinaryOpExprGetRHS(e), p, b);
    ind_strbuf_printf(b, ")");
  } else if (mlirAffineExprIsAMul(e)) {
    print_operand(mlirAffineBinaryOpExprGetLHS(e), p, b);
    ind_strbuf_printf(b, "*");
    print_operand(mlirAffineBinaryOpExprGetRHS(e), p, b);
  } else {
    ind_strbuf_printf(b, "?");
  }
}

void ind_affine_expr_print(MlirAffineExpr e, const char *p, IndStrBuf *b) {
  Term t[MAX_TERMS];
  int n = 0;
  collect_terms(e, 1, t, &n);
  int m = 0;
  for (int i = 0; i < n; ++i)
    if (t[i].coef != 0)
      t[m++] = t[i];
  if (m == 0) {
    ind_strbuf_printf(b, "0");
    return;
  }
  qsort(t, (size_t)m, sizeof *t, term_cmp);
  for (int i = 0; i < m; ++i) {
    int64_t c = t[i].coef;
    if (i > 0)
      ind_strbuf_printf(b, c < 0 ? " - " : " + ");
    else if (c < 0)
      ind_strbuf_printf(b, "-");
    int64_t a = c < 0 ? -c : c;
    if (mlirAffineExprIsNull(t[i].base)) {
      ind_strbuf_printf(b, "%ld", (long)a);
      continue;
    }
    if (a != 1)
      ind_strbuf_printf(b, "%ld*", (long)a);
    print_base(t[i].base, p, b);
  }
}

void ind_memdep_print(const IndMemDep *d, IndStrBuf *b) {
  if (d->is_star) {
    ind_strbuf_printf(b, "StarDep(name='%.*s', mode=None)", (int)d->name.length, d->name.data);
    return;
  }
  ind_strbuf_printf(b, "MemoryDep('%.*s', ", (int)d->name.length, d->name.data);
  ind_affine_expr_print(d->index, "d", b);
  ind_strbuf_printf(b, ", {");
  for (int i = 0; i < d->ndims; ++i)
    ind_strbuf_printf(b, "%sd%d: %ld", i ? ", " : "", i, (long)d->sizes[i]);
  ind_strbuf_printf(b, "})");
}

int ind_memdep_compare(const IndMemDep *a, const IndMemDep *b) {
  size_t n = a->name.length < b->name.length ? a->name.length : b->name.length;
  int c = memcmp(a->name.data, b->name.data, n);
  if (c)
    return c;
  if (a->name.length != b->name.length)
    return a->name.length < b->name.length ? -1 : 1;
  IndStrBuf x = {0}, y = {0};
  ind_memdep_print(a, &x);
  ind_memdep_print(b, &y);
  c = strcmp(x.data, y.data);
  ind_strbuf_free(&x);
  ind_strbuf_free(&y);
  return c;
}
