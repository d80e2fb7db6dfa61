/* builder.h - the IR-builder kit of the code generators: convert-kernel-to-cpu (kernel_to_cpu.c, its host
 * wrapper kernel_to_cpu_wrapper.c) and convert-kernel-to-gpu (convert_kernel_to_gpu.c, gpu_thread_geometry.c)
 * build their upstream ops through it. Private to passes/codegen.
 *
 * - CgBuilder, an insertion cursor: ops are built at `loc` into `block` (at its end, or before `before`).
 *   Saving a cursor is copying it (`CgBuilder saved = *b; ... *b = saved;`).
 * - Ops: cg_op (any operands, results and attributes), cg_op1 (one result), cg_op0 (none), cg_put (a
 *   prepared MlirOperationState: regions, several results); named attributes (cg_named); constants; the
 *   common binary ops, compares and selects; the type conversion of storage and compute values (cg_convert,
 *   float -> integer saturating: fptosi_sat.h).
 * - Structure: one-block regions (cg_region), scf.for with iter_args (cg_for), scf.if (cg_if), scf.yield;
 *   cg_open_for / cg_open_if move the cursor into the new body and cg_close yields and moves it back.
 * - CgValueMap: a kernel value -> the values it became, with scopes (a loop's body drops what it added).
 * - cg_fail: a located error of a pass. */
#ifndef IND_PASSES_CODEGEN_BUILDER_H
#define IND_PASSES_CODEGEN_BUILDER_H

#include "lib/ir.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most iter_args an scf.for built here carries (cg_for). */
#define CG_MAX_ITER_ARGS 200

/* ------------------------------------------------------------------------------------------------
 * The cursor and op creation. */

typedef struct CgBuilder {
  MlirContext ctx;
  MlirLocation loc;     /* of every op built */
  MlirBlock block;      /* where ops go: */
  MlirOperation before; /* before this op of block, or at its end when null */
} CgBuilder;

/* A cursor at the end of `block`, with b's context and location. */
static inline CgBuilder cg_at_end(const CgBuilder *b, MlirBlock block) {
  CgBuilder r = {b->ctx, b->loc, block, {NULL}};
  return r;
}

static inline void cg_insert(const CgBuilder *b, MlirOperation op) {
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
}

/* Creates the op of `st` and inserts it at the cursor. */
static inline MlirOperation cg_put(const CgBuilder *b, MlirOperationState *st) {
  MlirOperation op = mlirOperationCreate(st);
  cg_insert(b, op);
  return op;
}

static inline MlirNamedAttribute cg_named(const CgBuilder *b, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(b->ctx, ind_str(name)), a);
}

/* Creates and inserts `name` with the given operands, result types and attributes. */
static inline MlirOperation cg_op(const CgBuilder *b, const char *name, intptr_t nops, const MlirValue *ops,
                                  intptr_t nres, const MlirType *res, intptr_t nattrs,
                                  const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(ind_str(name), b->loc);
  mlirOperationStateAddOperands(&st, nops, ops);
  mlirOperationStateAddResults(&st, nres, res);
  mlirOperationStateAddAttributes(&st, nattrs, attrs);
  return cg_put(b, &st);
}

/* cg_op of one result, which it returns. */
static inline MlirValue cg_op1(const CgBuilder *b, const char *name, intptr_t nops, const MlirValue *ops, MlirType res,
                               intptr_t nattrs, const MlirNamedAttribute *attrs) {
  return mlirOperationGetResult(cg_op(b, name, nops, ops, 1, &res, nattrs, attrs), 0);
}

/* cg_op without results. */
static inline MlirOperation cg_op0(const CgBuilder *b, const char *name, intptr_t nops, const MlirValue *ops,
                                   intptr_t nattrs, const MlirNamedAttribute *attrs) {
  return cg_op(b, name, nops, ops, 0, NULL, nattrs, attrs);
}

/* A one-operand op of result type t without attributes (casts, unary math). */
static inline MlirValue cg_cast(const CgBuilder *b, const char *name, MlirValue v, MlirType t) {
  return cg_op1(b, name, 1, &v, t, 0, NULL);
}

/* ------------------------------------------------------------------------------------------------
 * Constants. */

