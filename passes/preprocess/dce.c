/* dce.c - graph-dce: removes graph ops whose results are unused (Inductor's
 * gm.graph.eliminate_dead_code()).
 *
 * Graph ops are pure (functional ATen: no mutation, no aliasing writes), so an op none of whose
 * results is used can go. Each block is walked backwards, so a whole dead chain goes in one pass.
 * Requires: nothing. Preserves: every op of another dialect (func.return, upstream ops) and every
 * graph op with a use; the order of what stays. Never fails. */
#include "dialects/graph/graph.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "passes/preprocess/op_list.h"

static bool has_uses(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return true;
  return false;
}

static bool is_dead(MlirOperation op) { return graph_op_id(op) != GRAPH_OP_UNKNOWN && !has_uses(op); }

/* Erases the dead graph ops of `block`, last to first (the C API has no "previous op", so the ops
 * are collected first). */
static bool dce_block(MlirBlock block, void *user) {
  (void)user;
  PreprocessOpList ops = {0};
  preprocess_ops_of_block(&ops, block); /* on out-of-memory: a partial list, fewer ops removed */
  for (intptr_t i = ops.n - 1; i >= 0; --i)
    if (is_dead(ops.ops[i]))
      mlirOperationDestroy(ops.ops[i]);
  preprocess_ops_free(&ops);
  return true;
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  preprocess_each_func_block(module, dce_block, NULL);
  return mlirLogicalResultSuccess();
}

const IndPassDef graph_dce_pass = {
    "graph-dce",
    "Remove graph ops whose results are unused (graph ops are pure)",
    NULL,
    run,
};
