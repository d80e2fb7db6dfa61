/* shape_rules.c - the graph dialect's shape and dtype rules (graph_infer_type: the FakeTensor "meta
 * function" analogue) and ATen's dtype promotion; see graph.h and docs/dialects/graph.md. */
#include "dialects/graph/graph.h"

#include "lib/ir.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------------
 * Dtype promotion */

/* Category for type promotion: bool < integer < float. */
static int dtype_category(GraphDtype d) { return d == GRAPH_DTYPE_I1 ? 0 : graph_dtype_is_float(d) ? 2 : 1; }

/* The wider of two dtypes of the same category (f16 with bf16 promotes to f32, as in ATen). */
static GraphDtype dtype_wider(GraphDtype a, GraphDtype b) {
  if (a == b)
    return a;
  if (dtype_category(a) == 2)
    return GRAPH_DTYPE_F32;
  return a > b ? a : b;
}

/* ATen's result_type for two operands: dimensioned tensors win over 0-d ones (scalars) unless the
 * scalar is of a higher category, which then gives its own dtype: a float scalar (the importer's Python
 * number is an f32 constant) times an integer tensor gives f32, a 0-d f16 tensor divided by an integer
 * tensor f16 (as torch.result_type). */
static GraphDtype dtype_promote(GraphDtype a, bool a_scalar, GraphDtype b, bool b_scalar) {
  int ca = dtype_category(a), cb = dtype_category(b);
  if (a_scalar != b_scalar) {
    GraphDtype t = a_scalar ? b : a, s = a_scalar ? a : b;
    int ct = a_scalar ? cb : ca, cs = a_scalar ? ca : cb;
    return cs > ct ? s : t;
  }
  if (ca != cb)
    return ca > cb ? a : b;
  return dtype_wider(a, b);
}

/* ------------------------------------------------------------------------------------------------
 * Shape and dtype rules */

/* A static ranked tensor operand, unpacked. */
typedef struct Operand {
  int64_t rank;
  int64_t shape[GRAPH_MAX_RANK];
  GraphDtype dtype;
  MlirType element;
} Operand;

static void type_str(MlirType t, IndStrBuf *b) { mlirTypePrint(t, ind_strbuf_callback, b); }

/* Reads operand i; emits an error (and returns false) unless it is a static ranked tensor of a
 * supported dtype. */
static bool read_operand(MlirOperation op, intptr_t i, Operand *o) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t)) {
    IndStrBuf b = {0};
    type_str(t, &b);
    ind_emit_error(op, "operand #%d must be a tensor with a static shape, got %s", (int)i, b.data ? b.data : "");
    ind_strbuf_free(&b);
    return false;
  }
  o->rank = mlirShapedTypeGetRank(t);
  if (o->rank > GRAPH_MAX_RANK) {
    ind_emit_error(op, "operand #%d has rank %d, more than the supported %d", (int)i, (int)o->rank, GRAPH_MAX_RANK);
    return false;
  }
  for (int64_t d = 0; d < o->rank; ++d)
    o->shape[d] = mlirShapedTypeGetDimSize(t, d);
  o->element = mlirShapedTypeGetElementType(t);
  o->dtype = graph_dtype_of(o->element);
  if (o->dtype == GRAPH_DTYPE_UNSUPPORTED) {
    IndStrBuf b = {0};
    type_str(o->element, &b);
    ind_emit_error(op, "unsupported dtype %s (graph tensors are f32, f16, bf16, i1, i32 or i64)", b.data ? b.data : "");
    ind_strbuf_free(&b);
    return false;
  }
  return true;
}

/* The result type being computed: shape and dtype. */
typedef struct Result {
  int64_t rank;
  int64_t shape[GRAPH_MAX_RANK];
  GraphDtype dtype;
} Result;

static MlirType make_type(MlirOperation op, const Result *r) {
  MlirContext ctx = mlirOperationGetContext(op);
  return mlirRankedTensorTypeGet(r->rank, r->shape, graph_dtype_type(ctx, r->dtype), mlirAttributeGetNull());
}

static void copy_shape(Result *r, const Operand *o) {
  r->rank = o->rank;
  memcpy(r->shape, o->shape, sizeof(int64_t) * (size_t)o->rank);
}

/* The element count, or -1 when it overflows int64 (sizes are >= 0). */
static int64_t numel(const int64_t *shape, int64_t rank) {
  int64_t n = 1;
  for (int64_t i = 0; i < rank; ++i)
    if (__builtin_mul_overflow(n, shape[i], &n))
      return -1;
  return n;
}

static bool shape_eq(const int64_t *a, const int64_t *b, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    if (a[i] != b[i])
      return false;
  return true;
}

static bool check_num_operands(MlirOperation op, GraphOpId id) {
  intptr_t n = mlirOperationGetNumOperands(op);
  int want = graph_op_num_operands(id);
  if (id == GRAPH_OP_LINEAR && (n == 2 || n == 3))
    return true;
  if (id == GRAPH_OP_CAT && n >= 1)
    return true;
  if (want >= 0 && n == want)
    return true;
  ind_emit_error(op, "'%s' expects %s operands, got %d", graph_op_name(id),
                 id == GRAPH_OP_LINEAR ? "2 or 3"
                 : id == GRAPH_OP_CAT  ? "at least 1"
                 : want == 1           ? "1"
                 : want == 2           ? "2"
                 : want == 0           ? "0"
                                       : "3",
                 (int)n);
  return false;
}

/* Element type of the op's currently written result (used by convert and constant, whose dtype is
 * the result's). */
