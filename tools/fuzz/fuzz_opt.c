/* fuzz_opt.c - libFuzzer targets over ind-opt (docs/testing.md, "Fuzzing"). Built only with
 * -DIND_FUZZ=ON (Debian clang-14: -fsanitize=fuzzer,address,undefined); one source, three targets:
 *
 *   fuzz-parse      IND_FUZZ_MODE 0: parse + verify + print (`ind-opt FILE`)
 *   fuzz-pipeline   IND_FUZZ_MODE 1: the whole pipeline (`ind-opt FILE --fuse=S --codegen`, S picked
 *                   from the input's length among the strategies, then --emit=ptx on every 4th input)
 *   fuzz-structured IND_FUZZ_MODE 2: as fuzz-pipeline, with a custom mutator that keeps programs
 *                   well-formed: it rewrites one number (a dim, an attribute value) or swaps one
 *                   graph op name for another of the same arity, so mutants of generator output
 *                   (scripts/fuzz/gen.py) get past the parser into the deep passes.
 *
 * Each input goes through ind_opt_main() exactly as the command line would (a bad input must end
 * in a diagnostic and exit status 1; anything the sanitizers or libFuzzer catch is a bug). */
#include "tools/opt_driver.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef IND_FUZZ_MODE
#define IND_FUZZ_MODE 0
#endif

static char g_path[64];

static const char *input_path(void) {
  if (!g_path[0]) {
    const char *dir = getenv("TMPDIR");
    snprintf(g_path, sizeof g_path, "%s/ind-fuzz-%d.mlir", dir && *dir ? dir : "/tmp", (int)getpid());
  }
  return g_path;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FILE *f = fopen(input_path(), "wb");
  if (!f)
    return 0;
  fwrite(data, 1, size, f);
  fclose(f);
  char path[64];
  snprintf(path, sizeof path, "%s", input_path());
  if (IND_FUZZ_MODE == 0) {
    char *argv[] = {"ind-opt", path, "-o", "/dev/null", NULL};
    ind_opt_main(4, argv);
  } else {
    static const char *const strategies[] = {"--fuse=inductor", "--fuse=vertical", "--fuse=none"};
    char *argv[] = {"ind-opt", path, (char *)strategies[size % 3], "--codegen", "-o", "/dev/null", NULL, NULL};
    int argc = 6;
    if (size % 4 == 3)
      argv[argc++] = "--emit=ptx";
    ind_opt_main(argc, argv);
  }
  return 0;
}

#if IND_FUZZ_MODE == 2
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

/* Graph op names by arity: a swap keeps the operand count (the result type may then be wrong,
 * which graph-infer-shapes must diagnose). */
static const char *const k_unary[] = {"relu", "neg", "abs", "exp", "log", "sqrt", "tanh", "sigmoid", "erf", "rsqrt"};
static const char *const k_binary[] = {"add", "sub", "mul", "div", "maximum", "minimum", "eq", "lt", "ge", "pow"};

static size_t replace(uint8_t *data, size_t size, size_t max, size_t at, size_t len, const char *with) {
  size_t wl = strlen(with);
  if (size - len + wl > max)
    return size;
  memmove(data + at + wl, data + at + len, size - at - len);
  memcpy(data + at, with, wl);
  return size - len + wl;
}

static size_t swap_op(uint8_t *data, size_t size, size_t max, unsigned seed) {
  const char *hits[64];
  size_t pos[64], lens[64];
  int n = 0;
  for (size_t i = 0; i + 7 < size && n < 64; ++i)
    if (!memcmp(data + i, "\"graph.", 7)) {
      size_t j = i + 7;
      while (j < size && data[j] >= 'a' && data[j] <= 'z')
        ++j;
      pos[n] = i + 7;
      lens[n] = j - i - 7;
      hits[n++] = (const char *)data + i + 7;
    }
  if (!n)
    return 0;
  int k = (int)(seed % (unsigned)n);
  for (int t = 0; t < 2; ++t) {
    const char *const *tab = t ? k_binary : k_unary;
    for (int q = 0; q < 10; ++q)
      if (strlen(tab[q]) == lens[k] && !strncmp(hits[k], tab[q], lens[k]))
        return replace(data, size, max, pos[k], lens[k], tab[(q + 1 + seed / 7) % 10]);
  }
  return 0;
}

static size_t tweak_number(uint8_t *data, size_t size, size_t max, unsigned seed) {
  size_t starts[256];
  int n = 0;
  for (size_t i = 1; i < size && n < 256; ++i)
    if (data[i] >= '0' && data[i] <= '9' && !(data[i - 1] >= '0' && data[i - 1] <= '9') && data[i - 1] != '%' &&
        data[i - 1] != '_' && !(data[i - 1] >= 'a' && data[i - 1] <= 'z'))
      starts[n++] = i;
  if (!n)
    return 0;
  size_t at = starts[seed % (unsigned)n], end = at;
  while (end < size && data[end] >= '0' && data[end] <= '9')
    ++end;
  static const char *const k_values[] = {"0", "1", "2", "3", "17", "1023", "4097", "65536", "9223372036854775807"};
  return replace(data, size, max, at, end - at, k_values[(seed / 3) % 9]);
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
  size_t r = 0;
  switch (seed % 4) {
  case 0:
    r = swap_op(data, size, max_size, seed / 4);
    break;
  case 1:
  case 2:
    r = tweak_number(data, size, max_size, seed / 4);
    break;
  default:
    break;
  }
  return r ? r : LLVMFuzzerMutate(data, size, max_size);
}
#endif
