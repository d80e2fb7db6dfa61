/* register.c - registers the passes, the stage and the emitters of passes/codegen/ (called by
 * ind_register_all). */
#include "lib/pass_registry.h"
#include "lib/pipeline.h"
#include "passes/codegen/ptx.h"

#include <stdio.h>

void ind_register_codegen_passes(void);
extern const IndPassDef ind_kernel_to_cpu_pass; /* kernel_to_cpu.c */

extern const IndPassDef ind_sched_to_kernel_pass;
extern const IndPassDef ind_kernel_cse_pass;
extern const IndPassDef ind_kernel_reuse_buffers_pass;
extern const IndPassDef ind_convert_kernel_to_gpu_pass;
void ind_register_launch_plan_emitter(void);

/* --codegen: sched -> kernel. */
static bool codegen_pipeline(int level, const char *value, char *out, size_t outlen, char *err, size_t errlen) {
  (void)level;
  if (value) {
    snprintf(err, errlen, "--codegen takes no value");
    return false;
  }
  snprintf(out, outlen, "sched-to-kernel,kernel-cse,kernel-reuse-buffers");
  return true;
}

static const IndStageDef codegen_stage = {
    .flag = "codegen",
    .order = IND_STAGE_CODEGEN,
    .min_level = IND_LEVEL_SCHED,
    .max_level = IND_LEVEL_SCHED,
    .out_level = IND_LEVEL_KERNEL,
    .help = "generate kernels and the host wrapper (sched -> kernel)",
    .value_help = NULL,
    .pipeline = codegen_pipeline,
};

void ind_register_codegen_passes(void) {
  ind_pass_register(&ind_sched_to_kernel_pass);
  ind_pass_register(&ind_kernel_cse_pass);
  ind_pass_register(&ind_kernel_reuse_buffers_pass);
  ind_pass_register(&ind_convert_kernel_to_gpu_pass);
  ind_pass_register(&ind_kernel_to_cpu_pass);
  ind_stage_register(&codegen_stage);
  ind_ptx_register_emitter();
  ind_register_launch_plan_emitter();
}
