/* kernel_to_cpu_wrapper.c - the host-wrapper half of `convert-kernel-to-cpu`. Every func.func holding
 * kernel ops (`@call` by contract) is rewritten in place: `kernel.alloc` -> `memref.alloc` (a
 * `reuse = "bufK"` alloc of the same type as bufK *is* bufK's value; of another type it gets its own
 * allocation), `kernel.launch` -> `func.call` of the kernel's function (each buffer reinterpreted as the
 * kernel's flat memref with `memref.reinterpret_cast`, offset 0: kernel indices are storage offsets from
 * the buffer's base), `kernel.extern_call` mm/bmm -> a naive scf matmul with an f64 accumulator, mm's
 * optional bias added to the accumulator before the store (an input
 * flagged in `transpose` read with its two matrix indices swapped, an input of another shape than the
 * one it holds reinterpreted: lib/mm_dims.h); buffers
 * allocated here that are not returned are freed (`memref.dealloc`) before the return. The wrapper gets
 * `llvm.emit_c_interface`. */
#include "passes/codegen/kernel_to_cpu_wrapper.h"
#include "dialects/kernel/kernel.h"
#include "lib/ir.h" /* ind_memref_storage_elems */
#include "lib/mm_dims.h"
#include "passes/codegen/builder.h"

#include <stdlib.h>
#include <string.h>

typedef struct Wrapper {
  MlirOperation func;
  MlirOperation module;
  /* memref.alloc results of this wrapper and their kernel.alloc names, one per kernel.alloc: sized by the
   * function's wrapper ops (a training graph's forward holds thousands of buffers, LeViT's 1151-node one
   * over 256) */
  MlirValue *allocs;
  MlirStringRef *alloc_names;
  int nallocs;
} Wrapper;

/* A `memref.alloc` of the static type t at the builder, 64-byte aligned (buffers and scratch rows). */
static MlirValue build_alloc(CgBuilder *b, MlirType t) {
  int32_t seg[2] = {0, 0};
  MlirNamedAttribute a[2] = {cg_named(b, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 2, seg)),
                             cg_named(b, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 64))};
  return cg_op1(b, "memref.alloc", 0, NULL, t, 2, a);
}

static bool lower_alloc(Wrapper *w, MlirOperation op) {
  MlirStringRef name = {"", 0}, reuse;
  ind_attr_str(op, KERNEL_ATTR_NAME, &name);
  if (mlirOperationGetNumResults(op) != 1 || !mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetResult(op, 0))) ||
      !mlirShapedTypeHasStaticShape(mlirValueGetType(mlirOperationGetResult(op, 0))))
    return cg_fail(op, CPU_PASS, "kernel.alloc must return one static memref");
  MlirValue old = mlirOperationGetResult(op, 0);
  MlirType t = mlirValueGetType(old);
  if (kernel_alloc_reuse(op, &reuse))
    for (int i = 0; i < w->nallocs; ++i)
      if (reuse.length > 0 && w->alloc_names[i].length == reuse.length &&
          memcmp(w->alloc_names[i].data, reuse.data, reuse.length) == 0 &&
          mlirTypeEqual(mlirValueGetType(w->allocs[i]), t)) {
        mlirValueReplaceAllUsesOfWith(old, w->allocs[i]);
        w->alloc_names[w->nallocs] = name;
        w->allocs[w->nallocs++] = w->allocs[i];
        mlirOperationDestroy(op);
        return true;
      }
  CgBuilder b = {mlirOperationGetContext(op), mlirOperationGetLocation(op), mlirOperationGetBlock(op), op};
  MlirValue nv = build_alloc(&b, t);
  mlirValueReplaceAllUsesOfWith(old, nv);
  w->alloc_names[w->nallocs] = name;
  w->allocs[w->nallocs++] = nv;
  mlirOperationDestroy(op);
  return true;
}

/* Reinterprets buffer v as the kernel's flat parameter type `flat`, from the buffer's base (offset 0:
 * kernel indices are storage offsets with the memref's own offset folded in). */
static MlirValue reinterpret_flat(CgBuilder *b, MlirValue v, MlirType flat) {
  MlirContext ctx = b->ctx;
  int64_t zero = 0, one = 1, size = mlirShapedTypeGetDimSize(flat, 0);
  int32_t seg[4] = {1, 0, 0, 0};
  MlirNamedAttribute a[4] = {cg_named(b, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 4, seg)),
                             cg_named(b, "static_offsets", mlirDenseI64ArrayGet(ctx, 1, &zero)),
                             cg_named(b, "static_sizes", mlirDenseI64ArrayGet(ctx, 1, &size)),
                             cg_named(b, "static_strides", mlirDenseI64ArrayGet(ctx, 1, &one))};
  return cg_op1(b, "memref.reinterpret_cast", 1, &v, flat, 4, a);
}

