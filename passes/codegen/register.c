/* register.c - registers the passes, the stage and the emitters of passes/codegen/ (called by
 * ind_register_all). */
#include "lib/pass_registry.h"
#include "lib/pipeline.h"
#include "lib/ptx.h"

void ind_register_codegen_passes(void);

extern const IndPassDef ind_convert_kernel_to_gpu_pass;

void ind_register_codegen_passes(void) {
  ind_pass_register(&ind_convert_kernel_to_gpu_pass);
  ind_ptx_register_emitter();
}
