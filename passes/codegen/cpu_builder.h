/* cpu_builder.h - the op builders shared by convert-kernel-to-cpu (kernel_to_cpu.c: kernel bodies) and
 * its host-wrapper half (kernel_to_cpu_wrapper.c). Private to passes/codegen. */
#ifndef IND_PASSES_CODEGEN_CPU_BUILDER_H
#define IND_PASSES_CODEGEN_CPU_BUILDER_H

#include "lib/ir.h"
#include "passes/codegen/fptosi_sat.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most iter_args an scf.for built here carries (build_for). */
#define CPU_MAX_ITER_ARGS 200

/* ------------------------------------------------------------------------------------------------
 * Building ops: a cursor (append to `block`, or insert before `before` when it is not null). */

typedef struct Builder {
  MlirContext ctx;
  MlirLocation loc;
  MlirBlock block;
  MlirOperation before;
} Builder;

static inline void insert(Builder *b, MlirOperation op) {
  if (mlirOperationIsNull(b->before))
    mlirBlockAppendOwnedOperation(b->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(b->block, b->before, op);
}

/* insert() as a CodegenInsertFn (user: the Builder). */
static inline void builder_insert(void *user, MlirOperation op) { insert((Builder *)user, op); }

static inline MlirNamedAttribute named(MlirContext ctx, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str(name)), a);
}

/* Creates and inserts `name` with the given operands, result types and attributes. */
static inline MlirOperation build(Builder *b, const char *name, intptr_t nops, const MlirValue *ops, intptr_t nres,
                                  const MlirType *res, intptr_t nattrs, const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(ind_str(name), b->loc);
  mlirOperationStateAddOperands(&st, nops, ops);
  mlirOperationStateAddResults(&st, nres, res);
  mlirOperationStateAddAttributes(&st, nattrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  insert(b, op);
  return op;
}

static inline MlirValue build1(Builder *b, const char *name, intptr_t nops, const MlirValue *ops, MlirType res,
                               intptr_t nattrs, const MlirNamedAttribute *attrs) {
  return mlirOperationGetResult(build(b, name, nops, ops, 1, &res, nattrs, attrs), 0);
}

static inline MlirType index_type(Builder *b) { return mlirIndexTypeGet(b->ctx); }

static inline MlirValue const_index(Builder *b, int64_t v) {
  MlirNamedAttribute a = named(b->ctx, "value", mlirIntegerAttrGet(index_type(b), v));
  return build1(b, "arith.constant", 0, NULL, index_type(b), 1, &a);
}

static inline MlirValue const_float(Builder *b, MlirType t, double v) {
  MlirNamedAttribute a = named(b->ctx, "value", mlirFloatAttrDoubleGet(b->ctx, t, v));
  return build1(b, "arith.constant", 0, NULL, t, 1, &a);
}

/* An `scf.for lb to ub step 1` with iter_args `inits`; its body block is empty (the caller appends
 * the body and the scf.yield). */
static inline MlirOperation build_for(Builder *b, MlirValue lb, MlirValue ub, MlirValue step, intptr_t ninit,
                                      const MlirValue *inits) {
  MlirType types[CPU_MAX_ITER_ARGS + 1];
  MlirLocation locs[CPU_MAX_ITER_ARGS + 1];
  types[0] = index_type(b);
  locs[0] = b->loc;
  for (intptr_t i = 0; i < ninit; ++i) {
    types[i + 1] = mlirValueGetType(inits[i]);
    locs[i + 1] = b->loc;
  }
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, mlirBlockCreate(ninit + 1, types, locs));
  MlirValue operands[CPU_MAX_ITER_ARGS + 3] = {lb, ub, step};
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

static inline MlirBlock for_body(MlirOperation loop) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
}

static inline void build_yield(MlirBlock body, MlirLocation loc, intptr_t n, const MlirValue *vals) {
  MlirOperationState st = mlirOperationStateGet(ind_str("scf.yield"), loc);
  mlirOperationStateAddOperands(&st, n, vals);
  mlirBlockAppendOwnedOperation(body, mlirOperationCreate(&st));
}

/* Converts `v` to type `to` with arith casts (float <-> float, int <-> float, int <-> int, index).
 * Booleans (i1) are read as 0/1 and written as (v != 0). */
static inline MlirValue convert(Builder *b, MlirValue v, MlirType to) {
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
    return codegen_fptosi_sat(b->ctx, b->loc, v, to, builder_insert, b); /* saturating (fptosi_sat.h) */
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

/* --- the host wrapper (kernel_to_cpu_wrapper.c) */

/* True when `func` holds kernel.alloc / kernel.launch / kernel.extern_call ops. */
bool cpu_has_wrapper_ops(MlirOperation func);
/* Rewrites the host wrapper `func` of `module` in place (see kernel_to_cpu_wrapper.c). */
bool cpu_lower_wrapper(MlirOperation module, MlirOperation func);

#ifdef __cplusplus
}
#endif

#endif