static bool lower_launch(Wrapper *w, MlirOperation op) {
  MlirAttribute callee = mlirOperationGetAttributeByName(op, ind_str(KERNEL_ATTR_KERNEL));
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return cg_fail(op, CPU_PASS, "kernel.launch needs kernel = @name");
  MlirSymbolTable st = mlirSymbolTableCreate(w->module);
  MlirOperation kfn = mlirSymbolTableLookup(st, mlirFlatSymbolRefAttrGetValue(callee));
  mlirSymbolTableDestroy(st);
  MlirStringRef cname = mlirFlatSymbolRefAttrGetValue(callee);
  if (mlirOperationIsNull(kfn) || !ind_op_is(kfn, "func.func"))
    return cg_fail(op, CPU_PASS, "kernel.launch of unknown kernel '%.*s'", (int)cname.length, cname.data);
  MlirType ftype = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(kfn, ind_str("function_type")));
  intptr_t n = kernel_call_num_args(op);
  if (mlirFunctionTypeGetNumInputs(ftype) != n)
    return cg_fail(op, CPU_PASS, "kernel '%.*s' takes %d buffers, the launch passes %d", (int)cname.length, cname.data,
                   (int)mlirFunctionTypeGetNumInputs(ftype), (int)n);
  MlirValue *vals = calloc((size_t)n + 1, sizeof *vals);
  if (!vals)
    abort();
  CgBuilder b = {mlirOperationGetContext(op), mlirOperationGetLocation(op), mlirOperationGetBlock(op), op};
  bool ok = true;
  for (intptr_t i = 0; i < n && ok; ++i) {
    MlirValue v = kernel_call_arg(op, i);
    MlirType have = mlirValueGetType(v), want = mlirFunctionTypeGetInput(ftype, i);
    if (mlirTypeEqual(have, want)) {
      vals[i] = v;
      continue;
    }
    bool fits = mlirTypeIsAMemRef(have) && mlirTypeIsAMemRef(want) && mlirShapedTypeGetRank(want) == 1 &&
                mlirShapedTypeHasStaticShape(have) && mlirShapedTypeHasStaticShape(want) &&
                mlirTypeEqual(mlirShapedTypeGetElementType(have), mlirShapedTypeGetElementType(want)) &&
                ind_memref_storage_elems(have) >= 0 &&
                ind_memref_storage_elems(have) <= mlirShapedTypeGetDimSize(want, 0);
    if (!fits) {
      ok = cg_fail(op, CPU_PASS,
                   "launch argument %d does not fit parameter %d of kernel '%.*s' (element type or "
                   "storage size)",
                   (int)i, (int)i, (int)cname.length, cname.data);
      break;
    }
    vals[i] = reinterpret_flat(&b, v, want);
  }
  if (ok) {
    MlirNamedAttribute a = cg_named(&b, "callee", callee);
    cg_op(&b, "func.call", n, vals, 0, NULL, 1, &a);
    mlirOperationDestroy(op);
  }
  free(vals);
  return ok;
}

/* Loads a[i...] (a ranked memref) as f32. */
static MlirValue load_f32(CgBuilder *b, MlirValue mem, intptr_t n, const MlirValue *idx) {
  MlirValue ops[4] = {mem};
  for (intptr_t i = 0; i < n; ++i)
    ops[1 + i] = idx[i];
  MlirValue v = cg_op1(b, "memref.load", 1 + n, ops, mlirShapedTypeGetElementType(mlirValueGetType(mem)), 0, NULL);
  return cg_convert(b, v, mlirF32TypeGet(b->ctx));
}

/* Opens `scf.for %iv = 0 to ub` at the builder and moves the builder into its body (the old
 * position is kept in *saved for close_loop). */
static MlirValue open_loop(CgBuilder *b, MlirValue zero, MlirValue one, MlirValue ub, CgBuilder *saved) {
  cg_open_for(b, saved, zero, ub, one, 0, NULL);
  return mlirBlockGetArgument(b->block, 0);
}

static void close_loop(CgBuilder *b, const CgBuilder *saved) { cg_close(b, saved, 0, NULL); }

/* The indices (bt, x, y) of a (batched) matmul operand, without bt for mm; returns their count. */
static intptr_t mm_index(bool batched, MlirValue bt, MlirValue x, MlirValue y, MlirValue *out) {
  intptr_t n = 0;
  if (batched)
    out[n++] = bt;
  out[n++] = x;
  out[n++] = y;
  return n;
}

