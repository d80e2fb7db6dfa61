/* graph.c - the graph dialect's op table, attribute accessors, layouts and builders; the shape/dtype
 * rules are in shape_rules.c. See graph.h and docs/dialects/graph.md. */
#include "dialects/graph/graph.h"

#include "lib/ir.h"

#include <math.h>
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------------
 * Op table */

typedef struct GraphOpInfo {
  const char *name; /* "graph.add" */
  GraphOpKind kind;
  int num_operands; /* -1: variadic or optional, checked by the shape rule */
} GraphOpInfo;

static const GraphOpInfo g_ops[GRAPH_OP_COUNT] = {
    [GRAPH_OP_UNKNOWN] = {"", GRAPH_KIND_NONE, 0},
    [GRAPH_OP_ADD] = {"graph.add", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_SUB] = {"graph.sub", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_MUL] = {"graph.mul", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_DIV] = {"graph.div", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_POW] = {"graph.pow", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_MAXIMUM] = {"graph.maximum", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_MINIMUM] = {"graph.minimum", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_EQ] = {"graph.eq", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_NE] = {"graph.ne", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_LT] = {"graph.lt", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_LE] = {"graph.le", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_GT] = {"graph.gt", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_GE] = {"graph.ge", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_WHERE] = {"graph.where", GRAPH_KIND_WHERE, 3},
    [GRAPH_OP_RELU] = {"graph.relu", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_NEG] = {"graph.neg", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_ABS] = {"graph.abs", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_EXP] = {"graph.exp", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_LOG] = {"graph.log", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_SQRT] = {"graph.sqrt", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_RSQRT] = {"graph.rsqrt", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_RECIPROCAL] = {"graph.reciprocal", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_TANH] = {"graph.tanh", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_SIGMOID] = {"graph.sigmoid", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_ERF] = {"graph.erf", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_GELU] = {"graph.gelu", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_CONVERT] = {"graph.convert", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_CONSTANT] = {"graph.constant", GRAPH_KIND_CONSTANT, 0},
    [GRAPH_OP_SUM] = {"graph.sum", GRAPH_KIND_REDUCTION, 1},
    [GRAPH_OP_MEAN] = {"graph.mean", GRAPH_KIND_REDUCTION, 1},
    [GRAPH_OP_AMAX] = {"graph.amax", GRAPH_KIND_REDUCTION, 1},
    [GRAPH_OP_AMIN] = {"graph.amin", GRAPH_KIND_REDUCTION, 1},
    [GRAPH_OP_PROD] = {"graph.prod", GRAPH_KIND_REDUCTION, 1},
    [GRAPH_OP_VAR] = {"graph.var", GRAPH_KIND_REDUCTION, 1},
    [GRAPH_OP_VIEW] = {"graph.view", GRAPH_KIND_VIEW, 1},
    [GRAPH_OP_RESHAPE] = {"graph.reshape", GRAPH_KIND_VIEW, 1},
    [GRAPH_OP_PERMUTE] = {"graph.permute", GRAPH_KIND_VIEW, 1},
    [GRAPH_OP_TRANSPOSE] = {"graph.transpose", GRAPH_KIND_VIEW, 1},
    [GRAPH_OP_EXPAND] = {"graph.expand", GRAPH_KIND_VIEW, 1},
    [GRAPH_OP_SQUEEZE] = {"graph.squeeze", GRAPH_KIND_VIEW, 1},
    [GRAPH_OP_UNSQUEEZE] = {"graph.unsqueeze", GRAPH_KIND_VIEW, 1},
    [GRAPH_OP_SLICE] = {"graph.slice", GRAPH_KIND_VIEW, 1},
    [GRAPH_OP_CAT] = {"graph.cat", GRAPH_KIND_LAYOUT, -1},
    [GRAPH_OP_CONTIGUOUS] = {"graph.contiguous", GRAPH_KIND_LAYOUT, 1},
    [GRAPH_OP_CLONE] = {"graph.clone", GRAPH_KIND_LAYOUT, 1},
    [GRAPH_OP_SOFTMAX] = {"graph.softmax", GRAPH_KIND_COMPOSITE, 1},
    [GRAPH_OP_LOG_SOFTMAX] = {"graph.log_softmax", GRAPH_KIND_COMPOSITE, 1},
    [GRAPH_OP_LAYER_NORM] = {"graph.layer_norm", GRAPH_KIND_COMPOSITE, 3},
    [GRAPH_OP_RMS_NORM] = {"graph.rms_norm", GRAPH_KIND_COMPOSITE, 2},
    [GRAPH_OP_LINEAR] = {"graph.linear", GRAPH_KIND_COMPOSITE, -1},
    [GRAPH_OP_MM] = {"graph.mm", GRAPH_KIND_MATMUL, 2},
    [GRAPH_OP_BMM] = {"graph.bmm", GRAPH_KIND_MATMUL, 2},
    [GRAPH_OP_ADDMM] = {"graph.addmm", GRAPH_KIND_MATMUL, 3},
    [GRAPH_OP_FULL] = {"graph.full", GRAPH_KIND_CONSTANT, 0},
    [GRAPH_OP_ZEROS] = {"graph.zeros", GRAPH_KIND_CONSTANT, 0},
    [GRAPH_OP_ONES] = {"graph.ones", GRAPH_KIND_CONSTANT, 0},
    [GRAPH_OP_FULL_LIKE] = {"graph.full_like", GRAPH_KIND_CONSTANT, 1},
    [GRAPH_OP_IOTA] = {"graph.iota", GRAPH_KIND_CONSTANT, 0},
    [GRAPH_OP_ARANGE] = {"graph.arange", GRAPH_KIND_CONSTANT, 0},
    [GRAPH_OP_SILU] = {"graph.silu", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_SIN] = {"graph.sin", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_COS] = {"graph.cos", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_FLOOR] = {"graph.floor", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_CEIL] = {"graph.ceil", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_ROUND] = {"graph.round", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_TRUNC] = {"graph.trunc", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_SIGN] = {"graph.sign", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_LOGICAL_NOT] = {"graph.logical_not", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_BITWISE_NOT] = {"graph.bitwise_not", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_ISNAN] = {"graph.isnan", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_ISINF] = {"graph.isinf", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_CLAMP] = {"graph.clamp", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_CLAMP_MIN] = {"graph.clamp_min", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_CLAMP_MAX] = {"graph.clamp_max", GRAPH_KIND_POINTWISE_UNARY, 1},
    [GRAPH_OP_REMAINDER] = {"graph.remainder", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_FMOD] = {"graph.fmod", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_LOGICAL_AND] = {"graph.logical_and", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_LOGICAL_OR] = {"graph.logical_or", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_BITWISE_AND] = {"graph.bitwise_and", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_BITWISE_OR] = {"graph.bitwise_or", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_BITWISE_XOR] = {"graph.bitwise_xor", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_MASKED_FILL] = {"graph.masked_fill", GRAPH_KIND_POINTWISE_BINARY, 2},
    [GRAPH_OP_ARGMAX] = {"graph.argmax", GRAPH_KIND_REDUCTION, 1},
    [GRAPH_OP_ARGMIN] = {"graph.argmin", GRAPH_KIND_REDUCTION, 1},
    [GRAPH_OP_ANY] = {"graph.any", GRAPH_KIND_REDUCTION, 1},
    [GRAPH_OP_ALL] = {"graph.all", GRAPH_KIND_REDUCTION, 1},
    [GRAPH_OP_FLIP] = {"graph.flip", GRAPH_KIND_LAYOUT, 1},
    [GRAPH_OP_SELECT] = {"graph.select", GRAPH_KIND_VIEW, 1},
    [GRAPH_OP_CONSTANT_PAD_ND] = {"graph.constant_pad_nd", GRAPH_KIND_LAYOUT, 1},
    [GRAPH_OP_REPEAT] = {"graph.repeat", GRAPH_KIND_LAYOUT, 1},
    [GRAPH_OP__SOFTMAX] = {"graph.aten_softmax", GRAPH_KIND_COMPOSITE, 1},
    [GRAPH_OP_SDPA] = {"graph.scaled_dot_product_attention", GRAPH_KIND_COMPOSITE, 3},
    [GRAPH_OP_MAX_DIM] = {"graph.max_dim", GRAPH_KIND_REDUCTION, 1},
    [GRAPH_OP_MIN_DIM] = {"graph.min_dim", GRAPH_KIND_REDUCTION, 1},
    [GRAPH_OP_SPLIT] = {"graph.split", GRAPH_KIND_COMPOSITE, 1},
    [GRAPH_OP_NATIVE_LAYER_NORM] = {"graph.native_layer_norm", GRAPH_KIND_COMPOSITE, 3},
    [GRAPH_OP_NATIVE_GROUP_NORM] = {"graph.native_group_norm", GRAPH_KIND_COMPOSITE, 3},
    [GRAPH_OP_CUMSUM] = {"graph.cumsum", GRAPH_KIND_COMPOSITE, 1},
    [GRAPH_OP_INDEX_SELECT] = {"graph.index_select", GRAPH_KIND_LAYOUT, 2},
    [GRAPH_OP_GATHER] = {"graph.gather", GRAPH_KIND_LAYOUT, 2},
    [GRAPH_OP_EMBEDDING] = {"graph.embedding", GRAPH_KIND_LAYOUT, 2},
};