static bool written_result_dtype(MlirOperation op, GraphDtype *out) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsAShaped(t)) {
    ind_emit_error(op, "result must be a tensor");
    return false;
  }
  *out = graph_dtype_of(mlirShapedTypeGetElementType(t));
  if (*out == GRAPH_DTYPE_UNSUPPORTED) {
    IndStrBuf b = {0};
    type_str(mlirShapedTypeGetElementType(t), &b);
    ind_emit_error(op, "unsupported dtype %s (graph tensors are f32, f16, bf16, i1, i32 or i64)", b.data ? b.data : "");
    ind_strbuf_free(&b);
    return false;
  }
  return true;
}

static bool infer_binary(MlirOperation op, GraphOpId id, Result *r) {
  Operand a, b;
  if (!read_operand(op, 0, &a) || !read_operand(op, 1, &b))
    return false;
  intptr_t rank;
  if (!graph_broadcast_shapes(a.shape, a.rank, b.shape, b.rank, r->shape, &rank)) {
    ind_emit_error(op, "operands are not broadcast-compatible");
    return false;
  }
  r->rank = rank;
  r->dtype = graph_op_is_comparison(id) ? GRAPH_DTYPE_I1 : dtype_promote(a.dtype, a.rank == 0, b.dtype, b.rank == 0);
  if (id == GRAPH_OP_DIV && !graph_dtype_is_float(r->dtype))
    r->dtype = GRAPH_DTYPE_F32; /* true division of integers gives a float (ATen) */
  if (id == GRAPH_OP_LOGICAL_AND || id == GRAPH_OP_LOGICAL_OR)
    r->dtype = GRAPH_DTYPE_I1;
  if ((id == GRAPH_OP_BITWISE_AND || id == GRAPH_OP_BITWISE_OR || id == GRAPH_OP_BITWISE_XOR) &&
      graph_dtype_is_float(r->dtype)) {
    ind_emit_error(op, "'%s' needs integer or boolean operands", graph_op_name(id));
    return false;
  }
  if (id == GRAPH_OP_MASKED_FILL) { /* masked_fill(x, mask): x's shape and dtype, mask broadcasts to x */
    double v;
    if (b.dtype != GRAPH_DTYPE_I1) {
      ind_emit_error(op, "the mask of 'graph.masked_fill' must be an i1 tensor");
      return false;
    }
    if (rank != a.rank || !shape_eq(r->shape, a.shape, a.rank)) {
      ind_emit_error(op, "the mask of 'graph.masked_fill' does not broadcast to the input's shape");
      return false;
    }
    if (!graph_fill_value(op, &v)) {
      ind_emit_error(op, "'graph.masked_fill' needs a number 'value'");
      return false;
    }
    r->dtype = a.dtype;
  }
  return true;
}

static bool infer_where(MlirOperation op, Result *r) {
  Operand c, a, b;
  if (!read_operand(op, 0, &c) || !read_operand(op, 1, &a) || !read_operand(op, 2, &b))
    return false;
  if (c.dtype != GRAPH_DTYPE_I1) {
    ind_emit_error(op, "condition must be an i1 tensor");
    return false;
  }
  int64_t ab[GRAPH_MAX_RANK];
  intptr_t rab, rank;
  if (!graph_broadcast_shapes(a.shape, a.rank, b.shape, b.rank, ab, &rab) ||
      !graph_broadcast_shapes(c.shape, c.rank, ab, rab, r->shape, &rank)) {
    ind_emit_error(op, "operands are not broadcast-compatible");
    return false;
  }
  r->rank = rank;
  r->dtype = dtype_promote(a.dtype, a.rank == 0, b.dtype, b.rank == 0);
  return true;
}

/* Unary ops: same shape; transcendental ops of integers give f32 (ATen); relu/neg/abs keep it. */
static bool infer_unary(MlirOperation op, GraphOpId id, Result *r) {
  Operand x;
  if (!read_operand(op, 0, &x))
    return false;
  copy_shape(r, &x);
  r->dtype = x.dtype;
  if (id == GRAPH_OP_CONVERT)
    return written_result_dtype(op, &r->dtype);
  if (id == GRAPH_OP_GELU) {
    GraphGeluApprox ap;
    if (!graph_gelu_approximate(op, &ap)) {
      ind_emit_error(op, "'approximate' must be \"none\" or \"tanh\"");
      return false;
    }
  }
  double lo, hi;
  bool has_lo, has_hi;
  switch (id) {
  case GRAPH_OP_CLAMP:
  case GRAPH_OP_CLAMP_MIN:
  case GRAPH_OP_CLAMP_MAX:
    if (!graph_clamp_bounds(op, &has_lo, &lo, &has_hi, &hi)) {
      ind_emit_error(op, "'%s' needs %s", graph_op_name(id),
                     id == GRAPH_OP_CLAMP       ? "a number 'min' or 'max' (or both)"
                     : id == GRAPH_OP_CLAMP_MIN ? "a number 'min'"
                                                : "a number 'max'");
      return false;
    }
    return true; /* keeps the dtype */
  case GRAPH_OP_RELU:
  case GRAPH_OP_NEG:
  case GRAPH_OP_ABS:
  case GRAPH_OP_FLOOR:
  case GRAPH_OP_CEIL:
  case GRAPH_OP_ROUND:
  case GRAPH_OP_TRUNC:
  case GRAPH_OP_SIGN:
    return true; /* keep the dtype */
  case GRAPH_OP_LOGICAL_NOT:
  case GRAPH_OP_ISNAN:
  case GRAPH_OP_ISINF:
    r->dtype = GRAPH_DTYPE_I1;
    return true;
  case GRAPH_OP_BITWISE_NOT:
    if (graph_dtype_is_float(x.dtype)) {
      ind_emit_error(op, "'graph.bitwise_not' needs an integer or boolean input");
      return false;
    }
    return true;
  default: /* transcendental: integers compute in f32 */
    if (!graph_dtype_is_float(x.dtype))
      r->dtype = GRAPH_DTYPE_F32;
    return true;
  }
}