static void store_at(CgBuilder *b, MlirValue v, MlirValue mem, intptr_t n, const MlirValue *idx) {
  MlirValue ops[5] = {cg_convert(b, v, mlirShapedTypeGetElementType(mlirValueGetType(mem))), mem};
  for (intptr_t i = 0; i < n; ++i)
    ops[2 + i] = idx[i];
  cg_op(b, "memref.store", 2 + n, ops, 0, NULL, 0, NULL);
}

/* The buffer `v` as the contiguous array of `held` (rank n) it holds: v itself when its type has that
 * shape, else a `memref.reinterpret_cast` of its base (a reshape of a contiguous buffer is the buffer). */
static MlirValue as_held(CgBuilder *b, MlirValue v, const int64_t *held, intptr_t n) {
  MlirType t = mlirValueGetType(v);
  bool same = mlirShapedTypeGetRank(t) == n;
  for (intptr_t i = 0; same && i < n; ++i)
    same = mlirShapedTypeGetDimSize(t, i) == held[i];
  if (same)
    return v;
  int64_t zero = 0, strides[3], s = 1;
  for (intptr_t i = n - 1; i >= 0; --i) {
    strides[i] = s;
    s *= held[i];
  }
  int32_t seg[4] = {1, 0, 0, 0};
  MlirNamedAttribute a[4] = {cg_named(b, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 4, seg)),
                             cg_named(b, "static_offsets", mlirDenseI64ArrayGet(b->ctx, 1, &zero)),
                             cg_named(b, "static_sizes", mlirDenseI64ArrayGet(b->ctx, n, held)),
                             cg_named(b, "static_strides", mlirDenseI64ArrayGet(b->ctx, n, strides))};
  MlirType ht = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(t), n, held, mlirAttributeGetNull());
  return cg_op1(b, "memref.reinterpret_cast", 1, &v, ht, 4, a);
}

/* out[bt, i, j] = sum_k op(a)[bt, i, k] * op(b)[bt, k, j] (no batch dim for mm; op(x) the transposed
 * matrices when x's flag is set: its loads swap the two indices), accumulated in f64 and rounded once
 * to the output type: the products of f32 (or narrower) inputs are exact in f64, so the result is within
 * about one rounding of the exact sum whatever K is (an f32 running sum drifts by ~sqrt(K) roundings and
 * failed ind-run's default tolerance on mm_epilogue at K = 1024); a narrower output is rounded through
 * f32 (the JIT process has no __truncdfbf2). The order is i-k-j into a row of N f64 partial sums (the
 * inner j loop streams rows of b: fast enough for 1024^3 on the CPU), or i-j-k when b is transposed (its
 * rows are then the k runs); the row is allocated once per call and freed at the end. An operand whose
 * buffer has another shape than the one it holds is reinterpreted first (as_held). */
