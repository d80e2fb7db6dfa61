/* kernel_to_cpu.c - `convert-kernel-to-cpu`: the kernel dialect to scalar upstream IR for the CPU.
 *
 * What it does. Every `kernel.def` becomes a `func.func` of the same name and arguments (the flat
 * 1-D buffers) whose body runs the kernel's programs one after another: an `scf.for` nest over
 * `xranges` (row-major, one loop per dim). Inside a program, the tile-over-r semantics of the kernel
 * IR is realized in the looped form:
 *   - r-invariant ops (those whose value does not depend on the r dims) are emitted once per x, in
 *     body order;
 *   - each `kernel.reduce` becomes an `scf.for` nest over `rranges` carrying the accumulator in
 *     iter_args; the loop computes only the r-varying ops the reduced value depends on (its cone);
 *   - one final r-loop nest computes the r-varying stores, recomputing their cones.
 * Index maps become `affine.apply` (run `lower-affine` afterwards), `kernel.load` becomes
 * `memref.load` + a conversion to the compute type (extf for f16/bf16 storage), `kernel.store` a
 * conversion to the storage type + `memref.store`; `kernel.index_expr` an `affine.apply`
 * (+ index_cast/sitofp for a float result). Other body ops (arith, math) are cloned.
 *
 * The host wrapper (every func.func holding kernel ops, `@call` by contract) is rewritten in place:
 * `kernel.alloc` -> `memref.alloc` (a `reuse = "bufK"` alloc of the same type as bufK *is* bufK's
 * value; of another type it gets its own allocation), `kernel.launch` -> `func.call` of the kernel's
 * function (each buffer reinterpreted as the kernel's flat memref with `memref.reinterpret_cast`,
 * offset 0: kernel indices are storage offsets from the buffer's base), `kernel.extern_call` mm/bmm
 * -> a naive scf matmul with an f32 accumulator; buffers allocated here that are not returned are
 * freed (`memref.dealloc`) before the return. The wrapper gets `llvm.emit_c_interface`.
 *
 * Requires: kernel IR as in docs/ir-contract.md stage 4 (body ops in dependency order, index maps
 * over exactly xranges+rranges dims with one result, reductions of float values).
 * Produces: func/scf/affine/arith/math/memref only; ready for lower-affine, convert-scf-to-cf,
 * convert-math-to-llvm, convert-math-to-libm, convert-to-llvm (tools/jit_driver.c runs that pipeline).
 * Failure: a located diagnostic for an unsupported body op, a bad index map or kind, a launch whose
 * arguments do not fit the kernel, an unknown extern kernel or mismatched matmul shapes. */
#include "dialects/kernel/kernel.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------------
 * Building ops: a cursor (append to `block`, or insert before `before` when it is not null). */

typedef struct Builder {
  MlirContext ctx;
  MlirLocation loc;
  MlirBlock block;
  MlirOperation before;
} Builder;

static void insert(Builder *b, MlirOperation op) {
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
}

static MlirNamedAttribute named(MlirContext ctx, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str(name)), a);
}

/* Creates and inserts `name` with the given operands, result types and attributes. */
static MlirOperation build(Builder *b, const char *name, intptr_t nops, const MlirValue *ops, intptr_t nres,
                           const MlirType *res, intptr_t nattrs, const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(ind_str(name), b->loc);
  mlirOperationStateAddOperands(&st, nops, ops);
  mlirOperationStateAddResults(&st, nres, res);
  mlirOperationStateAddAttributes(&st, nattrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  insert(b, op);
  return op;
}

static MlirValue build1(Builder *b, const char *name, intptr_t nops, const MlirValue *ops, MlirType res,
                        intptr_t nattrs, const MlirNamedAttribute *attrs) {
  return mlirOperationGetResult(build(b, name, nops, ops, 1, &res, nattrs, attrs), 0);
}

static MlirType index_type(Builder *b) { return mlirIndexTypeGet(b->ctx); }

static MlirValue const_index(Builder *b, int64_t v) {
  MlirNamedAttribute a = named(b->ctx, "value", mlirIntegerAttrGet(index_type(b), v));
  return build1(b, "arith.constant", 0, NULL, index_type(b), 1, &a);
}

static MlirValue const_float(Builder *b, MlirType t, double v) {
  MlirNamedAttribute a = named(b->ctx, "value", mlirFloatAttrDoubleGet(b->ctx, t, v));
  return build1(b, "arith.constant", 0, NULL, t, 1, &a);
}

/* An `scf.for lb to ub step 1` with iter_args `inits`; its body block is empty (the caller appends
 * the body and the scf.yield). */
static MlirOperation build_for(Builder *b, MlirValue lb, MlirValue ub, MlirValue step, intptr_t ninit,
                               const MlirValue *inits) {
  MlirType types[9];
  MlirLocation locs[9];
  types[0] = index_type(b);
  locs[0] = b->loc;
  for (intptr_t i = 0; i < ninit; ++i) {
    types[i + 1] = mlirValueGetType(inits[i]);
    locs[i + 1] = b->loc;
  }
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, mlirBlockCreate(ninit + 1, types, locs));
  MlirValue operands[11] = {lb, ub, step};
  for (intptr_t i = 0; i < ninit; ++i)
    operands[3 + i] = inits[i];
  MlirOperationState st = mlirOperationStateGet(ind_str("scf.for"), b->loc);
  mlirOperationStateAddOperands(&st, 3 + ninit, operands);
  mlirOperationStateAddResults(&st, ninit, types + 1);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation op = mlirOperationCreate(&st);
  insert(b, op);
  return op;
}

static MlirBlock for_body(MlirOperation loop) { return mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0)); }

static void build_yield(MlirBlock body, MlirLocation loc, intptr_t n, const MlirValue *vals) {
  MlirOperationState st = mlirOperationStateGet(ind_str("scf.yield"), loc);
  mlirOperationStateAddOperands(&st, n, vals);
  mlirBlockAppendOwnedOperation(body, mlirOperationCreate(&st));
}

