/* register.c - registers the passes, the stage and the emitters of passes/codegen/ (called by
 * ind_register_all). */
#include "lib/pass_registry.h"
#include "lib/pipeline.h"
#include "passes/codegen/ptx.h"

#include <stdio.h>
#include <string.h>

void ind_register_codegen_passes(void);
extern const IndPassDef ind_kernel_to_cpu_pass; /* kernel_to_cpu.c */

extern const IndPassDef ind_sched_to_kernel_pass;
extern const IndPassDef ind_kernel_cse_pass;
extern const IndPassDef ind_kernel_reuse_buffers_pass;
extern const IndPassDef ind_convert_kernel_to_gpu_pass;
extern const IndPassDef ind_kernel_apply_tuning_pass;
void ind_register_launch_plan_emitter(void);
void ind_register_tuning_candidates_emitter(void);

/* --codegen: sched -> kernel; --codegen=tuning-cache=FILE also applies a tuning cache after kernel-cse
 * (kernel-apply-tuning, docs/passes/codegen.md "Tuning"). */
static bool codegen_pipeline(int level, const char *value, char *out, size_t outlen, char *err, size_t errlen) {
  (void)level;
  if (!value) {
    snprintf(out, outlen, "sched-to-kernel,kernel-cse,kernel-reuse-buffers");
    return true;
  }
  const char *key = "tuning-cache=";
  if (strncmp(value, key, strlen(key)) != 0) {
    snprintf(err, errlen, "--codegen: unknown value '%s' (known: tuning-cache=FILE)", value);
    return false;
  }
  const char *path = value + strlen(key);
  /* the path goes into a pass option: it must not end the option list or the pipeline */
  if (!path[0] || strpbrk(path, " \t{},'\"") || strlen(path) >= 128) {
    snprintf(err, errlen,
             "--codegen=tuning-cache: the file name must be 1-127 characters without spaces, "
             "braces, commas or quotes");
    return false;
  }
  snprintf(out, outlen, "sched-to-kernel,kernel-cse,kernel-apply-tuning{cache=%s},kernel-reuse-buffers", path);
  return true;
}

static const IndStageDef codegen_stage = {
    .flag = "codegen",
    .order = IND_STAGE_CODEGEN,
    .min_level = IND_LEVEL_SCHED,
    .max_level = IND_LEVEL_SCHED,
    .out_level = IND_LEVEL_KERNEL,
    .help = "generate kernels and the host wrapper (sched -> kernel)",
    .value_help = "tuning-cache=FILE",
    .pipeline = codegen_pipeline,
};

void ind_register_codegen_passes(void) {
  ind_pass_register(&ind_sched_to_kernel_pass);
  ind_pass_register(&ind_kernel_cse_pass);
  ind_pass_register(&ind_kernel_reuse_buffers_pass);
  ind_pass_register(&ind_convert_kernel_to_gpu_pass);
  ind_pass_register(&ind_kernel_apply_tuning_pass);
  ind_pass_register(&ind_kernel_to_cpu_pass);
  ind_stage_register(&codegen_stage);
  ind_ptx_register_emitter();
  ind_register_launch_plan_emitter();
  ind_register_tuning_candidates_emitter();
}
