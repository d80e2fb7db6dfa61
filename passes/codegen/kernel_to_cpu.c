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
 *   - one final r-loop nest computes the r-varying stores, recomputing their cones;
 *   - a `kernel.scan` (an r-varying running combine) makes the r-loop nest that computes it sequential:
 *     the nest carries each scan of its cone as iter_args (a float sum as a Kahan-compensated pair), and a
 *     reduce whose cone holds a scan (plain, Welford or online softmax) accumulates in the same sequential
 *     nest (emit_scan_nest).
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
 * convert-math-to-llvm, convert-math-to-libm, convert-to-llvm (libind/jit_driver.c runs that pipeline).
 * Failure: a located diagnostic for an unsupported body op, a bad index map or kind, a launch whose
 * arguments do not fit the kernel, an unknown extern kernel or mismatched matmul shapes. */
#include "dialects/ind/ind.h"
#include "dialects/kernel/kernel.h"
#include "ind/checked.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "passes/codegen/builder.h"
#include "passes/codegen/check_sites.h"
#include "passes/codegen/fptosi_sat.h"
#include "passes/codegen/kernel_to_cpu_wrapper.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  CgBuilder b;
  MlirValue ivs[2 * MAX_DIMS]; /* x ivs, then r ivs (index 0 outside r-loops) */
  MlirValue zero, one;
  MlirValue xub[MAX_DIMS], rub[MAX_DIMS]; /* loop bounds, built once at the function's entry */
  CgValueMap vals; /* block args and r-invariant values; from rscope on, the current r-loop nest's r-varying ones */
  int rscope;      /* the current r-loop nest's scope (cg_scope_enter) */
  int64_t lanes, lane_chunk; /* the tree reduction's shape (pass options) */
  bool has_scan;             /* the body holds a kernel.scan */
  struct ScanCarry *carry;   /* while emitting a scan nest: the scans it carries */
  CheckSites *sites;         /* checked mode: the module's site table */
  int *site;                 /* per op: its check site, -1 when it has none */
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
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAAffineMap(a))
    return cg_fail(op, CPU_PASS, "expected an affine_map attribute 'index'");
  MlirAffineMap m = mlirAffineMapAttrGetValue(a);
  if (mlirAffineMapGetNumDims(m) != k->nx + k->nr || mlirAffineMapGetNumResults(m) != 1 ||
      mlirAffineMapGetNumSymbols(m) != 0)
    return cg_fail(op, CPU_PASS, "index map must have %d dims (xranges then rranges), no symbols and one result",
                   (int)(k->nx + k->nr));
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
  switch (kernel_op_id(op)) {
  case KERNEL_OP_LOAD:
  case KERNEL_OP_STORE:
  case KERNEL_OP_INDEX_EXPR:
  case KERNEL_OP_REDUCE:
  case KERNEL_OP_SCAN:
  case KERNEL_OP_CHECK_INDEX:
    return true;
  default:
    return ind_op_in_dialect(op, "arith") || ind_op_in_dialect(op, "math");
  }
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
  switch (kernel_op_id(o)) {
  case KERNEL_OP_LOAD:
    ok = (nopd == 1 || (nopd == 2 && mlirTypeIsAIndex(mlirValueGetType(mlirOperationGetOperand(o, 1))))) && nres == 1 &&
         is_flat_buffer(mlirOperationGetOperand(o, 0)) && is_scalar(mlirValueGetType(mlirOperationGetResult(o, 0)));
    break;
  case KERNEL_OP_STORE:
    ok = nopd == 2 && nres == 0 && is_flat_buffer(mlirOperationGetOperand(o, 0)) &&
         is_scalar(mlirValueGetType(mlirOperationGetOperand(o, 1)));
    break;
  case KERNEL_OP_INDEX_EXPR:
    ok = nopd == 0 && nres == 1 && is_scalar(mlirValueGetType(mlirOperationGetResult(o, 0)));
    break;
  default:
    break;
  }
  if (!ok)
    cg_fail(o, CPU_PASS, "%.*s needs a 1-D memref buffer and scalar values", (int)ind_op_name(o).length,
            ind_op_name(o).data);
  return ok;
}

static bool is_int_type(MlirType t) { return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) > 1; }

/* A value kernel.reduce `o` can reduce: a float, or an integer wider than i1 for the plain reductions
 * (sum, max, min, prod: addi / maxsi / minsi / muli, exact). */
static bool is_reduce_type(MlirOperation o, MlirType t) {
  KernelReduction r = kernel_reduce_type(o);
  bool plain = r == KERNEL_RED_SUM || r == KERNEL_RED_MAX || r == KERNEL_RED_MIN || r == KERNEL_RED_PROD;
  return mlirTypeIsAFloat(t) || (plain && is_int_type(t));
}

/* A kernel.scan: in a kernel with r dims, one float or integer value of a supported combine. */
static bool check_scan(const Kernel *k, MlirOperation o) {
  if (k->nr == 0)
    return cg_fail(o, CPU_PASS, "kernel.scan in a kernel without rranges");
  if (mlirOperationGetNumOperands(o) != 1 || mlirOperationGetNumResults(o) != 1 ||
      !mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(o, 0)), mlirValueGetType(mlirOperationGetResult(o, 0))) ||
      !(mlirTypeIsAFloat(mlirValueGetType(mlirOperationGetResult(o, 0))) ||
        mlirTypeIsAInteger(mlirValueGetType(mlirOperationGetResult(o, 0)))))
    return cg_fail(o, CPU_PASS, "kernel.scan takes one float or integer value and returns one of the same type");
  if (kernel_scan_type(o) == KERNEL_RED_INVALID)
    return cg_fail(o, CPU_PASS, "scan_type must be \"sum\", \"max\", \"min\" or \"prod\"");
  return true;
}

static bool scan_step(Kernel *k, MlirOperation op, MlirValue v, MlirValue *res);

