/* index_algebra.h - range-aware simplification of affine index expressions (lowering helper).
 *
 * Views (reshape, squeeze, ...) remap an index through floordiv/mod. MLIR's own affine
 * simplification does not know the iteration ranges, so `(d0 * 1024 + d1) floordiv 1024` stays as
 * written. Inductor simplifies such expressions with the variables' ranges (sympy + var_ranges);
 * these helpers do the same for the affine forms that reshapes produce: a sum of terms
 * `coef * e` plus a constant, where every iteration variable d_i lies in [0, ranges[i]). */
#ifndef IND_PASSES_LOWER_INDEX_ALGEBRA_H
#define IND_PASSES_LOWER_INDEX_ALGEBRA_H

#include <mlir-c/AffineExpr.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ranges of the iteration variables d0..d(n-1), and of the indirect-indexing symbols
 * s0..s(nsyms-1) (each in [0, sym_sizes[k]); none when nsyms is 0). */
typedef struct IndIxRanges {
  const int64_t *sizes;
  intptr_t n;
  const int64_t *sym_sizes;
  intptr_t nsyms;
} IndIxRanges;

/* Bounds [lo, hi] of `e` over the ranges; false when `e` has a form without known bounds. */
bool ind_ix_bounds(MlirAffineExpr e, const IndIxRanges *r, int64_t *lo, int64_t *hi);
/* e floordiv c and e mod c (c >= 1), simplified: terms whose coefficient is a multiple of c are
 * divided out, and a remainder that provably lies in [0, c) disappears from the floordiv and is
 * the whole mod. */
MlirAffineExpr ind_ix_floordiv(MlirAffineExpr e, int64_t c, const IndIxRanges *r);
MlirAffineExpr ind_ix_mod(MlirAffineExpr e, int64_t c, const IndIxRanges *r);

/* Folds (X floordiv c) * (b*c) + (X mod c) * b back into X * b, as often as it applies (the
 * delinearize-then-linearize pattern of a reshape read through a contiguous layout). */
MlirAffineExpr ind_ix_simplify(MlirAffineExpr e);

#ifdef __cplusplus
}
#endif

#endif
