/* ind.c - builders, accessors and the structural verifier of the ind dialect; see ind.h. */
#include "dialects/ind/ind.h"

#include "lib/ir.h"
#include "lib/mm_dims.h"

#include <mlir-c/AffineExpr.h>
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const k_reduction_names[] = {
    "sum", "max", "min", "prod", "welford_mean", "welford_m2", "online_softmax_max", "online_softmax_sum"};

const char *ind_reduction_type_name(IndReductionType t) {
  return t >= IND_REDUCE_SUM && t < IND_REDUCE_INVALID ? k_reduction_names[t] : NULL;
}

IndReductionType ind_reduction_type_parse(MlirStringRef s) {
  for (int t = IND_REDUCE_SUM; t < IND_REDUCE_INVALID; ++t)
    if (ind_sref_eq(s, k_reduction_names[t]))
      return (IndReductionType)t;
  return IND_REDUCE_INVALID;
}

/* --- Op ids. */

static const char *const k_op_names[IND_OP_COUNT] = {
    [IND_OP_UNKNOWN] = "",
    [IND_OP_POINTWISE] = IND_POINTWISE_OP,
    [IND_OP_REDUCTION] = IND_REDUCTION_OP,
    [IND_OP_SCAN] = IND_SCAN_OP,
    [IND_OP_EXTERN] = IND_EXTERN_OP,
    [IND_OP_LOAD] = IND_LOAD_OP,
    [IND_OP_INDEX_EXPR] = IND_INDEX_EXPR_OP,
    [IND_OP_INDIRECT_INDEXING] = IND_INDIRECT_INDEXING_OP,
    [IND_OP_YIELD] = IND_YIELD_OP,
    [IND_OP_ARITH_CONSTANT] = "arith.constant",
    [IND_OP_ARITH_ADDF] = "arith.addf",
    [IND_OP_ARITH_SUBF] = "arith.subf",
    [IND_OP_ARITH_MULF] = "arith.mulf",
    [IND_OP_ARITH_DIVF] = "arith.divf",
    [IND_OP_ARITH_REMF] = "arith.remf",
    [IND_OP_ARITH_NEGF] = "arith.negf",
    [IND_OP_ARITH_MAXIMUMF] = "arith.maximumf",
    [IND_OP_ARITH_MINIMUMF] = "arith.minimumf",
    [IND_OP_ARITH_MAXNUMF] = "arith.maxnumf",
    [IND_OP_ARITH_MINNUMF] = "arith.minnumf",
    [IND_OP_ARITH_ADDI] = "arith.addi",
    [IND_OP_ARITH_SUBI] = "arith.subi",
    [IND_OP_ARITH_MULI] = "arith.muli",
    [IND_OP_ARITH_MAXSI] = "arith.maxsi",
    [IND_OP_ARITH_MINSI] = "arith.minsi",
    [IND_OP_ARITH_ANDI] = "arith.andi",
    [IND_OP_ARITH_ORI] = "arith.ori",
    [IND_OP_ARITH_XORI] = "arith.xori",
    [IND_OP_ARITH_DIVSI] = "arith.divsi",
    [IND_OP_ARITH_REMSI] = "arith.remsi",
    [IND_OP_ARITH_FLOORDIVSI] = "arith.floordivsi",
    [IND_OP_ARITH_CEILDIVSI] = "arith.ceildivsi",
    [IND_OP_ARITH_CMPF] = "arith.cmpf",
    [IND_OP_ARITH_CMPI] = "arith.cmpi",
    [IND_OP_ARITH_SELECT] = "arith.select",
    [IND_OP_ARITH_EXTF] = "arith.extf",
    [IND_OP_ARITH_TRUNCF] = "arith.truncf",
    [IND_OP_ARITH_SITOFP] = "arith.sitofp",
    [IND_OP_ARITH_UITOFP] = "arith.uitofp",
    [IND_OP_ARITH_FPTOSI] = "arith.fptosi",
    [IND_OP_ARITH_FPTOUI] = "arith.fptoui",
    [IND_OP_ARITH_EXTSI] = "arith.extsi",
    [IND_OP_ARITH_EXTUI] = "arith.extui",
    [IND_OP_ARITH_TRUNCI] = "arith.trunci",
    [IND_OP_ARITH_INDEX_CAST] = "arith.index_cast",
    [IND_OP_ARITH_INDEX_CASTUI] = "arith.index_castui",
    [IND_OP_MATH_EXP] = "math.exp",
    [IND_OP_MATH_EXP2] = "math.exp2",
    [IND_OP_MATH_EXPM1] = "math.expm1",
    [IND_OP_MATH_LOG] = "math.log",
    [IND_OP_MATH_LOG2] = "math.log2",
    [IND_OP_MATH_LOG10] = "math.log10",
    [IND_OP_MATH_LOG1P] = "math.log1p",
    [IND_OP_MATH_SQRT] = "math.sqrt",
    [IND_OP_MATH_RSQRT] = "math.rsqrt",
    [IND_OP_MATH_CBRT] = "math.cbrt",
    [IND_OP_MATH_TANH] = "math.tanh",
    [IND_OP_MATH_ERF] = "math.erf",
    [IND_OP_MATH_ERFC] = "math.erfc",
    [IND_OP_MATH_ABSF] = "math.absf",
    [IND_OP_MATH_ABSI] = "math.absi",
    [IND_OP_MATH_SIN] = "math.sin",
    [IND_OP_MATH_COS] = "math.cos",
    [IND_OP_MATH_TAN] = "math.tan",
    [IND_OP_MATH_ASIN] = "math.asin",
    [IND_OP_MATH_ACOS] = "math.acos",
    [IND_OP_MATH_ATAN] = "math.atan",
    [IND_OP_MATH_SINH] = "math.sinh",
    [IND_OP_MATH_COSH] = "math.cosh",
    [IND_OP_MATH_FLOOR] = "math.floor",
    [IND_OP_MATH_CEIL] = "math.ceil",
    [IND_OP_MATH_ROUND] = "math.round",
    [IND_OP_MATH_ROUNDEVEN] = "math.roundeven",
    [IND_OP_MATH_TRUNC] = "math.trunc",
    [IND_OP_MATH_POWF] = "math.powf",
    [IND_OP_MATH_FPOWI] = "math.fpowi",
    [IND_OP_MATH_IPOWI] = "math.ipowi",
    [IND_OP_MATH_ATAN2] = "math.atan2",
    [IND_OP_MATH_COPYSIGN] = "math.copysign",
    [IND_OP_MATH_FMA] = "math.fma",
};