/* Reads the kernel's attributes and body, and classifies each op as r-varying or not. */
static bool kernel_analyze(Kernel *k) {
  MlirOperation def = k->def;
  if (kernel_def_kind(def) == KERNEL_KIND_INVALID)
    return cg_fail(def, CPU_PASS, "kernel.def needs kind = \"pointwise\" | \"persistent_reduction\" | \"reduction\"");
  if (!ind_attr_i64_array(def, KERNEL_ATTR_XRANGES, k->xr, MAX_DIMS, &k->nx) || k->nx > MAX_DIMS)
    return cg_fail(def, CPU_PASS, "kernel.def needs xranges (at most %d dims)", MAX_DIMS);
  if (!ind_attr_i64_array(def, KERNEL_ATTR_RRANGES, k->rr, MAX_DIMS, &k->nr))
    k->nr = 0;
  if (k->nr > MAX_DIMS)
    return cg_fail(def, CPU_PASS, "at most %d r dims", MAX_DIMS);
  for (intptr_t i = 0; i < k->nx + k->nr; ++i)
    if ((i < k->nx ? k->xr[i] : k->rr[i - k->nx]) < 0)
      return cg_fail(def, CPU_PASS, "negative range");
  k->body = mlirRegionGetFirstBlock(mlirOperationGetRegion(def, 0));
  if (mlirBlockIsNull(k->body))
    return cg_fail(def, CPU_PASS, "kernel.def without a body");
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
    if (ind_is_yield(o) && mlirOperationIsNull(mlirOperationGetNextInBlock(o)))
      break;
    if (!is_supported_body_op(o))
      return cg_fail(o, CPU_PASS, "unsupported op '%.*s' in a kernel body", (int)ind_op_name(o).length,
                     ind_op_name(o).data);
    if (mlirOperationGetNumRegions(o) != 0)
      return cg_fail(o, CPU_PASS, "ops with regions are not supported in a kernel body");
    k->ops[k->nops++] = o;
  }
  for (int i = 0; i < k->nops; ++i) {
    MlirOperation o = k->ops[i];
    bool rv = false;
    switch (kernel_op_id(o)) {
    case KERNEL_OP_LOAD:
    case KERNEL_OP_STORE:
    case KERNEL_OP_INDEX_EXPR: {
      MlirAffineMap m = {NULL};
      if (!check_memory_op(o) || !index_map(k, o, &m))
        return false;
      rv = map_uses_r(k, m);
      break;
    }
    case KERNEL_OP_CHECK_INDEX: {
      int64_t lo, hi;
      if (mlirOperationGetNumOperands(o) != 1 || mlirOperationGetNumResults(o) != 1 ||
          !mlirTypeIsAIndex(mlirValueGetType(mlirOperationGetOperand(o, 0))) ||
          !mlirTypeIsAIndex(mlirValueGetType(mlirOperationGetResult(o, 0))) || !kernel_check_index_bounds(o, &lo, &hi))
        return cg_fail(o, CPU_PASS, "kernel.check_index takes one index and needs integer bounds lower < upper");
      break;
    }
    case KERNEL_OP_REDUCE:
      if (k->nr == 0)
        return cg_fail(o, CPU_PASS, "kernel.reduce in a kernel without rranges");
      if (mlirOperationGetNumOperands(o) != 1 || mlirOperationGetNumResults(o) != 1 ||
          !is_reduce_type(o, mlirValueGetType(mlirOperationGetOperand(o, 0))) ||
          !mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(o, 0)),
                         mlirValueGetType(mlirOperationGetResult(o, 0))))
        return cg_fail(o, CPU_PASS,
                       "kernel.reduce takes one float value (or an integer one for sum, max, min and prod) and "
                       "returns one of its type");
      k->rvary[i] = false;
      continue;
    case KERNEL_OP_SCAN:
      if (!check_scan(k, o))
        return false;
      k->has_scan = k->rvary[i] = true;
      continue;
    default:
      break;
    }
    for (intptr_t a = 0; a < mlirOperationGetNumOperands(o) && !rv; ++a) {
      MlirValue v = mlirOperationGetOperand(o, a);
      if (mlirValueIsAOpResult(v)) {
        int j = op_index(k, mlirOpResultGetOwner(v));
        if (j < 0)
          return cg_fail(o, CPU_PASS, "a kernel body op uses a value defined outside the kernel");
        rv = k->rvary[j];
      } else if (!mlirBlockEqual(mlirBlockArgumentGetOwner(v), k->body)) {
        return cg_fail(o, CPU_PASS, "a kernel body op uses a value defined outside the kernel");
      }
    }
    k->rvary[i] = rv;
  }
  return true;
}

/* Looks up the new value of a body value. */
static bool lookup(const Kernel *k, MlirValue v, MlirValue *out) { return cg_map_get1(&k->vals, v, out); }

static MlirValue emit_index(Kernel *k, MlirOperation op) {
  MlirAttribute map = mlirOperationGetAttributeByName(op, ind_str(KERNEL_ATTR_INDEX));
  MlirNamedAttribute a = cg_named(&k->b, "map", map);
  return cg_op1(&k->b, "affine.apply", k->nx + k->nr, k->ivs, mlirIndexTypeGet(k->b.ctx), 1, &a);
}

/* ------------------------------------------------------------------------------------------------
 * Checked mode (include/ind/checked.h): a compare per checked access or index, and on a violation the
 * first one recorded in the module's record global. */

/* Records `site` with index `idx` unless an earlier violation is recorded: [0] = site + 1, [1] = idx. */
static void emit_record(CgBuilder *b, int site, MlirValue idx) {
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirNamedAttribute name = cg_named(b, "name", mlirFlatSymbolRefAttrGet(b->ctx, ind_str(IND_CHECK_RECORD)));
  MlirValue g = cg_op1(b, "memref.get_global", 0, NULL, check_record_type(b->ctx), 1, &name);
  MlirValue w0[2] = {g, cg_const_index(b, 0)};
  MlirValue first = cg_op1(b, "memref.load", 2, w0, i64, 0, NULL);
  MlirOperation iff = cg_if(b, cg_cmpi(b, CG_CMPI_EQ, first, cg_const_int(b, i64, 0)), 0, NULL, false);
  CgBuilder t = cg_at_end(b, cg_block(iff, 0));
  MlirValue s0[3] = {cg_const_int(&t, i64, site + 1), g, w0[1]};
  cg_op(&t, "memref.store", 3, s0, 0, NULL, 0, NULL);
  MlirValue s1[3] = {cg_convert(&t, idx, i64), g, cg_const_index(&t, 1)};
  cg_op(&t, "memref.store", 3, s1, 0, NULL, 0, NULL);
  cg_yield(&t, 0, NULL);
}

/* kernel.check_index: records its site when the index is outside [lower, upper); the index goes on. */
static MlirValue emit_check_index(Kernel *k, MlirOperation op, MlirValue v) {
  CgBuilder *b = &k->b;
  int64_t lo = 0, hi = 0;
  kernel_check_index_bounds(op, &lo, &hi);
  MlirValue out[2] = {cg_cmpi(b, CG_CMPI_SLT, v, cg_const_index(b, lo)),
                      cg_cmpi(b, CG_CMPI_SGE, v, cg_const_index(b, hi))};
  MlirValue bad = cg_bin(b, "arith.ori", out[0], out[1]);
  MlirOperation iff = cg_if(b, bad, 0, NULL, false);
  CgBuilder t = cg_at_end(b, cg_block(iff, 0));
  emit_record(&t, k->site[op_index(k, op)], v);
  cg_yield(&t, 0, NULL);
  return v;
}

/* A zero of scalar type t. */
static MlirValue zero_of(CgBuilder *b, MlirType t) {
  return mlirTypeIsAFloat(t) ? cg_const_float(b, t, 0.0) : cg_const_int(b, t, 0);
}

/* A checked load of element `idx` of `mem`: the load when 0 <= idx < size, else the site recorded and 0. */
static MlirValue emit_checked_load(Kernel *k, MlirOperation op, MlirValue mem, MlirValue idx) {
  CgBuilder *b = &k->b;
  MlirType mt = mlirValueGetType(mem), elem = mlirShapedTypeGetElementType(mt);
  MlirValue ok = cg_cmpi(b, CG_CMPI_ULT, idx, cg_const_index(b, mlirShapedTypeGetDimSize(mt, 0)));
  MlirOperation iff = cg_if(b, ok, 1, &elem, true);
  CgBuilder t = cg_at_end(b, cg_block(iff, 0)), e = cg_at_end(b, cg_block(iff, 1));
  MlirValue ops[2] = {mem, idx};
  MlirValue v = cg_op1(&t, "memref.load", 2, ops, elem, 0, NULL);
  cg_yield(&t, 1, &v);
  emit_record(&e, k->site[op_index(k, op)], idx);
  MlirValue z = zero_of(&e, elem);
  cg_yield(&e, 1, &z);
  return mlirOperationGetResult(iff, 0);
}

