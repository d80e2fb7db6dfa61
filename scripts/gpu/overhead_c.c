/* overhead_c.c - host overhead of the runtime's C API per call (scripts/gpu/overhead.sh builds and runs it on
 * the GPU machine): the time from the call to its kernels being enqueued, for ind_cuda_module_run and for
 * the replay of a captured CUDA graph (ind_cuda_graph_launch). Batches of 64 calls are timed on the host
 * (clock_gettime) and the stream is synchronized between batches, outside the timing, so the launch queue
 * never fills (a full queue would measure GPU time). Prints one line per mode: median per call in us.
 *   overhead_c PROGRAM.indprog */
#define _POSIX_C_SOURCE 200809L
#include "ind/runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define BATCH 64
#define REPS 300

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int check(IndStatus st) {
  if (!st)
    return 0;
  fprintf(stderr, "overhead_c: error: %s\n", ind_status_message(st));
  ind_status_destroy(st);
  exit(1);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: overhead_c PROGRAM.indprog\n");
    return 1;
  }
  IndRtProgram *p = NULL;
  IndCudaModule *m = NULL;
  IndCudaGraph *g = NULL;
  void *stream = NULL;
  check(ind_rt_program_load_file(argv[1], &p));
  check(ind_cuda_module_load(p, NULL, &m));
  check(ind_cuda_stream_create(&stream));
  uint64_t in[64], out[64];
  for (int k = 0; k < ind_rt_program_num_inputs(p); ++k)
    check(ind_cuda_malloc((size_t)ind_rt_program_input(p, k).bytes, &in[k]));
  for (int k = 0; k < ind_rt_program_num_outputs(p); ++k)
    check(ind_cuda_malloc((size_t)ind_rt_program_output(p, k).bytes, &out[k]));
  check(ind_cuda_module_capture(m, in, out, stream, &g));
  static double t[REPS];
  for (int mode = 0; mode < 2; ++mode) {
    for (int r = 0; r < REPS; ++r) {
      double t0 = now_us();
      for (int i = 0; i < BATCH; ++i)
        check(mode ? ind_cuda_graph_launch(g, stream) : ind_cuda_module_run(m, in, out, stream));
      t[r] = (now_us() - t0) / BATCH;
      check(ind_cuda_stream_synchronize(stream));
    }
    qsort(t, REPS, sizeof t[0], cmp);
    printf("OVERHEAD api=c mode=%s steps=%d per_call_us=%.2f p10_us=%.2f p90_us=%.2f\n", mode ? "graph" : "launch",
           ind_rt_program_num_steps(p), t[REPS / 2], t[REPS / 10], t[REPS * 9 / 10]);
  }
  ind_cuda_graph_destroy(g);
  ind_cuda_stream_destroy(stream);
  ind_cuda_module_destroy(m);
  ind_rt_program_destroy(p);
  return 0;
}
