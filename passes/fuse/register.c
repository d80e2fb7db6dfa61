/* register.c - registers the fusion strategies and the --fuse stage (called by ind_register_all).
 *
 * `--fuse[=STRATEGY]` runs `ind-schedule` first when the input is at the ind level, then the
 * strategy's pass. A new strategy is a file in this folder defining its pass, registered here: an
 * extern declaration, an entry in k_strategies and its name in the stage's value_help
 * (docs/passes/fuse.md "Writing a strategy"). */
#include "lib/pass_registry.h"
#include "lib/pipeline.h"
#include "passes/fuse/sched_graph.h"

#include <stdio.h>
#include <string.h>

void ind_register_fuse_passes(void);

extern const IndPassDef ind_fuse_inductor_pass;
extern const IndPassDef ind_fuse_vertical_pass;
extern const IndPassDef ind_fuse_none_pass;

/* strategy value -> pass; the first is the default. */
static const struct {
  const char *value;
  const IndPassDef *pass;
} k_strategies[] = {
    {"inductor", &ind_fuse_inductor_pass}, {"vertical", &ind_fuse_vertical_pass}, {"none", &ind_fuse_none_pass}};
#define N_STRATEGIES (sizeof k_strategies / sizeof k_strategies[0])

static bool fuse_pipeline(int level, const char *value, char *out, size_t outlen, char *err, size_t errlen) {
  const char *v = value ? value : k_strategies[0].value;
  for (size_t i = 0; i < N_STRATEGIES; ++i)
    if (strcmp(v, k_strategies[i].value) == 0) {
      snprintf(out, outlen, "%s%s", level == IND_LEVEL_IND ? "ind-schedule," : "", k_strategies[i].pass->argument);
      return true;
    }
  int n = snprintf(err, errlen, "--fuse: unknown strategy '%s' (known:", v);
  for (size_t i = 0; i < N_STRATEGIES && n > 0 && (size_t)n < errlen; ++i)
    n += snprintf(err + n, errlen - (size_t)n, " %s", k_strategies[i].value);
  if (n > 0 && (size_t)n < errlen)
    snprintf(err + n, errlen - (size_t)n, ")");
  return false;
}

static const IndStageDef k_fuse_stage = {"fuse",
                                         IND_STAGE_FUSE,
                                         IND_LEVEL_IND,
                                         IND_LEVEL_SCHED,
                                         IND_LEVEL_SCHED,
                                         "schedule (ind -> sched) and fuse scheduler nodes with a strategy",
                                         "inductor|vertical|none",
                                         fuse_pipeline,
                                         sched_module_is_fused};

void ind_register_fuse_passes(void) {
  for (size_t i = 0; i < N_STRATEGIES; ++i)
    ind_pass_register(k_strategies[i].pass);
  ind_stage_register(&k_fuse_stage);
}
