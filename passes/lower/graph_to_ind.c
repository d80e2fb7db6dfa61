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
#include "dialects/graph/graph.h"
#include "dialects/ind/ind.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "passes/lower/index_algebra.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ind_register_graph_to_ind_pass(void);

#define MAX_RANK IND_MAX_RANK
#define MAX_OPERANDS 16

/* ------------------------------------------------------------------------------------------ */
/* Graph op table                                                                               */

typedef enum OpKind {
  K_BINARY,    /* add sub mul div pow maximum minimum */
  K_COMPARE,   /* eq ne lt le gt ge -> i1 */
  K_WHERE,     /* where(cond, a, b) */
  K_UNARY,     /* relu neg abs exp log sqrt rsqrt reciprocal tanh sigmoid erf gelu */
  K_CONVERT,   /* convert: dtype change on the value */
  K_COPY,      /* clone, contiguous: identity recipe */
  K_RESHAPE,   /* view reshape squeeze unsqueeze: same numel, recomputed index */
  K_EXPAND,    /* expand: broadcast */
  K_PERMUTE,   /* permute(dims) */
  K_TRANSPOSE, /* transpose(dim0, dim1) */
  K_SLICE,     /* slice(dim, start, end, step) */
  K_CAT,       /* cat(dim) */
  K_CONSTANT,  /* 0-d constant */
  K_REDUCE,    /* sum mean amax amin prod */
  K_EXTERN,    /* mm bmm */
  K_COMPOSITE, /* not lowered: needs --preprocess */
} OpKind;

typedef struct OpInfo {
  GraphOpId id;
  OpKind kind;
  const char *fx_base; /* FX node name base (the ATen op's name); NULL: not an FX node */
} OpInfo;

/* How each graph op lowers, and its FX name (transpose is FX's permute, reshape FX's view,
 * contiguous FX's clone, convert FX's convert_element_type). */
