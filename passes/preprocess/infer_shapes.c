/* infer_shapes.c - graph-infer-shapes: the FakeTensor-propagation analogue.
 *
 * Walks every graph op in program order and computes its result's shape and dtype from its
 * operands and attributes (graph_infer_type, the per-op rules of docs/dialects/graph.md):
 *   - a result written with `?` dims or unranked (`tensor<*xf32>`) is filled in (mlirValueSetType);
 *     a function whose returned values were refined gets its function_type refined too;
 *   - a written static result type must equal the inferred one ("result type mismatch");
 *   - dim attributes are canonicalized: negative dims become non-negative, a reduction's empty
 *     `dims` lists every dim, slice's start/end are clamped and `step` is written out, the -1
 *     entries of view/reshape/expand `shape` are replaced by the sizes;
 *   - views get a `strides` attribute (and `offset` when non-zero) with the layout they have in
 *     the storage they view (graph_value_layout).
 * Requires: a module of func.func's of graph ops whose function arguments have static shapes.
 * Preserves: the ops and their order. Failure: a located error at the first op whose operands or
 * attributes break its rule (broadcast mismatch, bad dim or permutation, reshape numel mismatch,
 * matmul inner-dim mismatch, unsupported dtype, missing/bad attribute, result type mismatch). */
#include "dialects/graph/graph.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

static void print_type(MlirType t, IndStrBuf *b) { mlirTypePrint(t, ind_strbuf_callback, b); }

static MlirLogicalResult mismatch_error(MlirOperation op, MlirType written, MlirType inferred) {
  IndStrBuf w = {0}, i = {0};
  print_type(written, &w);
  print_type(inferred, &i);
  MlirLogicalResult r = ind_emit_error(op, "result type mismatch: written %s, inferred %s", w.data, i.data);
  ind_strbuf_free(&w);
  ind_strbuf_free(&i);
  return r;
}

static void set_i64_array(MlirOperation op, const char *name, const int64_t *v, intptr_t n) {
  ind_set_attr(op, name, ind_i64_array_attr(mlirOperationGetContext(op), v, n));
}

static void set_i64(MlirOperation op, const char *name, int64_t v) {
  MlirContext ctx = mlirOperationGetContext(op);
  ind_set_attr(op, name, mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v));
}

/* Rewrites dim attributes into their canonical form (non-negative, explicit). Runs after the
 * op's type was inferred, so the accessors are known to succeed. */
static void canonicalize_dims(MlirOperation op) {
  int64_t dims[GRAPH_MAX_RANK], a, b;
  intptr_t n;
  GraphSlice s;
  GraphOpId id = graph_op_id(op);
  if ((id == GRAPH_OP_MAX_DIM || id == GRAPH_OP_MIN_DIM) && graph_reduction_dims(op, dims, &n))
    set_i64(op, GRAPH_ATTR_DIM, dims[0]);
  else if (graph_op_kind(op) == GRAPH_KIND_REDUCTION && graph_reduction_dims(op, dims, &n))
    set_i64_array(op, GRAPH_ATTR_DIMS, dims, n);
  else if (id == GRAPH_OP_PERMUTE && graph_permute_dims(op, dims, &n))
    set_i64_array(op, GRAPH_ATTR_DIMS, dims, n);
  else if (id == GRAPH_OP_TRANSPOSE && graph_transpose_dims(op, &a, &b))
    set_i64(op, GRAPH_ATTR_DIM0, a), set_i64(op, GRAPH_ATTR_DIM1, b);
  else if (id == GRAPH_OP_UNSQUEEZE && graph_unsqueeze_dim(op, &a))
    set_i64(op, GRAPH_ATTR_DIM, a);
  else if (id == GRAPH_OP_SQUEEZE && graph_squeeze_dims(op, dims, &n))
    set_i64_array(op, GRAPH_ATTR_DIMS, dims, n);
  else if (id == GRAPH_OP_SLICE && graph_slice_params(op, &s)) {
    set_i64(op, GRAPH_ATTR_DIM, s.dim), set_i64(op, GRAPH_ATTR_START, s.start);
    set_i64(op, GRAPH_ATTR_END, s.end), set_i64(op, GRAPH_ATTR_STEP, s.step);
  } else if (id == GRAPH_OP_VIEW || id == GRAPH_OP_RESHAPE || id == GRAPH_OP_EXPAND) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
    for (n = 0; n < mlirShapedTypeGetRank(t); ++n)
      dims[n] = mlirShapedTypeGetDimSize(t, n);
    set_i64_array(op, GRAPH_ATTR_SHAPE, dims, n);
  } else if ((id == GRAPH_OP_CAT || id == GRAPH_OP_SOFTMAX || id == GRAPH_OP_LOG_SOFTMAX || id == GRAPH_OP_SPLIT ||
              id == GRAPH_OP_CUMSUM || id == GRAPH_OP_INDEX_SELECT || id == GRAPH_OP_GATHER) &&
             graph_dim(op, &a))
    set_i64(op, GRAPH_ATTR_DIM, a);
}

/* Records a view's strides (and a non-zero offset) in the storage it views. */
static void record_strides(MlirOperation op) {
  GraphLayout l;
  if (graph_op_kind(op) != GRAPH_KIND_VIEW || !graph_value_layout(mlirOperationGetResult(op, 0), &l, NULL))
    return;
  set_i64_array(op, GRAPH_ATTR_STRIDES, l.strides, l.rank);
  if (l.offset)
    set_i64(op, "offset", l.offset);
}

