/* interp_graph.c - the reference interpreter for the graph dialect (ATen semantics).
 *
 * Every graph value is a logical tensor held in double. Each op computes its result in double from
 * its (already rounded) operands and the result is rounded once to the element type of the op's
 * result type (interp.h's precision rule). Shapes are computed from the operands and attributes
 * with ATen's rules (numpy broadcasting, reductions over `dims` with `keepdim`, views); when the
 * result type is ranked, its rank and static sizes must agree, so `?` sizes and unranked results
 * (before graph-infer-shapes) are accepted. The result's element type gives the dtype.
 *
 * Optional attributes and their defaults: gelu `approximate` ("none" | "tanh", default "none"),
 * var `correction` (default 1), squeeze `dims` (array) or `dim` (int) (default: every size-1
 * dim), slice `step` (default 1), addmm `beta`/`alpha` (default 1), view/reshape/expand target
 * sizes from a `shape` (or `sizes`) i64 array (view/reshape: one -1 is inferred; expand: -1 keeps
 * the size) or else from the static result type. Reductions with an empty `dims` reduce every dim.
 *
 * Ops are dispatched on their GraphOpId (dialects/graph/graph.h): elementwise ops, reductions and views
 * through tables indexed by it, the others in interp_graph_op's switch. */
#include "interp/interp_impl.h"

#include "dialects/graph/graph.h"

#include <math.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- operands, results, shapes ------------------------------------------------------------ */

static const char *op_name_c(MlirOperation op, char *buf, size_t len) {
  MlirStringRef n = ind_op_name(op);
  snprintf(buf, len, "%.*s", (int)n.length, n.data);
  return buf;
}

/* Operand i as a graph tensor (not a buffer). */
static const IndTensor *tensor_operand(InterpState *s, MlirOperation op, intptr_t i) {
  InterpValue *v = interp_operand(s, op, i);
  if (!v)
    return NULL;
  if (v->is_buffer) {
    ind_emit_error(op, "interpreter: operand #%d is a buffer (memref), graph ops take tensors", (int)i);
    return NULL;
  }
  return &v->store;
}

static MlirLogicalResult expect_operands(MlirOperation op, int n) {
  if (mlirOperationGetNumOperands(op) != n || mlirOperationGetNumResults(op) != graph_op_num_results_of(op)) {
    char nm[64];
    return ind_emit_error(op, "interpreter: '%s' expects %d operand(s) and %d result(s)", op_name_c(op, nm, sizeof nm),
                          n, graph_op_num_results_of(op));
  }
  return mlirLogicalResultSuccess();
}

/* The result's element type as a dtype. */
static MlirLogicalResult result_dtype(MlirOperation op, intptr_t at, IndElementType *dt) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, at));
  if (!mlirTypeIsATensor(t) || !ind_dtype_from_mlir(mlirShapedTypeGetElementType(t), dt))
    return ind_emit_error(op, "interpreter: the result must be a tensor of f32 f16 bf16 f64 i64 i32 or i1");
  return mlirLogicalResultSuccess();
}

static void shape_str(int rank, const int64_t *shape, char *buf, size_t len) {
  size_t n = 0;
  n += (size_t)snprintf(buf, len, "[");
  for (int i = 0; i < rank && n < len; ++i)
    n += (size_t)snprintf(buf + n, len - n, "%s%lld", i ? ", " : "", (long long)shape[i]);
  if (n < len)
    snprintf(buf + n, len - n, "]");
}

/* A ranked result type must agree with the computed shape (dynamic sizes match anything). */
static MlirLogicalResult check_result_shape(MlirOperation op, intptr_t at, const IndTensor *t) {
  MlirType ty = mlirValueGetType(mlirOperationGetResult(op, at));
  if (!mlirTypeIsARankedTensor(ty))
    return mlirLogicalResultSuccess();
  bool ok = mlirShapedTypeGetRank(ty) == t->rank;
  for (int i = 0; ok && i < t->rank; ++i)
    ok = mlirShapedTypeIsDynamicDim(ty, i) || mlirShapedTypeGetDimSize(ty, i) == t->shape[i];
  if (ok)
    return mlirLogicalResultSuccess();
  char got[128];
  shape_str(t->rank, t->shape, got, sizeof got);
  return ind_emit_error(op, "interpreter: the computed result shape %s does not match the result type", got);
}

/* True when op's i32/i64 result is integer arithmetic (wrapping, as torch's): any op with an operand except
 * a convert from a float operand, which saturates like the constants' conversion of their attribute
 * (docs/dialects/graph.md, convert). */
static bool int_wraps(MlirOperation op, IndElementType dt) {
  if ((dt != IND_ELEM_I32 && dt != IND_ELEM_I64) || mlirOperationGetNumOperands(op) == 0)
    return false;
  if (graph_op_id(op) != GRAPH_OP_CONVERT)
    return true;
  MlirType in = mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetOperand(op, 0)));
  return !mlirTypeIsAFloat(in);
}

