/* jit.h - running a kernel-level module on the CPU through MLIR's ExecutionEngine.
 *
 * ind_jit_create() lowers a module at the kernel level (docs/ir-contract.md stage 4) in place with
 * the lowering its caller supplies (libind/jit_driver.h: `convert-kernel-to-cpu`, then
 * IND_JIT_LLVM_PIPELINE) and hands the LLVM-dialect module to the ExecutionEngine. The entry is the host wrapper
 * (`@call`): it keeps the program's signature (memrefs of the ind level, outputs returned) and is called through its C
 * interface (`_mlir_ciface_call(result *, arg0 *, arg1 *, ...)`): every argument is a pointer to a
 * ranked memref descriptor, the results come back through the first pointer as a struct of
 * descriptors (one descriptor when there is one result, none when there are none).
 *
 * Output buffers are allocated by the JIT code with malloc (memref.alloc); the caller releases them
 * with ind_jit_free_outputs(), which frees each allocation once and never one that belongs to an
 * input (a program may return an argument). libm functions the code calls (erff, tanhf, ...) are
 * resolved in the running process, which links libm.
 *
 * Errors (a lowering that fails, an engine that cannot be created, a call that fails) are located
 * diagnostics through the module's context; nothing here exits or aborts on bad input. */
#ifndef IND_RUNTIME_JIT_H
#define IND_RUNTIME_JIT_H

#include "lib/ir.h"

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IND_JIT_MAX_RANK IND_MEMREF_MAX_RANK
#define IND_JIT_MAX_ARGS 1024

/* A ranked strided memref as the MLIR C interface lays it out, with the rank kept alongside. */
typedef struct IndMemRef {
  void *allocated;
  void *aligned;
  int64_t offset;
  int rank;
  int64_t sizes[IND_JIT_MAX_RANK];
  int64_t strides[IND_JIT_MAX_RANK];
} IndMemRef;

typedef struct IndJit IndJit;

/* Lowers a kernel-level module in place to the LLVM dialect (returns failure after a diagnostic).
 * The runtime runs no pass itself: the caller supplies the lowering (tools/jit_driver.c builds it
 * from convert-kernel-to-cpu and the upstream LLVM passes). */
typedef MlirLogicalResult (*IndJitLowerFn)(MlirModule module);

/* Lowers `module` in place with `lower` and creates the engine; `entry` names the host wrapper
 * ("call"). The entry's signature is recorded first (ind_jit_input_type and friends). Returns NULL
 * after a diagnostic on failure. opt_level is LLVM's (0..3). */
IndJit *ind_jit_create(MlirModule module, const char *entry, int opt_level, IndJitLowerFn lower);
void ind_jit_destroy(IndJit *jit);

int ind_jit_num_inputs(const IndJit *jit);
int ind_jit_num_outputs(const IndJit *jit);
/* The memref types of the entry's arguments and results (valid while the context lives). */
MlirType ind_jit_input_type(const IndJit *jit, int i);
MlirType ind_jit_output_type(const IndJit *jit, int i);

/* Calls the entry with inputs[0 .. num_inputs) (descriptors of the input types) and fills
 * outputs[0 .. num_outputs). On failure emits a diagnostic and returns false. */
bool ind_jit_invoke(IndJit *jit, const IndMemRef *inputs, IndMemRef *outputs);
/* Frees the buffers behind outputs[0..n) allocated by the JIT code, each once, skipping those that
 * are inputs' allocations; then zeroes the descriptors. */
void ind_jit_free_outputs(IndMemRef *outputs, int n, const IndMemRef *inputs, int n_inputs);

/* ind_memref_storage_elems and ind_memref_elem_size live in lib/ir.h. */
/* A descriptor of static memref type `t` over storage `data` (allocated = aligned = data). */
bool ind_memref_init(IndMemRef *m, MlirType t, void *data);
/* The storage element offset of logical (row-major) element `i` of m. */
int64_t ind_memref_offset_of(const IndMemRef *m, int64_t i);

#ifdef __cplusplus
}
#endif

#endif