/* Converts `v` to type `to` with arith casts (float <-> float, int <-> float, int <-> int, index).
 * Booleans (i1) are read as 0/1 and written as (v != 0). */
static MlirValue convert(Builder *b, MlirValue v, MlirType to) {
  MlirType from = mlirValueGetType(v);
  if (mlirTypeEqual(from, to))
    return v;
  bool ff = mlirTypeIsAFloat(from), tf = mlirTypeIsAFloat(to);
  if (mlirTypeIsAIndex(from) || mlirTypeIsAIndex(to)) {
    if (mlirTypeIsAIndex(from) && tf)
      return build1(b, "arith.sitofp", 1, (MlirValue[]){convert(b, v, mlirIntegerTypeGet(b->ctx, 64))}, to, 0, NULL);
    if (mlirTypeIsAIndex(to) && ff)
      return convert(b, convert(b, v, mlirIntegerTypeGet(b->ctx, 64)), to);
    return build1(b, "arith.index_cast", 1, &v, to, 0, NULL);
  }
  if (ff && tf) {
    unsigned wf = mlirFloatTypeGetWidth(from), wt = mlirFloatTypeGetWidth(to);
    if (wf == wt) /* f16 <-> bf16: through f32 */
      return convert(b, convert(b, v, mlirF32TypeGet(b->ctx)), to);
    return build1(b, wf < wt ? "arith.extf" : "arith.truncf", 1, &v, to, 0, NULL);
  }
  if (!ff && tf) {
    bool is_bool = mlirIntegerTypeGetWidth(from) == 1;
    return build1(b, is_bool ? "arith.uitofp" : "arith.sitofp", 1, &v, to, 0, NULL);
  }
  if (ff && !tf) {
    if (mlirIntegerTypeGetWidth(to) == 1) {
      MlirValue ops[2] = {v, const_float(b, from, 0.0)};
      MlirNamedAttribute a = named(b->ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 13));
      return build1(b, "arith.cmpf", 2, ops, to, 1, &a); /* 13 = une */
    }
    return build1(b, "arith.fptosi", 1, &v, to, 0, NULL);
  }
  unsigned wf = mlirIntegerTypeGetWidth(from), wt = mlirIntegerTypeGetWidth(to);
  if (wt == 1) {
    MlirValue ops[2] = {v, build1(b, "arith.constant", 0, NULL, from, 1,
                                  (MlirNamedAttribute[]){named(b->ctx, "value", mlirIntegerAttrGet(from, 0))})};
    MlirNamedAttribute a = named(b->ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 1));
    return build1(b, "arith.cmpi", 2, ops, to, 1, &a); /* 1 = ne */
  }
  const char *name = wf < wt ? (wf == 1 ? "arith.extui" : "arith.extsi") : "arith.trunci";
  return build1(b, name, 1, &v, to, 0, NULL);
}

/* ------------------------------------------------------------------------------------------------
 * Value maps: kernel-body value -> value in the new function. Bodies are small (tens of ops). */

typedef struct ValueMap {
  MlirValue *from, *to;
  int n, cap;
} ValueMap;

static void map_put(ValueMap *m, MlirValue from, MlirValue to) {
  if (m->n == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 32;
    m->from = realloc(m->from, (size_t)m->cap * sizeof *m->from);
    m->to = realloc(m->to, (size_t)m->cap * sizeof *m->to);
    if (!m->from || !m->to)
      abort();
  }
  m->from[m->n] = from;
  m->to[m->n] = to;
  ++m->n;
}

static bool map_get(const ValueMap *m, MlirValue from, MlirValue *to) {
  for (int i = m->n - 1; i >= 0; --i)
    if (mlirValueEqual(m->from[i], from)) {
      *to = m->to[i];
      return true;
    }
  return false;
}

static void map_free(ValueMap *m) {
  free(m->from);
  free(m->to);
  memset(m, 0, sizeof *m);
}

/* ------------------------------------------------------------------------------------------------
 * One kernel. */

#define MAX_DIMS 8

typedef struct Kernel {
  MlirOperation def;
  MlirBlock body;
  int64_t xr[MAX_DIMS], rr[MAX_DIMS];
  intptr_t nx, nr;
  MlirOperation *ops; /* body ops without the terminator, in order */
  bool *rvary;        /* per op: its value depends on the r dims */
  int nops;
  /* While lowering: */
  Builder b;
  MlirValue ivs[2 * MAX_DIMS]; /* x ivs, then r ivs (index 0 outside r-loops) */
  MlirValue zero, one;
  MlirValue xub[MAX_DIMS], rub[MAX_DIMS]; /* loop bounds, built once at the function's entry */
  ValueMap global;                        /* block args and r-invariant values */
  ValueMap local;                         /* r-varying values inside the current r-loop nest */
} Kernel;

static int op_index(const Kernel *k, MlirOperation op) {
  for (int i = 0; i < k->nops; ++i)
    if (mlirOperationEqual(k->ops[i], op))
      return i;
  return -1;
}

/* The map of an index-carrying kernel op; fails with a diagnostic unless it has nx+nr dims and one
 * result. */
static bool index_map(const Kernel *k, MlirOperation op, MlirAffineMap *out) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str(KERNEL_ATTR_INDEX));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAAffineMap(a)) {
    ind_emit_error(op, "convert-kernel-to-cpu: expected an affine_map attribute 'index'");
    return false;
  }
  MlirAffineMap m = mlirAffineMapAttrGetValue(a);
  if (mlirAffineMapGetNumDims(m) != k->nx + k->nr || mlirAffineMapGetNumResults(m) != 1 ||
      mlirAffineMapGetNumSymbols(m) != 0) {
    ind_emit_error(op,
                   "convert-kernel-to-cpu: index map must have %d dims (xranges then rranges), no symbols and "
                   "one result",
                   (int)(k->nx + k->nr));
    return false;
  }
  *out = m;
  return true;
}

static bool map_uses_r(const Kernel *k, MlirAffineMap m) {
  MlirAffineExpr e = mlirAffineMapGetResult(m, 0);
  for (intptr_t d = k->nx; d < k->nx + k->nr; ++d)
    if (mlirAffineExprIsFunctionOfDim(e, d))
      return true;
  return false;
}

