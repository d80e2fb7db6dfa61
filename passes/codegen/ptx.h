/* ptx.h - PTX from a kernel-level module: `ind-opt --emit=ptx`.
 *
 * ind_ptx_emit lowers a clone of the module (its kernel.defs only) with convert-kernel-to-gpu and the
 * fixed NVVM pipeline IND_PTX_PIPELINE, then appends the `assembly` of each #gpu.object to `out`. The
 * input module is not changed. Errors (a module that is not at the kernel level, a kernel the lowering
 * cannot map, a failing upstream pass) are located diagnostics and a failure result. */
#ifndef IND_PASSES_CODEGEN_PTX_H
#define IND_PASSES_CODEGEN_PTX_H

#include "lib/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The upstream part of the pipeline (after convert-kernel-to-gpu). Fixed here: LLVM aborts the
 * process on some option values (toolchain.md), so no user text is ever spliced into it. The one
 * variable part is the libdevice path (`l=...`, see ind_ptx_libdevice_path), checked to be an existing
 * file with a plain path; without it math calls would stay unresolved `__nv_*` externs. */
#define IND_PTX_TARGET "nvvm-attach-target{chip=%s features=+ptx80 O=3%s%s}"
#define IND_PTX_DEFAULT_CHIP "sm_90"
#define IND_PTX_LOWERING                                                                                               \
  "gpu.module(convert-vector-to-llvm,convert-scf-to-cf,convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=1},"          \
  "canonicalize),reconcile-unrealized-casts,gpu-module-to-binary{format=isa}"

/* Finds libdevice.10.bc: the file $IND_LIBDEVICE names when set (then the only candidate: python/ind/core.py
 * sets it to Triton's copy where no CUDA toolkit is found), else under $CUDA_HOME, $CUDA_PATH, $CUDA_ROOT,
 * /usr/local/cuda, /usr/lib/cuda (in that order); writes its path to out; false when none exists or the path
 * has unusual characters. */
bool ind_ptx_libdevice_path(char *out, size_t len);

/* Writes the PTX of every kernel of `module` (a builtin.module at the kernel level) to `out`. */
MlirLogicalResult ind_ptx_emit(MlirOperation module, IndStrBuf *out);
/* The same for another chip: "sm_50" .. "sm_90a" (checked: ind_ptx_chip_ok; PTX ISA 8.0). */
MlirLogicalResult ind_ptx_emit_chip(MlirOperation module, const char *chip, IndStrBuf *out);
bool ind_ptx_chip_ok(const char *chip);

/* Registers the "ptx" emitter (called from passes/codegen/register.c). */
void ind_ptx_register_emitter(void);

#ifdef __cplusplus
}
#endif

#endif
