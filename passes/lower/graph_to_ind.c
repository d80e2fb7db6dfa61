/* graph_to_ind.c - `convert-graph-to-ind`: lowers a graph program (ATen-level tensor ops) to ind
 * (Inductor IR), the way Inductor's GraphLowering does. docs/passes/lower.md has the details.
 *
 * What it does. Every func.func holding graph ops is replaced by a func with a memref signature
 * (contiguous memrefs for the inputs, `arg<i>_1` by position) whose body is a list of buffer ops
 * (ind.pointwise, ind.reduction, ind.extern) and a func.return of the output buffers. Graph ops are
 * visited in program order; each produces a *node*, the analogue of Inductor's TensorBox:
 *   - a realized buffer (a memref SSA value: function argument, computed or extern buffer), or
 *   - an unrealized recipe (a Pointwise's inner_fn): the graph op plus the nodes of its operands as
 *     they were when it was lowered. Emitting a recipe at an index (one affine expression per
 *     dimension, over the consumer's iteration variables) emits its operands at remapped indices
 *     and then its own arith/math ops into the consumer's body: closure composition. Views are
 *     recipes that only remap the index (broadcast, permute, transpose, reshape/view/squeeze/
 *     unsqueeze, expand, slice); cat selects between its sources by index range; constants become
 *     arith.constant; mean is a realized sum plus a recipe dividing by N in the consumer's body.
 * Realize rules (Inductor's, see docs/passes/lower.md for the op counting):
 *   - reductions are realized (make_reduction); outputs are realized (an output that is an input
 *     or a view gets a copy buffer); inputs of extern kernels (mm, bmm) are realized;
 *   - after each op, for a recipe with more than one user: realize_hint() if a user is an extern
 *     kernel, realize() if a user is the output, then mark_reuse: realize when
 *     should_realize_on_reuse (reads > realize-reads-threshold or ops > realize-opcount-threshold);
 *   - has_exceeded_max_reads (reads > realize-acc-reads-threshold or ops > realize-opcount-threshold)
 *     triggers realize_hint() (realizes when more than one load has a non-constant index);
 *   - a recipe with more than large-inner-fn-threshold ops is realized.
 * Buffers are named buf0, buf1, ... in creation order; `origins` lists the graph ops folded into a
 * buffer with FX-style node names (mul, mul_1, sum_1, ...).
 *
 * Requires: static shapes on every graph value and composites already decomposed (--preprocess).
 * Preserves: functions without graph ops. Breaks: every graph value (the func is replaced).
 * Failure: an op it cannot lower (composite, var, unknown op, dynamic shape) gets a located error
 * naming the fix; the module is then left unchanged. */
#include "lib/diag.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "passes/lower/lower_ir.h"

#include <math.h>
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ind_register_graph_to_ind_pass(void);

/* How each graph op lowers, and its FX name (transpose is FX's permute, reshape FX's view,
 * contiguous FX's clone, convert FX's convert_element_type). */
static const OpInfo k_ops[] = {
    {GRAPH_OP_ADD, K_BINARY, "add"},
    {GRAPH_OP_SUB, K_BINARY, "sub"},
    {GRAPH_OP_MUL, K_BINARY, "mul"},
    {GRAPH_OP_DIV, K_BINARY, "div"},
    {GRAPH_OP_POW, K_BINARY, "pow"},
    {GRAPH_OP_MAXIMUM, K_BINARY, "maximum"},
    {GRAPH_OP_MINIMUM, K_BINARY, "minimum"},
    {GRAPH_OP_EQ, K_COMPARE, "eq"},
    {GRAPH_OP_NE, K_COMPARE, "ne"},
    {GRAPH_OP_LT, K_COMPARE, "lt"},
    {GRAPH_OP_LE, K_COMPARE, "le"},
    {GRAPH_OP_GT, K_COMPARE, "gt"},
    {GRAPH_OP_GE, K_COMPARE, "ge"},
    {GRAPH_OP_WHERE, K_WHERE, "where"},
    {GRAPH_OP_RELU, K_UNARY, "relu"},
    {GRAPH_OP_NEG, K_UNARY, "neg"},
    {GRAPH_OP_ABS, K_UNARY, "abs"},
    {GRAPH_OP_EXP, K_UNARY, "exp"},
    {GRAPH_OP_LOG, K_UNARY, "log"},
    {GRAPH_OP_SQRT, K_UNARY, "sqrt"},
    {GRAPH_OP_RSQRT, K_UNARY, "rsqrt"},
    {GRAPH_OP_RECIPROCAL, K_UNARY, "reciprocal"},
    {GRAPH_OP_TANH, K_UNARY, "tanh"},
    {GRAPH_OP_SIGMOID, K_UNARY, "sigmoid"},
    {GRAPH_OP_ERF, K_UNARY, "erf"},
    {GRAPH_OP_GELU, K_UNARY, "gelu"},
    {GRAPH_OP_CONVERT, K_CONVERT, "convert_element_type"},
    {GRAPH_OP_CONTIGUOUS, K_COPY, "clone"},
    {GRAPH_OP_CLONE, K_COPY, "clone"},
    {GRAPH_OP_VIEW, K_RESHAPE, "view"},
    {GRAPH_OP_RESHAPE, K_RESHAPE, "view"},
    {GRAPH_OP_SQUEEZE, K_RESHAPE, "squeeze"},
    {GRAPH_OP_UNSQUEEZE, K_RESHAPE, "unsqueeze"},
    {GRAPH_OP_EXPAND, K_EXPAND, "expand"},
    {GRAPH_OP_PERMUTE, K_PERMUTE, "permute"},
    {GRAPH_OP_TRANSPOSE, K_TRANSPOSE, "permute"},
    {GRAPH_OP_SLICE, K_SLICE, "slice"},
    {GRAPH_OP_CAT, K_CAT, "cat"},
    {GRAPH_OP_CONSTANT, K_CONSTANT, NULL},
    {GRAPH_OP_SUM, K_REDUCE, "sum"},
    {GRAPH_OP_MEAN, K_REDUCE, "mean"},
    {GRAPH_OP_AMAX, K_REDUCE, "amax"},
    {GRAPH_OP_AMIN, K_REDUCE, "amin"},
    {GRAPH_OP_PROD, K_REDUCE, "prod"},
    {GRAPH_OP_MM, K_EXTERN, "mm"},
    {GRAPH_OP_BMM, K_EXTERN, "bmm"},
    {GRAPH_OP_VAR, K_COMPOSITE, NULL},
    {GRAPH_OP_SOFTMAX, K_COMPOSITE, NULL},
    {GRAPH_OP_LOG_SOFTMAX, K_COMPOSITE, NULL},
    {GRAPH_OP_LAYER_NORM, K_COMPOSITE, NULL},
    {GRAPH_OP_RMS_NORM, K_COMPOSITE, NULL},
    {GRAPH_OP_LINEAR, K_COMPOSITE, NULL},
    {GRAPH_OP_ADDMM, K_EXTERN, "addmm"},
    {GRAPH_OP_FULL, K_SOURCE, "full"},
    {GRAPH_OP_ZEROS, K_SOURCE, "zeros"},
    {GRAPH_OP_ONES, K_SOURCE, "ones"},
    {GRAPH_OP_FULL_LIKE, K_SOURCE, "full_like"},
    {GRAPH_OP_IOTA, K_IOTA, "iota"},
    {GRAPH_OP_ARANGE, K_IOTA, "arange"},
    {GRAPH_OP_SILU, K_UNARY, "silu"},
    {GRAPH_OP_SIN, K_UNARY, "sin"},
    {GRAPH_OP_COS, K_UNARY, "cos"},
    {GRAPH_OP_FLOOR, K_UNARY, "floor"},
    {GRAPH_OP_CEIL, K_UNARY, "ceil"},
    {GRAPH_OP_ROUND, K_UNARY, "round"},
    {GRAPH_OP_TRUNC, K_UNARY, "trunc"},
    {GRAPH_OP_SIGN, K_UNARY, "sign"},
    {GRAPH_OP_LOGICAL_NOT, K_UNARY, "logical_not"},
    {GRAPH_OP_BITWISE_NOT, K_UNARY, "bitwise_not"},
    {GRAPH_OP_ISNAN, K_UNARY, "isnan"},
    {GRAPH_OP_ISINF, K_UNARY, "isinf"},
    {GRAPH_OP_CLAMP, K_UNARY, "clamp"},
    {GRAPH_OP_CLAMP_MIN, K_UNARY, "clamp_min"},
    {GRAPH_OP_CLAMP_MAX, K_UNARY, "clamp_max"},
    {GRAPH_OP_REMAINDER, K_BINARY, "remainder"},
    {GRAPH_OP_FMOD, K_BINARY, "fmod"},
    {GRAPH_OP_LOGICAL_AND, K_LOGICAL, "logical_and"},
    {GRAPH_OP_LOGICAL_OR, K_LOGICAL, "logical_or"},
    {GRAPH_OP_BITWISE_AND, K_BITWISE, "bitwise_and"},
    {GRAPH_OP_BITWISE_OR, K_BITWISE, "bitwise_or"},
    {GRAPH_OP_BITWISE_XOR, K_BITWISE, "bitwise_xor"},
    {GRAPH_OP_MASKED_FILL, K_MASKED_FILL, "masked_fill"},
    {GRAPH_OP_ARGMAX, K_REDUCE, "argmax"},
    {GRAPH_OP_ARGMIN, K_REDUCE, "argmin"},
    {GRAPH_OP_ANY, K_REDUCE, "any"},
    {GRAPH_OP_ALL, K_REDUCE, "all"},
    {GRAPH_OP_SELECT, K_SELECT, "select"},
    {GRAPH_OP_FLIP, K_FLIP, "flip"},
    {GRAPH_OP_CONSTANT_PAD_ND, K_PAD, "constant_pad_nd"},
    {GRAPH_OP_REPEAT, K_REPEAT, "repeat"},
    {GRAPH_OP__SOFTMAX, K_COMPOSITE, NULL},
    {GRAPH_OP_SDPA, K_COMPOSITE, NULL},
    {GRAPH_OP_MAX_DIM, K_REDUCE, "max"},
    {GRAPH_OP_MIN_DIM, K_REDUCE, "min"},
    {GRAPH_OP_SPLIT, K_COMPOSITE, NULL},
    {GRAPH_OP_NATIVE_LAYER_NORM, K_COMPOSITE, NULL},
    {GRAPH_OP_NATIVE_GROUP_NORM, K_COMPOSITE, NULL},
    {GRAPH_OP_CUMSUM, K_SCAN, "cumsum"},
    {GRAPH_OP_INDEX_SELECT, K_INDIRECT, "index_select"},
    {GRAPH_OP_GATHER, K_INDIRECT, "gather"},
    {GRAPH_OP_EMBEDDING, K_INDIRECT, "embedding"},
};

/* The table entry of a graph op (NULL for an op outside the graph dialect or unknown to it). */
static const OpInfo *op_info(MlirOperation op) {
  GraphOpId id = graph_op_id(op);
  for (size_t i = 0; i < sizeof k_ops / sizeof k_ops[0]; ++i)
    if (k_ops[i].id == id)
      return &k_ops[i];
  return NULL;
}

/* The op's ATen name ("add"), for messages. */
static const char *op_short_name(const OpInfo *info) { return graph_op_short_name(info->id); }

static void env_set(Lower *L, MlirValue v, Node *n) {
  int64_t i;
  if (ind_ptrmap_get(&L->env_index, v.ptr, &i)) {
    L->env_vals[i] = n;
    return;
  }
  if (L->nenv == L->cap_env) {
    L->cap_env = L->cap_env ? 2 * L->cap_env : 64;
    L->env_keys = realloc(L->env_keys, sizeof(MlirValue) * (size_t)L->cap_env);
    L->env_vals = realloc(L->env_vals, sizeof(Node *) * (size_t)L->cap_env);
    if (!L->env_keys || !L->env_vals)
      abort();
  }
  if (!ind_ptrmap_put(&L->env_index, v.ptr, L->nenv))
    abort();
  L->env_keys[L->nenv] = v;
  L->env_vals[L->nenv++] = n;
}

static Node *env_get(Lower *L, MlirValue v) {
  int64_t i;
  return ind_ptrmap_get(&L->env_index, v.ptr, &i) ? L->env_vals[i] : NULL;
}

static void lower_free(Lower *L) {
  for (int i = 0; i < L->nnodes; ++i)
    ind_lower_node_free(L->nodes[i]);
  free(L->nodes);
  free(L->env_keys);
  free(L->env_vals);
  ind_ptrmap_free(&L->env_index);
  free(L->ops);
}

/* ------------------------------------------------------------------------------------------ */
/* Realize                                                                                      */

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

/* Collects the graph ops folded into the recipe `n` (stopping at realized buffers). */
static void collect_origins(Node *n, bool *seen_node, bool *seen_op, int *out, int *nout) {
  if (seen_node[n->id] || n->kind == N_BUFFER)
    return;
  seen_node[n->id] = true;
  if (n->op_index >= 0 && n->kind != N_CONST && !seen_op[n->op_index]) {
    seen_op[n->op_index] = true;
    out[(*nout)++] = n->op_index;
  }
  for (int k = 0; k < n->noperands; ++k)
    collect_origins(n->operands[k], seen_node, seen_op, out, nout);
}