static bool is_supported_body_op(MlirOperation op) {
  return ind_op_in_dialect(op, "arith") || ind_op_in_dialect(op, "math") || kernel_is_load(op) || kernel_is_store(op) ||
         kernel_is_index_expr(op) || kernel_is_reduce(op);
}

static bool is_scalar(MlirType t) { return mlirTypeIsAFloat(t) || mlirTypeIsAInteger(t) || mlirTypeIsAIndex(t); }

/* A flat buffer of the kernel: a 1-D memref of floats or integers. */
static bool is_flat_buffer(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsAMemRef(t) || mlirShapedTypeGetRank(t) != 1)
    return false;
  MlirType e = mlirShapedTypeGetElementType(t);
  return mlirTypeIsAFloat(e) || mlirTypeIsAInteger(e);
}

/* Checks the operands and results of a kernel.load / store / index_expr (what emit_op relies on). */
static bool check_memory_op(MlirOperation o) {
  intptr_t nopd = mlirOperationGetNumOperands(o), nres = mlirOperationGetNumResults(o);
  bool ok = true;
  if (kernel_is_load(o))
    ok = nopd == 1 && nres == 1 && is_flat_buffer(mlirOperationGetOperand(o, 0)) &&
         is_scalar(mlirValueGetType(mlirOperationGetResult(o, 0)));
  else if (kernel_is_store(o))
    ok = nopd == 2 && nres == 0 && is_flat_buffer(mlirOperationGetOperand(o, 0)) &&
         is_scalar(mlirValueGetType(mlirOperationGetOperand(o, 1)));
  else if (kernel_is_index_expr(o))
    ok = nopd == 0 && nres == 1 && is_scalar(mlirValueGetType(mlirOperationGetResult(o, 0)));
  if (!ok)
    ind_emit_error(o, "convert-kernel-to-cpu: %.*s needs a 1-D memref buffer and scalar values",
                   (int)ind_op_name(o).length, ind_op_name(o).data);
  return ok;
}

