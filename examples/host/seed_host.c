/* seed_host.c - a C host program over libind (include/ind/ind.h): compiles a graph-dialect program (the
 * seed by default), prints what it got (inputs, outputs, kernels), runs it on seeded inputs on the CPU JIT
 * or on the GPU through the runtime, and checks the result against the reference interpreter.
 *
 *   seed_host [--device=cpu|cuda] [--save FILE] [--load FILE] [program.mlir]
 *
 * --save writes the compiled program (plan + PTX + kernel IR); --load runs a saved one instead of
 * compiling (on the GPU machine, where there is no MLIR, only --device=cuda with --load works... and then
 * without the reference check, which needs the compiler). Exit 0 when every output is within
 * atol 1e-5 + rtol 1e-4 of the reference. */
#include "ind/ind.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_IO 16

static int fail(IndStatus st) {
  fprintf(stderr, "seed_host: error: %s\n", ind_status_message(st));
  ind_status_destroy(st);
  return 1;
}

static double load(const void *p, IndElementType t, int64_t i) {
  return t == IND_ELEM_F64 ? ((const double *)p)[i] : ((const float *)p)[i];
}

/* The same inputs everywhere: a small LCG, uniform in [-1, 1). */
static void fill(float *x, int64_t n, unsigned seed) {
  unsigned s = seed * 2654435761u + 1;
  for (int64_t i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    x[i] = (float)(s >> 8) / 8388608.0f - 1.0f;
  }
}

static int run_cuda(IndProgram *p, void **in, void **out) {
  int nin = ind_program_num_inputs(p), nout = ind_program_num_outputs(p);
  uint64_t din[MAX_IO] = {0}, dout[MAX_IO] = {0};
  IndStatus st = NULL;
  char why[512];
  if (!ind_cuda_available(why, sizeof why)) {
    fprintf(stderr, "seed_host: error: no GPU: %s\n", why);
    return 1;
  }
  /* the first run loads the module (and the context); allocate after it */
  void *stream = NULL;
  for (int k = 0; !st && k < nin; ++k)
    st = ind_cuda_malloc((size_t)ind_program_input(p, k).bytes, &din[k]);
  for (int k = 0; !st && k < nout; ++k)
    st = ind_cuda_malloc((size_t)ind_program_output(p, k).bytes, &dout[k]);
  for (int k = 0; !st && k < nin; ++k)
    st = ind_cuda_memcpy_htod(din[k], in[k], (size_t)ind_program_input(p, k).bytes);
  if (!st)
    st = ind_program_run_cuda(p, din, dout, stream);
  if (!st)
    st = ind_cuda_stream_synchronize(stream);
  for (int k = 0; !st && k < nout; ++k)
    st = ind_cuda_memcpy_dtoh(out[k], dout[k], (size_t)ind_program_output(p, k).bytes);
  for (int k = 0; k < nin; ++k)
    ind_cuda_free(din[k]);
  for (int k = 0; k < nout; ++k)
    ind_cuda_free(dout[k]);
  return st ? fail(st) : 0;
}

int main(int argc, char **argv) {
  const char *path = "examples/seed.mlir", *device = "cpu", *save = NULL, *load_path = NULL;
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], "--device=", 9))
      device = argv[i] + 9;
    else if (!strcmp(argv[i], "--save") && i + 1 < argc)
      save = argv[++i];
    else if (!strcmp(argv[i], "--load") && i + 1 < argc)
      load_path = argv[++i];
    else if (argv[i][0] != '-')
      path = argv[i];
    else {
      fprintf(stderr, "usage: seed_host [--device=cpu|cuda] [--save FILE] [--load FILE] [program.mlir]\n");
      return 1;
    }
  }
  IndCompiler *c = NULL;
  IndCompileOptions *o = NULL;
  IndProgram *p = NULL;
  IndStatus st = ind_compiler_create(&c);
  if (!st)
    st = ind_compile_options_create(&o);
  if (!st)
    st = ind_compile_options_set(o, "device", device);
  if (!st)
    st = load_path ? ind_program_load(c, load_path, &p) : ind_compile_file(c, path, o, &p);
  if (!st && save)
    st = ind_program_save(p, save);
  if (st) {
    ind_compile_options_destroy(o);
    ind_compiler_destroy(c);
    return fail(st);
  }
  int nin = ind_program_num_inputs(p), nout = ind_program_num_outputs(p);
  printf("program: %d input(s), %d output(s), %d step(s)\n", nin, nout, ind_program_num_steps(p));
  void *in[MAX_IO] = {0}, *out[MAX_IO] = {0}, *ref[MAX_IO] = {0};
  for (int k = 0; k < nin && k < MAX_IO; ++k) {
    IndTensorInfo t = ind_program_input(p, k);
    printf("  input %d: %s %s [", k, t.name, ind_element_type_name(t.type));
    for (int d = 0; d < t.rank; ++d)
      printf("%s%lld", d ? ", " : "", (long long)t.shape[d]);
    printf("]\n");
    in[k] = calloc((size_t)t.bytes + 1, 1);
    if (t.type == IND_ELEM_F32)
      fill(in[k], t.numel, (unsigned)k);
  }
  for (int k = 0; k < nout && k < MAX_IO; ++k) {
    IndTensorInfo t = ind_program_output(p, k);
    out[k] = calloc((size_t)t.bytes + 1, 1);
    ref[k] = calloc((size_t)t.bytes + 1, 1);
  }
  for (int i = 0; i < ind_program_num_steps(p); ++i) {
    IndStepInfo s = ind_program_step(p, i);
    printf("  step %d: %s %s grid [%u, %u, %u] block [%u, %u, %u]\n", i, s.is_extern ? "extern" : "launch", s.kernel,
           s.grid[0], s.grid[1], s.grid[2], s.block[0], s.block[1], s.block[2]);
  }
  int rc = strcmp(device, "cuda") == 0 ? run_cuda(p, in, out)
                                       : ((st = ind_program_run_cpu(p, (const void *const *)in, out)) ? fail(st) : 0);
  if (rc == 0 && (st = ind_program_run_reference(p, (const void *const *)in, ref)))
    rc = fail(st);
  for (int k = 0; rc == 0 && k < nout; ++k) {
    IndTensorInfo t = ind_program_output(p, k);
    double max_abs = 0, sum = 0;
    int64_t bad = 0;
    for (int64_t i = 0; i < t.numel; ++i) {
      double g = load(out[k], t.type, i), w = load(ref[k], t.type, i);
      double d = fabs(g - w);
      sum += g;
      max_abs = d > max_abs ? d : max_abs;
      bad += !(d <= 1e-5 + 1e-4 * fabs(w));
    }
    printf("output %d: %s sum=%.6g max_abs_err=%.3g %s\n", k, t.name, sum, max_abs, bad ? "FAIL" : "PASS");
    rc = bad ? 1 : rc;
  }
  for (int k = 0; k < MAX_IO; ++k) {
    free(in[k]);
    free(out[k]);
    free(ref[k]);
  }
  ind_program_destroy(p);
  ind_compile_options_destroy(o);
  ind_compiler_destroy(c);
  return rc;
}