/* Sets `origins` on a new buffer op: the FX names of the ops folded into it, in program order,
 * plus `extra` (the reduction op itself; -1 for none). */
static void set_origins(Lower *L, MlirOperation buf, Node *recipe, int extra) {
  bool *seen_node = calloc((size_t)L->nnodes + 1, 1), *seen_op = calloc((size_t)L->nops + 1, 1);
  int *idx = malloc(sizeof(int) * ((size_t)L->nops + 1));
  if (!seen_node || !seen_op || !idx)
    abort();
  int n = 0;
  if (extra >= 0) {
    seen_op[extra] = true;
    idx[n++] = extra;
  }
  collect_origins(recipe, seen_node, seen_op, idx, &n);
  qsort(idx, (size_t)n, sizeof(int), cmp_int);
  const char **names = malloc(sizeof(char *) * ((size_t)n + 1));
  if (!names)
    abort();
  int nnames = 0;
  for (int i = 0; i < n; ++i)
    if (L->ops[idx[i]].fx_name[0]) /* constants are not FX nodes */
      names[nnames++] = L->ops[idx[i]].fx_name;
  if (nnames > 0)
    ind_set_origins(buf, names, nnames);
  free(names);
  free(idx);
  free(seen_op);
  free(seen_node);
}

static MlirType memref_of(const Node *n) {
  return mlirMemRefTypeContiguousGet(n->elem, n->rank, n->shape, mlirAttributeGetNull());
}

static void next_buf_name(Lower *L, char *buf, size_t len) { snprintf(buf, len, "buf%d", L->next_buf++); }

static Node *buffer_node(Lower *L, const Node *like, MlirValue memref, int op_index) {
  Node *b = ind_lower_node_new(L, N_BUFFER, like->rank, like->shape, like->elem);
  b->memref = memref;
  b->op_index = op_index;
  return b;
}

/* Emits `n` as the body of `buf` (already in the function) at index `idx`, and yields it. */
static void fill_body(Lower *L, MlirOperation buf, const IterSpace *sp, Node *n, const MlirAffineExpr *idx,
                      MlirLocation loc) {
  /* a view of an integer buffer (an integer scan read through its moved dim) is copied exactly, in its
   * own type, not through the f32 compute type */
  Node *base = n;
  bool moved = false;
  while (ind_lower_is_view_recipe(base)) {
    moved |= base->info->kind == K_MOVEDIM;
    base = base->operands[0];
  }
  if (moved && base->kind == N_BUFFER && mlirTypeIsAInteger(n->elem) && !ind_lower_is_bool(n->elem) &&
      mlirTypeEqual(base->elem, n->elem)) {
    ind_lower_emit_int_body(L, ind_computed_buffer_body_block(buf), sp, n, idx, n->elem, loc);
    return;
  }
  ind_lower_emit_body(L, ind_computed_buffer_body_block(buf), sp, n, idx, n->elem, loc);
}

/* StorageBox.realize() of a pointwise recipe: a new ind.pointwise buffer computing it. */
static Node *realize_pointwise(Lower *L, Node *n) {
  if (!ind_lower_is_unrealized(n))
    return n;
  IterSpace sp;
  MlirAffineExpr idx[LOWER_MAX_RANK];
  ind_lower_own_space(L, n, &sp, idx);
  char name[32];
  next_buf_name(L, name, sizeof name);
  MlirLocation loc =
      n->op_index >= 0 ? mlirOperationGetLocation(L->ops[n->op_index].op) : mlirLocationUnknownGet(L->ctx);
  MlirOperation buf = ind_pointwise_create(loc, name, sp.sizes, sp.n, memref_of(n), (MlirRegion){NULL});
  mlirBlockAppendOwnedOperation(L->new_block, buf);
  fill_body(L, buf, &sp, n, idx, loc);
  set_origins(L, buf, n, -1);
  return buffer_node(L, n, mlirOperationGetResult(buf, 0), n->op_index);
}

/* An identity recipe over `n` (an input buffer or a constant), so that realize_pointwise() copies it
 * into a computed buffer. */
static Node *copy_recipe(Lower *L, Node *n) {
  Node *copy = ind_lower_node_new(L, N_RECIPE, n->rank, n->shape, n->elem);
  static const OpInfo k_copy = {GRAPH_OP_CLONE, K_COPY, NULL};
  copy->info = &k_copy;
  copy->operands[0] = n;
  copy->noperands = 1;
  copy->op_index = n->kind == N_CONST ? n->op_index : -1;
  return copy;
}

/* A row-major reshape of `in` to `shape` (no graph op of its own: op_index names where it stands). */
static Node *reshape_node(Lower *L, Node *in, int rank, const int64_t *shape, int op_index) {
  static const OpInfo k_reshape = {GRAPH_OP_RESHAPE, K_RESHAPE, NULL};
  Node *r = ind_lower_node_new(L, N_RECIPE, rank, shape, in->elem);
  r->info = &k_reshape;
  r->op_index = op_index;
  r->operands[0] = in;
  r->noperands = 1;
  return r;
}

/* The buffer a chain of reshapes reads when the chain ends in the buffer's own shape (a reshape there and
 * back is the buffer itself), else NULL. */
static Node *identity_reshape_storage(Node *n) {
  Node *s = n;
  while (s->kind == N_RECIPE && s->info->kind == K_RESHAPE)
    s = s->operands[0];
  if (s == n || s->kind != N_BUFFER || s->rank != n->rank || !mlirTypeEqual(s->elem, n->elem))
    return NULL;
  for (int k = 0; k < n->rank; ++k)
    if (s->shape[k] != n->shape[k])
      return NULL;
  return s;
}

/* An output of the function that is `v` through reshapes only (view, reshape, squeeze, unsqueeze; at most
 * `depth` of them): its shape. */
static bool output_reshape_of(MlirValue v, int depth, int *rank, int64_t *shape) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation owner = mlirOpOperandGetOwner(u);
    const OpInfo *oi = op_info(owner);
    if (!oi || oi->kind != K_RESHAPE || mlirOperationGetNumResults(owner) != 1)
      continue;
    MlirValue r = mlirOperationGetResult(owner, 0);
    MlirType t = mlirValueGetType(r);
    if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t) || mlirShapedTypeGetRank(t) > LOWER_MAX_RANK)
      continue;
    if (ind_value_is_returned(r)) {
      *rank = (int)mlirShapedTypeGetRank(t);
      for (int k = 0; k < *rank; ++k)
        shape[k] = mlirShapedTypeGetDimSize(t, k);
      return true;
    }
    if (depth > 1 && output_reshape_of(r, depth - 1, rank, shape))
      return true;
  }
  return false;
}

/* The storage under a chain of views: the first node that is not a view recipe. */
static Node *view_base(Node *n) {
  while (ind_lower_is_view_recipe(n))
    n = n->operands[0];
  return n;
}

/* A copy of the view chain from `n` down to `base`, standing on `buf` instead of `base`. */
static Node *rebase_views(Lower *L, Node *n, Node *base, Node *buf) {
  if (n == base)
    return buf;
  Node *copy = ind_lower_node_new(L, N_RECIPE, n->rank, n->shape, n->elem);
  copy->info = n->info;
  copy->op_index = n->op_index;
  ind_lower_node_set_operands(copy, n->operands, n->noperands);
  copy->operands[0] = rebase_views(L, n->operands[0], base, buf);
  Node *same = identity_reshape_storage(copy);
  return same ? same : copy;
}

/* realize() of `base`, the recipe bound to graph op b's result. Where that value is not an output but a
 * reshape of it is, the storage is laid out as the output (the same bytes in the same order) and the value
 * becomes a reshape of it, so that the output is that buffer instead of a copy of it (Inductor returns such
 * an output as a ReinterpretView of the buffer; Swin's patch merging saves its merged [B, H/2, W/2, 4C]
 * view of the [B, H/2, W/2, 2, 2, C] clone for the backward). */
static Node *realize_storage(Lower *L, Node *base) {
  int b = base->op_index, rank = 0;
  int64_t shape[LOWER_MAX_RANK];
  if (b < 0 || L->ops[b].output_user || mlirOperationGetNumResults(L->ops[b].op) != 1)
    return realize_pointwise(L, base);
  MlirValue bv = mlirOperationGetResult(L->ops[b].op, 0);
  if (env_get(L, bv) != base || !output_reshape_of(bv, 4, &rank, shape))
    return realize_pointwise(L, base);
  Node *out = realize_pointwise(L, reshape_node(L, base, rank, shape, b));
  return reshape_node(L, out, base->rank, base->shape, -1);
}

/* StorageBox.realize() for graph op `i`'s result: realizes the storage under its views (the node
 * itself when it is no view) and rebinds the value, and the storage's own graph value when it is
 * still bound to it (a StorageBox is shared by the tensor and its views). */
static void realize_value(Lower *L, int i) {
  MlirValue v = mlirOperationGetResult(L->ops[i].op, 0);
  Node *n = env_get(L, v);
  Node *base = n ? view_base(n) : NULL;
  if (!base || !ind_lower_is_unrealized(base))
    return;
  Node *buf = realize_storage(L, base);
  env_set(L, v, rebase_views(L, n, base, buf));
  if (base->op_index >= 0 && base->op_index != i) {
    MlirValue bv = mlirOperationGetResult(L->ops[base->op_index].op, 0);
    if (env_get(L, bv) == base)
      env_set(L, bv, buf);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Lowering graph ops                                                                           */

/* Shape and element type of a graph value; false (diagnosed at `op`) unless a static ranked tensor. */
static bool tensor_shape(MlirOperation op, MlirValue v, int *rank, int64_t *shape, MlirType *elem) {
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t)) {
    ind_emit_error(op, "convert-graph-to-ind needs statically shaped ranked tensors: run --preprocess first "
                       "(graph-infer-shapes)");
    return false;
  }
  *rank = (int)mlirShapedTypeGetRank(t);
  if (*rank > LOWER_MAX_RANK) {
    ind_emit_error(op, "rank %d exceeds the supported maximum %d", *rank, LOWER_MAX_RANK);
    return false;
  }
  for (int k = 0; k < *rank; ++k)
    shape[k] = mlirShapedTypeGetDimSize(t, k);
  *elem = mlirShapedTypeGetElementType(t);
  return true;
}

static Node *operand_node(Lower *L, MlirOperation op, int k) {
  Node *n = env_get(L, mlirOperationGetOperand(op, k));
  if (!n)
    ind_emit_error(op, "operand %d is not a value of the graph program (a function argument or graph op result)", k);
  return n;
}

/* Checks that every operand of an elementwise op broadcasts to the result shape. */
static bool check_broadcast(MlirOperation op, Node *res, Node *in, int k) {
  if (in->rank > res->rank)
    return ind_emit_error(op, "operand %d has rank %d, more than the result's %d", k, in->rank, res->rank), false;
  for (int i = 0; i < in->rank; ++i) {
    int64_t a = in->shape[i], b = res->shape[i + res->rank - in->rank];
    if (a != 1 && a != b)
      return ind_emit_error(op, "operand %d does not broadcast to the result shape (dim %d: %ld vs %ld)", k, i, (long)a,
                            (long)b),
             false;
  }
  return true;
}

static bool check_view(Lower *L, MlirOperation op, const OpInfo *info, Node *res, Node *in) {
  (void)L;
  switch (info->kind) {
  case K_RESHAPE:
    if (ind_lower_numel(in->shape, in->rank) != ind_lower_numel(res->shape, res->rank))
      return ind_emit_error(op, "%s changes the number of elements (%ld to %ld)", op_short_name(info),
                            (long)ind_lower_numel(in->shape, in->rank), (long)ind_lower_numel(res->shape, res->rank)),
             false;
    return true;
  case K_PERMUTE: {
    int64_t dims[LOWER_MAX_RANK];
    intptr_t nd = 0;
    if (!graph_permute_dims(op, dims, &nd) || res->rank != in->rank)
      return ind_emit_error(op, "permute 'dims' is not a permutation matching the result shape"), false;
    for (int i = 0; i < nd; ++i)
      if (res->shape[i] != in->shape[dims[i]])
        return ind_emit_error(op, "permute 'dims' is not a permutation matching the result shape"), false;
    return true;
  }
  case K_TRANSPOSE: {
    int64_t d0, d1;
    if (!graph_transpose_dims(op, &d0, &d1) || res->rank != in->rank)
      return ind_emit_error(op, "transpose 'dim0'/'dim1' out of range"), false;
    return true;
  }
  case K_SLICE: {
    GraphSlice sl;
    if (!graph_slice_params(op, &sl) || res->rank != in->rank || res->shape[sl.dim] != sl.len)
      return ind_emit_error(op, "slice 'dim' out of range, 'step' < 1, or a result length that does not match"), false;
    return true;
  }
  default: /* expand */
    return check_broadcast(op, res, in, 0);
  }
}

/* constant, full, zeros, ones, full_like: a constant node of the result's shape (a splat is read
 * at any index: it never needs a buffer unless it is an output). */
