/* run_cuda.h - ind-run's GPU path (`ind-run --device=cuda`): compile a program to PTX and a launch plan,
 * run it through the runtime (include/ind/runtime.h) and check it against the reference interpreter.
 *
 * ind_run_cuda() has libind's session compile `func` for the GPU (tools/run_compiled.h ind_run_build: every
 * stage, as the CPU path, then the PTX and the launch plan), loads its runtime program on device 0, copies the inputs
 * (IndTensors, written in their storage dtypes) to the device, runs the launch sequence once step by step
 * (synchronizing after each step, so a fault names its step) with NaN-poisoned outputs, copies the outputs back and,
 * unless opts->check is false or the input is kernel IR, compares them with the reference interpreter (the tolerances
 * of tools/run_compiled.h). With bench, it then times `iters` back-to-back runs between two events (10 repeats, median
 * per call) and the replay of a CUDA graph of the whole sequence, and prints the bandwidth achieved against the bytes
 * the program must move (each input read, each output written once). Every CUDA error names its call; nothing aborts.
 */
#ifndef IND_TOOLS_RUN_CUDA_H
#define IND_TOOLS_RUN_CUDA_H

#include "tools/run_compiled.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IndRunCudaOptions {
  IndRunCompiledOptions base; /* tolerances, check */
  bool bench;
  int iters; /* back-to-back runs per timed repeat (0: ~10 ms worth) */
} IndRunCudaOptions;

/* The outputs as ind_run_compiled's: *out an array of room for them (NULL when no program was built), (*out)[0 ..
 * *n_out) filled when the run succeeded. */
MlirLogicalResult ind_run_cuda(MlirOperation func, const IndTensor *in, int n_in, IndTensor **out, int *n_out,
                               const IndRunCudaOptions *opts);

#ifdef __cplusplus
}
#endif

#endif
