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

/* --codegen: sched -> kernel. --codegen=KEY=VALUE[,KEY=VALUE ...]: tuning-cache=FILE also applies a tuning
 * cache after kernel-cse (kernel-apply-tuning, docs/passes/codegen.md "Tuning"); any other KEY is an option
 * of sched-to-kernel (block=128, div-precision=ieee, ...), checked by that pass's option parser. */
static bool codegen_pipeline(int level, const char *value, char *out, size_t outlen, char *err, size_t errlen) {
  (void)level;
  char cache[128] = "", opts[512] = "";
  size_t nopts = 0;
  for (const char *p = value; p && *p;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    const char *eq = memchr(p, '=', len);
    if (!eq || eq == p) {
      snprintf(err, errlen, "--codegen: '%.*s' is not KEY=VALUE (keys: tuning-cache, or an option of sched-to-kernel)",
               (int)len, p);
      return false;
    }
    /* the item goes into a pass option: it must not end the option list or the pipeline */
    const char *bad = " \t{}'\"";
    bool ok_chars = true;
    for (size_t i = 0; i < len; ++i)
      ok_chars = ok_chars && !strchr(bad, p[i]);
    if (strncmp(p, "tuning-cache=", (size_t)(eq - p) + 1) == 0) {
      size_t plen = len - (size_t)(eq + 1 - p);
      if (plen == 0 || plen >= sizeof cache || !ok_chars) {
        snprintf(err, errlen,
                 "--codegen=tuning-cache: the file name must be 1-127 characters without spaces, "
                 "braces, commas or quotes");
        return false;
      }
      memcpy(cache, eq + 1, plen);
      cache[plen] = 0;
    } else {
      if (!ok_chars || eq + 1 == p + len || nopts + len + 2 > sizeof opts) {
        snprintf(err, errlen, "--codegen: bad option '%.*s' (a value without spaces, braces or quotes)", (int)len, p);
        return false;
      }
      nopts += (size_t)snprintf(opts + nopts, sizeof opts - nopts, "%s%.*s", nopts ? " " : "", (int)len, p);
    }
    p = end ? end + 1 : p + len;
  }
  char apply[160] = "";
  if (cache[0])
    snprintf(apply, sizeof apply, "kernel-apply-tuning{cache=%s},", cache);
  snprintf(out, outlen, "sched-to-kernel%s%s%s,kernel-cse,%skernel-reuse-buffers", nopts ? "{" : "", opts,
           nopts ? "}" : "", apply);
  return true;
}

static const IndStageDef codegen_stage = {
    .flag = "codegen",
    .order = IND_STAGE_CODEGEN,
    .min_level = IND_LEVEL_SCHED,
    .max_level = IND_LEVEL_SCHED,
    .out_level = IND_LEVEL_KERNEL,
    .help = "generate kernels and the host wrapper (sched -> kernel)",
    .value_help = "KEY=VALUE,...",
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
