/* cpujit.c - a driver for runtime/jit.h (through libind/jit_driver.h) under lit: compiles a kernel-level module with
 * the CPU JIT and runs its `@call` on raw input files, writing raw output files (logical row-major order, storage
 * dtype). test/jit/Inputs/jit_check.py generates the inputs and checks the outputs with NumPy.
 *
 *   unit-cpujit MODULE.mlir OUTPREFIX [IN0.bin IN1.bin ...]
 *
 * Input files hold the logical elements of each argument (C order, storage dtype); the driver
 * scatters them into the memref's storage through its strides. Prints `@cpujit: <n> outputs` and
 * one line per output; exits 1 with a diagnostic on any failure. The runs themselves are the tests
 * in test/jit/; here only the usage error. */
// RUN: %not %unit/unit-cpujit 2>&1 | %filecheck %s --check-prefix=USAGE
// RUN: %not %unit/unit-cpujit %s.missing.mlir %t 2>&1 | %filecheck %s --check-prefix=NOFILE
// USAGE: usage: unit-cpujit MODULE.mlir OUTPREFIX
// NOFILE: unit-cpujit: {{.*}}missing.mlir
#include "dialects/dialects.h"
#include "lib/diag.h"
#include "lib/io.h"
#include "libind/jit_driver.h"

#include <mlir-c/BuiltinTypes.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t numel(const IndMemRef *m) {
  int64_t n = 1;
  for (int d = 0; d < m->rank; ++d)
    n *= m->sizes[d];
  return n;
}

/* Reads `path` (numel * esize bytes) into a fresh storage buffer of memref type t. */
static void *load_input(const char *path, MlirType t, IndMemRef *m) {
  size_t es = ind_memref_elem_size(mlirShapedTypeGetElementType(t));
  int64_t span = ind_memref_storage_elems(t);
  char *data = calloc((size_t)span + 1, es);
  if (!data || !ind_memref_init(m, t, data)) {
    free(data);
    return NULL;
  }
  char err[256];
  size_t len = 0;
  char *raw = ind_read_file(path, &len, err, sizeof err);
  if (!raw || len != (size_t)numel(m) * es) {
    fprintf(stderr, "unit-cpujit: %s: %s\n", path, raw ? "wrong size" : err);
    free(raw);
    free(data);
    return NULL;
  }
  for (int64_t i = 0; i < numel(m); ++i)
    memcpy(data + ind_memref_offset_of(m, i) * (int64_t)es, raw + i * (int64_t)es, es);
  free(raw);
  return data;
}

static bool write_output(const char *prefix, int k, const IndMemRef *m, MlirType t) {
  size_t es = ind_memref_elem_size(mlirShapedTypeGetElementType(t));
  char *out = malloc((size_t)numel(m) * es + 1);
  if (!out)
    return false;
  for (int64_t i = 0; i < numel(m); ++i)
    memcpy(out + i * (int64_t)es, (char *)m->aligned + ind_memref_offset_of(m, i) * (int64_t)es, es);
  char path[1024], err[256];
  snprintf(path, sizeof path, "%s%d.bin", prefix, k);
  bool ok = ind_write_file(path, out, (size_t)numel(m) * es, err, sizeof err);
  if (!ok)
    fprintf(stderr, "unit-cpujit: %s\n", err);
  free(out);
  return ok;
}

static int run(IndContext *ic, const char *src, size_t len, int nfiles, char **files, const char *prefix) {
  MlirModule m = mlirModuleCreateParse(ic->ctx, (MlirStringRef){src, len});
  if (mlirModuleIsNull(m))
    return 1;
  IndJit *jit = ind_jit_compile(m, "call", 2);
  int rc = 1;
  IndMemRef in[IND_JIT_MAX_ARGS], out[IND_JIT_MAX_ARGS];
  void *bufs[IND_JIT_MAX_ARGS] = {0};
  int nin = 0;
  if (jit && ind_jit_num_inputs(jit) != nfiles)
    fprintf(stderr, "unit-cpujit: @call takes %d inputs, %d files given\n", ind_jit_num_inputs(jit), nfiles);
  else if (jit) {
    for (nin = 0; nin < nfiles; ++nin)
      if (!(bufs[nin] = load_input(files[nin], ind_jit_input_type(jit, nin), &in[nin])))
        break;
    if (nin == nfiles && ind_jit_invoke(jit, in, out)) {
      rc = 0;
      printf("@cpujit: %d outputs\n", ind_jit_num_outputs(jit));
      for (int k = 0; k < ind_jit_num_outputs(jit); ++k) {
        printf("output %d: %lld elements\n", k, (long long)numel(&out[k]));
        if (!write_output(prefix, k, &out[k], ind_jit_output_type(jit, k)))
          rc = 1;
      }
      ind_jit_free_outputs(out, ind_jit_num_outputs(jit), in, nin);
    }
  }
  for (int i = 0; i < nin; ++i)
    free(bufs[i]);
  ind_jit_destroy(jit);
  mlirModuleDestroy(m);
  return rc;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: unit-cpujit MODULE.mlir OUTPREFIX [inputs...]\n");
    return 1;
  }
  char err[256];
  size_t len = 0;
  char *src = ind_read_file(argv[1], &len, err, sizeof err);
  if (!src) {
    fprintf(stderr, "unit-cpujit: %s\n", err);
    return 1;
  }
  IndContext ic;
  if (!ind_context_create(&ic)) {
    ind_context_destroy(&ic);
    free(src);
    return 1;
  }
  IndDiagEngine diag;
  ind_diag_attach(&diag, ic.ctx, argv[1], false);
  int rc = run(&ic, src, len, argc - 3, argv + 3, argv[2]);
  ind_diag_detach(&diag);
  ind_context_destroy(&ic);
  free(src);
  return rc;
}
