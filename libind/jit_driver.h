/* jit_driver.h - the CPU JIT's lowering: the one place that names the passes which take a
 * kernel-level module to the LLVM dialect, and ind_jit_compile(), the runtime's JIT with that
 * lowering (runtime/jit.h runs no pass by name itself; this sits on libind's floor, above the
 * passes it registers). */
#ifndef IND_LIBIND_JIT_DRIVER_H
#define IND_LIBIND_JIT_DRIVER_H

#include "runtime/jit.h"

#include <mlir-c/IR.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The upstream passes that take convert-kernel-to-cpu's output to the LLVM dialect. */
/* arith-expand with include-bf16 turns f32 <-> bf16 casts into integer ops: LLVM lowers a bf16 fptrunc
 * to a call of compiler-rt's __truncsfbf2, which the JIT process does not have. */
#define IND_JIT_LLVM_PIPELINE                                                                                          \
  "arith-expand{include-bf16=true},lower-affine,convert-scf-to-cf,convert-math-to-llvm,convert-math-to-libm,"          \
  "expand-strided-metadata,convert-to-llvm,reconcile-unrealized-casts"

/* Runs convert-kernel-to-cpu and the LLVM pipeline on `module` in place (no engine). Registers
 * every pass first (idempotent). */
MlirLogicalResult ind_jit_lower(MlirModule module);

/* ind_jit_create(module, entry, opt_level, ind_jit_lower). */
IndJit *ind_jit_compile(MlirModule module, const char *entry, int opt_level);

#ifdef __cplusplus
}
#endif

#endif
