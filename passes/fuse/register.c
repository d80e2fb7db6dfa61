/* register.c - registers the in-tree fusion strategies and the --fuse stage (called by
 * ind_register_all).
 *
 * `--fuse[=STRATEGY[{opt=v ...}]]` runs `ind-schedule` first when the input is at the ind level, then
 * the strategy's pass with the options. The strategies live in the registry of strategy.h, which
 * plugins extend (include/ind/fusion.h); a new in-tree strategy is one file in this folder plus one
 * ind_fuse_strategy_register call below. */
#include "lib/pass_registry.h"
#include "lib/pipeline.h"
#include "passes/fuse/sched_graph.h"
#include "passes/fuse/strategy.h"

#include <stdio.h>
#include <string.h>

void ind_register_fuse_passes(void);
void ind_register_fusion_report(void);

extern const IndPassDef ind_fuse_inductor_pass;
extern const IndPassDef ind_fuse_vertical_pass;
extern const IndPassDef ind_fuse_none_pass;
extern const IndPassDef ind_fuse_tvm_pass;
extern const IndPassDef ind_fuse_search_pass;

static const IndFuseStrategy k_inductor = {"inductor", &ind_fuse_inductor_pass, false};
static const IndFuseStrategy k_vertical = {"vertical", &ind_fuse_vertical_pass, false};
static const IndFuseStrategy k_none = {"none", &ind_fuse_none_pass, false};
static const IndFuseStrategy k_tvm = {"tvm", &ind_fuse_tvm_pass, true};
static const IndFuseStrategy k_search = {"search", &ind_fuse_search_pass, false};

static bool fuse_pipeline(int level, const char *value, char *out, size_t outlen, char *err, size_t errlen) {
  const char *opts = NULL;
  size_t optlen = 0;
  const IndFuseStrategy *s =
      value ? ind_fuse_strategy_parse(value, &opts, &optlen, err, errlen) : ind_fuse_strategy_at(0);
  if (!s)
    return false;
  /* ind input is verified first (hand-written ind IR: result sizes, index ranges, yield types):
   * a bad program must fail here with a located error, not in codegen or the JIT. */
  snprintf(out, outlen, "%s%s%s%.*s%s", level == IND_LEVEL_IND ? "ind-verify,ind-schedule," : "", s->pass->argument,
           opts ? "{" : "", (int)optlen, opts ? opts : "", opts ? "}" : "");
  return true;
}

/* An op-level strategy (tvm) wants every op realized when the stage lowers graph input. */
static const char *fuse_implies(int earlier, const char *value) {
  if (earlier != IND_STAGE_LOWER || !value)
    return NULL;
  const IndFuseStrategy *s = ind_fuse_strategy_lookup(value, strcspn(value, "{"));
  return s && s->op_level ? "op-level" : NULL;
}

/* value_help points at the registry's name list, which plugins extend after this registration. */
static IndStageDef k_fuse_stage = {"fuse",
                                   IND_STAGE_FUSE,
                                   IND_LEVEL_IND,
                                   IND_LEVEL_SCHED,
                                   IND_LEVEL_SCHED,
                                   "schedule (ind -> sched) and fuse scheduler nodes with a strategy "
                                   "(options: --fuse=NAME{opt=value ...})",
                                   "inductor",
                                   fuse_pipeline,
                                   sched_module_is_fused};

void ind_register_fuse_passes(void) {
  ind_fuse_strategy_register(&k_inductor);
  ind_fuse_strategy_register(&k_vertical);
  ind_fuse_strategy_register(&k_none);
  ind_fuse_strategy_register(&k_tvm);
  ind_fuse_strategy_register(&k_search);
  k_fuse_stage.value_help = ind_fuse_strategy_value_help();
  ind_stage_register(&k_fuse_stage);
  ind_stage_set_implies(IND_STAGE_FUSE, fuse_implies);
  ind_register_fusion_report();
}