static void emit_matmul(CgBuilder *b, MlirValue A, MlirValue B, MlirValue bias, MlirValue C, bool batched,
                        const IndMmDims *d) {
  MlirType ct = mlirValueGetType(C), f64 = mlirF64TypeGet(b->ctx);
  int64_t n = d->n, held[3];
  A = as_held(b, A, held, ind_mm_held_shape(d, batched, 0, held));
  B = as_held(b, B, held, ind_mm_held_shape(d, batched, 1, held));
  if (!mlirValueIsNull(bias))
    bias = as_held(b, bias, &n, 1);
  MlirValue zero = cg_const_index(b, 0), one = cg_const_index(b, 1);
  MlirValue nb = cg_const_index(b, d->batch);
  MlirValue M = cg_const_index(b, d->m), N = cg_const_index(b, n), K = cg_const_index(b, d->k);
  MlirValue dzero = cg_const_float(b, f64, 0.0);
  MlirValue row = build_alloc(b, mlirMemRefTypeContiguousGet(f64, 1, &n, mlirAttributeGetNull()));
  CgBuilder s0, s1, s2, s3;
  MlirValue idx[3];
  MlirValue bt = open_loop(b, zero, one, nb, &s0), i = open_loop(b, zero, one, M, &s1);
  MlirValue j = open_loop(b, zero, one, N, &s2);
  store_at(b, dzero, row, 1, &j);
  close_loop(b, &s2);
  MlirValue k, x, y;
  if (d->trans_b) { /* i-j-k: b's k runs are contiguous */
    j = open_loop(b, zero, one, N, &s2);
    k = open_loop(b, zero, one, K, &s3);
    x = load_f32(b, A, d->trans_a ? mm_index(batched, bt, k, i, idx) : mm_index(batched, bt, i, k, idx), idx);
    y = load_f32(b, B, mm_index(batched, bt, j, k, idx), idx);
  } else {
    k = open_loop(b, zero, one, K, &s2);
    x = load_f32(b, A, d->trans_a ? mm_index(batched, bt, k, i, idx) : mm_index(batched, bt, i, k, idx), idx);
    j = open_loop(b, zero, one, N, &s3);
    y = load_f32(b, B, mm_index(batched, bt, k, j, idx), idx);
  }
  x = cg_convert(b, x, f64);
  y = cg_convert(b, y, f64);
  MlirValue acc = cg_op1(b, "memref.load", 2, (MlirValue[]){row, j}, f64, 0, NULL);
  MlirValue p = cg_bin(b, "arith.mulf", x, y);
  store_at(b, cg_bin(b, "arith.addf", acc, p), row, 1, &j);
  close_loop(b, &s3);
  close_loop(b, &s2);
  j = open_loop(b, zero, one, N, &s2);
  MlirValue sum = cg_op1(b, "memref.load", 2, (MlirValue[]){row, j}, f64, 0, NULL);
  if (!mlirValueIsNull(bias)) /* the epilogue: the bias added before the one rounding to C's type */
    sum = cg_bin(b, "arith.addf", sum, cg_convert(b, load_f32(b, bias, 1, &j), f64));
  if (!mlirTypeIsAF64(mlirShapedTypeGetElementType(ct))) /* f64 -> bf16 would need __truncdfbf2 */
    sum = cg_convert(b, sum, mlirF32TypeGet(b->ctx));
  store_at(b, sum, C, mm_index(batched, bt, i, j, idx), idx);
  close_loop(b, &s2);
  close_loop(b, &s1);
  close_loop(b, &s0);
  cg_op(b, "memref.dealloc", 1, &row, 0, NULL, 0, NULL);
}

/* The static shape of memref type t (rank <= 8) into shape; its rank, or -1 for another type. */
static int static_shape(MlirType t, int64_t *shape) {
  if (!mlirTypeIsAMemRef(t) || !mlirShapedTypeHasStaticShape(t) || mlirShapedTypeGetRank(t) > 8)
    return -1;
  int r = (int)mlirShapedTypeGetRank(t);
  for (int i = 0; i < r; ++i)
    shape[i] = mlirShapedTypeGetDimSize(t, i);
  return r;
}

/* The extern's dims (lib/mm_dims.h) when its buffers make C = op(A) @ op(B). */
static bool matmul_dims(MlirValue A, MlirValue B, MlirValue C, bool batched, const bool tr[2], IndMmDims *d) {
  int64_t as[8], bs[8], cs[8];
  int ar = static_shape(mlirValueGetType(A), as), br = static_shape(mlirValueGetType(B), bs);
  int cr = static_shape(mlirValueGetType(C), cs);
  const char *why;
  return ar >= 0 && br >= 0 && cr >= 0 &&
         ind_mm_dims(batched, cs, cr, ind_shape_numel(as, ar), ind_shape_numel(bs, br), tr[0], tr[1], d, &why) &&
         ind_mm_operand_shape_ok(d, batched, 0, as, ar) && ind_mm_operand_shape_ok(d, batched, 1, bs, br);
}

static bool lower_extern_call(MlirOperation op) {
  MlirStringRef kernel;
  if (!ind_attr_str(op, KERNEL_ATTR_KERNEL, &kernel))
    return cg_fail(op, CPU_PASS, "kernel.extern_call needs kernel = \"mm\"|\"bmm\"");
  bool batched = ind_sref_eq(kernel, "bmm");
  if (!batched && !ind_sref_eq(kernel, "mm"))
    return cg_fail(op, CPU_PASS, "unknown extern kernel '%.*s' (mm, bmm)", (int)kernel.length, kernel.data);
  intptr_t nargs = kernel_call_num_args(op);
  if (nargs != 3 && (batched || nargs != 4))
    return cg_fail(op, CPU_PASS, "extern %s takes two inputs%s and an output buffer", batched ? "bmm" : "mm",
                   batched ? "" : " (and a bias)");
  bool tr[2];
  if (!kernel_extern_call_transpose(op, tr))
    return cg_fail(op, CPU_PASS, "extern %s: 'transpose' must be array<i1: a, b>", batched ? "bmm" : "mm");
  MlirValue A = kernel_call_arg(op, 0), B = kernel_call_arg(op, 1), C = kernel_call_arg(op, nargs - 1);
  MlirValue bias = nargs == 4 ? kernel_call_arg(op, 2) : (MlirValue){NULL};
  IndMmDims d;
  if (!matmul_dims(A, B, C, batched, tr, &d))
    return cg_fail(op, CPU_PASS, "extern %s: operand shapes do not match", batched ? "bmm" : "mm");
  if (!mlirValueIsNull(bias) && (ind_type_numel(mlirValueGetType(bias)) != d.n ||
                                 !mlirTypeEqual(mlirShapedTypeGetElementType(mlirValueGetType(bias)),
                                                mlirShapedTypeGetElementType(mlirValueGetType(C)))))
    return cg_fail(op, CPU_PASS, "extern mm: the bias must hold n = %ld elements of the result's type", (long)d.n);
  CgBuilder b = {mlirOperationGetContext(op), mlirOperationGetLocation(op), mlirOperationGetBlock(op), op};
  emit_matmul(&b, A, B, bias, C, batched, &d);
  mlirOperationDestroy(op);
  return true;
}

