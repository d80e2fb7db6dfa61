/* register.c - registers the passes and the stage of passes/lower/ (called by ind_register_all). */
#include "lib/pass_registry.h"
#include "lib/pipeline.h"

#include <stdio.h>
#include <string.h>

void ind_register_lower_passes(void);
void ind_register_verify_ind_pass(void);
void ind_register_graph_to_ind_pass(void);

/* --lower: graph -> ind. The conversion verifies its output itself (ind_verify). */
static bool lower_pipeline(int level, const char *value, char *out, size_t outlen, char *err, size_t errlen) {
  (void)level;
  if (value && strcmp(value, "op-level") != 0) {
    snprintf(err, errlen, "--lower: unknown value '%s' (known: op-level)", value);
    return false;
  }
  snprintf(out, outlen, "convert-graph-to-ind%s", value ? "{realize-all=true}" : "");
  return true;
}

static const IndStageDef k_lower_stage = {
    "lower",
    IND_STAGE_LOWER,
    IND_LEVEL_GRAPH,
    IND_LEVEL_GRAPH,
    IND_LEVEL_IND,
    "lower graph ops to ind (Inductor IR): buffers, inlined pointwise bodies, realize rules; "
    "op-level: every op its own buffer",
    "op-level",
    lower_pipeline,
    NULL,
};

void ind_register_lower_passes(void) {
  ind_register_verify_ind_pass();
  ind_register_graph_to_ind_pass();
  ind_stage_register(&k_lower_stage);
}