GraphOpId graph_op_id(MlirOperation op) {
  if (mlirOperationIsNull(op) || !ind_op_in_dialect(op, "graph"))
    return GRAPH_OP_UNKNOWN;
  MlirStringRef name = ind_op_name(op);
  for (int i = 1; i < GRAPH_OP_COUNT; ++i)
    if (ind_sref_eq(name, g_ops[i].name))
      return (GraphOpId)i;
  return GRAPH_OP_UNKNOWN;
}

GraphOpKind graph_op_id_kind(GraphOpId id) {
  return id > GRAPH_OP_UNKNOWN && id < GRAPH_OP_COUNT ? g_ops[id].kind : GRAPH_KIND_NONE;
}
GraphOpKind graph_op_kind(MlirOperation op) { return graph_op_id_kind(graph_op_id(op)); }
const char *graph_op_name(GraphOpId id) { return id < GRAPH_OP_COUNT ? g_ops[id].name : ""; }
const char *graph_op_short_name(GraphOpId id) {
  const char *n = graph_op_name(id);
  return *n ? n + strlen("graph.") : n;
}
int graph_op_num_results(GraphOpId id) {
  if (id == GRAPH_OP_MAX_DIM || id == GRAPH_OP_MIN_DIM)
    return 2;
  if (id == GRAPH_OP_NATIVE_LAYER_NORM || id == GRAPH_OP_NATIVE_GROUP_NORM)
    return 3;
  return id == GRAPH_OP_SPLIT ? -1 : 1;
}