static const OpInfo k_ops[] = {
    {GRAPH_OP_ADD, K_BINARY, "add"},          {GRAPH_OP_SUB, K_BINARY, "sub"},
    {GRAPH_OP_MUL, K_BINARY, "mul"},          {GRAPH_OP_DIV, K_BINARY, "div"},
    {GRAPH_OP_POW, K_BINARY, "pow"},          {GRAPH_OP_MAXIMUM, K_BINARY, "maximum"},
    {GRAPH_OP_MINIMUM, K_BINARY, "minimum"},  {GRAPH_OP_EQ, K_COMPARE, "eq"},
    {GRAPH_OP_NE, K_COMPARE, "ne"},           {GRAPH_OP_LT, K_COMPARE, "lt"},
    {GRAPH_OP_LE, K_COMPARE, "le"},           {GRAPH_OP_GT, K_COMPARE, "gt"},
    {GRAPH_OP_GE, K_COMPARE, "ge"},           {GRAPH_OP_WHERE, K_WHERE, "where"},
    {GRAPH_OP_RELU, K_UNARY, "relu"},         {GRAPH_OP_NEG, K_UNARY, "neg"},
    {GRAPH_OP_ABS, K_UNARY, "abs"},           {GRAPH_OP_EXP, K_UNARY, "exp"},
    {GRAPH_OP_LOG, K_UNARY, "log"},           {GRAPH_OP_SQRT, K_UNARY, "sqrt"},
    {GRAPH_OP_RSQRT, K_UNARY, "rsqrt"},       {GRAPH_OP_RECIPROCAL, K_UNARY, "reciprocal"},
    {GRAPH_OP_TANH, K_UNARY, "tanh"},         {GRAPH_OP_SIGMOID, K_UNARY, "sigmoid"},
    {GRAPH_OP_ERF, K_UNARY, "erf"},           {GRAPH_OP_GELU, K_UNARY, "gelu"},
    {GRAPH_OP_CONVERT, K_CONVERT, "convert_element_type"},
    {GRAPH_OP_CONTIGUOUS, K_COPY, "clone"},   {GRAPH_OP_CLONE, K_COPY, "clone"},
    {GRAPH_OP_VIEW, K_RESHAPE, "view"},       {GRAPH_OP_RESHAPE, K_RESHAPE, "view"},
    {GRAPH_OP_SQUEEZE, K_RESHAPE, "squeeze"}, {GRAPH_OP_UNSQUEEZE, K_RESHAPE, "unsqueeze"},
    {GRAPH_OP_EXPAND, K_EXPAND, "expand"},    {GRAPH_OP_PERMUTE, K_PERMUTE, "permute"},
    {GRAPH_OP_TRANSPOSE, K_TRANSPOSE, "permute"},
    {GRAPH_OP_SLICE, K_SLICE, "slice"},       {GRAPH_OP_CAT, K_CAT, "cat"},
    {GRAPH_OP_CONSTANT, K_CONSTANT, NULL},    {GRAPH_OP_SUM, K_REDUCE, "sum"},
    {GRAPH_OP_MEAN, K_REDUCE, "mean"},        {GRAPH_OP_AMAX, K_REDUCE, "amax"},
    {GRAPH_OP_AMIN, K_REDUCE, "amin"},        {GRAPH_OP_PROD, K_REDUCE, "prod"},
    {GRAPH_OP_MM, K_EXTERN, "mm"},            {GRAPH_OP_BMM, K_EXTERN, "bmm"},
    {GRAPH_OP_VAR, K_COMPOSITE, NULL},        {GRAPH_OP_SOFTMAX, K_COMPOSITE, NULL},
    {GRAPH_OP_LOG_SOFTMAX, K_COMPOSITE, NULL}, {GRAPH_OP_LAYER_NORM, K_COMPOSITE, NULL},
    {GRAPH_OP_RMS_NORM, K_COMPOSITE, NULL},   {GRAPH_OP_LINEAR, K_COMPOSITE, NULL},
    {GRAPH_OP_ADDMM, K_COMPOSITE, NULL},
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

/* ------------------------------------------------------------------------------------------ */
/* Nodes (TensorBox analogues)                                                                  */

typedef enum NodeKind {
  N_BUFFER,   /* realized: memref value */
  N_CONST,    /* 0-d scalar constant */
  N_RECIPE,   /* unrealized graph op: pointwise or view */
  N_MEAN_DIV, /* unrealized: operand[0] (the realized sum) / divisor */
} NodeKind;

typedef struct Node {
  NodeKind kind;
  int id;                      /* creation index (for visited sets) */
  int rank;
  int64_t shape[MAX_RANK];
  MlirType elem;               /* storage element type of the tensor */
  int op_index;                /* graph op (program order index), -1 for inputs */
  const OpInfo *info;          /* N_RECIPE */
  struct Node *operands[MAX_OPERANDS];
  int noperands;
  MlirValue memref;            /* N_BUFFER */
  double value;                /* N_CONST */
  double divisor;              /* N_MEAN_DIV */
  int64_t tree_size;           /* ops emitted when inlined (without CSE); -1 = not computed */
} Node;

/* One graph op of the function, in program order. */
typedef struct GraphOp {
  MlirOperation op;
  const OpInfo *info;
  char fx_name[64];
  int users;           /* distinct user ops (func.return counts as the output user) */
  bool output_user;    /* used by func.return */
  bool extern_user;    /* used by mm/bmm (Inductor's needs_realized_inputs) */
} GraphOp;

/* Pass options (Inductor's config names in comments). */
typedef struct Thresholds {
  int64_t reads;          /* realize_reads_threshold = 4 */
  int64_t opcount;        /* realize_opcount_threshold = 30 */
  int64_t acc_reads;      /* realize_acc_reads_threshold = 8 */
  int64_t large_inner_fn; /* has_large_inner_fn(threshold=100) */
  int64_t max_tree;       /* ours: uncse'd inline size that forces realize */
} Thresholds;

typedef struct Lower {
  MlirContext ctx;
  Thresholds th;
  GraphOp *ops;
  int nops;
  Node **nodes; /* every node, owned */
  int nnodes, cap_nodes;
  /* value -> node environment (graph values of the old function) */
  MlirValue *env_keys;
  Node **env_vals;
  int nenv, cap_env;
  MlirOperation new_func;
  MlirBlock new_block;
  int next_buf;
  bool failed;
} Lower;

static Node *node_new(Lower *L, NodeKind kind, int rank, const int64_t *shape, MlirType elem) {
  if (L->nnodes == L->cap_nodes) {
    L->cap_nodes = L->cap_nodes ? 2 * L->cap_nodes : 64;
    L->nodes = realloc(L->nodes, sizeof(Node *) * (size_t)L->cap_nodes);
    if (!L->nodes)
      abort();
  }
  Node *n = calloc(1, sizeof(Node));
  if (!n)
    abort();
  n->kind = kind;
  n->id = L->nnodes;
  n->rank = rank;
  memcpy(n->shape, shape, sizeof(int64_t) * (size_t)rank);
  n->elem = elem;
  n->op_index = -1;
  n->tree_size = -1;
  L->nodes[L->nnodes++] = n;
  return n;
}

static void env_set(Lower *L, MlirValue v, Node *n) {
  for (int i = 0; i < L->nenv; ++i)
    if (mlirValueEqual(L->env_keys[i], v)) {
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
  L->env_keys[L->nenv] = v;
  L->env_vals[L->nenv++] = n;
}

static Node *env_get(Lower *L, MlirValue v) {
  for (int i = L->nenv - 1; i >= 0; --i)
    if (mlirValueEqual(L->env_keys[i], v))
      return L->env_vals[i];
  return NULL;
}

static void lower_free(Lower *L) {
  for (int i = 0; i < L->nnodes; ++i)
    free(L->nodes[i]);
  free(L->nodes);
  free(L->env_keys);
  free(L->env_vals);
  free(L->ops);
}

static bool is_bool(MlirType t) { return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 1; }
static int64_t numel(const int64_t *shape, int rank) {
  int64_t n = 1;
  for (int i = 0; i < rank; ++i)
    n *= shape[i];
  return n;
}

/* The compute type of a storage type: i1 stays i1, everything else computes in f32. */
static MlirType compute_type(Lower *L, MlirType storage) { return is_bool(storage) ? storage : mlirF32TypeGet(L->ctx); }

/* ------------------------------------------------------------------------------------------ */
/* Index remapping (views and broadcasts)                                                       */

/* The iteration context of one body: its variables' ranges, for simplification. */
typedef struct IterSpace {
  int64_t sizes[2 * MAX_RANK];
  int n;
} IterSpace;

static IndIxRanges space_ranges(const IterSpace *s) { return (IndIxRanges){s->sizes, s->n}; }

static MlirAffineExpr cst(Lower *L, int64_t v) { return mlirAffineConstantExprGet(L->ctx, v); }

/* Numpy broadcasting: the index of an operand of shape `in` read at the index `idx` of `out`. */
static void broadcast_index(Lower *L, const Node *in, int out_rank, const MlirAffineExpr *idx, MlirAffineExpr *res) {
  int off = out_rank - in->rank;
  for (int k = 0; k < in->rank; ++k)
    res[k] = in->shape[k] == 1 ? cst(L, 0) : idx[k + off];
}

/* Reshape: groups input and output dims with equal products (as Inductor's
 * _dynamic_reshape_indexer), linearizes the output index of each group and delinearizes it over
 * the group's input dims; range-aware simplification turns the common cases back into plain dims. */
static void reshape_index(Lower *L, const IterSpace *sp, const int64_t *in_shape, int in_rank, const int64_t *out_shape,
                          int out_rank, const MlirAffineExpr *idx, MlirAffineExpr *res) {
  IndIxRanges r = space_ranges(sp);
  int i = 0, j = 0;
  while (i < in_rank || j < out_rank) {
    if (i < in_rank && in_shape[i] == 1) {
      res[i++] = cst(L, 0);
      continue;
    }
    if (j < out_rank && out_shape[j] == 1) {
      ++j;
      continue;
    }
    if (i >= in_rank || j >= out_rank)
      break; /* numel mismatch: checked before */
    int i0 = i, j0 = j;
    int64_t pin = in_shape[i++], pout = out_shape[j++];
    while (pin != pout) {
      if (pin < pout && i < in_rank)
        pin *= in_shape[i++];
      else if (j < out_rank)
        pout *= out_shape[j++];
      else
        break;
    }
    MlirAffineExpr lin = cst(L, 0);
    for (int k = j0; k < j; ++k)
      lin = mlirAffineAddExprGet(mlirAffineMulExprGet(lin, cst(L, out_shape[k])), idx[k]);
    int64_t stride = pin;
    for (int k = i0; k < i; ++k) {
      stride /= in_shape[k];
      res[k] = ind_ix_mod(ind_ix_floordiv(lin, stride, &r), in_shape[k], &r);
    }
  }
}

static MlirAffineExpr dim(Lower *L, int p) { return mlirAffineDimExprGet(L->ctx, p); }

/* ------------------------------------------------------------------------------------------ */
/* Emission of recipes into a body                                                              */

typedef struct Emit {
  Lower *L;
  MlirBlock block;
  IterSpace space;
} Emit;

static MlirValue append(Emit *e, MlirOperation op) {
  mlirBlockAppendOwnedOperation(e->block, op);
  return mlirOperationGetNumResults(op) ? mlirOperationGetResult(op, 0) : (MlirValue){NULL};
}

static MlirValue emit_generic(Emit *e, MlirLocation loc, const char *name, const MlirValue *operands, int n,
                              MlirType result, const MlirNamedAttribute *attrs, int nattrs) {
  MlirOperationState st = mlirOperationStateGet(ind_str(name), loc);
  mlirOperationStateAddOperands(&st, n, operands);
  mlirOperationStateAddResults(&st, 1, &result);
  if (nattrs)
    mlirOperationStateAddAttributes(&st, nattrs, attrs);
  return append(e, mlirOperationCreate(&st));
}

static MlirType f32(Emit *e) { return mlirF32TypeGet(e->L->ctx); }

static MlirValue emit_constant(Emit *e, MlirLocation loc, double v) {
  MlirNamedAttribute a = mlirNamedAttributeGet(mlirIdentifierGet(e->L->ctx, ind_str("value")),
                                               mlirFloatAttrDoubleGet(e->L->ctx, f32(e), v));
  return emit_generic(e, loc, "arith.constant", NULL, 0, f32(e), &a, 1);
}

static MlirValue emit1(Emit *e, MlirLocation loc, const char *name, MlirValue a) {
  return emit_generic(e, loc, name, &a, 1, f32(e), NULL, 0);
}

static MlirValue emit2(Emit *e, MlirLocation loc, const char *name, MlirValue a, MlirValue b) {
  MlirValue ops[2] = {a, b};
  return emit_generic(e, loc, name, ops, 2, f32(e), NULL, 0);
}

enum { CMPF_OEQ = 1, CMPF_OGT = 2, CMPF_OGE = 3, CMPF_OLT = 4, CMPF_OLE = 5, CMPF_UNE = 13 };

static MlirValue emit_cmpf(Emit *e, MlirLocation loc, int64_t pred, MlirValue a, MlirValue b) {
  MlirContext ctx = e->L->ctx;
  MlirNamedAttribute attr = mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str("predicate")),
                                                  mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), pred));
  MlirValue ops[2] = {a, b};
  return emit_generic(e, loc, "arith.cmpf", ops, 2, mlirIntegerTypeGet(ctx, 1), &attr, 1);
}