/* The rows of each dialect prefix, so that an op is compared with its own dialect's names only. */
static const struct {
  const char *prefix;
  IndOpId first, last;
} k_op_prefixes[] = {
    {"ind.", IND_OP_POINTWISE, IND_OP_INDIRECT_INDEXING},
    {"gpu.", IND_OP_YIELD, IND_OP_YIELD},
    {"arith.", IND_OP_ARITH_CONSTANT, IND_OP_ARITH_INDEX_CASTUI},
    {"math.", IND_OP_MATH_EXP, IND_OP_MATH_FMA},
};

IndOpId ind_op_id(MlirOperation op) {
  if (mlirOperationIsNull(op))
    return IND_OP_UNKNOWN;
  MlirStringRef name = ind_op_name(op);
  for (size_t p = 0; p < sizeof k_op_prefixes / sizeof k_op_prefixes[0]; ++p) {
    if (!ind_sref_starts_with(name, k_op_prefixes[p].prefix))
      continue;
    for (int i = k_op_prefixes[p].first; i <= (int)k_op_prefixes[p].last; ++i)
      if (ind_sref_eq(name, k_op_names[i]))
        return (IndOpId)i;
    return IND_OP_UNKNOWN;
  }
  return IND_OP_UNKNOWN;
}

const char *ind_op_id_name(IndOpId id) { return id > IND_OP_UNKNOWN && id < IND_OP_COUNT ? k_op_names[id] : ""; }

/* --- Predicates. */

bool ind_is_pointwise(MlirOperation op) { return ind_op_is(op, IND_POINTWISE_OP); }
bool ind_is_reduction(MlirOperation op) { return ind_op_is(op, IND_REDUCTION_OP); }
bool ind_is_scan(MlirOperation op) { return ind_op_is(op, IND_SCAN_OP); }
bool ind_is_extern(MlirOperation op) { return ind_op_is(op, IND_EXTERN_OP); }
bool ind_is_load(MlirOperation op) { return ind_op_is(op, IND_LOAD_OP); }
bool ind_is_indirect_indexing(MlirOperation op) { return ind_op_is(op, IND_INDIRECT_INDEXING_OP); }
bool ind_is_index_expr(MlirOperation op) { return ind_op_is(op, IND_INDEX_EXPR_OP); }
bool ind_is_yield(MlirOperation op) { return ind_op_is(op, IND_YIELD_OP); }
bool ind_is_computed_buffer(MlirOperation op) {
  return ind_is_pointwise(op) || ind_is_reduction(op) || ind_is_scan(op);
}
bool ind_is_buffer_op(MlirOperation op) { return ind_is_computed_buffer(op) || ind_is_extern(op); }

/* --- Builders. */

static MlirNamedAttribute named(MlirContext ctx, const char *key, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str(key)), a);
}

/* A region with one empty block when `body` is null; `body` otherwise. */
static MlirRegion body_or_fresh(MlirRegion body) {
  if (!mlirRegionIsNull(body))
    return body;
  MlirRegion r = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(r, mlirBlockCreate(0, NULL, NULL));
  return r;
}

MlirOperation ind_pointwise_create(MlirLocation loc, const char *name, const int64_t *ranges, intptr_t n,
                                   MlirType result, MlirRegion body) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(ind_str(IND_POINTWISE_OP), loc);
  MlirNamedAttribute attrs[] = {named(ctx, IND_ATTR_NAME, ind_str_attr(ctx, name)),
                                named(ctx, IND_ATTR_RANGES, ind_i64_array_attr(ctx, ranges, n))};
  mlirOperationStateAddAttributes(&st, 2, attrs);
  mlirOperationStateAddResults(&st, 1, &result);
  MlirRegion r = body_or_fresh(body);
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  return mlirOperationCreate(&st);
}

/* An op of ind.reduction's form: name, ranges, a second range attribute and a type attribute, one result,
 * the body region (ind.reduction, ind.scan). */