/* Reads the kernel's attributes and body, and classifies each op as r-varying or not. */
static bool kernel_analyze(Kernel *k) {
  MlirOperation def = k->def;
  if (kernel_def_kind(def) == KERNEL_KIND_INVALID)
    return mlirLogicalResultIsSuccess(ind_emit_error(
        def,
        "convert-kernel-to-cpu: kernel.def needs kind = \"pointwise\" | \"persistent_reduction\" | \"reduction\""));
  if (!ind_attr_i64_array(def, KERNEL_ATTR_XRANGES, k->xr, MAX_DIMS, &k->nx) || k->nx > MAX_DIMS)
    return mlirLogicalResultIsSuccess(
        ind_emit_error(def, "convert-kernel-to-cpu: kernel.def needs xranges (at most %d dims)", MAX_DIMS));
  if (!ind_attr_i64_array(def, KERNEL_ATTR_RRANGES, k->rr, MAX_DIMS, &k->nr))
    k->nr = 0;
  if (k->nr > MAX_DIMS)
    return mlirLogicalResultIsSuccess(ind_emit_error(def, "convert-kernel-to-cpu: at most %d r dims", MAX_DIMS));
  for (intptr_t i = 0; i < k->nx + k->nr; ++i)
    if ((i < k->nx ? k->xr[i] : k->rr[i - k->nx]) < 0)
      return mlirLogicalResultIsSuccess(ind_emit_error(def, "convert-kernel-to-cpu: negative range"));
  k->body = mlirRegionGetFirstBlock(mlirOperationGetRegion(def, 0));
  if (mlirBlockIsNull(k->body))
    return mlirLogicalResultIsSuccess(ind_emit_error(def, "convert-kernel-to-cpu: kernel.def without a body"));
  int n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(k->body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    ++n;
  k->ops = calloc((size_t)n + 1, sizeof *k->ops);
  k->rvary = calloc((size_t)n + 1, sizeof *k->rvary);
  if (!k->ops || !k->rvary)
    abort();
  for (MlirOperation o = mlirBlockGetFirstOperation(k->body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (ind_op_is(o, "gpu.yield") && mlirOperationIsNull(mlirOperationGetNextInBlock(o)))
      break;
    if (!is_supported_body_op(o))
      return mlirLogicalResultIsSuccess(ind_emit_error(o,
                                                       "convert-kernel-to-cpu: unsupported op '%.*s' in a kernel body",
                                                       (int)ind_op_name(o).length, ind_op_name(o).data));
    if (mlirOperationGetNumRegions(o) != 0)
      return mlirLogicalResultIsSuccess(
          ind_emit_error(o, "convert-kernel-to-cpu: ops with regions are not supported in a kernel body"));
    k->ops[k->nops++] = o;
  }
  for (int i = 0; i < k->nops; ++i) {
    MlirOperation o = k->ops[i];
    bool rv = false;
    if (kernel_is_load(o) || kernel_is_store(o) || kernel_is_index_expr(o)) {
      MlirAffineMap m;
      if (!check_memory_op(o) || !index_map(k, o, &m))
        return false;
      rv = map_uses_r(k, m);
    }
    if (kernel_is_reduce(o)) {
      if (k->nr == 0)
        return mlirLogicalResultIsSuccess(
            ind_emit_error(o, "convert-kernel-to-cpu: kernel.reduce in a kernel without rranges"));
      if (mlirOperationGetNumOperands(o) != 1 || mlirOperationGetNumResults(o) != 1 ||
          !mlirTypeIsAFloat(mlirValueGetType(mlirOperationGetOperand(o, 0))) ||
          !mlirTypeIsAFloat(mlirValueGetType(mlirOperationGetResult(o, 0))))
        return mlirLogicalResultIsSuccess(
            ind_emit_error(o, "convert-kernel-to-cpu: kernel.reduce takes one float value and returns one"));
      k->rvary[i] = false;
      continue;
    }
    for (intptr_t a = 0; a < mlirOperationGetNumOperands(o) && !rv; ++a) {
      MlirValue v = mlirOperationGetOperand(o, a);
      if (mlirValueIsAOpResult(v)) {
        int j = op_index(k, mlirOpResultGetOwner(v));
        if (j < 0)
          return mlirLogicalResultIsSuccess(
              ind_emit_error(o, "convert-kernel-to-cpu: a kernel body op uses a value defined outside the kernel"));
        rv = k->rvary[j];
      } else if (!mlirBlockEqual(mlirBlockArgumentGetOwner(v), k->body)) {
        return mlirLogicalResultIsSuccess(
            ind_emit_error(o, "convert-kernel-to-cpu: a kernel body op uses a value defined outside the kernel"));
      }
    }
    k->rvary[i] = rv;
  }
  return true;
}

/* Looks up the new value of a body value: block args and r-invariant values in the global map,
 * r-varying ones in the local map. */
static bool lookup(const Kernel *k, MlirValue v, MlirValue *out) {
  return map_get(&k->local, v, out) || map_get(&k->global, v, out);
}

static MlirValue emit_index(Kernel *k, MlirOperation op) {
  MlirAttribute map = mlirOperationGetAttributeByName(op, ind_str(KERNEL_ATTR_INDEX));
  MlirNamedAttribute a = named(k->b.ctx, "map", map);
  return build1(&k->b, "affine.apply", k->nx + k->nr, k->ivs, index_type(&k->b), 1, &a);
}

/* Emits the CPU form of body op `op` at the builder, operands already mapped. */
static bool emit_op(Kernel *k, MlirOperation op, bool in_rloop) {
  Builder *b = &k->b;
  b->loc = mlirOperationGetLocation(op);
  intptr_t nopd = mlirOperationGetNumOperands(op);
  MlirValue opd[16];
  if (nopd > 16)
    return mlirLogicalResultIsSuccess(ind_emit_error(op, "convert-kernel-to-cpu: too many operands"));
  for (intptr_t i = 0; i < nopd; ++i)
    if (!lookup(k, mlirOperationGetOperand(op, i), &opd[i]))
      return mlirLogicalResultIsSuccess(ind_emit_error(op, "convert-kernel-to-cpu: internal error: unmapped operand"));
  MlirValue res = {0};
  if (kernel_is_load(op)) {
    MlirValue ops[2] = {opd[0], emit_index(k, op)};
    MlirType mt = mlirValueGetType(opd[0]);
    MlirValue raw = build1(b, "memref.load", 2, ops, mlirShapedTypeGetElementType(mt), 0, NULL);
    res = convert(b, raw, mlirValueGetType(mlirOperationGetResult(op, 0)));
  } else if (kernel_is_store(op)) {
    MlirType mt = mlirValueGetType(opd[0]);
    MlirValue v = convert(b, opd[1], mlirShapedTypeGetElementType(mt));
    MlirValue ops[3] = {v, opd[0], emit_index(k, op)};
    build(b, "memref.store", 3, ops, 0, NULL, 0, NULL);
    return true;
  } else if (kernel_is_index_expr(op)) {
    res = convert(b, emit_index(k, op), mlirValueGetType(mlirOperationGetResult(op, 0)));
  } else {
    MlirOperation c = mlirOperationClone(op);
    for (intptr_t i = 0; i < nopd; ++i)
      mlirOperationSetOperand(c, i, opd[i]);
    insert(b, c);
    for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
      map_put(in_rloop ? &k->local : &k->global, mlirOperationGetResult(op, r), mlirOperationGetResult(c, r));
    return true;
  }
  map_put(in_rloop ? &k->local : &k->global, mlirOperationGetResult(op, 0), res);
  return true;
}

/* Emits, inside the current r-loop nest, op `i` and the r-varying ops it depends on (its cone),
 * unless already emitted in this nest. */
static bool emit_cone(Kernel *k, int i) {
  MlirOperation op = k->ops[i];
  if (mlirOperationGetNumResults(op) > 0) {
    MlirValue dummy;
    if (map_get(&k->local, mlirOperationGetResult(op, 0), &dummy))
      return true;
  }
  for (intptr_t a = 0; a < mlirOperationGetNumOperands(op); ++a) {
    MlirValue v = mlirOperationGetOperand(op, a);
    if (!mlirValueIsAOpResult(v))
      continue;
    int j = op_index(k, mlirOpResultGetOwner(v));
    if (j >= 0 && k->rvary[j] && !emit_cone(k, j))
      return false;
  }
  return emit_op(k, op, true);
}

/* Builds the r-loop nest at the builder. With an accumulator (`reduce` not null) the loops carry
 * it; the innermost body emits the cone of `reduce`'s operand and combines. Without, the innermost
 * body emits the cones of every r-varying store. Returns the reduced value (null otherwise). */
typedef struct RNest {
  MlirOperation reduce; /* or null for the store loop */
  KernelReduction rtype;
} RNest;

/* The arith op combining two partial results of reduction r. */
static const char *combiner(KernelReduction r) {
  switch (r) {
  case KERNEL_RED_SUM:
    return "arith.addf";
  case KERNEL_RED_MAX:
    return "arith.maximumf";
  case KERNEL_RED_MIN:
    return "arith.minimumf";
  case KERNEL_RED_PROD:
    return "arith.mulf";
  case KERNEL_RED_INVALID:
    break;
  }
  return NULL;
}

/* The accumulator's initial value: the identity of the combiner. */
static double identity(KernelReduction r) {
  switch (r) {
  case KERNEL_RED_MAX:
    return -__builtin_inf();
  case KERNEL_RED_MIN:
    return __builtin_inf();
  case KERNEL_RED_PROD:
    return 1.0;
  default:
    return 0.0;
  }
}

static bool emit_rnest_body(Kernel *k, const RNest *n, MlirValue acc, MlirValue *out) {
  if (mlirOperationIsNull(n->reduce)) {
    for (int i = 0; i < k->nops; ++i)
      if (k->rvary[i] && kernel_is_store(k->ops[i]) && !emit_cone(k, i))
        return false;
    return true;
  }
  MlirValue v = mlirOperationGetOperand(n->reduce, 0);
  if (mlirValueIsAOpResult(v)) {
    int j = op_index(k, mlirOpResultGetOwner(v));
    if (j >= 0 && k->rvary[j] && !emit_cone(k, j))
      return false;
  }
  MlirValue nv;
  if (!lookup(k, v, &nv))
    return mlirLogicalResultIsSuccess(ind_emit_error(n->reduce, "convert-kernel-to-cpu: internal error: unmapped"));
  k->b.loc = mlirOperationGetLocation(n->reduce);
  MlirValue ops[2] = {acc, convert(&k->b, nv, mlirValueGetType(acc))};
  *out = build1(&k->b, combiner(n->rtype), 2, ops, mlirValueGetType(acc), 0, NULL);
  return true;
}

static bool emit_rnest(Kernel *k, const RNest *n, intptr_t level, MlirValue acc, MlirValue *out) {
  if (level == k->nr)
    return emit_rnest_body(k, n, acc, out);
  Builder saved = k->b;
  bool has_acc = !mlirOperationIsNull(n->reduce);
  MlirOperation loop = build_for(&k->b, k->zero, k->rub[level], k->one, has_acc ? 1 : 0, &acc);
  MlirBlock body = for_body(loop);
  k->ivs[k->nx + level] = mlirBlockGetArgument(body, 0);
  k->b.block = body;
  k->b.before = (MlirOperation){NULL};
  MlirValue inner = {0};
  bool ok = emit_rnest(k, n, level + 1, has_acc ? mlirBlockGetArgument(body, 1) : acc, &inner);
  build_yield(body, k->b.loc, has_acc ? 1 : 0, &inner);
  k->b = saved;
  k->ivs[k->nx + level] = k->zero;
  if (has_acc)
    *out = mlirOperationGetResult(loop, 0);
  return ok;
}

/* Emits one program (the body for the current x ivs) at the builder. */
static bool emit_program(Kernel *k) {
  bool has_rstores = false;
  for (int i = 0; i < k->nops; ++i) {
    MlirOperation op = k->ops[i];
    if (kernel_is_reduce(op)) {
      RNest n = {op, kernel_reduce_type(op)};
      if (!combiner(n.rtype))
        return mlirLogicalResultIsSuccess(
            ind_emit_error(op, "convert-kernel-to-cpu: reduction_type must be \"sum\", \"max\", \"min\" or \"prod\""));
      k->b.loc = mlirOperationGetLocation(op);
      MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
      MlirValue init = const_float(&k->b, t, identity(n.rtype)), res = {0};
      k->local.n = 0;
      if (!emit_rnest(k, &n, 0, init, &res))
        return false;
      map_put(&k->global, mlirOperationGetResult(op, 0), res);
    } else if (k->rvary[i]) {
      has_rstores |= kernel_is_store(op);
    } else if (!emit_op(k, op, false)) {
      return false;
    }
  }
  if (has_rstores) {
    RNest n = {{NULL}, KERNEL_RED_INVALID};
    k->local.n = 0;
    MlirValue none = {0};
    return emit_rnest(k, &n, 0, none, &none);
  }
  return true;
}

/* Builds the x-loop nest at `level` and the program inside. */
static bool emit_xnest(Kernel *k, intptr_t level) {
  if (level == k->nx)
    return emit_program(k);
  Builder saved = k->b;
  MlirOperation loop = build_for(&k->b, k->zero, k->xub[level], k->one, 0, NULL);
  MlirBlock body = for_body(loop);
  k->ivs[level] = mlirBlockGetArgument(body, 0);
  k->b.block = body;
  k->b.before = (MlirOperation){NULL};
  bool ok = emit_xnest(k, level + 1);
  build_yield(body, k->b.loc, 0, NULL);
  k->b = saved;
  return ok;
}

/* Creates `func.func @name(args)` before the kernel.def with the lowered body. */
static bool lower_kernel(Kernel *k) {
  MlirOperation def = k->def;
  MlirContext ctx = mlirOperationGetContext(def);
  MlirLocation loc = mlirOperationGetLocation(def);
  MlirStringRef name;
  if (!ind_attr_str(def, KERNEL_ATTR_SYM_NAME, &name))
    return mlirLogicalResultIsSuccess(ind_emit_error(def, "convert-kernel-to-cpu: kernel.def needs sym_name"));
  if (!kernel_analyze(k))
    return false;
  intptr_t nargs = mlirBlockGetNumArguments(k->body);
  MlirType *types = calloc((size_t)nargs + 1, sizeof *types);
  MlirLocation *locs = calloc((size_t)nargs + 1, sizeof *locs);
  if (!types || !locs)
    abort();
  for (intptr_t i = 0; i < nargs; ++i) {
    types[i] = mlirValueGetType(mlirBlockGetArgument(k->body, i));
    locs[i] = loc;
  }
  MlirRegion region = mlirRegionCreate();
  MlirBlock entry = mlirBlockCreate(nargs, types, locs);
  mlirRegionAppendOwnedBlock(region, entry);
  MlirNamedAttribute attrs[2] = {
      named(ctx, "sym_name", mlirStringAttrGet(ctx, name)),
      named(ctx, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(ctx, nargs, types, 0, NULL)))};
  MlirOperationState st = mlirOperationStateGet(ind_str("func.func"), loc);
  mlirOperationStateAddAttributes(&st, 2, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation func = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(def), def, func);
  free(types);
  free(locs);

  for (intptr_t i = 0; i < nargs; ++i)
    map_put(&k->global, mlirBlockGetArgument(k->body, i), mlirBlockGetArgument(entry, i));
  k->b = (Builder){ctx, loc, entry, {NULL}};
  k->zero = const_index(&k->b, 0);
  k->one = const_index(&k->b, 1);
  for (intptr_t d = 0; d < k->nx; ++d)
    k->xub[d] = const_index(&k->b, k->xr[d]);
  for (intptr_t d = 0; d < k->nr; ++d)
    k->rub[d] = const_index(&k->b, k->rr[d]);
  for (intptr_t i = 0; i < 2 * MAX_DIMS; ++i)
    k->ivs[i] = k->zero;
  bool ok = emit_xnest(k, 0);
  MlirOperationState rs = mlirOperationStateGet(ind_str("func.return"), loc);
  mlirBlockAppendOwnedOperation(entry, mlirOperationCreate(&rs));
  if (!ok)
    mlirOperationDestroy(func); /* no half-built function next to the kernel.def */
  return ok;
}

static void kernel_free(Kernel *k) {
  free(k->ops);
  free(k->rvary);
  map_free(&k->global);
  map_free(&k->local);
}

/* ------------------------------------------------------------------------------------------------
 * The host wrapper. */

typedef struct Wrapper {
  MlirOperation func;
  MlirOperation module;
  MlirValue allocs[256]; /* memref.alloc results of this wrapper */
  MlirStringRef alloc_names[256];
  int nallocs;
} Wrapper;

static bool lower_alloc(Wrapper *w, MlirOperation op) {
  MlirStringRef name = {"", 0}, reuse;
  ind_attr_str(op, KERNEL_ATTR_NAME, &name);
  if (mlirOperationGetNumResults(op) != 1 || !mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetResult(op, 0))) ||
      !mlirShapedTypeHasStaticShape(mlirValueGetType(mlirOperationGetResult(op, 0))))
    return mlirLogicalResultIsSuccess(
        ind_emit_error(op, "convert-kernel-to-cpu: kernel.alloc must return one static memref"));
  MlirValue old = mlirOperationGetResult(op, 0);
  MlirType t = mlirValueGetType(old);
  if (kernel_alloc_reuse(op, &reuse))
    for (int i = 0; i < w->nallocs; ++i)
      if (reuse.length > 0 && w->alloc_names[i].length == reuse.length &&
          memcmp(w->alloc_names[i].data, reuse.data, reuse.length) == 0 &&
          mlirTypeEqual(mlirValueGetType(w->allocs[i]), t)) {
        mlirValueReplaceAllUsesOfWith(old, w->allocs[i]);
        if (w->nallocs < 256) {
          w->alloc_names[w->nallocs] = name;
          w->allocs[w->nallocs++] = w->allocs[i];
        }
        mlirOperationDestroy(op);
        return true;
      }
  if (w->nallocs >= 256)
    return mlirLogicalResultIsSuccess(ind_emit_error(op, "convert-kernel-to-cpu: too many buffers"));
  MlirContext ctx = mlirOperationGetContext(op);
  Builder b = {ctx, mlirOperationGetLocation(op), mlirOperationGetBlock(op), op};
  int32_t seg[2] = {0, 0};
  MlirNamedAttribute a[2] = {named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, seg)),
                             named(ctx, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 64))};
  MlirValue nv = build1(&b, "memref.alloc", 0, NULL, t, 2, a);
  mlirValueReplaceAllUsesOfWith(old, nv);
  w->alloc_names[w->nallocs] = name;
  w->allocs[w->nallocs++] = nv;
  mlirOperationDestroy(op);
  return true;
}