/* full / zeros / ones {shape}, full_like(x), iota / arange: the written dtype. */
static bool infer_source(MlirOperation op, GraphOpId id, Result *r) {
  double v, start, step;
  int64_t len;
  if (!written_result_dtype(op, &r->dtype))
    return false;
  if (id == GRAPH_OP_IOTA || id == GRAPH_OP_ARANGE) {
    if (!graph_range_params(op, &start, &step, &len)) {
      ind_emit_error(
          op, id == GRAPH_OP_IOTA
                  ? "'graph.iota' needs an integer 'length' >= 0 (or a static 1-d result) and number 'start', 'step'"
                  : "'graph.arange' needs a finite number 'end', 'start' and a non-zero "
                    "'step'");
      return false;
    }
    r->rank = 1;
    r->shape[0] = len;
    if (r->dtype == GRAPH_DTYPE_I1) {
      ind_emit_error(op, "'%s' cannot produce i1", graph_op_name(id));
      return false;
    }
    return true;
  }
  if (!graph_fill_value(op, &v)) {
    ind_emit_error(op, "'%s' needs a number 'value'", graph_op_name(id));
    return false;
  }
  if (id == GRAPH_OP_FULL_LIKE) {
    Operand x;
    if (!read_operand(op, 0, &x))
      return false;
    copy_shape(r, &x);
    return true;
  }
  intptr_t n;
  if (!graph_fill_shape(op, r->shape, &n)) {
    ind_emit_error(op, "'%s' needs a 'shape' array<i64> of at most %d sizes >= 0", graph_op_name(id), GRAPH_MAX_RANK);
    return false;
  }
  r->rank = n;
  return true;
}

static bool infer_constant(MlirOperation op, Result *r) {
  double v;
  if (!graph_constant_value(op, &v)) {
    ind_emit_error(op, "'value' must be a float attribute");
    return false;
  }
  if (!written_result_dtype(op, &r->dtype))
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  r->rank = 0;
  if (mlirTypeIsARankedTensor(t)) { /* a splat of the written shape; `?` dims become 1 */
    r->rank = mlirShapedTypeGetRank(t);
    for (int64_t d = 0; d < r->rank; ++d) {
      int64_t s = mlirShapedTypeGetDimSize(t, d);
      r->shape[d] = mlirShapedTypeIsDynamicSize(s) ? 1 : s;
    }
  }
  return true;
}

static bool infer_reduction(MlirOperation op, GraphOpId id, Result *r) {
  Operand x;
  if (!read_operand(op, 0, &x))
    return false;
  int64_t dims[GRAPH_MAX_RANK];
  intptr_t n;
  if (!graph_reduction_dims(op, dims, &n)) {
    ind_emit_error(op, "'dims' must be distinct dims in [-%d, %d)", (int)x.rank, (int)x.rank);
    return false;
  }
  double corr;
  if (id == GRAPH_OP_VAR && !graph_var_correction(op, &corr)) {
    ind_emit_error(op, "'correction' must be a number");
    return false;
  }
  bool keep = graph_keepdim(op), reduced[GRAPH_MAX_RANK] = {false};
  for (intptr_t i = 0; i < n; ++i)
    reduced[dims[i]] = true;
  r->rank = 0;
  for (int64_t d = 0; d < x.rank; ++d)
    if (!reduced[d])
      r->shape[r->rank++] = x.shape[d];
    else if (keep)
      r->shape[r->rank++] = 1;
  r->dtype = x.dtype;
  bool float_only = id == GRAPH_OP_MEAN || id == GRAPH_OP_VAR;
  if (float_only && !graph_dtype_is_float(x.dtype)) {
    ind_emit_error(op, "'%s' needs a floating-point input", graph_op_name(id));
    return false;
  }
  if ((id == GRAPH_OP_SUM || id == GRAPH_OP_PROD) && !graph_dtype_is_float(x.dtype))
    r->dtype = GRAPH_DTYPE_I64; /* torch: the sum / prod of a bool or integer tensor is int64 */
  if (id == GRAPH_OP_ARGMAX || id == GRAPH_OP_ARGMIN)
    r->dtype = GRAPH_DTYPE_I64;
  if ((id == GRAPH_OP_MAX_DIM || id == GRAPH_OP_MIN_DIM) && x.rank == 0) {
    ind_emit_error(op, "'%s' needs an input of rank >= 1", graph_op_name(id));
    return false;
  }
  if (id == GRAPH_OP_ANY || id == GRAPH_OP_ALL)
    r->dtype = GRAPH_DTYPE_I1;
  return true;
}

/* view/reshape: `shape` with at most one -1, same number of elements. */
static bool infer_reshape(MlirOperation op, Result *r) {
  Operand x;
  if (!read_operand(op, 0, &x))
    return false;
  intptr_t n;
  if (!graph_shape_attr(op, r->shape, &n)) {
    ind_emit_error(op, "'shape' must be an array<i64> of at most %d dims", GRAPH_MAX_RANK);
    return false;
  }
  int64_t known = 1, infer_at = -1;
  for (intptr_t i = 0; i < n; ++i) {
    if (r->shape[i] == -1 && infer_at < 0)
      infer_at = i;
    else if (r->shape[i] < 0) {
      ind_emit_error(op, "'shape' may hold one -1 and otherwise sizes >= 0");
      return false;
    } else if (__builtin_mul_overflow(known, r->shape[i], &known)) {
      ind_emit_error(op, "the requested shape's element count overflows int64");
      return false;
    }
  }
  int64_t total = numel(x.shape, x.rank);
  if (infer_at >= 0 && known > 0 && total % known == 0)
    r->shape[infer_at] = total / known;
  if ((infer_at >= 0 && (known == 0 || total % known != 0)) || numel(r->shape, n) != total) {
    ind_emit_error(op, "cannot reshape %lld elements into the requested shape", (long long)total);
    return false;
  }
  r->rank = n;
  r->dtype = x.dtype;
  /* view keeps the storage: torch raises where no strides over the input's layout give the new shape */
  GraphLayout in;
  int64_t strides[GRAPH_MAX_RANK];
  if (graph_op_id(op) == GRAPH_OP_VIEW && total > 0 && graph_value_layout(mlirOperationGetOperand(op, 0), &in, NULL) &&
      !graph_layout_is_contiguous(&in) && !graph_view_strides(&in, r->shape, n, strides)) {
    ind_emit_error(op, "view size is not compatible with input tensor's size and stride (at least one dimension "
                       "spans across two contiguous subspaces): use graph.reshape instead");
    return false;
  }
  return true;
}

