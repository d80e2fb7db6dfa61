/* graph.h - typed access to the graph dialect (ATen-level tensor ops); docs/dialects/graph.md.
 *
 * Every stage that reads or writes graph ops goes through this header, so op names and attribute
 * keys are spelled once (in graph.c; the shape rules in shape_rules.c):
 *   - an op table: GraphOpId (one per op) and GraphOpKind (the category a stage dispatches on);
 *   - attribute accessors that apply the documented defaults and normalize negative dims
 *     (ATen convention: dim -1 is the last dim), returning false on a missing or bad attribute;
 *   - the shape/dtype rule of every op (graph_infer_type: the FakeTensor "meta function" analogue,
 *     also used by the builders to type their results);
 *   - builders that insert new ops before an anchor op;
 *   - graph_value_layout: the strides/offset a value has when views are strided (permute,
 *     transpose, expand, slice, squeeze, unsqueeze, view of a contiguous tensor). */
#ifndef IND_DIALECTS_GRAPH_GRAPH_H
#define IND_DIALECTS_GRAPH_GRAPH_H

#include <mlir-c/IR.h>
#include <mlir-c/Rewrite.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The largest tensor rank the graph stage handles. */
#define GRAPH_MAX_RANK 8

typedef enum GraphOpId {
  GRAPH_OP_UNKNOWN = 0, /* not a graph op */
  /* pointwise binary (numpy broadcasting) */
  GRAPH_OP_ADD,
  GRAPH_OP_SUB,
  GRAPH_OP_MUL,
  GRAPH_OP_DIV,
  GRAPH_OP_POW,
  GRAPH_OP_MAXIMUM,
  GRAPH_OP_MINIMUM,
  GRAPH_OP_EQ, /* comparisons: i1 results */
  GRAPH_OP_NE,
  GRAPH_OP_LT,
  GRAPH_OP_LE,
  GRAPH_OP_GT,
  GRAPH_OP_GE,
  GRAPH_OP_WHERE, /* where(cond, lhs, rhs) */
  /* pointwise unary */
  GRAPH_OP_RELU,
  GRAPH_OP_NEG,
  GRAPH_OP_ABS,
  GRAPH_OP_EXP,
  GRAPH_OP_LOG,
  GRAPH_OP_SQRT,
  GRAPH_OP_RSQRT,
  GRAPH_OP_RECIPROCAL,
  GRAPH_OP_TANH,
  GRAPH_OP_SIGMOID,
  GRAPH_OP_ERF,
  GRAPH_OP_GELU,    /* approximate = "none" (default) | "tanh" */
  GRAPH_OP_CONVERT, /* dtype conversion to the result's element type */
  GRAPH_OP_CONSTANT,
  /* reductions over `dims` with `keepdim` */
  GRAPH_OP_SUM,
  GRAPH_OP_MEAN,
  GRAPH_OP_AMAX,
  GRAPH_OP_AMIN,
  GRAPH_OP_PROD,
  GRAPH_OP_VAR, /* correction (default 1) */
  /* views */
  GRAPH_OP_VIEW,
  GRAPH_OP_RESHAPE,
  GRAPH_OP_PERMUTE,
  GRAPH_OP_TRANSPOSE,
  GRAPH_OP_EXPAND,
  GRAPH_OP_SQUEEZE,
  GRAPH_OP_UNSQUEEZE,
  GRAPH_OP_SLICE,
  /* layout: produce new contiguous storage */
  GRAPH_OP_CAT,
  GRAPH_OP_CONTIGUOUS,
  GRAPH_OP_CLONE,
  /* composites (graph-decompose expands them) */
  GRAPH_OP_SOFTMAX,
  GRAPH_OP_LOG_SOFTMAX,
  GRAPH_OP_LAYER_NORM,
  GRAPH_OP_RMS_NORM,
  GRAPH_OP_LINEAR,
  /* extern kernels */
  GRAPH_OP_MM,
  GRAPH_OP_BMM,
  GRAPH_OP_ADDMM,
  /* issue 11: sources (constants of a shape, index ranges) */
  GRAPH_OP_FULL,      /* full {value, shape} */
  GRAPH_OP_ZEROS,     /* zeros {shape} */
  GRAPH_OP_ONES,      /* ones {shape} */
  GRAPH_OP_FULL_LIKE, /* full_like(x) {value}: x's shape, the written dtype */
  GRAPH_OP_IOTA,      /* prims.iota {length, start = 0, step = 1} */
  GRAPH_OP_ARANGE,    /* arange {end, start = 0.0, step = 1.0} */
  /* more pointwise unary */
  GRAPH_OP_SILU,
  GRAPH_OP_SIN,
  GRAPH_OP_COS,
  GRAPH_OP_FLOOR,
  GRAPH_OP_CEIL,
  GRAPH_OP_ROUND, /* half to even, as ATen */
  GRAPH_OP_TRUNC,
  GRAPH_OP_SIGN,
  GRAPH_OP_LOGICAL_NOT,
  GRAPH_OP_BITWISE_NOT,
  GRAPH_OP_ISNAN,
  GRAPH_OP_ISINF,
  GRAPH_OP_CLAMP,     /* {min?, max?} (at least one) */
  GRAPH_OP_CLAMP_MIN, /* {min} */
  GRAPH_OP_CLAMP_MAX, /* {max} */
  /* more pointwise binary */
  GRAPH_OP_REMAINDER, /* Python %: the sign of the divisor */
  GRAPH_OP_FMOD,      /* C fmod: the sign of the dividend */
  GRAPH_OP_LOGICAL_AND,
  GRAPH_OP_LOGICAL_OR,
  GRAPH_OP_BITWISE_AND,
  GRAPH_OP_BITWISE_OR,
  GRAPH_OP_BITWISE_XOR,
  GRAPH_OP_MASKED_FILL, /* masked_fill(x, mask) {value} */
  /* reductions with indices / booleans */
  GRAPH_OP_ARGMAX,
  GRAPH_OP_ARGMIN,
  GRAPH_OP_ANY,
  GRAPH_OP_ALL,
  /* index remaps */
  GRAPH_OP_FLIP,            /* {dims} */
  GRAPH_OP_SELECT,          /* {dim, index} */
  GRAPH_OP_CONSTANT_PAD_ND, /* {pad, value = 0} */
  GRAPH_OP_REPEAT,          /* {repeats} */
  /* more composites */
  GRAPH_OP__SOFTMAX, /* aten_softmax: ATen _softmax(x, dim, half_to_float) (IRDL names cannot start with _) */
  GRAPH_OP_SDPA,
  /* two results: values and i64 indices */
  GRAPH_OP_MAX_DIM, /* ATen max.dim {dim, keepdim} */
  GRAPH_OP_MIN_DIM, /* ATen min.dim {dim, keepdim} */
  /* issue 11, part 2 (composites: graph-decompose expands them) */
  GRAPH_OP_SPLIT,             /* split {dim, split_size}: one result per piece (views) */
  GRAPH_OP_NATIVE_LAYER_NORM, /* native_layer_norm(x, w, b) {normalized_shape, eps}: out, mean, rstd */
  GRAPH_OP_NATIVE_GROUP_NORM, /* native_group_norm(x, w, b) {group, eps}: out, mean [N, G], rstd [N, G] */
  GRAPH_OP_CUMSUM,            /* cumsum {dim} */
  /* indirect indexing (the index tensor's values in the load's address) */
  GRAPH_OP_INDEX_SELECT, /* index_select(x, index) {dim}: index 1-D, integer */
  GRAPH_OP_GATHER,       /* gather(x, index) {dim}: index of x's rank, integer; the result has its shape */
  GRAPH_OP_EMBEDDING,    /* embedding(weight, indices): weight 2-D; indices.shape + [weight.shape[1]] */
  GRAPH_OP_COUNT
} GraphOpId;