static Node *lower_constant(Lower *L, GraphOp *g, Node *res) {
  double v;
  if (!graph_fill_value(g->op, &v)) {
    ind_emit_error(g->op, "'%s' needs a float 'value'", graph_op_name(g->info->id));
    return NULL;
  }
  /* The constant holds `value` in its dtype (ATen's full(..., dtype)): an integer constant is
   * truncated toward zero (1e-05 as i64 is 0), a bool is value != 0. */
  if (mlirTypeIsAInteger(res->elem))
    v = mlirIntegerTypeGetWidth(res->elem) == 1 ? (v != 0.0) : trunc(v);
  Node *n = ind_lower_node_new(L, N_CONST, res->rank, res->shape, res->elem);
  n->value = v;
  n->op_index = res->op_index;
  return n;
}

/* Reduction dims: normalized, checked, marked in `reduced`. */
static bool reduction_dims(MlirOperation op, int rank, bool *reduced) {
  int64_t dims[LOWER_MAX_RANK];
  intptr_t nd = 0;
  if (!graph_reduction_dims(op, dims, &nd))
    return ind_emit_error(op, "reduction 'dims' must be distinct dims in [-%d, %d)", rank, rank), false;
  for (int k = 0; k < rank; ++k)
    reduced[k] = false;
  for (intptr_t i = 0; i < nd; ++i)
    reduced[dims[i]] = true; /* an empty `dims` comes back as every dim */
  return true;
}

static IndReductionType reduction_type_of(const OpInfo *info) {
  switch (info->id) {
  case GRAPH_OP_AMAX:
  case GRAPH_OP_MAX_DIM:
  case GRAPH_OP_ARGMAX:
  case GRAPH_OP_ANY:
    return IND_REDUCE_MAX;
  case GRAPH_OP_AMIN:
  case GRAPH_OP_MIN_DIM:
  case GRAPH_OP_ARGMIN:
  case GRAPH_OP_ALL:
    return IND_REDUCE_MIN;
  case GRAPH_OP_PROD:
    return IND_REDUCE_PROD;
  default:
    return IND_REDUCE_SUM; /* sum, mean */
  }
}

/* Detached generic ops for the split mask. */
static MlirOperation build_generic(MlirLocation loc, const char *name, intptr_t nops, const MlirValue *ops,
                                   MlirType res, intptr_t nattrs, const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(ind_str(name), loc);
  mlirOperationStateAddOperands(&st, nops, ops);
  mlirOperationStateAddResults(&st, 1, &res);
  mlirOperationStateAddAttributes(&st, nattrs, attrs);
  return mlirOperationCreate(&st);
}

static MlirOperation ind_build_constant(MlirLocation loc, MlirAttribute value) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirNamedAttribute a = mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str("value")), value);
  return build_generic(loc, "arith.constant", 0, NULL, mlirAttributeGetType(value), 1, &a);
}

static MlirOperation ind_build_cmpi_ult(MlirLocation loc, MlirValue a, MlirValue b) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirValue ops[2] = {a, b};
  MlirNamedAttribute p = mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str("predicate")),
                                               mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), 6 /* ult */));
  return build_generic(loc, "arith.cmpi", 2, ops, mlirIntegerTypeGet(ctx, 1), 1, &p);
}

static MlirOperation ind_build_select(MlirLocation loc, MlirValue c, MlirValue a, MlirValue b) {
  MlirValue ops[3] = {c, a, b};
  return build_generic(loc, "arith.select", 3, ops, mlirValueGetType(a), 0, NULL);
}

/* IND_LOGS=fusion (the fusion log, docs/passes/fuse.md) also explains the split decisions. */
static bool fusion_log_enabled(void) { return ind_logs_enabled("fusion"); }

/* The value of affine expression e at dims = vals (no symbols). */
static int64_t eval_expr(MlirAffineExpr e, const int64_t *vals) {
  if (mlirAffineExprIsADim(e))
    return vals[mlirAffineDimExprGetPosition(e)];
  if (mlirAffineExprIsAConstant(e))
    return mlirAffineConstantExprGetValue(e);
  if (!mlirAffineExprIsABinary(e))
    return 0;
  int64_t a = eval_expr(mlirAffineBinaryOpExprGetLHS(e), vals), b = eval_expr(mlirAffineBinaryOpExprGetRHS(e), vals);
  if (mlirAffineExprIsAAdd(e))
    return a + b;
  if (mlirAffineExprIsAMul(e))
    return a * b;
  if (b == 0)
    return 0;
  int64_t q = a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
  if (mlirAffineExprIsAFloorDiv(e))
    return q;
  if (mlirAffineExprIsAMod(e))
    return a - q * b;
  return -((-a) / b - (((-a) % b != 0) && ((-a < 0) != (b < 0)))); /* ceildiv */
}

/* Reduction.num_splits' read analysis on the reduction `buf` (n x dims, m r dims): for each distinct
 * load that uses every iteration variable (a full-size read), the strides of the r dims; outer when
 * all are > 1. */
static void count_read_strides(MlirOperation buf, int n, int m, int *nreads, int *ninner, int *nouter) {
  MlirValue seen_buf[64];
  MlirAffineExpr seen_e[64];
  int nseen = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(ind_computed_buffer_body_block(buf)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!ind_is_load(op))
      continue;
    MlirAffineExpr e = mlirAffineMapGetResult(ind_index_map(op), 0);
    bool all = true;
    for (int d = 0; d < n + m && all; ++d)
      all = mlirAffineExprIsFunctionOfDim(e, d);
    bool dup = false;
    for (int i = 0; i < nseen && !dup; ++i)
      dup = mlirValueEqual(seen_buf[i], ind_load_buffer(op)) && mlirAffineExprEqual(seen_e[i], e);
    if (!all || dup || nseen == 64)
      continue;
    seen_buf[nseen] = ind_load_buffer(op);
    seen_e[nseen++] = e;
    int64_t vals[2 * LOWER_MAX_RANK] = {0};
    int64_t base = eval_expr(e, vals);
    bool outer = true;
    for (int d = n; d < n + m; ++d) {
      vals[d] = 1;
      outer &= eval_expr(e, vals) - base > 1;
      vals[d] = 0;
    }
    ++*nreads;
    ++*(outer ? nouter : ninner);
  }
}

/* Reduction.create_multilayer: a first reduction of `split` partials per output, over blocks of
 * ceil(rnumel / split) consecutive reduced elements (linear index j = block * s + rb, row-major over
 * the reduced dims; masked to the identity past rnumel), then a second reduction over the partials
 * into `out`. The partials' buffer is [split, *x] for OUTER reductions (the layout Inductor's
 * FlexibleLayout gives it: stride 1 along x, so the first kernel stays a column reduction and the
 * second reads `s * numel + x`) and [*x, split] otherwise. Returns the second reduction's op. */
/* The identity of reduction rt in the integer type t (max: the type's minimum, min: its maximum). */
static MlirAttribute int_identity(MlirType t, IndReductionType rt) {
  unsigned w = mlirIntegerTypeGetWidth(t);
  int64_t hi = w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
  int64_t v = rt == IND_REDUCE_MAX ? -hi - 1 : rt == IND_REDUCE_MIN ? hi : rt == IND_REDUCE_PROD ? 1 : 0;
  return mlirIntegerAttrGet(t, v);
}

/* The geometry of one split (create_multilayer): `split` partials per output over blocks of `block`
 * reduced elements, masked past rnumel when split does not divide it; the partials are [split, *x] (outer)
 * or [*x, split]. */
typedef struct SplitShape {
  const int64_t *xs; /* the kept (size > 1) dims */
  int n;
  int64_t rnumel, split, block;
  bool outer, mask;
} SplitShape;

static SplitShape split_shape(const int64_t *xs, int n, int64_t rnumel, int64_t split, SplitHint hint) {
  SplitShape s = {xs, n, rnumel, split, (rnumel + split - 1) / split, hint == SPLIT_HINT_OUTER, false};
  s.mask = rnumel % split != 0;
  return s;
}

/* Stage 1: a reduction `rt` of `in` over each block into a new partials buffer (n + 1 dims). */
static Node *split_stage1(Lower *L, GraphOp *g, Node *in, const bool *reduced, const SplitShape *s, IndReductionType rt,
                          MlirType acc, MlirOperation *op) {
  MlirLocation loc = mlirOperationGetLocation(g->op);
  int n = s->n;
  /* ranges (n + 1 dims), then the r dim */
  IterSpace sp1 = {{0}, n + 2};
  int sdim = s->outer ? 0 : n;
  for (int k = 0; k < n; ++k)
    sp1.sizes[s->outer ? k + 1 : k] = s->xs[k];
  sp1.sizes[sdim] = s->split;
  sp1.sizes[n + 1] = s->block;
  MlirAffineExpr j = mlirAffineAddExprGet(mlirAffineMulExprGet(ind_lower_dim(L, sdim), ind_lower_cst(L, s->block)),
                                          ind_lower_dim(L, n + 1));
  MlirAffineExpr jj = s->mask ? mlirAffineModExprGet(j, ind_lower_cst(L, s->rnumel)) : j;
  MlirAffineExpr idx[LOWER_MAX_RANK];
  int64_t stride = s->rnumel;
  int xi = 0;
  bool first = true;
  for (int k = 0; k < in->rank; ++k) {
    if (in->shape[k] == 1) {
      idx[k] = ind_lower_cst(L, 0);
    } else if (!reduced[k]) {
      idx[k] = ind_lower_dim(L, s->outer ? xi + 1 : xi);
      ++xi;
    } else {
      stride /= in->shape[k];
      MlirAffineExpr q = mlirAffineFloorDivExprGet(jj, ind_lower_cst(L, stride));
      idx[k] = first ? q : mlirAffineModExprGet(q, ind_lower_cst(L, in->shape[k]));
      first = false;
    }
  }
  Node *part = ind_lower_node_new(L, N_BUFFER, n + 1, sp1.sizes, acc);
  char name[32];
  next_buf_name(L, name, sizeof name);
  MlirOperation b1 =
      ind_reduction_create(loc, name, sp1.sizes, n + 1, &s->block, 1, rt, memref_of(part), (MlirRegion){NULL});
  mlirBlockAppendOwnedOperation(L->new_block, b1);
  MlirBlock body1 = ind_computed_buffer_body_block(b1);
  ind_lower_emit_body(L, body1, &sp1, in, idx, acc, loc);
  if (s->mask) {
    /* value = j < rnumel ? value : identity (Inductor's ops.masked) */
    MlirOperation yield = mlirBlockGetTerminator(body1);
    MlirValue v = mlirOperationGetOperand(yield, 0);
    MlirType it = mlirIndexTypeGet(L->ctx);
    MlirOperation ie = ind_index_expr_create(loc, mlirAffineMapGet(L->ctx, n + 2, 0, 1, &j), it);
    mlirBlockInsertOwnedOperationBefore(body1, yield, ie);
    MlirOperation lim = ind_build_constant(loc, mlirIntegerAttrGet(it, s->rnumel));
    mlirBlockInsertOwnedOperationBefore(body1, yield, lim);
    MlirOperation cmp = ind_build_cmpi_ult(loc, mlirOperationGetResult(ie, 0), mlirOperationGetResult(lim, 0));
    mlirBlockInsertOwnedOperationBefore(body1, yield, cmp);
    double idv = rt == IND_REDUCE_MAX    ? -__builtin_inf()
                 : rt == IND_REDUCE_MIN  ? __builtin_inf()
                 : rt == IND_REDUCE_PROD ? 1.0
                                         : 0.0;
    MlirOperation id = ind_build_constant(loc, ind_lower_is_int(acc) ? int_identity(acc, rt)
                                                                     : mlirFloatAttrDoubleGet(L->ctx, acc, idv));
    mlirBlockInsertOwnedOperationBefore(body1, yield, id);
    MlirOperation sel = ind_build_select(loc, mlirOperationGetResult(cmp, 0), v, mlirOperationGetResult(id, 0));
    mlirBlockInsertOwnedOperationBefore(body1, yield, sel);
    mlirOperationSetOperand(yield, 0, mlirOperationGetResult(sel, 0));
  }
  set_origins(L, b1, in, (int)(g - L->ops));
  part->memref = mlirOperationGetResult(b1, 0);
  *op = b1;
  return part;
}

/* Stage 2: a reduction `rt` of the partials `part` over the split into `out` (x dims, then the split). */
static MlirOperation split_stage2(Lower *L, GraphOp *g, Node *part, Node *out, const SplitShape *s, IndReductionType rt,
                                  MlirType acc) {
  int n = s->n;
  IterSpace sp2 = {{0}, n + 1};
  memcpy(sp2.sizes, s->xs, sizeof(int64_t) * (size_t)n);
  sp2.sizes[n] = s->split;
  MlirAffineExpr pidx[LOWER_MAX_RANK + 1];
  for (int k = 0; k < n; ++k)
    pidx[s->outer ? k + 1 : k] = ind_lower_dim(L, k);
  pidx[s->outer ? 0 : n] = ind_lower_dim(L, n);
  char name[32];
  next_buf_name(L, name, sizeof name);
  MlirLocation loc = mlirOperationGetLocation(g->op);
  MlirOperation b2 = ind_reduction_create(loc, name, s->xs, n, &s->split, 1, rt, memref_of(out), (MlirRegion){NULL});
  mlirBlockAppendOwnedOperation(L->new_block, b2);
  ind_lower_emit_body(L, ind_computed_buffer_body_block(b2), &sp2, part, pidx, acc, loc);
  out->memref = mlirOperationGetResult(b2, 0);
  return b2;
}