/* Reinterprets buffer v as the kernel's flat parameter type `flat`, from the buffer's base (offset 0:
 * kernel indices are storage offsets with the memref's own offset folded in). */
static MlirValue reinterpret_flat(Builder *b, MlirValue v, MlirType flat) {
  MlirContext ctx = b->ctx;
  int64_t zero = 0, one = 1, size = mlirShapedTypeGetDimSize(flat, 0);
  int32_t seg[4] = {1, 0, 0, 0};
  MlirNamedAttribute a[4] = {named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 4, seg)),
                             named(ctx, "static_offsets", mlirDenseI64ArrayGet(ctx, 1, &zero)),
                             named(ctx, "static_sizes", mlirDenseI64ArrayGet(ctx, 1, &size)),
                             named(ctx, "static_strides", mlirDenseI64ArrayGet(ctx, 1, &one))};
  return build1(b, "memref.reinterpret_cast", 1, &v, flat, 4, a);
}

static bool lower_launch(Wrapper *w, MlirOperation op) {
  MlirAttribute callee = mlirOperationGetAttributeByName(op, ind_str(KERNEL_ATTR_KERNEL));
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return mlirLogicalResultIsSuccess(ind_emit_error(op, "convert-kernel-to-cpu: kernel.launch needs kernel = @name"));
  MlirSymbolTable st = mlirSymbolTableCreate(w->module);
  MlirOperation kfn = mlirSymbolTableLookup(st, mlirFlatSymbolRefAttrGetValue(callee));
  mlirSymbolTableDestroy(st);
  MlirStringRef cname = mlirFlatSymbolRefAttrGetValue(callee);
  if (mlirOperationIsNull(kfn) || !ind_op_is(kfn, "func.func"))
    return mlirLogicalResultIsSuccess(ind_emit_error(
        op, "convert-kernel-to-cpu: kernel.launch of unknown kernel '%.*s'", (int)cname.length, cname.data));
  MlirType ftype = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(kfn, ind_str("function_type")));
  intptr_t n = kernel_call_num_args(op);
  if (mlirFunctionTypeGetNumInputs(ftype) != n)
    return mlirLogicalResultIsSuccess(
        ind_emit_error(op, "convert-kernel-to-cpu: kernel '%.*s' takes %d buffers, the launch passes %d",
                       (int)cname.length, cname.data, (int)mlirFunctionTypeGetNumInputs(ftype), (int)n));
  MlirValue *vals = calloc((size_t)n + 1, sizeof *vals);
  if (!vals)
    abort();
  Builder b = {mlirOperationGetContext(op), mlirOperationGetLocation(op), mlirOperationGetBlock(op), op};
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
      ok = mlirLogicalResultIsSuccess(ind_emit_error(
          op,
          "convert-kernel-to-cpu: launch argument %d does not fit parameter %d of kernel '%.*s' (element type or "
          "storage size)",
          (int)i, (int)i, (int)cname.length, cname.data));
      break;
    }
    vals[i] = reinterpret_flat(&b, v, want);
  }
  if (ok) {
    MlirNamedAttribute a = named(b.ctx, "callee", callee);
    build(&b, "func.call", n, vals, 0, NULL, 1, &a);
    mlirOperationDestroy(op);
  }
  free(vals);
  return ok;
}

