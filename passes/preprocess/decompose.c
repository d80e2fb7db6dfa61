/* decompose.c - graph-decompose: expands composite ops into primitive graph ops, as the
 * decomposition table of AOTAutograd does before Inductor sees the graph.
 *
 *   softmax(x, d)         -> m = amax(x, [d], keepdim); e = exp(x - m); e / sum(e, [d], keepdim)
 *   log_softmax(x, d)     -> m = amax(x, [d], keepdim); s = x - m; s - log(sum(exp(s), [d], keepdim))
 *   layer_norm(x, w, b)   -> mu = mean(x, D, keepdim); c = x - mu; v = mean(c * c, D, keepdim);
 *                            c * rsqrt(v + eps) * w + b        (D: the normalized trailing dims)
 *   rms_norm(x, w)        -> x * rsqrt(mean(x * x, D, keepdim) + eps) * w
 *   linear(x, w[, b])     -> mm(x, permute(w, [1, 0])) (+ b); inputs of rank > 2 are reshaped to
 *                            2-D around the mm and back
 *   addmm(b, x, y)        -> mm(x, y) (* alpha) + b (* beta)   where every use of the result is pointwise
 *                            (the add fuses into them); else kept whole when alpha = beta = 1 and b is a
 *                            vector of its columns (addmm-epilogue: the bias in the matmul's epilogue;
 *                            a bf16/f16 one whatever its uses: addmm-epilogue-half)
 *   var(x, D, correction) -> mu = mean(x, D, keepdim); c = x - mu;
 *                            sum(c * c, D, keepdim?) / (N - correction)   (N: elements reduced)
 *   _softmax(x, d)        -> softmax(x, d)
 *   scaled_dot_product_attention(q, k, v) -> softmax(q @ k^T * scale [causal: where(i >= j, ., -inf)]) @ v
 *                            (bmm, or mm for rank 2; batch dims flattened around the bmm's)
 *   split(x, s, d)        -> one slice(x, d, start, start + size) per piece (views)
 *   native_layer_norm     -> layer_norm's ops; its mean and rstd are results 1 and 2
 *   native_group_norm     -> the same over reshape(x, [N, G, C / G * HxW]); mean, rstd [N, G]
 *   cumsum(x, d)          -> kept (cumsum-scan=true, the default): the lowering makes it an ind.scan;
 *                            with cumsum-scan=false (for comparison): blocks of B: the masked prefix
 *                            sums inside each block plus the exclusive masked prefix sums of the block
 *                            totals, O(n^1.5); rows that cannot be split: one masked O(n^2) reduction
 *                            (decompose_cumsum), floating-point inputs only
 * Kept as primitives (the lowering handles them): gelu, mean, and every other op.
 * Scalars are 0-d graph.constant's of the input's element type. softmax, log_softmax, the norms and
 * var compute f16/bf16 inputs in f32 (convert up first, convert the result back), as Inductor's
 * decompositions do (computation_dtype). Result types come from
 * graph_infer_type; a decomposition whose result type differs from the composite's is an error.
 * Requires: inferred, static types (graph-infer-shapes). Preserves: the composite's uses (they
 * read the new value), other ops. Failure: an op whose operands break its shape rule. */
#include "dialects/graph/graph.h"
#include "lib/diag.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "passes/preprocess/op_list.h"

#include <math.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>

static MlirValue operand(MlirOperation op, intptr_t i) { return mlirOperationGetOperand(op, i); }
static MlirType element_of(MlirValue v) { return mlirShapedTypeGetElementType(mlirValueGetType(v)); }
static int64_t rank_of(MlirValue v) { return mlirShapedTypeGetRank(mlirValueGetType(v)); }
static const MlirType kInfer = {NULL};
static const MlirValue kFailed = {NULL};

/* Like Inductor's decompositions (computation_dtype), normalizations and softmax compute f16/bf16
 * inputs in f32: the input is converted up here and the result back in decompose_op. */
static bool is_half(MlirType element) {
  GraphDtype d = graph_dtype_of(element);
  return d == GRAPH_DTYPE_F16 || d == GRAPH_DTYPE_BF16;
}