static bool is_returned(MlirOperation ret, MlirValue v) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(ret); ++i)
    if (mlirValueEqual(mlirOperationGetOperand(ret, i), v))
      return true;
  return false;
}

/* Frees, before each return, the buffers allocated here that the function does not return. */
static void insert_deallocs(Wrapper *w) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(w->func, 0));
  MlirOperation ret = mlirBlockGetTerminator(body);
  if (mlirOperationIsNull(ret) || !ind_op_is(ret, "func.return"))
    return;
  CgBuilder b = {mlirOperationGetContext(ret), mlirOperationGetLocation(ret), body, ret};
  for (int i = 0; i < w->nallocs; ++i) {
    bool seen = false;
    for (int j = 0; j < i; ++j)
      seen |= mlirValueEqual(w->allocs[j], w->allocs[i]);
    if (!seen && !is_returned(ret, w->allocs[i]))
      cg_op(&b, "memref.dealloc", 1, &w->allocs[i], 0, NULL, 0, NULL);
  }
}

static bool is_wrapper_op(MlirOperation op) {
  KernelOpId id = kernel_op_id(op);
  return id == KERNEL_OP_ALLOC || id == KERNEL_OP_LAUNCH || id == KERNEL_OP_EXTERN_CALL;
}

static bool collect_wrapper_op(MlirOperation op, void *user) {
  MlirOperation **list = user;
  if (is_wrapper_op(op))
    *(*list)++ = op;
  return true;
}

static bool count_walk(MlirOperation op, void *user) {
  (void)op;
  ++*(int *)user;
  return true;
}

bool cpu_lower_wrapper(MlirOperation module, MlirOperation func) {
  int n = 0;
  ind_walk(func, count_walk, &n);
  MlirOperation *ops = calloc((size_t)n + 1, sizeof *ops), *end = ops;
  if (!ops)
    abort();
  ind_walk(func, collect_wrapper_op, &end);
  Wrapper *w = calloc(1, sizeof *w);
  if (!w)
    abort();
  w->allocs = calloc((size_t)(end - ops) + 1, sizeof *w->allocs);
  w->alloc_names = calloc((size_t)(end - ops) + 1, sizeof *w->alloc_names);
  if (!w->allocs || !w->alloc_names)
    abort();
  w->func = func;
  w->module = module;
  bool ok = true;
  for (MlirOperation *p = ops; p < end && ok; ++p) {
    switch (kernel_op_id(*p)) {
    case KERNEL_OP_ALLOC:
      ok = lower_alloc(w, *p);
      break;
    case KERNEL_OP_LAUNCH:
      ok = lower_launch(w, *p);
      break;
    default:
      ok = lower_extern_call(*p);
      break;
    }
  }
  if (ok) {
    insert_deallocs(w);
    ind_set_attr(func, "llvm.emit_c_interface", mlirUnitAttrGet(mlirOperationGetContext(func)));
  }
  free(w->allocs);
  free(w->alloc_names);
  free(w);
  free(ops);
  return ok;
}

bool cpu_has_wrapper_ops(MlirOperation func) {
  /* The host wrapper @call is one even when it launches nothing (a program without results, whose
   * ops are all dead): it needs its C interface all the same. */
  MlirStringRef name;
  if (ind_attr_str(func, "sym_name", &name) && ind_sref_eq(name, "call"))
    return true;
  bool found = false;
  for (MlirOperation o = mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    found |= is_wrapper_op(o);
  return found;
}