static MlirOperation reduction_like_create(MlirLocation loc, const char *op, const char *name, const int64_t *ranges,
                                           intptr_t n, const char *rattr, const int64_t *rranges, intptr_t m,
                                           const char *tattr, const char *tname, MlirType result, MlirRegion body) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(ind_str(op), loc);
  MlirNamedAttribute attrs[] = {
      named(ctx, IND_ATTR_NAME, ind_str_attr(ctx, name)),
      named(ctx, IND_ATTR_RANGES, ind_i64_array_attr(ctx, ranges, n)),
      named(ctx, rattr, ind_i64_array_attr(ctx, rranges, m)),
      named(ctx, tattr, ind_str_attr(ctx, tname ? tname : "?")),
  };
  mlirOperationStateAddAttributes(&st, 4, attrs);
  mlirOperationStateAddResults(&st, 1, &result);
  MlirRegion r = body_or_fresh(body);
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  return mlirOperationCreate(&st);
}

MlirOperation ind_reduction_create(MlirLocation loc, const char *name, const int64_t *ranges, intptr_t n,
                                   const int64_t *reduction_ranges, intptr_t m, IndReductionType type, MlirType result,
                                   MlirRegion body) {
  return reduction_like_create(loc, IND_REDUCTION_OP, name, ranges, n, IND_ATTR_REDUCTION_RANGES, reduction_ranges, m,
                               IND_ATTR_REDUCTION_TYPE, ind_reduction_type_name(type), result, body);
}

MlirOperation ind_scan_create(MlirLocation loc, const char *name, const int64_t *ranges, intptr_t n,
                              const int64_t *scan_ranges, intptr_t m, IndReductionType type, MlirType result,
                              MlirRegion body) {
  return reduction_like_create(loc, IND_SCAN_OP, name, ranges, n, IND_ATTR_SCAN_RANGES, scan_ranges, m,
                               IND_ATTR_SCAN_TYPE, ind_scan_type_supported(type) ? ind_reduction_type_name(type) : NULL,
                               result, body);
}

MlirOperation ind_extern_create(MlirLocation loc, const char *name, const char *kernel, const MlirValue *inputs,
                                intptr_t ninputs, const bool *transpose, MlirType result) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(ind_str(IND_EXTERN_OP), loc);
  bool any = false;
  intptr_t nflags = ninputs < 2 ? ninputs : 2; /* A and B; a bias has none */
  for (intptr_t i = 0; transpose && i < nflags; ++i)
    any |= transpose[i];
  MlirNamedAttribute attrs[] = {
      named(ctx, IND_ATTR_NAME, ind_str_attr(ctx, name)), named(ctx, IND_ATTR_KERNEL, ind_str_attr(ctx, kernel)),
      named(ctx, IND_ATTR_TRANSPOSE, any ? ind_bool_array_attr(ctx, transpose, nflags) : mlirAttributeGetNull())};
  mlirOperationStateAddAttributes(&st, any ? 3 : 2, attrs);
  mlirOperationStateAddOperands(&st, ninputs, inputs);
  mlirOperationStateAddResults(&st, 1, &result);
  return mlirOperationCreate(&st);
}

MlirOperation ind_load_indirect_create(MlirLocation loc, MlirValue buffer, MlirAffineMap index, MlirValue offset,
                                       MlirType result) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(ind_str(IND_LOAD_OP), loc);
  MlirNamedAttribute attr = named(ctx, IND_ATTR_INDEX, mlirAffineMapAttrGet(index));
  MlirValue ops[2] = {buffer, offset};
  mlirOperationStateAddAttributes(&st, 1, &attr);
  mlirOperationStateAddOperands(&st, mlirValueIsNull(offset) ? 1 : 2, ops);
  mlirOperationStateAddResults(&st, 1, &result);
  return mlirOperationCreate(&st);
}

MlirOperation ind_load_create(MlirLocation loc, MlirValue buffer, MlirAffineMap index, MlirType result) {
  return ind_load_indirect_create(loc, buffer, index, (MlirValue){NULL}, result);
}

MlirOperation ind_indirect_indexing_create(MlirLocation loc, MlirValue value, int64_t size) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(ind_str(IND_INDIRECT_INDEXING_OP), loc);
  MlirNamedAttribute attr = named(ctx, IND_ATTR_SIZE, mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), size));
  MlirType it = mlirIndexTypeGet(ctx);
  mlirOperationStateAddAttributes(&st, 1, &attr);
  mlirOperationStateAddOperands(&st, 1, &value);
  mlirOperationStateAddResults(&st, 1, &it);
  return mlirOperationCreate(&st);
}

MlirOperation ind_index_expr_create(MlirLocation loc, MlirAffineMap index, MlirType result) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(ind_str(IND_INDEX_EXPR_OP), loc);
  MlirNamedAttribute attr = named(ctx, IND_ATTR_INDEX, mlirAffineMapAttrGet(index));
  mlirOperationStateAddAttributes(&st, 1, &attr);
  mlirOperationStateAddResults(&st, 1, &result);
  return mlirOperationCreate(&st);
}

MlirOperation ind_yield_create(MlirLocation loc, MlirValue value) {
  MlirOperationState st = mlirOperationStateGet(ind_str(IND_YIELD_OP), loc);
  mlirOperationStateAddOperands(&st, 1, &value);
  return mlirOperationCreate(&st);
}

void ind_set_origins(MlirOperation op, const char *const *names, intptr_t n) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirAttribute stack[64];
  MlirAttribute *elems = n <= 64 ? stack : malloc(sizeof(MlirAttribute) * (size_t)n);
  for (intptr_t i = 0; i < n; ++i)
    elems[i] = ind_str_attr(ctx, names[i]);
  ind_set_attr(op, IND_ATTR_ORIGINS, mlirArrayAttrGet(ctx, n, elems));
  if (elems != stack)
    free(elems);
}