static MlirType with_element(MlirValue v, MlirType element) {
  MlirType t = mlirValueGetType(v);
  int64_t shape[GRAPH_MAX_RANK];
  for (int64_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  return mlirRankedTensorTypeGet(mlirShapedTypeGetRank(t), shape, element, mlirAttributeGetNull());
}

static MlirValue upcast(GraphBuilder *b, MlirValue x) {
  if (!mlirTypeIsARankedTensor(mlirValueGetType(x)) || !is_half(element_of(x)))
    return x;
  return graph_build_unary(b, GRAPH_OP_CONVERT, x, with_element(x, mlirF32TypeGet(b->ctx)));
}

static MlirValue scalar(GraphBuilder *b, double v, MlirValue like) {
  return graph_build_scalar(b, v, element_of(like));
}

/* Binary op with an inferred result; null operands propagate failure. */
static MlirValue bin(GraphBuilder *b, GraphOpId id, MlirValue x, MlirValue y) {
  return mlirValueIsNull(x) || mlirValueIsNull(y) ? kFailed : graph_build_binary(b, id, x, y, kInfer);
}

static MlirValue un(GraphBuilder *b, GraphOpId id, MlirValue x) {
  return mlirValueIsNull(x) ? kFailed : graph_build_unary(b, id, x, kInfer);
}

static MlirValue reduce(GraphBuilder *b, GraphOpId id, MlirValue x, const int64_t *dims, intptr_t n, bool keep) {
  return mlirValueIsNull(x) ? kFailed : graph_build_reduction(b, id, x, dims, n, keep, kInfer);
}

/* Tags the reduction defining m2 as a variance's (GRAPH_ATTR_VAR_M2). */
static MlirValue var_m2(MlirValue m2) {
  if (!mlirValueIsNull(m2) && mlirValueIsAOpResult(m2)) {
    MlirOperation op = mlirOpResultGetOwner(m2);
    mlirOperationSetAttributeByName(op, ind_str(GRAPH_ATTR_VAR_M2), mlirUnitAttrGet(mlirOperationGetContext(op)));
  }
  return m2;
}

static MlirValue decompose_softmax(MlirOperation op, GraphBuilder *b, bool log) {
  MlirValue x = upcast(b, operand(op, 0));
  int64_t d;
  if (!graph_dim(op, &d))
    return kFailed;
  MlirValue m = reduce(b, GRAPH_OP_AMAX, x, &d, 1, true);
  MlirValue s = bin(b, GRAPH_OP_SUB, x, m);
  MlirValue e = un(b, GRAPH_OP_EXP, s);
  MlirValue t = reduce(b, GRAPH_OP_SUM, e, &d, 1, true);
  if (!log)
    return bin(b, GRAPH_OP_DIV, e, t);
  return bin(b, GRAPH_OP_SUB, s, un(b, GRAPH_OP_LOG, t));
}

/* A contiguous reshape of x to `shape` (n dims). */
static MlirValue reshape_to(GraphBuilder *b, MlirValue x, const int64_t *shape, intptr_t n) {
  return mlirValueIsNull(x) ? kFailed : graph_build_reshape(b, GRAPH_OP_RESHAPE, x, shape, n, kInfer);
}

/* The matmul of [B, M, K] x [B, K, N] (bmm), or of [M, K] x [K, N] (mm) when rank is 2. */
static MlirValue matmul(GraphBuilder *b, MlirValue x, MlirValue y, int64_t rank) {
  return mlirValueIsNull(x) || mlirValueIsNull(y)
             ? kFailed
             : graph_build_mm(b, rank == 2 ? GRAPH_OP_MM : GRAPH_OP_BMM, x, y, kInfer);
}

/* scaled_dot_product_attention as AOTAutograd's math decomposition:
 *   a = (q @ k^T) * scale; a = where(causal mask, a, -inf); p = softmax(a, -1); p @ v
 * with the batch dims of rank > 3 inputs flattened to one around the bmm's; the causal mask is
 * iota(L)[:, None] >= iota(S)[None, :] (ATen's tril of ones, top-left aligned). */
static MlirValue decompose_sdpa(MlirOperation op, GraphBuilder *b) {
  MlirValue q = upcast(b, operand(op, 0)), k = upcast(b, operand(op, 1)), v = upcast(b, operand(op, 2));
  double scale;
  bool causal;
  if (!graph_sdpa_params(op, &scale, &causal))
    return kFailed;
  MlirType qt = mlirValueGetType(q), kt = mlirValueGetType(k), vt = mlirValueGetType(v);
  int64_t rank = rank_of(q), L = mlirShapedTypeGetDimSize(qt, rank - 2), E = mlirShapedTypeGetDimSize(qt, rank - 1);
  int64_t S = mlirShapedTypeGetDimSize(kt, rank - 2), Ev = mlirShapedTypeGetDimSize(vt, rank - 1), batch = 1;
  for (int64_t d = 0; d < rank - 2; ++d)
    batch *= mlirShapedTypeGetDimSize(qt, d);
  int64_t r3 = rank == 2 ? 2 : 3, perm2[2] = {1, 0}, perm3[3] = {0, 2, 1};
  if (rank > 3) {
    int64_t qs[3] = {batch, L, E}, ks[3] = {batch, S, E}, vs[3] = {batch, S, Ev};
    q = reshape_to(b, q, qs, 3), k = reshape_to(b, k, ks, 3), v = reshape_to(b, v, vs, 3);
  }
  if (mlirValueIsNull(k))
    return kFailed;
  MlirValue kT = graph_build_permute(b, k, r3 == 2 ? perm2 : perm3, r3, kInfer);
  MlirValue a = bin(b, GRAPH_OP_MUL, matmul(b, q, kT, r3), mlirValueIsNull(q) ? kFailed : scalar(b, scale, q));
  if (causal) {
    MlirContext ctx = b->ctx;
    MlirType i64 = mlirIntegerTypeGet(ctx, 64);
    int64_t lshape[1] = {L}, sshape[1] = {S};
    MlirOperation il = graph_build_op(b, GRAPH_OP_IOTA, NULL, 0, NULL, 0,
                                      mlirRankedTensorTypeGet(1, lshape, i64, mlirAttributeGetNull()));
    MlirOperation is = graph_build_op(b, GRAPH_OP_IOTA, NULL, 0, NULL, 0,
                                      mlirRankedTensorTypeGet(1, sshape, i64, mlirAttributeGetNull()));
    if (mlirOperationIsNull(il) || mlirOperationIsNull(is))
      return kFailed;
    int64_t rows[2] = {L, 1}, cols[2] = {1, S};
    MlirValue ri = reshape_to(b, mlirOperationGetResult(il, 0), rows, 2);
    MlirValue ci = reshape_to(b, mlirOperationGetResult(is, 0), cols, 2);
    MlirValue keep = bin(b, GRAPH_OP_GE, ri, ci);
    MlirValue ninf = mlirValueIsNull(a) ? kFailed : scalar(b, -INFINITY, a);
    MlirValue ops3[3] = {keep, a, ninf};
    if (mlirValueIsNull(keep) || mlirValueIsNull(a))
      return kFailed;
    a = mlirOperationGetResult(graph_build_op(b, GRAPH_OP_WHERE, ops3, 3, NULL, 0, kInfer), 0);
  }
  int64_t last = r3 - 1;
  MlirValue m = reduce(b, GRAPH_OP_AMAX, a, &last, 1, true);
  MlirValue e = un(b, GRAPH_OP_EXP, bin(b, GRAPH_OP_SUB, a, m));
  MlirValue p = bin(b, GRAPH_OP_DIV, e, reduce(b, GRAPH_OP_SUM, e, &last, 1, true));
  MlirValue o = matmul(b, p, v, r3);
  if (rank > 3 && !mlirValueIsNull(o)) {
    MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
    int64_t shape[GRAPH_MAX_RANK];
    for (int64_t d = 0; d < rank; ++d)
      shape[d] = mlirShapedTypeGetDimSize(rt, d);
    o = reshape_to(b, o, shape, rank);
  }
  return o;
}

/* The trailing dims named by normalized_shape, and eps. */
static bool norm_params(MlirOperation op, int64_t *dims, intptr_t *n, double *eps) {
  int64_t ns[GRAPH_MAX_RANK];
  int64_t rank = rank_of(operand(op, 0));
  if (!graph_normalized_shape(op, ns, n) || !graph_eps(op, eps) || *n > rank)
    return false;
  for (intptr_t i = 0; i < *n; ++i)
    dims[i] = rank - *n + i;
  return true;
}

/* native_layer_norm(x, w, b) -> (out, mean, rstd); layer_norm is its out (the m2 tagged var_m2, so
 * that lowering may make it a Welford pair, as Inductor's var_mean does):
 *   mean = mean(x, D, keepdim); c = x - mean; rstd = rsqrt(mean(c * c, D, keepdim) + eps);
 *   out = c * rstd * w + b */
static bool decompose_native_layer_norm(MlirOperation op, GraphBuilder *b, MlirValue *out) {
  MlirValue x = upcast(b, operand(op, 0));
  int64_t dims[GRAPH_MAX_RANK];
  intptr_t n;
  double eps;
  if (!norm_params(op, dims, &n, &eps))
    return false;
  MlirValue mu = reduce(b, GRAPH_OP_MEAN, x, dims, n, true);
  MlirValue c = bin(b, GRAPH_OP_SUB, x, mu);
  MlirValue v = var_m2(reduce(b, GRAPH_OP_MEAN, bin(b, GRAPH_OP_MUL, c, c), dims, n, true));
  MlirValue r = un(b, GRAPH_OP_RSQRT, bin(b, GRAPH_OP_ADD, v, scalar(b, eps, x)));
  MlirValue y = bin(b, GRAPH_OP_MUL, bin(b, GRAPH_OP_MUL, c, r), operand(op, 1));
  out[0] = bin(b, GRAPH_OP_ADD, y, operand(op, 2)), out[1] = mu, out[2] = r;
  return !mlirValueIsNull(out[0]);
}

static MlirValue decompose_layer_norm(MlirOperation op, GraphBuilder *b) {
  MlirValue out[3];
  return decompose_native_layer_norm(op, b, out) ? out[0] : kFailed;
}

static MlirValue decompose_rms_norm(MlirOperation op, GraphBuilder *b) {
  MlirValue x = upcast(b, operand(op, 0));
  int64_t dims[GRAPH_MAX_RANK];
  intptr_t n;
  double eps;
  if (!norm_params(op, dims, &n, &eps))
    return kFailed;
  MlirValue ms = reduce(b, GRAPH_OP_MEAN, bin(b, GRAPH_OP_MUL, x, x), dims, n, true);
  MlirValue r = un(b, GRAPH_OP_RSQRT, bin(b, GRAPH_OP_ADD, ms, scalar(b, eps, x)));
  return bin(b, GRAPH_OP_MUL, bin(b, GRAPH_OP_MUL, x, r), operand(op, 1));
}

/* linear: mm against the transposed weight; x of rank > 2 is flattened to [M, K] (a 1-D x [K] to
 * [1, K], as ATen does) and the result reshaped back to [..., N] ([N]). */
static MlirValue decompose_linear(MlirOperation op, GraphBuilder *b) {
  MlirValue x = operand(op, 0), w = operand(op, 1);
  MlirType xt = mlirValueGetType(x);
  int64_t rank = rank_of(x), perm[2] = {1, 0};
  if (rank < 1)
    return kFailed;
  MlirValue wt = graph_build_permute(b, w, perm, 2, kInfer);
  MlirValue x2 = x;
  int64_t flat[2] = {1, mlirShapedTypeGetDimSize(xt, rank - 1)};
  if (rank != 2) {
    for (int64_t d = 0; d < rank - 1; ++d)
      flat[0] *= mlirShapedTypeGetDimSize(xt, d);
    x2 = graph_build_reshape(b, GRAPH_OP_RESHAPE, x, flat, 2, kInfer);
  }
  MlirValue y = mlirValueIsNull(wt) || mlirValueIsNull(x2) ? kFailed : graph_build_mm(b, GRAPH_OP_MM, x2, wt, kInfer);
  if (rank != 2 && !mlirValueIsNull(y)) {
    MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
    int64_t shape[GRAPH_MAX_RANK];
    for (int64_t d = 0; d < rank; ++d)
      shape[d] = mlirShapedTypeGetDimSize(rt, d);
    y = graph_build_reshape(b, GRAPH_OP_RESHAPE, y, shape, rank, kInfer);
  }
  return mlirOperationGetNumOperands(op) == 3 ? bin(b, GRAPH_OP_ADD, y, operand(op, 2)) : y;
}

/* Whether every use of v is pointwise: an elementwise op, or a view whose uses are all pointwise
 * (Inductor's is_pointwise_use). A return, a reduction, a matmul or a composite is not. */
static bool uses_all_pointwise(MlirValue v, const char **why) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    GraphOpKind k = graph_op_kind(user);
    if (k == GRAPH_KIND_VIEW) { /* one result */
      if (!uses_all_pointwise(mlirOperationGetResult(user, 0), why))
        return false;
    } else if (k != GRAPH_KIND_POINTWISE_UNARY && k != GRAPH_KIND_POINTWISE_BINARY && k != GRAPH_KIND_WHERE) {
      MlirIdentifier name = mlirOperationGetName(user);
      *why = mlirIdentifierStr(name).data;
      return false;
    }
  }
  return true;
}

