/* check_level.c - `ind-check-level{level=graph|ind|sched|kernel}`: asserts which stage a module is at.
 *
 * Fails with a located error on the first op that belongs to one of ind's dialects other than
 * `level`'s (for example a graph op left behind after lowering). Upstream ops (func, arith, math,
 * memref, gpu, ...) are always allowed: every level uses some of them. Changes nothing.
 * Useful as a guard at the end of a stage pipeline and in tests. */
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "lib/pipeline.h"

#include <string.h>

static const char *const k_dialects[] = {"graph", "ind", "sched", "kernel"};

typedef struct {
  int level;
  MlirLogicalResult result;
} CheckState;

static int dialect_level(MlirOperation op) {
  for (int l = 0; l < 4; ++l)
    if (ind_op_in_dialect(op, k_dialects[l]))
      return l;
  return -1;
}

/* An op of a lower-level dialect may appear nested in a higher one (sched.node wraps ind ops,
 * kernel IR keeps nothing of the others): only ops of a dialect other than the allowed set fail. */
static bool allowed(int op_level, int level) {
  if (op_level < 0 || op_level == level)
    return true;
  return level == IND_LEVEL_SCHED && op_level == IND_LEVEL_IND;
}

static bool check_op(MlirOperation op, void *user) {
  CheckState *s = user;
  int l = dialect_level(op);
  if (allowed(l, s->level))
    return true;
  MlirStringRef n = ind_op_name(op);
  s->result = ind_emit_error(op, "'%.*s' is a %s-level op, but the module should be at the %s level", (int)n.length,
                             n.data, ind_level_name(l), ind_level_name(s->level));
  return false;
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  const char *want = ind_opt_string(opts, "level");
  CheckState s = {0, mlirLogicalResultSuccess()}; /* the option is one of the four (IND_OPT_ENUM) */
  for (int l = 0; l < 4; ++l)
    if (strcmp(want, k_dialects[l]) == 0)
      s.level = l;
  ind_walk(module, check_op, &s);
  return s.result;
}

static const IndPassOptionDef k_options[] = {
    {"level", IND_OPT_ENUM, "graph|ind|sched|kernel", "the stage the module must be at"}, {NULL, 0, NULL, NULL}};

const IndPassDef ind_check_level_pass = {
    "ind-check-level", "Fail on any op of an ind dialect other than the given stage's (changes nothing)", k_options,
    run};
