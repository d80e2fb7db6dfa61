/* rt_checked.c - checked mode through the runtime's C API against the mock driver (test/runtime/checked.test):
 * a violation the kernels record is returned by the run as a located status, the record is cleared for the
 * next run, and a checked run (synchronized per step) reads it after every step and stops at the step whose
 * kernel recorded it; with $RT_CHECKED_CAPTURE=KERNEL:SITE1:INDEX, a violation recorded by a run inside a
 * caller's stream capture is left for the next run (a synchronize would break the capture).
 *   rt_checked PLAN.json PTX [checked-first] */
#define _POSIX_C_SOURCE 200809L
#include "ind/runtime.h"
#include "slurp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints the status, and its location when it has one. */
static bool show(const char *what, IndStatus st) {
  const char *file, *text;
  int line, col;
  printf("%s: %s\n", what, st ? ind_status_message(st) : "ok");
  if (ind_status_location(st, &file, &line, &col, &text))
    printf("  located at file %s line %d col %d, text: %s\n", file, line, col, text);
  ind_status_destroy(st);
  return st == NULL;
}

int main(int argc, char **argv) {
  if (argc != 3 && !(argc == 4 && strcmp(argv[3], "checked-first") == 0))
    return 2;
  setvbuf(stdout, NULL, _IONBF, 0); /* interleaved with the mock's stderr trace */
  size_t plan_len = 0, ptx_len = 0;
  char *plan = slurp(argv[1], &plan_len), *ptx = slurp(argv[2], &ptx_len);
  IndRtProgram *p = NULL;
  IndCudaModule *m = NULL;
  void *stream = NULL;
  uint64_t in[8] = {0}, out[8] = {0};
  int nin = 0, nout = 0;
  if (!plan || !ptx || !show("create", ind_rt_program_create(argv[1], plan, plan_len, argv[2], ptx, ptx_len, &p)))
    goto done;
  nin = ind_rt_program_num_inputs(p);
  nout = ind_rt_program_num_outputs(p);
  if (nin > 8 || nout > 8 || !show("load module", ind_cuda_module_load(p, NULL, &m)) ||
      !show("stream", ind_cuda_stream_create(&stream)))
    goto done;
  for (int k = 0; k < nin; ++k)
    show("malloc", ind_cuda_malloc((size_t)ind_rt_program_input(p, k).bytes, &in[k]));
  for (int k = 0; k < nout; ++k)
    show("malloc", ind_cuda_malloc((size_t)ind_rt_program_output(p, k).bytes, &out[k]));
  if (argc == 4)
    show("checked run first", ind_cuda_module_run_checked(m, in, out, stream));
  show("run", ind_cuda_module_run(m, in, out, stream));
  show("run again", ind_cuda_module_run(m, in, out, stream));
  if (getenv("RT_CHECKED_CAPTURE")) { /* a violation inside a caller's stream capture: nothing is read */
    setenv("MOCK_CHECK", getenv("RT_CHECKED_CAPTURE"), 1);
    setenv("MOCK_CAPTURING", "1", 1);
    show("run while the caller captures", ind_cuda_module_run(m, in, out, stream));
    unsetenv("MOCK_CAPTURING");
    show("run after the capture", ind_cuda_module_run(m, in, out, stream));
  }
  show("checked run", ind_cuda_module_run_checked(m, in, out, stream));
done:
  for (int k = 0; k < nin; ++k)
    ind_cuda_free(in[k]);
  for (int k = 0; k < nout; ++k)
    ind_cuda_free(out[k]);
  ind_cuda_stream_destroy(stream);
  ind_cuda_module_destroy(m);
  ind_rt_program_destroy(p);
  free(plan);
  free(ptx);
  return 0;
}