/* Whether v is there without a computation: a function argument, or a reshape of one (the lowering reads
 * it in place). A bias that must be computed first (AMP's cast of an f32 bias, a slice at an offset, a
 * constant) would be a kernel of its own, where the add it replaces may have fused into a neighbour: GPT-2's
 * AMP training step had two kernels more with such biases kept (tiny census, docs/results). */
static bool is_free_value(MlirValue v) {
  while (!mlirValueIsABlockArgument(v)) {
    MlirOperation def = mlirOpResultGetOwner(v);
    GraphOpId id = graph_op_id(def);
    if (id != GRAPH_OP_RESHAPE && id != GRAPH_OP_VIEW && id != GRAPH_OP_SQUEEZE && id != GRAPH_OP_UNSQUEEZE)
      return false;
    v = mlirOperationGetOperand(def, 0);
  }
  return true;
}

/* Inductor's choice between its extern addmm (cuBLASLt's bias epilogue) and mm + a pointwise add
 * (should_prefer_unfused_addmm, fx_passes/post_grad.py): the add is worth a kernel only where it fuses
 * into the users, so addmm(b, x, y) stays whole, the bias in the matmul's epilogue, when it is a bias
 * mm (graph_addmm_is_bias_mm: alpha = beta = 1, b a vector of the result's columns in its type; a float,
 * as the shape rule takes no integer matmul) whose b needs no kernel of its own (is_free_value), and
 * some use of the result is not pointwise (through views): a return, a reduction, another matmul,
 * attention. With `half` (addmm-epilogue-half), a bf16 or f16 bias mm stays whole whatever its uses, as
 * Inductor's keep_addmm_fused_for_half_dtypes: the epilogue adds the bias to the f32 accumulator and rounds
 * once, where mm + add rounds the product to the half type and the sum again. The lowering makes it an
 * ind.extern mm with a bias operand. IND_LOGS=fusion prints each decision. */
