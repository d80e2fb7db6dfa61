/* mm_dims.h - the extern mm / bmm contract's shapes, one rule for every layer that reads it (the ind
 * verifier, the CPU wrapper, the launch plan, the reference interpreter). Header-only, libc-only.
 *
 * An extern mm computes C[m, n] = op(A)[m, k] @ op(B)[k, n], a bmm the same per batch of C[b, m, n].
 * C is a row-major buffer of its own shape. Each operand is a realized buffer read as the contiguous
 * array it holds, whatever its declared shape (the same bytes: a reshape of a contiguous buffer is the
 * buffer, Inductor's ReinterpretView): A holds [b, m, k] in row-major order, or [b, k, m] when its
 * transpose flag is set (op(A) = A^T per batch, cuBLAS's CUBLAS_OP_T); B holds [b, k, n], or [b, n, k]
 * when transposed. So m, n (and b) are C's, k is numel(A) / (b * m), and B must hold b * k * n. An
 * operand declared with the product's rank must have exactly the shape it holds (a transpose flag
 * forgotten or set wrongly is caught there); one of another rank is a reinterpretation. */
#ifndef IND_LIB_MM_DIMS_H
#define IND_LIB_MM_DIMS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IndMmDims {
  int64_t batch, m, n, k; /* batch 1 for mm */
  bool trans_a, trans_b;  /* A / B hold the transposed matrix: [k, m] / [n, k] per batch */
} IndMmDims;

/* The product's dims from C's shape (rank 2 for mm, 3 for bmm: `batched`) and the operands' element
 * counts; false (and *why set) when they do not make C = op(A) @ op(B). */
static inline bool ind_mm_dims(bool batched, const int64_t *c_shape, int c_rank, int64_t numel_a, int64_t numel_b,
                               bool trans_a, bool trans_b, IndMmDims *d, const char **why) {
  if (c_rank != (batched ? 3 : 2)) {
    *why = batched ? "bmm needs a rank-3 result" : "mm needs a rank-2 result";
    return false;
  }
  d->batch = batched ? c_shape[0] : 1;
  d->m = c_shape[c_rank - 2];
  d->n = c_shape[c_rank - 1];
  d->trans_a = trans_a;
  d->trans_b = trans_b;
  if (d->batch < 1 || d->m < 1 || d->n < 1 || numel_a < 1 || numel_a % (d->batch * d->m) != 0) {
    *why = "the first operand's element count is not a multiple of the result's rows (batch * m)";
    return false;
  }
  d->k = numel_a / (d->batch * d->m);
  if (numel_b != d->batch * d->k * d->n) {
    *why = "the second operand's element count is not batch * k * n (k from the first operand)";
    return false;
  }
  return true;
}

/* The shape the operand `which` (0: A, 1: B) holds: [batch,] rows x cols of op(x), swapped when its
 * transpose flag is set; returns its rank (3 for a bmm, 2 for an mm). */
static inline int ind_mm_held_shape(const IndMmDims *d, bool batched, int which, int64_t *out) {
  bool t = which == 0 ? d->trans_a : d->trans_b;
  int64_t rows = which == 0 ? d->m : d->k, cols = which == 0 ? d->k : d->n;
  int n = 0;
  if (batched)
    out[n++] = d->batch;
  out[n++] = t ? cols : rows;
  out[n++] = t ? rows : cols;
  return n;
}

/* Whether an operand (`which` 0: A, 1: B) declared as shape[0..rank) fits d: any shape of another rank
 * than the product's (its element count was checked by ind_mm_dims), else exactly the held shape. */
static inline bool ind_mm_operand_shape_ok(const IndMmDims *d, bool batched, int which, const int64_t *shape,
                                           int rank) {
  int64_t held[3];
  int n = ind_mm_held_shape(d, batched, which, held);
  if (rank != n)
    return true;
  for (int i = 0; i < n; ++i)
    if (shape[i] != held[i])
      return false;
  return true;
}

#ifdef __cplusplus
}
#endif

#endif