typedef enum GraphOpKind {
  GRAPH_KIND_NONE = 0, /* not a graph op */
  GRAPH_KIND_POINTWISE_UNARY,
  GRAPH_KIND_POINTWISE_BINARY, /* includes the comparisons */
  GRAPH_KIND_WHERE,
  GRAPH_KIND_CONSTANT,
  GRAPH_KIND_REDUCTION,
  GRAPH_KIND_VIEW,   /* view reshape permute transpose expand squeeze unsqueeze slice */
  GRAPH_KIND_LAYOUT, /* cat contiguous clone */
  GRAPH_KIND_COMPOSITE,
  GRAPH_KIND_MATMUL, /* mm bmm addmm */
} GraphOpKind;

GraphOpId graph_op_id(MlirOperation op);
GraphOpKind graph_op_kind(MlirOperation op);
GraphOpKind graph_op_id_kind(GraphOpId id);
/* "graph.add" for GRAPH_OP_ADD; "add" from graph_op_short_name (the ATen name). */
const char *graph_op_name(GraphOpId id);
const char *graph_op_short_name(GraphOpId id);
/* Fixed operand count of the op (-1 for cat, which is variadic; linear takes 2 or 3). */
int graph_op_num_operands(GraphOpId id);
bool graph_op_is_comparison(GraphOpId id);