int graph_op_num_results_of(MlirOperation op) {
  GraphOpId id = graph_op_id(op);
  if (id != GRAPH_OP_SPLIT)
    return graph_op_num_results(id);
  int64_t dim, sizes[GRAPH_MAX_SPLIT];
  intptr_t n;
  return graph_split_params(op, &dim, sizes, &n) ? (int)n : -1;
}
int graph_op_num_operands(GraphOpId id) { return id < GRAPH_OP_COUNT ? g_ops[id].num_operands : 0; }
bool graph_op_is_comparison(GraphOpId id) { return id >= GRAPH_OP_EQ && id <= GRAPH_OP_GE; }

/* ------------------------------------------------------------------------------------------------
 * Element types */

GraphDtype graph_dtype_of(MlirType t) {
  if (mlirTypeIsAF32(t))
    return GRAPH_DTYPE_F32;
  if (mlirTypeIsAF16(t))
    return GRAPH_DTYPE_F16;
  if (mlirTypeIsABF16(t))
    return GRAPH_DTYPE_BF16;
  if (mlirTypeIsAInteger(t) && mlirIntegerTypeIsSignless(t)) {
    switch (mlirIntegerTypeGetWidth(t)) {
    case 1:
      return GRAPH_DTYPE_I1;
    case 32:
      return GRAPH_DTYPE_I32;
    case 64:
      return GRAPH_DTYPE_I64;
    default:
      break;
    }
  }
  return GRAPH_DTYPE_UNSUPPORTED;
}

bool graph_dtype_is_float(GraphDtype d) {
  return d == GRAPH_DTYPE_F32 || d == GRAPH_DTYPE_F16 || d == GRAPH_DTYPE_BF16;
}

MlirType graph_dtype_type(MlirContext ctx, GraphDtype d) {
  switch (d) {
  case GRAPH_DTYPE_I1:
    return mlirIntegerTypeGet(ctx, 1);
  case GRAPH_DTYPE_I32:
    return mlirIntegerTypeGet(ctx, 32);
  case GRAPH_DTYPE_I64:
    return mlirIntegerTypeGet(ctx, 64);
  case GRAPH_DTYPE_F16:
    return mlirF16TypeGet(ctx);
  case GRAPH_DTYPE_BF16:
    return mlirBF16TypeGet(ctx);
  case GRAPH_DTYPE_F32:
  case GRAPH_DTYPE_UNSUPPORTED:
    break;
  }
  return mlirF32TypeGet(ctx);
}

/* ------------------------------------------------------------------------------------------------
 * Small helpers */

int64_t graph_operand_rank(MlirOperation op, intptr_t i) {
  if (i >= mlirOperationGetNumOperands(op))
    return -1;
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
  return mlirTypeIsARankedTensor(t) ? mlirShapedTypeGetRank(t) : -1;
}

/* Normalizes an ATen dim (negative counts from the end) against `rank`; false when out of range. */
static bool norm_dim(int64_t d, int64_t rank, int64_t *out) {
  if (d < 0)
    d += rank;
  if (d < 0 || d >= rank)
    return false;
  *out = d;
  return true;
}

bool graph_constant_value(MlirOperation op, double *out) { return ind_attr_float(op, GRAPH_ATTR_VALUE, out); }

bool graph_reduction_dims(MlirOperation op, int64_t *out, intptr_t *n) {
  int64_t rank = graph_operand_rank(op, 0);
  GraphOpId id = graph_op_id(op);
  if (id == GRAPH_OP_MAX_DIM || id == GRAPH_OP_MIN_DIM) { /* one `dim` */
    int64_t d;
    if (rank < 1 || !ind_attr_int(op, GRAPH_ATTR_DIM, &d) || !norm_dim(d, rank, out))
      return false;
    *n = 1;
    return true;
  }
  int64_t raw[GRAPH_MAX_RANK];
  intptr_t k = 0;
  if (rank < 0 || !ind_attr_i64_array(op, GRAPH_ATTR_DIMS, raw, GRAPH_MAX_RANK, &k) || k > GRAPH_MAX_RANK)
    return false;
  bool seen[GRAPH_MAX_RANK] = {false};
  for (intptr_t i = 0; i < k; ++i) {
    int64_t d;
    if (!norm_dim(raw[i], rank, &d) || seen[d])
      return false;
    seen[d] = true;
  }
  *n = 0;
  for (int64_t d = 0; d < rank; ++d)
    if (seen[d] || k == 0)
      out[(*n)++] = d;
  return true;
}

bool graph_keepdim(MlirOperation op) {
  bool k = false;
  return ind_attr_bool(op, GRAPH_ATTR_KEEPDIM, &k) && k;
}

bool graph_var_correction(MlirOperation op, double *out) {
  if (mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ind_str(GRAPH_ATTR_CORRECTION)))) {
    *out = 1.0;
    return true;
  }
  return ind_attr_float(op, GRAPH_ATTR_CORRECTION, out);
}

bool graph_gelu_approximate(MlirOperation op, GraphGeluApprox *out) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str(GRAPH_ATTR_APPROXIMATE));
  if (mlirAttributeIsNull(a)) {
    *out = GRAPH_GELU_NONE;
    return true;
  }
  if (!mlirAttributeIsAString(a))
    return false;
  MlirStringRef s = mlirStringAttrGetValue(a);
  if (ind_sref_eq(s, "none"))
    *out = GRAPH_GELU_NONE;
  else if (ind_sref_eq(s, "tanh"))
    *out = GRAPH_GELU_TANH;
  else
    return false;
  return true;
}

