/* remove_noops.c - graph-remove-noops: Inductor's remove_noop_ops.
 *
 * An op is a no-op when its result equals one of its operands element for element and has that
 * operand's type; its uses then read the operand directly. The no-ops recognized:
 *   view / reshape / expand / squeeze / unsqueeze / slice to the same type (same shape: the
 *     identity; for slice only start 0, step 1, full length);
 *   permute by the identity permutation, transpose of a dim with itself;
 *   mul by a constant 1 (either side), div by a constant 1 (divisor);
 *   add of a constant 0 (either side), sub of a constant 0 (subtrahend);
 *   contiguous / clone of a contiguous value (graph_value_layout: no strided view in between);
 *   convert to the same dtype; cat of a single input.
 * Left alone: everything else, in particular a permute/transpose that changes the order of equal
 * sizes (a 4x4 transpose keeps the type but not the values), contiguous of a strided view, and any
 * candidate whose result type differs from the kept operand's (x + zeros of a larger shape
 * broadcasts), and, as in Inductor, a no-op whose result is a function output when the kept
 * operand's storage is a function argument or another output (outputs must not alias inputs or
 * each other). x + 0 and x - 0 turn -0.0 into +0.0 in IEEE arithmetic; like Inductor, the pass
 * treats them as no-ops anyway. Requires: inferred types. Never fails. */
#include "dialects/graph/graph.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "passes/preprocess/op_list.h"

static const intptr_t kKeepNone = -1;

static MlirValue operand(MlirOperation op, intptr_t i) { return mlirOperationGetOperand(op, i); }

/* True when `v` is a graph.constant holding `value`. */
static bool is_constant(MlirValue v, double value) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  double got;
  return graph_op_id(def) == GRAPH_OP_CONSTANT && graph_constant_value(def, &got) && got == value;
}

static bool is_identity_permute(MlirOperation op) {
  int64_t perm[GRAPH_MAX_RANK];
  intptr_t n;
  if (!graph_permute_dims(op, perm, &n))
    return false;
  for (intptr_t i = 0; i < n; ++i)
    if (perm[i] != i)
      return false;
  return true;
}

static bool is_self_transpose(MlirOperation op) {
  int64_t a, b;
  return graph_transpose_dims(op, &a, &b) && a == b;
}

static bool is_full_slice(MlirOperation op) {
  GraphSlice s;
  return graph_slice_params(op, &s) && s.start == 0 && s.step == 1;
}

static bool is_contiguous_value(MlirValue v) {
  GraphLayout l;
  return graph_value_layout(v, &l, NULL) && graph_layout_is_contiguous(&l);
}

/* For x op c with a constant c == `unit` on the right (or on the left when `commutes`): the index of
 * the operand kept, else kKeepNone. */
static intptr_t binary_unit(MlirOperation op, double unit, bool commutes) {
  if (is_constant(operand(op, 1), unit))
    return 0;
  if (commutes && is_constant(operand(op, 0), unit))
    return 1;
  return kKeepNone;
}

/* The index of the operand `op` passes through unchanged, or kKeepNone. Type equality with the
 * result is checked by the caller. */
static intptr_t noop_operand(MlirOperation op) {
  switch (graph_op_id(op)) {
  case GRAPH_OP_VIEW:
  case GRAPH_OP_RESHAPE:
  case GRAPH_OP_EXPAND:
  case GRAPH_OP_SQUEEZE:
  case GRAPH_OP_UNSQUEEZE:
  case GRAPH_OP_CONVERT:
    return 0;
  case GRAPH_OP_SLICE:
    return is_full_slice(op) ? 0 : kKeepNone;
  case GRAPH_OP_PERMUTE:
    return is_identity_permute(op) ? 0 : kKeepNone;
  case GRAPH_OP_TRANSPOSE:
    return is_self_transpose(op) ? 0 : kKeepNone;
  case GRAPH_OP_CONTIGUOUS:
  case GRAPH_OP_CLONE:
    return is_contiguous_value(operand(op, 0)) ? 0 : kKeepNone;
  case GRAPH_OP_CAT:
    return mlirOperationGetNumOperands(op) == 1 ? 0 : kKeepNone;
  case GRAPH_OP_MUL:
    return binary_unit(op, 1.0, true);
  case GRAPH_OP_DIV:
    return binary_unit(op, 1.0, false);
  case GRAPH_OP_ADD:
    return binary_unit(op, 0.0, true);
  case GRAPH_OP_SUB:
    return binary_unit(op, 0.0, false);
  default:
    return kKeepNone;
  }
}

/* The value owning the storage `v` views (v itself unless it is a view). */
static MlirValue storage_of(MlirValue v) {
  GraphLayout l;
  MlirValue base = v;
  return graph_value_layout(v, &l, &base) ? base : v;
}

/* Inductor's guard: removing the op must not make a graph output alias a graph input or another
 * output (the output would then need no buffer of its own, and writes to it would reach them). */
static bool would_alias_io(MlirValue res, MlirValue kept) {
  if (!ind_value_is_returned(res))
    return false;
  MlirValue src = storage_of(kept);
  return mlirValueIsABlockArgument(src) || ind_value_is_returned(src) || ind_value_is_returned(kept);
}

/* Replaces `op` by its pass-through operand when it is a no-op of the same type. */
static void remove_if_noop(MlirOperation op) {
  intptr_t keep = noop_operand(op);
  if (keep == kKeepNone || mlirOperationGetNumResults(op) != 1)
    return;
  MlirValue res = mlirOperationGetResult(op, 0), kept = operand(op, keep);
  if (!mlirTypeEqual(mlirValueGetType(res), mlirValueGetType(kept)) || would_alias_io(res, kept))
    return;
  mlirValueReplaceAllUsesOfWith(res, kept);
  mlirOperationDestroy(op);
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  PreprocessOpList ops = {0};
  bool ok = preprocess_ops_graph(&ops, module);
  for (intptr_t i = 0; ok && i < ops.n; ++i)
    remove_if_noop(ops.ops[i]);
  preprocess_ops_free(&ops);
  return ok ? mlirLogicalResultSuccess() : ind_emit_error(module, "graph-remove-noops: out of memory");
}

const IndPassDef graph_remove_noops_pass = {
    "graph-remove-noops",
    "Remove ops that return an operand unchanged (same-shape reshape, identity permute, x*1, x+0, ...)",
    NULL,
    run,
};
