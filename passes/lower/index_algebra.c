/* index_algebra.c - see index_algebra.h. */
#include "passes/lower/index_algebra.h"

#define IX_MAX_TERMS 64

/* e = sum(coef[i] * base[i]) + constant, with no constant among the bases. */
typedef struct Terms {
  MlirAffineExpr base[IX_MAX_TERMS];
  int64_t coef[IX_MAX_TERMS];
  int n;
  int64_t constant;
  bool overflow;
} Terms;

static void add_term(Terms *t, MlirAffineExpr base, int64_t coef) {
  for (int i = 0; i < t->n; ++i)
    if (mlirAffineExprEqual(t->base[i], base)) {
      t->coef[i] += coef;
      return;
    }
  if (t->n == IX_MAX_TERMS) {
    t->overflow = true;
    return;
  }
  t->base[t->n] = base;
  t->coef[t->n++] = coef;
}

static void flatten(MlirAffineExpr e, int64_t scale, Terms *t) {
  if (mlirAffineExprIsAConstant(e)) {
    t->constant += scale * mlirAffineConstantExprGetValue(e);
  } else if (mlirAffineExprIsAAdd(e)) {
    flatten(mlirAffineBinaryOpExprGetLHS(e), scale, t);
    flatten(mlirAffineBinaryOpExprGetRHS(e), scale, t);
  } else if (mlirAffineExprIsAMul(e) && mlirAffineExprIsAConstant(mlirAffineBinaryOpExprGetRHS(e))) {
    flatten(mlirAffineBinaryOpExprGetLHS(e), scale * mlirAffineConstantExprGetValue(mlirAffineBinaryOpExprGetRHS(e)),
            t);
  } else {
    add_term(t, e, scale);
  }
}

static MlirAffineExpr rebuild(MlirContext ctx, const Terms *t, int64_t divisor) {
  MlirAffineExpr acc = mlirAffineConstantExprGet(ctx, t->constant / divisor);
  for (int i = 0; i < t->n; ++i) {
    if (t->coef[i] == 0)
      continue;
    MlirAffineExpr term = mlirAffineMulExprGet(t->base[i], mlirAffineConstantExprGet(ctx, t->coef[i] / divisor));
    acc = mlirAffineAddExprGet(acc, term);
  }
  return acc;
}