bool graph_permute_dims(MlirOperation op, int64_t *out, intptr_t *n) {
  int64_t rank = graph_operand_rank(op, 0);
  int64_t raw[GRAPH_MAX_RANK];
  intptr_t k = 0;
  if (rank < 0 || !ind_attr_i64_array(op, GRAPH_ATTR_DIMS, raw, GRAPH_MAX_RANK, &k) || k != rank)
    return false;
  bool seen[GRAPH_MAX_RANK] = {false};
  for (intptr_t i = 0; i < k; ++i) {
    if (!norm_dim(raw[i], rank, &out[i]) || seen[out[i]])
      return false;
    seen[out[i]] = true;
  }
  *n = k;
  return true;
}

bool graph_transpose_dims(MlirOperation op, int64_t *dim0, int64_t *dim1) {
  int64_t rank = graph_operand_rank(op, 0), a, b;
  return rank >= 0 && ind_attr_int(op, GRAPH_ATTR_DIM0, &a) && ind_attr_int(op, GRAPH_ATTR_DIM1, &b) &&
         norm_dim(a, rank, dim0) && norm_dim(b, rank, dim1);
}

bool graph_unsqueeze_dim(MlirOperation op, int64_t *out) {
  int64_t rank = graph_operand_rank(op, 0), d;
  return rank >= 0 && ind_attr_int(op, GRAPH_ATTR_DIM, &d) && norm_dim(d, rank + 1, out);
}

bool graph_squeeze_dims(MlirOperation op, int64_t *out, intptr_t *n) {
  int64_t rank = graph_operand_rank(op, 0);
  if (rank < 0)
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  bool listed[GRAPH_MAX_RANK] = {false};
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str(GRAPH_ATTR_DIMS));
  if (mlirAttributeIsNull(a)) {
    for (int64_t d = 0; d < rank; ++d)
      listed[d] = true;
  } else {
    int64_t raw[GRAPH_MAX_RANK];
    intptr_t k = 0;
    if (!ind_attr_i64_array(op, GRAPH_ATTR_DIMS, raw, GRAPH_MAX_RANK, &k) || k > rank)
      return false;
    for (intptr_t i = 0; i < k; ++i) {
      int64_t d;
      if (!norm_dim(raw[i], rank, &d))
        return false;
      listed[d] = true;
    }
  }
  *n = 0;
  for (int64_t d = 0; d < rank; ++d)
    if (listed[d] && mlirShapedTypeGetDimSize(t, d) == 1)
      out[(*n)++] = d;
  return true;
}

/* Clamps an ATen slice bound to [0, size] (negative bounds count from the end). */
static int64_t clamp_bound(int64_t v, int64_t size) {
  if (v < 0)
    v += size;
  return v < 0 ? 0 : v > size ? size : v;
}

bool graph_slice_params(MlirOperation op, GraphSlice *s) {
  int64_t rank = graph_operand_rank(op, 0), d, start, end, step = 1;
  if (rank < 0 || !ind_attr_int(op, GRAPH_ATTR_DIM, &d) || !norm_dim(d, rank, &s->dim) ||
      !ind_attr_int(op, GRAPH_ATTR_START, &start) || !ind_attr_int(op, GRAPH_ATTR_END, &end))
    return false;
  if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ind_str(GRAPH_ATTR_STEP))) &&
      !ind_attr_int(op, GRAPH_ATTR_STEP, &step))
    return false;
  if (step < 1)
    return false;
  int64_t size = mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetOperand(op, 0)), s->dim);
  s->start = clamp_bound(start, size);
  s->end = clamp_bound(end, size);
  if (s->end < s->start)
    s->end = s->start;
  s->step = step;
  /* ceil((end - start) / step) without forming end - start + step - 1 (step may be INT64_MAX) */
  s->len = s->end == s->start ? 0 : (s->end - s->start - 1) / step + 1;
  return true;
}

bool graph_dim(MlirOperation op, int64_t *out) {
  int64_t rank = graph_operand_rank(op, 0), d;
  return rank >= 0 && ind_attr_int(op, GRAPH_ATTR_DIM, &d) && norm_dim(d, rank, out);
}

bool graph_shape_attr(MlirOperation op, int64_t *out, intptr_t *n) {
  return ind_attr_i64_array(op, GRAPH_ATTR_SHAPE, out, GRAPH_MAX_RANK, n) && *n <= GRAPH_MAX_RANK;
}

bool graph_normalized_shape(MlirOperation op, int64_t *out, intptr_t *n) {
  return ind_attr_i64_array(op, GRAPH_ATTR_NORMALIZED_SHAPE, out, GRAPH_MAX_RANK, n) && *n <= GRAPH_MAX_RANK;
}

bool graph_eps(MlirOperation op, double *out) { return ind_attr_float(op, GRAPH_ATTR_EPS, out); }

/* An optional float attribute with a default. */
static bool optional_float(MlirOperation op, const char *name, double dflt, double *out) {
  if (mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ind_str(name)))) {
    *out = dflt;
    return true;
  }
  return ind_attr_float(op, name, out);
}

bool graph_addmm_scales(MlirOperation op, double *alpha, double *beta) {
  return optional_float(op, GRAPH_ATTR_ALPHA, 1.0, alpha) && optional_float(op, GRAPH_ATTR_BETA, 1.0, beta);
}