/* expand: `shape` aligned to the trailing dims; -1 keeps a dim; only size-1 dims grow. */
static bool infer_expand(MlirOperation op, Result *r) {
  Operand x;
  if (!read_operand(op, 0, &x))
    return false;
  intptr_t n;
  if (!graph_shape_attr(op, r->shape, &n) || n < x.rank) {
    ind_emit_error(op, "'shape' must be an array<i64> with at least the input's %d dims", (int)x.rank);
    return false;
  }
  for (intptr_t i = 0; i < n; ++i) {
    intptr_t j = i - (n - x.rank);
    int64_t in = j >= 0 ? x.shape[j] : -1;
    if (r->shape[i] == -1 && in >= 0)
      r->shape[i] = in;
    if (r->shape[i] < 0 || (in >= 0 && in != 1 && in != r->shape[i])) {
      ind_emit_error(op, "cannot expand dim %d of size %lld to %lld", (int)i, (long long)in, (long long)r->shape[i]);
      return false;
    }
  }
  r->rank = n;
  r->dtype = x.dtype;
  return true;
}

static bool infer_permute(MlirOperation op, GraphOpId id, Result *r) {
  Operand x;
  if (!read_operand(op, 0, &x))
    return false;
  int64_t perm[GRAPH_MAX_RANK];
  intptr_t n = x.rank;
  if (id == GRAPH_OP_PERMUTE && !graph_permute_dims(op, perm, &n)) {
    ind_emit_error(op, "'dims' must be a permutation of the %d input dims", (int)x.rank);
    return false;
  }
  if (id == GRAPH_OP_TRANSPOSE) {
    int64_t a, b;
    if (!graph_transpose_dims(op, &a, &b)) {
      ind_emit_error(op, "'dim0' and 'dim1' must be dims in [-%d, %d)", (int)x.rank, (int)x.rank);
      return false;
    }
    for (int64_t d = 0; d < x.rank; ++d)
      perm[d] = d == a ? b : d == b ? a : d;
  }
  r->rank = x.rank;
  for (int64_t d = 0; d < x.rank; ++d)
    r->shape[d] = x.shape[perm[d]];
  r->dtype = x.dtype;
  return true;
}

static bool infer_squeeze(MlirOperation op, GraphOpId id, Result *r) {
  Operand x;
  if (!read_operand(op, 0, &x))
    return false;
  r->dtype = x.dtype;
  if (id == GRAPH_OP_UNSQUEEZE) {
    int64_t d;
    if (!graph_unsqueeze_dim(op, &d) || x.rank + 1 > GRAPH_MAX_RANK) {
      ind_emit_error(op, "'dim' must be in [-%d, %d]", (int)x.rank + 1, (int)x.rank);
      return false;
    }
    r->rank = 0;
    for (int64_t i = 0; i <= x.rank; ++i)
      r->shape[r->rank++] = i == d ? 1 : x.shape[i < d ? i : i - 1];
    return true;
  }
  int64_t dims[GRAPH_MAX_RANK];
  intptr_t n;
  if (!graph_squeeze_dims(op, dims, &n)) {
    ind_emit_error(op, "'dims' must be dims in [-%d, %d)", (int)x.rank, (int)x.rank);
    return false;
  }
  bool drop[GRAPH_MAX_RANK] = {false};
  for (intptr_t i = 0; i < n; ++i)
    drop[dims[i]] = true;
  r->rank = 0;
  for (int64_t d = 0; d < x.rank; ++d)
    if (!drop[d])
      r->shape[r->rank++] = x.shape[d];
  return true;
}

static bool infer_slice(MlirOperation op, Result *r) {
  Operand x;
  if (!read_operand(op, 0, &x))
    return false;
  GraphSlice s;
  if (!graph_slice_params(op, &s)) {
    ind_emit_error(op, "slice needs integer 'dim' in [-%d, %d), 'start', 'end' and 'step' >= 1", (int)x.rank,
                   (int)x.rank);
    return false;
  }
  copy_shape(r, &x);
  r->shape[s.dim] = s.len;
  r->dtype = x.dtype;
  return true;
}