static bool addmm_keeps_bias_epilogue(MlirOperation op, bool half) {
  MlirValue res = mlirOperationGetResult(op, 0);
  if (!graph_addmm_is_bias_mm(op) || !is_free_value(operand(op, 0)))
    return false;
  const char *why = NULL;
  bool rounding = half && is_half(element_of(res));
  bool keep = !uses_all_pointwise(res, &why) || rounding;
  if (ind_logs_enabled("fusion")) {
    MlirStringRef file;
    int line = 0, col = 0;
    if (!ind_location_file_line_col(mlirOperationGetLocation(op), &file, &line, &col))
      file = mlirStringRefCreate("", 0);
    fprintf(stderr, "addmm %.*s:%d:%d: %s\n", (int)file.length, file.data, line, col,
            !keep ? "mm + add (every use is pointwise: the add fuses into them)"
            : why ? "bias in the matmul's epilogue (a use is not pointwise)"
                  : "bias in the matmul's epilogue (a half-precision result: one rounding)");
    if (why && keep)
      fprintf(stderr, "  the use: %s\n", why);
  }
  return keep;
}

static MlirValue decompose_addmm(MlirOperation op, GraphBuilder *b) {
  double alpha, beta;
  if (!graph_addmm_scales(op, &alpha, &beta))
    return kFailed;
  MlirValue bias = operand(op, 0);
  MlirValue m = graph_build_mm(b, GRAPH_OP_MM, operand(op, 1), operand(op, 2), kInfer);
  if (alpha != 1.0)
    m = bin(b, GRAPH_OP_MUL, m, mlirValueIsNull(m) ? kFailed : scalar(b, alpha, m));
  if (beta != 1.0)
    bias = bin(b, GRAPH_OP_MUL, bias, scalar(b, beta, bias));
  return bin(b, GRAPH_OP_ADD, m, bias);
}