/* --- Accessors. */

static MlirStringRef empty_ref(void) { return mlirStringRefCreate("", 0); }

MlirStringRef ind_buffer_name(MlirOperation op) {
  MlirStringRef s;
  return ind_attr_str(op, IND_ATTR_NAME, &s) ? s : empty_ref();
}

static intptr_t i64_array(MlirOperation op, const char *key, int64_t *out, intptr_t max) {
  intptr_t n = 0;
  return ind_attr_i64_array(op, key, out, max, &n) ? n : -1;
}

intptr_t ind_ranges(MlirOperation op, int64_t *out, intptr_t max) { return i64_array(op, IND_ATTR_RANGES, out, max); }

intptr_t ind_reduction_ranges(MlirOperation op, int64_t *out, intptr_t max) {
  if (ind_is_pointwise(op))
    return 0;
  return i64_array(op, ind_is_scan(op) ? IND_ATTR_SCAN_RANGES : IND_ATTR_REDUCTION_RANGES, out, max);
}

bool ind_scan_type_supported(IndReductionType t) {
  return t == IND_REDUCE_SUM || t == IND_REDUCE_MAX || t == IND_REDUCE_MIN || t == IND_REDUCE_PROD;
}

IndReductionType ind_scan_type(MlirOperation op) {
  MlirStringRef s;
  if (!ind_is_scan(op) || !ind_attr_str(op, IND_ATTR_SCAN_TYPE, &s))
    return IND_REDUCE_INVALID;
  IndReductionType t = ind_reduction_type_parse(s);
  return ind_scan_type_supported(t) ? t : IND_REDUCE_INVALID;
}

IndReductionType ind_reduction_type(MlirOperation op) {
  MlirStringRef s;
  return ind_attr_str(op, IND_ATTR_REDUCTION_TYPE, &s) ? ind_reduction_type_parse(s) : IND_REDUCE_INVALID;
}

MlirRegion ind_computed_buffer_body(MlirOperation op) {
  if (!ind_is_computed_buffer(op) || mlirOperationGetNumRegions(op) != 1)
    return (MlirRegion){NULL};
  return mlirOperationGetRegion(op, 0);
}

MlirBlock ind_computed_buffer_body_block(MlirOperation op) {
  MlirRegion r = ind_computed_buffer_body(op);
  if (mlirRegionIsNull(r))
    return (MlirBlock){NULL};
  return mlirRegionGetFirstBlock(r);
}

/* The last op of a block (null when empty). */
static MlirOperation last_op(MlirBlock b) {
  MlirOperation last = {NULL};
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    last = o;
  return last;
}

MlirValue ind_computed_buffer_yielded(MlirOperation op) {
  MlirBlock b = ind_computed_buffer_body_block(op);
  if (mlirBlockIsNull(b))
    return (MlirValue){NULL};
  MlirOperation t = last_op(b);
  if (mlirOperationIsNull(t) || !ind_is_yield(t) || mlirOperationGetNumOperands(t) != 1)
    return (MlirValue){NULL};
  return mlirOperationGetOperand(t, 0);
}

intptr_t ind_origins_count(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str(IND_ATTR_ORIGINS));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a))
    return 0;
  return mlirArrayAttrGetNumElements(a);
}

MlirStringRef ind_origin_at(MlirOperation op, intptr_t i) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str(IND_ATTR_ORIGINS));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a) || i < 0 || i >= mlirArrayAttrGetNumElements(a))
    return empty_ref();
  MlirAttribute e = mlirArrayAttrGetElement(a, i);
  return mlirAttributeIsAString(e) ? mlirStringAttrGetValue(e) : empty_ref();
}

MlirStringRef ind_extern_kernel(MlirOperation op) {
  MlirStringRef s;
  return ind_attr_str(op, IND_ATTR_KERNEL, &s) ? s : empty_ref();
}

bool ind_extern_transpose(MlirOperation op, bool out[2]) { return ind_attr_bool_pair(op, IND_ATTR_TRANSPOSE, out); }

MlirValue ind_load_buffer(MlirOperation op) {
  intptr_t n = ind_is_load(op) ? mlirOperationGetNumOperands(op) : 0;
  if (n != 1 && n != 2)
    return (MlirValue){NULL};
  return mlirOperationGetOperand(op, 0);
}

MlirValue ind_load_offset(MlirOperation op) {
  if (!ind_is_load(op) || mlirOperationGetNumOperands(op) != 2)
    return (MlirValue){NULL};
  return mlirOperationGetOperand(op, 1);
}

int64_t ind_indirect_size(MlirOperation op) {
  int64_t v;
  return ind_is_indirect_indexing(op) && ind_attr_int(op, IND_ATTR_SIZE, &v) ? v : -1;
}

MlirAffineMap ind_index_map(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str(IND_ATTR_INDEX));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAAffineMap(a))
    return (MlirAffineMap){NULL};
  return mlirAffineMapAttrGetValue(a);
}

bool ind_value_buffer_name(MlirValue v, char *buf, size_t len) {
  if (mlirValueIsABlockArgument(v)) {
    MlirBlock b = mlirBlockArgumentGetOwner(v);
    MlirOperation parent = mlirBlockGetParentOperation(b);
    if (!mlirOperationIsNull(parent) && ind_op_is(parent, "func.func")) {
      ind_arg_name(buf, len, mlirBlockArgumentGetArgNumber(v));
      return true;
    }
  } else if (mlirValueIsAOpResult(v)) {
    MlirOperation def = mlirOpResultGetOwner(v);
    if (ind_is_buffer_op(def)) {
      MlirStringRef s = ind_buffer_name(def);
      snprintf(buf, len, "%.*s", (int)s.length, s.data);
      return true;
    }
  }
  snprintf(buf, len, "?");
  return false;
}