bool graph_addmm_is_bias_mm(MlirOperation op) {
  double alpha, beta;
  MlirType bt = mlirValueGetType(mlirOperationGetOperand(op, 0)), rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  return graph_addmm_scales(op, &alpha, &beta) && alpha == 1.0 && beta == 1.0 && mlirTypeIsARankedTensor(bt) &&
         mlirTypeIsARankedTensor(rt) && mlirShapedTypeGetRank(bt) == 1 && mlirShapedTypeGetRank(rt) == 2 &&
         mlirShapedTypeGetDimSize(bt, 0) == mlirShapedTypeGetDimSize(rt, 1) &&
         mlirTypeEqual(mlirShapedTypeGetElementType(bt), mlirShapedTypeGetElementType(rt));
}

bool graph_clamp_bounds(MlirOperation op, bool *has_min, double *min, bool *has_max, double *max) {
  GraphOpId id = graph_op_id(op);
  *has_min = id != GRAPH_OP_CLAMP_MAX && ind_attr_float(op, GRAPH_ATTR_MIN, min);
  *has_max = id != GRAPH_OP_CLAMP_MIN && ind_attr_float(op, GRAPH_ATTR_MAX, max);
  bool bad_min = !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ind_str(GRAPH_ATTR_MIN))) && !*has_min;
  bool bad_max = !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ind_str(GRAPH_ATTR_MAX))) && !*has_max;
  if (bad_min || bad_max)
    return false;
  if (id == GRAPH_OP_CLAMP_MIN)
    return *has_min;
  if (id == GRAPH_OP_CLAMP_MAX)
    return *has_max;
  return *has_min || *has_max;
}

bool graph_fill_value(MlirOperation op, double *out) {
  switch (graph_op_id(op)) {
  case GRAPH_OP_ZEROS:
    *out = 0.0;
    return true;
  case GRAPH_OP_ONES:
    *out = 1.0;
    return true;
  default:
    return ind_attr_float(op, GRAPH_ATTR_VALUE, out);
  }
}

bool graph_fill_shape(MlirOperation op, int64_t *out, intptr_t *n) {
  if (!ind_attr_i64_array(op, GRAPH_ATTR_SHAPE, out, GRAPH_MAX_RANK, n) || *n > GRAPH_MAX_RANK)
    return false;
  for (intptr_t i = 0; i < *n; ++i)
    if (out[i] < 0)
      return false;
  return true;
}

bool graph_range_params(MlirOperation op, double *start, double *step, int64_t *length) {
  if (!optional_float(op, GRAPH_ATTR_START, 0.0, start) || !optional_float(op, GRAPH_ATTR_STEP, 1.0, step))
    return false;
  if (graph_op_id(op) == GRAPH_OP_IOTA) {
    int64_t len = -1;
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ind_str(GRAPH_ATTR_LENGTH)))) {
      if (!ind_attr_int(op, GRAPH_ATTR_LENGTH, &len))
        return false;
    } else if (mlirTypeIsARankedTensor(t) && mlirShapedTypeGetRank(t) == 1 && mlirShapedTypeHasStaticShape(t)) {
      len = mlirShapedTypeGetDimSize(t, 0); /* the written size, so that examples resize */
    }
    if (len < 0)
      return false;
    *length = len;
    return true;
  }
  double end;
  if (!ind_attr_float(op, GRAPH_ATTR_END, &end) || *step == 0.0 || !isfinite(end) || !isfinite(*start))
    return false;
  double n = ceil((end - *start) / *step);
  if (n > (double)((int64_t)1 << 40))
    return false;
  *length = n > 0 ? (int64_t)n : 0;
  return true;
}

bool graph_flip_dims(MlirOperation op, int64_t *out, intptr_t *n) {
  int64_t rank = graph_operand_rank(op, 0);
  int64_t raw[GRAPH_MAX_RANK];
  intptr_t k = 0;
  if (rank < 0 || !ind_attr_i64_array(op, GRAPH_ATTR_DIMS, raw, GRAPH_MAX_RANK, &k) || k > GRAPH_MAX_RANK)
    return false;
  bool seen[GRAPH_MAX_RANK] = {false};
  for (intptr_t i = 0; i < k; ++i) {
    int64_t d;
    if (!norm_dim(raw[i], rank, &d) || seen[d])
      return false;
    seen[d] = true;
  }
  *n = 0;
  for (int64_t d = 0; d < rank; ++d)
    if (seen[d])
      out[(*n)++] = d;
  return true;
}

bool graph_split_params(MlirOperation op, int64_t *dim, int64_t *sizes, intptr_t *n) {
  int64_t rank = graph_operand_rank(op, 0), d, size, each;
  if (rank < 1 || !ind_attr_int(op, GRAPH_ATTR_DIM, &d) || !norm_dim(d, rank, dim))
    return false;
  size = mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetOperand(op, 0)), *dim);
  if (size < 1 || !ind_attr_int(op, GRAPH_ATTR_SPLIT_SIZE, &each) || each < 1 ||
      (size + each - 1) / each > GRAPH_MAX_SPLIT)
    return false;
  *n = 0;
  for (int64_t at = 0; at < size; at += each)
    sizes[(*n)++] = size - at < each ? size - at : each;
  return true;
}

