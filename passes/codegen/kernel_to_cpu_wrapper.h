/* kernel_to_cpu_wrapper.h - the host-wrapper half of convert-kernel-to-cpu (kernel_to_cpu_wrapper.c), called by
 * the pass (kernel_to_cpu.c). Private to passes/codegen. */
#ifndef IND_PASSES_CODEGEN_KERNEL_TO_CPU_WRAPPER_H
#define IND_PASSES_CODEGEN_KERNEL_TO_CPU_WRAPPER_H

#include "lib/ir.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* True when `func` holds kernel.alloc / kernel.launch / kernel.extern_call ops. */
bool cpu_has_wrapper_ops(MlirOperation func);
/* Rewrites the host wrapper `func` of `module` in place (see kernel_to_cpu_wrapper.c). */
bool cpu_lower_wrapper(MlirOperation module, MlirOperation func);

#ifdef __cplusplus
}
#endif

#endif
