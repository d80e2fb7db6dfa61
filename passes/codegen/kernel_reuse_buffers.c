/* kernel_reuse_buffers.c - `kernel-reuse-buffers`: Inductor's buffer reuse in the host wrapper.
 *
 * A liveness pass over @call's op list: a buffer is live from its kernel.alloc to its last use (the last
 * kernel.launch / kernel.extern_call / func.return passing it). A kernel.alloc whose byte size equals
 * that of a dead buffer (last use strictly before this alloc, not returned, its storage not already
 * taken) takes over that storage (of the earliest-allocated such buffer: first fit, found with a sweep
 * and a free heap per byte size, O(n log n) in the allocs): the alloc gets `reuse = "bufK"` (the dead
 * buffer's name). The chain bufK <- bufJ <- ... is the same storage. Since an alloc sits right before its first writer
 * and the dead buffer's last use is before the alloc, no launch ever receives two buffers sharing storage.
 *
 * Requires: the wrapper from sched-to-kernel (allocs named, args as gpu.yield operands). Preserves:
 * every buffer's contents while it is live. Never fails. */
#include "dialects/kernel/kernel.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "lib/ptrmap.h"
#include "lib/vec.h"

#include <stdlib.h>
#include <string.h>

typedef struct Live {
  MlirOperation alloc;
  int64_t bytes;
  int first, last; /* op positions */
  bool returned;
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

/* Marks a use at op position `pos` of v, when v is an alloc's result (`index`: result value -> entry). */
static void note_use(Live *l, const IndPtrMap *index, MlirValue v, int pos, bool ret) {
  int64_t i;
  if (ind_ptrmap_get(index, v.ptr, &i)) {
    l[i].last = pos;
    l[i].returned |= ret;
  }
}

/* The liveness of every kernel.alloc of block `b`, in op order; *n is their count (NULL when none). */
static Live *collect_live(MlirBlock b, int *n) {
  int cap = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    cap += kernel_is_alloc(op);
  *n = 0;
  if (cap == 0)
    return NULL;
  Live *l = ind_xrealloc(NULL, (size_t)cap, sizeof *l);
  IndPtrMap index = {0}; /* an alloc's result value -> its entry in l */
  int pos = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op), ++pos) {
    if (kernel_is_alloc(op)) {
      MlirValue v = mlirOperationGetResult(op, 0);
      l[*n] = (Live){.alloc = op, .bytes = byte_size(mlirValueGetType(v)), .first = pos, .last = pos};
      if (!ind_ptrmap_put(&index, v.ptr, *n))
        abort();
      ++*n;
    } else if (kernel_is_launch(op) || kernel_is_extern_call(op)) {
      for (intptr_t i = 0; i < kernel_call_num_args(op); ++i)
        note_use(l, &index, kernel_call_arg(op, i), pos, false);
    } else if (ind_op_is(op, "func.return")) {
      for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
        note_use(l, &index, mlirOperationGetOperand(op, i), pos, true);
    }
  }
  ind_ptrmap_free(&index);
  return l;
}

/* qsort context: the entries being ordered (qsort has no user pointer). */
static const Live *sort_live;

static int by_bytes(const void *a, const void *b) {
  int64_t x = sort_live[*(const int *)a].bytes, y = sort_live[*(const int *)b].bytes;
  return (x > y) - (x < y);
}

static int by_last(const void *a, const void *b) {
  int x = sort_live[*(const int *)a].last, y = sort_live[*(const int *)b].last;
  return (x > y) - (x < y);
}

/* A min-heap of entry indices: the free storages of one byte size, the earliest alloc on top. */
typedef struct Heap {
  int *v, n;
} Heap;

static void heap_push(Heap *h, int x) {
  int i = h->n++;
  for (; i > 0 && h->v[(i - 1) / 2] > x; i = (i - 1) / 2)
    h->v[i] = h->v[(i - 1) / 2];
  h->v[i] = x;
}

static int heap_pop(Heap *h) {
  int top = h->v[0], x = h->v[--h->n], i = 0;
  for (;;) {
    int c = 2 * i + 1;
    if (c >= h->n)
      break;
    if (c + 1 < h->n && h->v[c + 1] < h->v[c])
      ++c;
    if (x <= h->v[c])
      break;
    h->v[i] = h->v[c];
    i = c;
  }
  if (h->n)
    h->v[i] = x;
  return top;
}

/* Groups the entries by byte size: bucket[i] is entry i's group, each group gets an empty heap with
 * room for all its members (slices of *storage). Returns the heaps. */
static Heap *bucket_by_bytes(const Live *l, int n, int *bucket, int **storage) {
  int *ord = ind_xrealloc(NULL, (size_t)n, sizeof *ord);
  for (int i = 0; i < n; ++i)
    ord[i] = i;
  sort_live = l;
  qsort(ord, (size_t)n, sizeof *ord, by_bytes);
  Heap *heaps = ind_xrealloc(NULL, (size_t)n, sizeof *heaps);
  *storage = ind_xrealloc(NULL, (size_t)n, sizeof **storage);
  int nb = -1;
  for (int k = 0; k < n; ++k) {
    if (k == 0 || l[ord[k]].bytes != l[ord[k - 1]].bytes)
      heaps[++nb] = (Heap){.v = *storage + k, .n = 0};
    bucket[ord[k]] = nb;
  }
  free(ord);
  return heaps;
}

/* First fit, as a sweep: allocs in op order; before alloc j, every buffer whose last use precedes j's
 * alloc (and that may be reused: a known byte size, not returned) joins the free heap of its byte size;
 * j takes the earliest-allocated free buffer of its size. A buffer joins once and is taken once, so this
 * is O(n log n) and picks what a scan of all earlier buffers in order would. */
static void assign_reuse(MlirContext ctx, Live *l, int n) {
  int *bucket = ind_xrealloc(NULL, (size_t)n, sizeof *bucket), *storage = NULL;
  Heap *heaps = bucket_by_bytes(l, n, bucket, &storage);
  int *dying = ind_xrealloc(NULL, (size_t)n, sizeof *dying), ndying = 0;
  for (int i = 0; i < n; ++i)
    if (l[i].bytes > 0 && !l[i].returned)
      dying[ndying++] = i;
  sort_live = l;
  qsort(dying, (size_t)ndying, sizeof *dying, by_last);
  for (int j = 0, p = 0; j < n; ++j) {
    for (; p < ndying && l[dying[p]].last < l[j].first; ++p)
      heap_push(&heaps[bucket[dying[p]]], dying[p]);
    Heap *h = &heaps[bucket[j]];
    if (l[j].bytes <= 0 || h->n == 0)
      continue;
    int i = heap_pop(h);
    ind_set_attr(l[j].alloc, KERNEL_ATTR_REUSE, mlirStringAttrGet(ctx, kernel_alloc_name(l[i].alloc)));
  }
  free(dying);
  free(heaps);
  free(storage);
  free(bucket);
}

static void reuse_in(MlirOperation fn) {
  int n;
  Live *l = collect_live(mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0)), &n);
  if (n)
    assign_reuse(mlirOperationGetContext(fn), l, n);
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