bool graph_group_norm_groups(MlirOperation op, int64_t *group) {
  int64_t rank = graph_operand_rank(op, 0);
  if (rank < 2 || !ind_attr_int(op, GRAPH_ATTR_GROUP, group) || *group < 1)
    return false;
  int64_t c = mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetOperand(op, 0)), 1);
  return c >= 0 && c % *group == 0;
}

bool graph_select_params(MlirOperation op, int64_t *dim, int64_t *index) {
  int64_t rank = graph_operand_rank(op, 0), d, i;
  if (rank < 1 || !ind_attr_int(op, GRAPH_ATTR_DIM, &d) || !norm_dim(d, rank, dim) ||
      !ind_attr_int(op, GRAPH_ATTR_INDEX, &i))
    return false;
  int64_t size = mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetOperand(op, 0)), *dim);
  if (i < 0)
    i += size;
  if (i < 0 || i >= size)
    return false;
  *index = i;
  return true;
}

bool graph_pad_params(MlirOperation op, int64_t *low, int64_t *high, double *value) {
  int64_t rank = graph_operand_rank(op, 0);
  int64_t raw[2 * GRAPH_MAX_RANK];
  intptr_t k = 0;
  if (rank < 0 || !ind_attr_i64_array(op, GRAPH_ATTR_PAD, raw, 2 * GRAPH_MAX_RANK, &k) || k % 2 || k > 2 * rank ||
      !optional_float(op, GRAPH_ATTR_VALUE, 0.0, value))
    return false;
  for (int64_t d = 0; d < rank; ++d)
    low[d] = high[d] = 0;
  for (intptr_t i = 0; i < k / 2; ++i) {
    low[rank - 1 - i] = raw[2 * i];
    high[rank - 1 - i] = raw[2 * i + 1];
  }
  return true;
}

bool graph_repeats(MlirOperation op, int64_t *out, intptr_t *n) {
  int64_t rank = graph_operand_rank(op, 0);
  if (rank < 0 || !ind_attr_i64_array(op, GRAPH_ATTR_REPEATS, out, GRAPH_MAX_RANK, n) || *n > GRAPH_MAX_RANK ||
      *n < rank)
    return false;
  for (intptr_t i = 0; i < *n; ++i)
    if (out[i] < 0)
      return false;
  return true;
}

bool graph_sdpa_params(MlirOperation op, double *scale, bool *is_causal) {
  *is_causal = false;
  if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ind_str(GRAPH_ATTR_IS_CAUSAL))) &&
      !ind_attr_bool(op, GRAPH_ATTR_IS_CAUSAL, is_causal))
    return false;
  int64_t rank = graph_operand_rank(op, 0);
  if (rank < 1)
    return false;
  int64_t e = mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetOperand(op, 0)), rank - 1);
  return optional_float(op, GRAPH_ATTR_SCALE, e > 0 ? 1.0 / sqrt((double)e) : 1.0, scale);
}

bool graph_broadcast_shapes(const int64_t *a, intptr_t ra, const int64_t *b, intptr_t rb, int64_t *out,
                            intptr_t *rout) {
  intptr_t r = ra > rb ? ra : rb;
  if (r > GRAPH_MAX_RANK)
    return false;
  for (intptr_t i = 0; i < r; ++i) {
    int64_t x = i < r - ra ? 1 : a[i - (r - ra)];
    int64_t y = i < r - rb ? 1 : b[i - (r - rb)];
    if (x != y && x != 1 && y != 1)
      return false;
    out[i] = x == 1 ? y : x;
  }
  *rout = r;
  return true;
}

/* ------------------------------------------------------------------------------------------------
 * Layouts */

static void contiguous_layout(MlirType t, GraphLayout *l) {
  l->rank = mlirShapedTypeGetRank(t);
  l->offset = 0;
  int64_t s = 1;
  for (int64_t d = l->rank - 1; d >= 0; --d) {
    l->sizes[d] = mlirShapedTypeGetDimSize(t, d);
    l->strides[d] = s;
    s *= l->sizes[d];
  }
}

bool graph_layout_is_contiguous(const GraphLayout *l) {
  int64_t s = 1;
  for (int64_t d = l->rank - 1; d >= 0; --d) {
    if (l->sizes[d] != 1 && l->strides[d] != s)
      return false;
    s *= l->sizes[d];
  }
  return l->offset == 0;
}

/* ATen's computeStride (graph.h). */
bool graph_view_strides(const GraphLayout *in, const int64_t *shape, int64_t rank, int64_t *strides) {
  if (in->rank == 0) {
    for (int64_t d = 0; d < rank; ++d)
      strides[d] = 1;
    return true;
  }
  /* walk the input's dims from the last in chunks of dims contiguous with each other; the view's dims
   * must cover each chunk exactly (their numels equal), taking strides within the chunk */
  int64_t view_d = rank - 1, chunk_base_stride = in->strides[in->rank - 1], tensor_numel = 1, view_numel = 1;
  for (int64_t tensor_d = in->rank - 1; tensor_d >= 0; --tensor_d) {
    tensor_numel *= in->sizes[tensor_d];
    if (tensor_d == 0 ||
        (in->sizes[tensor_d - 1] != 1 && in->strides[tensor_d - 1] != tensor_numel * chunk_base_stride)) {
      while (view_d >= 0 && (view_numel < tensor_numel || shape[view_d] == 1)) {
        strides[view_d] = view_numel * chunk_base_stride;
        view_numel *= shape[view_d];
        --view_d;
      }
      if (view_numel != tensor_numel)
        return false;
      if (tensor_d > 0) {
        chunk_base_stride = in->strides[tensor_d - 1];
        tensor_numel = 1;
        view_numel = 1;
      }
    }
  }
  return view_d == -1;
}

