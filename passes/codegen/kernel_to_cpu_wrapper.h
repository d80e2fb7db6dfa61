/* kernel_to_cpu_wrapper.h - what the two halves of convert-kernel-to-cpu share: the pass's name, and the
 * host-wrapper half (kernel_to_cpu_wrapper.c) that the pass (kernel_to_cpu.c) calls. Private to passes/codegen. */
#ifndef IND_PASSES_CODEGEN_KERNEL_TO_CPU_WRAPPER_H
#define IND_PASSES_CODEGEN_KERNEL_TO_CPU_WRAPPER_H

#include "lib/ir.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The pass's name (its argument, and its diagnostics' prefix). */
#define CPU_PASS "convert-kernel-to-cpu"

/* True when `func` holds kernel.alloc / kernel.launch / kernel.extern_call ops. */
bool cpu_has_wrapper_ops(MlirOperation func);
/* Rewrites the host wrapper `func` of `module` in place (see kernel_to_cpu_wrapper.c). */
bool cpu_lower_wrapper(MlirOperation module, MlirOperation func);

#ifdef __cplusplus
}
#endif

#endif
