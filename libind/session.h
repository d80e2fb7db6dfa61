/* session.h - libind's compile session, for the clients inside the project (ind-run; the public API of
 * include/ind/ind.h is made of the same entries). It is the one code that drives the stages for a compile
 * (ind_session_lower), builds a program: the launch plan, the PTX, the kernel IR and the CPU JIT
 * (ind_session_build), and runs the reference interpreter (ind_session_reference); the program then runs
 * through ind.h (ind_program_run_cpu, ind_program_run_cuda, ind_program_run_reference, which is
 * ind_session_reference on the program's stored source) or through ind/runtime.h on ind_program_runtime().
 *
 * Unlike ind_compile, these take a function already in memory, in the caller's context, and leave its
 * diagnostics to that context's handler (a tool's engine prints them located, as it prints its own): a
 * failure returns a status that names it, after the located errors of the stage that failed, if any. A
 * caller that reports statuses itself can tell the two apart by its engine's error count. Not exported
 * from libind.so (cmake/libind.map lists the public API only). */
#ifndef IND_LIBIND_SESSION_H
#define IND_LIBIND_SESSION_H

#include "ind/ind.h"
#include "lib/pipeline.h"
#include "lib/tensor.h"

#include <mlir-c/IR.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IndSessionOptions {
  const char *fuse;           /* the fusion strategy (`ind-opt --fuse=NAME`), NULL for the stages' default */
  IndPassOverride *overrides; /* pass options (libind's PASS.OPTION=VALUE); ind_stages_add marks those used */
  int n_overrides;
  bool cuda;        /* build the PTX for the GPU; else JIT-compile the kernels for the CPU */
  const char *chip; /* the PTX target ("sm_90"), NULL for the default */
  int opt_level;    /* the CPU JIT's LLVM optimization level, 0..3 */
  bool jit_only;    /* the CPU: the JIT alone, no launch plan (the JIT runs the host wrapper @call, which needs none;
                       ind-run's CPU path). The program then has no runtime program: its inputs and outputs are
                       the JIT entry's, and it has nothing to save, inspect (no plan, no kernel IR) or run on the GPU */
} IndSessionOptions;

/* The kernel-level module of `func` (a func.func of a module at any level): at the kernel level a copy of
 * its whole module (the kernel.defs and the host wrapper @call), else a fresh module holding a copy of func
 * taken through the stages from its level through codegen (ind_stages_add with what `ind-opt [--fuse=F]
 * --codegen` asks; an override of a pass those stages do not run is an error). *level is the input's level
 * (IND_LEVEL_*). The caller owns *out (null on failure). */
IndStatus ind_session_lower(MlirOperation func, const IndSessionOptions *o, MlirModule *out, int *level);

/* A program made from the kernel-level module `kernel` (left as it is): the launch plan, the PTX when
 * o->cuda, the kernel IR and, when `source` is not null, that function's text (the reference of
 * ind_program_run_reference), unless o->jit_only; for the CPU, the JIT (of a copy of kernel). The program belongs to
 * compiler c, which must outlive it; with c NULL it belongs to none: it runs on the CPU with its JIT (diagnostics to
 * kernel's context) and on the GPU, but has no reference and is not JIT-compiled again. */
IndStatus ind_session_build(IndCompiler *c, MlirModule kernel, MlirOperation source, const IndSessionOptions *o,
                            IndProgram **out);

/* The reference run of `func` (a func.func at the graph, ind or sched level: interp/interp.h) on in[0 .. n_in),
 * in argument order. *out receives a fresh array of every value the function returns, *n_out of them (no cap:
 * free each with ind_tensor_free, then the array with free); NULL and 0 on failure. `unrounded`: the f16/bf16
 * results of graph ops are not rounded, only the outputs (ind_interp_func_unrounded: the other end of the
 * precision range a compiled program may have). A failure returns "the reference interpreter failed" after the
 * interpreter's located errors. */
IndStatus ind_session_reference(MlirOperation func, const IndTensor *in, int n_in, bool unrounded, IndTensor **out,
                                int *n_out);

#ifdef __cplusplus
}
#endif

#endif