/* The layout of view op `op`'s result given its input's layout `in`. False when not a view of
 * the input's storage (reshape of a non-contiguous input). */
static bool view_layout(MlirOperation op, GraphOpId id, const GraphLayout *in, GraphLayout *out) {
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  *out = *in;
  int64_t perm[GRAPH_MAX_RANK], a, b, dims[GRAPH_MAX_RANK];
  intptr_t n;
  GraphSlice s;
  switch (id) {
  case GRAPH_OP_PERMUTE:
  case GRAPH_OP_TRANSPOSE:
    if (id == GRAPH_OP_PERMUTE && !graph_permute_dims(op, perm, &n))
      return false;
    if (id == GRAPH_OP_TRANSPOSE) {
      if (!graph_transpose_dims(op, &a, &b))
        return false;
      for (int64_t d = 0; d < in->rank; ++d)
        perm[d] = d == a ? b : d == b ? a : d;
    }
    for (int64_t d = 0; d < in->rank; ++d)
      out->sizes[d] = in->sizes[perm[d]], out->strides[d] = in->strides[perm[d]];
    return true;
  case GRAPH_OP_EXPAND:
    out->rank = mlirShapedTypeGetRank(rt);
    for (int64_t d = 0; d < out->rank; ++d) {
      int64_t j = d - (out->rank - in->rank);
      out->sizes[d] = mlirShapedTypeGetDimSize(rt, d);
      out->strides[d] = j < 0 || in->sizes[j] != out->sizes[d] ? 0 : in->strides[j];
    }
    return true;
  case GRAPH_OP_SLICE:
    if (!graph_slice_params(op, &s))
      return false;
    /* checked: a huge step (valid: it takes one element) must not overflow the stride; a size-1
     * dim's stride is immaterial, so it keeps the input's */
    if (__builtin_mul_overflow(s.start, in->strides[s.dim], &a) || __builtin_add_overflow(out->offset, a, &out->offset))
      return false;
    out->sizes[s.dim] = s.len;
    if (__builtin_mul_overflow(in->strides[s.dim], s.step, &out->strides[s.dim])) {
      if (s.len > 1)
        return false;
      out->strides[s.dim] = in->strides[s.dim];
    }
    return true;
  case GRAPH_OP_SELECT:
    if (!graph_select_params(op, &a, &b))
      return false;
    if (__builtin_mul_overflow(b, in->strides[a], &b) || __builtin_add_overflow(out->offset, b, &out->offset))
      return false;
    for (int64_t d = a; d + 1 < in->rank; ++d)
      out->sizes[d] = in->sizes[d + 1], out->strides[d] = in->strides[d + 1];
    out->rank = in->rank - 1;
    return true;
  case GRAPH_OP_SQUEEZE:
  case GRAPH_OP_UNSQUEEZE:
    out->rank = 0;
    if (id == GRAPH_OP_UNSQUEEZE) {
      if (!graph_unsqueeze_dim(op, &a))
        return false;
      for (int64_t d = 0; d <= in->rank; ++d) {
        int64_t j = d < a ? d : d - 1;
        out->sizes[d] = d == a ? 1 : in->sizes[j];
        /* a size-1 dim's stride is immaterial; use the one a contiguous tensor would have */
        out->strides[d] = d != a ? in->strides[j] : 1;
        if (d == a && d < in->rank && __builtin_mul_overflow(in->strides[d], in->sizes[d], &out->strides[d]))
          out->strides[d] = 1; /* immaterial (size 1): only avoid the overflow */
      }
      out->rank = in->rank + 1;
      return true;
    }
    if (!graph_squeeze_dims(op, dims, &n))
      return false;
    for (int64_t d = 0, k = 0; d < in->rank; ++d) {
      if (k < n && dims[k] == d) {
        ++k;
        continue;
      }
      out->sizes[out->rank] = in->sizes[d], out->strides[out->rank++] = in->strides[d];
    }
    return true;
  default: /* reshape: the same storage only when the input is contiguous; view: when computeStride can */
    if (graph_layout_is_contiguous(in)) {
      contiguous_layout(rt, out);
      out->offset = in->offset;
      return true;
    }
    if (id != GRAPH_OP_VIEW || !mlirTypeIsARankedTensor(rt))
      return false;
    out->rank = mlirShapedTypeGetRank(rt);
    for (int64_t d = 0; d < out->rank; ++d)
      out->sizes[d] = mlirShapedTypeGetDimSize(rt, d);
    return graph_view_strides(in, out->sizes, out->rank, out->strides);
  }
}

bool graph_value_layout(MlirValue v, GraphLayout *out, MlirValue *base) {
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsARankedTensor(t) || mlirShapedTypeGetRank(t) > GRAPH_MAX_RANK)
    return false;
  if (mlirValueIsAOpResult(v)) {
    MlirOperation def = mlirOpResultGetOwner(v);
    GraphOpId id = graph_op_id(def);
    if (graph_op_id_kind(id) == GRAPH_KIND_VIEW && mlirOperationGetNumOperands(def) == 1) {
      GraphLayout in;
      if (graph_value_layout(mlirOperationGetOperand(def, 0), &in, base) && view_layout(def, id, &in, out))
        return true;
      if (id != GRAPH_OP_RESHAPE)
        return false;
      /* reshape of a non-contiguous tensor copies: its result owns fresh contiguous storage */
    }
  }
  contiguous_layout(t, out);
  if (base)
    *base = v;
  return true;
}