/* --- Element types. f32/f16/bf16 are float storage types (compute in f32); i1 holds comparison
 * results; i32/i64 integer inputs. Anything else (f64, complex, ...) is unsupported. */
typedef enum GraphDtype {
  GRAPH_DTYPE_UNSUPPORTED = 0,
  GRAPH_DTYPE_I1,
  GRAPH_DTYPE_I32,
  GRAPH_DTYPE_I64,
  GRAPH_DTYPE_F16,
  GRAPH_DTYPE_BF16,
  GRAPH_DTYPE_F32,
} GraphDtype;
GraphDtype graph_dtype_of(MlirType element_type);
bool graph_dtype_is_float(GraphDtype d);
MlirType graph_dtype_type(MlirContext ctx, GraphDtype d);

/* --- Attribute keys (spelled once, here). */
#define GRAPH_ATTR_VALUE "value"
#define GRAPH_ATTR_DIMS "dims"
#define GRAPH_ATTR_KEEPDIM "keepdim"
#define GRAPH_ATTR_CORRECTION "correction"
/* Unit attribute graph-decompose puts on the sum / mean of squared deviations it makes of var and
 * layer_norm (Inductor's var_mean): the lowering may compute that one with welford (docs/passes/lower.md).
 * A user's own mean((x - mean(x))**2) is not tagged, and Inductor keeps it two-step too. */
#define GRAPH_ATTR_VAR_M2 "var_m2"
#define GRAPH_ATTR_APPROXIMATE "approximate"
#define GRAPH_ATTR_SHAPE "shape"
#define GRAPH_ATTR_DIM "dim"
#define GRAPH_ATTR_DIM0 "dim0"
#define GRAPH_ATTR_DIM1 "dim1"
#define GRAPH_ATTR_START "start"
#define GRAPH_ATTR_END "end"
#define GRAPH_ATTR_STEP "step"
#define GRAPH_ATTR_NORMALIZED_SHAPE "normalized_shape"
#define GRAPH_ATTR_EPS "eps"
#define GRAPH_ATTR_ALPHA "alpha"
#define GRAPH_ATTR_BETA "beta"
#define GRAPH_ATTR_MIN "min"
#define GRAPH_ATTR_MAX "max"
#define GRAPH_ATTR_LENGTH "length"
#define GRAPH_ATTR_INDEX "index"
#define GRAPH_ATTR_PAD "pad"
#define GRAPH_ATTR_REPEATS "repeats"
#define GRAPH_ATTR_SCALE "scale"
#define GRAPH_ATTR_IS_CAUSAL "is_causal"
#define GRAPH_ATTR_SPLIT_SIZE "split_size"
#define GRAPH_ATTR_GROUP "group"
#define GRAPH_ATTR_STRIDES "strides" /* optional, recorded by graph-infer-shapes on views */