/* select {dim, index}, flip {dims}, constant_pad_nd {pad, value}, repeat {repeats}. */
static bool infer_index_remap(MlirOperation op, GraphOpId id, Result *r) {
  Operand x;
  if (!read_operand(op, 0, &x))
    return false;
  copy_shape(r, &x);
  r->dtype = x.dtype;
  int64_t a, b, lo[GRAPH_MAX_RANK], hi[GRAPH_MAX_RANK], reps[GRAPH_MAX_RANK];
  intptr_t n;
  double v;
  switch (id) {
  case GRAPH_OP_SELECT:
    if (!graph_select_params(op, &a, &b)) {
      ind_emit_error(op, "'graph.select' needs a 'dim' in [-%d, %d) and an 'index' inside that dim", (int)x.rank,
                     (int)x.rank);
      return false;
    }
    for (int64_t d = a; d + 1 < x.rank; ++d)
      r->shape[d] = x.shape[d + 1];
    r->rank = x.rank - 1;
    return true;
  case GRAPH_OP_FLIP:
    if (!graph_flip_dims(op, lo, &n)) {
      ind_emit_error(op, "'dims' must be distinct dims in [-%d, %d)", (int)x.rank, (int)x.rank);
      return false;
    }
    return true;
  case GRAPH_OP_CONSTANT_PAD_ND:
    if (!graph_pad_params(op, lo, hi, &v)) {
      ind_emit_error(op, "'pad' must hold (low, high) pairs for at most the input's %d dims, 'value' a number",
                     (int)x.rank);
      return false;
    }
    for (int64_t d = 0; d < x.rank; ++d) {
      if (__builtin_add_overflow(x.shape[d], lo[d], &r->shape[d]) ||
          __builtin_add_overflow(r->shape[d], hi[d], &r->shape[d])) {
        ind_emit_error(op, "padding dim %d overflows int64", (int)d);
        return false;
      }
      if (r->shape[d] < 0) {
        ind_emit_error(op, "padding dim %d of size %lld by (%lld, %lld) leaves a negative size", (int)d,
                       (long long)x.shape[d], (long long)lo[d], (long long)hi[d]);
        return false;
      }
    }
    return true;
  default: /* repeat */
    if (!graph_repeats(op, reps, &n) || x.rank > n) {
      ind_emit_error(op, "'repeats' must hold at least the input's %d counts, each >= 0", (int)x.rank);
      return false;
    }
    r->rank = n;
    for (intptr_t d = 0; d < n; ++d) {
      intptr_t j = d - (n - x.rank);
      if (__builtin_mul_overflow(reps[d], j >= 0 ? x.shape[j] : 1, &r->shape[d])) {
        ind_emit_error(op, "repeating dim %d %lld times overflows int64", (int)d, (long long)reps[d]);
        return false;
      }
    }
    return true;
  }
}

static bool infer_cat(MlirOperation op, Result *r) {
  Operand first;
  if (!read_operand(op, 0, &first))
    return false;
  int64_t dim;
  if (!graph_dim(op, &dim)) {
    ind_emit_error(op, "'dim' must be a dim in [-%d, %d)", (int)first.rank, (int)first.rank);
    return false;
  }
  copy_shape(r, &first);
  r->dtype = first.dtype;
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); ++i) {
    Operand o;
    if (!read_operand(op, i, &o))
      return false;
    bool same = o.rank == first.rank;
    for (int64_t d = 0; same && d < o.rank; ++d)
      same = d == dim || o.shape[d] == first.shape[d];
    if (!same) {
      ind_emit_error(op, "operand #%d does not match operand #0 outside dim %d", (int)i, (int)dim);
      return false;
    }
    r->shape[dim] += o.shape[dim];
    r->dtype = dtype_promote(r->dtype, false, o.dtype, false);
  }
  return true;
}

static bool infer_same_float(MlirOperation op, GraphOpId id, Result *r) {
  Operand x;
  if (!read_operand(op, 0, &x))
    return false;
  copy_shape(r, &x);
  r->dtype = x.dtype;
  int64_t d;
  if ((id == GRAPH_OP_SOFTMAX || id == GRAPH_OP_LOG_SOFTMAX || id == GRAPH_OP__SOFTMAX || id == GRAPH_OP_CUMSUM) &&
      !graph_dim(op, &d)) {
    ind_emit_error(op, "'dim' must be a dim in [-%d, %d)", (int)x.rank, (int)x.rank);
    return false;
  }
  if (id == GRAPH_OP_CUMSUM && !graph_dtype_is_float(x.dtype)) {
    r->dtype = GRAPH_DTYPE_I64; /* ATen: the cumsum of an integer or bool tensor is int64 */
    return true;
  }
  if (id != GRAPH_OP_CONTIGUOUS && id != GRAPH_OP_CLONE && !graph_dtype_is_float(x.dtype)) {
    ind_emit_error(op, "'%s' needs a floating-point input", graph_op_name(id));
    return false;
  }
  return true;
}

/* scaled_dot_product_attention(q [..., L, E], k [..., S, E], v [..., S, Ev]) -> [..., L, Ev]. */
static bool infer_sdpa(MlirOperation op, Result *r) {
  Operand q, k, v;
  if (!read_operand(op, 0, &q) || !read_operand(op, 1, &k) || !read_operand(op, 2, &v))
    return false;
  double scale;
  bool causal;
  if (!graph_sdpa_params(op, &scale, &causal)) {
    ind_emit_error(op, "'scale' must be a number and 'is_causal' a bool");
    return false;
  }
  int64_t n = q.rank;
  if (n < 2 || k.rank != n || v.rank != n || !shape_eq(q.shape, k.shape, n - 2) || !shape_eq(q.shape, v.shape, n - 2)) {
    ind_emit_error(op, "query, key and value need the same rank >= 2 and the same leading (batch) dims");
    return false;
  }
  if (q.shape[n - 1] != k.shape[n - 1] || k.shape[n - 2] != v.shape[n - 2]) {
    ind_emit_error(op, "key must be [..., S, E] for a query [..., L, E] and value [..., S, Ev]");
    return false;
  }
  copy_shape(r, &q);
  r->shape[n - 1] = v.shape[n - 1];
  r->dtype = dtype_promote(dtype_promote(q.dtype, false, k.dtype, false), false, v.dtype, false);
  if (!graph_dtype_is_float(r->dtype)) {
    ind_emit_error(op, "'graph.scaled_dot_product_attention' needs floating-point operands");
    return false;
  }
  return true;
}