/* --- Verifier. */

/* A static-shaped memref type. */
/* The printed form of a type, for messages (two rotating buffers: two calls per message; per thread, as
 * compilers on several threads verify at once). */
static const char *type_name(MlirType t) {
  static _Thread_local char bufs[2][128];
  static _Thread_local int k;
  char *out = bufs[k++ & 1];
  IndStrBuf b = {0};
  mlirTypePrint(t, ind_strbuf_callback, &b);
  snprintf(out, sizeof bufs[0], "%s", b.data ? b.data : "?");
  ind_strbuf_free(&b);
  return out;
}

static bool is_static_memref(MlirType t) { return mlirTypeIsAMemRef(t) && mlirShapedTypeHasStaticShape(t); }

static bool is_compute_type(MlirType t) { return mlirTypeIsAF32(t) || mlirTypeIsAInteger(t); }

/* Reads an i64 array attribute with every entry >= 1; -1 on failure (diagnosed). */
static intptr_t checked_ranges(MlirOperation op, const char *key, int64_t *out) {
  intptr_t n = 0;
  if (!ind_attr_i64_array(op, key, out, IND_MAX_RANK, &n)) {
    ind_emit_error(op, "'%s' must be a dense i64 array", key);
    return -1;
  }
  if (n > IND_MAX_RANK) {
    ind_emit_error(op, "'%s' has %ld entries; at most %d are supported", key, (long)n, IND_MAX_RANK);
    return -1;
  }
  for (intptr_t i = 0; i < n; ++i)
    if (out[i] < 1) {
      ind_emit_error(op, "'%s' entry %ld is %ld; sizes must be >= 1", key, (long)i, (long)out[i]);
      return -1;
    }
  return n;
}

static MlirLogicalResult verify_origins(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str(IND_ATTR_ORIGINS));
  if (mlirAttributeIsNull(a))
    return mlirLogicalResultSuccess();
  if (!mlirAttributeIsAArray(a))
    return ind_emit_error(op, "'origins' must be an array of strings");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(a); ++i)
    if (!mlirAttributeIsAString(mlirArrayAttrGetElement(a, i)))
      return ind_emit_error(op, "'origins' must be an array of strings");
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult verify_buffer_result(MlirOperation op, int64_t numel_expected, bool check_numel) {
  if (mlirOperationGetNumResults(op) != 1)
    return ind_emit_error(op, "a buffer op has exactly one result");
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!is_static_memref(t))
    return ind_emit_error(op, "the result must be a statically shaped memref (the buffer's FixedLayout)");
  if (check_numel && ind_type_numel(t) != numel_expected)
    return ind_emit_error(op, "the result memref holds %ld elements but the ranges iterate over %ld",
                          (long)ind_type_numel(t), (long)numel_expected);
  MlirStringRef name;
  if (!ind_attr_str(op, IND_ATTR_NAME, &name) || name.length == 0)
    return ind_emit_error(op, "'name' must be a non-empty string");
  return verify_origins(op);
}

/* The enclosing computed buffer of a body op (null when there is none). */
static MlirOperation enclosing_buffer(MlirOperation op) {
  MlirOperation p = mlirOperationGetParentOperation(op);
  return !mlirOperationIsNull(p) && ind_is_computed_buffer(p) ? p : (MlirOperation){NULL};
}

/* Number of iteration variables (ranges + reduction_ranges) of a computed buffer. */
static intptr_t num_iteration_vars(MlirOperation buf) {
  int64_t tmp[IND_MAX_RANK];
  intptr_t n = ind_ranges(buf, tmp, IND_MAX_RANK), m = ind_reduction_ranges(buf, tmp, IND_MAX_RANK);
  return (n < 0 ? 0 : n) + (m < 0 ? 0 : m);
}

static MlirLogicalResult verify_index(MlirOperation op) {
  MlirAffineMap map = ind_index_map(op);
  if (mlirAffineMapIsNull(map))
    return ind_emit_error(op, "'index' must be an affine map");
  if (mlirAffineMapGetNumResults(map) != 1)
    return ind_emit_error(op, "'index' must have exactly one result (a flat storage offset), got %ld",
                          (long)mlirAffineMapGetNumResults(map));
  if (mlirAffineMapGetNumSymbols(map) != 0)
    return ind_emit_error(op, "'index' must not use symbols");
  MlirOperation buf = enclosing_buffer(op);
  if (mlirOperationIsNull(buf))
    return ind_emit_error(op, "must be nested directly in an ind.pointwise, ind.reduction or ind.scan body");
  intptr_t dims = num_iteration_vars(buf);
  if (mlirAffineMapGetNumDims(map) != dims)
    return ind_emit_error(op, "'index' has %ld dims but the enclosing buffer has %ld iteration variables",
                          (long)mlirAffineMapGetNumDims(map), (long)dims);
  if (mlirOperationGetNumResults(op) != 1)
    return ind_emit_error(op, "must have exactly one result");
  return mlirLogicalResultSuccess();
}

/* Interval of an index expression over the iteration box [0, size_i) (false on int64 overflow or an
 * unsupported expression). `exact` is cleared when the interval may be wider than the true range
 * (a dim used twice, mod / floordiv / ceildiv, a product of two non-constants). */
