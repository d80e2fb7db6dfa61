/* run_compiled.h - ind-run's compiled path: compile a program through the whole pipeline, run it on
 * the CPU JIT and check it against the reference interpreter. The program is built and run, and the reference
 * run, by libind's compile session (libind/session.h: ind_session_reference), as the bindings' are: this file
 * holds only what ind-run shows (its tensors, the check, the timing line).
 *
 * ind_run_compiled() takes the func.func ind-run chose (graph, ind, sched or kernel level):
 *   1. compiles it: ind_session_lower (the stages from its level through --codegen, as `ind-opt --codegen`
 *      does; a kernel-level program is taken as it is: the whole module, its kernel.defs and the host
 *      wrapper @call), then ind_session_build (the launch plan, then convert-kernel-to-cpu, the LLVM
 *      pipeline and the ExecutionEngine);
 *   2. runs it with ind_program_run_cpu on the inputs (IndTensors written as dense buffers of the program's
 *      input dtypes; outputs read back into IndTensors);
 *   3. unless opts->check is false or the program is at the kernel level (the interpreter does not
 *      run kernel IR), runs the reference interpreter on the original function with the same inputs
 *      and compares every output: |got - want| <= atol' + rtol' * |want|, where for f16 / bf16
 *      outputs atol' = max(atol, eps) and rtol' = max(rtol, 2 eps) with eps = 2^-10 / 2^-7 (the
 *      reference rounds each graph op, a fused kernel once), else the given ones. Prints one line per output
 *      (`out0: 1024x1024xf32 max_abs_err=... max_rel_err=... PASS|FAIL`) and a timing line
 *      (`compiled: compile X ms (pipeline Y ms, llvm+jit Z ms), run W ms; reference V ms`; llvm+jit is the
 *      session's build: the launch plan and the JIT).
 * Returns failure (after a located diagnostic, or the FAIL lines) on a compile error, a JIT error,
 * a reference error or a mismatch; *out is an array of room for the program's outputs (NULL when none was
 * built), and the compiled outputs are left in (*out)[0 .. *n_out) either way when the run itself succeeded
 * (free each with ind_tensor_free, then the array with free). */
#ifndef IND_TOOLS_RUN_COMPILED_H
#define IND_TOOLS_RUN_COMPILED_H

#include "ind/ind.h"
#include "lib/diag.h"
#include "lib/tensor.h"

#include <mlir-c/IR.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IndRunCompiledOptions {
  double rtol, atol;         /* comparison tolerances (see above) */
  bool check;                /* run the reference and compare */
  int opt_level;             /* LLVM optimization level of the JIT, 0..3 */
  const char *fuse;          /* the fusion strategy (`ind-opt --fuse=NAME`), NULL for the stages' default */
  const IndDiagEngine *diag; /* the tool's engine: a session failure it has printed errors for is not reported
                                again (NULL: every failure is reported) */
} IndRunCompiledOptions;

/* The pieces, for the CUDA path (tools/run_cuda.h). ind_run_build: the program of `func` from libind's session
 * (ind_session_lower, then ind_session_build for the GPU or the CPU), *level the input's level and *pipeline_ms
 * the stages' time; NULL after a located error (a stage's error, or the session's status as "compiled run: ..."
 * from the stages and "PREFIX: ..." from the build). ind_run_report: consumes st and reports it, when it
 * is a failure that no diagnostic has said yet (not `said`), at its own location when it has one (a checked-mode
 * violation), else at func as "PREFIX: message"; true when st is NULL. ind_run_check_against_reference: the reference
 * check of outputs (prints the `check outK:` lines; false on a mismatch or a reference error). */
IndProgram *ind_run_build(MlirOperation func, const IndRunCompiledOptions *o, bool cuda, const char *prefix, int *level,
                          double *pipeline_ms);
bool ind_run_report(MlirOperation func, IndStatus st, const char *prefix, bool said);
bool ind_run_check_against_reference(MlirOperation func, const IndTensor *in, int n_in, const IndTensor *out, int n_out,
                                     const IndRunCompiledOptions *o, double *ms);

MlirLogicalResult ind_run_compiled(MlirOperation func, const IndTensor *in, int n_in, IndTensor **out, int *n_out,
                                   const IndRunCompiledOptions *opts);

#ifdef __cplusplus
}
#endif

#endif