/* Converts a compute value to f32 (i1 -> 0.0/1.0). */
static MlirValue to_f32(Emit *e, MlirLocation loc, MlirValue v) {
  if (mlirTypeIsAF32(mlirValueGetType(v)))
    return v;
  return emit1(e, loc, "arith.uitofp", v);
}

/* Converts a compute value to i1 (x != 0). */
static MlirValue to_bool(Emit *e, MlirLocation loc, MlirValue v) {
  if (is_bool(mlirValueGetType(v)))
    return v;
  return emit_cmpf(e, loc, CMPF_UNE, v, emit_constant(e, loc, 0.0));
}

/* Converts to the compute type of `storage`. */
static MlirValue to_compute(Emit *e, MlirLocation loc, MlirValue v, MlirType storage) {
  return is_bool(storage) ? to_bool(e, loc, v) : to_f32(e, loc, v);
}

static MlirValue emit_node(Emit *e, Node *n, const MlirAffineExpr *idx);

static MlirLocation node_loc(Emit *e, const Node *n) {
  return n->op_index >= 0 ? mlirOperationGetLocation(e->L->ops[n->op_index].op) : mlirLocationUnknownGet(e->L->ctx);
}

/* The flat storage offset of a contiguous buffer of `shape` at `idx`. */
static MlirAffineExpr flat_offset(Lower *L, const Node *n, const MlirAffineExpr *idx) {
  int64_t strides[MAX_RANK], stride = 1;
  for (int k = n->rank - 1; k >= 0; --k) {
    strides[k] = stride;
    stride *= n->shape[k];
  }
  MlirAffineExpr acc = cst(L, 0);
  for (int k = 0; k < n->rank; ++k)
    acc = mlirAffineAddExprGet(acc, mlirAffineMulExprGet(idx[k], cst(L, strides[k])));
  return ind_ix_simplify(acc);
}

static MlirValue emit_load(Emit *e, Node *n, const MlirAffineExpr *idx) {
  MlirAffineExpr off = flat_offset(e->L, n, idx);
  MlirAffineMap map = mlirAffineMapGet(e->L->ctx, e->space.n, 0, 1, &off);
  MlirLocation loc = node_loc(e, n);
  return append(e, ind_load_create(loc, n->memref, map, compute_type(e->L, n->elem)));
}

/* x ** k for an integer k >= 1 by repeated multiplication (Inductor's pow_recursive). */
static MlirValue emit_pow_int(Emit *e, MlirLocation loc, MlirValue x, int64_t k) {
  if (k == 1)
    return x;
  if (k % 2)
    return emit2(e, loc, "arith.mulf", emit_pow_int(e, loc, x, k - 1), x);
  MlirValue h = emit_pow_int(e, loc, x, k / 2);
  return emit2(e, loc, "arith.mulf", h, h);
}

/* pow with a constant integer exponent in [-16, 16] (Inductor lowers those by multiplication). */
static bool pow_int_exponent(const Node *n, int64_t *k) {
  const Node *b = n->operands[1];
  if (b->kind != N_CONST || b->value != (double)(int64_t)b->value || b->value > 16 || b->value < -16)
    return false;
  *k = (int64_t)b->value;
  return true;
}

/* The arith/math op of a binary graph op. */
static const char *binary_op_name(GraphOpId id) {
  switch (id) {
  case GRAPH_OP_ADD:
    return "arith.addf";
  case GRAPH_OP_SUB:
    return "arith.subf";
  case GRAPH_OP_MUL:
    return "arith.mulf";
  case GRAPH_OP_DIV:
    return "arith.divf";
  case GRAPH_OP_MAXIMUM:
    return "arith.maximumf";
  case GRAPH_OP_MINIMUM:
    return "arith.minimumf";
  default:
    return "math.powf"; /* pow with a tensor or non-integer exponent */
  }
}

static MlirValue emit_binary(Emit *e, Node *n, MlirLocation loc, MlirValue a, MlirValue b) {
  return emit2(e, loc, binary_op_name(n->info->id), to_f32(e, loc, a), to_f32(e, loc, b));
}

static MlirValue emit_gelu(Emit *e, MlirLocation loc, MlirOperation op, MlirValue x) {
  GraphGeluApprox approx = GRAPH_GELU_NONE;
  if (graph_gelu_approximate(op, &approx) && approx == GRAPH_GELU_TANH) {
    /* 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))) */
    MlirValue x3 = emit2(e, loc, "arith.mulf", emit2(e, loc, "arith.mulf", x, x), x);
    MlirValue inner = emit2(e, loc, "arith.addf", x, emit2(e, loc, "arith.mulf", x3, emit_constant(e, loc, 0.044715)));
    MlirValue t = emit1(e, loc, "math.tanh", emit2(e, loc, "arith.mulf", inner, emit_constant(e, loc, 0.7978845608028654)));
    MlirValue half_x = emit2(e, loc, "arith.mulf", x, emit_constant(e, loc, 0.5));
    return emit2(e, loc, "arith.mulf", half_x, emit2(e, loc, "arith.addf", t, emit_constant(e, loc, 1.0)));
  }
  /* x * 0.5 * (1 + erf(x * 0.7071067811865476)), as Inductor's decomposition */
  MlirValue half_x = emit2(e, loc, "arith.mulf", x, emit_constant(e, loc, 0.5));
  MlirValue er = emit1(e, loc, "math.erf", emit2(e, loc, "arith.mulf", x, emit_constant(e, loc, 0.7071067811865476)));
  return emit2(e, loc, "arith.mulf", half_x, emit2(e, loc, "arith.addf", er, emit_constant(e, loc, 1.0)));
}