static bool expr_bounds(MlirAffineExpr e, const int64_t *sizes, intptr_t n, int64_t *lo, int64_t *hi, bool *exact,
                        unsigned *dims_seen) {
  if (mlirAffineExprIsAConstant(e)) {
    *lo = *hi = mlirAffineConstantExprGetValue(e);
    return true;
  }
  if (mlirAffineExprIsADim(e)) {
    intptr_t d = mlirAffineDimExprGetPosition(e);
    if (d < 0 || d >= n)
      return false;
    if (d < 32 && (*dims_seen >> d & 1u))
      *exact = false;
    if (d < 32)
      *dims_seen |= 1u << d;
    *lo = 0;
    *hi = sizes[d] - 1;
    return true;
  }
  if (!mlirAffineExprIsABinary(e))
    return false;
  int64_t a0, a1, b0, b1;
  if (!expr_bounds(mlirAffineBinaryOpExprGetLHS(e), sizes, n, &a0, &a1, exact, dims_seen) ||
      !expr_bounds(mlirAffineBinaryOpExprGetRHS(e), sizes, n, &b0, &b1, exact, dims_seen))
    return false;
  if (mlirAffineExprIsAAdd(e))
    return !__builtin_add_overflow(a0, b0, lo) && !__builtin_add_overflow(a1, b1, hi);
  if (mlirAffineExprIsAMul(e)) {
    int64_t p[4];
    if (__builtin_mul_overflow(a0, b0, &p[0]) || __builtin_mul_overflow(a0, b1, &p[1]) ||
        __builtin_mul_overflow(a1, b0, &p[2]) || __builtin_mul_overflow(a1, b1, &p[3]))
      return false;
    if (a0 != a1 && b0 != b1)
      *exact = false;
    *lo = *hi = p[0];
    for (int i = 1; i < 4; ++i) {
      *lo = p[i] < *lo ? p[i] : *lo;
      *hi = p[i] > *hi ? p[i] : *hi;
    }
    return true;
  }
  *exact = false;
  if (b0 != b1 || b0 <= 0) /* mod / floordiv / ceildiv by a positive constant only */
    return false;
  if (mlirAffineExprIsAMod(e)) {
    *lo = a0 >= 0 && a1 < b0 ? a0 : 0;
    *hi = a0 >= 0 && a1 < b0 ? a1 : b0 - 1;
    return true;
  }
  bool ceil = mlirAffineExprIsACeilDiv(e);
  if (!ceil && !mlirAffineExprIsAFloorDiv(e))
    return false;
  int64_t q0 = a0 / b0 - ((a0 % b0 != 0 && a0 < 0) ? 1 : 0), q1 = a1 / b0 - ((a1 % b0 != 0 && a1 < 0) ? 1 : 0);
  *lo = q0 + (ceil && a0 % b0 != 0 ? 1 : 0);
  *hi = q1 + (ceil && a1 % b0 != 0 ? 1 : 0);
  return true;
}

/* The loaded buffer's storage extent (offset + the last element's offset + 1); -1 when unknown. */
static int64_t storage_extent(MlirType t) {
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t strides[IND_MAX_RANK * 2], offset = 0, ext = 1;
  if (rank > IND_MAX_RANK * 2 || mlirLogicalResultIsFailure(mlirMemRefTypeGetStridesAndOffset(t, strides, &offset)))
    return -1;
  for (intptr_t i = 0; i < rank; ++i) {
    int64_t d = mlirShapedTypeGetDimSize(t, i), term;
    if (d == 0)
      return 0;
    if (__builtin_mul_overflow(d - 1, strides[i] < 0 ? -strides[i] : strides[i], &term) ||
        __builtin_add_overflow(ext, term, &ext))
      return -1;
  }
  return __builtin_add_overflow(ext, offset, &ext) ? -1 : ext;
}

/* A load whose index map reaches outside the buffer's storage for some iteration point. The
 * interval of the map over the iteration box is exact for the maps the lowering writes (sums of
 * dims times constants); where it is only an over-approximation (mod, floordiv, a dim used twice)
 * a load is rejected only when every point is out of range. */