/* The log line's geometry: "<hint> numel=.. rnumel=.. split=..: NAME ranges=[..] reduction_ranges=[..]". */
static void log_split(const SplitShape *s, SplitHint hint, MlirOperation b1, MlirOperation b2) {
  MlirStringRef n1 = ind_buffer_name(b1), n2 = ind_buffer_name(b2);
  fprintf(stderr, "hint=%s numel=%lld rnumel=%lld split=%lld: %.*s ranges=[", split_hint_name(hint),
          (long long)ind_lower_numel(s->xs, s->n), (long long)s->rnumel, (long long)s->split, (int)n1.length, n1.data);
  for (int k = 0; k < s->n + 1; ++k)
    fprintf(stderr, "%s%lld", k ? ", " : "",
            (long long)(k == (s->outer ? 0 : s->n) ? s->split : s->xs[s->outer ? k - 1 : k]));
  fprintf(stderr, "] reduction_ranges=[%lld]%s, %.*s ranges=[", (long long)s->block, s->mask ? " masked" : "",
          (int)n2.length, n2.data);
  for (int k = 0; k < s->n; ++k)
    fprintf(stderr, "%s%lld", k ? ", " : "", (long long)s->xs[k]);
  fprintf(stderr, "] reduction_ranges=[%lld]", (long long)s->split);
}

static MlirOperation lower_split_reduction(Lower *L, GraphOp *g, Node *in, Node *out, const bool *reduced,
                                           const int64_t *xs, int n, int64_t rnumel, int64_t split, SplitHint hint,
                                           IndReductionType rt) {
  MlirType acc = ind_lower_acc_type(L, out->elem); /* the partials' type: f32, or the integer accumulator */
  SplitShape s = split_shape(xs, n, rnumel, split, hint);
  MlirOperation b1;
  Node *part = split_stage1(L, g, in, reduced, &s, rt, acc, &b1);
  MlirOperation b2 = split_stage2(L, g, part, out, &s, rt, acc);
  if (fusion_log_enabled()) {
    MlirStringRef n1 = ind_buffer_name(b1);
    fprintf(stderr, "split reduction %.*s: ", (int)n1.length, n1.data);
    log_split(&s, hint, b1, b2);
    fputc('\n', stderr);
  }
  return b2;
}

/* A mean of the reduction result `sum` over rnumel elements: the division in the consumer's body. */
static Node *mean_div(Lower *L, const Node *res, Node *sum, int64_t rnumel) {
  Node *div = ind_lower_node_new(L, N_MEAN_DIV, res->rank, res->shape, res->elem);
  div->operands[0] = sum;
  div->noperands = 1;
  div->divisor = (double)rnumel;
  div->op_index = res->op_index;
  return div;
}

/* A split welford_m2 (Inductor's WelfordReduction.create_multilayer, without its masks: the split divides
 * rnumel, split_welford_splits). Stage 1: welford_mean and welford_m2 of `in` over each block of B =
 * rnumel / split elements (two siblings of one state). Stage 2, over the split: welford_m2 of the partial
 * means and the sum of the partial m2s; with equal weights B Chan's combine is
 *   m2 = sum_s m2_s + B * sum_s (mean_s - mean)^2,  mean = the mean of the mean_s,
 * and sum_s (mean_s - mean)^2 is the welford_m2 of the means, so m2 is that recipe over the two stage-2
 * buffers. When L->welford_mean_out is given, it becomes the stage-2 welford_mean of the partial means
 * (the sibling of their welford_m2): the variance's mean. A constant row stays exact: each mean_s is the
 * row's value, every m2 is 0 (two-step's split sum / N is not the value, and std's backward divides by
 * the noise where eager's mask sees 0). Returns the m2 node (a mean of it for a mean graph op). */
static Node *lower_split_welford(Lower *L, GraphOp *g, Node *res, Node *in, const bool *reduced, const int64_t *xs,
                                 int n, int64_t rnumel, int64_t split, SplitHint hint) {
  static const OpInfo k_add = {GRAPH_OP_ADD, K_BINARY, NULL}, k_mul = {GRAPH_OP_MUL, K_BINARY, NULL};
  MlirType f32 = mlirF32TypeGet(L->ctx);
  SplitShape s = split_shape(xs, n, rnumel, split, hint);
  MlirOperation b1, b1m2;
  Node *means = split_stage1(L, g, in, reduced, &s, IND_REDUCE_WELFORD_MEAN, f32, &b1);
  Node *m2s = split_stage1(L, g, in, reduced, &s, IND_REDUCE_WELFORD_M2, f32, &b1m2);
  int origin = (int)(g - L->ops);
  Node *mean = L->welford_mean_out;
  if (mean)
    set_origins(L, split_stage2(L, g, means, mean, &s, IND_REDUCE_WELFORD_MEAN, f32), in, origin);
  Node *between = ind_lower_node_new(L, N_BUFFER, res->rank, res->shape, f32);
  MlirOperation b2 = split_stage2(L, g, means, between, &s, IND_REDUCE_WELFORD_M2, f32);
  set_origins(L, b2, in, origin);
  Node *within = ind_lower_node_new(L, N_BUFFER, res->rank, res->shape, f32);
  set_origins(L, split_stage2(L, g, m2s, within, &s, IND_REDUCE_SUM, f32), in, origin);
  Node *b = ind_lower_node_new(L, N_CONST, 0, NULL, f32);
  b->value = (double)s.block;
  Node *scaled = ind_lower_node_new(L, N_RECIPE, res->rank, res->shape, f32);
  scaled->info = &k_mul;
  Node *mul_in[2] = {between, b};
  ind_lower_node_set_operands(scaled, mul_in, 2);
  bool is_mean = g->info->id == GRAPH_OP_MEAN;
  Node *m2 = ind_lower_node_new(L, N_RECIPE, res->rank, res->shape, is_mean ? f32 : res->elem);
  m2->info = &k_add;
  Node *add_in[2] = {within, scaled};
  ind_lower_node_set_operands(m2, add_in, 2);
  b->op_index = scaled->op_index = m2->op_index = between->op_index = within->op_index = res->op_index;
  if (fusion_log_enabled()) {
    MlirStringRef n1 = ind_buffer_name(b1), n2 = ind_buffer_name(b1m2);
    fprintf(stderr, "split welford %.*s, %.*s: ", (int)n1.length, n1.data, (int)n2.length, n2.data);
    log_split(&s, hint, b1, b2);
    MlirStringRef w = ind_buffer_name(mlirOpResultGetOwner(within->memref));
    fprintf(stderr, "; m2 = %.*s + %lld * %.*s\n", (int)w.length, w.data, (long long)s.block,
            (int)ind_buffer_name(b2).length, ind_buffer_name(b2).data);
  }
  if (!is_mean)
    return m2;
  return mean_div(L, res, m2, rnumel);
}

/* make_reduction: a realized ind.reduction over the reduced dims of `in`; mean adds a recipe
 * dividing by the number of reduced elements (Inductor: "the division is in the consumer's body"). */
static Node *reduce_node(Lower *L, GraphOp *g, Node *res, Node *in, const bool *reduced, IndReductionType type);

/* argmax / argmin: the extreme (a max/min reduction of x), then the first flat index over the
 * reduced dims where x equals it (a min reduction); both read x over the same ranges, so the
 * scheduler fuses them. any / all: a max / min reduction of x != 0. */
static Node *lower_index_reduction(Lower *L, GraphOp *g, Node *res, Node *in, const bool *reduced) {
  GraphOpId id = g->info->id;
  if (id == GRAPH_OP_ANY || id == GRAPH_OP_ALL) {
    static const OpInfo k_to_bool = {GRAPH_OP_CONVERT, K_CONVERT, NULL};
    Node *b = ind_lower_node_new(L, N_RECIPE, in->rank, in->shape, mlirIntegerTypeGet(L->ctx, 1));
    b->info = &k_to_bool;
    b->operands[0] = in;
    b->noperands = 1;
    b->op_index = res->op_index;
    return reduce_node(L, g, res, b, reduced, reduction_type_of(g->info));
  }
  int64_t kshape[LOWER_MAX_RANK];
  for (int k = 0; k < in->rank; ++k)
    kshape[k] = reduced[k] ? 1 : in->shape[k];
  /* the extreme in x's compute type (integers exactly), the index in i64 */
  Node *mres = ind_lower_node_new(L, N_RECIPE, in->rank, kshape, ind_lower_acc_type(L, in->elem));
  mres->op_index = res->op_index;
  Node *m = reduce_node(L, g, mres, in, reduced, reduction_type_of(g->info));
  if (!m)
    return NULL;
  static const OpInfo k_argsel = {GRAPH_OP_ARGMAX, K_ARGSEL, NULL};
  Node *sel = ind_lower_node_new(L, N_RECIPE, in->rank, in->shape, mlirIntegerTypeGet(L->ctx, 64));
  sel->info = &k_argsel;
  sel->operands[0] = in;
  sel->operands[1] = m;
  sel->noperands = 2;
  sel->op_index = res->op_index;
  for (int k = 0; k < in->rank; ++k)
    if (reduced[k])
      sel->reduced |= 1u << k;
  return reduce_node(L, g, res, sel, reduced, IND_REDUCE_MIN);
}

/* --- Multi-output reductions chosen by lowering (docs/passes/lower.md, "Welford and online softmax").
 *
 * Both are recognized on the graph, as Inductor's decompositions / post-grad patterns produce them:
 *   var / layer-norm:  M = mean(X, D, keepdim); c = X - M; sum(c * c, D) or mean(c * c, D), the
 *                      reduction tagged var_m2 by graph-decompose (a user's own is two-step, as Inductor)
 *   softmax:           A = amax(X, D, keepdim); sum(exp(X - A), D)
 * and the reduction of c * c (of exp(X - A)) becomes a welford_m2 (online_softmax_sum) reduction of X
 * itself, so that it no longer depends on M (A): the scheduler sees two reductions of X with one read.
 * M's realized sum becomes its welford_mean sibling (when nothing reads it yet), A's max becomes
 * online_softmax_max (the same value, so always). Inductor's rules: welford unless
 * use_two_step_variance (rnumel <= unroll-reductions-threshold and more than one output);
 * online softmax when the reduction is not split and rnumel >= unroll-reductions-threshold. A split
 * welford_m2 is lower_split_welford (Inductor's create_multilayer; the split a divisor of rnumel); online
 * softmax is never split (Inductor's rule too). */

/* The op defining v when it is a graph op `id`, else a null op. */
static MlirOperation defined_by(MlirValue v, GraphOpId id) {
  if (!mlirValueIsAOpResult(v))
    return (MlirOperation){NULL};
  MlirOperation op = mlirOpResultGetOwner(v);
  return graph_op_id(op) == id ? op : (MlirOperation){NULL};
}

/* op reduces exactly the dims `reduced` of a rank-`rank` operand. */
static bool same_reduction(MlirOperation op, int rank, const bool *reduced) {
  bool r[LOWER_MAX_RANK];
  if (!reduction_dims(op, rank, r))
    return false;
  for (int k = 0; k < rank; ++k)
    if (r[k] != reduced[k])
      return false;
  return true;
}

/* ... and with keepdim. */
static bool same_keepdim_reduction(MlirOperation op, int rank, const bool *reduced) {
  return graph_keepdim(op) && same_reduction(op, rank, reduced);
}

static int64_t reduced_numel(const Node *in, const bool *reduced, int64_t *numel) {
  int64_t r = 1;
  *numel = 1;
  for (int k = 0; k < in->rank; ++k)
    *(reduced[k] ? &r : numel) *= in->shape[k];
  return r;
}

/* The ind.reduction of `type` defining a buffer node, or a null op. */
static MlirOperation reduction_buffer_op(const Node *n, IndReductionType type) {
  if (!n || n->kind != N_BUFFER || !mlirValueIsAOpResult(n->memref))
    return (MlirOperation){NULL};
  MlirOperation op = mlirOpResultGetOwner(n->memref);
  return ind_is_reduction(op) && ind_reduction_type(op) == type ? op : (MlirOperation){NULL};
}

static void set_reduction_type(MlirOperation op, IndReductionType t) {
  MlirContext ctx = mlirOperationGetContext(op);
  mlirOperationSetAttributeByName(op, ind_str(IND_ATTR_REDUCTION_TYPE),
                                  mlirStringAttrGet(ctx, ind_str(ind_reduction_type_name(t))));
}

/* reduce_node of x as `type` unless it would be split; *out NULL and true when refused. */
static bool reduce_unsplit(Lower *L, GraphOp *g, Node *res, Node *x, const bool *reduced, IndReductionType type,
                           Node **out) {
  L->refuse_split = true;
  L->split_refused = false;
  *out = reduce_node(L, g, res, x, reduced, type);
  L->refuse_split = false;
  return *out || L->split_refused;
}

/* The first use of op's first result (null when it has none or no results). */
static MlirOpOperand first_use(MlirOperation op) {
  return mlirOperationGetNumResults(op) > 0 ? mlirValueGetFirstUse(mlirOperationGetResult(op, 0))
                                            : (MlirOpOperand){NULL};
}

/* The mean op M of the variance pattern whose m2 is graph op `m2` (M = mean(X, D, keepdim); c = X - M;
 * m2 = sum or mean of c * c over D, tagged var_m2 by graph-decompose), with X in *xv; else a null op. */
