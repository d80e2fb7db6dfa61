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
#include "lib/ptrmap.h"
#include "passes/preprocess/op_list.h"

#include <stdlib.h>

/* The block's ops as a doubly linked list mirrored on the C side, so that "the op before" and
 * "already visited" are O(1): the C API walks blocks only forward. Ops are numbered in their
 * original order; `index` maps an op's pointer to its number. */
typedef struct Mirror {
  PreprocessOpList ops;
  IndPtrMap index;
  intptr_t *prev, *next; /* -1 at the ends */
  bool *seen;
} Mirror;

static bool mirror_build(Mirror *m, MlirBlock block) {
  if (!preprocess_ops_of_block(&m->ops, block))
    return false;
  intptr_t n = m->ops.n;
  m->prev = malloc(sizeof *m->prev * (size_t)(n + 1));
  m->next = malloc(sizeof *m->next * (size_t)(n + 1));
  m->seen = calloc((size_t)n + 1, sizeof *m->seen);
  if (!m->prev || !m->next || !m->seen)
    return false;
  for (intptr_t i = 0; i < n; ++i) {
    m->prev[i] = i - 1;
    m->next[i] = i + 1 < n ? i + 1 : -1;
    if (!ind_ptrmap_put(&m->index, m->ops.ops[i].ptr, i))
      return false;
  }
  return true;
}

static void mirror_free(Mirror *m) {
  preprocess_ops_free(&m->ops);
  ind_ptrmap_free(&m->index);
  free(m->prev);
  free(m->next);
  free(m->seen);
}

/* The op's number in the block, or -1 for an op of another block. */
static intptr_t op_number(const Mirror *m, MlirOperation op) {
  int64_t i;
  return ind_ptrmap_get(&m->index, op.ptr, &i) ? (intptr_t)i : -1;
}

/* Moves op p to just before op `at`, in the block and in the mirror. */
static void move_before(Mirror *m, intptr_t p, intptr_t at) {
  mlirOperationMoveBefore(m->ops.ops[p], m->ops.ops[at]);
  if (m->prev[p] >= 0)
    m->next[m->prev[p]] = m->next[p];
  if (m->next[p] >= 0)
    m->prev[m->next[p]] = m->prev[p];
  m->prev[p] = m->prev[at];
  m->next[p] = at;
  if (m->prev[at] >= 0)
    m->next[m->prev[at]] = p;
  m->prev[at] = p;
}

/* Users outside the block (nested regions) count as not visited: the producer stays put. */
static bool all_users_seen(const Mirror *m, MlirOperation p) {
  for (intptr_t r = 0; r < mlirOperationGetNumResults(p); ++r)
    for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(p, r)); !mlirOpOperandIsNull(u);
         u = mlirOpOperandGetNextUse(u)) {
      intptr_t k = op_number(m, mlirOpOperandGetOwner(u));
      if (k < 0 || !m->seen[k])
        return false;
    }
  return true;
}

/* The number of the graph op producing `v` if it may move next to the cursor, else -1. */
static intptr_t movable_producer(const Mirror *m, MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return -1;
  MlirOperation p = mlirOpResultGetOwner(v);
  intptr_t k = op_number(m, p);
  if (k < 0 || graph_op_id(p) == GRAPH_OP_UNKNOWN || !all_users_seen(m, p))
    return -1;
  return k;
}

static bool reorder_block(MlirBlock block) {
  Mirror m = {0};
  bool ok = mirror_build(&m, block);
  intptr_t node = ok ? m.ops.n - 1 : -1;
  while (node >= 0) {
    m.seen[node] = true;
    MlirOperation op = m.ops.ops[node];
    if (graph_op_id(op) != GRAPH_OP_UNKNOWN)
      for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
        intptr_t p = movable_producer(&m, mlirOperationGetOperand(op, i));
        if (p >= 0)
          move_before(&m, p, node);
      }
    node = m.prev[node];
  }
  ok = ok && !m.ops.oom;
  mirror_free(&m);
  return ok;
}

static bool reorder_func_block(MlirBlock block, void *user) {
  (void)user;
  return reorder_block(block);
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  return preprocess_each_func_block(module, reorder_func_block, NULL)
             ? mlirLogicalResultSuccess()
             : ind_emit_error(module, "graph-reorder-for-locality: out of memory");
}

const IndPassDef graph_reorder_for_locality_pass = {
    "graph-reorder-for-locality",
    "Move each op's producers (whose users all follow) to just before it (Inductor's reorder_for_locality)",
    NULL,
    run,
};
