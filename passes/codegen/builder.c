/* builder.c - the code generators' IR-builder kit: the parts of builder.h that are not inline (the type
 * conversion, scf.for / scf.if, regions, the value map, failure). */
#include "passes/codegen/builder.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* ------------------------------------------------------------------------------------------------
 * Conversions. */

MlirValue cg_fptosi_sat(const CgBuilder *b, MlirValue v, MlirType to) {
  MlirType from = mlirValueGetType(v);
  if (mlirFloatTypeGetWidth(from) < 32) { /* 2^31 is no f16 (max 65504): widen, exactly */
    from = mlirF32TypeGet(b->ctx);
    v = cg_cast(b, "arith.extf", v, from);
  }
  unsigned bits = mlirIntegerTypeGetWidth(to);
  /* -2^(bits-1) and 2^(bits-1) are exact in every float type of 32 bits or more */
  MlirValue lo = cg_const_float(b, from, -ldexp(1.0, (int)bits - 1));
  MlirValue hi = cg_const_float(b, from, ldexp(1.0, (int)bits - 1));
  MlirValue r = cg_cast(b, "arith.fptosi", v, to); /* poison out of range: never selected there */
  uint64_t max = bits >= 64 ? UINT64_MAX >> 1 : (UINT64_C(1) << (bits - 1)) - 1;
  r = cg_select(b, cg_cmpf(b, CG_CMPF_OGE, v, hi), cg_const_int(b, to, (int64_t)max), r);
  r = cg_select(b, cg_cmpf(b, CG_CMPF_OLT, v, lo), cg_const_int(b, to, -(int64_t)max - 1), r);
  return cg_select(b, cg_cmpf(b, CG_CMPF_UNO, v, v), cg_const_int(b, to, 0), r);
}

static bool is_number(MlirType t) { return mlirTypeIsAFloat(t) || mlirTypeIsAInteger(t) || mlirTypeIsAIndex(t); }

/* Index to or from a number: index_cast to an integer, through i64 to or from a float. */
static MlirValue convert_index(const CgBuilder *b, MlirValue v, MlirType to) {
  MlirType from = mlirValueGetType(v), i64 = mlirIntegerTypeGet(b->ctx, 64);
  if (mlirTypeIsAIndex(from) && mlirTypeIsAFloat(to))
    return cg_cast(b, "arith.sitofp", cg_convert(b, v, i64), to);
  if (mlirTypeIsAIndex(to) && mlirTypeIsAFloat(from))
    return cg_convert(b, cg_convert(b, v, i64), to);
  return cg_cast(b, "arith.index_cast", v, to);
}

MlirValue cg_convert(const CgBuilder *b, MlirValue v, MlirType to) {
  MlirType from = mlirValueGetType(v);
  if (mlirTypeEqual(from, to))
    return v;
  if (!is_number(from) || !is_number(to))
    return (MlirValue){NULL};
  if (mlirTypeIsAIndex(from) || mlirTypeIsAIndex(to))
    return convert_index(b, v, to);
  bool ff = mlirTypeIsAFloat(from), tf = mlirTypeIsAFloat(to);
  if (ff && tf) {
    unsigned wf = mlirFloatTypeGetWidth(from), wt = mlirFloatTypeGetWidth(to);
    if (wf == wt) /* f16 <-> bf16: through f32 */
      return cg_convert(b, cg_convert(b, v, mlirF32TypeGet(b->ctx)), to);
    return cg_cast(b, wf < wt ? "arith.extf" : "arith.truncf", v, to);
  }
  if (tf) /* from an integer; an i1 is 0 or 1 */
    return cg_cast(b, mlirIntegerTypeGetWidth(from) == 1 ? "arith.uitofp" : "arith.sitofp", v, to);
  if (ff && mlirIntegerTypeGetWidth(to) == 1) {
    MlirValue zero = cg_const_float(b, from, 0.0);
    return cg_cmpf(b, CG_CMPF_UNE, v, zero);
  }
  if (ff)
    return cg_fptosi_sat(b, v, to);
  unsigned wf = mlirIntegerTypeGetWidth(from), wt = mlirIntegerTypeGetWidth(to);
  if (wt == 1) {
    MlirValue zero = cg_const_int(b, from, 0);
    return cg_cmpi(b, CG_CMPI_NE, v, zero);
  }
  return cg_cast(b, wf < wt ? (wf == 1 ? "arith.extui" : "arith.extsi") : "arith.trunci", v, to);
}