/* layer_norm(x, w, b) / rms_norm(x, w): x's trailing dims are normalized_shape, w and b have it. */
static bool infer_norm(MlirOperation op, Result *r) {
  Operand x;
  if (!read_operand(op, 0, &x))
    return false;
  int64_t ns[GRAPH_MAX_RANK];
  intptr_t n;
  double eps;
  if (!graph_normalized_shape(op, ns, &n) || n < 1 || n > x.rank || !shape_eq(x.shape + x.rank - n, ns, n)) {
    ind_emit_error(op, "'normalized_shape' must be the input's trailing dims");
    return false;
  }
  if (!graph_eps(op, &eps)) {
    ind_emit_error(op, "'eps' must be a float attribute");
    return false;
  }
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(op); ++i) {
    Operand w;
    if (!read_operand(op, i, &w))
      return false;
    if (w.rank != n || !shape_eq(w.shape, ns, n)) {
      ind_emit_error(op, "operand #%d must have shape 'normalized_shape'", (int)i);
      return false;
    }
  }
  copy_shape(r, &x);
  r->dtype = x.dtype;
  if (!graph_dtype_is_float(x.dtype)) {
    ind_emit_error(op, "normalization needs a floating-point input");
    return false;
  }
  return true;
}

/* split {dim, split_size | split_sizes}: result i is the input with `dim` cut to piece i's size. */
static bool infer_split(MlirOperation op, intptr_t i, Result *r) {
  Operand x;
  if (!read_operand(op, 0, &x))
    return false;
  int64_t d, sizes[GRAPH_MAX_SPLIT];
  intptr_t n;
  if (!graph_split_params(op, &d, sizes, &n)) {
    ind_emit_error(op,
                   "'graph.split' needs a 'dim' in [-%d, %d) of a non-empty input and a 'split_size' >= 1 that "
                   "makes at most %d pieces",
                   (int)x.rank, (int)x.rank, GRAPH_MAX_SPLIT);
    return false;
  }
  if (mlirOperationGetNumResults(op) != n) {
    ind_emit_error(op, "'graph.split' makes %d piece(s) of dim %d (size %lld) but has %d result(s)", (int)n, (int)d,
                   (long long)x.shape[d], (int)mlirOperationGetNumResults(op));
    return false;
  }
  copy_shape(r, &x);
  r->shape[d] = sizes[i < n ? i : 0];
  r->dtype = x.dtype;
  return true;
}

/* native_layer_norm: out as layer_norm; mean and rstd (results 1, 2) keep the leading dims and have
 * size 1 in the normalized ones (ATen), in the input's dtype. */
static bool infer_norm(MlirOperation op, Result *r);
static bool infer_native_layer_norm(MlirOperation op, intptr_t i, Result *r) {
  if (!infer_norm(op, r))
    return false;
  int64_t ns[GRAPH_MAX_RANK];
  intptr_t n;
  graph_normalized_shape(op, ns, &n);
  for (intptr_t k = 0; i > 0 && k < n; ++k)
    r->shape[r->rank - n + k] = 1;
  return true;
}

/* native_group_norm(x [N, C, *], w [C], b [C]) {group, eps}: out has x's shape; mean and rstd are
 * [N, group] (ATen). */
static bool infer_group_norm(MlirOperation op, intptr_t i, Result *r) {
  Operand x;
  if (!read_operand(op, 0, &x))
    return false;
  int64_t g;
  double eps;
  if (x.rank < 2) {
    ind_emit_error(op, "'graph.native_group_norm' needs an input of rank >= 2 ([N, C, *]), got rank %d", (int)x.rank);
    return false;
  }
  if (!graph_group_norm_groups(op, &g)) {
    ind_emit_error(op, "'graph.native_group_norm' needs a 'group' >= 1 that divides the %lld channels (dim 1)",
                   (long long)x.shape[1]);
    return false;
  }
  if (!graph_eps(op, &eps)) {
    ind_emit_error(op, "'eps' must be a float attribute");
    return false;
  }
  for (intptr_t k = 1; k < 3; ++k) {
    Operand w;
    if (!read_operand(op, k, &w))
      return false;
    if (w.rank != 1 || w.shape[0] != x.shape[1]) {
      ind_emit_error(op, "operand #%d must have shape [%lld] (the channels)", (int)k, (long long)x.shape[1]);
      return false;
    }
  }
  if (!graph_dtype_is_float(x.dtype)) {
    ind_emit_error(op, "normalization needs a floating-point input");
    return false;
  }
  r->dtype = x.dtype;
  if (i == 0) {
    copy_shape(r, &x);
  } else {
    r->rank = 2;
    r->shape[0] = x.shape[0], r->shape[1] = g;
  }
  return true;
}

static bool inner_dim_error(MlirOperation op, int64_t k1, int64_t k2) {
  ind_emit_error(op, "matmul inner dims differ: %lld vs %lld", (long long)k1, (long long)k2);
  return false;
}

static bool rank_error(MlirOperation op, int want) {
  ind_emit_error(op, "'%s' expects rank-%d operands", graph_op_name(graph_op_id(op)), want);
  return false;
}