/* Loads a[i...] (a ranked memref) as f32. */
static MlirValue load_f32(Builder *b, MlirValue mem, intptr_t n, const MlirValue *idx) {
  MlirValue ops[4] = {mem};
  for (intptr_t i = 0; i < n; ++i)
    ops[1 + i] = idx[i];
  MlirValue v = build1(b, "memref.load", 1 + n, ops, mlirShapedTypeGetElementType(mlirValueGetType(mem)), 0, NULL);
  return convert(b, v, mlirF32TypeGet(b->ctx));
}

/* Opens `scf.for %iv = 0 to ub` at the builder and moves the builder into its body (the old
 * position is kept in *saved for close_loop). */
static MlirValue open_loop(Builder *b, MlirValue zero, MlirValue one, MlirValue ub, Builder *saved) {
  *saved = *b;
  MlirOperation loop = build_for(b, zero, ub, one, 0, NULL);
  b->block = for_body(loop);
  b->before = (MlirOperation){NULL};
  return mlirBlockGetArgument(b->block, 0);
}

static void close_loop(Builder *b, const Builder *saved) {
  build_yield(b->block, b->loc, 0, NULL);
  *b = *saved;
}

/* The indices (bt, x, y) of a (batched) matmul operand, without bt for mm; returns their count. */
static intptr_t mm_index(bool batched, MlirValue bt, MlirValue x, MlirValue y, MlirValue *out) {
  intptr_t n = 0;
  if (batched)
    out[n++] = bt;
  out[n++] = x;
  out[n++] = y;
  return n;
}

