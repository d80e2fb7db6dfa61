/* register.c - registers the passes and the stage of passes/codegen/ (called by ind_register_all). */
#include "lib/pass_registry.h"
#include "lib/pipeline.h"

void ind_register_codegen_passes(void);
extern const IndPassDef ind_kernel_to_cpu_pass; /* kernel_to_cpu.c */

void ind_register_codegen_passes(void) { ind_pass_register(&ind_kernel_to_cpu_pass); }
