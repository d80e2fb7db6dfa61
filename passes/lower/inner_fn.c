/* inner_fn.c - a recipe's inner_fn: emitting it into a body and counting its ops (lower_ir.h).
 *
 * Emitting a node at an index (one affine expression per dimension of the node, over the body's
 * iteration variables) is closure composition: a buffer becomes ind.load at its flat offset, a
 * constant arith.constant, a recipe emits its operands at remapped indices (views, broadcasts)
 * and then its own arith/math ops. Counting walks the same way through a value-numbering table,
 * as Inductor's OpCounterCSE. */
#include "passes/lower/lower_ir.h"

#include "lib/ir.h"

#include <mlir-c/BuiltinAttributes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Node *ind_lower_node_new(Lower *L, NodeKind kind, int rank, const int64_t *shape, MlirType elem) {
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

/* ------------------------------------------------------------------------------------------ */
/* Index remapping (views and broadcasts)                                                       */

static IndIxRanges space_ranges(const IterSpace *s) { return (IndIxRanges){s->sizes, s->n}; }

/* Numpy broadcasting: the index of an operand of shape `in` read at the index `idx` of `out`. */
static void broadcast_index(Lower *L, const Node *in, int out_rank, const MlirAffineExpr *idx, MlirAffineExpr *res) {
  int off = out_rank - in->rank;
  for (int k = 0; k < in->rank; ++k)
    res[k] = in->shape[k] == 1 ? ind_lower_cst(L, 0) : idx[k + off];
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
      res[i++] = ind_lower_cst(L, 0);
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
    MlirAffineExpr lin = ind_lower_cst(L, 0);
    for (int k = j0; k < j; ++k)
      lin = mlirAffineAddExprGet(mlirAffineMulExprGet(lin, ind_lower_cst(L, out_shape[k])), idx[k]);
    int64_t stride = pin;
    for (int k = i0; k < i; ++k) {
      stride /= in_shape[k];
      res[k] = ind_ix_mod(ind_ix_floordiv(lin, stride, &r), in_shape[k], &r);
    }
  }
}

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
  if (ind_lower_is_bool(mlirValueGetType(v)))
    return v;
  return emit_cmpf(e, loc, CMPF_UNE, v, emit_constant(e, loc, 0.0));
}

/* Converts to the compute type of `storage`. */
static MlirValue to_compute(Emit *e, MlirLocation loc, MlirValue v, MlirType storage) {
  return ind_lower_is_bool(storage) ? to_bool(e, loc, v) : to_f32(e, loc, v);
}

static MlirValue emit_node(Emit *e, Node *n, const MlirAffineExpr *idx);

static MlirLocation node_loc(Emit *e, const Node *n) {
  return n->op_index >= 0 ? mlirOperationGetLocation(e->L->ops[n->op_index].op) : mlirLocationUnknownGet(e->L->ctx);
}

/* The flat storage offset of a contiguous buffer of `shape` at `idx`. */
static MlirAffineExpr flat_offset(Lower *L, const Node *n, const MlirAffineExpr *idx) {
  int64_t strides[LOWER_MAX_RANK], stride = 1;
  for (int k = n->rank - 1; k >= 0; --k) {
    strides[k] = stride;
    stride *= n->shape[k];
  }
  MlirAffineExpr acc = ind_lower_cst(L, 0);
  for (int k = 0; k < n->rank; ++k)
    acc = mlirAffineAddExprGet(acc, mlirAffineMulExprGet(idx[k], ind_lower_cst(L, strides[k])));
  return ind_ix_simplify(acc);
}