static MlirOperation var_pattern_mean(MlirOperation m2, MlirValue *xv) {
  MlirOperation none = {NULL};
  if (mlirAttributeIsNull(mlirOperationGetAttributeByName(m2, ind_str(GRAPH_ATTR_VAR_M2))))
    return none;
  MlirOperation mul = defined_by(mlirOperationGetOperand(m2, 0), GRAPH_OP_MUL);
  if (mlirOperationIsNull(mul) || !mlirValueEqual(mlirOperationGetOperand(mul, 0), mlirOperationGetOperand(mul, 1)))
    return none;
  MlirOperation sub = defined_by(mlirOperationGetOperand(mul, 0), GRAPH_OP_SUB);
  if (mlirOperationIsNull(sub))
    return none;
  *xv = mlirOperationGetOperand(sub, 0);
  MlirOperation mean = defined_by(mlirOperationGetOperand(sub, 1), GRAPH_OP_MEAN);
  return !mlirOperationIsNull(mean) && mlirValueEqual(mlirOperationGetOperand(mean, 0), *xv) ? mean : none;
}

/* Whether the graph op `mean` is the mean of a variance pattern (var_pattern_mean of some m2 found through
 * the uses M -> c -> c * c -> m2), with the m2 over the `reduced` dims of a rank-`rank` X when reduced is
 * given. */
