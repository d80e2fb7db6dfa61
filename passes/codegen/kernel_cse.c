/* kernel_cse.c - `kernel-cse`: common-subexpression and dead-code elimination inside kernel.def bodies.
 *
 * Upstream cse does not touch IRDL ops (they carry no side-effect information), and sched-to-kernel
 * copies each fused node's body whole, so the seed's kernel holds three loads of x and three relus
 * before this pass and one after (000_*.txt section 08). Two ops are the same when they have the same
 * name, operands, attributes (index maps, reduction types, constants, fastmath flags) and result types;
 * kernel.load, kernel.index_expr, kernel.reduce and arith/math ops qualify (a kernel body has no writes
 * that a load could observe: kernel.store targets outputs, which the body never loads). kernel.store is
 * never merged or removed. Then ops without uses (other than stores) are erased.
 *
 * Requires: kernel.def bodies in dependency order (one block). Preserves: the values stored.
 * Never fails. */
#include "dialects/kernel/kernel.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "lib/ptrmap.h"
#include "lib/vec.h"

#include <stdint.h>
#include <stdlib.h>

static bool is_pure(MlirOperation op) {
  MlirStringRef n = ind_op_name(op);
  return (kernel_is_load(op) || kernel_is_index_expr(op) || kernel_is_reduce(op) || ind_sref_starts_with(n, "arith.") ||
          ind_sref_starts_with(n, "math.")) &&
         mlirOperationGetNumRegions(op) == 0 && mlirOperationGetNumResults(op) == 1;
}

/* True when b computes the same value as a. */
static bool equivalent(MlirOperation a, MlirOperation b) {
  if (!mlirIdentifierEqual(mlirOperationGetName(a), mlirOperationGetName(b)))
    return false;
  intptr_t n = mlirOperationGetNumOperands(a);
  if (n != mlirOperationGetNumOperands(b))
    return false;
  for (intptr_t i = 0; i < n; ++i)
    if (!mlirValueEqual(mlirOperationGetOperand(a, i), mlirOperationGetOperand(b, i)))
      return false;
  return mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(a, 0)),
                       mlirValueGetType(mlirOperationGetResult(b, 0))) &&
         ind_same_attributes(a, b);
}

typedef struct OpList {
  MlirOperation *v;
  int n, cap;
} OpList;

static void push(OpList *l, MlirOperation op) { IND_VEC_PUSH(l->v, l->n, l->cap, op); }

/* A hash of what equivalent() compares (names, types and attributes are uniqued: their pointers
 * identify them), never 0 (IndPtrMap's empty key). */
static const void *op_key(MlirOperation op) {
  uint64_t h = 1469598103934665603ULL;
#define MIX(p) (h = (h ^ (uint64_t)(uintptr_t)(p)) * 1099511628211ULL)
  MIX(mlirOperationGetName(op).ptr);
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i)
    MIX(mlirOperationGetOperand(op, i).ptr);
  MIX(mlirValueGetType(mlirOperationGetResult(op, 0)).ptr);
  for (intptr_t i = 0, n = mlirOperationGetNumAttributes(op); i < n; ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
    MIX(a.name.ptr);
    MIX(a.attribute.ptr);
  }
#undef MIX
  return (const void *)(uintptr_t)(h | 1);
}

/* Merges duplicates in order (so that merged operands expose further duplicates), then erases them.
 * The kept ops are found through a hash map (key -> the last kept op of that key, chained through
 * `next`): linear in the body size. */
static void cse_block(MlirBlock b) {
  OpList kept = {0}, dead = {0};
  IndPtrMap heads = {0};
  int *next = NULL, cap_next = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!is_pure(op))
      continue;
    const void *key = op_key(op);
    int64_t head = -1;
    bool merged = false;
    if (ind_ptrmap_get(&heads, key, &head))
      for (int64_t i = head; i >= 0 && !merged; i = next[i])
        if (equivalent(kept.v[i], op)) {
          mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), mlirOperationGetResult(kept.v[i], 0));
          push(&dead, op);
          merged = true;
        }
    if (merged)
      continue;
    if (kept.n == cap_next) {
      cap_next = cap_next ? 2 * cap_next : 64;
      next = realloc(next, (size_t)cap_next * sizeof *next);
      if (!next)
        abort();
    }
    next[kept.n] = (int)head;
    if (!ind_ptrmap_put(&heads, key, kept.n))
      abort();
    push(&kept, op);
  }
  for (int i = 0; i < dead.n; ++i)
    mlirOperationDestroy(dead.v[i]);
  ind_ptrmap_free(&heads);
  free(next);
  free(kept.v);
  free(dead.v);
}

/* Erases pure ops without uses, last to first (so that their operands' producers follow). */
static void dce_block(MlirBlock b) {
  OpList ops = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    push(&ops, op);
  for (int i = ops.n - 1; i >= 0; --i)
    if (is_pure(ops.v[i]) && mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(ops.v[i], 0))))
      mlirOperationDestroy(ops.v[i]);
  free(ops.v);
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirBlock body = kernel_is_def(op) ? kernel_def_body(op) : (MlirBlock){NULL};
    if (mlirBlockIsNull(body))
      continue;
    cse_block(body);
    dce_block(body);
  }
  return mlirLogicalResultSuccess();
}

const IndPassDef ind_kernel_cse_pass = {
    .argument = "kernel-cse",
    .description = "Merge identical loads and expressions in kernel bodies and drop unused ones",
    .options = NULL,
    .run = run,
};
