/* ind/runtime.h - ind's GPU runtime: compiled programs (PTX + launch plan) without MLIR.
 *
 * A library of plain C11 over libc, with the CUDA driver (libcuda.so.1, or $IND_LIBCUDA) and, for a
 * program with an `extern mm` step, cuBLAS (libcublas.so.13/.12/.so, or $IND_LIBCUBLAS) loaded with
 * dlopen on first use: it builds and runs on a machine with a GPU and no MLIR (runtime/ind_runtime.c, one
 * gcc command, see scripts/gpu/run.sh), and it is the part of libind (ind/ind.h) that talks to the GPU.
 *
 * Conventions (those of the MLIR C API):
 *   - opaque handles; whoever gets a handle from a *_create / *_load / *_capture call owns it and
 *     releases it with the matching *_destroy;
 *   - every call that can fail returns an IndStatus: NULL on success, else an error the caller owns
 *     (read ind_status_message, release with ind_status_destroy). Nothing here exits or aborts on bad
 *     input, a bad file, a missing driver or a failing CUDA call; CUDA errors name the call, the
 *     CUresult and, as they are asynchronous, the last kernel launched before it ("cuStreamSynchronize
 *     failed: CUDA_ERROR_ILLEGAL_ADDRESS (700): ...; last kernel launched: K grid [..] block [..] shared 0
 *     (step 2)"); cuBLAS errors the call, the status and the gemm's arguments ("cublasSgemm_v2 failed:
 *     CUBLAS_STATUS_EXECUTION_FAILED (13): transa=N transb=N m=5 n=3 k=4 lda=5 ldb=4 ldc=5 dtype=f32 (step
 *     0, extern mm: ...)"); docs/gpu.md, "Checked mode";
 *   - device pointers and streams are passed as integers (uint64_t CUdeviceptr, void * CUstream), so
 *     the header needs no cuda.h.
 *
 * The program file (ind_rt_program_save / ind_rt_program_load_file) is text with length-prefixed
 * sections (docs/tools/libind.md):
 *     ind-program 1\n
 *     section plan <bytes>\n<launch-plan JSON>\n
 *     section ptx <bytes>\n<PTX>\n          (optional: absent for a CPU-only program)
 *     section kernel-mlir <bytes>\n<IR>\n   (optional: the kernel-level module, for libind's CPU JIT)
 *     section source-mlir <bytes>\n<IR>\n   (optional: the source, for the reference interpreter)
 *     section cubin <bytes>\n<ELF>\n       (optional: the PTX compiled ahead by ptxas, loaded instead of it)
 *     end\n
 * Unknown sections are skipped; a wrong magic, an unknown version, a truncated section or a plan that
 * does not validate is a load error naming the file. */
#ifndef IND_RUNTIME_H
#define IND_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IND_PROGRAM_FILE_VERSION 1
#define IND_MAX_RANK_PUBLIC 8

/* --- status ---------------------------------------------------------------------------------- */

typedef struct IndStatusImpl *IndStatus; /* NULL = success */