static void store_at(Builder *b, MlirValue v, MlirValue mem, intptr_t n, const MlirValue *idx) {
  MlirValue ops[5] = {convert(b, v, mlirShapedTypeGetElementType(mlirValueGetType(mem))), mem};
  for (intptr_t i = 0; i < n; ++i)
    ops[2 + i] = idx[i];
  build(b, "memref.store", 2 + n, ops, 0, NULL, 0, NULL);
}

/* out[bt, i, j] = sum_k a[bt, i, k] * b[bt, k, j] in f32, k in order (no batch dim for mm). An f32
 * output accumulates in place in i-k-j order (the inner j loop streams rows of b and out: fast
 * enough for 1024^3 on the CPU); other output types accumulate in a register (i-j-k) and round once.
 * Both sum each element's products in the same order, k = 0, 1, ... */
static void emit_matmul(Builder *b, MlirValue A, MlirValue B, MlirValue C, bool batched) {
  MlirType ct = mlirValueGetType(C), f32 = mlirF32TypeGet(b->ctx);
  int r = batched ? 1 : 0;
  MlirValue zero = const_index(b, 0), one = const_index(b, 1);
  MlirValue nb = const_index(b, batched ? mlirShapedTypeGetDimSize(ct, 0) : 1);
  MlirValue M = const_index(b, mlirShapedTypeGetDimSize(ct, r)),
            N = const_index(b, mlirShapedTypeGetDimSize(ct, r + 1));
  MlirValue K = const_index(b, mlirShapedTypeGetDimSize(mlirValueGetType(A), r + 1));
  MlirValue fzero = const_float(b, f32, 0.0);
  Builder s0, s1, s2, s3;
  MlirValue idx[3];
  MlirValue bt = open_loop(b, zero, one, nb, &s0), i = open_loop(b, zero, one, M, &s1);
  if (mlirTypeIsAF32(mlirShapedTypeGetElementType(ct))) {
    MlirValue j = open_loop(b, zero, one, N, &s2);
    store_at(b, fzero, C, mm_index(batched, bt, i, j, idx), idx);
    close_loop(b, &s2);
    MlirValue k = open_loop(b, zero, one, K, &s2);
    MlirValue x = load_f32(b, A, mm_index(batched, bt, i, k, idx), idx);
    j = open_loop(b, zero, one, N, &s3);
    MlirValue y = load_f32(b, B, mm_index(batched, bt, k, j, idx), idx);
    MlirValue acc = load_f32(b, C, mm_index(batched, bt, i, j, idx), idx);
    MlirValue p = build1(b, "arith.mulf", 2, (MlirValue[]){x, y}, f32, 0, NULL);
    MlirValue sum = build1(b, "arith.addf", 2, (MlirValue[]){acc, p}, f32, 0, NULL);
    store_at(b, sum, C, mm_index(batched, bt, i, j, idx), idx);
    close_loop(b, &s3);
    close_loop(b, &s2);
  } else {
    MlirValue j = open_loop(b, zero, one, N, &s2);
    MlirOperation kl = build_for(b, zero, K, one, 1, &fzero);
    Builder inner = {b->ctx, b->loc, for_body(kl), {NULL}};
    MlirValue k = mlirBlockGetArgument(inner.block, 0), acc = mlirBlockGetArgument(inner.block, 1);
    MlirValue x = load_f32(&inner, A, mm_index(batched, bt, i, k, idx), idx);
    MlirValue y = load_f32(&inner, B, mm_index(batched, bt, k, j, idx), idx);
    MlirValue p = build1(&inner, "arith.mulf", 2, (MlirValue[]){x, y}, f32, 0, NULL);
    MlirValue sum = build1(&inner, "arith.addf", 2, (MlirValue[]){acc, p}, f32, 0, NULL);
    build_yield(inner.block, b->loc, 1, &sum);
    store_at(b, mlirOperationGetResult(kl, 0), C, mm_index(batched, bt, i, j, idx), idx);
    close_loop(b, &s2);
  }
  close_loop(b, &s1);
  close_loop(b, &s0);
}

