/* ind/ind.h - ind as a library: compile a graph-dialect program, inspect it, run it on the CPU (JIT) or
 * on a GPU (through ind/runtime.h), save and load it. docs/tools/libind.md is the user's page.
 *
 * Conventions (those of the MLIR C API): opaque handles; whoever gets a handle from a *_create,
 * ind_compile* or ind_program_load call owns it and releases it with the matching *_destroy; every call
 * that can fail returns an IndStatus (NULL on success, else an error the caller owns: read
 * ind_status_message, release with ind_status_destroy). Nothing exits or aborts on bad input: a parse or
 * verifier error, a stage that fails, an unknown option, a bad file are all statuses whose message holds
 * the located diagnostics (`name:line:col: error: ...`).
 *
 * Lifetimes: an IndCompiler (an MLIR context with ind's dialects and every stage registered) must outlive
 * the programs it made or loaded. One compiler per thread: it is not thread-safe. Programs loaded without
 * a compiler (compiler NULL) can run on the GPU only. */
#ifndef IND_IND_H
#define IND_IND_H

#include "ind/runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IndCompiler IndCompiler;
typedef struct IndCompileOptions IndCompileOptions;
typedef struct IndProgram IndProgram;

typedef enum IndDevice { IND_DEVICE_CPU = 0, IND_DEVICE_CUDA = 1 } IndDevice;

/* The library's version, "MAJOR.MINOR". */
const char *ind_version(void);

IndStatus ind_compiler_create(IndCompiler **out);
void ind_compiler_destroy(IndCompiler *c);

/* Loads a fusion plugin (a shared library over include/ind/fusion.h, as `ind-opt --load-pass-plugin=LIB.so`
 * loads it): its strategies are registered for the whole process, and fuse=NAME (and its PASS.OPTION options)
 * can name them in every compile after. Loading the same library again does nothing. The plugin's calls of
 * the fusion API resolve to this library's (libind.so exports that API; it makes itself global for it). */
IndStatus ind_compiler_load_plugin(IndCompiler *c, const char *path);

/* Options, as key=value pairs (all optional):
 *   device=cpu|cuda       what to compile for (default cpu): cpu JITs the kernels with LLVM, cuda
 *                         emits PTX (needs libdevice for math; CUDA_HOME) and keeps the kernel IR;
 *   fuse=NAME             the fusion strategy (ind-opt --fuse=NAME: inductor, vertical, none, tvm, search,
 *                         or a plugin's), with its implied stages: fuse=tvm lowers op-level; without it,
 *                         a program fused already is not fused again (as `ind-opt --codegen`);
 *   target=sm_XX          the PTX chip (sm_50 .. sm_90a; default sm_90);
 *   opt-level=0..3        LLVM optimization level of the CPU JIT (default 2);
 *   func=NAME             the func.func to compile (default: the module's only one);
 *   PASS.OPTION=VALUE     an option of a pass the pipeline runs, e.g. fuse-inductor.max-fusion-size=8,
 *                         sched-to-kernel.persistent-threshold=512 (checked by the pass's option parser).
 * ind_compile_options_set checks the key's form and the value's characters; the pass options are
 * checked when compiling. */
IndStatus ind_compile_options_create(IndCompileOptions **out);
IndStatus ind_compile_options_set(IndCompileOptions *o, const char *key, const char *value);
void ind_compile_options_destroy(IndCompileOptions *o);

/* Compiles graph-dialect (or ind/sched/kernel-level) text through every stage. `name` names the source
 * in diagnostics ("model.mlir"). opts may be NULL (defaults). */
IndStatus ind_compile(IndCompiler *c, const char *text, size_t len, const char *name, const IndCompileOptions *opts,
                      IndProgram **out);
IndStatus ind_compile_file(IndCompiler *c, const char *path, const IndCompileOptions *opts, IndProgram **out);
void ind_program_destroy(IndProgram *p);

/* Save / load (the program file of ind/runtime.h: plan, PTX when compiled for cuda, the kernel-level IR
 * and the source). A program loaded with a compiler can run on the CPU (its kernel IR is JIT-compiled on
 * the first CPU run) and against the reference interpreter. */
IndStatus ind_program_save(const IndProgram *p, const char *path);
IndStatus ind_program_load(IndCompiler *c, const char *path, IndProgram **out);

/* Inspection. Strings stay valid while the program lives. */
IndDevice ind_program_device(const IndProgram *p);
const char *ind_program_diagnostics(const IndProgram *p); /* warnings and remarks of the compile ("" if none) */
int ind_program_num_inputs(const IndProgram *p);
int ind_program_num_outputs(const IndProgram *p);
IndTensorInfo ind_program_input(const IndProgram *p, int i);
IndTensorInfo ind_program_output(const IndProgram *p, int i);
int ind_program_num_steps(const IndProgram *p); /* the launch plan: kernel launches and extern calls */
IndStepInfo ind_program_step(const IndProgram *p, int i);
const char *ind_program_launch_plan(const IndProgram *p, size_t *len); /* JSON */
const char *ind_program_ptx(const IndProgram *p, size_t *len);         /* NULL unless compiled for cuda */
const char *ind_program_kernel_ir(const IndProgram *p, size_t *len);   /* the kernel-level module */
const IndRtProgram *ind_program_runtime(const IndProgram *p);          /* for ind/runtime.h calls */

/* CPU: runs the JIT-compiled program on caller-owned buffers: inputs[i] / outputs[i] point at dense
 * C-order data of ind_program_input(p, i) / ind_program_output(p, i) (dtype and shape as given there).
 * Synchronous. */
IndStatus ind_program_run_cpu(IndProgram *p, const void *const *inputs, void *const *outputs);
/* The reference interpreter on the source program (double precision, rounded where the program stores),
 * same buffer convention: the ground truth to check against. */
IndStatus ind_program_run_reference(IndProgram *p, const void *const *inputs, void *const *outputs);

/* GPU: enqueues the program on `stream` (a CUstream; NULL = the legacy default stream) with caller-owned
 * device pointers. The PTX is loaded on the first call (the context current then, else device 0's primary
 * context; intermediates from cuMemAlloc, kept for later calls); later calls only launch. Asynchronous.
 * For an allocator, CUDA graphs or a specific device, use ind/runtime.h on ind_program_runtime(p). */
IndStatus ind_program_run_cuda(IndProgram *p, const uint64_t *inputs, const uint64_t *outputs, void *stream);
/* The same with the intermediates in the caller's memory (ind_cuda_module_run_scratch): *bytes is what a run
 * needs (loads the PTX first, as the first run would), run_cuda_scratch takes it at `scratch`. */
IndStatus ind_program_cuda_scratch_bytes(IndProgram *p, size_t *bytes);
IndStatus ind_program_run_cuda_scratch(IndProgram *p, const uint64_t *inputs, const uint64_t *outputs, uint64_t scratch,
                                       void *stream);
/* The program's CUDA module (loaded on first use, as by the first run), for the rest of ind/runtime.h
 * (ind_cuda_module_run_steps, ind_cuda_module_step_span); owned by the program. */
IndStatus ind_program_cuda_module(IndProgram *p, IndCudaModule **out);

#ifdef __cplusplus
}
#endif

#endif
