/* run_cuda.c - ind-run's GPU path, over libind's session (the program) and the runtime (its runs); see run_cuda.h. */
#include "tools/run_cuda.h"

#include "ind/runtime.h"
#include "lib/ir.h"
#include "lib/pipeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BENCH_REPEATS 10

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Reports a runtime status at func (located, or "cuda run: ...") and consumes it. */
static bool ok_or_report(MlirOperation func, IndStatus st) { return ind_run_report(func, st, "cuda run", false); }

typedef struct CudaRun {
  const IndRtProgram *p; /* the session's program's (ind_program_runtime) */
  IndCudaModule *m;
  IndCudaGraph *g;
  void *stream;
  int nin, nout;
  uint64_t *din, *dout; /* nin and nout device buffers */
} CudaRun;

static IndStatus to_device(const IndTensor *t, IndTensorInfo info, uint64_t dst) {
  IndElementType dt = info.type;
  if (!ind_dtype_supported(dt) || t->numel != info.numel)
    return ind_status_create("input %s: unsupported dtype %s or wrong size", info.name,
                             ind_element_type_name(info.type));
  unsigned char *host = malloc((size_t)info.bytes + 1);
  if (!host)
    return ind_status_create("out of host memory");
  ind_tensor_to_dense(t, dt, host);
  IndStatus st = ind_cuda_memcpy_htod(dst, host, (size_t)info.bytes);
  free(host);
  return st;
}

static IndStatus from_device(uint64_t src, IndTensorInfo info, IndTensor *t) {
  IndElementType dt = info.type;
  if (!ind_dtype_supported(dt))
    return ind_status_create("output %s: unsupported dtype %s", info.name, ind_element_type_name(info.type));
  unsigned char *host = malloc((size_t)info.bytes + 1);
  IndStatus st = host ? ind_cuda_memcpy_dtoh(host, src, (size_t)info.bytes) : ind_status_create("out of memory");
  if (!st && !ind_tensor_from_dense(t, dt, info.rank, info.shape, host))
    st = ind_status_create("output %s: unsupported dtype %s", info.name, ind_element_type_name(info.type));
  free(host);
  return st;
}

static IndStatus setup(CudaRun *r, const IndTensor *in) {
  IndStatus st = ind_cuda_module_load(r->p, NULL, &r->m);
  if (!st)
    st = ind_cuda_stream_create(&r->stream);
  for (int k = 0; !st && k < r->nin; ++k) {
    IndTensorInfo info = ind_rt_program_input(r->p, k);
    st = ind_cuda_malloc((size_t)info.bytes, &r->din[k]);
    if (!st)
      st = to_device(&in[k], info, r->din[k]);
  }
  for (int k = 0; !st && k < r->nout; ++k) {
    IndTensorInfo info = ind_rt_program_output(r->p, k);
    st = ind_cuda_malloc((size_t)info.bytes, &r->dout[k]);
    if (!st)
      st = ind_cuda_memset_d32(r->dout[k], 0x7fc00000u, (size_t)info.bytes / 4, r->stream); /* NaN poison */
  }
  if (!st)
    st = ind_cuda_module_run_checked(r->m, r->din, r->dout, r->stream);
  if (!st)
    st = ind_cuda_stream_synchronize(r->stream);
  return st;
}

static IndStatus run_once(void *user) {
  CudaRun *r = user;
  return ind_cuda_module_run(r->m, r->din, r->dout, r->stream);
}

static IndStatus replay_once(void *user) {
  CudaRun *r = user;
  return ind_cuda_graph_launch(r->g, r->stream);
}

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

static IndStatus median_us(CudaRun *r, IndStatus (*fn)(void *), int iters, double *us) {
  float ms[BENCH_REPEATS];
  for (int i = 0; i < BENCH_REPEATS; ++i) {
    IndStatus st = ind_cuda_time(r->stream, iters, fn, r, &ms[i]);
    if (st)
      return st;
  }
  qsort(ms, BENCH_REPEATS, sizeof ms[0], cmp_float);
  *us = 0.5 * (ms[BENCH_REPEATS / 2 - 1] + ms[BENCH_REPEATS / 2]) * 1e3 / iters;
  return NULL;
}