/* arith.constant of `value` (its type is the result's). */
static inline MlirValue cg_const(const CgBuilder *b, MlirAttribute value) {
  MlirNamedAttribute a = cg_named(b, "value", value);
  return cg_op1(b, "arith.constant", 0, NULL, mlirAttributeGetType(value), 1, &a);
}

static inline MlirValue cg_const_int(const CgBuilder *b, MlirType t, int64_t v) {
  return cg_const(b, mlirIntegerAttrGet(t, v));
}

static inline MlirValue cg_const_index(const CgBuilder *b, int64_t v) {
  return cg_const_int(b, mlirIndexTypeGet(b->ctx), v);
}

static inline MlirValue cg_const_i32(const CgBuilder *b, int64_t v) {
  return cg_const_int(b, mlirIntegerTypeGet(b->ctx, 32), v);
}

static inline MlirValue cg_const_float(const CgBuilder *b, MlirType t, double v) {
  return cg_const(b, mlirFloatAttrDoubleGet(b->ctx, t, v));
}

static inline MlirValue cg_const_f32(const CgBuilder *b, double v) {
  return cg_const_float(b, mlirF32TypeGet(b->ctx), v);
}

/* ------------------------------------------------------------------------------------------------
 * Arithmetic. */

/* arith.cmpi / arith.cmpf predicates (the values of arith's enums). */
enum { CG_CMPI_EQ = 0, CG_CMPI_NE = 1, CG_CMPI_SLT = 2, CG_CMPI_SGE = 5, CG_CMPI_ULT = 6 };
enum { CG_CMPF_OEQ = 1, CG_CMPF_OGT = 2, CG_CMPF_OGE = 3, CG_CMPF_OLT = 4, CG_CMPF_UNE = 13, CG_CMPF_UNO = 14 };

/* A binary op `name` whose result has x's type (arith.addi, arith.mulf, ...). */
static inline MlirValue cg_bin(const CgBuilder *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue ops[2] = {x, y};
  return cg_op1(b, name, 2, ops, mlirValueGetType(x), 0, NULL);
}

/* `name` (arith.cmpi, arith.cmpf) of x and y with predicate `pred`: an i1. */
static inline MlirValue cg_cmp(const CgBuilder *b, const char *name, int64_t pred, MlirValue x, MlirValue y) {
  MlirValue ops[2] = {x, y};
  MlirNamedAttribute a = cg_named(b, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), pred));
  return cg_op1(b, name, 2, ops, mlirIntegerTypeGet(b->ctx, 1), 1, &a);
}

static inline MlirValue cg_cmpi(const CgBuilder *b, int64_t pred, MlirValue x, MlirValue y) {
  return cg_cmp(b, "arith.cmpi", pred, x, y);
}

static inline MlirValue cg_cmpf(const CgBuilder *b, int64_t pred, MlirValue x, MlirValue y) {
  return cg_cmp(b, "arith.cmpf", pred, x, y);
}

/* arith.select: c ? x : y. */
static inline MlirValue cg_select(const CgBuilder *b, MlirValue c, MlirValue x, MlirValue y) {
  MlirValue ops[3] = {c, x, y};
  return cg_op1(b, "arith.select", 3, ops, mlirValueGetType(x), 0, NULL);
}

/* Converts v to type `to` with arith casts: float <-> float (f16 <-> bf16 through f32), integer <-> float,
 * integer <-> integer, index <-> integer or float (through i64). Booleans (i1) are read as 0/1 and written
 * as (v != 0); float -> integer saturates (cg_fptosi_sat). Null for any other pair of types (none is
 * built). */
MlirValue cg_convert(const CgBuilder *b, MlirValue v, MlirType to);

/* The saturating conversion of the float v to the integer type `to` (width > 1): ind's float -> integer
 * (fptosi_sat.h). A float narrower than f32 is widened first. */
MlirValue cg_fptosi_sat(const CgBuilder *b, MlirValue v, MlirType to);

/* ------------------------------------------------------------------------------------------------
 * Regions and structured control flow. */

/* The first block of region `region` of op (a loop's body, an scf.if's then (0) or else (1) block). */
static inline MlirBlock cg_block(MlirOperation op, intptr_t region) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(op, region));
}

/* A region of one block with n arguments of `types` (located at the cursor's location). */
MlirRegion cg_region(const CgBuilder *b, intptr_t n, const MlirType *types);