static int64_t floordiv64(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

bool ind_ix_bounds(MlirAffineExpr e, const IndIxRanges *r, int64_t *lo, int64_t *hi) {
  if (mlirAffineExprIsAConstant(e)) {
    *lo = *hi = mlirAffineConstantExprGetValue(e);
    return true;
  }
  if (mlirAffineExprIsADim(e)) {
    intptr_t p = mlirAffineDimExprGetPosition(e);
    if (p >= r->n)
      return false;
    *lo = 0;
    *hi = r->sizes[p] - 1;
    return true;
  }
  if (mlirAffineExprIsASymbol(e)) {
    intptr_t p = mlirAffineSymbolExprGetPosition(e);
    if (p >= r->nsyms)
      return false;
    *lo = 0;
    *hi = r->sym_sizes[p] - 1;
    return true;
  }
  if (!mlirAffineExprIsABinary(e))
    return false;
  MlirAffineExpr a = mlirAffineBinaryOpExprGetLHS(e), b = mlirAffineBinaryOpExprGetRHS(e);
  int64_t alo, ahi, blo, bhi;
  if (!ind_ix_bounds(a, r, &alo, &ahi) || !ind_ix_bounds(b, r, &blo, &bhi))
    return false;
  if (mlirAffineExprIsAAdd(e)) {
    *lo = alo + blo;
    *hi = ahi + bhi;
    return true;
  }
  if (blo != bhi)
    return false; /* mul/div/mod by a constant only */
  int64_t c = blo;
  if (mlirAffineExprIsAMul(e)) {
    *lo = c >= 0 ? alo * c : ahi * c;
    *hi = c >= 0 ? ahi * c : alo * c;
    return true;
  }
  if (c <= 0)
    return false;
  if (mlirAffineExprIsAFloorDiv(e)) {
    *lo = floordiv64(alo, c);
    *hi = floordiv64(ahi, c);
    return true;
  }
  if (mlirAffineExprIsAMod(e)) {
    bool in_range = alo >= 0 && ahi < c;
    *lo = in_range ? alo : 0;
    *hi = in_range ? ahi : c - 1;
    return true;
  }
  return false;
}

/* Splits t into q (coefficients divisible by c) and rem (the rest, constant reduced mod c). */
static void split(const Terms *t, int64_t c, Terms *q, Terms *rem) {
  q->n = rem->n = 0;
  q->overflow = rem->overflow = false;
  int64_t cr = t->constant - floordiv64(t->constant, c) * c;
  q->constant = t->constant - cr;
  rem->constant = cr;
  for (int i = 0; i < t->n; ++i) {
    Terms *dst = t->coef[i] % c == 0 ? q : rem;
    dst->base[dst->n] = t->base[i];
    dst->coef[dst->n++] = t->coef[i];
  }
}

static bool in_0_c(MlirAffineExpr e, int64_t c, const IndIxRanges *r) {
  int64_t lo, hi;
  return ind_ix_bounds(e, r, &lo, &hi) && lo >= 0 && hi < c;
}

MlirAffineExpr ind_ix_floordiv(MlirAffineExpr e, int64_t c, const IndIxRanges *r) {
  MlirContext ctx = mlirAffineExprGetContext(e);
  if (c == 1)
    return e;
  Terms t = {0}, q, rem;
  flatten(e, 1, &t);
  if (t.overflow)
    return mlirAffineFloorDivExprGet(e, mlirAffineConstantExprGet(ctx, c));
  split(&t, c, &q, &rem);
  MlirAffineExpr quot = rebuild(ctx, &q, c), rest = rebuild(ctx, &rem, 1);
  if (in_0_c(rest, c, r))
    return quot;
  return mlirAffineAddExprGet(quot, mlirAffineFloorDivExprGet(rest, mlirAffineConstantExprGet(ctx, c)));
}

MlirAffineExpr ind_ix_mod(MlirAffineExpr e, int64_t c, const IndIxRanges *r) {
  MlirContext ctx = mlirAffineExprGetContext(e);
  if (c == 1)
    return mlirAffineConstantExprGet(ctx, 0);
  Terms t = {0}, q, rem;
  flatten(e, 1, &t);
  if (t.overflow)
    return mlirAffineModExprGet(e, mlirAffineConstantExprGet(ctx, c));
  split(&t, c, &q, &rem);
  MlirAffineExpr rest = rebuild(ctx, &rem, 1);
  if (in_0_c(rest, c, r))
    return rest;
  return mlirAffineModExprGet(rest, mlirAffineConstantExprGet(ctx, c));
}

/* d is `x floordiv q` for a constant q. */
static bool is_floordiv_by(MlirAffineExpr d, MlirAffineExpr x, int64_t q) {
  if (!mlirAffineExprIsAFloorDiv(d) || !mlirAffineExprEqual(mlirAffineBinaryOpExprGetLHS(d), x))
    return false;
  MlirAffineExpr c = mlirAffineBinaryOpExprGetRHS(d);
  return mlirAffineExprIsAConstant(c) && mlirAffineConstantExprGetValue(c) == q;
}

/* Finds a pair (Y floordiv c) * (b*c) + (Y mod c) * b in t and merges it into Y * b. Y may be X floordiv k,
 * whose floordiv by c MLIR writes as X floordiv (c*k): [1568] read as [2, 28, 28] and linearized again,
 * (d0 floordiv 784) * 784 + ((d0 floordiv 28) mod 28) * 28 + d0 mod 28, is d0. */
static bool merge_div_mod_pair(Terms *t) {
  for (int j = 0; j < t->n; ++j) {
    MlirAffineExpr m = t->base[j];
    if (!mlirAffineExprIsAMod(m) || !mlirAffineExprIsAConstant(mlirAffineBinaryOpExprGetRHS(m)))
      continue;
    MlirAffineExpr y = mlirAffineBinaryOpExprGetLHS(m);
    int64_t c = mlirAffineConstantExprGetValue(mlirAffineBinaryOpExprGetRHS(m)), b = t->coef[j], k = 0;
    MlirAffineExpr x = y;
    if (mlirAffineExprIsAFloorDiv(y) && mlirAffineExprIsAConstant(mlirAffineBinaryOpExprGetRHS(y))) {
      x = mlirAffineBinaryOpExprGetLHS(y);
      k = mlirAffineConstantExprGetValue(mlirAffineBinaryOpExprGetRHS(y));
    }
    if (b == 0 || c <= 0 || (b > 0 ? b > INT64_MAX / c : b < INT64_MIN / c))
      continue;
    for (int i = 0; i < t->n; ++i) {
      if (t->coef[i] != b * c ||
          !(is_floordiv_by(t->base[i], y, c) || (k > 0 && c <= INT64_MAX / k && is_floordiv_by(t->base[i], x, c * k))))
        continue;
      t->coef[i] = t->coef[j] = 0;
      flatten(y, b, t);
      return true;
    }
  }
  return false;
}

MlirAffineExpr ind_ix_simplify(MlirAffineExpr e) {
  Terms t = {0};
  flatten(e, 1, &t);
  if (t.overflow)
    return e;
  bool changed = false;
  while (!t.overflow && merge_div_mod_pair(&t))
    changed = true;
  return changed && !t.overflow ? rebuild(mlirAffineExprGetContext(e), &t, 1) : e;
}
