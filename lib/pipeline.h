/* pipeline.h - textual pass pipelines and the stage flags of ind-opt.
 *
 * A pipeline is `builtin.module(p1,p2{opt=v},func.func(cse))` or just `p1,p2,...`. Each element whose
 * name is a project pass (pass_registry.h) becomes that pass with its options; any other element is
 * handed to MLIR's own parser (upstream passes and nests such as `func.func(cse)`). Project passes
 * cannot be nested inside an upstream nest; they all anchor on builtin.module.
 *
 * Stages are the pipeline's four steps (`--preprocess --lower --fuse --codegen`). Each stage folder
 * registers its stage; a stage flag runs every stage between the input's level and itself. */
#ifndef IND_LIB_PIPELINE_H
#define IND_LIB_PIPELINE_H

#include "lib/ir.h"

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Appends the passes of `text` to `pm`. On failure writes a message to err and returns false. */
bool ind_pipeline_add(MlirOpPassManager pm, const char *text, char *err, size_t errlen);

/* Dialect levels of a module, in pipeline order. */
enum { IND_LEVEL_GRAPH = 0, IND_LEVEL_IND = 1, IND_LEVEL_SCHED = 2, IND_LEVEL_KERNEL = 3 };
/* The latest stage's dialect present in the module (graph when it holds none of ours). */
int ind_module_level(MlirOperation module);
const char *ind_level_name(int level);

/* Stage orders: the position of each stage flag in the pipeline. */
enum { IND_STAGE_PREPROCESS = 0, IND_STAGE_LOWER = 1, IND_STAGE_FUSE = 2, IND_STAGE_CODEGEN = 3, IND_NUM_STAGES = 4 };

typedef struct IndStageDef {
  const char *flag;         /* "lower" for --lower */
  int order;                /* IND_STAGE_* */
  int min_level, max_level; /* input dialect levels the stage accepts */
  int out_level;            /* dialect level of its output */
  const char *help;
  const char *value_help; /* NULL when the flag takes no value; e.g. "inductor|tvm" */
  /* Writes the stage's pipeline text for an input at `level` and the flag's value (NULL when the
   * flag was given without one). Returns false with a message in err for a bad value. */
  bool (*pipeline)(int level, const char *value, char *out, size_t outlen, char *err, size_t errlen);
  /* May be NULL. True when `module` has been through this stage already (e.g. a fused sched
   * program for --fuse): the stage is then skipped when it is only implied by a later flag; given
   * explicitly, it runs as asked. */
  bool (*done)(MlirOperation module);
} IndStageDef;

void ind_stage_register(const IndStageDef *def);
/* A later stage's value may choose an earlier stage's (`--fuse=tvm` runs `--lower=op-level`): for
 * each earlier stage `earlier` that runs without a value of its own, `fn` gets this stage's value
 * (NULL when none) and returns the earlier stage's value, or NULL for its default. */
typedef const char *(*IndStageImpliesFn)(int earlier, const char *value);
void ind_stage_set_implies(int order, IndStageImpliesFn fn);
const IndStageDef *ind_stage_lookup(const char *flag);
const IndStageDef *ind_stage_at_order(int order);

/* An option of a pass that some stage runs, added to that stage's pipeline text (libind's PASS.OPTION=VALUE
 * compile options, e.g. fuse-inductor.max-fusion-size=8). ind_stages_add sets `used` when a stage ran `pass`. */
typedef struct IndPassOverride {
  const char *pass, *option, *value;
  bool used;
} IndPassOverride;

/* The stages requested: value[order] is the stage flag's value ("" when the flag had none), NULL when the
 * stage was not requested; overrides[0 .. n_overrides) the pass options to add (may be NULL). */
typedef struct IndStageRequest {
  const char *value[IND_NUM_STAGES];
  IndPassOverride *overrides;
  int n_overrides;
} IndStageRequest;

/* The one stage loop, under every driver (ind-opt's stage flags, libind's compile, ind-run, --fusion-report):
 * adds to pm the pipelines of every stage from the module's level through the last requested stage; a
 * stage without a value of its own takes the one a later requested stage implies (ind_stage_set_implies:
 * `--fuse=tvm` lowers op-level), and a stage that is only implied and whose `done` says the module has been
 * through it is skipped (a fused program is not fused again). Returns false with a message in err when a
 * requested stage cannot run on this input. */
bool ind_stages_add(MlirOpPassManager pm, MlirOperation module, const IndStageRequest *req, char *err, size_t errlen);

/* --- Output emitters for `ind-opt --emit=NAME` (the default, "mlir", prints the module). */
typedef MlirLogicalResult (*IndEmitFn)(MlirOperation module, IndStrBuf *out);
typedef struct IndEmitterDef {
  const char *name; /* "ptx" */
  const char *help;
  IndEmitFn emit; /* appends the output text to out; emits a diagnostic on failure */
} IndEmitterDef;
void ind_emitter_register(const IndEmitterDef *def);
const IndEmitterDef *ind_emitter_lookup(const char *name);
int ind_emitter_count(void);
const IndEmitterDef *ind_emitter_at(int i);
#ifdef __cplusplus
}
#endif

#endif