static MlirValue emit_unary(Emit *e, Node *n, MlirLocation loc, MlirValue x) {
  x = to_f32(e, loc, x);
  switch (n->info->id) {
  case GRAPH_OP_RELU:
    return emit2(e, loc, "arith.maximumf", x, emit_constant(e, loc, 0.0));
  case GRAPH_OP_NEG:
    return emit1(e, loc, "arith.negf", x);
  case GRAPH_OP_ABS:
    return emit1(e, loc, "math.absf", x);
  case GRAPH_OP_RECIPROCAL:
    return emit2(e, loc, "arith.divf", emit_constant(e, loc, 1.0), x);
  case GRAPH_OP_SIGMOID: {
    MlirValue ex = emit1(e, loc, "math.exp", emit1(e, loc, "arith.negf", x));
    return emit2(e, loc, "arith.divf", emit_constant(e, loc, 1.0), emit2(e, loc, "arith.addf", emit_constant(e, loc, 1.0), ex));
  }
  case GRAPH_OP_GELU:
    return emit_gelu(e, loc, e->L->ops[n->op_index].op, x);
  case GRAPH_OP_EXP:
    return emit1(e, loc, "math.exp", x);
  case GRAPH_OP_LOG:
    return emit1(e, loc, "math.log", x);
  case GRAPH_OP_SQRT:
    return emit1(e, loc, "math.sqrt", x);
  case GRAPH_OP_RSQRT:
    return emit1(e, loc, "math.rsqrt", x);
  case GRAPH_OP_TANH:
    return emit1(e, loc, "math.tanh", x);
  default: /* GRAPH_OP_ERF */
    return emit1(e, loc, "math.erf", x);
  }
}

static MlirValue emit_compare(Emit *e, Node *n, MlirLocation loc, MlirValue a, MlirValue b) {
  static const struct {
    GraphOpId id;
    int64_t pred;
  } preds[] = {{GRAPH_OP_EQ, CMPF_OEQ}, {GRAPH_OP_NE, CMPF_UNE}, {GRAPH_OP_LT, CMPF_OLT},
               {GRAPH_OP_LE, CMPF_OLE}, {GRAPH_OP_GT, CMPF_OGT}, {GRAPH_OP_GE, CMPF_OGE}};
  int64_t p = CMPF_OEQ;
  for (size_t i = 0; i < sizeof preds / sizeof preds[0]; ++i)
    if (n->info->id == preds[i].id)
      p = preds[i].pred;
  return emit_cmpf(e, loc, p, to_f32(e, loc, a), to_f32(e, loc, b));
}

/* convert: the value is rounded to the target storage type and computed on in f32 again. */
static MlirValue emit_convert(Emit *e, MlirLocation loc, MlirValue x, MlirType target) {
  if (is_bool(target))
    return to_bool(e, loc, x);
  x = to_f32(e, loc, x);
  if (mlirTypeIsAF16(target) || mlirTypeIsABF16(target)) {
    MlirValue t = emit_generic(e, loc, "arith.truncf", &x, 1, target, NULL, 0);
    return emit1(e, loc, "arith.extf", t);
  }
  if (mlirTypeIsAInteger(target)) {
    MlirValue t = emit_generic(e, loc, "arith.fptosi", &x, 1, target, NULL, 0);
    return emit1(e, loc, "arith.sitofp", t);
  }
  return x;
}

/* The index of operand k of a view/pointwise recipe `n` read at `idx` (n's shape). */
static void operand_index(Emit *e, Node *n, int k, const MlirAffineExpr *idx, MlirAffineExpr *res) {
  Lower *L = e->L;
  Node *in = n->operands[k];
  MlirOperation op = n->op_index >= 0 ? L->ops[n->op_index].op : (MlirOperation){NULL};
  switch (n->kind == N_RECIPE ? n->info->kind : K_BINARY) {
  case K_RESHAPE:
    reshape_index(L, &e->space, in->shape, in->rank, n->shape, n->rank, idx, res);
    return;
  case K_PERMUTE: { /* attributes checked by check_view */
    int64_t dims[MAX_RANK];
    intptr_t nd = 0;
    graph_permute_dims(op, dims, &nd);
    for (int i = 0; i < n->rank && i < nd; ++i)
      res[dims[i]] = idx[i];
    return;
  }
  case K_TRANSPOSE: {
    int64_t d0 = 0, d1 = 0;
    graph_transpose_dims(op, &d0, &d1);
    for (int i = 0; i < n->rank; ++i)
      res[i] = idx[i];
    res[d0] = idx[d1];
    res[d1] = idx[d0];
    return;
  }
  case K_SLICE: {
    GraphSlice sl = {0, 0, 0, 1, 0};
    graph_slice_params(op, &sl);
    for (int i = 0; i < n->rank; ++i)
      res[i] = idx[i];
    res[sl.dim] = mlirAffineAddExprGet(mlirAffineMulExprGet(idx[sl.dim], cst(L, sl.step)), cst(L, sl.start));
    return;
  }
  default: /* pointwise, expand, copy, convert, where, compare: numpy broadcasting */
    broadcast_index(L, in, n->rank, idx, res);
    return;
  }
}

/* cat's dim (checked by lower_recipe). */
static int cat_dim(Lower *L, const Node *n) {
  int64_t d = 0;
  graph_dim(L->ops[n->op_index].op, &d);
  return (int)d;
}

/* cat: select between the sources by the range of the cat dim's index. Each source is read at
 * (i - offset) mod size so that every load stays in bounds; the select keeps the right one. */
static MlirValue emit_cat(Emit *e, Node *n, MlirLocation loc, const MlirAffineExpr *idx) {
  Lower *L = e->L;
  int d = cat_dim(L, n);
  IndIxRanges r = space_ranges(&e->space);
  MlirAffineMap imap = mlirAffineMapGet(L->ctx, e->space.n, 0, 1, (MlirAffineExpr *)&idx[d]);
  MlirValue pos = n->noperands > 1 ? append(e, ind_index_expr_create(loc, imap, f32(e))) : (MlirValue){NULL};
  MlirValue vals[MAX_OPERANDS];
  int64_t offsets[MAX_OPERANDS], off = 0;
  for (int k = 0; k < n->noperands; ++k) {
    Node *in = n->operands[k];
    MlirAffineExpr sub[MAX_RANK];
    for (int i = 0; i < n->rank; ++i)
      sub[i] = idx[i];
    MlirAffineExpr shifted = mlirAffineAddExprGet(idx[d], cst(L, -off));
    sub[d] = ind_ix_mod(shifted, in->shape[d], &r);
    vals[k] = to_compute(e, loc, emit_node(e, in, sub), n->elem);
    offsets[k] = off;
    off += in->shape[d];
  }
  /* select from the last source backwards: v = pos < offset_k ? v_{k-1} : v_k */
  MlirValue v = vals[n->noperands - 1];
  for (int k = n->noperands - 1; k >= 1; --k) {
    MlirValue c = emit_cmpf(e, loc, CMPF_OLT, pos, emit_constant(e, loc, (double)offsets[k]));
    MlirValue ops[3] = {c, vals[k - 1], v};
    v = emit_generic(e, loc, "arith.select", ops, 3, mlirValueGetType(v), NULL, 0);
  }
  return v;
}

