// clang-format off
// Unit test of lib/vec.h: pushes keep every element across growth; an impossible size is the one
// out-of-memory error (message, abort), never a NULL handed back.
// RUN: %unit/unit-vec push | %filecheck %s --check-prefix=PUSH
// RUN: %not --crash %unit/unit-vec overflow 2>&1 | %filecheck %s --check-prefix=OVERFLOW
// RUN: %not --crash %unit/unit-vec huge 2>&1 | %filecheck %s --check-prefix=HUGE
// PUSH: n=100000 cap=131072 sum=4999950000 reserve=131072
// OVERFLOW: ind: out of memory
// HUGE: ind: out of memory
// clang-format on
#include "lib/vec.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 2)
    return 1;
  if (!strcmp(argv[1], "push")) {
    int64_t *v = NULL;
    int n = 0, cap = 0;
    for (int64_t i = 0; i < 100000; ++i)
      IND_VEC_PUSH(v, n, cap, i);
    int64_t sum = 0;
    for (int i = 0; i < n; ++i)
      sum += v[i];
    IND_VEC_RESERVE(v, cap, 1000); /* already room: unchanged */
    printf("n=%d cap=%d sum=%lld reserve=%d\n", n, cap, (long long)sum, cap);
    free(v);
    return 0;
  }
  if (!strcmp(argv[1], "overflow")) { /* count * elem overflows size_t */
    void *p = ind_xrealloc(NULL, SIZE_MAX / 2, 4);
    printf("returned %p\n", p);
    return 0;
  }
  if (!strcmp(argv[1], "huge")) { /* a capacity that cannot double past INT_MAX */
    int cap = 0;
    char *p = ind_vec_grow(NULL, &cap, 0x7fffffff, 1 << 20);
    printf("returned %p\n", (void *)p);
    return 0;
  }
  return 1;
}
