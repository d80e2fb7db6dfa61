/* vec.c - see vec.h. */
#include "lib/vec.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void out_of_memory(size_t count, size_t elem) {
  fprintf(stderr, "ind: out of memory (%zu x %zu bytes)\n", count, elem);
  abort();
}

void *ind_xrealloc(void *p, size_t count, size_t elem) {
  if (count == 0)
    return p;
  if (elem && count > SIZE_MAX / elem)
    out_of_memory(count, elem);
  void *q = realloc(p, count * elem);
  if (!q)
    out_of_memory(count, elem);
  return q;
}

void *ind_vec_grow(void *p, int *cap, int need, size_t elem) {
  if (need <= *cap)
    return p;
  int c = *cap > 0 ? *cap : 8;
  while (c < need) {
    if (c > INT_MAX / 2)
      out_of_memory((size_t)need, elem);
    c *= 2;
  }
  p = ind_xrealloc(p, (size_t)c, elem);
  *cap = c;
  return p;
}