static MlirValue emit_recipe(Emit *e, Node *n, const MlirAffineExpr *idx) {
  MlirLocation loc = node_loc(e, n);
  OpKind kind = n->info->kind;
  if (kind == K_CAT)
    return emit_cat(e, n, loc, idx);
  MlirValue v[MAX_OPERANDS];
  int64_t k_pow = 0;
  bool is_pow = n->info->id == GRAPH_OP_POW;
  bool int_pow = is_pow && pow_int_exponent(n, &k_pow) && k_pow != 0;
  bool sqrt_pow = is_pow && n->operands[1]->kind == N_CONST && n->operands[1]->value == 0.5;
  int nread = int_pow || sqrt_pow ? 1 : n->noperands; /* x ** k reads the exponent as a constant */
  for (int k = 0; k < nread; ++k) {
    MlirAffineExpr sub[MAX_RANK];
    operand_index(e, n, k, idx, sub);
    v[k] = emit_node(e, n->operands[k], sub);
  }
  switch (kind) {
  case K_BINARY:
    if (int_pow) {
      MlirValue p = emit_pow_int(e, loc, to_f32(e, loc, v[0]), k_pow < 0 ? -k_pow : k_pow);
      return k_pow < 0 ? emit2(e, loc, "arith.divf", emit_constant(e, loc, 1.0), p) : p;
    }
    if (is_pow && n->operands[1]->kind == N_CONST && n->operands[1]->value == 0.0)
      return emit_constant(e, loc, 1.0);
    if (sqrt_pow)
      return emit1(e, loc, "math.sqrt", to_f32(e, loc, v[0])); /* Inductor: pow(a, 0.5) -> sqrt(a) */
    return emit_binary(e, n, loc, v[0], v[1]);
  case K_COMPARE:
    return emit_compare(e, n, loc, v[0], v[1]);
  case K_WHERE: {
    MlirValue c = to_bool(e, loc, v[0]);
    MlirValue a = to_compute(e, loc, v[1], n->elem), b = to_compute(e, loc, v[2], n->elem);
    MlirValue ops[3] = {c, a, b};
    return emit_generic(e, loc, "arith.select", ops, 3, mlirValueGetType(a), NULL, 0);
  }
  case K_UNARY:
    return emit_unary(e, n, loc, v[0]);
  case K_CONVERT:
    return emit_convert(e, loc, v[0], n->elem);
  default: /* views and copies */
    return v[0];
  }
}

static MlirValue emit_node(Emit *e, Node *n, const MlirAffineExpr *idx) {
  switch (n->kind) {
  case N_BUFFER:
    return emit_load(e, n, idx);
  case N_CONST:
    return is_bool(n->elem) ? to_bool(e, node_loc(e, n), emit_constant(e, node_loc(e, n), n->value))
                            : emit_constant(e, node_loc(e, n), n->value);
  case N_MEAN_DIV: {
    MlirLocation loc = node_loc(e, n);
    MlirValue s = emit_node(e, n->operands[0], idx);
    return emit2(e, loc, "arith.divf", s, emit_constant(e, loc, n->divisor));
  }
  case N_RECIPE:
    return emit_recipe(e, n, idx);
  }
  return (MlirValue){NULL};
}

/* ------------------------------------------------------------------------------------------ */
/* Op counting (Inductor's inner_fn_opcount through OpCounterCSE)                               */

/* A value-numbering table: each distinct op (kind, operands' numbers, attribute) gets a number
 * once, as OpCounterCSE names each distinct ops.* call once. */
typedef struct CountKey {
  int64_t tag, a, b, c;
  const void *p, *q;
} CountKey;

typedef struct Count {
  Lower *L;
  IterSpace space;
  CountKey *keys;
  int nkeys, cap;
  int64_t op_count;           /* distinct ops */
  int64_t reads;              /* distinct loads (buffer, index): read_buffers */
  int64_t nontrivial_reads;   /* distinct loads with a non-constant index */
} Count;

enum { TAG_LOAD = 1, TAG_CONST, TAG_OP, TAG_DIV, TAG_INDEX_EXPR };

/* Returns the number of key; *fresh tells whether it is new. */
static int64_t count_key(Count *c, CountKey k, bool *fresh) {
  for (int i = 0; i < c->nkeys; ++i)
    if (!memcmp(&c->keys[i], &k, sizeof k)) {
      *fresh = false;
      return i;
    }
  if (c->nkeys == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 64;
    c->keys = realloc(c->keys, sizeof(CountKey) * (size_t)c->cap);
    if (!c->keys)
      abort();
  }
  c->keys[c->nkeys] = k;
  *fresh = true;
  return c->nkeys++;
}

static int64_t count_node(Count *c, Node *n, const MlirAffineExpr *idx);

/* Inductor ops per graph op: 1 (relu and sigmoid are single ops.*), gelu as its decomposition
 * (mul, mul, erf, add, mul plus 3 constants), pow with an integer exponent as its multiplications. */
static int64_t own_ops(Node *n) {
  if (n->info->id == GRAPH_OP_GELU)
    return 8;
  int64_t k;
  if (n->info->id == GRAPH_OP_POW && pow_int_exponent(n, &k)) {
    int64_t m = 0;
    for (int64_t a = k < 0 ? -k : k; a > 1; a = a % 2 ? a - 1 : a / 2)
      ++m;
    return m + (k < 0 ? 2 : 0) + (k == 0 ? 1 : 0);
  }
  return 1;
}

static int64_t count_recipe(Count *c, Node *n, const MlirAffineExpr *idx) {
  Emit view = {c->L, {NULL}, c->space};
  CountKey key = {TAG_OP, 0, 0, 0, NULL, NULL};
  bool fresh;
  if (n->info->kind == K_CAT) {
    IndIxRanges r = space_ranges(&c->space);
    int d = cat_dim(c->L, n);
    int64_t off = 0;
    uint64_t h = 0; /* the sources' numbers, hashed */
    for (int k = 0; k < n->noperands; ++k) {
      MlirAffineExpr sub[MAX_RANK];
      memcpy(sub, idx, sizeof(MlirAffineExpr) * (size_t)n->rank);
      sub[d] = ind_ix_mod(mlirAffineAddExprGet(idx[d], cst(c->L, -off)), n->operands[k]->shape[d], &r);
      h = h * 1000003u + (uint64_t)count_node(c, n->operands[k], sub);
      off += n->operands[k]->shape[d];
    }
    key.a = n->id;
    key.b = (int64_t)(h >> 1);
    key.p = idx[d].ptr;
    int64_t id = count_key(c, key, &fresh);
    if (fresh)
      c->op_count += 1 + 3 * (n->noperands - 1); /* index_expr, then a constant, compare, select per source */
    return id;
  }
  bool is_view = n->info->kind != K_BINARY && n->info->kind != K_COMPARE && n->info->kind != K_WHERE &&
                 n->info->kind != K_UNARY && n->info->kind != K_CONVERT;
  int64_t kp;
  int nread = n->info->id == GRAPH_OP_POW && pow_int_exponent(n, &kp) ? 1 : n->noperands;
  int64_t ids[MAX_OPERANDS];
  for (int k = 0; k < nread; ++k) {
    MlirAffineExpr sub[MAX_RANK];
    operand_index(&view, n, k, idx, sub);
    ids[k] = count_node(c, n->operands[k], sub);
  }
  if (is_view)
    return ids[0];
  key.a = ids[0];
  key.b = nread > 1 ? ids[1] : -1;
  key.c = nread > 2 ? ids[2] : -1;
  key.p = n->info;      /* the op, so that two graph ops computing the same thing count once */
  key.q = n->elem.ptr;  /* convert's target type */
  int64_t id = count_key(c, key, &fresh);
  if (fresh)
    c->op_count += own_ops(n);
  return id;
}