static bool var_pattern_m2(MlirOperation mean, int rank, const bool *reduced) {
  for (MlirOpOperand u = first_use(mean); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
    for (MlirOpOperand v = first_use(mlirOpOperandGetOwner(u)); !mlirOpOperandIsNull(v); v = mlirOpOperandGetNextUse(v))
      for (MlirOpOperand w = first_use(mlirOpOperandGetOwner(v)); !mlirOpOperandIsNull(w);
           w = mlirOpOperandGetNextUse(w)) {
        MlirOperation m2 = mlirOpOperandGetOwner(w);
        MlirValue xv;
        if (mlirOperationEqual(var_pattern_mean(m2, &xv), mean) && (!reduced || same_reduction(m2, rank, reduced)))
          return true;
      }
  return false;
}

/* Whether the graph op g (a mean over the `reduced` dims of a rank-`rank` tensor, `numel` rows) is the mean
 * of a variance pattern whose m2 try_welford lowers as welford over a single row although rnumel <
 * unroll-reductions-threshold (use_two_step_variance is false for one row): such a mean is realized rather
 * than unrolled, so that it becomes the welford_mean sibling and x - mean reads the Welford mean, as
 * Inductor's var_mean does (an unrolled sum / rnumel of a constant row is not the row's value, and
 * rsqrt(0 + eps) magnifies the difference). The m2 is found through the uses M -> c -> c * c. */
static bool welford_row_mean(Lower *L, GraphOp *g, int rank, const bool *reduced, int64_t numel) {
  return L->th.welford && numel == 1 && same_keepdim_reduction(g->op, rank, reduced) &&
         var_pattern_m2(g->op, rank, reduced);
}

/* The buffer node of an unsplit reduce_node result of graph op g (a mean's is under its division). */
static Node *reduced_buffer(GraphOp *g, Node *out) {
  return graph_op_id(g->op) == GRAPH_OP_MEAN ? out->operands[0] : out;
}

/* Whether two ind.reductions have the same ranges and reduction ranges. */
static bool same_iteration(MlirOperation a, MlirOperation b) {
  const char *names[2] = {IND_ATTR_RANGES, IND_ATTR_REDUCTION_RANGES};
  for (int i = 0; i < 2; ++i)
    if (!mlirAttributeEqual(mlirOperationGetAttributeByName(a, ind_str(names[i])),
                            mlirOperationGetAttributeByName(b, ind_str(names[i]))))
      return false;
  return true;
}

/* 1: lowered as welford_m2 into *out; 0: not the pattern (or two-step chosen); -1: error. */
static int try_welford(Lower *L, GraphOp *g, Node *res, const bool *reduced, Node **out) {
  MlirValue xv;
  MlirOperation mean = L->th.welford ? var_pattern_mean(g->op, &xv) : (MlirOperation){NULL};
  Node *x = mlirOperationIsNull(mean) ? NULL : env_get(L, xv);
  if (!x || !same_keepdim_reduction(mean, x->rank, reduced))
    return 0;
  int64_t numel, rnumel = reduced_numel(x, reduced, &numel);
  /* One element per row (Inductor's WelfordReduction.create makes that a Pointwise, m2 = 0): two-step,
   * whose (x - x)^2 is also NaN for an infinite x, as eager's var; a welford_m2 "reduction" over one
   * element would become a copy of x (reduce_node's pointwise case). */
  if (rnumel == 1)
    return 0;
  if (rnumel <= L->th.unroll && numel != 1) {
    if (fusion_log_enabled())
      fprintf(stderr, "var %s: two-step (use_two_step_variance: rnumel=%lld <= unroll-reductions-threshold=%lld)\n",
              g->fx_name, (long long)rnumel, (long long)L->th.unroll);
    return 0;
  }
  /* the mean's realized sum becomes the welford_mean sibling when no body reads it yet (split: the
   * stage-2 welford_mean of the partial means replaces it) */
  Node *m = env_get(L, mlirOperationGetResult(mean, 0));
  bool unread = m && m->kind == N_MEAN_DIV && m->operands[0]->kind == N_BUFFER &&
                mlirOpOperandIsNull(mlirValueGetFirstUse(m->operands[0]->memref));
  Node *split_mean = unread ? ind_lower_node_new(L, N_BUFFER, m->rank, m->shape, m->operands[0]->elem) : NULL;
  L->welford_mean_out = split_mean;
  *out = reduce_node(L, g, res, x, reduced, IND_REDUCE_WELFORD_M2);
  L->welford_mean_out = NULL;
  if (!*out)
    return -1;
  /* unsplit, the m2 is a buffer (under a mean's division); split, a recipe over the stage-2 buffers */
  bool split = reduced_buffer(g, *out)->kind != N_BUFFER;
  MlirOperation msum = split || !unread ? (MlirOperation){NULL} : reduction_buffer_op(m->operands[0], IND_REDUCE_SUM);
  /* a sibling reduces x over the same ranges: not the second stage of a split mean (a prime rnumel
   * splits the sum, masked, and not the welford) */
  if (!mlirOperationIsNull(msum) && !same_iteration(msum, mlirOpResultGetOwner(reduced_buffer(g, *out)->memref)))
    msum = (MlirOperation){NULL};
  if (!mlirOperationIsNull(msum))
    set_reduction_type(msum, IND_REDUCE_WELFORD_MEAN);
  if (unread && (split || !mlirOperationIsNull(msum))) {
    int op_index = m->op_index;
    *m = split ? *split_mean : *m->operands[0]; /* a buffer: no operands of its own */
    m->operands = m->inline_operands;
    m->noperands = 0;
    m->op_index = op_index;
  } else {
    unread = false;
  }
  if (fusion_log_enabled()) {
    MlirOperation def = split ? (MlirOperation){NULL} : mlirOpResultGetOwner(reduced_buffer(g, *out)->memref);
    MlirStringRef name = split ? mlirStringRefCreateFromCString("split") : ind_buffer_name(def);
    fprintf(stderr, "var %s: welford %.*s (rnumel=%lld %s unroll-reductions-threshold=%lld%s)%s\n", g->fx_name,
            (int)name.length, name.data, (long long)rnumel, rnumel > L->th.unroll ? ">" : "<=", (long long)L->th.unroll,
            rnumel > L->th.unroll ? "" : ", one row", unread ? ", its mean the welford_mean sibling" : "");
  }
  return 1;
}

/* 1: lowered as online_softmax_sum into *out; 0: not the pattern (or not chosen); -1: error. */
static int try_online_softmax(Lower *L, GraphOp *g, Node *res, const bool *reduced, Node **out) {
  MlirOperation ex = defined_by(mlirOperationGetOperand(g->op, 0), GRAPH_OP_EXP);
  MlirOperation sub = mlirOperationIsNull(ex) ? ex : defined_by(mlirOperationGetOperand(ex, 0), GRAPH_OP_SUB);
  if (!L->th.online_softmax || mlirOperationIsNull(sub))
    return 0;
  MlirValue xv = mlirOperationGetOperand(sub, 0);
  MlirOperation amax = defined_by(mlirOperationGetOperand(sub, 1), GRAPH_OP_AMAX);
  Node *x = env_get(L, xv);
  if (mlirOperationIsNull(amax) || !mlirValueEqual(mlirOperationGetOperand(amax, 0), xv) || !x ||
      !same_keepdim_reduction(amax, x->rank, reduced))
    return 0;
  MlirOperation mop = reduction_buffer_op(env_get(L, mlirOperationGetResult(amax, 0)), IND_REDUCE_MAX);
  int64_t numel, rnumel = reduced_numel(x, reduced, &numel);
  /* the max and the sum are unrolled into pointwise code, or three-pass; one element per row is never
   * online (its online_softmax_sum would become a copy of x instead of exp(x - x)) */
  if (rnumel < L->th.unroll || rnumel == 1) {
    if (fusion_log_enabled())
      fprintf(stderr, "softmax %s: not online (rnumel=%lld < unroll-reductions-threshold=%lld)\n", g->fx_name,
              (long long)rnumel, (long long)L->th.unroll);
    return 0;
  }
  if (mlirOperationIsNull(mop))
    return 0;
  if (!reduce_unsplit(L, g, res, x, reduced, IND_REDUCE_ONLINE_SUM, out))
    return -1;
  if (!*out) {
    if (fusion_log_enabled())
      fprintf(stderr, "softmax %s: three-pass (the reduction would be split)\n", g->fx_name);
    return 0;
  }
  set_reduction_type(mop, IND_REDUCE_ONLINE_MAX);
  if (fusion_log_enabled()) {
    MlirStringRef a = ind_buffer_name(mop), b = ind_buffer_name(mlirOpResultGetOwner((*out)->memref));
    fprintf(stderr, "softmax %s: online_softmax_reduce %.*s, %.*s (rnumel=%lld >= unroll-reductions-threshold=%lld)\n",
            g->fx_name, (int)a.length, a.data, (int)b.length, b.data, (long long)rnumel, (long long)L->th.unroll);
  }
  return 1;
}

static Node *lower_reduction(Lower *L, GraphOp *g, Node *res, Node *in) {
  bool reduced[LOWER_MAX_RANK];
  if (!reduction_dims(g->op, in->rank, reduced))
    return NULL;
  GraphOpId id = g->info->id;
  if (id == GRAPH_OP_ARGMAX || id == GRAPH_OP_ARGMIN || id == GRAPH_OP_ANY || id == GRAPH_OP_ALL)
    return lower_index_reduction(L, g, res, in, reduced);
  if (id == GRAPH_OP_MAX_DIM || id == GRAPH_OP_MIN_DIM) { /* values (result 0), indices (result 1) */
    int rank;
    int64_t shape[LOWER_MAX_RANK];
    MlirType elem;
    if (!tensor_shape(g->op, mlirOperationGetResult(g->op, 1), &rank, shape, &elem))
      return NULL;
    Node *ires = ind_lower_node_new(L, N_RECIPE, rank, shape, elem);
    ires->op_index = res->op_index;
    Node *values = reduce_node(L, g, res, in, reduced, reduction_type_of(g->info));
    Node *indices = values ? lower_index_reduction(L, g, ires, in, reduced) : NULL;
    if (!indices)
      return NULL;
    env_set(L, mlirOperationGetResult(g->op, 1), indices);
    return values;
  }
  Node *multi = NULL;
  int found = 0;
  if (id == GRAPH_OP_SUM || id == GRAPH_OP_MEAN)
    found = try_welford(L, g, res, reduced, &multi);
  if (found == 0 && id == GRAPH_OP_SUM)
    found = try_online_softmax(L, g, res, reduced, &multi);
  if (found)
    return multi;
  return reduce_node(L, g, res, in, reduced, reduction_type_of(g->info));
}

static int count_reduced(const bool *reduced, int rank) {
  int c = 0;
  for (int k = 0; k < rank; ++k)
    c += reduced[k];
  return c;
}

/* One realized ind.reduction of `in` over the `reduced` dims into a buffer of res's shape; an unrealized
 * unrolled node (N_UNROLLED) when rnumel < unroll-reductions-threshold. */
static Node *reduce_node(Lower *L, GraphOp *g, Node *res, Node *in, const bool *reduced, IndReductionType type) {
  if (ind_lower_numel(res->shape, res->rank) == 0 || ind_lower_numel(in->shape, in->rank) == 0)
    return ind_emit_error(g->op, "zero-size tensors are not supported"), NULL;
  IterSpace sp = {{0}, 0};
  int64_t rr[LOWER_MAX_RANK];
  int n = 0, m = 0;
  for (int k = 0; k < in->rank; ++k)
    if (!reduced[k] && in->shape[k] != 1)
      sp.sizes[n++] = in->shape[k];
  int64_t rnumel = 1;
  for (int k = 0; k < in->rank; ++k)
    if (reduced[k]) {
      rnumel *= in->shape[k];
      if (in->shape[k] != 1)
        rr[m++] = in->shape[k];
    }
  if (m == 0)
    rr[m++] = 1; /* reducing size-1 dims only */
  if (ind_lower_numel(res->shape, res->rank) != ind_lower_numel(in->shape, in->rank) / rnumel)
    return ind_emit_error(g->op, "the result shape does not match the reduction of the input"), NULL;
  memcpy(sp.sizes + n, rr, sizeof(int64_t) * (size_t)m);
  sp.n = n + m;
  MlirAffineExpr idx[LOWER_MAX_RANK];
  int pi = 0, ri = n;
  for (int k = 0; k < in->rank; ++k) {
    if (in->shape[k] == 1)
      idx[k] = ind_lower_cst(L, 0);
    else
      idx[k] = ind_lower_dim(L, reduced[k] ? ri++ : pi++);
  }
  char name[32];
  next_buf_name(L, name, sizeof name);
  MlirLocation loc = mlirOperationGetLocation(g->op);
  /* a realized mean's sum is stored in f32 until the division, also for an f16/bf16 mean (Inductor's mean
   * lowering computes in f32 "until end of mean lowering"): a sum stored as f16 overflows where the mean
   * does not. (An unrolled one is an f32 value already: emit_unrolled; a mean of one element is the
   * element, a pointwise buffer in the result's dtype.) */
  bool mean_sum = g->info->id == GRAPH_OP_MEAN && rnumel > 1;
  Node *out =
      ind_lower_node_new(L, N_BUFFER, res->rank, res->shape, mean_sum ? ind_lower_acc_type(L, res->elem) : res->elem);
  /* multi-output reductions (welford, online softmax) are never unrolled: Inductor's WelfordReduction
   * has no unrolled form, and online softmax is only chosen for rnumel >= the threshold */
  bool single = type == IND_REDUCE_SUM || type == IND_REDUCE_MAX || type == IND_REDUCE_MIN || type == IND_REDUCE_PROD;
  if (single && rnumel > 1 && rnumel < L->th.unroll && !L->th.realize_all &&
      (res->rank == in->rank || res->rank == in->rank - count_reduced(reduced, in->rank)) &&
      !welford_row_mean(L, g, in->rank, reduced, ind_lower_numel(sp.sizes, n))) {
    /* Reduction.create: rnumel < unroll_reductions_threshold: a Pointwise with the reduction unrolled
     * in its inner_fn (_unroll_reduction_fn), not realized (make_reduction realizes only a Reduction):
     * the realize rules and the consumers decide where it is computed. */
    Node *u = ind_lower_node_new(L, N_UNROLLED, res->rank, res->shape, res->elem);
    u->operands[0] = in;
    u->noperands = 1;
    u->rtype = type;
    u->op_index = res->op_index;
    for (int k = 0; k < in->rank; ++k)
      if (reduced[k])
        u->reduced |= 1u << k;
    L->next_buf--;
    if (fusion_log_enabled())
      fprintf(stderr, "reduction of %s: numel=%lld rnumel=%lld < unroll-reductions-threshold=%lld: unrolled\n",
              g->fx_name, (long long)ind_lower_numel(sp.sizes, n), (long long)rnumel, (long long)L->th.unroll);
    if (g->info->id != GRAPH_OP_MEAN)
      return u;
    return mean_div(L, res, u, rnumel);
  }
  if (rnumel == 1) {
    /* Reduction.create: "this reduction is actually a pointwise op" (every reduced dim has size 1) */
    MlirOperation pw = ind_pointwise_create(loc, name, sp.sizes, n, memref_of(out), (MlirRegion){NULL});
    mlirBlockAppendOwnedOperation(L->new_block, pw);
    IterSpace psp = sp;
    psp.n = n;
    ind_lower_emit_body(L, ind_computed_buffer_body_block(pw), &psp, in, idx, out->elem, loc);
    set_origins(L, pw, in, (int)(g - L->ops));
    out->memref = mlirOperationGetResult(pw, 0);
    out->op_index = res->op_index;
    return out;
  }
  MlirOperation buf = ind_reduction_create(loc, name, sp.sizes, n, rr, m, type, memref_of(out), (MlirRegion){NULL});
  mlirBlockAppendOwnedOperation(L->new_block, buf);
  ind_lower_emit_body(L, ind_computed_buffer_body_block(buf), &sp, in, idx, ind_lower_acc_type(L, out->elem), loc);
  int64_t numel = ind_lower_numel(sp.sizes, n);
  int nreads = 0, ninner = 0, nouter = 0;
  count_read_strides(buf, n, m, &nreads, &ninner, &nouter);
  SplitHint hint;
  int64_t split = split_num_splits(&L->th.split, numel, rnumel, nreads, ninner, nouter, &hint);
  if (split > 1 && split < rnumel && L->refuse_split) {
    mlirOperationDestroy(buf);
    L->next_buf--;
    L->split_refused = true;
    return NULL;
  }
  if (type == IND_REDUCE_WELFORD_M2 && split > 1 && split < rnumel) {
    int64_t heuristic = split;
    split = split_welford_splits(rnumel, split);
    if (fusion_log_enabled() && split != heuristic)
      fprintf(stderr, "welford %s: split=%lld, the divisor of rnumel=%lld closest to %lld\n", name, (long long)split,
              (long long)rnumel, (long long)heuristic);
    if (split > 1) {
      mlirOperationDestroy(buf);
      L->next_buf--;
      return lower_split_welford(L, g, res, in, reduced, sp.sizes, n, rnumel, split, hint);
    }
  }
  if (split > 1 && split < rnumel) {
    mlirOperationDestroy(buf);
    L->next_buf--;
    buf = lower_split_reduction(L, g, in, out, reduced, sp.sizes, n, rnumel, split, hint, type);
  } else if (fusion_log_enabled()) {
    fprintf(stderr, "reduction %s: hint=%s numel=%lld rnumel=%lld split=1\n", name, split_hint_name(hint),
            (long long)numel, (long long)rnumel);
  }
  set_origins(L, buf, in, (int)(g - L->ops));
  out->memref = mlirOperationGetResult(buf, 0);
  out->op_index = res->op_index;
  if (g->info->id != GRAPH_OP_MEAN)
    return out;
  return mean_div(L, res, out, rnumel);
}

/* cumsum(x, d) -> one realized ind.scan (lowering.py's cumsum -> ir.Scan.create with the add combine):
 * ranges are x's dims but d (size-1 dims dropped), scan_ranges [n = x.shape[d]], the body reads x at
 * (kept dims, scanned dim); PyTorch's dtypes: an integer or bool x scans into i64 exactly (the body yields
 * i64), f16/bf16 accumulate in f32 (the f32 compute type) and are stored rounded. The buffer stores
 * element (x, j) at the row-major index of (ranges, j): the scanned dim is the innermost of its own
 * contiguous buffer, so when a dim of size > 1 follows d, the buffer's shape is x's with d moved last and
 * the result is a K_MOVEDIM view of it (consumers read through the moved index; a returned view is
 * copied), where Inductor keeps x's layout and writes through the Scan's reindex. */
static Node *lower_scan(Lower *L, GraphOp *g, Node *res, Node *in) {
  int64_t d = -1;
  if (!graph_dim(g->op, &d) || d < 0 || d >= in->rank)
    return ind_emit_error(g->op, "'dim' must be a dim of the input"), NULL;
  bool same = res->rank == in->rank;
  for (int k = 0; same && k < in->rank; ++k)
    same = res->shape[k] == in->shape[k];
  if (!same)
    return ind_emit_error(g->op, "the result shape must be the input's"), NULL;
  if (ind_lower_numel(in->shape, in->rank) == 0)
    return ind_emit_error(g->op, "zero-size tensors are not supported"), NULL;
  bool is_int = mlirTypeIsAInteger(res->elem);
  if (is_int && mlirIntegerTypeGetWidth(res->elem) != 64)
    return ind_emit_error(g->op, "an integer cumsum gives i64 (ATen), not %d-bit integers",
                          (int)mlirIntegerTypeGetWidth(res->elem)),
           NULL;
  IterSpace sp = {{0}, 0};
  MlirAffineExpr idx[LOWER_MAX_RANK];
  int64_t bshape[LOWER_MAX_RANK], len = in->shape[d];
  int np = 0, nb = 0;
  bool moved = false;
  for (int k = 0; k < in->rank; ++k) {
    if (k == d)
      continue;
    bshape[nb++] = in->shape[k];
    moved |= k > d && in->shape[k] != 1;
    if (in->shape[k] != 1)
      sp.sizes[np++] = in->shape[k];
  }
  bshape[nb] = len;
  sp.sizes[np] = len;
  sp.n = np + 1;
  for (int k = 0, pi = 0; k < in->rank; ++k)
    idx[k] = k == d ? ind_lower_dim(L, np) : in->shape[k] == 1 ? ind_lower_cst(L, 0) : ind_lower_dim(L, pi++);
  Node *out = ind_lower_node_new(L, N_BUFFER, res->rank, moved ? bshape : res->shape, res->elem);
  char name[32];
  next_buf_name(L, name, sizeof name);
  MlirLocation loc = mlirOperationGetLocation(g->op);
  MlirOperation buf =
      ind_scan_create(loc, name, sp.sizes, np, &len, 1, IND_REDUCE_SUM, memref_of(out), (MlirRegion){NULL});
  mlirBlockAppendOwnedOperation(L->new_block, buf);
  MlirBlock body = ind_computed_buffer_body_block(buf);
  if (is_int)
    ind_lower_emit_int_body(L, body, &sp, in, idx, res->elem, loc);
  else
    ind_lower_emit_body(L, body, &sp, in, idx, mlirF32TypeGet(L->ctx), loc);
  set_origins(L, buf, in, (int)(g - L->ops));
  out->memref = mlirOperationGetResult(buf, 0);
  out->op_index = res->op_index;
  if (!moved)
    return out;
  static const OpInfo k_movedim = {GRAPH_OP_CUMSUM, K_MOVEDIM, NULL};
  res->kind = N_RECIPE;
  res->info = &k_movedim;
  res->operands[0] = out;
  res->noperands = 1;
  return res;
}

/* Whether graph op `vg` (a permute or transpose view of rank `rank`) swaps exactly the last two dims. */
static bool swaps_last_two(const GraphOp *vg, int rank) {
  if (!vg->info || rank < 2)
    return false;
  if (vg->info->kind == K_TRANSPOSE) {
    int64_t d0 = 0, d1 = 0;
    return graph_transpose_dims(vg->op, &d0, &d1) && d0 != d1 && d0 >= rank - 2 && d1 >= rank - 2;
  }
  if (vg->info->kind != K_PERMUTE)
    return false;
  int64_t dims[LOWER_MAX_RANK];
  intptr_t nd = 0;
  if (!graph_permute_dims(vg->op, dims, &nd) || nd != rank)
    return false;
  for (int i = 0; i < rank - 2; ++i)
    if (dims[i] != i)
      return false;
  return dims[rank - 2] == rank - 1 && dims[rank - 1] == rank - 2;
}

/* ExternKernel.realize_input of an mm / bmm input, the graph value `operand` bound to `in`: the buffer the
 * extern reads, *transposed set when it holds the operand's matrices transposed. A buffer is read as it is;
 * a view of storage whose bytes are the operand (a reshape of it) or its transpose (the last two dims
 * swapped) is read through the storage, realized first when it is a recipe (BaseView.realize: the storage,
 * not a copy of the view). Any other view that is a last-two-dims transpose of a value X reads X realized
 * by these same rules, flagged: X's buffer in X's own order, shared with X's other users (a gradient's
 * dY and its dY^T for the two mms of a linear's backward were two copies, the transposed one written with
 * strided stores: device run 31). Anything else is realized into a copy (a constant, a single-element
 * splat, through an identity recipe). A realized value is rebound for every later user: the operand's
 * StorageBox, and the storage's own graph value when it is still bound to the storage. */
static Node *extern_input_value(Lower *L, MlirValue operand, Node *in, bool *transposed) {
  *transposed = false;
  if (in->kind == N_BUFFER)
    return in;
  Node *storage = NULL;
  ExternView v = ind_lower_extern_view(L, in, &storage);
  if (v == EXTERN_VIEW_COPY) {
    if (in->kind == N_RECIPE && in->op_index >= 0 && swaps_last_two(&L->ops[in->op_index], in->rank)) {
      MlirValue x = mlirOperationGetOperand(L->ops[in->op_index].op, 0);
      Node *xn = env_get(L, x);
      if (xn) {
        bool xt = false;
        Node *buf = extern_input_value(L, x, xn, &xt);
        *transposed = !xt;
        return buf;
      }
    }
    Node *r = realize_pointwise(L, in->kind == N_CONST ? copy_recipe(L, in) : in);
    if (r != in && env_get(L, operand) == in)
      env_set(L, operand, r);
    return r;
  }
  *transposed = v == EXTERN_VIEW_TRANSPOSED;
  if (storage->kind == N_BUFFER)
    return storage;
  Node *buf = realize_pointwise(L, storage);
  if (env_get(L, operand) == in)
    env_set(L, operand, rebase_views(L, in, storage, buf));
  if (storage->op_index >= 0) {
    MlirValue sv = mlirOperationGetResult(L->ops[storage->op_index].op, 0);
    if (env_get(L, sv) == storage)
      env_set(L, sv, buf);
  }
  return buf;
}

/* Input k of mm / bmm `g` (extern_input_value). */
static Node *extern_input(Lower *L, GraphOp *g, int k, Node *in, bool *transposed) {
  return extern_input_value(L, mlirOperationGetOperand(g->op, k), in, transposed);
}

/* mm / bmm: an extern buffer; its inputs are realized first (extern_input), a transposed one flagged
 * in the extern's `transpose`. addmm (kept whole by graph-decompose's addmm-epilogue: alpha = beta = 1,
 * the bias a vector of the columns in the result's type): an extern mm with the bias as a third input,
 * realized like the others (a buffer whose n elements are the vector). */
static Node *lower_extern(Lower *L, GraphOp *g, Node *res, Node **in) {
  bool addmm = g->info->id == GRAPH_OP_ADDMM;
  int want = g->info->id == GRAPH_OP_BMM ? 3 : 2, first = addmm ? 1 : 0;
  const char *kernel = addmm ? "mm" : op_short_name(g->info);
  Node **mat = in + first;
  if (mat[0]->rank != want || mat[1]->rank != want || res->rank != want)
    return ind_emit_error(g->op, "%s needs rank-%d operands and result", op_short_name(g->info), want), NULL;
  int64_t k0 = mat[0]->shape[want - 1], k1 = mat[1]->shape[want - 2];
  if (k0 != k1 || res->shape[want - 2] != mat[0]->shape[want - 2] || res->shape[want - 1] != mat[1]->shape[want - 1])
    return ind_emit_error(g->op, "%s operand shapes do not match the result", op_short_name(g->info)), NULL;
  if (addmm && !graph_addmm_is_bias_mm(g->op))
    return ind_emit_error(g->op, "addmm is lowered whole only with alpha = beta = 1 and a bias vector of the "
                                 "result's columns in its type (graph-decompose makes the others mm + add: run "
                                 "--preprocess first)"),
           NULL;
  MlirValue inputs[3];
  bool transpose[2], vector_transposed; /* set by extern_input; a rank-1 bias is never held transposed */
  for (int k = 0; k < 2; ++k)
    inputs[k] = extern_input(L, g, k + first, mat[k], &transpose[k])->memref;
  if (addmm)
    inputs[2] = extern_input(L, g, 0, in[0], &vector_transposed)->memref;
  char name[32];
  next_buf_name(L, name, sizeof name);
  MlirOperation buf = ind_extern_create(mlirOperationGetLocation(g->op), name, kernel, inputs, addmm ? 3 : 2, transpose,
                                        memref_of(res));
  mlirBlockAppendOwnedOperation(L->new_block, buf);
  const char *origin = g->fx_name;
  ind_set_origins(buf, &origin, 1);
  return buffer_node(L, res, mlirOperationGetResult(buf, 0), res->op_index);
}

static Node *lower_recipe(Lower *L, GraphOp *g, Node *res, Node **in, int nin) {
  OpKind k = g->info->kind;
  int want =
      k == K_BINARY || k == K_COMPARE || k == K_LOGICAL || k == K_BITWISE || k == K_MASKED_FILL || k == K_INDIRECT ? 2
      : k == K_WHERE                                                                                               ? 3
      : k == K_CAT                                                                                                 ? -1
      : k == K_IOTA                                                                                                ? 0
                                                                                                                   : 1;
  if ((want >= 0 && nin != want) || (nin == 0 && k != K_IOTA))
    return ind_emit_error(g->op, "'%s' expects %d operand(s), got %d", graph_op_name(g->info->id), want, nin), NULL;
  if (k == K_CAT) {
    int64_t d = -1, total = 0;
    if (!graph_dim(g->op, &d) || d >= res->rank)
      return ind_emit_error(g->op, "cat 'dim' out of range"), NULL;
    for (int i = 0; i < nin; ++i) {
      if (in[i]->rank != res->rank)
        return ind_emit_error(g->op, "cat operand %d has a different rank", i), NULL;
      total += in[i]->shape[d];
    }
    if (total != res->shape[d])
      return ind_emit_error(g->op, "cat operands do not add up to the result along dim %d", (int)d), NULL;
  } else if (k == K_RESHAPE || k == K_EXPAND || k == K_PERMUTE || k == K_TRANSPOSE || k == K_SLICE) {
    if (!check_view(L, g->op, g->info, res, in[0]))
      return NULL;
  } else if (k == K_IOTA) {
    double start, step;
    int64_t len;
    if (!graph_range_params(g->op, &start, &step, &len) || res->rank != 1 || res->shape[0] != len)
      return ind_emit_error(g->op, "'%s' needs a 1-d result of its length", graph_op_name(g->info->id)), NULL;
  } else if (k == K_SELECT || k == K_FLIP || k == K_PAD || k == K_REPEAT || k == K_INDIRECT) {
    MlirType t = graph_infer_type(g->op); /* the shape rule (a located error on bad attributes) */
    if (mlirTypeIsNull(t))
      return NULL;
    bool same = mlirShapedTypeGetRank(t) == res->rank;
    for (int i = 0; same && i < res->rank; ++i)
      same = mlirShapedTypeGetDimSize(t, i) == res->shape[i];
    if (!same)
      return ind_emit_error(g->op, "the result shape does not match '%s' of the input", graph_op_name(g->info->id)),
             NULL;
  } else {
    for (int i = 0; i < nin; ++i)
      if (!check_broadcast(g->op, res, in[i], i))
        return NULL;
  }
  res->kind = N_RECIPE;
  res->info = g->info;
  ind_lower_node_set_operands(res, in, nin);
  Node *same = k == K_RESHAPE ? identity_reshape_storage(res) : NULL;
  return same ? same : res;
}

/* lower_op for an op with operands: in[0..nin) (scratch of nin entries) receives their nodes. */
static Node *lower_operands_op(Lower *L, GraphOp *g, Node *res, Node **in, int nin) {
  const OpInfo *info = g->info;
  for (int k = 0; k < nin; ++k)
    if (!(in[k] = operand_node(L, g->op, k)))
      return NULL;
  if (info->kind == K_SOURCE) { /* full_like: only the operand's shape matters */
    if (nin != 1 || in[0]->rank != res->rank)
      return ind_emit_error(g->op, "'graph.full_like' takes one operand of the result's shape"), NULL;
    return lower_constant(L, g, res);
  }
  if (info->kind == K_REDUCE) {
    if (nin != 1)
      return ind_emit_error(g->op, "reductions take one operand"), NULL;
    return lower_reduction(L, g, res, in[0]);
  }
  if (info->kind == K_SCAN) {
    if (nin != 1)
      return ind_emit_error(g->op, "'%s' takes one operand", graph_op_name(info->id)), NULL;
    return lower_scan(L, g, res, in[0]);
  }
  if (info->kind == K_EXTERN) {
    if (nin != (info->id == GRAPH_OP_ADDMM ? 3 : 2))
      return ind_emit_error(g->op, "'%s' takes %s operands", graph_op_name(info->id),
                            info->id == GRAPH_OP_ADDMM ? "three" : "two"),
             NULL;
    return lower_extern(L, g, res, in);
  }
  return lower_recipe(L, g, res, in, nin);
}

static Node *lower_op(Lower *L, GraphOp *g) {
  const OpInfo *info = g->info;
  if (info->kind == K_COMPOSITE) {
    if (info->id == GRAPH_OP_VAR)
      return ind_emit_error(g->op, "'graph.var' is decomposed into two-pass form (mean, sub, mul, sum) by "
                                   "preprocessing: run --preprocess first"),
             NULL;
    return ind_emit_error(g->op,
                          "'graph.%s' is a composite op that convert-graph-to-ind does not lower: run "
                          "--preprocess first (it decomposes composites)",
                          op_short_name(info)),
           NULL;
  }
  if (mlirOperationGetNumResults(g->op) != graph_op_num_results(info->id))
    return ind_emit_error(g->op, "'%s' has %d result(s)", graph_op_name(info->id), graph_op_num_results(info->id)),
           NULL;
  int rank;
  int64_t shape[LOWER_MAX_RANK];
  MlirType elem;
  if (!tensor_shape(g->op, mlirOperationGetResult(g->op, 0), &rank, shape, &elem))
    return NULL;
  Node *res = ind_lower_node_new(L, N_RECIPE, rank, shape, elem);
  res->op_index = (int)(g - L->ops);
  if (info->kind == K_CONSTANT || (info->kind == K_SOURCE && info->id != GRAPH_OP_FULL_LIKE))
    return lower_constant(L, g, res);
  int nin = (int)mlirOperationGetNumOperands(g->op);
  Node *small[LOWER_INLINE_OPERANDS], **in = nin > LOWER_INLINE_OPERANDS ? malloc(sizeof(Node *) * (size_t)nin) : small;
  if (!in)
    abort();
  Node *out = lower_operands_op(L, g, res, in, nin);
  if (in != small)
    free(in);
  return out;
}

/* ------------------------------------------------------------------------------------------ */
/* Realize rules after each op (GraphLowering.run_node)                                         */

/* StorageBox.realize_hint(): realize Pointwise data with more than one non-trivial read. */
static void realize_hint(Lower *L, int i, const OpCount *oc) {
  if (oc->nontrivial_reads > 1)
    realize_value(L, i);
}

/* The rules apply to the value's storage: the node itself, or for a view the node under its views
 * (Inductor's views forward mark_reuse / realize_hint / has_exceeded_max_reads to their data). */
static void apply_realize_rules(Lower *L, int i) {
  GraphOp *g = &L->ops[i];
  Node *n = env_get(L, mlirOperationGetResult(g->op, 0));
  if (L->th.realize_all) {
    /* Op-level lowering: every op but a constant gets its own buffer, views included (TVM's
     * reshape/transpose are injective ops); mean's division by N stays in its consumers' bodies, so
     * mean is one node like the other ops. */
    if (n && n->kind == N_RECIPE && g->info && g->info->kind != K_CONSTANT) {
      Node *buf = realize_pointwise(L, n);
      env_set(L, mlirOperationGetResult(g->op, 0), buf);
    }
    return;
  }
  bool is_view = n && ind_lower_is_view_recipe(n);
  Node *base = n ? view_base(n) : NULL;
  if (!base || !ind_lower_is_unrealized(base))
    return; /* the storage is a buffer already */
  OpCount oc = ind_lower_inner_fn_opcount(L, base);
  if (g->users > 1) {
    if (g->extern_user)
      realize_hint(L, i, &oc);
    /* realize() of Pointwise data; an output view is copied at the end. Not yet the mean of a variance
     * pattern (a training layer norm's saved mean): its sum becomes the welford_mean sibling when the m2
     * is lowered as welford (try_welford), which a buffer of sum / N reading it would prevent; the output
     * realizes it at the end otherwise. */
    if (g->output_user && !is_view && !(L->th.welford && var_pattern_m2(g->op, 0, NULL)))
      realize_value(L, i);
    /* mark_reuse(users): should_realize_on_reuse */
    if (oc.reads > L->th.reads || oc.op_count > L->th.opcount)
      realize_value(L, i);
  }
  if (!ind_lower_is_unrealized(view_base(env_get(L, mlirOperationGetResult(g->op, 0)))))
    return;
  /* has_exceeded_max_reads() -> realize_hint() */
  if (oc.reads > L->th.acc_reads || oc.op_count > L->th.opcount)
    realize_hint(L, i, &oc);
  if (is_view || !ind_lower_is_unrealized(env_get(L, mlirOperationGetResult(g->op, 0))))
    return;
  /* has_large_inner_fn(threshold=100) on Pointwise data; and our guard on the inlined tree size */
  if (oc.op_count > L->th.large_inner_fn || ind_lower_tree_size(n) > L->th.max_tree)
    realize_value(L, i);
}

/* ------------------------------------------------------------------------------------------ */
/* Function conversion                                                                          */

static bool is_builtin_name(const char *s) {
  static const char *const builtins[] = {"abs",      "all",   "any",  "max",    "min",     "pow",    "round", "slice",
                                         "sum",      "input", "len",  "map",    "filter",  "type",   "id",    "hash",
                                         "range",    "zip",   "iter", "next",   "divmod",  "format", "bool",  "int",
                                         "float",    "list",  "dict", "set",    "tuple",   "print",  "open",  "sorted",
                                         "reversed", "vars",  "dir",  "object", "property"};
  for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; ++i)
    if (!strcmp(s, builtins[i]))
      return true;
  return false;
}

