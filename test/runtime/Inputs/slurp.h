/* slurp.h - the test drivers' file reader (rt_api.c, rt_checked.c): a whole file (up to 1 MiB) as a
 * NUL-terminated buffer the caller frees, its length in *n; NULL when it cannot be opened. */
#ifndef IND_TEST_RUNTIME_SLURP_H
#define IND_TEST_RUNTIME_SLURP_H

#include <stdio.h>
#include <stdlib.h>

static char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *b = (char *)malloc(1 << 20); /* (a cast: the headers compile as C++ too, tools/headers-cxx.test) */
  *n = fread(b, 1, (1 << 20) - 1, f);
  b[*n] = '\0';
  fclose(f);
  return b;
}

#endif
