/* fptosi_sat.c - the saturating float -> integer conversion of both kernel lowerings (fptosi_sat.h). */
#include "passes/codegen/fptosi_sat.h"

#include "dialects/ind/ind.h"

#include <math.h>
#include <stdint.h>

typedef struct SatBuilder {
  MlirContext ctx;
  MlirLocation loc;
  CodegenInsertFn insert;
  void *user;
} SatBuilder;

static MlirValue build(SatBuilder *s, const char *name, intptr_t nops, const MlirValue *ops, MlirType res,
                       intptr_t nattrs, const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(ind_str(name), s->loc);
  mlirOperationStateAddOperands(&st, nops, ops);
  mlirOperationStateAddResults(&st, 1, &res);
  mlirOperationStateAddAttributes(&st, nattrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  s->insert(s->user, op);
  return mlirOperationGetResult(op, 0);
}

static MlirValue constant(SatBuilder *s, MlirAttribute value) {
  MlirNamedAttribute a = mlirNamedAttributeGet(mlirIdentifierGet(s->ctx, ind_str("value")), value);
  return build(s, "arith.constant", 0, NULL, mlirAttributeGetType(value), 1, &a);
}

/* arith.cmpf with predicate p (1 = oeq, 3 = oge, 4 = olt, 14 = uno) of a and b. */
static MlirValue cmpf(SatBuilder *s, int64_t p, MlirValue a, MlirValue b) {
  MlirValue ops[2] = {a, b};
  MlirNamedAttribute at = mlirNamedAttributeGet(mlirIdentifierGet(s->ctx, ind_str("predicate")),
                                                mlirIntegerAttrGet(mlirIntegerTypeGet(s->ctx, 64), p));
  return build(s, "arith.cmpf", 2, ops, mlirIntegerTypeGet(s->ctx, 1), 1, &at);
}
enum { CMPF_OGE = 3, CMPF_OLT = 4, CMPF_UNO = 14 };

static MlirValue select_(SatBuilder *s, MlirValue c, MlirValue a, MlirValue b) {
  MlirValue ops[3] = {c, a, b};
  return build(s, "arith.select", 3, ops, mlirValueGetType(a), 0, NULL);
}

MlirValue codegen_fptosi_sat(MlirContext ctx, MlirLocation loc, MlirValue v, MlirType to, CodegenInsertFn insert,
                             void *user) {
  SatBuilder s = {ctx, loc, insert, user};
  MlirType from = mlirValueGetType(v);
  if (mlirFloatTypeGetWidth(from) < 32) { /* 2^31 is no f16 (max 65504): widen, exactly */
    from = mlirF32TypeGet(ctx);
    v = build(&s, "arith.extf", 1, &v, from, 0, NULL);
  }
  unsigned bits = mlirIntegerTypeGetWidth(to);
  /* -2^(bits-1) and 2^(bits-1) are exact in every float type of 32 bits or more */
  MlirValue lo = constant(&s, mlirFloatAttrDoubleGet(ctx, from, -ldexp(1.0, (int)bits - 1)));
  MlirValue hi = constant(&s, mlirFloatAttrDoubleGet(ctx, from, ldexp(1.0, (int)bits - 1)));
  MlirValue r = build(&s, "arith.fptosi", 1, &v, to, 0, NULL); /* poison out of range: never selected there */
  uint64_t max = bits >= 64 ? UINT64_MAX >> 1 : (UINT64_C(1) << (bits - 1)) - 1;
  r = select_(&s, cmpf(&s, CMPF_OGE, v, hi), constant(&s, mlirIntegerAttrGet(to, (int64_t)max)), r);
  r = select_(&s, cmpf(&s, CMPF_OLT, v, lo), constant(&s, mlirIntegerAttrGet(to, -(int64_t)max - 1)), r);
  return select_(&s, cmpf(&s, CMPF_UNO, v, v), constant(&s, mlirIntegerAttrGet(to, 0)), r);
}

bool codegen_is_unclamped_fptosi(MlirOperation op) {
  if (ind_op_id(op) != IND_OP_ARITH_FPTOSI || mlirOperationGetNumResults(op) != 1)
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) > 1 &&
         mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ind_str(CODEGEN_FPTOSI_IN_RANGE)));
}