/* --- Accessors. Each returns false when the attribute is missing (and has no default) or is
 * invalid for the operand's rank; dims come back normalized to [0, rank). */

/* The input rank of a single-input op's operand 0 (-1 when not a ranked tensor). */
int64_t graph_operand_rank(MlirOperation op, intptr_t i);

/* graph.constant's value. */
bool graph_constant_value(MlirOperation op, double *out);
/* Reduction dims (sum mean amax amin prod var), sorted, deduplicated; an empty `dims` array means
 * every dim (ATen). *n receives the count. */
bool graph_reduction_dims(MlirOperation op, int64_t *out, intptr_t *n);
/* keepdim of a reduction (default false). */
bool graph_keepdim(MlirOperation op);
/* var's correction (default 1; Bessel's correction). */
bool graph_var_correction(MlirOperation op, double *out);
typedef enum GraphGeluApprox { GRAPH_GELU_NONE, GRAPH_GELU_TANH } GraphGeluApprox;
/* gelu's approximate (default "none"); false for any other string. */
bool graph_gelu_approximate(MlirOperation op, GraphGeluApprox *out);
/* permute's dims: a permutation of [0, rank). */
bool graph_permute_dims(MlirOperation op, int64_t *out, intptr_t *n);
/* transpose's dim0/dim1. */
bool graph_transpose_dims(MlirOperation op, int64_t *dim0, int64_t *dim1);
/* unsqueeze's dim, in [0, rank] (rank of the input; the result has rank+1). */
bool graph_unsqueeze_dim(MlirOperation op, int64_t *out);
/* squeeze's dims: the listed dims (each must have size 1 to be removed: ATen leaves other dims
 * alone), or every size-1 dim when `dims` is absent. */
bool graph_squeeze_dims(MlirOperation op, int64_t *out, intptr_t *n);
/* slice(dim, start, end, step = 1), ATen semantics: negative start/end count from the end, both are
 * clamped to [0, size], step >= 1; *len is the result length along dim. */
typedef struct GraphSlice {
  int64_t dim, start, end, step, len;
} GraphSlice;
bool graph_slice_params(MlirOperation op, GraphSlice *out);
/* The `dim` of cat / softmax / log_softmax, normalized with the (first) input's rank. */
bool graph_dim(MlirOperation op, int64_t *out);
/* view/reshape/expand's `shape` as written (may hold one -1 for view/reshape, and -1 = keep for
 * expand); *n is its length. */
bool graph_shape_attr(MlirOperation op, int64_t *out, intptr_t *n);
/* layer_norm/rms_norm's normalized_shape and eps. */
bool graph_normalized_shape(MlirOperation op, int64_t *out, intptr_t *n);
bool graph_eps(MlirOperation op, double *out);
/* addmm's alpha and beta (default 1): result = beta * bias + alpha * (lhs @ rhs). */
bool graph_addmm_scales(MlirOperation op, double *alpha, double *beta);
/* Whether addmm is a plain matmul plus a bias vector (the form an extern mm takes in its epilogue):
 * alpha = beta = 1, ranked types, the bias rank 1 with one element per result column, in the result's
 * element type. graph-decompose keeps such an addmm whole where it pays; the lowering takes no other. */
bool graph_addmm_is_bias_mm(MlirOperation op);