static int64_t count_node(Count *c, Node *n, const MlirAffineExpr *idx) {
  bool fresh;
  switch (n->kind) {
  case N_BUFFER: {
    MlirAffineExpr off = flat_offset(c->L, n, idx);
    CountKey key = {TAG_LOAD, 0, 0, 0, n->memref.ptr, off.ptr};
    int64_t id = count_key(c, key, &fresh);
    if (fresh) {
      c->op_count++;
      c->reads++;
      if (!mlirAffineExprIsAConstant(off))
        c->nontrivial_reads++;
    }
    return id;
  }
  case N_CONST: {
    CountKey key = {TAG_CONST, 0, 0, 0, NULL, NULL};
    memcpy(&key.a, &n->value, sizeof(double));
    int64_t id = count_key(c, key, &fresh);
    c->op_count += fresh;
    return id;
  }
  case N_MEAN_DIV: {
    int64_t s = count_node(c, n->operands[0], idx);
    CountKey ck = {TAG_CONST, 0, 0, 0, NULL, NULL};
    memcpy(&ck.a, &n->divisor, sizeof(double));
    int64_t k = count_key(c, ck, &fresh);
    c->op_count += fresh;
    CountKey key = {TAG_DIV, s, k, 0, NULL, NULL};
    int64_t id = count_key(c, key, &fresh);
    c->op_count += fresh;
    return id;
  }
  case N_RECIPE:
    return count_recipe(c, n, idx);
  }
  return -1;
}

/* The iteration space and index of a node read "as itself" (the body of its own buffer): one
 * variable per dimension of size > 1, size-1 dimensions at index 0. */
static void own_space(Lower *L, const Node *n, IterSpace *sp, MlirAffineExpr *idx) {
  sp->n = 0;
  for (int k = 0; k < n->rank; ++k) {
    if (n->shape[k] == 1) {
      idx[k] = cst(L, 0);
      continue;
    }
    idx[k] = dim(L, sp->n);
    sp->sizes[sp->n++] = n->shape[k];
  }
}

typedef struct OpCount {
  int64_t op_count, reads, nontrivial_reads;
} OpCount;

/* inner_fn_opcount() of an unrealized node. */
static OpCount inner_fn_opcount(Lower *L, Node *n) {
  Count c = {0};
  c.L = L;
  MlirAffineExpr idx[MAX_RANK];
  own_space(L, n, &c.space, idx);
  count_node(&c, n, idx);
  free(c.keys);
  return (OpCount){c.op_count, c.reads, c.nontrivial_reads};
}

/* Ops the node's inlining emits without CSE (memoized per node; the index does not change it). */
static int64_t tree_size(Node *n) {
  if (n->tree_size >= 0)
    return n->tree_size;
  int64_t s = 1;
  if (n->kind == N_RECIPE || n->kind == N_MEAN_DIV)
    for (int k = 0; k < n->noperands; ++k) {
      s += tree_size(n->operands[k]);
      if (s > ((int64_t)1 << 40))
        break;
    }
  n->tree_size = s;
  return s;
}

static bool is_unrealized(const Node *n) { return n->kind == N_RECIPE || n->kind == N_MEAN_DIV; }

/* A recipe that only remaps the index of its operand (Inductor's View, not Pointwise data). */
static bool is_view_recipe(const Node *n) {
  if (n->kind != N_RECIPE)
    return false;
  OpKind k = n->info->kind;
  return k == K_RESHAPE || k == K_EXPAND || k == K_PERMUTE || k == K_TRANSPOSE || k == K_SLICE;
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
  Node *b = node_new(L, N_BUFFER, like->rank, like->shape, like->elem);
  b->memref = memref;
  b->op_index = op_index;
  return b;
}

/* Emits `n` as the body of `buf` (already in the function) at index `idx`, and yields it. */
static void fill_body(Lower *L, MlirOperation buf, const IterSpace *sp, Node *n, const MlirAffineExpr *idx,
                      MlirLocation loc) {
  Emit e = {L, ind_computed_buffer_body_block(buf), *sp};
  MlirValue v = to_compute(&e, loc, emit_node(&e, n, idx), n->elem);
  mlirBlockAppendOwnedOperation(e.block, ind_yield_create(loc, v));
}

/* StorageBox.realize() of a pointwise recipe: a new ind.pointwise buffer computing it. */
static Node *realize_pointwise(Lower *L, Node *n) {
  if (!is_unrealized(n))
    return n;
  IterSpace sp;
  MlirAffineExpr idx[MAX_RANK];
  own_space(L, n, &sp, idx);
  char name[32];
  next_buf_name(L, name, sizeof name);
  MlirLocation loc = n->op_index >= 0 ? mlirOperationGetLocation(L->ops[n->op_index].op) : mlirLocationUnknownGet(L->ctx);
  MlirOperation buf = ind_pointwise_create(loc, name, sp.sizes, sp.n, memref_of(n), (MlirRegion){NULL});
  mlirBlockAppendOwnedOperation(L->new_block, buf);
  fill_body(L, buf, &sp, n, idx, loc);
  set_origins(L, buf, n, -1);
  return buffer_node(L, n, mlirOperationGetResult(buf, 0), n->op_index);
}

/* The storage under a chain of views: the first node that is not a view recipe. */
static Node *view_base(Node *n) {
  while (is_view_recipe(n))
    n = n->operands[0];
  return n;
}

/* A copy of the view chain from `n` down to `base`, standing on `buf` instead of `base`. */
static Node *rebase_views(Lower *L, Node *n, Node *base, Node *buf) {
  if (n == base)
    return buf;
  Node *copy = node_new(L, N_RECIPE, n->rank, n->shape, n->elem);
  copy->info = n->info;
  copy->op_index = n->op_index;
  copy->noperands = n->noperands;
  memcpy(copy->operands, n->operands, sizeof(Node *) * (size_t)n->noperands);
  copy->operands[0] = rebase_views(L, n->operands[0], base, buf);
  return copy;
}

/* StorageBox.realize() for graph op `i`'s result: realizes the storage under its views (the node
 * itself when it is no view) and rebinds the value, and the storage's own graph value when it is
 * still bound to it (a StorageBox is shared by the tensor and its views). */
static void realize_value(Lower *L, int i) {
  MlirValue v = mlirOperationGetResult(L->ops[i].op, 0);
  Node *n = env_get(L, v);
  Node *base = n ? view_base(n) : NULL;
  if (!base || !is_unrealized(base))
    return;
  Node *buf = realize_pointwise(L, base);
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
  if (*rank > MAX_RANK) {
    ind_emit_error(op, "rank %d exceeds the supported maximum %d", *rank, MAX_RANK);
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
      return ind_emit_error(op, "operand %d does not broadcast to the result shape (dim %d: %ld vs %ld)", k, i,
                            (long)a, (long)b),
             false;
  }
  return true;
}