/* The most elements a tensor may have: 2^48 (far beyond any device), so that every size, offset
 * and grid computed from it downstream (ceil_div, flat offsets, strides) fits in int64. */
#define MAX_NUMEL_LOG2 48

/* False (after a located error at `at`) when a static shape's element count exceeds 2^48. */
static bool check_numel(MlirOperation at, MlirType t, const char *what, intptr_t index) {
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
    return true;
  int64_t n = 1;
  bool over = false, empty = false;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i) {
    empty = empty || mlirShapedTypeGetDimSize(t, i) == 0;
    over = over || __builtin_mul_overflow(n, mlirShapedTypeGetDimSize(t, i), &n) || n > (INT64_C(1) << MAX_NUMEL_LOG2);
  }
  if (!over && !empty)
    return true;
  IndStrBuf b = {0};
  print_type(t, &b);
  if (empty)
    ind_emit_error(at, "%s %ld (%s) has a dim of size 0: empty tensors are not supported", what, (long)index,
                   b.data ? b.data : "?");
  else
    ind_emit_error(at, "%s %ld (%s) has more than 2^%d elements, the most ind supports", what, (long)index,
                   b.data ? b.data : "?", MAX_NUMEL_LOG2);
  ind_strbuf_free(&b);
  return false;
}

static MlirLogicalResult infer_op(MlirOperation op) {
  /* max_dim/min_dim: two results; native norms three; split one per piece (checked by the rule) */
  intptr_t nres = mlirOperationGetNumResults(op);
  for (intptr_t i = 0; i < (nres ? nres : 1); ++i) { /* no result: the rule reports the count */
    MlirType inferred = graph_infer_result_type(op, i);
    if (mlirTypeIsNull(inferred))
      return mlirLogicalResultFailure();
    if (!check_numel(op, inferred, "result", i))
      return mlirLogicalResultFailure();
    MlirValue res = mlirOperationGetResult(op, i);
    MlirType written = mlirValueGetType(res);
    if (!graph_type_compatible(written, inferred))
      return mismatch_error(op, written, inferred);
    if (!mlirTypeEqual(written, inferred))
      mlirValueSetType(res, inferred);
  }
  canonicalize_dims(op);
  record_strides(op);
  return mlirLogicalResultSuccess();
}

/* The function's declared result types follow the (refined) types of the values it returns. */
static MlirLogicalResult refine_function_type(MlirOperation func) {
  MlirRegion body = mlirOperationGetRegion(func, 0);
  MlirBlock entry = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(entry))
    return mlirLogicalResultSuccess();
  MlirOperation ret = mlirBlockGetTerminator(entry);
  MlirAttribute fta = mlirOperationGetAttributeByName(func, ind_str("function_type"));
  if (mlirOperationIsNull(ret) || mlirAttributeIsNull(fta))
    return mlirLogicalResultSuccess();
  MlirType ft = mlirTypeAttrGetValue(fta);
  intptr_t nin = mlirFunctionTypeGetNumInputs(ft), nres = mlirOperationGetNumOperands(ret);
  if (nres != mlirFunctionTypeGetNumResults(ft) || nin > 64 || nres > 64)
    return mlirLogicalResultSuccess(); /* the func verifier reports this */
  MlirType ins[64], outs[64];
  bool changed = false;
  for (intptr_t i = 0; i < nin; ++i)
    ins[i] = mlirFunctionTypeGetInput(ft, i);
  for (intptr_t i = 0; i < nres; ++i) {
    MlirType declared = mlirFunctionTypeGetResult(ft, i);
    outs[i] = mlirValueGetType(mlirOperationGetOperand(ret, i));
    if (mlirTypeEqual(declared, outs[i]))
      continue;
    if (!graph_type_compatible(declared, outs[i]))
      return mismatch_error(ret, declared, outs[i]);
    changed = true;
  }
  if (changed) {
    MlirContext ctx = mlirOperationGetContext(func);
    ind_set_attr(func, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(ctx, nin, ins, nres, outs)));
  }
  return mlirLogicalResultSuccess();
}

typedef struct WalkState {
  bool failed;
} WalkState;

static bool visit(MlirOperation op, void *user) {
  WalkState *st = user;
  if (graph_op_id(op) != GRAPH_OP_UNKNOWN && mlirLogicalResultIsFailure(infer_op(op)))
    st->failed = true;
  return !st->failed;
}

/* Function results are refined once their bodies are done (post-order over func.func). */
static bool visit_funcs(MlirOperation op, void *user) {
  WalkState *st = user;
  if (ind_op_is(op, "func.func") && mlirLogicalResultIsFailure(refine_function_type(op)))
    st->failed = true;
  return !st->failed;
}

/* Function arguments: the element count limit (results are checked where they are inferred). */
static bool visit_args(MlirOperation op, void *user) {
  WalkState *st = user;
  if (!ind_op_is(op, "func.func"))
    return true;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (intptr_t i = 0; !mlirBlockIsNull(entry) && i < mlirBlockGetNumArguments(entry) && !st->failed; ++i)
    st->failed = !check_numel(op, mlirValueGetType(mlirBlockGetArgument(entry, i)), "argument", i);
  return !st->failed;
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  WalkState st = {false};
  ind_walk(module, visit_args, &st);
  if (!st.failed)
    ind_walk(module, visit, &st);
  if (!st.failed)
    ind_walk(module, visit_funcs, &st);
  return st.failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

const IndPassDef graph_infer_shapes_pass = {
    "graph-infer-shapes",
    "Compute every graph op's result shape and dtype (FakeTensor propagation); canonicalize dims",
    NULL,
    run,
};