/* --- Accessors of the issue-11 ops (same conventions). */
/* clamp's bounds (clamp_min: min only, clamp_max: max only); false when neither is given. */
bool graph_clamp_bounds(MlirOperation op, bool *has_min, double *min, bool *has_max, double *max);
/* full / full_like / masked_fill's `value`; zeros 0, ones 1. */
bool graph_fill_value(MlirOperation op, double *out);
/* The shape of full / zeros / ones (`shape`, sizes >= 0). */
bool graph_fill_shape(MlirOperation op, int64_t *out, intptr_t *n);
/* iota {length >= 0 (default: the written 1-d result's static size), start = 0, step = 1} and arange {end, start = 0,
 * step = 1 (non-zero)}, as start + i * step for i in [0, length): arange's length is ceil((end - start) / step). */
bool graph_range_params(MlirOperation op, double *start, double *step, int64_t *length);
/* flip's dims, normalized and sorted, distinct. */
bool graph_flip_dims(MlirOperation op, int64_t *out, intptr_t *n);
/* select's dim and index (a negative index counts from the end; must lie in [0, size)). */
bool graph_select_params(MlirOperation op, int64_t *dim, int64_t *index);
/* constant_pad_nd: per dim of the input, the (low, high) pads (ATen's `pad` lists them from the last
 * dim backwards; negative pads crop), and the fill value (default 0). */
bool graph_pad_params(MlirOperation op, int64_t *low, int64_t *high, double *value);
/* repeat's repeats (at least the input's rank entries, each >= 0). */
bool graph_repeats(MlirOperation op, int64_t *out, intptr_t *n);

/* split's dim and piece sizes (ATen split.Tensor): every piece `split_size` (>= 1) long but the last,
 * which holds the rest. At most GRAPH_MAX_SPLIT pieces. (split_with_sizes is imported as slices.) */
#define GRAPH_MAX_SPLIT 64
bool graph_split_params(MlirOperation op, int64_t *dim, int64_t *sizes, intptr_t *n);
/* native_group_norm's group count (>= 1, dividing the channels: dim 1 of the input). */
bool graph_group_norm_groups(MlirOperation op, int64_t *group);

/* scaled_dot_product_attention: scale (default 1/sqrt(E), E = the query's last dim) and is_causal
 * (default false: a causal mask keeps key j <= query i, aligned at the top left, as ATen). */
bool graph_sdpa_params(MlirOperation op, double *scale, bool *is_causal);

/* --- Shape and dtype rules. Computes the result type of `op` from its operands and attributes
 * (operands must have ranked static shapes). On bad input emits a located error at `op` and
 * returns a null type. The rules are in docs/dialects/graph.md. */
MlirType graph_infer_type(MlirOperation op);
/* The type of result i (graph_infer_type is result 0; max_dim/min_dim have the i64 indices as 1). */
MlirType graph_infer_result_type(MlirOperation op, intptr_t i);
/* True when a written result type agrees with the inferred one: same element type and rank, every
 * static written size equal (a `?` size or an unranked written type matches anything). */
bool graph_type_compatible(MlirType written, MlirType inferred);
/* Every result of `op` against its rule (graph_infer_result_type, then graph_type_compatible): a
 * located error ("result type mismatch: written T, inferred U", or the rule's own) and failure when
 * the op is invalid. The one check graph-infer-shapes and the reference interpreter share, so the
 * interpreter runs no program the compiler rejects. Operands must have ranked static types. */
MlirLogicalResult graph_verify_result_types(MlirOperation op);
/* Number of results of the op (2 for max_dim/min_dim, 3 for native_layer_norm/native_group_norm, -1 for
 * split (one per piece: graph_op_num_results_of), else 1). */
int graph_op_num_results(GraphOpId id);
/* The number of results `op` must have (split: its piece count; -1 when split's params are bad). */
int graph_op_num_results_of(MlirOperation op);

/* Broadcast shape of two ranked shapes (numpy rules); false on mismatch. */
bool graph_broadcast_shapes(const int64_t *a, intptr_t ra, const int64_t *b, intptr_t rb, int64_t *out, intptr_t *rout);