static MlirValue decompose_var(MlirOperation op, GraphBuilder *b) {
  MlirValue x = upcast(b, operand(op, 0));
  int64_t dims[GRAPH_MAX_RANK];
  intptr_t n;
  double correction;
  if (!graph_reduction_dims(op, dims, &n) || !graph_var_correction(op, &correction))
    return kFailed;
  double count = 1;
  for (intptr_t i = 0; i < n; ++i)
    count *= (double)mlirShapedTypeGetDimSize(mlirValueGetType(x), dims[i]);
  MlirValue mu = reduce(b, GRAPH_OP_MEAN, x, dims, n, true);
  MlirValue c = bin(b, GRAPH_OP_SUB, x, mu);
  MlirValue s = var_m2(reduce(b, GRAPH_OP_SUM, bin(b, GRAPH_OP_MUL, c, c), dims, n, graph_keepdim(op)));
  return bin(b, GRAPH_OP_DIV, s, scalar(b, count - correction, x));
}

static MlirNamedAttribute i64_attr(GraphBuilder *b, const char *name, int64_t v) {
  return mlirNamedAttributeGet(mlirIdentifierGet(b->ctx, ind_str(name)),
                               mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), v));
}

static MlirValue result0(MlirOperation op) { return mlirOperationIsNull(op) ? kFailed : mlirOperationGetResult(op, 0); }

/* split(x, split_size, dim) -> one slice(x, dim, start, start + size) per piece: views of x, no copy
 * (Inductor's split_with_sizes lowering is slices too). */
static bool decompose_split(MlirOperation op, GraphBuilder *b, MlirValue *out) {
  int64_t d, sizes[GRAPH_MAX_SPLIT], start = 0;
  intptr_t n;
  if (!graph_split_params(op, &d, sizes, &n) || n != mlirOperationGetNumResults(op))
    return false;
  MlirValue x = operand(op, 0);
  for (intptr_t i = 0; i < n; ++i) {
    MlirNamedAttribute at[4] = {i64_attr(b, GRAPH_ATTR_DIM, d), i64_attr(b, GRAPH_ATTR_START, start),
                                i64_attr(b, GRAPH_ATTR_END, start + sizes[i]), i64_attr(b, GRAPH_ATTR_STEP, 1)};
    out[i] = result0(graph_build_op(b, GRAPH_OP_SLICE, &x, 1, at, 4, kInfer));
    if (mlirValueIsNull(out[i]))
      return false;
    start += sizes[i];
  }
  return true;
}