/* mm [M,K]x[K,N]; bmm [B,M,K]x[B,K,N]; addmm bias broadcast to [M,N]; linear x[...,K] w[N,K]. */
static bool infer_matmul(MlirOperation op, GraphOpId id, Result *r) {
  Operand a, b, bias;
  intptr_t first = id == GRAPH_OP_ADDMM ? 1 : 0;
  if (!read_operand(op, first, &a) || !read_operand(op, first + 1, &b))
    return false;
  r->dtype = dtype_promote(a.dtype, false, b.dtype, false);
  if (id == GRAPH_OP_LINEAR) {
    if (a.rank < 1 || b.rank != 2)
      return rank_error(op, 2);
    if (a.shape[a.rank - 1] != b.shape[1])
      return inner_dim_error(op, a.shape[a.rank - 1], b.shape[1]);
    copy_shape(r, &a);
    r->shape[a.rank - 1] = b.shape[0];
  } else if (id == GRAPH_OP_BMM) {
    if (a.rank != 3 || b.rank != 3)
      return rank_error(op, 3);
    if (a.shape[2] != b.shape[1])
      return inner_dim_error(op, a.shape[2], b.shape[1]);
    if (a.shape[0] != b.shape[0]) {
      ind_emit_error(op, "bmm batch dims differ: %lld vs %lld", (long long)a.shape[0], (long long)b.shape[0]);
      return false;
    }
    r->rank = 3;
    r->shape[0] = a.shape[0], r->shape[1] = a.shape[1], r->shape[2] = b.shape[2];
  } else {
    if (a.rank != 2 || b.rank != 2)
      return rank_error(op, 2);
    if (a.shape[1] != b.shape[0])
      return inner_dim_error(op, a.shape[1], b.shape[0]);
    r->rank = 2;
    r->shape[0] = a.shape[0], r->shape[1] = b.shape[1];
  }
  intptr_t bias_at = id == GRAPH_OP_ADDMM ? 0 : id == GRAPH_OP_LINEAR && mlirOperationGetNumOperands(op) == 3 ? 2 : -1;
  if (bias_at >= 0) {
    int64_t out[GRAPH_MAX_RANK];
    intptr_t rout;
    if (!read_operand(op, bias_at, &bias))
      return false;
    if (!graph_broadcast_shapes(bias.shape, bias.rank, r->shape, r->rank, out, &rout) || rout != r->rank ||
        !shape_eq(out, r->shape, r->rank)) {
      ind_emit_error(op, "bias does not broadcast to the matmul result");
      return false;
    }
  }
  double alpha, beta;
  if (id == GRAPH_OP_ADDMM && !graph_addmm_scales(op, &alpha, &beta)) {
    ind_emit_error(op, "'alpha' and 'beta' must be numbers");
    return false;
  }
  if (!graph_dtype_is_float(r->dtype)) {
    ind_emit_error(op, "matmul needs floating-point operands");
    return false;
  }
  return true;
}

/* index_select(x, index) {dim}, gather(x, index) {dim}, embedding(weight, indices): the index is an
 * i32/i64 tensor; the result has x's dtype. Index values are checked where they are known (the
 * interpreter; the compiled kernels wrap negatives and clamp, docs/dialects/graph.md). */
static bool infer_indirect(MlirOperation op, GraphOpId id, Result *r) {
  Operand x, ix;
  if (!read_operand(op, 0, &x) || !read_operand(op, 1, &ix))
    return false;
  if (ix.dtype != GRAPH_DTYPE_I32 && ix.dtype != GRAPH_DTYPE_I64) {
    ind_emit_error(op, "the index of '%s' must be an i32 or i64 tensor", graph_op_name(id));
    return false;
  }
  r->dtype = x.dtype;
  if (id == GRAPH_OP_EMBEDDING) {
    if (x.rank != 2) {
      ind_emit_error(op, "the weight of 'graph.embedding' must be 2-D, got rank %d", (int)x.rank);
      return false;
    }
    if (ix.rank + 1 > GRAPH_MAX_RANK) {
      ind_emit_error(op, "'graph.embedding' of rank-%d indices gives more than %d dims", (int)ix.rank, GRAPH_MAX_RANK);
      return false;
    }
    copy_shape(r, &ix);
    r->shape[r->rank++] = x.shape[1];
    return true;
  }
  int64_t dim;
  if (x.rank < 1) {
    ind_emit_error(op, "'%s' needs an input of rank >= 1", graph_op_name(id));
    return false;
  }
  if (!graph_dim(op, &dim)) {
    ind_emit_error(op, "'%s' needs a 'dim' in [-%d, %d)", graph_op_name(id), (int)x.rank, (int)x.rank);
    return false;
  }
  if (id == GRAPH_OP_INDEX_SELECT) {
    if (ix.rank > 1) {
      ind_emit_error(op, "the index of 'graph.index_select' must be 1-D (or 0-d), got rank %d", (int)ix.rank);
      return false;
    }
    copy_shape(r, &x);
    r->shape[dim] = ix.rank ? ix.shape[0] : 1;
    return true;
  }
  if (ix.rank != x.rank) {
    ind_emit_error(op, "the index of 'graph.gather' must have the input's rank %d, got %d", (int)x.rank, (int)ix.rank);
    return false;
  }
  for (int64_t d = 0; d < x.rank; ++d)
    if (d != dim && ix.shape[d] > x.shape[d]) {
      ind_emit_error(op, "the index of 'graph.gather' is larger than the input in dim %d (%lld > %lld)", (int)d,
                     (long long)ix.shape[d], (long long)x.shape[d]);
      return false;
    }
  copy_shape(r, &ix);
  return true;
}