/* --- Layout of a value: strides (in elements) and offset into the storage of the tensor it views.
 * Values produced by non-view ops and function arguments are contiguous (row-major). A view op
 * composes its input's layout: permute/transpose permute strides, expand gives stride 0 to
 * broadcast dims, slice scales stride by step and moves the offset, squeeze/unsqueeze drop/insert
 * dims, view/reshape keep the storage when the input is contiguous (a view of another input: its
 * computeStride strides, graph_view_strides). *base receives the value that
 * owns the storage. Returns false when the value is a reshape of a non-contiguous tensor (which
 * copies: the reshape's result is then contiguous, and callers treat the reshape as a copy). */
typedef struct GraphLayout {
  int64_t rank;
  int64_t sizes[GRAPH_MAX_RANK];
  int64_t strides[GRAPH_MAX_RANK];
  int64_t offset;
} GraphLayout;
bool graph_value_layout(MlirValue v, GraphLayout *out, MlirValue *base);
/* True when the layout is row-major contiguous with offset 0. */
bool graph_layout_is_contiguous(const GraphLayout *l);
/* The strides a view of shape[0..rank) takes over the storage of layout `in` (ATen's computeStride,
 * aten/src/ATen/TensorUtils.cpp): the new shape must split or merge only dims that are contiguous
 * with each other in `in` (size-1 dims aside). False when it cannot: torch's view raises ("view size
 * is not compatible with input tensor's size and stride") where reshape copies. `in` has no empty dim. */
bool graph_view_strides(const GraphLayout *in, const int64_t *shape, int64_t rank, int64_t *strides);

/* --- Builders. New ops are inserted before `anchor` at `loc`. A null result type ((MlirType){NULL})
 * means "infer it" (graph_infer_type); builders return a null value when inference fails (the error
 * is emitted at the new op, which is then erased). */
typedef struct GraphBuilder {
  MlirContext ctx;
  MlirOperation anchor; /* insert before this op */
  MlirLocation loc;
  MlirRewriterBase rewriter; /* when non-null, ops are inserted (and erased) through it, so that a
                                pattern driver sees them (graph-rewrite) */
} GraphBuilder;
GraphBuilder graph_builder_before(MlirOperation anchor);
GraphBuilder graph_builder_with_rewriter(MlirRewriterBase rewriter, MlirOperation anchor);

MlirValue graph_build_constant(GraphBuilder *b, double value, MlirType res);
/* A 0-d constant of the given float element type. */
MlirValue graph_build_scalar(GraphBuilder *b, double value, MlirType element_type);
MlirValue graph_build_unary(GraphBuilder *b, GraphOpId id, MlirValue x, MlirType res);
MlirValue graph_build_binary(GraphBuilder *b, GraphOpId id, MlirValue lhs, MlirValue rhs, MlirType res);
MlirValue graph_build_reduction(GraphBuilder *b, GraphOpId id, MlirValue x, const int64_t *dims, intptr_t ndims,
                                bool keepdim, MlirType res);
MlirValue graph_build_permute(GraphBuilder *b, MlirValue x, const int64_t *perm, intptr_t n, MlirType res);
MlirValue graph_build_reshape(GraphBuilder *b, GraphOpId id, MlirValue x, const int64_t *shape, intptr_t n,
                              MlirType res);
MlirValue graph_build_mm(GraphBuilder *b, GraphOpId id, MlirValue lhs, MlirValue rhs, MlirType res);
/* Generic: any op from the table with operands and attributes (named attributes built by the
 * caller). */
MlirOperation graph_build_op(GraphBuilder *b, GraphOpId id, const MlirValue *operands, intptr_t n,
                             const MlirNamedAttribute *attrs, intptr_t nattrs, MlirType res);

#ifdef __cplusplus
}
#endif

#endif