/* A checked store: the store when 0 <= idx < size, else the site recorded. */
static void emit_checked_store(Kernel *k, MlirOperation op, MlirValue v, MlirValue mem, MlirValue idx) {
  CgBuilder *b = &k->b;
  MlirValue ok = cg_cmpi(b, CG_CMPI_ULT, idx, cg_const_index(b, mlirShapedTypeGetDimSize(mlirValueGetType(mem), 0)));
  MlirOperation iff = cg_if(b, ok, 0, NULL, true);
  CgBuilder t = cg_at_end(b, cg_block(iff, 0)), e = cg_at_end(b, cg_block(iff, 1));
  MlirValue ops[3] = {v, mem, idx};
  cg_op(&t, "memref.store", 3, ops, 0, NULL, 0, NULL);
  cg_yield(&t, 0, NULL);
  emit_record(&e, k->site[op_index(k, op)], idx);
  cg_yield(&e, 0, NULL);
}

/* Numbers the kernel's check sites in the module's table (check_sites_of). */
static void number_sites(Kernel *k) {
  for (int i = 0; i < k->nops; ++i)
    k->site[i] = check_sites_of(k->sites, k->def, k->ops[i]);
}

/* Emits the CPU form of body op `op` at the builder, operands already mapped. */
/* Clones an upstream (arith / math) body op onto the mapped operands `opd`. */
static void emit_clone(Kernel *k, MlirOperation op, const MlirValue *opd, intptr_t nopd) {
  MlirOperation c = mlirOperationClone(op);
  for (intptr_t i = 0; i < nopd; ++i)
    mlirOperationSetOperand(c, i, opd[i]);
  cg_insert(&k->b, c);
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
    cg_map_put1(&k->vals, mlirOperationGetResult(op, r), mlirOperationGetResult(c, r));
}

static bool emit_op(Kernel *k, MlirOperation op) {
  CgBuilder *b = &k->b;
  b->loc = mlirOperationGetLocation(op);
  intptr_t nopd = mlirOperationGetNumOperands(op);
  MlirValue opd[16];
  if (nopd > 16)
    return cg_fail(op, CPU_PASS, "too many operands");
  for (intptr_t i = 0; i < nopd; ++i)
    if (!lookup(k, mlirOperationGetOperand(op, i), &opd[i]))
      return cg_fail(op, CPU_PASS, "internal error: unmapped operand");
  MlirValue res = {0};
  switch (kernel_op_id(op)) {
  case KERNEL_OP_LOAD: {
    MlirValue ops[2] = {opd[0], emit_index(k, op)};
    if (nopd == 2) /* an indirect load: the affine part plus the offset */
      ops[1] = cg_bin(b, "arith.addi", ops[1], opd[1]);
    MlirType mt = mlirValueGetType(opd[0]);
    MlirValue raw = k->site[op_index(k, op)] >= 0
                        ? emit_checked_load(k, op, ops[0], ops[1])
                        : cg_op1(b, "memref.load", 2, ops, mlirShapedTypeGetElementType(mt), 0, NULL);
    res = cg_convert(b, raw, mlirValueGetType(mlirOperationGetResult(op, 0)));
    break;
  }
  case KERNEL_OP_STORE: {
    MlirType mt = mlirValueGetType(opd[0]);
    MlirValue v = cg_convert(b, opd[1], mlirShapedTypeGetElementType(mt));
    MlirValue ops[3] = {v, opd[0], emit_index(k, op)};
    if (k->site[op_index(k, op)] >= 0)
      emit_checked_store(k, op, ops[0], ops[1], ops[2]);
    else
      cg_op(b, "memref.store", 3, ops, 0, NULL, 0, NULL);
    return true;
  }
  case KERNEL_OP_CHECK_INDEX:
    res = emit_check_index(k, op, opd[0]);
    break;
  case KERNEL_OP_INDEX_EXPR:
    res = cg_convert(b, emit_index(k, op), mlirValueGetType(mlirOperationGetResult(op, 0)));
    break;
  case KERNEL_OP_SCAN:
    if (!scan_step(k, op, opd[0], &res))
      return false;
    break;
  default:
    if (codegen_is_unclamped_fptosi(op)) { /* ind's float -> int is saturating (fptosi_sat.h), arith's is poison */
      res = cg_fptosi_sat(b, opd[0], mlirValueGetType(mlirOperationGetResult(op, 0)));
      break;
    }
    emit_clone(k, op, opd, nopd);
    return true;
  }
  cg_map_put1(&k->vals, mlirOperationGetResult(op, 0), res);
  return true;
}

/* Emits, inside the current r-loop nest, op `i` and the r-varying ops it depends on (its cone),
 * unless already emitted in this nest. */
static bool emit_cone(Kernel *k, int i) {
  MlirOperation op = k->ops[i];
  if (mlirOperationGetNumResults(op) > 0 && cg_map_find(&k->vals, mlirOperationGetResult(op, 0), k->rscope))
    return true;
  for (intptr_t a = 0; a < mlirOperationGetNumOperands(op); ++a) {
    MlirValue v = mlirOperationGetOperand(op, a);
    if (!mlirValueIsAOpResult(v))
      continue;
    int j = op_index(k, mlirOpResultGetOwner(v));
    if (j >= 0 && k->rvary[j] && !emit_cone(k, j))
      return false;
  }
  return emit_op(k, op);
}

/* Builds the r-loop nest at the builder. With an accumulator (`reduce` not null) the loops carry
 * it; the innermost body emits the cone of `reduce`'s operand and combines. Without, the innermost
 * body emits the cones of every r-varying store. Returns the reduced value (null otherwise). */
typedef struct RNest {
  MlirOperation reduce; /* or null for the store loop */
  KernelReduction rtype;
} RNest;

/* The arith op combining two partial results of reduction r in type t (integers: wrapping addi /
 * muli, maxsi / minsi). */
