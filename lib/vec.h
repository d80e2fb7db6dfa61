/* vec.h - the one growable-array helper, and ind's one out-of-memory policy.
 *
 * Policy: running out of memory while growing the compiler's own bookkeeping (op lists, maps,
 * diagnostics, text buffers) is not an input error that can be reported at a location, so
 * ind_xrealloc prints "ind: out of memory (N bytes)" on stderr and aborts, in every build. A size
 * that overflows (count * elem, or doubling a capacity past INT_MAX) is the same error. Memory sized
 * by user input (tensors, .npy data) is not allocated here: those paths check their sizes and report
 * errors (lib/tensor.h, lib/npy.h).
 *
 *   T *v = NULL;
 *   int n = 0, cap = 0;
 *   IND_VEC_PUSH(v, n, cap, x);     // v[n++] = x, growing v (capacity doubles, from 8)
 *   IND_VEC_RESERVE(v, cap, need);  // room for `need` elements; new slots are uninitialized
 *   free(v);
 */
#ifndef IND_LIB_VEC_H
#define IND_LIB_VEC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* realloc(p, count * elem) that never returns NULL (count 0 frees nothing and returns p as it is). */
void *ind_xrealloc(void *p, size_t count, size_t elem);
/* Returns p grown to hold at least `need` elements of `elem` bytes, updating *cap. */
void *ind_vec_grow(void *p, int *cap, int need, size_t elem);

#define IND_VEC_RESERVE(v, cap, need) ((v) = ind_vec_grow((v), &(cap), (need), sizeof *(v)))
#define IND_VEC_PUSH(v, n, cap, x) (IND_VEC_RESERVE(v, cap, (n) + 1), (v)[(n)++] = (x))

#ifdef __cplusplus
}
#endif

#endif