static MlirLogicalResult verify_load_bounds(MlirOperation op, MlirType bt) {
  MlirOperation buf = enclosing_buffer(op);
  int64_t sizes[2 * IND_MAX_RANK];
  intptr_t n = ind_ranges(buf, sizes, IND_MAX_RANK);
  intptr_t m = ind_reduction_ranges(buf, sizes + (n < 0 ? 0 : n), IND_MAX_RANK);
  n = (n < 0 ? 0 : n) + (m < 0 ? 0 : m);
  int64_t ext = storage_extent(bt), lo, hi;
  bool exact = true;
  unsigned seen = 0;
  if (ext < 0)
    return mlirLogicalResultSuccess();
  MlirAffineExpr e = mlirAffineMapGetResult(ind_index_map(op), 0);
  if (!expr_bounds(e, sizes, n, &lo, &hi, &exact, &seen)) {
    if (!exact)
      return mlirLogicalResultSuccess(); /* an unsupported form: the interpreter checks each access */
    return ind_emit_error(op, "the index map overflows int64 over the iteration space");
  }
  if (hi < 0 || lo >= ext || (exact && (lo < 0 || hi >= ext)))
    return ind_emit_error(op, "the index map reaches storage offsets [%ld, %ld] but the buffer (%s) holds %ld elements",
                          (long)lo, (long)hi, type_name(bt), (long)ext);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult verify_load(MlirOperation op) {
  if (mlirLogicalResultIsFailure(verify_index(op)))
    return mlirLogicalResultFailure();
  MlirValue b = ind_load_buffer(op);
  if (mlirValueIsNull(b) || !is_static_memref(mlirValueGetType(b)))
    return ind_emit_error(op, "the loaded buffer must be a statically shaped memref");
  /* An indirect load's reach depends on its offset: the interpreter checks each access. */
  if (mlirValueIsNull(ind_load_offset(op)) && mlirLogicalResultIsFailure(verify_load_bounds(op, mlirValueGetType(b))))
    return mlirLogicalResultFailure();
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!is_compute_type(rt))
    return ind_emit_error(op, "the result must be the compute type (f32, or an integer type such as i1)");
  MlirOperation buf = enclosing_buffer(op);
  if (mlirValueIsAOpResult(b) && mlirOperationEqual(mlirOpResultGetOwner(b), buf))
    return ind_emit_error(op, "a buffer cannot load its own result");
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult verify_index_expr(MlirOperation op) {
  if (mlirLogicalResultIsFailure(verify_index(op)))
    return mlirLogicalResultFailure();
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsAIndex(rt) && !mlirTypeIsAF32(rt))
    return ind_emit_error(op, "the result must be index or f32");
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult verify_body(MlirOperation op) {
  MlirRegion r = mlirOperationGetRegion(op, 0);
  MlirBlock b = mlirRegionGetFirstBlock(r);
  if (mlirBlockIsNull(b) || !mlirBlockIsNull(mlirBlockGetNextInRegion(b)))
    return ind_emit_error(op, "the body must be exactly one block");
  if (mlirBlockGetNumArguments(b) != 0)
    return ind_emit_error(op, "the body block takes no arguments (iteration variables are the index maps' dims)");
  MlirOperation t = last_op(b);
  if (mlirOperationIsNull(t) || !ind_is_yield(t) || mlirOperationGetNumOperands(t) != 1)
    return ind_emit_error(op, "the body must end in gpu.yield of exactly one value");
  MlirType yt = mlirValueGetType(mlirOperationGetOperand(t, 0));
  if (!is_compute_type(yt))
    return ind_emit_error(op, "the body must yield the compute type (f32, or i1 for boolean buffers)");
  /* The compute type of the buffer's element type: i1 for boolean buffers, f32 for float buffers, f32
   * or the element type itself for integer buffers. */
  MlirType rt = mlirOperationGetNumResults(op) == 1 ? mlirValueGetType(mlirOperationGetResult(op, 0)) : (MlirType){0};
  if (!mlirTypeIsNull(rt) && mlirTypeIsAMemRef(rt)) {
    MlirType et = mlirShapedTypeGetElementType(rt);
    bool want_i1 = mlirTypeIsAInteger(et) && mlirIntegerTypeGetWidth(et) == 1;
    /* A reduction into a boolean buffer (any / all) accumulates 0.0 / 1.0 in f32 and stores the result
     * as i1, as its integer-buffer reductions do. */
    bool ok = want_i1 ? mlirTypeEqual(yt, et) || (ind_is_reduction(op) && mlirTypeIsAF32(yt))
                      : mlirTypeIsAF32(yt) || (mlirTypeIsAInteger(et) && mlirTypeEqual(yt, et));
    if (!ok)
      return ind_emit_error(op, "the body yields %s into a buffer of %s (it must yield %s)", type_name(yt),
                            type_name(et),
                            want_i1                  ? "i1"
                            : mlirTypeIsAInteger(et) ? "f32 or the element type"
                                                     : "f32");
  }
  return mlirLogicalResultSuccess();
}

static int64_t product(const int64_t *v, intptr_t n) {
  int64_t p = 1;
  for (intptr_t i = 0; i < n; ++i)
    p *= v[i];
  return p;
}

static MlirLogicalResult verify_computed(MlirOperation op) {
  int64_t ranges[IND_MAX_RANK], rr[IND_MAX_RANK];
  intptr_t n = checked_ranges(op, IND_ATTR_RANGES, ranges);
  if (n < 0)
    return mlirLogicalResultFailure();
  if (ind_is_reduction(op)) {
    intptr_t m = checked_ranges(op, IND_ATTR_REDUCTION_RANGES, rr);
    if (m < 0)
      return mlirLogicalResultFailure();
    if (m == 0)
      return ind_emit_error(op, "'reduction_ranges' must not be empty");
    if (ind_reduction_type(op) == IND_REDUCE_INVALID)
      return ind_emit_error(op,
                            "'reduction_type' must be one of \"sum\", \"max\", \"min\", \"prod\", \"welford_mean\", "
                            "\"welford_m2\", \"online_softmax_max\", \"online_softmax_sum\"");
  }
  int64_t numel = product(ranges, n);
  if (ind_is_scan(op)) {
    intptr_t m = checked_ranges(op, IND_ATTR_SCAN_RANGES, rr);
    if (m < 0)
      return mlirLogicalResultFailure();
    if (m != 1)
      return ind_emit_error(op, "'scan_ranges' must have exactly one entry (the scanned dim), got %ld", (long)m);
    if (ind_scan_type(op) == IND_REDUCE_INVALID)
      return ind_emit_error(op, "'scan_type' must be one of \"sum\", \"max\", \"min\", \"prod\"");
    numel *= rr[0];
  }
  if (mlirLogicalResultIsFailure(verify_buffer_result(op, numel, true)))
    return mlirLogicalResultFailure();
  return verify_body(op);
}

/* The shape of static memref type t into shape[]; its rank. */
static int memref_shape(MlirType t, int64_t *shape) {
  int r = (int)mlirShapedTypeGetRank(t);
  for (int i = 0; i < r && i < IND_MAX_RANK; ++i)
    shape[i] = mlirShapedTypeGetDimSize(t, i);
  return r;
}

/* mm / bmm: the operands make C = op(A) @ op(B) by lib/mm_dims.h's rule (element counts, and the exact
 * held shape for an operand of the product's rank), with `transpose` well formed. */
static MlirLogicalResult verify_extern(MlirOperation op) {
  MlirStringRef k = ind_extern_kernel(op);
  bool batched = ind_sref_eq(k, "bmm");
  if (!batched && !ind_sref_eq(k, "mm"))
    return ind_emit_error(op, "'kernel' must be \"mm\" or \"bmm\"");
  intptr_t nin = mlirOperationGetNumOperands(op);
  if (nin != 2 && (batched || nin != 3))
    return ind_emit_error(op, "extern %s takes two inputs%s", batched ? "bmm" : "mm", batched ? "" : " (and a bias)");
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (!is_static_memref(t) || mlirShapedTypeGetRank(t) > IND_MAX_RANK)
      return ind_emit_error(op, "extern inputs must be realized buffers (statically shaped memrefs)");
  }
  bool tr[2];
  if (!ind_extern_transpose(op, tr))
    return ind_emit_error(op, "'transpose' must be a dense i1 array with one flag per input (array<i1: a, b>)");
  if (mlirLogicalResultIsFailure(verify_buffer_result(op, 0, false)))
    return mlirLogicalResultFailure();
  int64_t cs[IND_MAX_RANK], as[IND_MAX_RANK], bs[IND_MAX_RANK];
  MlirType at = mlirValueGetType(mlirOperationGetOperand(op, 0)), bt = mlirValueGetType(mlirOperationGetOperand(op, 1));
  MlirType ct = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (mlirShapedTypeGetRank(ct) > IND_MAX_RANK)
    return ind_emit_error(op, "extern %s: the result's rank is too large", batched ? "bmm" : "mm");
  int cr = memref_shape(ct, cs), ar = memref_shape(at, as), br = memref_shape(bt, bs);
  IndMmDims d;
  const char *why = "";
  if (!ind_mm_dims(batched, cs, cr, ind_type_numel(at), ind_type_numel(bt), tr[0], tr[1], &d, &why))
    return ind_emit_error(op, "extern %s: %s", batched ? "bmm" : "mm", why);
  if (nin == 3) { /* the bias: n elements of C's type, read as a contiguous vector */
    MlirType xt = mlirValueGetType(mlirOperationGetOperand(op, 2));
    if (ind_type_numel(xt) != d.n || !mlirTypeEqual(mlirShapedTypeGetElementType(xt), mlirShapedTypeGetElementType(ct)))
      return ind_emit_error(op, "extern mm: the bias must hold n = %ld elements of the result's element type",
                            (long)d.n);
  }
  for (int i = 0; i < 2; ++i)
    if (!ind_mm_operand_shape_ok(&d, batched, i, i == 0 ? as : bs, i == 0 ? ar : br))
      return ind_emit_error(op,
                            "extern %s: input %d has the product's rank but not the shape it holds (%s%ldx%ldx%ld "
                            "with transpose = %s)",
                            batched ? "bmm" : "mm", i,
                            i == 0 ? "A: batch x m x k = " : "B: batch x k x n = ", (long)d.batch,
                            (long)(i == 0 ? d.m : d.k), (long)(i == 0 ? d.k : d.n), tr[i] ? "true" : "false");
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult verify_indirect_indexing(MlirOperation op) {
  if (ind_indirect_size(op) < 1)
    return ind_emit_error(op, "'size' must be an integer >= 1");
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  if (!mlirTypeIsAF32(t) && !mlirTypeIsAIndex(t) && !(mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) > 1))
    return ind_emit_error(op, "the value must be f32, an integer wider than i1, or index");
  return mlirLogicalResultSuccess();
}

MlirLogicalResult ind_verify_op(MlirOperation op) {
  if (ind_is_indirect_indexing(op))
    return verify_indirect_indexing(op);
  if (ind_is_computed_buffer(op))
    return verify_computed(op);
  if (ind_is_extern(op))
    return verify_extern(op);
  if (ind_is_load(op))
    return verify_load(op);
  if (ind_is_index_expr(op))
    return verify_index_expr(op);
  return mlirLogicalResultSuccess();
}

typedef struct {
  bool ok;
} VerifyState;

static bool verify_visit(MlirOperation op, void *user) {
  VerifyState *s = user;
  if (ind_op_is(op, "func.func") && mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)))) {
    ind_emit_error(op, "a function declaration (no body) cannot be compiled: the program must be a func.func "
                       "with a body");
    s->ok = false;
    return false;
  }
  if (ind_op_in_dialect(op, "ind") && mlirLogicalResultIsFailure(ind_verify_op(op))) {
    s->ok = false;
    return false;
  }
  return true;
}

MlirLogicalResult ind_verify(MlirOperation root) {
  VerifyState s = {true};
  ind_walk(root, verify_visit, &s);
  return s.ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