/* FX's _Namespace.create_name: `base` if free and not a builtin, else base_1, base_2, ... One
 * counter per distinct base (the bases are the k_ops table's strings): linear in the op count. */
static void assign_fx_names(Lower *L) {
  enum { MAX_BASES = sizeof k_ops / sizeof k_ops[0] };
  const char *bases[MAX_BASES];
  int last[MAX_BASES]; /* the last suffix used for the base; -1 while the bare base is free */
  int nbases = 0;
  for (int i = 0; i < L->nops; ++i) {
    GraphOp *g = &L->ops[i];
    const char *base = g->info && g->info->fx_base ? g->info->fx_base : NULL;
    if (!base)
      continue;
    int b = 0;
    while (b < nbases && strcmp(bases[b], base))
      ++b;
    if (b == nbases) {
      bases[nbases] = base;
      last[nbases++] = -1;
    }
    if (last[b] < 0 && !is_builtin_name(base)) {
      snprintf(g->fx_name, sizeof g->fx_name, "%s", base);
      last[b] = 0;
      continue;
    }
    last[b] = (last[b] < 0 ? 0 : last[b]) + 1;
    snprintf(g->fx_name, sizeof g->fx_name, "%s_%d", base, last[b]);
  }
}

/* Fills users / output_user / extern_user of each graph op. */
static void count_users(Lower *L) {
  for (int i = 0; i < L->nops; ++i) {
    GraphOp *g = &L->ops[i];
    if (mlirOperationGetNumResults(g->op) != 1)
      continue;
    MlirOperation seen[256];
    int nseen = 0;
    for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(g->op, 0)); !mlirOpOperandIsNull(u);
         u = mlirOpOperandGetNextUse(u)) {
      MlirOperation owner = mlirOpOperandGetOwner(u);
      bool dup = false;
      for (int s = 0; s < nseen; ++s)
        dup |= mlirOperationEqual(seen[s], owner);
      if (dup)
        continue;
      if (nseen < 256)
        seen[nseen++] = owner;
      g->users++;
      if (ind_op_is(owner, "func.return"))
        g->output_user = true;
      const OpInfo *oi = op_info(owner);
      if (oi && oi->kind == K_EXTERN)
        g->extern_user = true;
    }
  }
}