/* ------------------------------------------------------------------------------------------------
 * Regions and structured control flow. */

MlirRegion cg_region(const CgBuilder *b, intptr_t n, const MlirType *types) {
  enum { SMALL = CG_MAX_VALUES + 2 };
  MlirLocation small[SMALL], *locs = n > SMALL ? (MlirLocation *)malloc(sizeof(MlirLocation) * (size_t)n) : small;
  if (!locs)
    abort();
  for (intptr_t i = 0; i < n; ++i)
    locs[i] = b->loc;
  MlirRegion r = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(r, mlirBlockCreate(n, types, locs));
  if (locs != small)
    free(locs);
  return r;
}

MlirOperation cg_for(const CgBuilder *b, MlirValue lb, MlirValue ub, MlirValue step, intptr_t n,
                     const MlirValue *inits) {
  MlirType types[CG_MAX_ITER_ARGS + 1];
  MlirValue operands[CG_MAX_ITER_ARGS + 3] = {lb, ub, step};
  types[0] = mlirIndexTypeGet(b->ctx);
  for (intptr_t i = 0; i < n; ++i) {
    types[i + 1] = mlirValueGetType(inits[i]);
    operands[3 + i] = inits[i];
  }
  MlirRegion body = cg_region(b, n + 1, types);
  MlirOperationState st = mlirOperationStateGet(ind_str("scf.for"), b->loc);
  mlirOperationStateAddOperands(&st, 3 + n, operands);
  mlirOperationStateAddResults(&st, n, types + 1);
  mlirOperationStateAddOwnedRegions(&st, 1, &body);
  return cg_put(b, &st);
}

MlirOperation cg_if(const CgBuilder *b, MlirValue cond, intptr_t nres, const MlirType *types, bool with_else) {
  MlirRegion r[2] = {cg_region(b, 0, NULL), mlirRegionCreate()};
  if (with_else)
    mlirRegionAppendOwnedBlock(r[1], mlirBlockCreate(0, NULL, NULL));
  MlirOperationState st = mlirOperationStateGet(ind_str("scf.if"), b->loc);
  mlirOperationStateAddOperands(&st, 1, &cond);
  mlirOperationStateAddResults(&st, nres, types);
  mlirOperationStateAddOwnedRegions(&st, 2, r);
  return cg_put(b, &st);
}

/* ------------------------------------------------------------------------------------------------
 * The value map. */

void cg_map_put(CgValueMap *m, MlirValue key, const CgValues *vals) {
  if (m->n == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 64;
    CgValueEntry *p = realloc(m->e, (size_t)m->cap * sizeof *p);
    if (!p)
      abort();
    m->e = p;
  }
  m->e[m->n].key = key;
  m->e[m->n].vals = *vals;
  m->n++;
}

const CgValues *cg_map_find(const CgValueMap *m, MlirValue key, int mark) {
  for (int i = m->n - 1; i >= mark; --i)
    if (mlirValueEqual(m->e[i].key, key))
      return &m->e[i].vals;
  return NULL;
}

void cg_map_free(CgValueMap *m) {
  free(m->e);
  m->e = NULL;
  m->n = m->cap = 0;
}

/* ------------------------------------------------------------------------------------------------
 * Failure. */

bool cg_fail(MlirOperation op, const char *pass, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  ind_emit_error(op, "%s: %s", pass, msg);
  return false;
}
