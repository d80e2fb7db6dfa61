/* cse.c - graph-cse: common subexpression elimination on the graph (AOTAutograd's fx_graph_cse).
 *
 * Two graph ops compute the same values when they have the same name, the same operands in order, the
 * same attributes and the same result types: graph ops are pure (functional ATen, and the dialect has no
 * random ops), so the later one's uses read the earlier one's results and the later one is erased. The
 * graphs AOTAutograd hands over hold such pairs after ind's own view normalization (graph-view-to-reshape,
 * graph-remove-noops) and pattern rewrites: an AMP attention backward casts one f32 gradient to bf16 twice
 * for its two bmms, and each cast became a kernel store of 12.6 MB (device run 31). Each block is walked
 * in order, so a chain of duplicates goes in one pass (the second op's operands already read the first's
 * values). Left alone: ops with regions or without results, ops of other dialects, and a pair whose
 * results are both function outputs (outputs must not alias each other: graph-remove-noops's rule).
 * Requires: nothing. Preserves: the first op of each class, in place; every other op. Never fails. */
#include "dialects/graph/graph.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "passes/preprocess/op_list.h"

#include <stdlib.h>
#include <string.h>

static uint64_t mix(uint64_t h, const void *p) { return (h ^ (uint64_t)(uintptr_t)p) * 0x100000001b3ull; }

/* The op's name and first operand: ops that can be equal share a slot chain; same_op decides. */
static uint64_t op_hash(MlirOperation op) {
  uint64_t h = mix(0xcbf29ce484222325ull, mlirIdentifierStr(mlirOperationGetName(op)).data);
  return mlirOperationGetNumOperands(op) > 0 ? mix(h, mlirOperationGetOperand(op, 0).ptr) : h;
}

static bool same_op(MlirOperation a, MlirOperation b) {
  if (!mlirIdentifierEqual(mlirOperationGetName(a), mlirOperationGetName(b)) ||
      mlirOperationGetNumOperands(a) != mlirOperationGetNumOperands(b) ||
      mlirOperationGetNumResults(a) != mlirOperationGetNumResults(b) || !ind_same_attributes(a, b))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(a); ++i)
    if (!mlirValueEqual(mlirOperationGetOperand(a, i), mlirOperationGetOperand(b, i)))
      return false;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(a); ++i)
    if (!mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(a, i)), mlirValueGetType(mlirOperationGetResult(b, i))))
      return false;
  return true;
}

static bool returned(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (ind_value_is_returned(mlirOperationGetResult(op, i)))
      return true;
  return false;
}

static bool candidate(MlirOperation op) {
  return graph_op_id(op) != GRAPH_OP_UNKNOWN && mlirOperationGetNumResults(op) > 0 &&
         mlirOperationGetNumRegions(op) == 0;
}

/* Open addressing over the block's candidates (indices into ops, -1 empty). */
static bool cse_block(MlirBlock block, void *user) {
  (void)user;
  PreprocessOpList ops = {0};
  preprocess_ops_of_block(&ops, block);
  size_t cap = 16;
  while (cap < 2 * (size_t)ops.n)
    cap *= 2;
  intptr_t *slot = malloc(sizeof *slot * cap);
  if (!slot) {
    preprocess_ops_free(&ops);
    return true; /* out of memory: nothing merged */
  }
  memset(slot, -1, sizeof *slot * cap);
  for (intptr_t i = 0; i < ops.n; ++i) {
    MlirOperation op = ops.ops[i];
    if (!candidate(op))
      continue;
    size_t s = (size_t)op_hash(op) & (cap - 1);
    bool erased = false;
    for (; slot[s] >= 0; s = (s + 1) & (cap - 1)) {
      MlirOperation first = ops.ops[slot[s]];
      if (!same_op(first, op) || (returned(first) && returned(op)))
        continue;
      for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, r), mlirOperationGetResult(first, r));
      mlirOperationDestroy(op);
      erased = true;
      break;
    }
    if (!erased)
      slot[s] = i;
  }
  free(slot);
  preprocess_ops_free(&ops);
  return true;
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  preprocess_each_func_block(module, cse_block, NULL);
  return mlirLogicalResultSuccess();
}

const IndPassDef graph_cse_pass = {
    "graph-cse",
    "Merge graph ops with the same name, operands, attributes and result types (AOTAutograd's fx_graph_cse)",
    NULL,
    run,
};
