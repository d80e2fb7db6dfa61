/* kernel_reuse_buffers.c - `kernel-reuse-buffers`: Inductor's buffer reuse in the host wrapper.
 *
 * A liveness pass over @call's op list: a buffer is live from its kernel.alloc to its last use (the last
 * kernel.launch / kernel.extern_call / func.return passing it). A kernel.alloc whose byte size equals
 * that of a dead buffer (last use strictly before this alloc, not returned, its storage not already
 * taken) takes over that storage: the alloc gets `reuse = "bufK"` (the dead buffer's name). The chain
 * bufK <- bufJ <- ... is the same storage. Since an alloc sits right before its first writer and the
 * dead buffer's last use is before the alloc, no launch ever receives two buffers sharing storage.
 *
 * Requires: the wrapper from sched-to-kernel (allocs named, args as gpu.yield operands). Preserves:
 * every buffer's contents while it is live. Never fails. */
#include "dialects/kernel/kernel.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"

#include <stdlib.h>
#include <string.h>

typedef struct Live {
  MlirOperation alloc;
  int64_t bytes;
  int first, last; /* op positions */
  bool returned, taken;
} Live;

static int64_t byte_size(MlirType t) {
  if (!mlirTypeIsAMemRef(t) || !mlirShapedTypeHasStaticShape(t))
    return -1;
  MlirType e = mlirShapedTypeGetElementType(t);
  int64_t bits = mlirTypeIsAFloat(e)     ? (int64_t)mlirFloatTypeGetWidth(e)
                 : mlirTypeIsAInteger(e) ? (int64_t)mlirIntegerTypeGetWidth(e)
                                         : -1;
  if (bits <= 0)
    return -1;
  return ind_type_numel(t) * ((bits + 7) / 8);
}

static int find_live(Live *l, int n, MlirValue v) {
  for (int i = 0; i < n; ++i)
    if (mlirValueEqual(mlirOperationGetResult(l[i].alloc, 0), v))
      return i;
  return -1;
}

static void note_use(Live *l, int n, MlirValue v, int pos, bool ret) {
  int i = find_live(l, n, v);
  if (i >= 0) {
    l[i].last = pos;
    l[i].returned |= ret;
  }
}

static void reuse_in(MlirOperation fn) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  int cap = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    cap += kernel_is_alloc(op);
  if (cap == 0)
    return;
  Live *l = calloc((size_t)cap, sizeof *l);
  if (!l)
    abort();
  int n = 0, pos = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op), ++pos) {
    if (kernel_is_alloc(op)) {
      l[n] = (Live){
          .alloc = op, .bytes = byte_size(mlirValueGetType(mlirOperationGetResult(op, 0))), .first = pos, .last = pos};
      n++;
    } else if (kernel_is_launch(op) || kernel_is_extern_call(op)) {
      for (intptr_t i = 0; i < kernel_call_num_args(op); ++i)
        note_use(l, n, kernel_call_arg(op, i), pos, false);
    } else if (ind_op_is(op, "func.return")) {
      for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
        note_use(l, n, mlirOperationGetOperand(op, i), pos, true);
    }
  }
  MlirContext ctx = mlirOperationGetContext(fn);
  for (int j = 0; j < n; ++j) {
    if (l[j].bytes <= 0)
      continue;
    for (int i = 0; i < j; ++i) {
      if (l[i].taken || l[i].returned || l[i].bytes != l[j].bytes || l[i].last >= l[j].first)
        continue;
      MlirStringRef name = kernel_alloc_name(l[i].alloc);
      ind_set_attr(l[j].alloc, KERNEL_ATTR_REUSE, mlirStringAttrGet(ctx, name));
      l[i].taken = true;
      break;
    }
  }
  free(l);
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (ind_op_is(op, "func.func"))
      reuse_in(op);
  return mlirLogicalResultSuccess();
}

const IndPassDef ind_kernel_reuse_buffers_pass = {
    .argument = "kernel-reuse-buffers",
    .description = "Let a wrapper allocation take over a dead buffer of the same byte size (reuse = \"bufK\")",
    .options = NULL,
    .run = run,
};