/* Rounds t to the result dtype, checks its shape and binds it as op's result (taking ownership). */
static MlirLogicalResult finish_at(InterpState *s, MlirOperation op, intptr_t at, IndTensor *t) {
  IndElementType dt;
  MlirLogicalResult r = result_dtype(op, at, &dt);
  if (mlirLogicalResultIsSuccess(r))
    r = check_result_shape(op, at, t);
  if (mlirLogicalResultIsFailure(r)) {
    ind_tensor_free(t);
    return r;
  }
  t->dtype = dt;
  if (t->ival && ind_dtype_is_float(dt)) { /* integer values (a copy of an integer operand) stored as floats */
    free(t->ival);
    t->ival = NULL;
  }
  /* the unrounded variant keeps f16/bf16 results in double, except an explicit convert (which also rounds
   * an f16/bf16 operand: interp_elementwise) */
  if (t->ival) { /* computed exactly in int64 (wrapping): wrapped to the result's bits */
    ind_tensor_round(t);
  } else if (int_wraps(op, dt)) {
    for (int64_t i = 0; i < t->numel; ++i)
      t->data[i] = ind_wrap_to_dtype(t->data[i], dt);
    ind_tensor_make_ints(t);
  } else if (!(s->keep_lowp && (dt == IND_ELEM_F16 || dt == IND_ELEM_BF16) && graph_op_id(op) != GRAPH_OP_CONVERT)) {
    ind_tensor_round(t);
  }
  InterpValue v;
  memset(&v, 0, sizeof v);
  v.store = *t;
  memset(t, 0, sizeof *t);
  if (!interp_bind(s, mlirOperationGetResult(op, at), &v)) {
    ind_tensor_free(&v.store);
    return ind_emit_error(op, "interpreter: out of memory");
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult finish(InterpState *s, MlirOperation op, IndTensor *t) { return finish_at(s, op, 0, t); }

static MlirLogicalResult alloc(MlirOperation op, IndTensor *t, int rank, const int64_t *shape) {
  if (!ind_tensor_init(t, IND_ELEM_F64, rank, shape))
    return ind_emit_error(op, "interpreter: cannot allocate the result");
  return mlirLogicalResultSuccess();
}

/* A result computed in integer arithmetic: its exact values in ival (int64, wrapping), rounded to the result's
 * bits by finish. */
static MlirLogicalResult alloc_int(MlirOperation op, IndTensor *t, int rank, const int64_t *shape) {
  if (!ind_tensor_init(t, IND_ELEM_I64, rank, shape))
    return ind_emit_error(op, "interpreter: cannot allocate the result");
  return mlirLogicalResultSuccess();
}

/* A result that copies elements of `in` (views, cat, split, gathers) keeps in's exact integers: out gets an
 * ival when in has one, and copy_elem copies both. False on out of memory. */
static bool copy_ints_of(IndTensor *out, const IndTensor *in) {
  if (!in->ival || out->ival)
    return true;
  out->ival = calloc(out->numel ? (size_t)out->numel : 1, sizeof(int64_t));
  return out->ival != NULL;
}

static void copy_elem(IndTensor *out, int64_t i, const IndTensor *in, int64_t j) {
  out->data[i] = in->data[j];
  if (out->ival)
    out->ival[i] = ind_tensor_int(in, j);
}

static MlirLogicalResult dim_attr(MlirOperation op, const char *name, int rank, int64_t *out) {
  int64_t d = 0;
  if (!ind_attr_int(op, name, &d))
    return ind_emit_error(op, "interpreter: missing integer '%s'", name);
  if (!ind_norm_dim(d, rank, out))
    return ind_emit_error(op, "interpreter: '%s' = %lld is out of range for rank %d", name, (long long)d, rank);
  return mlirLogicalResultSuccess();
}

/* Row-major strides of a shape. */
static void contiguous_strides(int rank, const int64_t *shape, int64_t *st) {
  int64_t s = 1;
  for (int k = rank - 1; k >= 0; --k) {
    st[k] = s;
    s *= shape[k];
  }
}

/* out[i] = in[base + sum(idx_k * strides_k)] over out's shape: every view and broadcast. */
static void gather(const IndTensor *in, IndTensor *out, const int64_t *strides, int64_t base) {
  int64_t idx[IND_TENSOR_MAX_RANK] = {0}, off = base;
  copy_ints_of(out, in); /* out of memory: the values stay in data (exact to 2^53) */
  for (int64_t i = 0; i < out->numel; ++i) {
    copy_elem(out, i, in, off);
    for (int k = out->rank - 1; k >= 0; --k) {
      off += strides[k];
      if (++idx[k] < out->shape[k])
        break;
      off -= strides[k] * out->shape[k];
      idx[k] = 0;
    }
  }
}

/* --- elementwise ops ----------------------------------------------------------------------- */

/* Broadcasts operand shapes numpy-style into (rank, shape); false when incompatible. */
static bool broadcast_shapes(const IndTensor *const *ins, int n, int *rank, int64_t *shape) {
  int r = 0;
  for (int j = 0; j < n; ++j)
    r = ins[j]->rank > r ? ins[j]->rank : r;
  for (int k = 0; k < r; ++k)
    shape[k] = 1;
  for (int j = 0; j < n; ++j)
    for (int k = 0; k < ins[j]->rank; ++k) {
      int64_t *o = &shape[r - ins[j]->rank + k], d = ins[j]->shape[k];
      if (*o == 1)
        *o = d;
      else if (d != 1 && d != *o)
        return false;
    }
  *rank = r;
  return true;
}

/* Strides of `t` seen through a broadcast to (rank, shape): 0 for broadcast dims. */
static void broadcast_strides(const IndTensor *t, int rank, const int64_t *shape, int64_t *st) {
  int64_t own[IND_TENSOR_MAX_RANK];
  contiguous_strides(t->rank, t->shape, own);
  for (int k = 0; k < rank; ++k) {
    int kk = k - (rank - t->rank);
    st[k] = (kk < 0 || (t->shape[kk] == 1 && shape[k] != 1)) ? 0 : own[kk];
  }
}

typedef enum {
  EW_NONE, /* not an elementwise op */
  EW_ADD,
  EW_SUB,
  EW_MUL,
  EW_DIV,
  EW_POW,
  EW_MAXIMUM,
  EW_MINIMUM,
  EW_EQ,
  EW_NE,
  EW_LT,
  EW_LE,
  EW_GT,
  EW_GE,
  EW_WHERE,
  EW_RELU,
  EW_NEG,
  EW_ABS,
  EW_EXP,
  EW_LOG,
  EW_SQRT,
  EW_RSQRT,
  EW_RECIPROCAL,
  EW_TANH,
  EW_SIGMOID,
  EW_ERF,
  EW_GELU,
  EW_GELU_TANH,
  EW_IDENTITY,
  EW_SILU,
  EW_SIN,
  EW_COS,
  EW_FLOOR,
  EW_CEIL,
  EW_ROUND,
  EW_TRUNC,
  EW_SIGN,
  EW_LOGICAL_NOT,
  EW_BITWISE_NOT,
  EW_ISNAN,
  EW_ISINF,
  EW_CLAMP,
  EW_REMAINDER,
  EW_FMOD,
  EW_LOGICAL_AND,
  EW_LOGICAL_OR,
  EW_BITWISE_AND,
  EW_BITWISE_OR,
  EW_BITWISE_XOR,
  EW_MASKED_FILL
} EwKind;

/* The elementwise kind of each op (EW_NONE: not elementwise); its arity is graph_op_num_operands. */
static const EwKind EW_KIND[GRAPH_OP_COUNT] = {
    [GRAPH_OP_ADD] = EW_ADD,
    [GRAPH_OP_SUB] = EW_SUB,
    [GRAPH_OP_MUL] = EW_MUL,
    [GRAPH_OP_DIV] = EW_DIV,
    [GRAPH_OP_POW] = EW_POW,
    [GRAPH_OP_MAXIMUM] = EW_MAXIMUM,
    [GRAPH_OP_MINIMUM] = EW_MINIMUM,
    [GRAPH_OP_EQ] = EW_EQ,
    [GRAPH_OP_NE] = EW_NE,
    [GRAPH_OP_LT] = EW_LT,
    [GRAPH_OP_LE] = EW_LE,
    [GRAPH_OP_GT] = EW_GT,
    [GRAPH_OP_GE] = EW_GE,
    [GRAPH_OP_WHERE] = EW_WHERE,
    [GRAPH_OP_RELU] = EW_RELU,
    [GRAPH_OP_NEG] = EW_NEG,
    [GRAPH_OP_ABS] = EW_ABS,
    [GRAPH_OP_EXP] = EW_EXP,
    [GRAPH_OP_LOG] = EW_LOG,
    [GRAPH_OP_SQRT] = EW_SQRT,
    [GRAPH_OP_RSQRT] = EW_RSQRT,
    [GRAPH_OP_RECIPROCAL] = EW_RECIPROCAL,
    [GRAPH_OP_TANH] = EW_TANH,
    [GRAPH_OP_SIGMOID] = EW_SIGMOID,
    [GRAPH_OP_ERF] = EW_ERF,
    [GRAPH_OP_GELU] = EW_GELU,
    [GRAPH_OP_CONVERT] = EW_IDENTITY,
    [GRAPH_OP_CONTIGUOUS] = EW_IDENTITY,
    [GRAPH_OP_CLONE] = EW_IDENTITY,
    [GRAPH_OP_SILU] = EW_SILU,
    [GRAPH_OP_SIN] = EW_SIN,
    [GRAPH_OP_COS] = EW_COS,
    [GRAPH_OP_FLOOR] = EW_FLOOR,
    [GRAPH_OP_CEIL] = EW_CEIL,
    [GRAPH_OP_ROUND] = EW_ROUND,
    [GRAPH_OP_TRUNC] = EW_TRUNC,
    [GRAPH_OP_SIGN] = EW_SIGN,
    [GRAPH_OP_LOGICAL_NOT] = EW_LOGICAL_NOT,
    [GRAPH_OP_BITWISE_NOT] = EW_BITWISE_NOT,
    [GRAPH_OP_ISNAN] = EW_ISNAN,
    [GRAPH_OP_ISINF] = EW_ISINF,
    [GRAPH_OP_CLAMP] = EW_CLAMP,
    [GRAPH_OP_CLAMP_MIN] = EW_CLAMP,
    [GRAPH_OP_CLAMP_MAX] = EW_CLAMP,
    [GRAPH_OP_REMAINDER] = EW_REMAINDER,
    [GRAPH_OP_FMOD] = EW_FMOD,
    [GRAPH_OP_LOGICAL_AND] = EW_LOGICAL_AND,
    [GRAPH_OP_LOGICAL_OR] = EW_LOGICAL_OR,
    [GRAPH_OP_BITWISE_AND] = EW_BITWISE_AND,
    [GRAPH_OP_BITWISE_OR] = EW_BITWISE_OR,
    [GRAPH_OP_BITWISE_XOR] = EW_BITWISE_XOR,
    [GRAPH_OP_MASKED_FILL] = EW_MASKED_FILL,
};

/* Attribute parameters of an elementwise op: clamp's bounds, masked_fill's value. */
typedef struct EwParams {
  bool has_lo, has_hi;
  double lo, hi, value;
} EwParams;

static double nan_max(double a, double b) { return (isnan(a) || isnan(b)) ? NAN : (a > b ? a : b); }
static double nan_min(double a, double b) { return (isnan(a) || isnan(b)) ? NAN : (a < b ? a : b); }

static double gelu_erf(double x) { return 0.5 * x * (1.0 + erf(x * 0.70710678118654752440)); }
static double gelu_tanh(double x) {
  const double k = 0.7978845608028654; /* sqrt(2 / pi) */
  return 0.5 * x * (1.0 + tanh(k * (x + 0.044715 * x * x * x)));
}

/* Python's remainder: the sign of the divisor (ATen remainder). */
static double py_remainder(double a, double b) {
  double r = fmod(a, b);
  return r != 0.0 && (r < 0.0) != (b < 0.0) ? r + b : r;
}

static double ew_scalar(EwKind k, const double *x, const EwParams *p) {
  switch (k) {
  case EW_SILU:
    return x[0] / (1.0 + exp(-x[0]));
  case EW_SIN:
    return sin(x[0]);
  case EW_COS:
    return cos(x[0]);
  case EW_FLOOR:
    return floor(x[0]);
  case EW_CEIL:
    return ceil(x[0]);
  case EW_ROUND:
    return nearbyint(x[0]); /* half to even (the default rounding mode), as torch.round */
  case EW_TRUNC:
    return trunc(x[0]);
  case EW_SIGN:
    return (double)(x[0] > 0.0) - (double)(x[0] < 0.0); /* NaN gives 0, as Inductor's (0 < x) - (x < 0) */
  case EW_LOGICAL_NOT:
    return x[0] == 0.0;
  case EW_BITWISE_NOT:
    return (double)~interp_int64_of(x[0]);
  case EW_ISNAN:
    return isnan(x[0]);
  case EW_ISINF:
    return isinf(x[0]);
  case EW_CLAMP: {
    double v = x[0];
    if (isnan(v))
      return v;
    if (p->has_lo && (v < p->lo || isnan(p->lo)))
      v = p->lo;
    if (p->has_hi && (v > p->hi || isnan(p->hi)))
      v = p->hi;
    return v;
  }
  case EW_REMAINDER:
    return py_remainder(x[0], x[1]);
  case EW_FMOD:
    return fmod(x[0], x[1]);
  case EW_LOGICAL_AND:
    return x[0] != 0.0 && x[1] != 0.0;
  case EW_LOGICAL_OR:
    return x[0] != 0.0 || x[1] != 0.0;
  case EW_BITWISE_AND:
    return (double)(interp_int64_of(x[0]) & interp_int64_of(x[1]));
  case EW_BITWISE_OR:
    return (double)(interp_int64_of(x[0]) | interp_int64_of(x[1]));
  case EW_BITWISE_XOR:
    return (double)(interp_int64_of(x[0]) ^ interp_int64_of(x[1]));
  case EW_MASKED_FILL:
    return x[1] != 0.0 ? p->value : x[0];
  case EW_ADD:
    return x[0] + x[1];
  case EW_SUB:
    return x[0] - x[1];
  case EW_MUL:
    return x[0] * x[1];
  case EW_DIV:
    return x[0] / x[1];
  case EW_POW:
    return pow(x[0], x[1]);
  case EW_MAXIMUM:
    return nan_max(x[0], x[1]);
  case EW_MINIMUM:
    return nan_min(x[0], x[1]);
  case EW_EQ:
    return x[0] == x[1];
  case EW_NE:
    return x[0] != x[1];
  case EW_LT:
    return x[0] < x[1];
  case EW_LE:
    return x[0] <= x[1];
  case EW_GT:
    return x[0] > x[1];
  case EW_GE:
    return x[0] >= x[1];
  case EW_WHERE:
    return x[0] != 0.0 ? x[1] : x[2];
  case EW_RELU:
    return isnan(x[0]) ? x[0] : (x[0] > 0.0 ? x[0] : 0.0);
  case EW_NEG:
    return -x[0];
  case EW_ABS:
    return fabs(x[0]);
  case EW_EXP:
    return exp(x[0]);
  case EW_LOG:
    return log(x[0]);
  case EW_SQRT:
    return sqrt(x[0]);
  case EW_RSQRT:
    return 1.0 / sqrt(x[0]);
  case EW_RECIPROCAL:
    return 1.0 / x[0];
  case EW_TANH:
    return tanh(x[0]);
  case EW_SIGMOID:
    return 1.0 / (1.0 + exp(-x[0]));
  case EW_ERF:
    return erf(x[0]);
  case EW_GELU:
    return gelu_erf(x[0]);
  case EW_GELU_TANH:
    return gelu_tanh(x[0]);
  case EW_IDENTITY:
    return x[0];
  case EW_NONE:
    break;
  }
  return 0.0;
}

static int64_t wadd(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static int64_t wsub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static int64_t wmul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }

/* Integer power, wrapping; a negative exponent gives the truncated quotient 1 / a^-e (ATen refuses it). */
static int64_t ipow(int64_t a, int64_t e) {
  if (e < 0)
    return a == 1 ? 1 : a == -1 ? ((e & 1) ? -1 : 1) : 0;
  int64_t r = 1;
  for (; e; e >>= 1, a = wmul(a, a))
    if (e & 1)
      r = wmul(r, a);
  return r;
}

/* True when kind k of integer operands and an integer or bool result is integer arithmetic (ew_int): every
 * elementwise op but the float functions (exp, div, ...), whose result type is a float anyway. */
static bool ew_int_kind(EwKind k, const EwParams *p) {
  switch (k) {
  case EW_ADD:
  case EW_SUB:
  case EW_MUL:
  case EW_POW:
  case EW_MAXIMUM:
  case EW_MINIMUM:
  case EW_EQ:
  case EW_NE:
  case EW_LT:
  case EW_LE:
  case EW_GT:
  case EW_GE:
  case EW_WHERE:
  case EW_RELU:
  case EW_NEG:
  case EW_ABS:
  case EW_IDENTITY:
  case EW_FLOOR:
  case EW_CEIL:
  case EW_ROUND:
  case EW_TRUNC:
  case EW_SIGN:
  case EW_LOGICAL_NOT:
  case EW_BITWISE_NOT:
  case EW_REMAINDER:
  case EW_FMOD:
  case EW_LOGICAL_AND:
  case EW_LOGICAL_OR:
  case EW_BITWISE_AND:
  case EW_BITWISE_OR:
  case EW_BITWISE_XOR:
  case EW_MASKED_FILL:
    return true;
  case EW_CLAMP: /* an integer v is below lo exactly when below ceil(lo) */
    return !(p->has_lo && isnan(p->lo)) && !(p->has_hi && isnan(p->hi));
  default:
    return false;
  }
}

/* ew_scalar in int64 (wrapping, as torch's integer ops); division by zero gives 0. */
static int64_t ew_int(EwKind k, const int64_t *x, const EwParams *p) {
  int64_t a = x[0], b = x[1];
  switch (k) {
  case EW_ADD:
    return wadd(a, b);
  case EW_SUB:
    return wsub(a, b);
  case EW_MUL:
    return wmul(a, b);
  case EW_POW:
    return ipow(a, b);
  case EW_MAXIMUM:
    return a > b ? a : b;
  case EW_MINIMUM:
    return a < b ? a : b;
  case EW_EQ:
    return a == b;
  case EW_NE:
    return a != b;
  case EW_LT:
    return a < b;
  case EW_LE:
    return a <= b;
  case EW_GT:
    return a > b;
  case EW_GE:
    return a >= b;
  case EW_WHERE:
    return a != 0 ? b : x[2];
  case EW_RELU:
    return a > 0 ? a : 0;
  case EW_NEG:
    return wsub(0, a);
  case EW_ABS:
    return a < 0 ? wsub(0, a) : a;
  case EW_SIGN:
    return (a > 0) - (a < 0);
  case EW_LOGICAL_NOT:
    return a == 0;
  case EW_BITWISE_NOT:
    return ~a;
  case EW_CLAMP:
    if (p->has_lo && a < interp_int64_of(ceil(p->lo)))
      a = interp_int64_of(ceil(p->lo));
    if (p->has_hi && a > interp_int64_of(floor(p->hi)))
      a = interp_int64_of(floor(p->hi));
    return a;
  case EW_REMAINDER: { /* the divisor's sign */
    if (b == 0 || b == -1)
      return 0;
    int64_t r = a % b;
    return r != 0 && (r < 0) != (b < 0) ? r + b : r;
  }
  case EW_FMOD:
    return b == 0 || b == -1 ? 0 : a % b;
  case EW_LOGICAL_AND:
    return a != 0 && b != 0;
  case EW_LOGICAL_OR:
    return a != 0 || b != 0;
  case EW_BITWISE_AND:
    return a & b;
  case EW_BITWISE_OR:
    return a | b;
  case EW_BITWISE_XOR:
    return a ^ b;
  case EW_MASKED_FILL:
    return b != 0 ? interp_int64_of(p->value) : a;
  default: /* EW_IDENTITY, and the rounding functions, identities on integers */
    return a;
  }
}

/* Applies an n-ary elementwise op with broadcasting; with `ints`, in integer arithmetic (ew_int) on the
 * operands' exact values. */
static MlirLogicalResult ew_apply(MlirOperation op, EwKind k, const EwParams *p, const IndTensor *const *ins, int n,
                                  bool ints, IndTensor *out) {
  int rank;
  int64_t shape[IND_TENSOR_MAX_RANK], st[3][IND_TENSOR_MAX_RANK];
  if (!broadcast_shapes(ins, n, &rank, shape)) {
    char a[128], b[128];
    shape_str(ins[0]->rank, ins[0]->shape, a, sizeof a);
    shape_str(ins[n - 1]->rank, ins[n - 1]->shape, b, sizeof b);
    return ind_emit_error(op, "interpreter: operand shapes %s and %s do not broadcast", a, b);
  }
  if (mlirLogicalResultIsFailure((ints ? alloc_int : alloc)(op, out, rank, shape)))
    return mlirLogicalResultFailure();
  for (int j = 0; j < n; ++j)
    broadcast_strides(ins[j], rank, shape, st[j]);
  int64_t idx[IND_TENSOR_MAX_RANK] = {0}, off[3] = {0}, xi[3] = {0};
  double x[3];
  for (int64_t i = 0; i < out->numel; ++i) {
    for (int j = 0; j < n; ++j)
      x[j] = ins[j]->data[off[j]];
    if (ints) {
      for (int j = 0; j < n; ++j)
        xi[j] = ins[j]->ival[off[j]];
      ind_tensor_set_int(out, i, ew_int(k, xi, p));
    } else {
      out->data[i] = ew_scalar(k, x, p);
    }
    for (int d = rank - 1; d >= 0; --d) {
      for (int j = 0; j < n; ++j)
        off[j] += st[j][d];
      if (++idx[d] < shape[d])
        break;
      for (int j = 0; j < n; ++j)
        off[j] -= st[j][d] * shape[d];
      idx[d] = 0;
    }
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult interp_elementwise(InterpState *s, MlirOperation op, GraphOpId id, EwKind k) {
  int arity = graph_op_num_operands(id);
  if (mlirLogicalResultIsFailure(expect_operands(op, arity)))
    return mlirLogicalResultFailure();
  if (k == EW_GELU) {
    MlirStringRef a;
    if (ind_attr_str(op, "approximate", &a) && ind_sref_eq(a, "tanh"))
      k = EW_GELU_TANH;
    else if (ind_attr_str(op, "approximate", &a) && !ind_sref_eq(a, "none"))
      return ind_emit_error(op, "interpreter: gelu 'approximate' must be \"none\" or \"tanh\"");
  }
  EwParams p = {false, false, 0.0, 0.0, 0.0};
  if (k == EW_CLAMP && !graph_clamp_bounds(op, &p.has_lo, &p.lo, &p.has_hi, &p.hi))
    return ind_emit_error(op, "interpreter: clamp needs a number 'min' or 'max'");
  if (k == EW_MASKED_FILL && !graph_fill_value(op, &p.value))
    return ind_emit_error(op, "interpreter: masked_fill needs a number 'value'");
  if (k == EW_BITWISE_NOT) { /* ~ of a bool is logical not */
    MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
    MlirType el = mlirTypeIsAShaped(rt) ? mlirShapedTypeGetElementType(rt) : rt;
    if (mlirTypeIsAInteger(el) && mlirIntegerTypeGetWidth(el) == 1)
      k = EW_LOGICAL_NOT;
  }
  const IndTensor *ins[3];
  for (int j = 0; j < arity; ++j)
    if (!(ins[j] = tensor_operand(s, op, j)))
      return mlirLogicalResultFailure();
  /* integer operands and an integer or bool result: integer arithmetic, exact (a double holds 2^53) */
  IndElementType dt;
  if (mlirLogicalResultIsFailure(result_dtype(op, 0, &dt)))
    return mlirLogicalResultFailure();
  bool ints = !ind_dtype_is_float(dt) && ew_int_kind(k, &p);
  for (int j = 0; j < arity; ++j)
    ints = ints && ins[j]->ival;
  IndTensor out;
  if (mlirLogicalResultIsFailure(ew_apply(op, k, &p, ins, arity, ints, &out)))
    return mlirLogicalResultFailure();
  /* the unrounded variant, as ind computes: a convert reads an f16/bf16 operand rounded to its type */
  IndElementType from = ins[0]->dtype;
  if (s->keep_lowp && id == GRAPH_OP_CONVERT && (from == IND_ELEM_F16 || from == IND_ELEM_BF16))
    for (int64_t i = 0; i < out.numel; ++i)
      out.data[i] = ind_round_to_dtype(out.data[i], from);
  return finish(s, op, &out);
}

/* --- constant ------------------------------------------------------------------------------ */

static MlirLogicalResult interp_constant(InterpState *s, MlirOperation op) {
  double v;
  if (mlirOperationGetNumResults(op) != 1 || !ind_attr_float(op, "value", &v))
    return ind_emit_error(op, "interpreter: graph.constant needs a numeric 'value' and one result");
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  int rank = 0;
  int64_t shape[IND_TENSOR_MAX_RANK];
  if (mlirTypeIsARankedTensor(t) && mlirShapedTypeHasStaticShape(t)) {
    IndElementType dt;
    if (!ind_shape_from_mlir(t, &dt, &rank, shape))
      return ind_emit_error(op, "interpreter: unsupported constant type");
  }
  IndTensor out;
  if (mlirLogicalResultIsFailure(alloc(op, &out, rank, shape)))
    return mlirLogicalResultFailure();
  for (int64_t i = 0; i < out.numel; ++i)
    out.data[i] = v;
  return finish(s, op, &out);
}

/* full / zeros / ones {shape}, full_like(x), iota / arange: start + i * step. */
static MlirLogicalResult interp_source(InterpState *s, MlirOperation op) {
  GraphOpId id = graph_op_id(op);
  int rank = 0;
  int64_t shape[IND_TENSOR_MAX_RANK];
  double v = 0.0, start = 0.0, step = 0.0;
  intptr_t n = 0;
  if (id == GRAPH_OP_IOTA || id == GRAPH_OP_ARANGE) {
    if (!graph_range_params(op, &start, &step, &shape[0]))
      return ind_emit_error(op, "interpreter: bad iota/arange parameters");
    rank = 1;
  } else if (!graph_fill_value(op, &v)) {
    return ind_emit_error(op, "interpreter: missing fill 'value'");
  } else if (id == GRAPH_OP_FULL_LIKE) {
    const IndTensor *x;
    if (mlirLogicalResultIsFailure(expect_operands(op, 1)) || !(x = tensor_operand(s, op, 0)))
      return mlirLogicalResultFailure();
    rank = x->rank;
    memcpy(shape, x->shape, sizeof(int64_t) * (size_t)rank);
  } else if (!graph_fill_shape(op, shape, &n)) {
    return ind_emit_error(op, "interpreter: missing 'shape'");
  } else {
    rank = (int)n;
  }
  IndTensor out;
  if (mlirLogicalResultIsFailure(alloc(op, &out, rank, shape)))
    return mlirLogicalResultFailure();
  for (int64_t i = 0; i < out.numel; ++i)
    out.data[i] = step != 0.0 ? start + (double)i * step : v;
  return finish(s, op, &out);
}

/* --- reductions ---------------------------------------------------------------------------- */

typedef enum { R_NONE, R_SUM, R_MEAN, R_AMAX, R_AMIN, R_PROD, R_VAR, R_ARGMAX, R_ARGMIN, R_ANY, R_ALL } RKind;

/* The reduction kind of each op (R_NONE: not a reduction; max_dim and min_dim are interp_max_dim's). */
static const RKind R_KIND[GRAPH_OP_COUNT] = {
    [GRAPH_OP_SUM] = R_SUM,   [GRAPH_OP_MEAN] = R_MEAN, [GRAPH_OP_AMAX] = R_AMAX,     [GRAPH_OP_AMIN] = R_AMIN,
    [GRAPH_OP_PROD] = R_PROD, [GRAPH_OP_VAR] = R_VAR,   [GRAPH_OP_ARGMAX] = R_ARGMAX, [GRAPH_OP_ARGMIN] = R_ARGMIN,
    [GRAPH_OP_ANY] = R_ANY,   [GRAPH_OP_ALL] = R_ALL,
};

/* reduce_values on integers, in int64 (sum and prod wrap): sum prod amax amin argmax argmin; false for the
 * others (mean, var: floats; any, all: exact in double). */
static bool reduce_ints(RKind k, const int64_t *v, int64_t n, int64_t *out) {
  if (k == R_MEAN || k == R_VAR || k == R_ANY || k == R_ALL)
    return false;
  int64_t acc = k == R_PROD ? 1 : k == R_AMAX ? INT64_MIN : k == R_AMIN ? INT64_MAX : 0, best = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (k == R_SUM)
      acc = wadd(acc, v[i]);
    else if (k == R_PROD)
      acc = wmul(acc, v[i]);
    else if (k == R_AMAX)
      acc = v[i] > acc ? v[i] : acc;
    else if (k == R_AMIN)
      acc = v[i] < acc ? v[i] : acc;
    else /* argmax, argmin: the first extreme */
      best = (k == R_ARGMAX ? v[i] > v[best] : v[i] < v[best]) ? i : best;
  }
  *out = k == R_ARGMAX || k == R_ARGMIN ? best : acc;
  return true;
}

static double reduce_values(RKind k, const double *v, int64_t n, double correction) {
  if (k == R_ARGMAX || k == R_ARGMIN) { /* the first extreme (a NaN counts as the extreme), row-major */
    int64_t best = 0;
    for (int64_t i = 1; i < n && !isnan(v[best]); ++i)
      if (isnan(v[i]) || (k == R_ARGMAX ? v[i] > v[best] : v[i] < v[best]))
        best = i;
    return (double)best;
  }
  if (k == R_ANY || k == R_ALL) {
    for (int64_t i = 0; i < n; ++i)
      if ((v[i] != 0.0) == (k == R_ANY))
        return k == R_ANY;
    return k == R_ALL;
  }
  double acc = k == R_PROD ? 1.0 : k == R_AMAX ? -INFINITY : k == R_AMIN ? INFINITY : 0.0;
  for (int64_t i = 0; i < n; ++i) {
    if (k == R_SUM || k == R_MEAN || k == R_VAR)
      acc += v[i];
    else if (k == R_PROD)
      acc *= v[i];
    else if (k == R_AMAX)
      acc = (isnan(v[i]) || v[i] > acc) ? v[i] : acc;
    else
      acc = (isnan(v[i]) || v[i] < acc) ? v[i] : acc;
  }
  if (k == R_MEAN)
    return acc / (double)n;
  if (k != R_VAR)
    return acc;
  double mean = acc / (double)n, ss = 0.0;
  for (int64_t i = 0; i < n; ++i)
    ss += (v[i] - mean) * (v[i] - mean);
  double denom = (double)n - correction;
  return ss / (denom > 0.0 ? denom : 0.0);
}

/* Reads `dims` into a mask over the input's dims (empty = all). */
static MlirLogicalResult reduced_dims(MlirOperation op, int rank, bool *mask) {
  int64_t dims[IND_TENSOR_MAX_RANK + 1];
  intptr_t n = 0;
  if (!ind_attr_i64_array(op, "dims", dims, IND_TENSOR_MAX_RANK + 1, &n))
    return ind_emit_error(op, "interpreter: missing 'dims' (array<i64>)");
  if (n > IND_TENSOR_MAX_RANK)
    return ind_emit_error(op, "interpreter: too many 'dims'");
  for (int k = 0; k < rank; ++k)
    mask[k] = n == 0;
  for (intptr_t i = 0; i < n; ++i) {
    int64_t d;
    if (!ind_norm_dim(dims[i], rank, &d))
      return ind_emit_error(op, "interpreter: dim %lld is out of range for rank %d", (long long)dims[i], rank);
    if (rank == 0)
      continue;
    if (mask[d])
      return ind_emit_error(op, "interpreter: dim %lld appears twice in 'dims'", (long long)dims[i]);
    mask[d] = true;
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult interp_reduction(InterpState *s, MlirOperation op, RKind k) {
  if (mlirLogicalResultIsFailure(expect_operands(op, 1)))
    return mlirLogicalResultFailure();
  const IndTensor *in = tensor_operand(s, op, 0);
  if (!in)
    return mlirLogicalResultFailure();
  bool mask[IND_TENSOR_MAX_RANK], keepdim = false;
  if (mlirLogicalResultIsFailure(reduced_dims(op, in->rank, mask)))
    return mlirLogicalResultFailure();
  ind_attr_bool(op, "keepdim", &keepdim);
  double correction = 1.0;
  ind_attr_float(op, "correction", &correction);
  /* Output shape; kept/reduced dims split the input's strides. */
  int orank = 0, nk = 0, nr = 0;
  int64_t oshape[IND_TENSOR_MAX_RANK], st[IND_TENSOR_MAX_RANK], kshape[IND_TENSOR_MAX_RANK], kst[IND_TENSOR_MAX_RANK],
      rshape[IND_TENSOR_MAX_RANK], rst[IND_TENSOR_MAX_RANK];
  contiguous_strides(in->rank, in->shape, st);
  for (int d = 0; d < in->rank; ++d) {
    if (mask[d]) {
      rshape[nr] = in->shape[d];
      rst[nr++] = st[d];
      if (keepdim)
        oshape[orank++] = 1;
    } else {
      kshape[nk] = in->shape[d];
      kst[nk++] = st[d];
      oshape[orank++] = in->shape[d];
    }
  }
  IndTensor out, vals;
  IndElementType dt;
  int64_t iv;
  if (mlirLogicalResultIsFailure(result_dtype(op, 0, &dt)))
    return mlirLogicalResultFailure();
  /* integer input and result: in int64, exact (the index of argmax/argmin is an integer too) */
  bool ints = in->ival && !ind_dtype_is_float(dt) && reduce_ints(k, NULL, 0, &iv);
  if (mlirLogicalResultIsFailure((ints ? alloc_int : alloc)(op, &out, orank, oshape)))
    return mlirLogicalResultFailure();
  bool ok = ind_tensor_init(&vals, ints ? IND_ELEM_I64 : IND_ELEM_F64, nr, rshape);
  if (ok) {
    /* For each output element, gather its reduced elements into vals, then reduce them. */
    int64_t kidx[IND_TENSOR_MAX_RANK] = {0};
    for (int64_t o = 0; o < out.numel; ++o) {
      int64_t base = 0;
      for (int d = 0; d < nk; ++d)
        base += kidx[d] * kst[d];
      gather(in, &vals, rst, base);
      if (ints && reduce_ints(k, vals.ival, vals.numel, &iv))
        ind_tensor_set_int(&out, o, iv);
      else
        out.data[o] = reduce_values(k, vals.data, vals.numel, correction);
      for (int d = nk - 1; d >= 0; --d) {
        if (++kidx[d] < kshape[d])
          break;
        kidx[d] = 0;
      }
    }
  }
  ind_tensor_free(&vals);
  if (!ok) {
    ind_tensor_free(&out);
    return ind_emit_error(op, "interpreter: out of memory");
  }
  return finish(s, op, &out);
}

/* --- views --------------------------------------------------------------------------------- */

/* Target sizes of view/reshape/expand: a `shape`/`sizes` attribute, else the static result type. */
static MlirLogicalResult target_sizes(MlirOperation op, int *rank, int64_t *sizes) {
  intptr_t n = 0;
  if (ind_attr_i64_array(op, "shape", sizes, IND_TENSOR_MAX_RANK, &n) ||
      ind_attr_i64_array(op, "sizes", sizes, IND_TENSOR_MAX_RANK, &n)) {
    if (n > IND_TENSOR_MAX_RANK)
      return ind_emit_error(op, "interpreter: more than %d target sizes", IND_TENSOR_MAX_RANK);
    *rank = (int)n;
    return mlirLogicalResultSuccess();
  }
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  IndElementType dt;
  if (!ind_shape_from_mlir(t, &dt, rank, sizes))
    return ind_emit_error(op, "interpreter: the target shape needs a 'shape' attribute or a static result type");
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult copy_with_shape(MlirOperation op, const IndTensor *in, int rank, const int64_t *shape,
                                         IndTensor *out) {
  if (mlirLogicalResultIsFailure(alloc(op, out, rank, shape)))
    return mlirLogicalResultFailure();
  if (out->numel != in->numel) {
    ind_tensor_free(out);
    return ind_emit_error(op, "interpreter: cannot view %lld elements as %lld", (long long)in->numel,
                          (long long)out->numel);
  }
  memcpy(out->data, in->data, (size_t)in->numel * sizeof(double));
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult do_reshape(MlirOperation op, const IndTensor *in, IndTensor *out) {
  int rank;
  int64_t sizes[IND_TENSOR_MAX_RANK], known = 1;
  if (mlirLogicalResultIsFailure(target_sizes(op, &rank, sizes)))
    return mlirLogicalResultFailure();
  int infer = -1;
  for (int k = 0; k < rank; ++k) {
    if (sizes[k] == -1 && infer < 0)
      infer = k;
    else if (sizes[k] < 0)
      return ind_emit_error(op, "interpreter: bad target size %lld", (long long)sizes[k]);
    else
      known *= sizes[k];
  }
  if (infer >= 0)
    sizes[infer] = known ? in->numel / known : 0;
  return copy_with_shape(op, in, rank, sizes, out);
}

static MlirLogicalResult do_permute(MlirOperation op, const IndTensor *in, IndTensor *out) {
  int64_t perm[IND_TENSOR_MAX_RANK + 1], shape[IND_TENSOR_MAX_RANK], st[IND_TENSOR_MAX_RANK], own[IND_TENSOR_MAX_RANK];
  intptr_t n = 0;
  if (graph_op_id(op) == GRAPH_OP_TRANSPOSE) {
    int64_t a = 0, b = 0;
    if (mlirLogicalResultIsFailure(dim_attr(op, "dim0", in->rank, &a)) ||
        mlirLogicalResultIsFailure(dim_attr(op, "dim1", in->rank, &b)))
      return mlirLogicalResultFailure();
    n = in->rank;
    for (int k = 0; k < in->rank; ++k)
      perm[k] = k;
    if (in->rank) {
      perm[a] = b;
      perm[b] = a;
    }
  } else if (!ind_attr_i64_array(op, "dims", perm, IND_TENSOR_MAX_RANK + 1, &n)) {
    return ind_emit_error(op, "interpreter: missing 'dims' (array<i64>)");
  }
  bool seen[IND_TENSOR_MAX_RANK] = {false};
  if (n != in->rank)
    return ind_emit_error(op, "interpreter: 'dims' has %d entries for rank %d", (int)n, in->rank);
  for (int k = 0; k < in->rank; ++k) {
    if (!ind_norm_dim(perm[k], in->rank, &perm[k]) || seen[perm[k]])
      return ind_emit_error(op, "interpreter: 'dims' is not a permutation");
    seen[perm[k]] = true;
  }
  contiguous_strides(in->rank, in->shape, own);
  for (int k = 0; k < in->rank; ++k) {
    shape[k] = in->shape[perm[k]];
    st[k] = own[perm[k]];
  }
  if (mlirLogicalResultIsFailure(alloc(op, out, in->rank, shape)))
    return mlirLogicalResultFailure();
  gather(in, out, st, 0);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult do_expand(MlirOperation op, const IndTensor *in, IndTensor *out) {
  int rank;
  int64_t sizes[IND_TENSOR_MAX_RANK], st[IND_TENSOR_MAX_RANK];
  if (mlirLogicalResultIsFailure(target_sizes(op, &rank, sizes)))
    return mlirLogicalResultFailure();
  if (rank < in->rank)
    return ind_emit_error(op, "interpreter: expand to fewer dims (%d) than the input has (%d)", rank, in->rank);
  for (int k = 0; k < rank; ++k) {
    int kk = k - (rank - in->rank);
    if (sizes[k] == -1 && kk >= 0)
      sizes[k] = in->shape[kk];
    if (sizes[k] < 0 || (kk >= 0 && in->shape[kk] != 1 && in->shape[kk] != sizes[k]))
      return ind_emit_error(op, "interpreter: cannot expand dim %d of size %lld to %lld", k,
                            (long long)(kk >= 0 ? in->shape[kk] : 1), (long long)sizes[k]);
  }
  if (mlirLogicalResultIsFailure(alloc(op, out, rank, sizes)))
    return mlirLogicalResultFailure();
  broadcast_strides(in, rank, sizes, st);
  gather(in, out, st, 0);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult do_squeeze(MlirOperation op, const IndTensor *in, IndTensor *out) {
  bool drop[IND_TENSOR_MAX_RANK];
  int64_t dims[IND_TENSOR_MAX_RANK + 1], shape[IND_TENSOR_MAX_RANK], one;
  intptr_t n = 0;
  bool given = ind_attr_i64_array(op, "dims", dims, IND_TENSOR_MAX_RANK + 1, &n);
  if (!given && ind_attr_int(op, "dim", &one)) {
    dims[0] = one;
    n = 1;
    given = true;
  }
  if (n > IND_TENSOR_MAX_RANK)
    return ind_emit_error(op, "interpreter: too many 'dims'");
  for (int k = 0; k < in->rank; ++k)
    drop[k] = !given && in->shape[k] == 1;
  for (intptr_t i = 0; i < n; ++i) {
    int64_t d;
    if (!ind_norm_dim(dims[i], in->rank, &d))
      return ind_emit_error(op, "interpreter: dim %lld is out of range for rank %d", (long long)dims[i], in->rank);
    if (in->rank)
      drop[d] = in->shape[d] == 1; /* ATen: squeezing a dim whose size is not 1 is a no-op */
  }
  int rank = 0;
  for (int k = 0; k < in->rank; ++k)
    if (!drop[k])
      shape[rank++] = in->shape[k];
  return copy_with_shape(op, in, rank, shape, out);
}

static MlirLogicalResult do_unsqueeze(MlirOperation op, const IndTensor *in, IndTensor *out) {
  int64_t d = 0, shape[IND_TENSOR_MAX_RANK];
  if (in->rank == IND_TENSOR_MAX_RANK)
    return ind_emit_error(op, "interpreter: unsqueeze beyond rank %d", IND_TENSOR_MAX_RANK);
  if (mlirLogicalResultIsFailure(dim_attr(op, "dim", in->rank + 1, &d)))
    return mlirLogicalResultFailure();
  for (int k = 0, j = 0; k <= in->rank; ++k)
    shape[k] = k == d ? 1 : in->shape[j++];
  return copy_with_shape(op, in, in->rank + 1, shape, out);
}

/* Python slice bounds clamped into [0, size]. */
static int64_t clamp_index(int64_t i, int64_t size) {
  if (i < 0)
    i += size;
  return i < 0 ? 0 : (i > size ? size : i);
}

static MlirLogicalResult do_slice(MlirOperation op, const IndTensor *in, IndTensor *out) {
  int64_t d = 0, start, end, step = 1, shape[IND_TENSOR_MAX_RANK], st[IND_TENSOR_MAX_RANK] = {0};
  if (in->rank == 0)
    return ind_emit_error(op, "interpreter: cannot slice a 0-d tensor");
  if (mlirLogicalResultIsFailure(dim_attr(op, "dim", in->rank, &d)))
    return mlirLogicalResultFailure();
  if (!ind_attr_int(op, "start", &start) || !ind_attr_int(op, "end", &end))
    return ind_emit_error(op, "interpreter: slice needs integer 'start' and 'end'");
  ind_attr_int(op, "step", &step);
  if (step <= 0)
    return ind_emit_error(op, "interpreter: slice 'step' must be positive");
  start = clamp_index(start, in->shape[d]);
  end = clamp_index(end, in->shape[d]);
  memcpy(shape, in->shape, sizeof shape);
  shape[d] = end > start ? (end - start - 1) / step + 1 : 0; /* no end - start + step - 1: step may be huge */
  contiguous_strides(in->rank, in->shape, st);
  int64_t base = start * st[d];
  if (shape[d] > 1)
    st[d] *= step; /* < the input's numel here; a size-1 dim's stride is immaterial */
  if (mlirLogicalResultIsFailure(alloc(op, out, in->rank, shape)))
    return mlirLogicalResultFailure();
  gather(in, out, st, base);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult interp_cat(InterpState *s, MlirOperation op) {
  intptr_t n = mlirOperationGetNumOperands(op);
  if (n < 1 || mlirOperationGetNumResults(op) != 1)
    return ind_emit_error(op, "interpreter: cat needs at least one operand and one result");
  const IndTensor *first = tensor_operand(s, op, 0);
  int64_t d = 0, shape[IND_TENSOR_MAX_RANK];
  if (!first)
    return mlirLogicalResultFailure();
  if (first->rank == 0)
    return ind_emit_error(op, "interpreter: cannot cat 0-d tensors");
  if (mlirLogicalResultIsFailure(dim_attr(op, "dim", first->rank, &d)))
    return mlirLogicalResultFailure();
  memcpy(shape, first->shape, sizeof shape);
  shape[d] = 0;
  for (intptr_t i = 0; i < n; ++i) {
    const IndTensor *t = tensor_operand(s, op, i);
    if (!t)
      return mlirLogicalResultFailure();
    bool ok = t->rank == first->rank;
    for (int k = 0; ok && k < t->rank; ++k)
      ok = k == d || t->shape[k] == first->shape[k];
    if (!ok)
      return ind_emit_error(op, "interpreter: cat operand #%d has a mismatched shape", (int)i);
    shape[d] += t->shape[d];
  }
  IndTensor out;
  bool ints = true;
  for (intptr_t i = 0; i < n; ++i)
    ints = ints && tensor_operand(s, op, i)->ival;
  if (mlirLogicalResultIsFailure((ints ? alloc_int : alloc)(op, &out, first->rank, shape)))
    return mlirLogicalResultFailure();
  /* Row-major: out = for each outer index, the operands' [d..] blocks one after another. */
  int64_t outer = 1, inner = 1, pos = 0;
  for (int k = 0; k < d; ++k)
    outer *= shape[k];
  for (int k = (int)d + 1; k < first->rank; ++k)
    inner *= shape[k];
  for (int64_t o = 0; o < outer; ++o)
    for (intptr_t i = 0; i < n; ++i) {
      const IndTensor *t = tensor_operand(s, op, i);
      int64_t blk = t->shape[d] * inner;
      memcpy(out.data + pos, t->data + o * blk, (size_t)blk * sizeof(double));
      if (ints)
        memcpy(out.ival + pos, t->ival + o * blk, (size_t)blk * sizeof(int64_t));
      pos += blk;
    }
  return finish(s, op, &out);
}

static MlirLogicalResult do_select(MlirOperation op, const IndTensor *in, IndTensor *out) {
  int64_t d, i, shape[IND_TENSOR_MAX_RANK], st[IND_TENSOR_MAX_RANK] = {0};
  if (!graph_select_params(op, &d, &i))
    return ind_emit_error(op, "interpreter: select needs a 'dim' and an 'index' inside it");
  contiguous_strides(in->rank, in->shape, st);
  int64_t base = i * st[d];
  for (int k = (int)d; k + 1 < in->rank; ++k)
    st[k] = st[k + 1];
  int r = 0;
  for (int k = 0; k < in->rank; ++k)
    if (k != d)
      shape[r++] = in->shape[k];
  if (mlirLogicalResultIsFailure(alloc(op, out, r, shape)))
    return mlirLogicalResultFailure();
  gather(in, out, st, base);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult do_flip(MlirOperation op, const IndTensor *in, IndTensor *out) {
  int64_t dims[IND_TENSOR_MAX_RANK], st[IND_TENSOR_MAX_RANK], base = 0;
  intptr_t n;
  if (!graph_flip_dims(op, dims, &n))
    return ind_emit_error(op, "interpreter: flip needs distinct 'dims'");
  contiguous_strides(in->rank, in->shape, st);
  for (intptr_t j = 0; j < n; ++j) {
    base += (in->shape[dims[j]] - 1) * st[dims[j]];
    st[dims[j]] = -st[dims[j]];
  }
  if (mlirLogicalResultIsFailure(alloc(op, out, in->rank, in->shape)))
    return mlirLogicalResultFailure();
  if (out->numel)
    gather(in, out, st, base);
  return mlirLogicalResultSuccess();
}

/* constant_pad_nd and repeat: each output element reads one input element (or the pad value). */
static MlirLogicalResult do_pad_repeat(MlirOperation op, const IndTensor *in, IndTensor *out) {
  bool pad = graph_op_id(op) == GRAPH_OP_CONSTANT_PAD_ND;
  int64_t lo[IND_TENSOR_MAX_RANK] = {0}, hi[IND_TENSOR_MAX_RANK] = {0}, reps[IND_TENSOR_MAX_RANK],
          shape[IND_TENSOR_MAX_RANK], st[IND_TENSOR_MAX_RANK];
  intptr_t n = in->rank;
  double value = 0.0;
  if (pad ? !graph_pad_params(op, lo, hi, &value) : !graph_repeats(op, reps, &n))
    return ind_emit_error(op, "interpreter: bad '%s' attribute", pad ? "pad" : "repeats");
  int off = (int)n - in->rank;
  for (int d = 0; d < n; ++d) {
    int64_t size = d < off ? 1 : in->shape[d - off];
    shape[d] = pad ? size + lo[d] + hi[d] : size * reps[d];
    if (shape[d] < 0)
      return ind_emit_error(op, "interpreter: padding leaves a negative size");
  }
  contiguous_strides(in->rank, in->shape, st);
  if (mlirLogicalResultIsFailure(alloc(op, out, (int)n, shape)))
    return mlirLogicalResultFailure();
  if (!copy_ints_of(out, in)) {
    ind_tensor_free(out);
    return ind_emit_error(op, "interpreter: out of memory");
  }
  int64_t idx[IND_TENSOR_MAX_RANK] = {0};
  for (int64_t i = 0; i < out->numel; ++i) {
    int64_t src = 0;
    bool inside = true;
    for (int d = off; d < n; ++d) {
      int64_t size = in->shape[d - off], j = pad ? idx[d] - lo[d] : idx[d] % size;
      inside = inside && j >= 0 && j < size;
      src += j * st[d - off];
    }
    if (inside)
      copy_elem(out, i, in, src);
    else if (out->ival)
      ind_tensor_set_int(out, i, interp_int64_of(value));
    else
      out->data[i] = value;
    for (int d = (int)n - 1; d >= 0; --d) {
      if (++idx[d] < shape[d])
        break;
      idx[d] = 0;
    }
  }
  return mlirLogicalResultSuccess();
}

/* A single-operand op whose result is computed from its one input tensor (a view, or an index remap). */
typedef MlirLogicalResult (*ViewFn)(MlirOperation, const IndTensor *, IndTensor *);

/* The ViewFn of each op (NULL: not one). */
static const ViewFn VIEW_FN[GRAPH_OP_COUNT] = {
    [GRAPH_OP_VIEW] = do_reshape,
    [GRAPH_OP_RESHAPE] = do_reshape,
    [GRAPH_OP_PERMUTE] = do_permute,
    [GRAPH_OP_TRANSPOSE] = do_permute,
    [GRAPH_OP_EXPAND] = do_expand,
    [GRAPH_OP_SQUEEZE] = do_squeeze,
    [GRAPH_OP_UNSQUEEZE] = do_unsqueeze,
    [GRAPH_OP_SLICE] = do_slice,
    [GRAPH_OP_SELECT] = do_select,
    [GRAPH_OP_FLIP] = do_flip,
    [GRAPH_OP_CONSTANT_PAD_ND] = do_pad_repeat,
    [GRAPH_OP_REPEAT] = do_pad_repeat,
};

static MlirLogicalResult interp_view(InterpState *s, MlirOperation op, ViewFn fn) {
  if (mlirLogicalResultIsFailure(expect_operands(op, 1)))
    return mlirLogicalResultFailure();
  const IndTensor *in = tensor_operand(s, op, 0);
  IndTensor out;
  if (!in || mlirLogicalResultIsFailure(fn(op, in, &out)))
    return mlirLogicalResultFailure();
  return finish(s, op, &out);
}

/* --- composites ---------------------------------------------------------------------------- */

/* softmax / log_softmax along `dim`, max-subtracted. */
static MlirLogicalResult interp_softmax(InterpState *s, MlirOperation op, bool log_form) {
  if (mlirLogicalResultIsFailure(expect_operands(op, 1)))
    return mlirLogicalResultFailure();
  const IndTensor *in = tensor_operand(s, op, 0);
  int64_t d = 0;
  if (!in || mlirLogicalResultIsFailure(dim_attr(op, "dim", in->rank, &d)))
    return mlirLogicalResultFailure();
  IndTensor out;
  if (mlirLogicalResultIsFailure(alloc(op, &out, in->rank, in->shape)))
    return mlirLogicalResultFailure();
  int64_t outer = 1, inner = 1, len = in->rank ? in->shape[d] : 1;
  for (int k = 0; k < d; ++k)
    outer *= in->shape[k];
  for (int k = (int)d + 1; k < in->rank; ++k)
    inner *= in->shape[k];
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      const double *x = in->data + o * len * inner + i;
      double *y = out.data + o * len * inner + i, m = -INFINITY, sum = 0.0;
      for (int64_t j = 0; j < len; ++j)
        m = nan_max(m, x[j * inner]);
      for (int64_t j = 0; j < len; ++j)
        sum += exp(x[j * inner] - m);
      for (int64_t j = 0; j < len; ++j)
        y[j * inner] = log_form ? x[j * inner] - m - log(sum) : exp(x[j * inner] - m) / sum;
    }
  return finish(s, op, &out);
}

/* layer_norm / rms_norm over the trailing `normalized_shape` dims (biased variance). */
static MlirLogicalResult interp_norm(InterpState *s, MlirOperation op, bool rms) {
  int nops = rms ? 2 : 3;
  if (mlirLogicalResultIsFailure(expect_operands(op, nops)))
    return mlirLogicalResultFailure();
  const IndTensor *in = tensor_operand(s, op, 0), *w = tensor_operand(s, op, 1);
  const IndTensor *b = rms ? NULL : tensor_operand(s, op, 2);
  if (!in || !w || (!rms && !b))
    return mlirLogicalResultFailure();
  int64_t ns[IND_TENSOR_MAX_RANK + 1];
  intptr_t n = 0;
  double eps;
  if (!ind_attr_i64_array(op, "normalized_shape", ns, IND_TENSOR_MAX_RANK + 1, &n) || !ind_attr_float(op, "eps", &eps))
    return ind_emit_error(op, "interpreter: needs 'normalized_shape' and 'eps'");
  int64_t N = 1;
  bool ok = n <= in->rank;
  for (intptr_t k = 0; ok && k < n; ++k) {
    ok = ns[k] == in->shape[in->rank - n + k];
    N *= ns[k];
  }
  if (!ok || w->numel != N || (b && b->numel != N))
    return ind_emit_error(op, "interpreter: normalized_shape, weight and bias must match the trailing dims");
  IndTensor out;
  if (mlirLogicalResultIsFailure(alloc(op, &out, in->rank, in->shape)))
    return mlirLogicalResultFailure();
  for (int64_t r = 0; N && r < in->numel / N; ++r) {
    const double *x = in->data + r * N;
    double mean = 0.0, ss = 0.0;
    for (int64_t j = 0; j < N; ++j)
      mean += x[j];
    mean = rms ? 0.0 : mean / (double)N;
    for (int64_t j = 0; j < N; ++j)
      ss += (x[j] - mean) * (x[j] - mean);
    double inv = 1.0 / sqrt(ss / (double)N + eps);
    for (int64_t j = 0; j < N; ++j)
      out.data[r * N + j] = (x[j] - mean) * inv * w->data[j] + (b ? b->data[j] : 0.0);
  }
  return finish(s, op, &out);
}

/* c[batch] = alpha * a[batch] @ b[batch] (+ beta * bias broadcast to the result, when given). */
static void batched_mm(const IndTensor *a, const IndTensor *b, int64_t batch, bool b_transposed, IndTensor *c,
                       double alpha) {
  int64_t m = a->shape[a->rank - 2], k = a->shape[a->rank - 1];
  int64_t n = b_transposed ? b->shape[b->rank - 2] : b->shape[b->rank - 1];
  for (int64_t p = 0; p < batch; ++p) {
    const double *ap = a->data + p * m * k, *bp = b_transposed ? b->data : b->data + p * k * n;
    double *cp = c->data + p * m * n;
    for (int64_t i = 0; i < m; ++i) {
      double *row = cp + i * n;
      for (int64_t j = 0; j < n; ++j)
        row[j] = 0.0;
      if (b_transposed) {
        for (int64_t j = 0; j < n; ++j)
          for (int64_t q = 0; q < k; ++q)
            row[j] += ap[i * k + q] * bp[j * k + q];
      } else {
        for (int64_t q = 0; q < k; ++q)
          for (int64_t j = 0; j < n; ++j)
            row[j] += ap[i * k + q] * bp[q * n + j];
      }
      for (int64_t j = 0; j < n; ++j)
        row[j] *= alpha;
    }
  }
}

/* Adds beta * bias (broadcast to c's shape) to c. */
static MlirLogicalResult add_bias(MlirOperation op, IndTensor *c, const IndTensor *bias, double beta) {
  const IndTensor *pair[2] = {c, bias};
  int rank;
  int64_t shape[IND_TENSOR_MAX_RANK], st[IND_TENSOR_MAX_RANK];
  bool ok = broadcast_shapes(pair, 2, &rank, shape) && rank == c->rank;
  for (int k = 0; ok && k < rank; ++k)
    ok = shape[k] == c->shape[k];
  if (!ok)
    return ind_emit_error(op, "interpreter: the bias does not broadcast to the product's shape");
  IndTensor b;
  if (mlirLogicalResultIsFailure(alloc(op, &b, rank, shape)))
    return mlirLogicalResultFailure();
  broadcast_strides(bias, rank, shape, st);
  gather(bias, &b, st, 0);
  for (int64_t i = 0; i < c->numel; ++i)
    c->data[i] += beta * b.data[i];
  ind_tensor_free(&b);
  return mlirLogicalResultSuccess();
}

/* mm [M,K]x[K,N], bmm [B,M,K]x[B,K,N], addmm(bias, a, b) with beta/alpha. */
/* max.dim / min.dim: the values and the first index of the extreme along `dim` (NaN counts as it). */
static MlirLogicalResult interp_max_dim(InterpState *s, MlirOperation op, bool is_max) {
  if (mlirLogicalResultIsFailure(expect_operands(op, 1)))
    return mlirLogicalResultFailure();
  const IndTensor *in = tensor_operand(s, op, 0);
  int64_t d, n;
  intptr_t nd;
  if (!in)
    return mlirLogicalResultFailure();
  if (!graph_reduction_dims(op, &d, &nd))
    return ind_emit_error(op, "interpreter: max_dim/min_dim need a 'dim' in range");
  bool keepdim = graph_keepdim(op);
  int64_t shape[IND_TENSOR_MAX_RANK], outer = 1, inner = 1;
  int r = 0;
  for (int k = 0; k < in->rank; ++k) {
    if (k < d)
      outer *= in->shape[k];
    if (k > d)
      inner *= in->shape[k];
    if (k != d || keepdim)
      shape[r++] = k == d ? 1 : in->shape[k];
  }
  n = in->shape[d];
  IndTensor vals, idx;
  if (mlirLogicalResultIsFailure(alloc(op, &vals, r, shape)))
    return mlirLogicalResultFailure();
  if (mlirLogicalResultIsFailure(alloc(op, &idx, r, shape))) {
    ind_tensor_free(&vals);
    return mlirLogicalResultFailure();
  }
  if (!copy_ints_of(&vals, in)) {
    ind_tensor_free(&vals);
    ind_tensor_free(&idx);
    return ind_emit_error(op, "interpreter: out of memory");
  }
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      const double *p = in->data + o * n * inner + i;
      const int64_t *pi = in->ival ? in->ival + o * n * inner + i : NULL; /* integers: compared exactly */
      int64_t best = 0;
      for (int64_t j = 1; j < n && !isnan(p[best * inner]); ++j)
        if (pi ? (is_max ? pi[j * inner] > pi[best * inner] : pi[j * inner] < pi[best * inner])
               : isnan(p[j * inner]) || (is_max ? p[j * inner] > p[best * inner] : p[j * inner] < p[best * inner]))
          best = j;
      if (n)
        copy_elem(&vals, o * inner + i, in, o * n * inner + i + best * inner);
      else
        vals.data[o * inner + i] = NAN;
      idx.data[o * inner + i] = (double)best;
    }
  MlirLogicalResult res = finish_at(s, op, 0, &vals);
  if (mlirLogicalResultIsFailure(res)) {
    ind_tensor_free(&idx);
    return res;
  }
  return finish_at(s, op, 1, &idx);
}

/* The outer (dims before d), length (dim d) and inner (dims after d) counts of a tensor. */
static void outer_len_inner(const IndTensor *t, int64_t d, int64_t *outer, int64_t *len, int64_t *inner) {
  *outer = 1, *inner = 1, *len = t->shape[d];
  for (int64_t k = 0; k < t->rank; ++k) {
    if (k < d)
      *outer *= t->shape[k];
    if (k > d)
      *inner *= t->shape[k];
  }
}

/* split {dim, split_size}: result i copies piece i (pieces of split_size, the last holds the rest). */
static MlirLogicalResult interp_split(InterpState *s, MlirOperation op) {
  if (mlirLogicalResultIsFailure(expect_operands(op, 1)))
    return mlirLogicalResultFailure();
  const IndTensor *in = tensor_operand(s, op, 0);
  int64_t d, sizes[GRAPH_MAX_SPLIT], outer, len, inner, start = 0;
  intptr_t n;
  if (!in)
    return mlirLogicalResultFailure();
  if (!graph_split_params(op, &d, sizes, &n))
    return ind_emit_error(op, "interpreter: split needs a 'dim' in range and a 'split_size' >= 1");
  outer_len_inner(in, d, &outer, &len, &inner);
  for (intptr_t i = 0; i < n; ++i) {
    int64_t shape[IND_TENSOR_MAX_RANK];
    memcpy(shape, in->shape, sizeof(int64_t) * (size_t)in->rank);
    shape[d] = sizes[i];
    IndTensor out;
    if (mlirLogicalResultIsFailure((in->ival ? alloc_int : alloc)(op, &out, in->rank, shape)))
      return mlirLogicalResultFailure();
    for (int64_t o = 0; o < outer; ++o) {
      memcpy(out.data + o * sizes[i] * inner, in->data + (o * len + start) * inner,
             sizeof(double) * (size_t)(sizes[i] * inner));
      if (in->ival)
        memcpy(out.ival + o * sizes[i] * inner, in->ival + (o * len + start) * inner,
               sizeof(int64_t) * (size_t)(sizes[i] * inner));
    }
    if (mlirLogicalResultIsFailure(finish_at(s, op, i, &out)))
      return mlirLogicalResultFailure();
    start += sizes[i];
  }
  return mlirLogicalResultSuccess();
}

/* cumsum {dim}: the running sum along dim, sequential, in double. */
static MlirLogicalResult interp_cumsum(InterpState *s, MlirOperation op) {
  if (mlirLogicalResultIsFailure(expect_operands(op, 1)))
    return mlirLogicalResultFailure();
  const IndTensor *in = tensor_operand(s, op, 0);
  int64_t d, outer, len, inner;
  if (!in || mlirLogicalResultIsFailure(dim_attr(op, "dim", in->rank, &d)))
    return mlirLogicalResultFailure();
  IndTensor out;
  IndElementType dt;
  if (mlirLogicalResultIsFailure(result_dtype(op, 0, &dt)))
    return mlirLogicalResultFailure();
  bool ints = in->ival && !ind_dtype_is_float(dt); /* integers: in int64, wrapping */
  if (mlirLogicalResultIsFailure((ints ? alloc_int : alloc)(op, &out, in->rank, in->shape)))
    return mlirLogicalResultFailure();
  outer_len_inner(in, d, &outer, &len, &inner);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      int64_t iacc = 0;
      for (int64_t j = 0; ints && j < len; ++j) {
        iacc = wadd(iacc, in->ival[(o * len + j) * inner + i]);
        ind_tensor_set_int(&out, (o * len + j) * inner + i, iacc);
      }
      if (ints)
        continue;
      double acc = 0.0;
      for (int64_t j = 0; j < len; ++j) {
        acc += in->data[(o * len + j) * inner + i];
        out.data[(o * len + j) * inner + i] = acc;
      }
    }
  return finish(s, op, &out);
}

/* Binds out, mean and rstd as results 0, 1, 2 (freeing the rest on failure). */
static MlirLogicalResult finish3(InterpState *s, MlirOperation op, IndTensor *t) {
  for (int i = 0; i < 3; ++i)
    if (mlirLogicalResultIsFailure(finish_at(s, op, i, &t[i]))) {
      for (int j = i + 1; j < 3; ++j)
        ind_tensor_free(&t[j]);
      return mlirLogicalResultFailure();
    }
  return mlirLogicalResultSuccess();
}

/* native_layer_norm (rows of N trailing elements) and native_group_norm (rows of C / G * HxW elements
 * of a sample's group): out = (x - mean) * rstd * w[c] + b[c], with mean and rstd per row (biased
 * variance), computed directly in double. */
static MlirLogicalResult interp_native_norm(InterpState *s, MlirOperation op, bool group) {
  if (mlirLogicalResultIsFailure(expect_operands(op, 3)))
    return mlirLogicalResultFailure();
  const IndTensor *in = tensor_operand(s, op, 0), *w = tensor_operand(s, op, 1), *b = tensor_operand(s, op, 2);
  if (!in || !w || !b)
    return mlirLogicalResultFailure();
  double eps;
  int64_t row, rows, g = 1, hw = 1, stat_shape[IND_TENSOR_MAX_RANK], stat_rank;
  if (!ind_attr_float(op, "eps", &eps))
    return ind_emit_error(op, "interpreter: needs a float 'eps'");
  if (group) {
    if (!graph_group_norm_groups(op, &g) || w->numel != in->shape[1] || b->numel != in->shape[1])
      return ind_emit_error(op, "interpreter: group_norm needs [N, C, *], a 'group' dividing C, w and b of [C]");
    for (int k = 2; k < in->rank; ++k)
      hw *= in->shape[k];
    row = in->shape[1] / g * hw, rows = in->shape[0] * g;
    stat_rank = 2, stat_shape[0] = in->shape[0], stat_shape[1] = g;
  } else {
    int64_t ns[IND_TENSOR_MAX_RANK + 1];
    intptr_t n = 0;
    if (!ind_attr_i64_array(op, "normalized_shape", ns, IND_TENSOR_MAX_RANK + 1, &n) || n > in->rank)
      return ind_emit_error(op, "interpreter: needs 'normalized_shape' (the trailing dims)");
    bool ok = true;
    row = 1;
    for (intptr_t k = 0; k < n; ++k) {
      ok = ok && ns[k] == in->shape[in->rank - n + k];
      row *= ns[k];
    }
    if (!ok || row < 1 || w->numel != row || b->numel != row)
      return ind_emit_error(op, "interpreter: normalized_shape, weight and bias must match the trailing dims");
    rows = in->numel / row;
    stat_rank = in->rank;
    for (int k = 0; k < in->rank; ++k)
      stat_shape[k] = k < in->rank - n ? in->shape[k] : 1;
  }
  IndTensor t[3];
  memset(t, 0, sizeof t);
  if (mlirLogicalResultIsFailure(alloc(op, &t[0], in->rank, in->shape)) ||
      mlirLogicalResultIsFailure(alloc(op, &t[1], (int)stat_rank, stat_shape)) ||
      mlirLogicalResultIsFailure(alloc(op, &t[2], (int)stat_rank, stat_shape))) {
    for (int i = 0; i < 3; ++i)
      ind_tensor_free(&t[i]);
    return mlirLogicalResultFailure();
  }
  for (int64_t r = 0; r < rows; ++r) {
    const double *x = in->data + r * row;
    double mean = 0.0, ss = 0.0;
    for (int64_t j = 0; j < row; ++j)
      mean += x[j];
    mean /= (double)row;
    for (int64_t j = 0; j < row; ++j)
      ss += (x[j] - mean) * (x[j] - mean);
    double rstd = 1.0 / sqrt(ss / (double)row + eps);
    for (int64_t j = 0; j < row; ++j) {
      int64_t c = group ? (r % g) * (row / hw) + j / hw : j; /* the weight's index */
      t[0].data[r * row + j] = (x[j] - mean) * rstd * w->data[c] + b->data[c];
    }
    t[1].data[r] = mean, t[2].data[r] = rstd;
  }
  return finish3(s, op, t);
}

/* scaled_dot_product_attention, directly: per batch, softmax(q k^T * scale, masked) v in double. */
static MlirLogicalResult interp_sdpa(InterpState *s, MlirOperation op) {
  if (mlirLogicalResultIsFailure(expect_operands(op, 3)))
    return mlirLogicalResultFailure();
  const IndTensor *q = tensor_operand(s, op, 0), *k = tensor_operand(s, op, 1), *v = tensor_operand(s, op, 2);
  if (!q || !k || !v)
    return mlirLogicalResultFailure();
  double scale;
  bool causal;
  int n = q->rank;
  if (!graph_sdpa_params(op, &scale, &causal) || n < 2 || k->rank != n || v->rank != n ||
      k->shape[n - 1] != q->shape[n - 1] || v->shape[n - 2] != k->shape[n - 2])
    return ind_emit_error(op, "interpreter: scaled_dot_product_attention needs q [..., L, E], k [..., S, E], "
                              "v [..., S, Ev] and a number 'scale'");
  int64_t L = q->shape[n - 2], E = q->shape[n - 1], S = k->shape[n - 2], Ev = v->shape[n - 1], batch = 1;
  for (int d = 0; d < n - 2; ++d) {
    if (k->shape[d] != q->shape[d] || v->shape[d] != q->shape[d])
      return ind_emit_error(op, "interpreter: scaled_dot_product_attention batch dims differ");
    batch *= q->shape[d];
  }
  int64_t shape[IND_TENSOR_MAX_RANK];
  memcpy(shape, q->shape, sizeof shape);
  shape[n - 1] = Ev;
  IndTensor out;
  if (mlirLogicalResultIsFailure(alloc(op, &out, n, shape)))
    return mlirLogicalResultFailure();
  double *row = malloc(sizeof(double) * (size_t)(S ? S : 1));
  if (!row) {
    ind_tensor_free(&out);
    return ind_emit_error(op, "interpreter: out of memory");
  }
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < L; ++i) {
      const double *qi = q->data + (b * L + i) * E;
      double m = -INFINITY, sum = 0.0;
      for (int64_t j = 0; j < S; ++j) {
        const double *kj = k->data + (b * S + j) * E;
        double dot = 0.0;
        for (int64_t e = 0; e < E; ++e)
          dot += qi[e] * kj[e];
        row[j] = causal && j > i ? -INFINITY : dot * scale;
        m = row[j] > m ? row[j] : m;
      }
      for (int64_t j = 0; j < S; ++j)
        sum += (row[j] = exp(row[j] - m));
      double *oi = out.data + (b * L + i) * Ev;
      for (int64_t e = 0; e < Ev; ++e) {
        double acc = 0.0;
        for (int64_t j = 0; j < S; ++j)
          acc += row[j] / sum * v->data[(b * S + j) * Ev + e];
        oi[e] = acc;
      }
    }
  free(row);
  return finish(s, op, &out);
}

/* mm, bmm, addmm (`id`). */
static MlirLogicalResult interp_matmul(InterpState *s, MlirOperation op, GraphOpId id) {
  bool bmm = id == GRAPH_OP_BMM, addmm = id == GRAPH_OP_ADDMM;
  if (mlirLogicalResultIsFailure(expect_operands(op, addmm ? 3 : 2)))
    return mlirLogicalResultFailure();
  const IndTensor *bias = addmm ? tensor_operand(s, op, 0) : NULL;
  const IndTensor *a = tensor_operand(s, op, addmm ? 1 : 0), *b = tensor_operand(s, op, addmm ? 2 : 1);
  if (!a || !b || (addmm && !bias))
    return mlirLogicalResultFailure();
  int rank = bmm ? 3 : 2;
  if (a->rank != rank || b->rank != rank || a->shape[rank - 1] != b->shape[rank - 2] ||
      (bmm && a->shape[0] != b->shape[0])) {
    char x[128], y[128];
    shape_str(a->rank, a->shape, x, sizeof x);
    shape_str(b->rank, b->shape, y, sizeof y);
    return ind_emit_error(op, "interpreter: cannot multiply %s by %s", x, y);
  }
  int64_t shape[3] = {a->shape[0], a->shape[1], b->shape[rank - 1]};
  if (!bmm)
    shape[1] = b->shape[1];
  double alpha = 1.0, beta = 1.0;
  ind_attr_float(op, "alpha", &alpha);
  ind_attr_float(op, "beta", &beta);
  IndTensor out;
  if (mlirLogicalResultIsFailure(alloc(op, &out, rank, shape)))
    return mlirLogicalResultFailure();
  batched_mm(a, b, bmm ? a->shape[0] : 1, false, &out, addmm ? alpha : 1.0);
  if (addmm && mlirLogicalResultIsFailure(add_bias(op, &out, bias, beta))) {
    ind_tensor_free(&out);
    return mlirLogicalResultFailure();
  }
  return finish(s, op, &out);
}

/* linear(x [..., K], w [N, K], bias?) = x @ w^T + bias. */
static MlirLogicalResult interp_linear(InterpState *s, MlirOperation op) {
  intptr_t n = mlirOperationGetNumOperands(op);
  if ((n != 2 && n != 3) || mlirOperationGetNumResults(op) != 1)
    return ind_emit_error(op, "interpreter: linear takes input, weight and an optional bias");
  const IndTensor *x = tensor_operand(s, op, 0), *w = tensor_operand(s, op, 1);
  const IndTensor *bias = n == 3 ? tensor_operand(s, op, 2) : NULL;
  if (!x || !w || (n == 3 && !bias))
    return mlirLogicalResultFailure();
  if (x->rank < 1 || w->rank != 2 || x->shape[x->rank - 1] != w->shape[1])
    return ind_emit_error(op, "interpreter: linear needs input [..., K] and weight [N, K]");
  int64_t K = w->shape[1], N = w->shape[0], rows = K ? x->numel / K : 0;
  int64_t shape[IND_TENSOR_MAX_RANK];
  memcpy(shape, x->shape, sizeof shape);
  shape[x->rank - 1] = N;
  IndTensor out;
  if (mlirLogicalResultIsFailure(alloc(op, &out, x->rank, shape)))
    return mlirLogicalResultFailure();
  IndTensor x2 = *x;
  x2.rank = 2;
  x2.shape[0] = rows;
  x2.shape[1] = K;
  IndTensor out2 = out;
  out2.rank = 2;
  out2.shape[0] = rows;
  out2.shape[1] = N;
  batched_mm(&x2, w, 1, true, &out2, 1.0);
  if (bias && mlirLogicalResultIsFailure(add_bias(op, &out, bias, 1.0))) {
    ind_tensor_free(&out);
    return mlirLogicalResultFailure();
  }
  return finish(s, op, &out);
}

/* An index tensor's value as a position in a dim of `size`: a negative value counts from the end
 * (ATen); outside [-size, size) it is a located error (ATen: "index out of range"). */
static bool indirect_position(MlirOperation op, double v, int64_t size, int64_t *out) {
  int64_t i = v > -9.2e18 && v < 9.2e18 ? (int64_t)v : INT64_MIN;
  if (i < 0 && i != INT64_MIN)
    i += size;
  if (i < 0 || i >= size) {
    ind_emit_error(op, "interpreter: index %.0f is out of bounds for a dim of size %lld", v, (long long)size);
    return false;
  }
  *out = i;
  return true;
}

/* index_select(x, index) {dim}, gather(x, index) {dim}, embedding(weight, indices). */
static MlirLogicalResult interp_indirect(InterpState *s, MlirOperation op) {
  if (mlirLogicalResultIsFailure(expect_operands(op, 2)))
    return mlirLogicalResultFailure();
  GraphOpId id = graph_op_id(op);
  const IndTensor *x = tensor_operand(s, op, 0), *ix = tensor_operand(s, op, 1);
  if (!x || !ix)
    return mlirLogicalResultFailure();
  int64_t d = 0, shape[IND_TENSOR_MAX_RANK], xst[IND_TENSOR_MAX_RANK], ost[IND_TENSOR_MAX_RANK];
  int rank;
  if (id == GRAPH_OP_EMBEDDING) {
    if (x->rank != 2 || ix->rank + 1 > IND_TENSOR_MAX_RANK)
      return ind_emit_error(op, "interpreter: embedding needs a 2-D weight");
    rank = ix->rank + 1;
    memcpy(shape, ix->shape, sizeof(int64_t) * (size_t)ix->rank);
    shape[ix->rank] = x->shape[1];
  } else {
    if (mlirLogicalResultIsFailure(dim_attr(op, "dim", x->rank, &d)))
      return mlirLogicalResultFailure();
    rank = id == GRAPH_OP_GATHER ? ix->rank : x->rank;
    memcpy(shape, id == GRAPH_OP_GATHER ? ix->shape : x->shape, sizeof(int64_t) * (size_t)rank);
    if (id == GRAPH_OP_INDEX_SELECT)
      shape[d] = ix->numel;
  }
  IndTensor out;
  if (mlirLogicalResultIsFailure((x->ival ? alloc_int : alloc)(op, &out, rank, shape)))
    return mlirLogicalResultFailure();
  contiguous_strides(x->rank, x->shape, xst);
  contiguous_strides(rank, shape, ost);
  for (int64_t f = 0; f < out.numel; ++f) {
    int64_t o[IND_TENSOR_MAX_RANK], src = 0, ipos = 0, p;
    for (int k = 0; k < rank; ++k) /* the output index */
      o[k] = (f / ost[k]) % shape[k];
    if (id == GRAPH_OP_EMBEDDING) {
      for (int k = 0; k < ix->rank; ++k)
        ipos = ipos * ix->shape[k] + o[k];
      if (!indirect_position(op, ix->data[ipos], x->shape[0], &p))
        goto fail;
      src = p * xst[0] + o[rank - 1];
    } else {
      if (id == GRAPH_OP_INDEX_SELECT)
        ipos = o[d];
      else
        for (int k = 0; k < rank; ++k)
          ipos = ipos * ix->shape[k] + o[k];
      if (!indirect_position(op, ix->data[ipos], x->shape[d], &p))
        goto fail;
      for (int k = 0; k < x->rank; ++k)
        src += (k == d ? p : o[k]) * xst[k];
    }
    copy_elem(&out, f, x, src);
  }
  return finish(s, op, &out);
fail:
  ind_tensor_free(&out);
  return mlirLogicalResultFailure();
}

/* --- dispatch ------------------------------------------------------------------------------ */

bool interp_is_graph_op(MlirOperation op) { return ind_op_in_dialect(op, "graph"); }

/* True when every operand is a ranked tensor of static shape (the shape rules need that; before
 * graph-infer-shapes an operand may still be unranked or have `?` sizes). */
static bool operands_static(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
      return false;
  }
  return true;
}

MlirLogicalResult interp_graph_op(InterpState *s, MlirOperation op) {
  GraphOpId id = graph_op_id(op);
  /* The compiler's own rules first (graph-infer-shapes shares graph_verify_result_types): the
   * reference runs no program the compiler rejects, and rejects it with the same located error. */
  if (id != GRAPH_OP_UNKNOWN && operands_static(op) && mlirLogicalResultIsFailure(graph_verify_result_types(op)))
    return mlirLogicalResultFailure();
  if (EW_KIND[id] != EW_NONE)
    return interp_elementwise(s, op, id, EW_KIND[id]);
  if (R_KIND[id] != R_NONE)
    return interp_reduction(s, op, R_KIND[id]);
  if (VIEW_FN[id])
    return interp_view(s, op, VIEW_FN[id]);
  switch (id) {
  case GRAPH_OP_CONSTANT:
    return interp_constant(s, op);
  case GRAPH_OP_FULL:
  case GRAPH_OP_ZEROS:
  case GRAPH_OP_ONES:
  case GRAPH_OP_FULL_LIKE:
  case GRAPH_OP_IOTA:
  case GRAPH_OP_ARANGE:
    return interp_source(s, op);
  case GRAPH_OP_CAT:
    return interp_cat(s, op);
  case GRAPH_OP_MAX_DIM:
  case GRAPH_OP_MIN_DIM:
    return interp_max_dim(s, op, id == GRAPH_OP_MAX_DIM);
  case GRAPH_OP_SPLIT:
    return interp_split(s, op);
  case GRAPH_OP_CUMSUM:
    return interp_cumsum(s, op);
  case GRAPH_OP_INDEX_SELECT:
  case GRAPH_OP_GATHER:
  case GRAPH_OP_EMBEDDING:
    return interp_indirect(s, op);
  case GRAPH_OP_NATIVE_LAYER_NORM:
  case GRAPH_OP_NATIVE_GROUP_NORM:
    return interp_native_norm(s, op, id == GRAPH_OP_NATIVE_GROUP_NORM);
  case GRAPH_OP_SDPA:
    return interp_sdpa(s, op);
  case GRAPH_OP_SOFTMAX:
  case GRAPH_OP__SOFTMAX:
  case GRAPH_OP_LOG_SOFTMAX:
    return interp_softmax(s, op, id == GRAPH_OP_LOG_SOFTMAX);
  case GRAPH_OP_LAYER_NORM:
  case GRAPH_OP_RMS_NORM:
    return interp_norm(s, op, id == GRAPH_OP_RMS_NORM);
  case GRAPH_OP_MM:
  case GRAPH_OP_BMM:
  case GRAPH_OP_ADDMM:
    return interp_matmul(s, op, id);
  case GRAPH_OP_LINEAR:
    return interp_linear(s, op);
  default:
    break;
  }
  char nm[64];
  return ind_emit_error(op, "interpreter: unsupported op '%s'", op_name_c(op, nm, sizeof nm));
}