/* native_group_norm(x [N, C, *], w [C], b [C]) {group G, eps} -> (out, mean [N, G], rstd [N, G]):
 *   xg = reshape(x, [N, G, C / G * HxW]); mean = mean(xg, [2], keepdim); c = xg - mean;
 *   rstd = rsqrt(mean(c * c, [2], keepdim) + eps); out = reshape(c * rstd, x) * w[:, None..] + b[:, None..]
 * (ATen's math_group_norm; biased variance). */
static bool decompose_group_norm(MlirOperation op, GraphBuilder *b, MlirValue *out) {
  MlirValue x = upcast(b, operand(op, 0));
  int64_t g;
  double eps;
  if (!graph_group_norm_groups(op, &g) || !graph_eps(op, &eps) || mlirValueIsNull(x))
    return false;
  MlirType xt = mlirValueGetType(x);
  int64_t rank = rank_of(x), shape[GRAPH_MAX_RANK], N = mlirShapedTypeGetDimSize(xt, 0);
  int64_t C = mlirShapedTypeGetDimSize(xt, 1), hw = 1, two = 2;
  for (int64_t d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(xt, d);
  for (int64_t d = 2; d < rank; ++d)
    hw *= shape[d];
  int64_t gshape[3] = {N, g, C / g * hw}, sshape[2] = {N, g}, wshape[GRAPH_MAX_RANK];
  wshape[0] = C;
  for (int64_t d = 1; d < rank - 1; ++d)
    wshape[d] = 1;
  MlirValue xg = reshape_to(b, x, gshape, 3);
  MlirValue mu = reduce(b, GRAPH_OP_MEAN, xg, &two, 1, true);
  MlirValue c = bin(b, GRAPH_OP_SUB, xg, mu);
  MlirValue v = reduce(b, GRAPH_OP_MEAN, bin(b, GRAPH_OP_MUL, c, c), &two, 1, true);
  MlirValue r = un(b, GRAPH_OP_RSQRT, bin(b, GRAPH_OP_ADD, v, scalar(b, eps, x)));
  MlirValue y = reshape_to(b, bin(b, GRAPH_OP_MUL, c, r), shape, rank);
  MlirValue w = reshape_to(b, operand(op, 1), wshape, rank - 1), bb = reshape_to(b, operand(op, 2), wshape, rank - 1);
  out[0] = bin(b, GRAPH_OP_ADD, bin(b, GRAPH_OP_MUL, y, w), bb);
  out[1] = reshape_to(b, mu, sshape, 2), out[2] = reshape_to(b, r, sshape, 2);
  return !mlirValueIsNull(out[0]) && !mlirValueIsNull(out[1]) && !mlirValueIsNull(out[2]);
}

/* The prefix sums of x along d as one masked reduction: out[.., j, ..] = sum_k where(k <= j, x[.., k, ..], 0)
 * (k < j when `strict`: the exclusive sums). x gets a new dim (j) before d (k); the mask is
 * iota(n)[j] >= iota(n)[k]; the sum runs over k: O(n^2) work for a row of n. */
static MlirValue masked_prefix_sum(GraphBuilder *b, MlirValue x, int64_t d, bool strict) {
  if (mlirValueIsNull(x) || rank_of(x) + 1 > GRAPH_MAX_RANK)
    return kFailed;
  MlirType xt = mlirValueGetType(x);
  int64_t rank = rank_of(x), n = mlirShapedTypeGetDimSize(xt, d), ushape[GRAPH_MAX_RANK], js[GRAPH_MAX_RANK],
          ks[GRAPH_MAX_RANK], k = d + 1;
  for (int64_t i = 0, at = 0; i <= rank; ++i) {
    ushape[i] = i == d ? 1 : mlirShapedTypeGetDimSize(xt, at++);
    js[i] = i == d ? n : 1;
    ks[i] = i == k ? n : 1;
  }
  int64_t len[1] = {n};
  MlirType it = mlirRankedTensorTypeGet(1, len, mlirIntegerTypeGet(b->ctx, 64), mlirAttributeGetNull());
  MlirValue ij = reshape_to(b, result0(graph_build_op(b, GRAPH_OP_IOTA, NULL, 0, NULL, 0, it)), js, rank + 1);
  MlirValue ik = reshape_to(b, result0(graph_build_op(b, GRAPH_OP_IOTA, NULL, 0, NULL, 0, it)), ks, rank + 1);
  MlirValue keep = bin(b, strict ? GRAPH_OP_GT : GRAPH_OP_GE, ij, ik);
  MlirValue xu = reshape_to(b, x, ushape, rank + 1);
  if (mlirValueIsNull(keep) || mlirValueIsNull(xu))
    return kFailed;
  MlirValue ops3[3] = {keep, xu, scalar(b, 0.0, x)};
  MlirValue masked = result0(graph_build_op(b, GRAPH_OP_WHERE, ops3, 3, NULL, 0, kInfer));
  return reduce(b, GRAPH_OP_SUM, masked, &k, 1, false);
}

/* The block of a blocked cumsum of a row of n: the largest divisor of n in [CUMSUM_MIN_BLOCK, sqrt(n)],
 * or 0 (no split: n below the pass option cumsum-min-row, prime, or without such a divisor). */
#define CUMSUM_MIN_BLOCK 4
static int64_t cumsum_block(int64_t n, int64_t min_row) {
  if (n < min_row)
    return 0;
  for (int64_t blk = (int64_t)sqrt((double)n); blk >= CUMSUM_MIN_BLOCK; --blk)
    if (n % blk == 0)
      return blk;
  return 0;
}

/* cumsum(x, d) without a scan kernel. A row of n = C * B (B = cumsum_block(n)) is cut into C blocks of
 * B: the inclusive prefix sums inside each block (masked, O(n * B)), plus the exclusive prefix sums of
 * the block totals (masked, O(C^2)), added: O(n^1.5) work for the row instead of the O(n^2) of one
 * masked reduction, which is what rows that cannot be split get. f16/bf16 sum in f32. */
static MlirValue decompose_cumsum(MlirOperation op, GraphBuilder *b, int64_t min_row) {
  MlirValue x = upcast(b, operand(op, 0));
  int64_t d;
  if (!graph_dim(op, &d) || mlirValueIsNull(x))
    return kFailed;
  MlirType xt = mlirValueGetType(x);
  int64_t rank = rank_of(x), n = mlirShapedTypeGetDimSize(xt, d), blk = cumsum_block(n, min_row);
  if (blk == 0 || rank + 2 > GRAPH_MAX_RANK)
    return masked_prefix_sum(b, x, d, false);
  int64_t shape[GRAPH_MAX_RANK], split[GRAPH_MAX_RANK];
  for (int64_t i = 0, at = 0; i < rank; ++i) {
    shape[i] = mlirShapedTypeGetDimSize(xt, i);
    if (i == d) {
      split[at++] = n / blk;
      split[at++] = blk;
    } else {
      split[at++] = shape[i];
    }
  }
  MlirValue xs = reshape_to(b, x, split, rank + 1);
  int64_t inner = d + 1;
  MlirValue within = masked_prefix_sum(b, xs, inner, false);
  MlirValue before = masked_prefix_sum(b, reduce(b, GRAPH_OP_SUM, xs, &inner, 1, true), d, true);
  return reshape_to(b, bin(b, GRAPH_OP_ADD, within, before), shape, rank);
}

/* The masked-sum decomposition sums in f32: only floating-point cumsums keep their result type. */
static bool cumsum_decomposable(MlirOperation op) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  return !mlirTypeIsAShaped(t) || mlirTypeIsAFloat(mlirShapedTypeGetElementType(t));
}

