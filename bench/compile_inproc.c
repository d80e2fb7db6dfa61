/* compile_inproc.c - graph -> PTX inside one process, through libind (include/ind/ind.h): what a program
 * that compiles more than one graph pays per graph (a torch.compile backend, a serving process), without
 * the start of a process and the creation of the MLIR context, which it pays once.
 *
 *   compile_inproc N FILE.mlir ...
 *
 * Creates one compiler, then compiles each FILE for device=cuda (PTX) N + 1 times and prints
 *   FILE  first F ms  again A ms
 * F: the first compile of FILE (the first FILE's includes LLVM's one-time NVPTX set-up), A: the median of
 * the N compiles after it. bench/compile_time.sh runs it; exit 1 on a compile error. */
#define _POSIX_C_SOURCE 200809L
#include "ind/ind.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_RUNS 99

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int fail(const char *what, IndStatus st) {
  fprintf(stderr, "compile_inproc: %s: %s\n", what, ind_status_message(st));
  ind_status_destroy(st);
  return 1;
}

int main(int argc, char **argv) {
  int n = argc > 2 ? atoi(argv[1]) : 0;
  if (n < 1 || n > MAX_RUNS) {
    fprintf(stderr, "usage: compile_inproc N(1..%d) FILE.mlir ...\n", MAX_RUNS);
    return 2;
  }
  IndCompiler *c;
  IndCompileOptions *o;
  IndStatus st = ind_compiler_create(&c);
  if (st)
    return fail("compiler", st);
  if ((st = ind_compile_options_create(&o)) || (st = ind_compile_options_set(o, "device", "cuda")))
    return fail("options", st);
  int rc = 0;
  for (int a = 2; a < argc && !rc; ++a) {
    double again[MAX_RUNS], first = 0;
    for (int i = 0; i <= n; ++i) {
      IndProgram *p;
      double s = now_ms();
      if ((st = ind_compile_file(c, argv[a], o, &p))) {
        rc = fail(argv[a], st);
        break;
      }
      double e = now_ms();
      ind_program_destroy(p);
      if (i == 0)
        first = e - s;
      else
        again[i - 1] = e - s;
    }
    if (!rc) {
      qsort(again, (size_t)n, sizeof again[0], by_value);
      printf("%s first %.1f ms again %.1f ms\n", argv[a], first, again[n / 2]);
    }
  }
  ind_compile_options_destroy(o);
  ind_compiler_destroy(c);
  return rc;
}