const char *ind_status_message(IndStatus s); /* "" for NULL */
void ind_status_destroy(IndStatus s);        /* NULL is a no-op */
/* printf-style constructor (for layers above, and for callbacks that fail). */
IndStatus ind_status_create(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Whether s is located in the program's source (a checked-mode violation, docs/gpu.md "Checked mode"): then
 * its message is "file:line:col: error: text" (line 0: "file: error: text"), and *file, *line, *col and
 * *text (the message after "error: ") are set, valid while s lives; a tool re-emits it at that location. */
bool ind_status_location(IndStatus s, const char **file, int *line, int *col, const char **text);

/* --- element types ----------------------------------------------------------------------------- */

typedef enum IndElementType {
  IND_ELEM_F32 = 0,
  IND_ELEM_F16,
  IND_ELEM_BF16,
  IND_ELEM_F64,
  IND_ELEM_I1, /* bool, one byte */
  IND_ELEM_I8,
  IND_ELEM_I32,
  IND_ELEM_I64,
  IND_ELEM_COUNT
} IndElementType;

const char *ind_element_type_name(IndElementType t); /* "f32" ... "i64"; "?" when out of range */
size_t ind_element_type_size(IndElementType t);      /* bytes; 0 when out of range */
/* "f32" -> IND_ELEM_F32; false when unknown. */
bool ind_element_type_parse(const char *name, IndElementType *out);

/* One input or output of a program: a dense C-order tensor. */
typedef struct IndTensorInfo {
  const char *name; /* the plan's buffer name (valid while the program lives) */
  IndElementType type;
  int rank;
  int64_t shape[IND_MAX_RANK_PUBLIC];
  int64_t numel, bytes;
} IndTensorInfo;

/* One step of the launch plan. */
typedef struct IndStepInfo {
  bool is_extern;     /* an `extern` call (cuBLAS mm) rather than a kernel launch */
  const char *kernel; /* PTX entry name, or "mm" */
  unsigned grid[3], block[3], shared;
  int num_args;
} IndStepInfo;

/* --- programs (host side: no driver needed) -------------------------------------------------- */

typedef struct IndRtProgram IndRtProgram;

/* A program from a launch plan (JSON, `ind-opt --emit=launch-plan`) and PTX (may be NULL: a program
 * that cannot run on the GPU). The names are used in error messages ("seed.json", "seed.ptx"). The texts are copied.
 * The plan is validated (version, buffers, byte sizes, reuse chains, grids, extern shapes) and, when
 * PTX is given, every launched kernel must have an .entry in it. */
IndStatus ind_rt_program_create(const char *plan_name, const char *plan_json, size_t plan_len, const char *ptx_name,
                                const char *ptx, size_t ptx_len, IndRtProgram **out);
/* Loads a program file (see above). */
IndStatus ind_rt_program_load_file(const char *path, IndRtProgram **out);
IndStatus ind_rt_program_load_memory(const char *name, const void *data, size_t len, IndRtProgram **out);
/* Writes the program file (the kernel-mlir section when set). */
IndStatus ind_rt_program_save(const IndRtProgram *p, const char *path);
void ind_rt_program_destroy(IndRtProgram *p);

/* Optional sections kept with the program and saved with it: "kernel-mlir" (the kernel-level IR, for
 * libind's CPU JIT), "source-mlir" (the source, for the reference interpreter) and "cubin" (binary: the PTX
 * compiled ahead for one GPU by ptxas; ind_cuda_module_load loads it instead of JIT-compiling the PTX). */
IndStatus ind_rt_program_set_text(IndRtProgram *p, const char *section, const char *text, size_t len);
const char *ind_rt_program_text(const IndRtProgram *p, const char *section, size_t *len); /* NULL when absent */

int ind_rt_program_num_inputs(const IndRtProgram *p);
int ind_rt_program_num_outputs(const IndRtProgram *p);
IndTensorInfo ind_rt_program_input(const IndRtProgram *p, int i);
IndTensorInfo ind_rt_program_output(const IndRtProgram *p, int i);
int ind_rt_program_num_steps(const IndRtProgram *p);
IndStepInfo ind_rt_program_step(const IndRtProgram *p, int i);
/* Number of distinct kernels (PTX entries) launched. */
int ind_rt_program_num_kernels(const IndRtProgram *p);
const char *ind_rt_program_ptx(const IndRtProgram *p, size_t *len); /* NULL when absent */
const char *ind_rt_program_plan(const IndRtProgram *p, size_t *len);
/* Bytes the program must move at least: every input read once, every output written once. */
int64_t ind_rt_program_min_bytes(const IndRtProgram *p);
bool ind_rt_program_has_extern_mm(const IndRtProgram *p);

/* --- CUDA ------------------------------------------------------------------------------------ */

/* Whether a CUDA driver can be loaded and reports at least one device (cuInit + cuDeviceGetCount).
 * On false, `why` (may be NULL) says why in one line. Cheap after the first call. */
bool ind_cuda_available(char *why, size_t whylen);

/* Device memory for a program's intermediate buffers (allocations that are not outputs). alloc
 * returns NULL on success and writes a device pointer; free releases it. Both get the stream the
 * program was loaded for (a stream-ordered allocator may use it). */
typedef struct IndDeviceAllocator {
  IndStatus (*alloc)(void *user, size_t bytes, void *stream, uint64_t *ptr);
  void (*free)(void *user, uint64_t ptr, void *stream);
  void *user;
} IndDeviceAllocator;

typedef struct IndCudaOptions {
  int device;                          /* ordinal, used when no context is current (default 0) */
  const IndDeviceAllocator *allocator; /* NULL: cuMemAlloc / cuMemFree */
  bool verbose;                        /* print each kernel's regs/shared/local use to stderr */
} IndCudaOptions;

typedef struct IndCudaModule IndCudaModule;
typedef struct IndCudaGraph IndCudaGraph;

/* Loads the program's PTX on the device: the driver JIT compiles it (its error log is in the status
 * message on failure), each kernel is looked up and its block size checked. Uses the context current
 * on the calling thread, else retains device `opts->device`'s primary context and makes it current
 * (the one PyTorch uses). Intermediate buffers are allocated on the first run and kept. opts may be
 * NULL. The program must outlive the module. */
IndStatus ind_cuda_module_load(const IndRtProgram *p, const IndCudaOptions *opts, IndCudaModule **out);
void ind_cuda_module_destroy(IndCudaModule *m);

/* Enqueues the whole launch sequence on `stream` (NULL = the legacy default stream) with caller-owned
 * device pointers: inputs[num_inputs], outputs[num_outputs], each a dense C-order buffer of the
 * tensor's bytes. Asynchronous: nothing is synchronized, except in checked mode (docs/gpu.md): when the
 * plan has check sites (an indirect index, under the default IND_CHECKED=indirect), the run waits for the
 * stream after its last step, reads the kernels' record and returns a recorded violation as a located
 * error (ind_status_location; the record is then cleared). Not reentrant: two runs of one module must
 * not overlap in time (they share the intermediates). */
IndStatus ind_cuda_module_run(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs, void *stream);
/* Intermediates in the caller's memory, per run (as Inductor's wrapper takes its buffers from PyTorch's caching
 * allocator and gives them back after the call): scratch_bytes says how many bytes a run needs (0: the
 * program has no intermediates; fixed once loaded), run_scratch runs as ind_cuda_module_run with them at
 * `scratch` (256-byte aligned; 0 only where scratch_bytes is 0), the module's own intermediates neither
 * allocated nor used. The memory must stay the caller's until the run's work on `stream` is done (a
 * stream-ordered allocator's free after the call, on that stream, is). Under stream capture the graph keeps
 * the addresses, as it keeps the inputs'. Intermediates that die before an output is first touched lie in
 * that output's bytes (its contents before the run are not kept; $IND_SCRATCH_IN_OUTPUTS=0: none), so the
 * outputs must not overlap the inputs or each other. */
size_t ind_cuda_module_scratch_bytes(const IndCudaModule *m);
IndStatus ind_cuda_module_run_scratch(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs,
                                      uint64_t scratch, void *stream);
/* Part of a scratch run: steps [first, end) only, with the buffers as run_scratch takes them, except that an
 * output no step of the range touches (nor an intermediate in its bytes) may be 0 and an input no later
 * step reads may be gone. The part that ends the program (end = num_steps) also copies the outputs that
 * alias other buffers and reads the checked-mode record. A run in parts in order, first = 0 ... end =
 * num_steps, computes what one run does; between parts the caller may allocate the outputs the next part
 * touches first and free the inputs no later part reads (as Inductor's wrapper allocates a buffer at its
 * producer and frees one after its last reader), which step_span tells: input_last[num_inputs] gets each
 * input's last reading step (-1: none; num_steps: the end's copy), output_first[num_outputs] each output's
 * first step (one writing it or an intermediate in its bytes; num_steps: none before the end). Returns
 * num_steps. Both for the scratch placement of a loaded module. */
IndStatus ind_cuda_module_run_steps(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs, uint64_t scratch,
                                    void *stream, int first, int end);
int ind_cuda_module_step_span(const IndCudaModule *m, int *input_last, int *output_first);
/* Like run, but synchronizes the stream after every step, so a fault names its step; in checked mode the
 * record is read after every step (the run stops at the step whose kernel recorded a violation). */
IndStatus ind_cuda_module_run_checked(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs, void *stream);

/* Captures the launch sequence for these buffers into a CUDA graph (stream capture on `stream`, which
 * must not be the legacy default stream) and instantiates it; replay with ind_cuda_graph_launch. The
 * graph keeps the pointers: the buffers must stay valid while it is replayed. A replay does not read the
 * checked-mode record: a violation it records is reported by the module's next run. */
IndStatus ind_cuda_module_capture(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs, void *stream,
                                  IndCudaGraph **out);
/* Like capture, with `calls` (>= 1) whole launch sequences back to back in the one graph: a replay runs
 * them with no host work between calls. Benchmarks time this, divided by calls (as Triton's
 * do_bench_cudagraph times torch.compile'd code); the calls are ordered, so they must not race. */
IndStatus ind_cuda_module_capture_n(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs, void *stream,
                                    int calls, IndCudaGraph **out);
IndStatus ind_cuda_graph_launch(IndCudaGraph *g, void *stream);
void ind_cuda_graph_destroy(IndCudaGraph *g);

/* Small driver helpers for tools and tests (the module's context must be current: call after a
 * successful ind_cuda_module_load). Streams: ind_cuda_stream_create makes a non-blocking stream. */
IndStatus ind_cuda_malloc(size_t bytes, uint64_t *ptr);
void ind_cuda_free(uint64_t ptr);
/* The copies are synchronous with respect to every stream of the context (a kernel launched on any
 * stream after htod returns sees the data; dtoh waits for all launched work first). */
IndStatus ind_cuda_memcpy_htod(uint64_t dst, const void *src, size_t bytes);
IndStatus ind_cuda_memcpy_dtoh(void *dst, uint64_t src, size_t bytes);
IndStatus ind_cuda_memset_d32(uint64_t dst, uint32_t value, size_t count, void *stream); /* async */
/* Device bytes the runtime holds now from cuMemAlloc itself, over every module of the process: intermediates
 * of modules loaded without an allocator (allocated on their first run, held until destroy) and cuBLASLt
 * workspaces. What a caller's allocator does not see (the model zoo adds it to ind's peak memory). */
int64_t ind_cuda_runtime_bytes(void);

/* Fills the module's intermediate buffers (allocating them first) with a 32-bit pattern (NaN poison). */
IndStatus ind_cuda_module_fill_intermediates(IndCudaModule *m, uint32_t value, void *stream);
IndStatus ind_cuda_stream_create(void **stream);
void ind_cuda_stream_destroy(void *stream);
IndStatus ind_cuda_stream_synchronize(void *stream);
/* Milliseconds between two points on `stream` around `fn(user)` repeated `iters` times (device
 * events); fn returns NULL or an error that stops the timing. */
IndStatus ind_cuda_time(void *stream, int iters, IndStatus (*fn)(void *user), void *user, float *ms);

#ifdef __cplusplus
}
#endif

#endif