static bool infer(MlirOperation op, GraphOpId id, Result *r) {
  switch (graph_op_id_kind(id)) {
  case GRAPH_KIND_POINTWISE_BINARY:
    return infer_binary(op, id, r);
  case GRAPH_KIND_WHERE:
    return infer_where(op, r);
  case GRAPH_KIND_POINTWISE_UNARY:
    return infer_unary(op, id, r);
  case GRAPH_KIND_CONSTANT:
    return id == GRAPH_OP_CONSTANT ? infer_constant(op, r) : infer_source(op, id, r);
  case GRAPH_KIND_REDUCTION:
    return infer_reduction(op, id, r);
  case GRAPH_KIND_MATMUL:
    return infer_matmul(op, id, r);
  case GRAPH_KIND_NONE:
    return false;
  case GRAPH_KIND_VIEW:
  case GRAPH_KIND_LAYOUT:
  case GRAPH_KIND_COMPOSITE:
    break;
  }
  switch (id) {
  case GRAPH_OP_VIEW:
  case GRAPH_OP_RESHAPE:
    return infer_reshape(op, r);
  case GRAPH_OP_EXPAND:
    return infer_expand(op, r);
  case GRAPH_OP_PERMUTE:
  case GRAPH_OP_TRANSPOSE:
    return infer_permute(op, id, r);
  case GRAPH_OP_SQUEEZE:
  case GRAPH_OP_UNSQUEEZE:
    return infer_squeeze(op, id, r);
  case GRAPH_OP_SLICE:
    return infer_slice(op, r);
  case GRAPH_OP_CAT:
    return infer_cat(op, r);
  case GRAPH_OP_SELECT:
  case GRAPH_OP_FLIP:
  case GRAPH_OP_CONSTANT_PAD_ND:
  case GRAPH_OP_REPEAT:
    return infer_index_remap(op, id, r);
  case GRAPH_OP_INDEX_SELECT:
  case GRAPH_OP_GATHER:
  case GRAPH_OP_EMBEDDING:
    return infer_indirect(op, id, r);
  case GRAPH_OP_LAYER_NORM:
  case GRAPH_OP_RMS_NORM:
    return infer_norm(op, r);
  case GRAPH_OP_LINEAR:
    return infer_matmul(op, id, r);
  case GRAPH_OP_SDPA:
    return infer_sdpa(op, r);
  case GRAPH_OP_SPLIT:
    return infer_split(op, 0, r);
  case GRAPH_OP_NATIVE_LAYER_NORM:
    return infer_native_layer_norm(op, 0, r);
  case GRAPH_OP_NATIVE_GROUP_NORM:
    return infer_group_norm(op, 0, r);
  default:
    return infer_same_float(op, id, r);
  }
}

MlirType graph_infer_type(MlirOperation op) {
  GraphOpId id = graph_op_id(op);
  if (id == GRAPH_OP_UNKNOWN) {
    ind_emit_error(op, "not a graph op");
    return (MlirType){NULL};
  }
  Result r = {0};
  if (graph_op_num_results(id) >= 0 && mlirOperationGetNumResults(op) != graph_op_num_results(id)) {
    ind_emit_error(op, "'%s' must have %s", graph_op_name(id),
                   graph_op_num_results(id) == 3   ? "three results"
                   : graph_op_num_results(id) == 2 ? "two results"
                                                   : "one result");
    return (MlirType){NULL};
  }
  if (!check_num_operands(op, id) || !infer(op, id, &r))
    return (MlirType){NULL};
  return make_type(op, &r);
}

MlirType graph_infer_result_type(MlirOperation op, intptr_t i) {
  MlirType t = graph_infer_type(op);
  if (mlirTypeIsNull(t) || i == 0)
    return t;
  GraphOpId id = graph_op_id(op);
  Result r = {0};
  if (id == GRAPH_OP_SPLIT || id == GRAPH_OP_NATIVE_LAYER_NORM || id == GRAPH_OP_NATIVE_GROUP_NORM) {
    bool ok = id == GRAPH_OP_SPLIT               ? infer_split(op, i, &r)
              : id == GRAPH_OP_NATIVE_LAYER_NORM ? infer_native_layer_norm(op, i, &r)
                                                 : infer_group_norm(op, i, &r);
    return ok ? make_type(op, &r) : (MlirType){NULL};
  }
  int64_t shape[GRAPH_MAX_RANK];
  int64_t rank = mlirShapedTypeGetRank(t);
  for (int64_t d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  return mlirRankedTensorTypeGet(rank, shape, mlirIntegerTypeGet(mlirOperationGetContext(op), 64),
                                 mlirAttributeGetNull()); /* max_dim / min_dim: the indices */
}

bool graph_type_compatible(MlirType written, MlirType inferred) {
  if (!mlirTypeIsAShaped(written) ||
      !mlirTypeEqual(mlirShapedTypeGetElementType(written), mlirShapedTypeGetElementType(inferred)))
    return false;
  if (!mlirShapedTypeHasRank(written))
    return true;
  int64_t rank = mlirShapedTypeGetRank(written);
  if (rank != mlirShapedTypeGetRank(inferred))
    return false;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t w = mlirShapedTypeGetDimSize(written, d);
    if (!mlirShapedTypeIsDynamicSize(w) && w != mlirShapedTypeGetDimSize(inferred, d))
      return false;
  }
  return true;
}

MlirLogicalResult graph_verify_result_types(MlirOperation op) {
  for (intptr_t i = 0; i < graph_op_num_results(graph_op_id(op)); ++i) {
    MlirType inferred = graph_infer_result_type(op, i);
    if (mlirTypeIsNull(inferred))
      return mlirLogicalResultFailure();
    MlirType written = mlirValueGetType(mlirOperationGetResult(op, i));
    if (!graph_type_compatible(written, inferred)) {
      IndStrBuf w = {0}, t = {0};
      mlirTypePrint(written, ind_strbuf_callback, &w);
      mlirTypePrint(inferred, ind_strbuf_callback, &t);
      MlirLogicalResult r = ind_emit_error(op, "result type mismatch: written %s, inferred %s", w.data, t.data);
      ind_strbuf_free(&w);
      ind_strbuf_free(&t);
      return r;
    }
  }
  return mlirLogicalResultSuccess();
}