static IndStatus bench(CudaRun *r, int iters) {
  float one = 0;
  IndStatus st = ind_cuda_time(r->stream, 1, run_once, r, &one); /* warm-up */
  if (st)
    return st;
  if (iters <= 0) {
    double want = 10.0 / (one > 1e-4f ? one : 1e-4f);
    iters = want < 1 ? 1 : want > 2000 ? 2000 : (int)want;
  }
  /* graph_us: one graph of iters calls back to back, replayed between two events, per call (Triton's
   * do_bench_cudagraph, as Inductor's code is timed) */
  double us = 0, gus = 0;
  if ((st = median_us(r, run_once, iters, &us)) ||
      (st = ind_cuda_module_capture_n(r->m, r->din, r->dout, r->stream, iters, &r->g)) ||
      (st = median_us(r, replay_once, 1, &gus)))
    return st;
  gus /= iters;
  int64_t bytes = ind_rt_program_min_bytes(r->p);
  printf("bench: steps=%d iters=%d median_us=%.2f graph_us=%.2f bytes=%lld gbps=%.1f graph_gbps=%.1f\n",
         ind_rt_program_num_steps(r->p), iters, us, gus, (long long)bytes, us > 0 ? (double)bytes / us / 1e3 : 0.0,
         gus > 0 ? (double)bytes / gus / 1e3 : 0.0);
  return NULL;
}

static void teardown(CudaRun *r) {
  ind_cuda_graph_destroy(r->g);
  for (int k = 0; r->din && k < r->nin; ++k)
    ind_cuda_free(r->din[k]);
  for (int k = 0; r->dout && k < r->nout; ++k)
    ind_cuda_free(r->dout[k]);
  free(r->din);
  free(r->dout);
  ind_cuda_stream_destroy(r->stream);
  ind_cuda_module_destroy(r->m);
}

MlirLogicalResult ind_run_cuda(MlirOperation func, const IndTensor *in, int n_in, IndTensor **out, int *n_out,
                               const IndRunCudaOptions *opts) {
  *out = NULL;
  *n_out = 0;
  int level = 0;
  double t0 = now_ms(), pipeline_ms = 0.0;
  IndProgram *prog = ind_run_build(func, &opts->base, true, "cuda run", &level, &pipeline_ms);
  double t1 = now_ms();
  if (!prog)
    return mlirLogicalResultFailure();
  CudaRun r;
  memset(&r, 0, sizeof r);
  r.p = ind_program_runtime(prog);
  r.nin = ind_rt_program_num_inputs(r.p);
  r.nout = ind_rt_program_num_outputs(r.p);
  r.din = calloc((size_t)r.nin + 1, sizeof *r.din);
  r.dout = calloc((size_t)r.nout + 1, sizeof *r.dout);
  *out = calloc((size_t)r.nout + 1, sizeof **out);
  bool ok = true;
  if (!r.din || !r.dout || !*out)
    ok = mlirLogicalResultIsSuccess(ind_emit_error(func, "cuda run: out of memory"));
  else if (r.nin != n_in)
    ok = mlirLogicalResultIsSuccess(ind_emit_error(
        func, "cuda run: the plan takes %d inputs and has %d outputs (given %d inputs)", r.nin, r.nout, n_in));
  ok = ok && ok_or_report(func, setup(&r, in));
  double t2 = now_ms();
  for (int k = 0; ok && k < r.nout; ++k)
    if (!ok_or_report(func, from_device(r.dout[k], ind_rt_program_output(r.p, k), &(*out)[k]))) {
      for (int j = 0; j < k; ++j)
        ind_tensor_free(&(*out)[j]);
      ok = false;
    }
  if (ok)
    *n_out = r.nout;
  double ref_ms = 0;
  bool check = ok && opts->base.check && level != IND_LEVEL_KERNEL;
  if (check)
    ok = ind_run_check_against_reference(func, in, n_in, *out, *n_out, &opts->base, &ref_ms);
  if (r.m) {
    printf("cuda: compile %.1f ms (pipeline + PTX), load + first run %.1f ms", t1 - t0, t2 - t1);
    if (check)
      printf("; reference %.1f ms", ref_ms);
    printf("\n");
  }
  if (ok && opts->bench)
    ok = ok_or_report(func, bench(&r, opts->iters));
  fflush(stdout);
  teardown(&r);
  ind_program_destroy(prog);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