/* The decomposition of `op`, or `op`'s own result when it is not a composite. */
static MlirValue decompose(MlirOperation op, GraphBuilder *b, int64_t cumsum_min_row) {
  switch (graph_op_id(op)) {
  case GRAPH_OP_SOFTMAX:
  case GRAPH_OP__SOFTMAX:
    return decompose_softmax(op, b, false);
  case GRAPH_OP_SDPA:
    return decompose_sdpa(op, b);
  case GRAPH_OP_LOG_SOFTMAX:
    return decompose_softmax(op, b, true);
  case GRAPH_OP_LAYER_NORM:
    return decompose_layer_norm(op, b);
  case GRAPH_OP_RMS_NORM:
    return decompose_rms_norm(op, b);
  case GRAPH_OP_LINEAR:
    return decompose_linear(op, b);
  case GRAPH_OP_ADDMM:
    return decompose_addmm(op, b);
  case GRAPH_OP_VAR:
    return decompose_var(op, b);
  case GRAPH_OP_CUMSUM:
    return decompose_cumsum(op, b, cumsum_min_row);
  default:
    return mlirOperationGetResult(op, 0);
  }
}

static bool is_decomposed(GraphOpId id) {
  return graph_op_id_kind(id) == GRAPH_KIND_COMPOSITE || id == GRAPH_OP_ADDMM || id == GRAPH_OP_VAR;
}

/* The decomposition of every result of `op` into out[0 .. results). */
static bool decompose_all(MlirOperation op, GraphBuilder *b, MlirValue *out, int64_t cumsum_min_row) {
  switch (graph_op_id(op)) {
  case GRAPH_OP_SPLIT:
    return decompose_split(op, b, out);
  case GRAPH_OP_NATIVE_LAYER_NORM:
    return decompose_native_layer_norm(op, b, out);
  case GRAPH_OP_NATIVE_GROUP_NORM:
    return decompose_group_norm(op, b, out);
  default:
    out[0] = decompose(op, b, cumsum_min_row);
    return !mlirValueIsNull(out[0]);
  }
}

