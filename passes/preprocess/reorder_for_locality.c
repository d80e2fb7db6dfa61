/* reorder_for_locality.c - graph-reorder-for-locality: Inductor's post-grad reorder_for_locality.
 *
 * Walks each function body from the last op to the first. At each graph op `node`, every operand
 * produced by a graph op `p` of the same block all of whose users have already been visited (so
 * all of them sit at or after `node`) is moved to just before `node`, operands in order (FX's
 * `node.prepend(p)`). Moved producers are visited next, so a producer's own single-consumer
 * inputs follow it: chains of pointwise/view ops end up next to their consumer, which shortens
 * live ranges and puts fusible ops side by side. Constants move next to their users (in FX they
 * are inline literals, not nodes).
 * The order stays valid without a repair step: a visited op is at or after the cursor and never
 * moves before it again (only producers of the cursor move, and a producer precedes its user),
 * so "all users visited" means "all users after the cursor", and `p` lands before all of them
 * with its own operands still earlier. (Inductor ends post_grad_passes with a
 * stable_topological_sort for the pattern rewrites; this pass does not need one.)
 * Requires: nothing. Preserves: the set of ops, every use; ops of other dialects stay put (the
 * terminator is visited as a user but never moved). Never fails. */
#include "dialects/graph/graph.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "passes/preprocess/op_list.h"

/* The ops visited so far (a small set; the graphs here have hundreds of ops). */
static bool was_seen(const PreprocessOpList *seen, MlirOperation op) {
  for (intptr_t i = 0; i < seen->n; ++i)
    if (mlirOperationEqual(seen->ops[i], op))
      return true;
  return false;
}

static bool all_users_seen(const PreprocessOpList *seen, MlirOperation p) {
  for (intptr_t r = 0; r < mlirOperationGetNumResults(p); ++r)
    for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(p, r)); !mlirOpOperandIsNull(u);
         u = mlirOpOperandGetNextUse(u))
      if (!was_seen(seen, mlirOpOperandGetOwner(u)))
        return false;
  return true;
}

/* The op right before `op` in `block` (the C API only walks forward). */
static MlirOperation prev_in_block(MlirBlock block, MlirOperation op) {
  MlirOperation prev = {NULL};
  for (MlirOperation o = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (mlirOperationEqual(o, op))
      return prev;
    prev = o;
  }
  return (MlirOperation){NULL};
}

static MlirOperation last_in_block(MlirBlock block) {
  MlirOperation last = {NULL};
  for (MlirOperation o = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    last = o;
  return last;
}

/* The graph op of `block` producing `v`, if it may move next to `node`. */
static bool is_movable_producer(MlirValue v, MlirBlock block, const PreprocessOpList *seen, MlirOperation *out) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation p = mlirOpResultGetOwner(v);
  if (graph_op_id(p) == GRAPH_OP_UNKNOWN || !mlirBlockEqual(mlirOperationGetBlock(p), block) ||
      !all_users_seen(seen, p))
    return false;
  *out = p;
  return true;
}

static bool reorder_block(MlirBlock block) {
  PreprocessOpList seen = {0};
  for (MlirOperation node = last_in_block(block); !mlirOperationIsNull(node); node = prev_in_block(block, node)) {
    if (!preprocess_ops_push(&seen, node))
      break;
    if (graph_op_id(node) == GRAPH_OP_UNKNOWN)
      continue;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(node); ++i) {
      MlirOperation p;
      if (is_movable_producer(mlirOperationGetOperand(node, i), block, &seen, &p))
        mlirOperationMoveBefore(p, node);
    }
  }
  bool ok = !seen.oom;
  preprocess_ops_free(&seen);
  return ok;
}

typedef struct State {
  bool ok;
} State;

static bool visit(MlirOperation op, void *user) {
  State *st = user;
  if (!ind_op_is(op, "func.func"))
    return true;
  MlirRegion body = mlirOperationGetRegion(op, 0);
  for (MlirBlock b = mlirRegionGetFirstBlock(body); !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
    st->ok = reorder_block(b) && st->ok;
  return true;
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  State st = {true};
  ind_walk(module, visit, &st);
  return st.ok ? mlirLogicalResultSuccess() : ind_emit_error(module, "graph-reorder-for-locality: out of memory");
}

const IndPassDef graph_reorder_for_locality_pass = {
    "graph-reorder-for-locality",
    "Move each op's producers (whose users all follow) to just before it (Inductor's reorder_for_locality)",
    NULL,
    run,
};
