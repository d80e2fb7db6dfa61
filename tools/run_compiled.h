/* run_compiled.h - ind-run's compiled path: compile a program through the whole pipeline, run it on
 * the CPU JIT (runtime/jit.h) and check it against the reference interpreter (interp/interp.h).
 *
 * ind_run_compiled() takes the func.func ind-run chose (graph, ind, sched or kernel level):
 *   1. compiles a copy of it: the stages from its level through --codegen (lib/pipeline.h, as
 *      `ind-opt --codegen` does), then convert-kernel-to-cpu and the LLVM pipeline, then the
 *      ExecutionEngine. A kernel-level program is taken as it is (the whole module: its kernel.defs
 *      and the host wrapper @call);
 *   2. runs the host wrapper @call on the inputs (IndTensors are written into storage buffers of
 *      the argument memrefs' dtypes and layouts; outputs are read back into IndTensors);
 *   3. unless opts->check is false or the program is at the kernel level (the interpreter does not
 *      run kernel IR), runs the reference interpreter on the original function with the same inputs
 *      and compares every output: |got - want| <= atol' + rtol' * |want|, where for f16 / bf16
 *      outputs atol' = max(atol, eps) and rtol' = max(rtol, 2 eps) with eps = 2^-10 / 2^-7 (the
 *      reference rounds each graph op, a fused kernel once), else the given ones. Prints one line per output
 *      (`out0: 1024x1024xf32 max_abs_err=... max_rel_err=... PASS|FAIL`) and a timing line
 *      (`compiled: compile X ms (pipeline Y ms, jit Z ms), run W ms; reference V ms`).
 * Returns failure (after a located diagnostic, or the FAIL lines) on a compile error, a JIT error,
 * a reference error or a mismatch; the compiled outputs are left in out[0 .. *n_out) either way
 * when the run itself succeeded (free each with ind_tensor_free). */
#ifndef IND_TOOLS_RUN_COMPILED_H
#define IND_TOOLS_RUN_COMPILED_H

#include "lib/tensor.h"

#include <mlir-c/IR.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IndRunCompiledOptions {
  double rtol, atol; /* comparison tolerances (see above) */
  bool check;        /* run the reference interpreter and compare */
  int opt_level;     /* LLVM optimization level of the JIT, 0..3 */
  const char *fuse;  /* the fusion strategy (`ind-opt --fuse=NAME`), NULL for the stages' default */
} IndRunCompiledOptions;

/* The pieces, for the CUDA path (lib/run_cuda.h): a kernel-level copy of `func` (the stages from its
 * level through codegen, with `fuse` as --fuse's value; NULL module after a diagnostic), and the reference check of
 * outputs (prints the `check outK:` lines; false on a mismatch or a reference error). */
MlirModule ind_run_compile_to_kernel(MlirOperation func, const char *fuse, int *level);
bool ind_run_check_against_reference(MlirOperation func, const IndTensor *in, int n_in, const IndTensor *out, int n_out,
                                     const IndRunCompiledOptions *o, double *ms);

MlirLogicalResult ind_run_compiled(MlirOperation func, const IndTensor *in, int n_in, IndTensor *out, int max_out,
                                   int *n_out, const IndRunCompiledOptions *opts);

#ifdef __cplusplus
}
#endif

#endif