static bool matmul_shapes_ok(MlirType a, MlirType b, MlirType c, bool batched) {
  int r = batched ? 3 : 2;
  if (!mlirTypeIsAMemRef(a) || !mlirTypeIsAMemRef(b) || !mlirTypeIsAMemRef(c) || mlirShapedTypeGetRank(a) != r ||
      mlirShapedTypeGetRank(b) != r || mlirShapedTypeGetRank(c) != r)
    return false;
  int o = batched ? 1 : 0;
  if (batched && !(mlirShapedTypeGetDimSize(a, 0) == mlirShapedTypeGetDimSize(c, 0) &&
                   mlirShapedTypeGetDimSize(b, 0) == mlirShapedTypeGetDimSize(c, 0)))
    return false;
  return mlirShapedTypeGetDimSize(a, o) == mlirShapedTypeGetDimSize(c, o) &&
         mlirShapedTypeGetDimSize(b, o + 1) == mlirShapedTypeGetDimSize(c, o + 1) &&
         mlirShapedTypeGetDimSize(a, o + 1) == mlirShapedTypeGetDimSize(b, o);
}

static bool lower_extern_call(MlirOperation op) {
  MlirStringRef kernel;
  if (!ind_attr_str(op, KERNEL_ATTR_KERNEL, &kernel))
    return mlirLogicalResultIsSuccess(
        ind_emit_error(op, "convert-kernel-to-cpu: kernel.extern_call needs kernel = \"mm\"|\"bmm\""));
  bool batched = ind_sref_eq(kernel, "bmm");
  if (!batched && !ind_sref_eq(kernel, "mm"))
    return mlirLogicalResultIsSuccess(ind_emit_error(
        op, "convert-kernel-to-cpu: unknown extern kernel '%.*s' (mm, bmm)", (int)kernel.length, kernel.data));
  if (kernel_call_num_args(op) != 3)
    return mlirLogicalResultIsSuccess(ind_emit_error(
        op, "convert-kernel-to-cpu: extern %s takes two inputs and an output buffer", batched ? "bmm" : "mm"));
  MlirValue A = kernel_call_arg(op, 0), B = kernel_call_arg(op, 1), C = kernel_call_arg(op, 2);
  if (!matmul_shapes_ok(mlirValueGetType(A), mlirValueGetType(B), mlirValueGetType(C), batched) ||
      !mlirShapedTypeHasStaticShape(mlirValueGetType(C)))
    return mlirLogicalResultIsSuccess(
        ind_emit_error(op, "convert-kernel-to-cpu: extern %s: operand shapes do not match", batched ? "bmm" : "mm"));
  Builder b = {mlirOperationGetContext(op), mlirOperationGetLocation(op), mlirOperationGetBlock(op), op};
  emit_matmul(&b, A, B, C, batched);
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
  Builder b = {mlirOperationGetContext(ret), mlirOperationGetLocation(ret), body, ret};
  for (int i = 0; i < w->nallocs; ++i) {
    bool seen = false;
    for (int j = 0; j < i; ++j)
      seen |= mlirValueEqual(w->allocs[j], w->allocs[i]);
    if (!seen && !is_returned(ret, w->allocs[i]))
      build(&b, "memref.dealloc", 1, &w->allocs[i], 0, NULL, 0, NULL);
  }
}

static bool collect_wrapper_op(MlirOperation op, void *user) {
  MlirOperation **list = user;
  if (kernel_is_alloc(op) || kernel_is_launch(op) || kernel_is_extern_call(op))
    *(*list)++ = op;
  return true;
}

static bool count_walk(MlirOperation op, void *user) {
  (void)op;
  ++*(int *)user;
  return true;
}

static bool is_wrapper_op(MlirOperation op) {
  return kernel_is_alloc(op) || kernel_is_launch(op) || kernel_is_extern_call(op);
}

static bool lower_wrapper(MlirOperation module, MlirOperation func) {
  int n = 0;
  ind_walk(func, count_walk, &n);
  MlirOperation *ops = calloc((size_t)n + 1, sizeof *ops), *end = ops;
  if (!ops)
    abort();
  ind_walk(func, collect_wrapper_op, &end);
  Wrapper *w = calloc(1, sizeof *w);
  if (!w)
    abort();
  w->func = func;
  w->module = module;
  bool ok = true;
  for (MlirOperation *p = ops; p < end && ok; ++p) {
    if (kernel_is_alloc(*p))
      ok = lower_alloc(w, *p);
    else if (kernel_is_launch(*p))
      ok = lower_launch(w, *p);
    else
      ok = lower_extern_call(*p);
  }
  if (ok) {
    insert_deallocs(w);
    ind_set_attr(func, "llvm.emit_c_interface", mlirUnitAttrGet(mlirOperationGetContext(func)));
  }
  free(w);
  free(ops);
  return ok;
}

static bool has_wrapper_ops(MlirOperation func) {
  bool found = false;
  for (MlirOperation o = mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    found |= is_wrapper_op(o);
  return found;
}

/* ------------------------------------------------------------------------------------------------
 * The pass. Collect the module's top-level kernel.defs and wrapper funcs, then rewrite. */

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  int n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    ++n;
  MlirOperation *defs = calloc((size_t)n + 1, sizeof *defs), *funcs = calloc((size_t)n + 1, sizeof *funcs);
  if (!defs || !funcs)
    abort();
  int nd = 0, nf = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    if (kernel_is_def(o))
      defs[nd++] = o;
    else if (ind_op_is(o, "func.func") && mlirOperationGetNumRegions(o) == 1 &&
             !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(o, 0))) && has_wrapper_ops(o))
      funcs[nf++] = o;
  }
  bool ok = true;
  for (int i = 0; i < nd && ok; ++i) {
    Kernel k;
    memset(&k, 0, sizeof k);
    k.def = defs[i];
    ok = lower_kernel(&k);
    kernel_free(&k);
    if (ok)
      mlirOperationDestroy(defs[i]);
  }
  for (int i = 0; i < nf && ok; ++i)
    ok = lower_wrapper(module, funcs[i]);
  free(defs);
  free(funcs);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

const IndPassDef ind_kernel_to_cpu_pass = {
    "convert-kernel-to-cpu",
    "Lower kernel.def to func.func with scf loops (looped r-tiles) and the host wrapper to memref/func calls", NULL,
    run};