static bool check_view(Lower *L, MlirOperation op, const OpInfo *info, Node *res, Node *in) {
  (void)L;
  switch (info->kind) {
  case K_RESHAPE:
    if (numel(in->shape, in->rank) != numel(res->shape, res->rank))
      return ind_emit_error(op, "%s changes the number of elements (%ld to %ld)", op_short_name(info),
                            (long)numel(in->shape, in->rank), (long)numel(res->shape, res->rank)),
             false;
    return true;
  case K_PERMUTE: {
    int64_t dims[MAX_RANK];
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
      return ind_emit_error(op, "slice 'dim' out of range, 'step' < 1, or a result length that does not match"),
             false;
    return true;
  }
  default: /* expand */
    return check_broadcast(op, res, in, 0);
  }
}

static Node *lower_constant(Lower *L, GraphOp *g, Node *res) {
  double v;
  if (!graph_constant_value(g->op, &v)) {
    ind_emit_error(g->op, "graph.constant needs a float 'value'");
    return NULL;
  }
  if (res->rank != 0 && numel(res->shape, res->rank) != 1) {
    ind_emit_error(g->op, "only scalar (0-d or single-element) constants are supported");
    return NULL;
  }
  Node *n = node_new(L, N_CONST, res->rank, res->shape, res->elem);
  n->value = v;
  n->op_index = res->op_index;
  return n;
}

/* Reduction dims: normalized, checked, marked in `reduced`. */
static bool reduction_dims(MlirOperation op, int rank, bool *reduced) {
  int64_t dims[MAX_RANK];
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
    return IND_REDUCE_MAX;
  case GRAPH_OP_AMIN:
    return IND_REDUCE_MIN;
  case GRAPH_OP_PROD:
    return IND_REDUCE_PROD;
  default:
    return IND_REDUCE_SUM; /* sum, mean */
  }
}

/* make_reduction: a realized ind.reduction over the reduced dims of `in`; mean adds a recipe
 * dividing by the number of reduced elements (Inductor: "the division is in the consumer's body"). */
static Node *lower_reduction(Lower *L, GraphOp *g, Node *res, Node *in) {
  bool reduced[MAX_RANK];
  if (!reduction_dims(g->op, in->rank, reduced))
    return NULL;
  if (numel(res->shape, res->rank) == 0 || numel(in->shape, in->rank) == 0)
    return ind_emit_error(g->op, "zero-size tensors are not supported"), NULL;
  IterSpace sp = {{0}, 0};
  int64_t rr[MAX_RANK];
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
  if (numel(res->shape, res->rank) != numel(in->shape, in->rank) / rnumel)
    return ind_emit_error(g->op, "the result shape does not match the reduction of the input"), NULL;
  memcpy(sp.sizes + n, rr, sizeof(int64_t) * (size_t)m);
  sp.n = n + m;
  MlirAffineExpr idx[MAX_RANK];
  int pi = 0, ri = n;
  for (int k = 0; k < in->rank; ++k) {
    if (in->shape[k] == 1)
      idx[k] = cst(L, 0);
    else
      idx[k] = dim(L, reduced[k] ? ri++ : pi++);
  }
  char name[32];
  next_buf_name(L, name, sizeof name);
  MlirLocation loc = mlirOperationGetLocation(g->op);
  Node *out = node_new(L, N_BUFFER, res->rank, res->shape, res->elem);
  MlirOperation buf = ind_reduction_create(loc, name, sp.sizes, n, rr, m, reduction_type_of(g->info), memref_of(out),
                                           (MlirRegion){NULL});
  mlirBlockAppendOwnedOperation(L->new_block, buf);
  Emit e = {L, ind_computed_buffer_body_block(buf), sp};
  MlirValue v = to_f32(&e, loc, emit_node(&e, in, idx));
  mlirBlockAppendOwnedOperation(e.block, ind_yield_create(loc, v));
  set_origins(L, buf, in, (int)(g - L->ops));
  out->memref = mlirOperationGetResult(buf, 0);
  out->op_index = res->op_index;
  if (g->info->id != GRAPH_OP_MEAN)
    return out;
  Node *div = node_new(L, N_MEAN_DIV, res->rank, res->shape, res->elem);
  div->operands[0] = out;
  div->noperands = 1;
  div->divisor = (double)rnumel;
  div->op_index = res->op_index;
  return div;
}

/* mm / bmm: an extern buffer; its inputs are realized first (ExternKernel.realize_input). */
static Node *lower_extern(Lower *L, GraphOp *g, Node *res, Node **in) {
  int want = g->info->id == GRAPH_OP_MM ? 2 : 3;
  if (in[0]->rank != want || in[1]->rank != want || res->rank != want)
    return ind_emit_error(g->op, "%s needs rank-%d operands and result", op_short_name(g->info), want), NULL;
  int64_t k0 = in[0]->shape[want - 1], k1 = in[1]->shape[want - 2];
  if (k0 != k1 || res->shape[want - 2] != in[0]->shape[want - 2] || res->shape[want - 1] != in[1]->shape[want - 1])
    return ind_emit_error(g->op, "%s operand shapes do not match the result", op_short_name(g->info)), NULL;
  MlirValue inputs[2];
  for (int k = 0; k < 2; ++k) {
    Node *r = realize_pointwise(L, in[k]);
    MlirValue operand = mlirOperationGetOperand(g->op, k);
    if (r != in[k] && env_get(L, operand) == in[k])
      env_set(L, operand, r); /* the StorageBox is realized for every later user */
    inputs[k] = r->memref;
  }
  char name[32];
  next_buf_name(L, name, sizeof name);
  MlirOperation buf = ind_extern_create(mlirOperationGetLocation(g->op), name, op_short_name(g->info), inputs, 2, memref_of(res));
  mlirBlockAppendOwnedOperation(L->new_block, buf);
  const char *origin = g->fx_name;
  ind_set_origins(buf, &origin, 1);
  return buffer_node(L, res, mlirOperationGetResult(buf, 0), res->op_index);
}

static Node *lower_recipe(Lower *L, GraphOp *g, Node *res, Node **in, int nin) {
  if (nin > MAX_OPERANDS)
    return ind_emit_error(g->op, "at most %d operands are supported", MAX_OPERANDS), NULL;
  OpKind k = g->info->kind;
  int want = k == K_BINARY || k == K_COMPARE ? 2 : k == K_WHERE ? 3 : k == K_CAT ? -1 : 1;
  if ((want >= 0 && nin != want) || nin == 0)
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
  } else {
    for (int i = 0; i < nin; ++i)
      if (!check_broadcast(g->op, res, in[i], i))
        return NULL;
  }
  res->kind = N_RECIPE;
  res->info = g->info;
  res->noperands = nin;
  memcpy(res->operands, in, sizeof(Node *) * (size_t)nin);
  return res;
}