static const char *combiner(KernelReduction r, MlirType t) {
  bool i = is_int_type(t);
  switch (r) {
  case KERNEL_RED_SUM:
    return i ? "arith.addi" : "arith.addf";
  case KERNEL_RED_MAX:
    return i ? "arith.maxsi" : "arith.maximumf";
  case KERNEL_RED_MIN:
    return i ? "arith.minsi" : "arith.minimumf";
  case KERNEL_RED_PROD:
    return i ? "arith.muli" : "arith.mulf";
  default: /* the multi-output reductions combine states (state_combine) */
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

static void state_update(CgBuilder *b, KernelReduction r, const MlirValue *acc, MlirValue v, MlirValue *out);

/* The body of an r nest at one r point: the stores' cones (no reduce), or the reduce's value folded into
 * its state acc (kernel_reduction_state_width values: state_update) giving *out. */
static bool emit_rnest_body(Kernel *k, const RNest *n, const MlirValue *acc, MlirValue *out) {
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
    return cg_fail(n->reduce, CPU_PASS, "internal error: unmapped");
  k->b.loc = mlirOperationGetLocation(n->reduce);
  state_update(&k->b, n->rtype, acc, cg_convert(&k->b, nv, mlirValueGetType(acc[0])), out);
  return true;
}

static bool emit_rnest(Kernel *k, const RNest *n, intptr_t level, MlirValue acc, MlirValue *out) {
  if (level == k->nr)
    return emit_rnest_body(k, n, &acc, out);
  CgBuilder saved;
  bool has_acc = !mlirOperationIsNull(n->reduce);
  MlirOperation loop = cg_open_for(&k->b, &saved, k->zero, k->rub[level], k->one, has_acc ? 1 : 0, &acc);
  MlirBlock body = k->b.block;
  k->ivs[k->nx + level] = mlirBlockGetArgument(body, 0);
  MlirValue inner = {0};
  bool ok = emit_rnest(k, n, level + 1, has_acc ? mlirBlockGetArgument(body, 1) : acc, &inner);
  cg_close(&k->b, &saved, has_acc ? 1 : 0, &inner);
  k->ivs[k->nx + level] = k->zero;
  if (has_acc)
    *out = mlirOperationGetResult(loop, 0);
  return ok;
}

/* --- Reductions as trees of partial results (docs/passes/kernel_to_cpu.md, "Accuracy").
 *
 * The r-space (rnumel R elements, row-major over rranges) is read as a linear index j. It is cut in
 * chunks of C = L * M elements; inside a chunk, lane l (of L = `lanes`) accumulates the M elements
 * j = c * C + t * L + l (t = 0 .. M - 1) in its own accumulator, as Triton's RBLOCK-wide
 * accumulators do; the L lane results are combined pairwise (a tree of depth log2 L). The chunk results
 * are combined by a binary counter (pairwise summation over chunks): a stack of K partials, level l
 * holding the combination of 2^l chunks; each new chunk result carries up through the full levels. So
 * no element goes through more than M - 1 + log2 L + 2K roundings, K = bitlen(nchunks - 1) + 1,
 * whatever R is, instead of R - 1 for one running accumulator. When C does not divide R the last chunk's
 * extra lanes read a clamped index and contribute the identity. */

/* The r ivs of the linear r index j (row-major over rranges). */
static void set_rivs(Kernel *k, MlirValue j) {
  MlirValue rem = j;
  for (intptr_t d = k->nr - 1; d >= 0; --d) {
    if (d == 0) {
      k->ivs[k->nx] = rem;
      break;
    }
    k->ivs[k->nx + d] = cg_bin(&k->b, "arith.remui", rem, k->rub[d]);
    rem = cg_bin(&k->b, "arith.divui", rem, k->rub[d]);
  }
}

/* The reduced operand of n->reduce at linear r index j, in type t (its cone emitted at the builder). */
static bool emit_lane_value(Kernel *k, const RNest *n, MlirValue j, MlirType t, MlirValue *out) {
  set_rivs(k, j);
  cg_scope_leave(&k->vals, k->rscope);
  MlirValue v = mlirOperationGetOperand(n->reduce, 0);
  if (mlirValueIsAOpResult(v)) {
    int i = op_index(k, mlirOpResultGetOwner(v));
    if (i >= 0 && k->rvary[i] && !emit_cone(k, i))
      return false;
  }
  MlirValue nv;
  if (!lookup(k, v, &nv))
    return cg_fail(n->reduce, CPU_PASS, "internal error: unmapped");
  k->b.loc = mlirOperationGetLocation(n->reduce);
  *out = cg_convert(&k->b, nv, t);
  return true;
}

static int bitlen(int64_t v) {
  int n = 0;
  while (v > 0) {
    ++n;
    v >>= 1;
  }
  return n;
}

/* --- Accumulator states. A plain reduction carries one value per accumulator; welford carries
 * (mean, m2, weight) and online softmax (max, sum) (kernel_reduction_state_width). An element enters
 * by state_update, two partial states merge by state_combine (Chan et al.'s merge of two Welford
 * states; the online softmax rescale), and the identity state is what a masked lane contributes. */

static MlirValue fexp(CgBuilder *b, MlirValue x) { return cg_cast(b, "math.exp", x, mlirValueGetType(x)); }

static void state_identity(CgBuilder *b, KernelReduction r, MlirType t, MlirValue *st) {
  if (kernel_reduction_family(r) == KERNEL_RED_WELFORD_MEAN) {
    st[0] = st[1] = st[2] = cg_const_float(b, t, 0.0);
  } else if (kernel_reduction_family(r) == KERNEL_RED_ONLINE_MAX) {
    st[0] = cg_const_float(b, t, -__builtin_inf());
    st[1] = cg_const_float(b, t, 0.0);
  } else if (is_int_type(t)) { /* max: the type's minimum, min: its maximum */
    unsigned w = mlirIntegerTypeGetWidth(t);
    int64_t hi = w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
    int64_t v = r == KERNEL_RED_MAX ? -hi - 1 : r == KERNEL_RED_MIN ? hi : (int64_t)identity(r);
    st[0] = cg_const_int(b, t, v);
  } else {
    st[0] = cg_const_float(b, t, identity(r));
  }
}

/* s * exp(m_old - m), s when m is -inf (-inf - -inf would be a NaN): Inductor's online_softmax_combine.
 * A +inf max gives exp(inf - inf) = NaN, as torch's softmax of a row holding +inf does. */
static MlirValue rescale(CgBuilder *b, MlirValue s, MlirValue m_old, MlirValue m) {
  MlirValue scaled = cg_bin(b, "arith.mulf", s, fexp(b, cg_bin(b, "arith.subf", m_old, m)));
  return cg_select(b, cg_cmpf(b, CG_CMPF_OEQ, m, cg_const_float(b, mlirValueGetType(m), -__builtin_inf())), s, scaled);
}

static void state_combine(CgBuilder *b, KernelReduction r, const MlirValue *x, const MlirValue *y, MlirValue *out) {
  KernelReduction f = kernel_reduction_family(r);
  if (f == KERNEL_RED_WELFORD_MEAN) {
    MlirType t = mlirValueGetType(x[0]);
    MlirValue zero = cg_const_float(b, t, 0.0);
    MlirValue delta = cg_bin(b, "arith.subf", y[0], x[0]);
    MlirValue w = cg_bin(b, "arith.addf", x[2], y[2]);
    MlirValue frac = cg_select(b, cg_cmpf(b, CG_CMPF_OEQ, w, zero), zero, cg_bin(b, "arith.divf", y[2], w));
    out[0] = cg_bin(b, "arith.addf", x[0], cg_bin(b, "arith.mulf", delta, frac));
    MlirValue corr =
        cg_bin(b, "arith.mulf", cg_bin(b, "arith.mulf", cg_bin(b, "arith.mulf", delta, delta), x[2]), frac);
    out[1] = cg_bin(b, "arith.addf", cg_bin(b, "arith.addf", x[1], y[1]), corr);
    out[2] = w;
    /* an empty side leaves the other as it is (delta * 0 would be a NaN for an infinite mean) */
    MlirValue x_empty = cg_cmpf(b, CG_CMPF_OEQ, x[2], zero), y_empty = cg_cmpf(b, CG_CMPF_OEQ, y[2], zero);
    for (int q = 0; q < 2; ++q)
      out[q] = cg_select(b, y_empty, x[q], cg_select(b, x_empty, y[q], out[q]));
  } else if (f == KERNEL_RED_ONLINE_MAX) {
    MlirValue m = cg_bin(b, "arith.maximumf", x[0], y[0]);
    out[1] = cg_bin(b, "arith.addf", rescale(b, x[1], x[0], m), rescale(b, y[1], y[0], m));
    out[0] = m;
  } else {
    out[0] = cg_bin(b, combiner(r, mlirValueGetType(x[0])), x[0], y[0]);
  }
}

/* One element v into the state acc (Welford's update; the online softmax step). */
static void state_update(CgBuilder *b, KernelReduction r, const MlirValue *acc, MlirValue v, MlirValue *out) {
  MlirType t = mlirValueGetType(v);
  KernelReduction f = kernel_reduction_family(r);
  if (f == KERNEL_RED_WELFORD_MEAN) {
    MlirValue w = cg_bin(b, "arith.addf", acc[2], cg_const_float(b, t, 1.0));
    MlirValue delta = cg_bin(b, "arith.subf", v, acc[0]);
    out[0] = cg_bin(b, "arith.addf", acc[0], cg_bin(b, "arith.divf", delta, w));
    out[1] = cg_bin(b, "arith.addf", acc[1], cg_bin(b, "arith.mulf", delta, cg_bin(b, "arith.subf", v, out[0])));
    out[2] = w;
  } else if (f == KERNEL_RED_ONLINE_MAX) {
    /* The online softmax step with one exp per element, as the GPU's (convert_kernel_to_gpu.c,
     * state_update): e = exp(-|v - m_old|); a new max (v > m_old) rescales the old sum, s * e + 1, any
     * other v adds e. The 1 is (v - m) * 0 + 1 (v = m = +inf gives NaN, as torch); e is 0 while the max
     * is -inf. */
    MlirValue m_old = acc[0], sum = acc[1];
    MlirValue m = cg_bin(b, "arith.maximumf", m_old, v), d = cg_bin(b, "arith.subf", v, m_old);
    MlirValue ad = cg_cast(b, "math.absf", d, t);
    MlirValue nd = cg_cast(b, "arith.negf", ad, t);
    MlirValue e = cg_select(b, cg_cmpf(b, CG_CMPF_OEQ, m, cg_const_float(b, t, -__builtin_inf())),
                            cg_const_float(b, t, 0.0), fexp(b, nd));
    MlirValue one =
        cg_bin(b, "arith.addf", cg_bin(b, "arith.mulf", cg_bin(b, "arith.subf", v, m), cg_const_float(b, t, 0.0)),
               cg_const_float(b, t, 1.0));
    MlirValue grew = cg_bin(b, "arith.addf", cg_bin(b, "arith.mulf", sum, e), one);
    out[0] = m;
    out[1] = cg_select(b, cg_cmpf(b, CG_CMPF_OGT, v, m_old), grew, cg_bin(b, "arith.addf", sum, e));
  } else {
    out[0] = cg_bin(b, combiner(r, mlirValueGetType(v)), acc[0], v);
  }
}

static bool emit_tree_reduce(Kernel *k, const RNest *n, MlirType t, MlirValue *out) {
  CgBuilder *b = &k->b;
  KernelReduction r = n->rtype;
  int S = kernel_reduction_state_width(r);
  int64_t R = 1;
  for (intptr_t d = 0; d < k->nr; ++d)
    R *= k->rr[d];
  int64_t L = k->lanes < R ? k->lanes : R;
  if (L < 1)
    L = 1;
  int64_t M = (R + L - 1) / L;
  if (M > k->lane_chunk)
    M = k->lane_chunk;
  if (M < 1)
    M = 1;
  int64_t C = L * M, nchunks = (R + C - 1) / C;
  bool guard = R % C != 0 || R == 0;
  bool plain = S == 1;
  int K = nchunks > 1 ? bitlen(nchunks - 1) + 1 : 0;
  MlirValue id[3];
  state_identity(b, r, t, id);
  MlirValue Rv = cg_const_index(b, R);
  CgBuilder outer_saved;
  MlirOperation cloop = {NULL};
  MlirValue c = k->zero, stack[CG_MAX_ITER_ARGS];
  if (K > 0) {
    MlirValue inits[CG_MAX_ITER_ARGS];
    for (int l = 0; l < K * S; ++l)
      inits[l] = id[l % S];
    cloop = cg_open_for(b, &outer_saved, k->zero, cg_const_index(b, nchunks), k->one, K * S, inits);
    c = mlirBlockGetArgument(b->block, 0);
    for (int l = 0; l < K * S; ++l)
      stack[l] = mlirBlockGetArgument(b->block, 1 + l);
  }
  MlirValue cbase = cg_bin(b, "arith.muli", c, cg_const_index(b, C));
  MlirValue linit[CG_MAX_ITER_ARGS];
  for (int64_t l = 0; l < L * S; ++l)
    linit[l] = id[l % S];
  CgBuilder chunk_saved;
  MlirOperation tloop = cg_open_for(b, &chunk_saved, k->zero, cg_const_index(b, M), k->one, (intptr_t)(L * S), linit);
  MlirValue tv = mlirBlockGetArgument(b->block, 0);
  MlirValue tbase = cg_bin(b, "arith.addi", cbase, cg_bin(b, "arith.muli", tv, cg_const_index(b, L)));
  MlirValue next[CG_MAX_ITER_ARGS];
  bool ok = true;
  for (int64_t l = 0; l < L && ok; ++l) {
    MlirValue j = l == 0 ? tbase : cg_bin(b, "arith.addi", tbase, cg_const_index(b, l)), valid = {NULL};
    if (guard) {
      valid = cg_cmpi(b, CG_CMPI_ULT, j, Rv);
      j = cg_select(b, valid, j, k->zero);
    }
    MlirValue v;
    ok = emit_lane_value(k, n, j, t, &v);
    if (!ok)
      break;
    if (guard && plain)
      v = cg_select(b, valid, v, id[0]);
    MlirValue acc[3];
    for (int q = 0; q < S; ++q)
      acc[q] = mlirBlockGetArgument(b->block, (intptr_t)(1 + l * S + q));
    state_update(b, r, acc, v, next + l * S);
    if (guard && !plain)
      for (int q = 0; q < S; ++q)
        next[l * S + q] = cg_select(b, valid, next[l * S + q], acc[q]);
  }
  if (!ok)
    for (int64_t l = 0; l < L * S; ++l)
      next[l] = mlirBlockGetArgument(b->block, (intptr_t)(1 + l));
  cg_close(b, &chunk_saved, (intptr_t)(L * S), next);
  for (intptr_t d = 0; d < k->nr; ++d)
    k->ivs[k->nx + d] = k->zero;
  /* the lanes, pairwise */
  MlirValue part[CG_MAX_ITER_ARGS];
  int64_t np = L;
  for (int64_t l = 0; l < L * S; ++l)
    part[l] = mlirOperationGetResult(tloop, (intptr_t)l);
  while (np > 1) {
    int64_t m = 0;
    for (int64_t i = 0; i + 1 < np; i += 2, ++m) {
      MlirValue merged[3];
      state_combine(b, r, part + i * S, part + (i + 1) * S, merged);
      memcpy(part + m * S, merged, sizeof(MlirValue) * (size_t)S);
    }
    if (np % 2) {
      memmove(part + m * S, part + (np - 1) * S, sizeof(MlirValue) * (size_t)S);
      ++m;
    }
    np = m;
  }
  MlirValue chunk[3];
  memcpy(chunk, part, sizeof(MlirValue) * (size_t)S);
  if (K == 0) {
    memcpy(out, chunk, sizeof(MlirValue) * (size_t)S);
    return ok;
  }
  /* the binary counter over chunks: carry `chunk` up through the levels whose bit of c is set */
  MlirType i1 = mlirIntegerTypeGet(b->ctx, 1);
  MlirValue active = cg_const_int(b, i1, 1), truev = active;
  MlirValue carry[3], nstack[CG_MAX_ITER_ARGS];
  memcpy(carry, chunk, sizeof carry);
  for (int l = 0; l < K; ++l) {
    MlirValue bit = cg_bin(b, "arith.andi", cg_bin(b, "arith.shrui", c, cg_const_index(b, l)), k->one);
    MlirValue set = cg_cmpi(b, CG_CMPI_EQ, bit, k->one);
    MlirValue merge = cg_bin(b, "arith.andi", active, set);
    MlirValue place = cg_bin(b, "arith.andi", active, cg_bin(b, "arith.xori", set, truev));
    MlirValue merged[3];
    state_combine(b, r, stack + l * S, carry, merged);
    for (int q = 0; q < S; ++q) {
      nstack[l * S + q] = cg_select(b, place, carry[q], cg_select(b, merge, id[q], stack[l * S + q]));
      carry[q] = cg_select(b, merge, merged[q], carry[q]);
    }
    active = merge;
  }
  cg_close(b, &outer_saved, K * S, nstack);
  MlirValue total[3];
  for (int q = 0; q < S; ++q)
    total[q] = mlirOperationGetResult(cloop, (K - 1) * S + q);
  for (int l = K - 2; l >= 0; --l) {
    MlirValue lvl[3], merged[3];
    for (int q = 0; q < S; ++q)
      lvl[q] = mlirOperationGetResult(cloop, l * S + q);
    state_combine(b, r, total, lvl, merged);
    memcpy(total, merged, sizeof total);
  }
  memcpy(out, total, sizeof(MlirValue) * (size_t)S);
  return ok;
}

/* --- Scans (kernel.scan): a sequential r-loop nest.
 *
 * A scan's value at r is the combine of its operand at 0..r (row-major over rranges), so the nest that
 * computes it runs r in order, once, and carries each scan of its cone as iter_args (ScanCarry): the
 * scan at the current point combines its carried state with its operand, and the new state is yielded
 * to the next point. A float sum carries (s, c), Kahan's compensated sum: y = v - c, t = s + y,
 * c = (t - s) - y, s = t, and the value at r is t - c: within about 1 ulp of the exact prefix sum plus
 * O(r u^2) sum|v| whatever r is (a plain running sum's error grows like r u max|S|); max and min are
 * exact; prod and integer scans carry one value (integer sums exact in i64, wrapping on overflow as
 * ATen's). A reduce of a value that depends on a scan is accumulated in the same nest, sequentially
 * (not the tree of emit_tree_reduce): a plain reduction combines, a Welford or online-softmax one updates
 * its state element by element (state_update), so softmax(cumsum(x)) or var(cumsum(x)) stays one kernel,
 * as on the GPU (whose persistent kernels reduce such a state in two passes over the row). */

#define MAX_SCANS 16

typedef struct ScanCarry {
  int n;
  MlirOperation op[MAX_SCANS];
  int width[MAX_SCANS];         /* state values: 2 for a compensated float sum, else 1 */
  MlirValue cur[MAX_SCANS][2];  /* the state before the current point (iter_args of the innermost loop) */
  MlirValue next[MAX_SCANS][2]; /* the state after it (set when the scan is emitted) */
} ScanCarry;

static bool is_float_sum_scan(MlirOperation op) {
  return kernel_scan_type(op) == KERNEL_RED_SUM && mlirTypeIsAFloat(mlirValueGetType(mlirOperationGetResult(op, 0)));
}

/* Adds the scans of op i's r-varying cone to c (each once); false when there are more than MAX_SCANS. */
static bool collect_scans(const Kernel *k, int i, ScanCarry *c, bool *seen) {
  if (seen[i] || !k->rvary[i])
    return true;
  seen[i] = true;
  MlirOperation op = k->ops[i];
  for (intptr_t a = 0; a < mlirOperationGetNumOperands(op); ++a) {
    MlirValue v = mlirOperationGetOperand(op, a);
    int j = mlirValueIsAOpResult(v) ? op_index(k, mlirOpResultGetOwner(v)) : -1;
    if (j >= 0 && !collect_scans(k, j, c, seen))
      return false;
  }
  if (!kernel_is_scan(op))
    return true;
  if (c->n == MAX_SCANS)
    return false;
  c->op[c->n] = op;
  c->width[c->n++] = is_float_sum_scan(op) ? 2 : 1;
  return true;
}

/* The identity of a scan's combine in its type (integers: 0, 1, INT_MIN, INT_MAX of the width). */
static MlirValue scan_identity(CgBuilder *b, KernelReduction r, MlirType t) {
  if (mlirTypeIsAFloat(t))
    return cg_const_float(b, t, identity(r));
  unsigned w = mlirIntegerTypeGetWidth(t);
  int64_t v = r == KERNEL_RED_PROD  ? 1
              : r == KERNEL_RED_MAX ? (w >= 64 ? INT64_MIN : -(INT64_C(1) << (w - 1)))
              : r == KERNEL_RED_MIN ? (w >= 64 ? INT64_MAX : (INT64_C(1) << (w - 1)) - 1)
                                    : 0;
  if (w == 1)
    v = r == KERNEL_RED_MIN || r == KERNEL_RED_PROD ? 1 : 0;
  return cg_const_int(b, t, v);
}

/* The scan `op` at the current point: its carried state combined with v; *res is its value. */
static bool scan_step(Kernel *k, MlirOperation op, MlirValue v, MlirValue *res) {
  ScanCarry *c = k->carry;
  int q = -1;
  for (int i = 0; c && i < c->n; ++i)
    if (mlirOperationEqual(c->op[i], op))
      q = i;
  if (q < 0)
    return cg_fail(op, CPU_PASS, "internal error: a kernel.scan outside its sequential r nest");
  CgBuilder *b = &k->b;
  KernelReduction r = kernel_scan_type(op);
  MlirValue s = c->cur[q][0];
  if (c->width[q] == 2) { /* Kahan */
    MlirValue y = cg_bin(b, "arith.subf", v, c->cur[q][1]);
    MlirValue t = cg_bin(b, "arith.addf", s, y);
    /* an infinite or NaN sum keeps no compensation (inf - inf would make every later value a NaN) */
    MlirValue at = cg_cast(b, "math.absf", t, mlirValueGetType(t));
    MlirValue finite = cg_cmpf(b, CG_CMPF_OLT, at, cg_const_float(b, mlirValueGetType(t), __builtin_inf()));
    c->next[q][1] = cg_select(b, finite, cg_bin(b, "arith.subf", cg_bin(b, "arith.subf", t, s), y),
                              cg_const_float(b, mlirValueGetType(t), 0.0));
    c->next[q][0] = t;
    *res = cg_bin(b, "arith.subf", t, c->next[q][1]); /* t less what it overshoots: the rounded prefix sum */
    return true;
  }
  c->next[q][0] = cg_bin(b, combiner(r, mlirValueGetType(v)), s, v);
  *res = c->next[q][0];
  return true;
}

/* The sequential nest at `level`: carries vals[0..nv) (the reduce's state first when n->reduce is set:
 * kernel_reduction_state_width values, then the scans' states); its results go to out. */
static bool emit_scan_level(Kernel *k, const RNest *n, intptr_t level, MlirValue *vals, int nv, MlirValue *out) {
  ScanCarry *c = k->carry;
  int nacc = mlirOperationIsNull(n->reduce) ? 0 : kernel_reduction_state_width(n->rtype);
  if (level == k->nr) {
    int at = nacc;
    for (int i = 0; i < c->n; ++i)
      for (int w = 0; w < c->width[i]; ++w) {
        c->cur[i][w] = vals[at++];
        c->next[i][w] = c->cur[i][w];
      }
    cg_scope_leave(&k->vals, k->rscope);
    MlirValue next[3] = {{NULL}, {NULL}, {NULL}};
    if (!emit_rnest_body(k, n, vals, next))
      return false;
    for (at = 0; at < nacc; ++at)
      out[at] = next[at];
    for (int i = 0; i < c->n; ++i)
      for (int w = 0; w < c->width[i]; ++w)
        out[at++] = c->next[i][w];
    return true;
  }
  CgBuilder saved;
  MlirOperation loop = cg_open_for(&k->b, &saved, k->zero, k->rub[level], k->one, nv, vals);
  MlirBlock body = k->b.block;
  k->ivs[k->nx + level] = mlirBlockGetArgument(body, 0);
  MlirValue inner[2 * MAX_SCANS + 3], args[2 * MAX_SCANS + 3];
  for (int i = 0; i < nv; ++i)
    args[i] = mlirBlockGetArgument(body, 1 + i);
  bool ok = emit_scan_level(k, n, level + 1, args, nv, inner);
  cg_close(&k->b, &saved, ok ? nv : 0, inner);
  k->ivs[k->nx + level] = k->zero;
  for (int i = 0; i < nv; ++i)
    out[i] = mlirOperationGetResult(loop, i);
  return ok;
}

/* A sequential r nest for `n` (a reduce whose cone holds a scan, or the stores) carrying the scans of
 * its cone; res[0..S) is the reduce's final state (reduce only; S = kernel_reduction_state_width: the
 * value of a plain reduction, the Welford or online-softmax state, updated element by element). */
static bool emit_scan_nest(Kernel *k, const RNest *n, MlirValue *res) {
  ScanCarry c = {0};
  bool *seen = calloc((size_t)k->nops + 1, sizeof *seen);
  if (!seen)
    abort();
  bool ok = true;
  for (int i = 0; i < k->nops && ok; ++i) {
    bool root = mlirOperationIsNull(n->reduce)
                    ? k->rvary[i] && kernel_is_store(k->ops[i])
                    : mlirValueIsAOpResult(mlirOperationGetOperand(n->reduce, 0)) &&
                          mlirOperationEqual(k->ops[i], mlirOpResultGetOwner(mlirOperationGetOperand(n->reduce, 0)));
    if (root)
      ok = collect_scans(k, i, &c, seen);
  }
  free(seen);
  if (!ok)
    return cg_fail(k->def, CPU_PASS, "more than %d kernel.scan ops in one r nest", MAX_SCANS);
  MlirValue vals[2 * MAX_SCANS + 3], out[2 * MAX_SCANS + 3];
  int nv = 0, nacc = mlirOperationIsNull(n->reduce) ? 0 : kernel_reduction_state_width(n->rtype);
  if (nacc > 0) {
    k->b.loc = mlirOperationGetLocation(n->reduce);
    state_identity(&k->b, n->rtype, mlirValueGetType(mlirOperationGetResult(n->reduce, 0)), vals);
    nv = nacc;
  }
  for (int i = 0; i < c.n; ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(c.op[i], 0));
    k->b.loc = mlirOperationGetLocation(c.op[i]);
    vals[nv++] = scan_identity(&k->b, kernel_scan_type(c.op[i]), t);
    if (c.width[i] == 2)
      vals[nv++] = cg_const_float(&k->b, t, 0.0);
  }
  ScanCarry *saved = k->carry;
  k->carry = &c;
  ok = emit_scan_level(k, n, 0, vals, nv, out);
  k->carry = saved;
  for (int q = 0; ok && res && q < nacc; ++q)
    res[q] = out[q];
  return ok;
}

/* True when the reduce's operand depends on a kernel.scan. */
static bool reduce_reads_scan(const Kernel *k, MlirOperation reduce) {
  if (!k->has_scan)
    return false;
  MlirValue v = mlirOperationGetOperand(reduce, 0);
  int j = mlirValueIsAOpResult(v) ? op_index(k, mlirOpResultGetOwner(v)) : -1;
  if (j < 0)
    return false;
  ScanCarry c = {0};
  bool *seen = calloc((size_t)k->nops + 1, sizeof *seen);
  if (!seen)
    abort();
  collect_scans(k, j, &c, seen);
  free(seen);
  return c.n > 0;
}

/* Emits one program (the body for the current x ivs) at the builder. */
static bool emit_program(Kernel *k) {
  bool has_rstores = false;
  enum { KERNEL_MAX_SHARED = 16 };
  KernelReduction shared_fam[KERNEL_MAX_SHARED];
  MlirValue shared_in[KERNEL_MAX_SHARED], shared_st[KERNEL_MAX_SHARED][3];
  int nshared = 0;
  for (int i = 0; i < k->nops; ++i) {
    MlirOperation op = k->ops[i];
    if (kernel_is_reduce(op)) {
      RNest n = {op, kernel_reduce_type(op)};
      if (n.rtype == KERNEL_RED_INVALID)
        return cg_fail(op, CPU_PASS,
                       "reduction_type must be \"sum\", \"max\", \"min\", \"prod\", "
                       "\"welford_mean\", \"welford_m2\", \"online_softmax_max\" or \"online_softmax_sum\"");
      k->b.loc = mlirOperationGetLocation(op);
      MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
      MlirValue st[3] = {{0}}, in = mlirOperationGetOperand(op, 0);
      /* a sum of the value a welford sibling reduces is that state's mean * weight (var_mean: one pass) */
      bool sum_of_welford = false;
      for (int q = 0; q < k->nops && n.rtype == KERNEL_RED_SUM; ++q)
        if (kernel_is_reduce(k->ops[q]) &&
            kernel_reduction_family(kernel_reduce_type(k->ops[q])) == KERNEL_RED_WELFORD_MEAN &&
            mlirValueEqual(mlirOperationGetOperand(k->ops[q], 0), in))
          sum_of_welford = true;
      if (sum_of_welford)
        n.rtype = KERNEL_RED_WELFORD_MEAN;
      KernelReduction fam = kernel_reduction_family(n.rtype);
      /* a sibling of the same family over the same value already computed the state */
      int shared = -1;
      for (int q = 0; q < nshared && fam != KERNEL_RED_INVALID; ++q)
        if (shared_fam[q] == fam && mlirValueEqual(shared_in[q], in))
          shared = q;
      if (shared >= 0) {
        memcpy(st, shared_st[shared], sizeof st);
      } else {
        /* a scanned value is reduced in the scan's sequential nest (a state reduction updating its state
         * element by element), any other by the tree */
        k->rscope = cg_scope_enter(&k->vals);
        bool ok = reduce_reads_scan(k, op) ? emit_scan_nest(k, &n, st) : emit_tree_reduce(k, &n, t, st);
        cg_scope_leave(&k->vals, k->rscope);
        if (!ok)
          return false;
        if (fam != KERNEL_RED_INVALID && nshared < KERNEL_MAX_SHARED) {
          shared_fam[nshared] = fam;
          shared_in[nshared] = in;
          memcpy(shared_st[nshared++], st, sizeof st);
        }
      }
      MlirValue res = st[kernel_reduction_component(n.rtype)];
      if (sum_of_welford)
        res = cg_bin(&k->b, "arith.mulf", st[0], st[2]);
      cg_map_put1(&k->vals, mlirOperationGetResult(op, 0), res);
    } else if (k->rvary[i]) {
      has_rstores |= kernel_is_store(op);
    } else if (!emit_op(k, op)) {
      return false;
    }
  }
  if (has_rstores) {
    RNest n = {{NULL}, KERNEL_RED_INVALID};
    MlirValue none = {0};
    k->rscope = cg_scope_enter(&k->vals);
    bool ok = k->has_scan ? emit_scan_nest(k, &n, NULL) : emit_rnest(k, &n, 0, none, &none);
    cg_scope_leave(&k->vals, k->rscope);
    return ok;
  }
  return true;
}

/* Builds the x-loop nest at `level` and the program inside. */
static bool emit_xnest(Kernel *k, intptr_t level) {
  if (level == k->nx)
    return emit_program(k);
  CgBuilder saved;
  cg_open_for(&k->b, &saved, k->zero, k->xub[level], k->one, 0, NULL);
  k->ivs[level] = mlirBlockGetArgument(k->b.block, 0);
  bool ok = emit_xnest(k, level + 1);
  cg_close(&k->b, &saved, 0, NULL);
  return ok;
}

/* Creates `func.func @name(args)` before the kernel.def with the lowered body. */
static bool lower_kernel(Kernel *k) {
  MlirOperation def = k->def;
  MlirContext ctx = mlirOperationGetContext(def);
  MlirLocation loc = mlirOperationGetLocation(def);
  MlirStringRef name;
  if (!ind_attr_str(def, KERNEL_ATTR_SYM_NAME, &name))
    return cg_fail(def, CPU_PASS, "kernel.def needs sym_name");
  if (!kernel_analyze(k))
    return false;
  k->site = calloc((size_t)k->nops + 1, sizeof *k->site);
  if (!k->site)
    abort();
  number_sites(k);
  intptr_t nargs = mlirBlockGetNumArguments(k->body);
  MlirType *types = calloc((size_t)nargs + 1, sizeof *types);
  if (!types)
    abort();
  for (intptr_t i = 0; i < nargs; ++i)
    types[i] = mlirValueGetType(mlirBlockGetArgument(k->body, i));
  CgBuilder before_def = {ctx, loc, mlirOperationGetBlock(def), def};
  MlirRegion region = cg_region(&before_def, nargs, types);
  MlirBlock entry = mlirRegionGetFirstBlock(region);
  MlirNamedAttribute attrs[2] = {
      cg_named(&before_def, "sym_name", mlirStringAttrGet(ctx, name)),
      cg_named(&before_def, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(ctx, nargs, types, 0, NULL)))};
  MlirOperationState st = mlirOperationStateGet(ind_str("func.func"), loc);
  mlirOperationStateAddAttributes(&st, 2, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation func = cg_put(&before_def, &st);
  free(types);

  for (intptr_t i = 0; i < nargs; ++i)
    cg_map_put1(&k->vals, mlirBlockGetArgument(k->body, i), mlirBlockGetArgument(entry, i));
  CgBuilder at_entry = cg_at_end(&before_def, entry);
  k->b = at_entry;
  k->zero = cg_const_index(&k->b, 0);
  k->one = cg_const_index(&k->b, 1);
  for (intptr_t d = 0; d < k->nx; ++d)
    k->xub[d] = cg_const_index(&k->b, k->xr[d]);
  for (intptr_t d = 0; d < k->nr; ++d)
    k->rub[d] = cg_const_index(&k->b, k->rr[d]);
  for (intptr_t i = 0; i < 2 * MAX_DIMS; ++i)
    k->ivs[i] = k->zero;
  bool ok = emit_xnest(k, 0);
  cg_op0(&at_entry, "func.return", 0, NULL, 0, NULL);
  if (!ok)
    mlirOperationDestroy(func); /* no half-built function next to the kernel.def */
  return ok;
}

static void kernel_free(Kernel *k) {
  free(k->ops);
  free(k->rvary);
  free(k->site);
  cg_map_free(&k->vals);
}

/* ------------------------------------------------------------------------------------------------
 * The pass. Collect the module's top-level kernel.defs and wrapper funcs, then rewrite. */

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  int64_t lanes = ind_opt_int(opts, "reduction-lanes"), lane_chunk = ind_opt_int(opts, "lane-chunk");
  if (lanes < 1 || lanes > 64 || lane_chunk < 1)
    return ind_emit_error(module, CPU_PASS ": reduction-lanes must be in [1, 64] and lane-chunk >= 1");
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
             !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(o, 0))) && cpu_has_wrapper_ops(o))
      funcs[nf++] = o;
  }
  bool ok = true;
  CheckSites sites = {module, NULL, NULL, 0, 0};
  for (int i = 0; i < nd && ok; ++i) {
    Kernel k;
    memset(&k, 0, sizeof k);
    k.sites = &sites;
    k.def = defs[i];
    k.lanes = lanes;
    k.lane_chunk = lane_chunk;
    ok = lower_kernel(&k);
    kernel_free(&k);
    if (ok)
      mlirOperationDestroy(defs[i]);
  }
  for (int i = 0; i < nf && ok; ++i)
    ok = cpu_lower_wrapper(module, funcs[i]);
  check_sites_finish(&sites, top); /* a failed run leaves no global either: the module is not used */
  free(defs);
  free(funcs);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

static const IndPassOptionDef options[] = {
    {"reduction-lanes", IND_OPT_INT, "8",
     "accumulators per reduction (lanes, combined as a tree at the end of each chunk); 1 to 64"},
    {"lane-chunk", IND_OPT_INT, "32",
     "elements each lane accumulates per chunk; chunk results are combined pairwise (binary counter)"},
    {NULL, 0, NULL, NULL},
};

const IndPassDef ind_kernel_to_cpu_pass = {
    CPU_PASS, "Lower kernel.def to func.func with scf loops (looped r-tiles) and the host wrapper to memref/func calls",
    options, run};