static MlirValue emit_load(Emit *e, Node *n, const MlirAffineExpr *idx) {
  MlirAffineExpr off = flat_offset(e->L, n, idx);
  MlirAffineMap map = mlirAffineMapGet(e->L->ctx, e->space.n, 0, 1, &off);
  MlirLocation loc = node_loc(e, n);
  return append(e, ind_load_create(loc, n->memref, map, ind_lower_compute_type(e->L, n->elem)));
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
    MlirValue t =
        emit1(e, loc, "math.tanh", emit2(e, loc, "arith.mulf", inner, emit_constant(e, loc, 0.7978845608028654)));
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
    return emit2(e, loc, "arith.divf", emit_constant(e, loc, 1.0),
                 emit2(e, loc, "arith.addf", emit_constant(e, loc, 1.0), ex));
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
  if (ind_lower_is_bool(target))
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
    int64_t dims[LOWER_MAX_RANK];
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
    res[sl.dim] =
        mlirAffineAddExprGet(mlirAffineMulExprGet(idx[sl.dim], ind_lower_cst(L, sl.step)), ind_lower_cst(L, sl.start));
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
  MlirValue vals[LOWER_MAX_OPERANDS] = {{0}};
  int64_t offsets[LOWER_MAX_OPERANDS], off = 0;
  for (int k = 0; k < n->noperands; ++k) {
    Node *in = n->operands[k];
    MlirAffineExpr sub[LOWER_MAX_RANK];
    for (int i = 0; i < n->rank; ++i)
      sub[i] = idx[i];
    MlirAffineExpr shifted = mlirAffineAddExprGet(idx[d], ind_lower_cst(L, -off));
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
  MlirValue v[LOWER_MAX_OPERANDS];
  int64_t k_pow = 0;
  bool is_pow = n->info->id == GRAPH_OP_POW;
  bool int_pow = is_pow && pow_int_exponent(n, &k_pow) && k_pow != 0;
  bool sqrt_pow = is_pow && n->operands[1]->kind == N_CONST && n->operands[1]->value == 0.5;
  int nread = int_pow || sqrt_pow ? 1 : n->noperands; /* x ** k reads the exponent as a constant */
  for (int k = 0; k < nread; ++k) {
    MlirAffineExpr sub[LOWER_MAX_RANK];
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
    return ind_lower_is_bool(n->elem) ? to_bool(e, node_loc(e, n), emit_constant(e, node_loc(e, n), n->value))
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
  int64_t op_count;         /* distinct ops */
  int64_t reads;            /* distinct loads (buffer, index): read_buffers */
  int64_t nontrivial_reads; /* distinct loads with a non-constant index */
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
      MlirAffineExpr sub[LOWER_MAX_RANK];
      memcpy(sub, idx, sizeof(MlirAffineExpr) * (size_t)n->rank);
      sub[d] = ind_ix_mod(mlirAffineAddExprGet(idx[d], ind_lower_cst(c->L, -off)), n->operands[k]->shape[d], &r);
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
  int64_t ids[LOWER_MAX_OPERANDS] = {0};
  for (int k = 0; k < nread; ++k) {
    MlirAffineExpr sub[LOWER_MAX_RANK];
    operand_index(&view, n, k, idx, sub);
    ids[k] = count_node(c, n->operands[k], sub);
  }
  if (is_view)
    return ids[0];
  key.a = ids[0];
  key.b = nread > 1 ? ids[1] : -1;
  key.c = nread > 2 ? ids[2] : -1;
  key.p = n->info;     /* the op, so that two graph ops computing the same thing count once */
  key.q = n->elem.ptr; /* convert's target type */
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

void ind_lower_own_space(Lower *L, const Node *n, IterSpace *sp, MlirAffineExpr *idx) {
  sp->n = 0;
  for (int k = 0; k < n->rank; ++k) {
    if (n->shape[k] == 1) {
      idx[k] = ind_lower_cst(L, 0);
      continue;
    }
    idx[k] = ind_lower_dim(L, sp->n);
    sp->sizes[sp->n++] = n->shape[k];
  }
}

/* ind_lower_inner_fn_opcount() of an unrealized node. */
OpCount ind_lower_inner_fn_opcount(Lower *L, Node *n) {
  Count c = {0};
  c.L = L;
  MlirAffineExpr idx[LOWER_MAX_RANK];
  ind_lower_own_space(L, n, &c.space, idx);
  count_node(&c, n, idx);
  free(c.keys);
  return (OpCount){c.op_count, c.reads, c.nontrivial_reads};
}

int64_t ind_lower_tree_size(Node *n) {
  if (n->tree_size >= 0)
    return n->tree_size;
  int64_t s = 1;
  if (n->kind == N_RECIPE || n->kind == N_MEAN_DIV)
    for (int k = 0; k < n->noperands; ++k) {
      s += ind_lower_tree_size(n->operands[k]);
      if (s > ((int64_t)1 << 40))
        break;
    }
  n->tree_size = s;
  return s;
}

void ind_lower_emit_body(Lower *L, MlirBlock block, const IterSpace *sp, Node *n, const MlirAffineExpr *idx,
                         MlirType storage, MlirLocation loc) {
  Emit e = {L, block, *sp};
  MlirValue v = to_compute(&e, loc, emit_node(&e, n, idx), storage);
  mlirBlockAppendOwnedOperation(block, ind_yield_create(loc, v));
}