/* ------------------------------------------------------------------------------------------------
 * Builders */

GraphBuilder graph_builder_before(MlirOperation anchor) {
  GraphBuilder b = {mlirOperationGetContext(anchor), anchor, mlirOperationGetLocation(anchor), {NULL}};
  return b;
}

GraphBuilder graph_builder_with_rewriter(MlirRewriterBase rewriter, MlirOperation anchor) {
  GraphBuilder b = graph_builder_before(anchor);
  b.rewriter = rewriter;
  return b;
}

static void insert_op(GraphBuilder *b, MlirOperation op) {
  if (b->rewriter.ptr) {
    mlirRewriterBaseSetInsertionPointBefore(b->rewriter, b->anchor);
    mlirRewriterBaseInsert(b->rewriter, op);
  } else {
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->anchor), b->anchor, op);
  }
}

static void erase_op(GraphBuilder *b, MlirOperation op) {
  if (b->rewriter.ptr)
    mlirRewriterBaseEraseOp(b->rewriter, op);
  else
    mlirOperationDestroy(op);
}

MlirOperation graph_build_op(GraphBuilder *b, GraphOpId id, const MlirValue *operands, intptr_t n,
                             const MlirNamedAttribute *attrs, intptr_t nattrs, MlirType res) {
  MlirOperationState st = mlirOperationStateGet(ind_str(graph_op_name(id)), b->loc);
  MlirType placeholder = mlirTypeIsNull(res) ? mlirUnrankedTensorTypeGet(mlirF32TypeGet(b->ctx)) : res;
  mlirOperationStateAddOperands(&st, n, operands);
  mlirOperationStateAddResults(&st, 1, &placeholder);
  if (nattrs)
    mlirOperationStateAddAttributes(&st, nattrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  insert_op(b, op);
  if (mlirTypeIsNull(res)) {
    MlirType t = graph_infer_type(op);
    if (mlirTypeIsNull(t)) {
      erase_op(b, op);
      return (MlirOperation){NULL};
    }
    mlirValueSetType(mlirOperationGetResult(op, 0), t);
  }
  return op;
}

static MlirValue result_of(MlirOperation op) {
  return mlirOperationIsNull(op) ? (MlirValue){NULL} : mlirOperationGetResult(op, 0);
}

static MlirNamedAttribute named(MlirContext ctx, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str(name)), a);
}

MlirValue graph_build_constant(GraphBuilder *b, double value, MlirType res) {
  MlirNamedAttribute a = named(b->ctx, GRAPH_ATTR_VALUE, mlirFloatAttrDoubleGet(b->ctx, mlirF64TypeGet(b->ctx), value));
  return result_of(graph_build_op(b, GRAPH_OP_CONSTANT, NULL, 0, &a, 1, res));
}

MlirValue graph_build_scalar(GraphBuilder *b, double value, MlirType element_type) {
  return graph_build_constant(b, value, mlirRankedTensorTypeGet(0, NULL, element_type, mlirAttributeGetNull()));
}

MlirValue graph_build_unary(GraphBuilder *b, GraphOpId id, MlirValue x, MlirType res) {
  return result_of(graph_build_op(b, id, &x, 1, NULL, 0, res));
}

MlirValue graph_build_binary(GraphBuilder *b, GraphOpId id, MlirValue lhs, MlirValue rhs, MlirType res) {
  MlirValue ops[2] = {lhs, rhs};
  return result_of(graph_build_op(b, id, ops, 2, NULL, 0, res));
}

MlirValue graph_build_reduction(GraphBuilder *b, GraphOpId id, MlirValue x, const int64_t *dims, intptr_t ndims,
                                bool keepdim, MlirType res) {
  MlirNamedAttribute a[2] = {named(b->ctx, GRAPH_ATTR_DIMS, mlirDenseI64ArrayGet(b->ctx, ndims, dims)),
                             named(b->ctx, GRAPH_ATTR_KEEPDIM, mlirBoolAttrGet(b->ctx, keepdim))};
  return result_of(graph_build_op(b, id, &x, 1, a, 2, res));
}

MlirValue graph_build_permute(GraphBuilder *b, MlirValue x, const int64_t *perm, intptr_t n, MlirType res) {
  MlirNamedAttribute a = named(b->ctx, GRAPH_ATTR_DIMS, mlirDenseI64ArrayGet(b->ctx, n, perm));
  return result_of(graph_build_op(b, GRAPH_OP_PERMUTE, &x, 1, &a, 1, res));
}

MlirValue graph_build_reshape(GraphBuilder *b, GraphOpId id, MlirValue x, const int64_t *shape, intptr_t n,
                              MlirType res) {
  MlirNamedAttribute a = named(b->ctx, GRAPH_ATTR_SHAPE, mlirDenseI64ArrayGet(b->ctx, n, shape));
  return result_of(graph_build_op(b, id, &x, 1, &a, 1, res));
}

MlirValue graph_build_mm(GraphBuilder *b, GraphOpId id, MlirValue lhs, MlirValue rhs, MlirType res) {
  MlirValue ops[2] = {lhs, rhs};
  return result_of(graph_build_op(b, id, ops, 2, NULL, 0, res));
}