static MlirLogicalResult decompose_op(MlirOperation op, int64_t cumsum_min_row) {
  GraphBuilder b = graph_builder_before(op);
  intptr_t nres = mlirOperationGetNumResults(op);
  MlirValue vals[GRAPH_MAX_SPLIT];
  if (nres < 1 || nres > GRAPH_MAX_SPLIT || !decompose_all(op, &b, vals, cumsum_min_row))
    return ind_emit_error(op, "cannot decompose '%s' (are its operand types inferred? run graph-infer-shapes first)",
                          graph_op_name(graph_op_id(op)));
  for (intptr_t i = 0; i < nres; ++i) {
    MlirValue res = mlirOperationGetResult(op, i), v = vals[i];
    if (mlirValueIsNull(v))
      return ind_emit_error(op, "cannot decompose result #%d of '%s'", (int)i, graph_op_name(graph_op_id(op)));
    if (!mlirTypeEqual(mlirValueGetType(v), mlirValueGetType(res)) && is_half(element_of(res)) &&
        mlirTypeEqual(with_element(v, element_of(res)), mlirValueGetType(res)))
      v = graph_build_unary(&b, GRAPH_OP_CONVERT, v, mlirValueGetType(res)); /* back from f32 */
    if (mlirValueIsNull(v) || !mlirTypeEqual(mlirValueGetType(v), mlirValueGetType(res)))
      return ind_emit_error(op, "decomposition of '%s' has a different result type", graph_op_name(graph_op_id(op)));
    vals[i] = v;
  }
  for (intptr_t i = 0; i < nres; ++i)
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, i), vals[i]);
  mlirOperationDestroy(op);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  int64_t min_row = ind_opt_int(opts, "cumsum-min-row");
  PreprocessOpList ops = {0};
  if (!preprocess_ops_graph(&ops, module)) {
    preprocess_ops_free(&ops);
    return ind_emit_error(module, "graph-decompose: out of memory");
  }
  bool scan = ind_opt_bool(opts, "cumsum-scan"), epilogue = ind_opt_bool(opts, "addmm-epilogue");
  bool half = ind_opt_bool(opts, "addmm-epilogue-half");
  MlirLogicalResult r = mlirLogicalResultSuccess();
  for (intptr_t i = 0; i < ops.n && mlirLogicalResultIsSuccess(r); ++i) {
    GraphOpId id = graph_op_id(ops.ops[i]);
    if (id == GRAPH_OP_CUMSUM && scan)
      continue; /* the lowering makes it an ind.scan */
    if (id == GRAPH_OP_CUMSUM && !cumsum_decomposable(ops.ops[i]))
      r = ind_emit_error(ops.ops[i], "the masked-sum decomposition of cumsum (cumsum-scan=false) needs a "
                                     "floating-point input: an integer cumsum is exact only as a scan");
    else if (id == GRAPH_OP_ADDMM && epilogue && addmm_keeps_bias_epilogue(ops.ops[i], half))
      continue; /* the lowering makes it an extern mm with the bias in its epilogue */
    else if (is_decomposed(id))
      r = decompose_op(ops.ops[i], min_row);
  }
  preprocess_ops_free(&ops);
  return r;
}

static const IndPassOptionDef k_options[] = {
    {"cumsum-scan", IND_OPT_BOOL, "true",
     "leave cumsum to the lowering, which makes it an ind.scan (O(n), Inductor's ir.Scan); false: the masked-sum "
     "decomposition below (kept for comparison)"},
    {"addmm-epilogue", IND_OPT_BOOL, "true",
     "keep addmm whole (an extern mm adding the bias in its epilogue: cuBLASLt's on the GPU) where some use of "
     "its result is not pointwise, as Inductor's should_prefer_unfused_addmm; false: always mm + add"},
    {"addmm-epilogue-half", IND_OPT_BOOL, "true",
     "with addmm-epilogue: a bf16 or f16 addmm whose bias needs no kernel stays whole whatever its uses (the "
     "bias added to the f32 accumulator, one rounding), as Inductor's keep_addmm_fused_for_half_dtypes; false: "
     "the use rule alone"},
    {"cumsum-min-row", IND_OPT_INT, "256",
     "with cumsum-scan=false: rows of at least this many elements are cumsum'med in blocks (O(n^1.5)), shorter "
     "ones by one masked reduction (O(n^2))"},
    {NULL, 0, NULL, NULL}};

const IndPassDef graph_decompose_pass = {
    "graph-decompose",
    "Expand softmax, log_softmax, layer_norm, rms_norm, linear, addmm, var, sdpa, split, native_layer_norm, "
    "native_group_norm and cumsum into primitive graph ops",
    k_options,
    run,
};