/* Collects the function's graph ops; false (diagnosed) on an op that is neither graph nor return. */
static bool collect_ops(Lower *L, MlirBlock body, MlirOperation *ret) {
  int cap = 16;
  L->ops = calloc((size_t)cap, sizeof(GraphOp));
  if (!L->ops)
    abort();
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (ind_op_is(op, "func.return")) {
      *ret = op;
      continue;
    }
    const OpInfo *info = op_info(op);
    if (!info) {
      MlirStringRef n = ind_op_name(op);
      if (ind_op_in_dialect(op, "graph"))
        ind_emit_error(op, "no lowering for '%.*s' in convert-graph-to-ind", (int)n.length, n.data);
      else
        ind_emit_error(op, "unexpected op '%.*s' in a graph function (only graph ops and func.return)", (int)n.length,
                       n.data);
      return false;
    }
    if (L->nops == cap) {
      cap *= 2;
      L->ops = realloc(L->ops, sizeof(GraphOp) * (size_t)cap);
      if (!L->ops)
        abort();
      memset(L->ops + L->nops, 0, sizeof(GraphOp) * (size_t)(cap - L->nops));
    }
    L->ops[L->nops].op = op;
    L->ops[L->nops++].info = info;
  }
  return true;
}

/* The ind function's signature: tensor<...> arguments become contiguous memrefs. */
static bool make_signature(Lower *L, MlirOperation func, MlirBlock old_body, MlirType *arg_types, int *nargs) {
  *nargs = (int)mlirBlockGetNumArguments(old_body);
  if (*nargs > 256)
    return ind_emit_error(func, "at most 256 function arguments are supported"), false;
  for (int i = 0; i < *nargs; ++i) {
    MlirType t = mlirValueGetType(mlirBlockGetArgument(old_body, i));
    if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
      return ind_emit_error(func, "argument %d must be a statically shaped ranked tensor: run --preprocess first", i),
             false;
    int64_t shape[LOWER_MAX_RANK];
    int rank = (int)mlirShapedTypeGetRank(t);
    if (rank > LOWER_MAX_RANK)
      return ind_emit_error(func, "argument %d has rank %d; at most %d is supported", i, rank, LOWER_MAX_RANK), false;
    for (int k = 0; k < rank; ++k)
      shape[k] = mlirShapedTypeGetDimSize(t, k);
    arg_types[i] = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(t), rank, shape, mlirAttributeGetNull());
  }
  (void)L;
  return true;
}

/* An output buffer: a computed/extern buffer as is; an input, a view or a recipe gets realized
 * into a (copy) pointwise buffer. */
static Node *output_buffer(Lower *L, Node *n) {
  if (n->kind == N_BUFFER && !mlirValueIsABlockArgument(n->memref))
    return n;
  if (n->kind == N_BUFFER || n->kind == N_CONST) /* copy of an input (or a constant) */
    return realize_pointwise(L, copy_recipe(L, n));
  return realize_pointwise(L, n);
}

static MlirOperation create_func(Lower *L, MlirOperation old, const MlirType *args, int nargs, MlirLocation loc) {
  MlirRegion region = mlirRegionCreate();
  MlirLocation locs[256];
  for (int i = 0; i < nargs; ++i)
    locs[i] = loc;
  MlirBlock block = mlirBlockCreate(nargs, args, locs);
  mlirRegionAppendOwnedBlock(region, block);
  MlirOperationState st = mlirOperationStateGet(ind_str("func.func"), loc);
  MlirAttribute name = mlirOperationGetAttributeByName(old, ind_str("sym_name"));
  MlirAttribute ftype = mlirTypeAttrGet(mlirFunctionTypeGet(L->ctx, nargs, args, 0, NULL));
  MlirNamedAttribute attrs[2] = {mlirNamedAttributeGet(mlirIdentifierGet(L->ctx, ind_str("sym_name")), name),
                                 mlirNamedAttributeGet(mlirIdentifierGet(L->ctx, ind_str("function_type")), ftype)};
  mlirOperationStateAddAttributes(&st, 2, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  L->new_block = block;
  return mlirOperationCreate(&st);
}

/* Sets the function type from the return op's operand types. */
static void finish_signature(Lower *L, MlirOperation func, const MlirType *args, int nargs, const MlirValue *outs,
                             int nouts) {
  MlirType res[256];
  for (int i = 0; i < nouts; ++i)
    res[i] = mlirValueGetType(outs[i]);
  ind_set_attr(func, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(L->ctx, nargs, args, nouts, res)));
}

static bool lower_function(Lower *L, MlirOperation func) {
  MlirBlock old_body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation ret = {NULL};
  MlirType args[256];
  int nargs;
  if (!make_signature(L, func, old_body, args, &nargs) || !collect_ops(L, old_body, &ret))
    return false;
  if (mlirOperationIsNull(ret))
    return ind_emit_error(func, "the graph function has no func.return"), false;
  assign_fx_names(L);
  count_users(L);
  L->new_func = create_func(L, func, args, nargs, mlirOperationGetLocation(func));
  for (int i = 0; i < nargs; ++i) {
    MlirValue a = mlirBlockGetArgument(old_body, i);
    MlirType t = mlirValueGetType(a);
    int64_t shape[LOWER_MAX_RANK];
    int rank = (int)mlirShapedTypeGetRank(t);
    for (int k = 0; k < rank; ++k)
      shape[k] = mlirShapedTypeGetDimSize(t, k);
    Node *n = ind_lower_node_new(L, N_BUFFER, rank, shape, mlirShapedTypeGetElementType(t));
    n->memref = mlirBlockGetArgument(L->new_block, i);
    env_set(L, a, n);
  }
  for (int i = 0; i < L->nops; ++i) {
    Node *n = lower_op(L, &L->ops[i]);
    if (!n)
      return false;
    env_set(L, mlirOperationGetResult(L->ops[i].op, 0), n);
    apply_realize_rules(L, i);
  }
  int nouts = (int)mlirOperationGetNumOperands(ret);
  if (nouts > 256)
    return ind_emit_error(ret, "at most 256 outputs are supported"), false;
  MlirValue outs[256];
  for (int i = 0; i < nouts; ++i) {
    Node *n = operand_node(L, ret, i);
    if (!n)
      return false;
    Node *b = output_buffer(L, n);
    env_set(L, mlirOperationGetOperand(ret, i), b); /* an output listed twice is one buffer */
    outs[i] = b->memref;
  }
  MlirOperationState st = mlirOperationStateGet(ind_str("func.return"), mlirOperationGetLocation(ret));
  mlirOperationStateAddOperands(&st, nouts, outs);
  mlirBlockAppendOwnedOperation(L->new_block, mlirOperationCreate(&st));
  finish_signature(L, L->new_func, args, nargs, outs, nouts);
  return true;
}

/* A function to convert: it has graph ops or tensor arguments/results. */
static bool is_graph_function(MlirOperation func) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  if (mlirBlockIsNull(b))
    return false;
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i)
    if (mlirTypeIsATensor(mlirValueGetType(mlirBlockGetArgument(b, i))))
      return true;
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (ind_op_in_dialect(op, "graph"))
      return true;
  return false;
}

static Thresholds read_thresholds(const IndPassOptions *o) {
  SplitPolicy sp = {ind_opt_bool(o, "split-reductions"),
                    ind_opt_int(o, "split-num-sm"),
                    ind_opt_int(o, "split-min-elements-per-thread"),
                    ind_opt_int(o, "split-max-elements-per-thread"),
                    ind_opt_int(o, "split-threads-per-sm"),
                    ind_opt_int(o, "split-inner-min-rnumel")};
  return (Thresholds){ind_opt_int(o, "realize-reads-threshold"),
                      ind_opt_int(o, "realize-opcount-threshold"),
                      ind_opt_int(o, "realize-acc-reads-threshold"),
                      ind_opt_int(o, "large-inner-fn-threshold"),
                      ind_opt_int(o, "max-inline-size"),
                      ind_opt_int(o, "unroll-reductions-threshold"),
                      ind_opt_bool(o, "realize-all"),
                      sp,
                      ind_opt_bool(o, "welford"),
                      ind_opt_bool(o, "online-softmax")};
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  MlirBlock mb = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  /* Collect, then mutate: convert every graph function into a detached new one first. */
  MlirOperation olds[256], news[256];
  int n = 0;
  bool ok = true;
  for (MlirOperation op = mlirBlockGetFirstOperation(mb); ok && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!ind_op_is(op, "func.func") || !is_graph_function(op))
      continue;
    if (n == 256) {
      ok = false;
      ind_emit_error(op, "at most 256 graph functions per module are supported");
      break;
    }
    Lower L = {0};
    L.ctx = mlirOperationGetContext(op);
    L.th = read_thresholds(opts);
    ok = lower_function(&L, op);
    if (ok) {
      olds[n] = op;
      news[n++] = L.new_func;
    } else if (!mlirOperationIsNull(L.new_func)) {
      mlirOperationDestroy(L.new_func);
    }
    lower_free(&L);
  }
  for (int i = 0; i < n; ++i) {
    if (ok) {
      mlirBlockInsertOwnedOperationBefore(mb, olds[i], news[i]);
      mlirOperationDestroy(olds[i]);
    } else {
      mlirOperationDestroy(news[i]);
    }
  }
  return ok ? ind_verify(module) : mlirLogicalResultFailure();
}

static const IndPassOptionDef k_options[] = {
    {"split-reductions", IND_OPT_BOOL, "true",
     "split reductions with few outputs or long rows into two (Inductor's config.split_reductions)"},
    {"split-num-sm", IND_OPT_INT, "132", "split reductions: multiprocessors of the target GPU (H200: 132)"},
    {"split-min-elements-per-thread", IND_OPT_INT, "32",
     "split reductions: min_elements_per_thread (also: rnumel <= this is never split)"},
    {"split-max-elements-per-thread", IND_OPT_INT, "512", "split reductions: max_elements_per_thread"},
    {"split-threads-per-sm", IND_OPT_INT, "2048", "split reductions: threads_per_sm"},
    {"split-inner-min-rnumel", IND_OPT_INT, "8192",
     "split reductions: inner reductions with rnumel <= this stay whole"},
    {"welford", IND_OPT_BOOL, "true",
     "lower the m2 of var/std/layer-norm (sum or mean of (x - mean(x))^2) to a welford_reduce pair, unless "
     "use_two_step_variance"},
    {"online-softmax", IND_OPT_BOOL, "true",
     "lower amax + sum(exp(x - amax)) to an online_softmax_reduce pair (Inductor's config.online_softmax)"},
    {"realize-reads-threshold", IND_OPT_INT, "4",
     "should_realize_on_reuse: realize a multi-use recipe reading more than this many buffers"},
    {"realize-opcount-threshold", IND_OPT_INT, "30",
     "realize a multi-use recipe (or realize_hint any recipe) with more than this many ops"},
    {"realize-acc-reads-threshold", IND_OPT_INT, "8",
     "has_exceeded_max_reads: realize_hint a recipe reading more than this many buffers"},
    {"large-inner-fn-threshold", IND_OPT_INT, "100", "realize any recipe with more than this many ops"},
    {"max-inline-size", IND_OPT_INT, "4096",
     "realize a recipe whose inlined expression tree (without CSE) exceeds this many ops"},
    {"unroll-reductions-threshold", IND_OPT_INT, "8",
     "reductions over fewer than this many elements become pointwise with the reduction unrolled in "
     "the body (Inductor's config.unroll_reductions_threshold; <= 2: never; not with realize-all); "
     "also welford's use_two_step_variance (rnumel <= this and more than one output: two-step) and online "
     "softmax (needs rnumel >= this)"},
    {"realize-all", IND_OPT_BOOL, "false",
     "op-level lowering: realize every op (views included, constants and mean's division excepted); "
     "what eager mode and TVM's FuseOps see"},
    {NULL, IND_OPT_INT, NULL, NULL},
};

static const IndPassDef k_graph_to_ind = {
    "convert-graph-to-ind",
    "lower graph ops to ind buffers (Inductor's GraphLowering: inline pointwise, realize by Inductor's rules)",
    k_options,
    run,
};

void ind_register_graph_to_ind_pass(void) { ind_pass_register(&k_graph_to_ind); }