static Node *lower_op(Lower *L, GraphOp *g) {
  const OpInfo *info = g->info;
  if (info->kind == K_COMPOSITE) {
    if (info->id == GRAPH_OP_VAR)
      return ind_emit_error(g->op, "'graph.var' is decomposed into two-pass form (mean, sub, mul, sum) by "
                                   "preprocessing: run --preprocess first"),
             NULL;
    return ind_emit_error(g->op, "'graph.%s' is a composite op that convert-graph-to-ind does not lower: run "
                                 "--preprocess first (it decomposes composites)",
                          op_short_name(info)),
           NULL;
  }
  if (mlirOperationGetNumResults(g->op) != 1)
    return ind_emit_error(g->op, "graph ops have exactly one result"), NULL;
  int rank;
  int64_t shape[MAX_RANK];
  MlirType elem;
  if (!tensor_shape(g->op, mlirOperationGetResult(g->op, 0), &rank, shape, &elem))
    return NULL;
  Node *res = node_new(L, N_RECIPE, rank, shape, elem);
  res->op_index = (int)(g - L->ops);
  if (info->kind == K_CONSTANT)
    return lower_constant(L, g, res);
  int nin = (int)mlirOperationGetNumOperands(g->op);
  Node *in[MAX_OPERANDS];
  if (nin > MAX_OPERANDS)
    return ind_emit_error(g->op, "at most %d operands are supported", MAX_OPERANDS), NULL;
  for (int k = 0; k < nin; ++k)
    if (!(in[k] = operand_node(L, g->op, k)))
      return NULL;
  if (info->kind == K_REDUCE) {
    if (nin != 1)
      return ind_emit_error(g->op, "reductions take one operand"), NULL;
    return lower_reduction(L, g, res, in[0]);
  }
  if (info->kind == K_EXTERN) {
    if (nin != 2)
      return ind_emit_error(g->op, "'%s' takes two operands", graph_op_name(info->id)), NULL;
    return lower_extern(L, g, res, in);
  }
  return lower_recipe(L, g, res, in, nin);
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
  bool is_view = n && is_view_recipe(n);
  Node *base = n ? view_base(n) : NULL;
  if (!base || !is_unrealized(base))
    return; /* the storage is a buffer already */
  OpCount oc = inner_fn_opcount(L, base);
  if (g->users > 1) {
    if (g->extern_user)
      realize_hint(L, i, &oc);
    if (g->output_user && !is_view) /* realize() of Pointwise data; an output view is copied at the end */
      realize_value(L, i);
    /* mark_reuse(users): should_realize_on_reuse */
    if (oc.reads > L->th.reads || oc.op_count > L->th.opcount)
      realize_value(L, i);
  }
  if (!is_unrealized(view_base(env_get(L, mlirOperationGetResult(g->op, 0)))))
    return;
  /* has_exceeded_max_reads() -> realize_hint() */
  if (oc.reads > L->th.acc_reads || oc.op_count > L->th.opcount)
    realize_hint(L, i, &oc);
  if (is_view || !is_unrealized(env_get(L, mlirOperationGetResult(g->op, 0))))
    return;
  /* has_large_inner_fn(threshold=100) on Pointwise data; and our guard on the inlined tree size */
  if (oc.op_count > L->th.large_inner_fn || tree_size(n) > L->th.max_tree)
    realize_value(L, i);
}

/* ------------------------------------------------------------------------------------------ */
/* Function conversion                                                                          */

static bool is_builtin_name(const char *s) {
  static const char *const builtins[] = {"abs", "all", "any", "max", "min", "pow", "round", "slice", "sum", "input",
                                         "len", "map", "filter", "type", "id", "hash", "range", "zip", "iter", "next",
                                         "divmod", "format", "bool", "int", "float", "list", "dict", "set", "tuple",
                                         "print", "open", "sorted", "reversed", "vars", "dir", "object", "property"};
  for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; ++i)
    if (!strcmp(s, builtins[i]))
      return true;
  return false;
}

/* FX's _Namespace.create_name: `base` if free and not a builtin, else base_1, base_2, ... */
static void assign_fx_names(Lower *L) {
  for (int i = 0; i < L->nops; ++i) {
    GraphOp *g = &L->ops[i];
    const char *base = g->info && g->info->fx_base ? g->info->fx_base : NULL;
    if (!base)
      continue;
    int num = 0;
    for (int j = 0; j < i; ++j) /* the base's count so far: the last suffix used */
      if (L->ops[j].info && L->ops[j].info->fx_base && !strcmp(L->ops[j].info->fx_base, base)) {
        const char *u = strrchr(L->ops[j].fx_name, '_');
        int k = u && strncmp(L->ops[j].fx_name, base, strlen(base)) == 0 && u == L->ops[j].fx_name + strlen(base)
                    ? atoi(u + 1)
                    : 0;
        num = k > num ? k : num;
      }
    bool used = false;
    for (int j = 0; j < i; ++j)
      if (!strcmp(L->ops[j].fx_name, base))
        used = true;
    if (!used && !is_builtin_name(base)) {
      snprintf(g->fx_name, sizeof g->fx_name, "%s", base);
      continue;
    }
    snprintf(g->fx_name, sizeof g->fx_name, "%s_%d", base, num + 1);
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
        ind_emit_error(op, "unexpected op '%.*s' in a graph function (only graph ops and func.return)",
                       (int)n.length, n.data);
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
    int64_t shape[MAX_RANK];
    int rank = (int)mlirShapedTypeGetRank(t);
    if (rank > MAX_RANK)
      return ind_emit_error(func, "argument %d has rank %d; at most %d is supported", i, rank, MAX_RANK), false;
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
  if (n->kind == N_BUFFER || n->kind == N_CONST) {
    /* copy of an input (or a constant): wrap the node in an identity recipe */
    Node *copy = node_new(L, N_RECIPE, n->rank, n->shape, n->elem);
    static const OpInfo k_copy = {GRAPH_OP_CLONE, K_COPY, NULL};
    copy->info = &k_copy;
    copy->operands[0] = n;
    copy->noperands = 1;
    copy->op_index = n->kind == N_CONST ? n->op_index : -1;
    return realize_pointwise(L, copy);
  }
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
    int64_t shape[MAX_RANK];
    int rank = (int)mlirShapedTypeGetRank(t);
    for (int k = 0; k < rank; ++k)
      shape[k] = mlirShapedTypeGetDimSize(t, k);
    Node *n = node_new(L, N_BUFFER, rank, shape, mlirShapedTypeGetElementType(t));
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
  return (Thresholds){ind_opt_int(o, "realize-reads-threshold"), ind_opt_int(o, "realize-opcount-threshold"),
                      ind_opt_int(o, "realize-acc-reads-threshold"), ind_opt_int(o, "large-inner-fn-threshold"),
                      ind_opt_int(o, "max-inline-size")};
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
    {"realize-reads-threshold", IND_OPT_INT, "4",
     "should_realize_on_reuse: realize a multi-use recipe reading more than this many buffers"},
    {"realize-opcount-threshold", IND_OPT_INT, "30",
     "realize a multi-use recipe (or realize_hint any recipe) with more than this many ops"},
    {"realize-acc-reads-threshold", IND_OPT_INT, "8",
     "has_exceeded_max_reads: realize_hint a recipe reading more than this many buffers"},
    {"large-inner-fn-threshold", IND_OPT_INT, "100", "realize any recipe with more than this many ops"},
    {"max-inline-size", IND_OPT_INT, "4096",
     "realize a recipe whose inlined expression tree (without CSE) exceeds this many ops"},
    {NULL, IND_OPT_INT, NULL, NULL},
};

static const IndPassDef k_graph_to_ind = {
    "convert-graph-to-ind",
    "lower graph ops to ind buffers (Inductor's GraphLowering: inline pointwise, realize by Inductor's rules)",
    k_options,
    run,
};

void ind_register_graph_to_ind_pass(void) { ind_pass_register(&k_graph_to_ind); }