/* `scf.for lb to ub step step` with iter_args `inits` (n <= CG_MAX_ITER_ARGS) at the cursor; its body block
 * (cg_block(loop, 0): the iv, then one argument per init) is empty. */
MlirOperation cg_for(const CgBuilder *b, MlirValue lb, MlirValue ub, MlirValue step, intptr_t n,
                     const MlirValue *inits);

/* `scf.if cond` with results `types` at the cursor: an empty then block, and an empty else block when
 * with_else (else an empty else region). */
MlirOperation cg_if(const CgBuilder *b, MlirValue cond, intptr_t nres, const MlirType *types, bool with_else);

/* scf.yield of vals at the cursor. */
static inline void cg_yield(const CgBuilder *b, intptr_t n, const MlirValue *vals) {
  cg_op0(b, "scf.yield", n, vals, 0, NULL);
}

/* cg_for, then the cursor (saved in *saved) moves to the end of the loop's body (its arguments:
 * mlirBlockGetArgument(b->block, i)); cg_close ends it. */
static inline MlirOperation cg_open_for(CgBuilder *b, CgBuilder *saved, MlirValue lb, MlirValue ub, MlirValue step,
                                        intptr_t n, const MlirValue *inits) {
  MlirOperation loop = cg_for(b, lb, ub, step, n, inits);
  *saved = *b;
  *b = cg_at_end(b, cg_block(loop, 0));
  return loop;
}

/* A result-less `scf.if cond` without else, the cursor (saved in *saved) moved into its then block;
 * cg_close ends it. */
static inline MlirOperation cg_open_if(CgBuilder *b, CgBuilder *saved, MlirValue cond) {
  MlirOperation op = cg_if(b, cond, 0, NULL, false);
  *saved = *b;
  *b = cg_at_end(b, cg_block(op, 0));
  return op;
}

/* Ends the block the cursor is in with scf.yield of vals, and restores the cursor to *saved. */
static inline void cg_close(CgBuilder *b, const CgBuilder *saved, intptr_t n, const MlirValue *vals) {
  cg_yield(b, n, vals);
  *b = *saved;
}

/* ------------------------------------------------------------------------------------------------
 * The value map: a kernel body value -> the value(s) it became (CPU: one; GPU: one per lane a thread
 * handles, gpu_gen.h). Bodies are small: a linear search from the newest entry, so a value mapped again
 * reads its newest mapping. Scopes: cg_scope_enter marks the map, cg_scope_leave drops what was added
 * since (a loop body's values do not outlive it). Zero-initialized is empty. */

/* The most values one key maps to (the GPU's lanes per thread, gpu_gen.h MAX_LANES). */
#define CG_MAX_VALUES 64

typedef struct CgValues {
  int n; /* values in v */
  MlirValue v[CG_MAX_VALUES];
} CgValues;

typedef struct CgValueEntry {
  MlirValue key;
  CgValues vals;
} CgValueEntry;

typedef struct CgValueMap {
  CgValueEntry *e;
  int n, cap;
} CgValueMap;

void cg_map_put(CgValueMap *m, MlirValue key, const CgValues *vals);
/* The newest mapping of key among the entries added since `mark` (0: all), or null. The pointer is valid
 * until the next cg_map_put. */
const CgValues *cg_map_find(const CgValueMap *m, MlirValue key, int mark);
void cg_map_free(CgValueMap *m);

/* Maps key to the one value v. */
static inline void cg_map_put1(CgValueMap *m, MlirValue key, MlirValue v) {
  CgValues one;
  one.n = 1;
  one.v[0] = v;
  cg_map_put(m, key, &one);
}

/* The first value key maps to (its only one, from cg_map_put1) into *out; false when unmapped. */
static inline bool cg_map_get1(const CgValueMap *m, MlirValue key, MlirValue *out) {
  const CgValues *vals = cg_map_find(m, key, 0);
  if (vals)
    *out = vals->v[0];
  return vals != NULL;
}

static inline int cg_scope_enter(const CgValueMap *m) { return m->n; }
static inline void cg_scope_leave(CgValueMap *m, int mark) { m->n = mark; }

/* ------------------------------------------------------------------------------------------------
 * Failure. */

/* Reports "<pass>: <message>" at op's location (MLIR's diagnostic engine); returns false. */
bool cg_fail(MlirOperation op, const char *pass, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#ifdef __cplusplus
}
#endif

#endif
