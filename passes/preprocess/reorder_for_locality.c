/* reorder_for_locality.c - graph-reorder-for-locality: Inductor's post-grad reorder_for_locality.
 *
 * Walks each function body from the last op to the first. At each graph op `node`, every operand
 * produced by a graph op `p` of the same block all of whose users have already been visited (so
 * all of them sit at or after `node`) is moved to just before `node`, operands in order (FX's
 * `node.prepend(p)`). Moved producers are visited next, so a producer's own single-consumer
 * inputs follow it: chains of pointwise/view ops end up next to their consumer, which shortens
 * live ranges and puts fusible ops side by side. Constants move next to their users (in FX they
 * are inline literals, not nodes).
 * "All users visited" does not imply "all users after `node`" (a visited user may have moved up
 * with an earlier producer), so, like Inductor (post_grad_passes ends with
 * stable_topological_sort), the pass finishes with a stable topological sort that restores a valid
 * order while moving as few ops as possible. Requires: nothing. Preserves: the set of ops, every use;
 * ops of other dialects stay put (the terminator is visited as a user but never moved). Never
 * fails. */
#include "dialects/graph/graph.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "passes/preprocess/op_list.h"

#include <stdlib.h>

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
  for (MlirOperation o = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
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

/* --- stable_topological_sort (torch/_inductor/pattern_matcher.py), which Inductor runs at the end
 * of post_grad_passes: the "all users seen" test does not prevent a producer from moving after a
 * user that was itself moved earlier (layernorm_gelu: `mean` past `sub_1`), so the order is
 * repaired here, moving as few ops as possible: ops are taken in order; one whose in-block
 * operands are not all placed waits for the last missing one and is retried when that is placed. */

static intptr_t index_of(const PreprocessOpList *l, MlirOperation op) {
  for (intptr_t i = 0; i < l->n; ++i)
    if (mlirOperationEqual(l->ops[i], op))
      return i;
  return -1;
}

/* The index (in `ops`) of the last operand of ops[i] defined in the block and not yet placed. */
static intptr_t last_missing_operand(const PreprocessOpList *ops, intptr_t i, const bool *placed) {
  intptr_t missing = -1;
  for (intptr_t k = 0; k < mlirOperationGetNumOperands(ops->ops[i]); ++k) {
    MlirValue v = mlirOperationGetOperand(ops->ops[i], k);
    intptr_t j = mlirValueIsAOpResult(v) ? index_of(ops, mlirOpResultGetOwner(v)) : -1;
    if (j >= 0 && !placed[j])
      missing = j;
  }
  return missing;
}

typedef struct SortState {
  bool *placed;
  intptr_t *wait_head, *wait_next; /* per op: first waiter; per waiter: the next one */
  intptr_t *pending;               /* a stack of op indices, top = next to take */
  intptr_t npending;
} SortState;

static bool sort_state_alloc(SortState *s, intptr_t n) {
  size_t m = (size_t)(n > 0 ? n : 1);
  s->placed = calloc(m, sizeof *s->placed);
  s->wait_head = malloc(m * sizeof *s->wait_head);
  s->wait_next = malloc(m * sizeof *s->wait_next);
  s->pending = malloc(2 * m * sizeof *s->pending);
  s->npending = 0;
  return s->placed && s->wait_head && s->wait_next && s->pending;
}

static void sort_state_free(SortState *s) {
  free(s->placed), free(s->wait_head), free(s->wait_next), free(s->pending);
}

/* Adds op i to the waiters of op j, at the end (waiters are retried in order). */
static void wait_for(SortState *s, intptr_t i, intptr_t j) {
  s->wait_next[i] = -1;
  intptr_t *link = &s->wait_head[j];
  while (*link >= 0)
    link = &s->wait_next[*link];
  *link = i;
}

static bool stable_topological_sort(MlirBlock block) {
  PreprocessOpList ops = {0};
  SortState s;
  bool ok = preprocess_ops_of_block(&ops, block) && sort_state_alloc(&s, ops.n);
  if (!ok) {
    preprocess_ops_free(&ops);
    return false;
  }
  for (intptr_t i = 0; i < ops.n; ++i)
    s.wait_head[i] = -1, s.pending[s.npending++] = ops.n - 1 - i;
  MlirOperation cursor = {NULL};
  while (s.npending > 0) {
    intptr_t i = s.pending[--s.npending];
    intptr_t missing = last_missing_operand(&ops, i, s.placed);
    if (missing >= 0) {
      wait_for(&s, i, missing);
      continue;
    }
    s.placed[i] = true;
    if (!mlirOperationIsNull(cursor) && !mlirOperationEqual(mlirOperationGetNextInBlock(cursor), ops.ops[i]))
      mlirOperationMoveAfter(ops.ops[i], cursor);
    cursor = ops.ops[i];
    /* the ops waiting for this one are retried next, first waiter first */
    intptr_t nw = 0;
    for (intptr_t w = s.wait_head[i]; w >= 0; w = s.wait_next[w])
      ++nw;
    intptr_t at = s.npending + nw;
    for (intptr_t w = s.wait_head[i]; w >= 0; w = s.wait_next[w])
      s.pending[--at] = w;
    s.npending += nw;
  }
  sort_state_free(&s);
  preprocess_ops_free(&ops);
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
  return stable_topological_sort(block) && ok;
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
