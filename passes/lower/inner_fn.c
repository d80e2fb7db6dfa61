/* inner_fn.c - a recipe's inner_fn: emitting it into a body and counting its ops (lower_ir.h).
 *
 * Emitting a node at an index (one affine expression per dimension of the node, over the body's
 * iteration variables) is closure composition: a buffer becomes ind.load at its flat offset, a
 * constant arith.constant, a recipe emits its operands at remapped indices (views, broadcasts)
 * and then its own arith/math ops. Counting walks the same way through a value-numbering table,
 * as Inductor's OpCounterCSE. */
#include "passes/lower/lower_ir.h"

#include "lib/ir.h"
#include "lib/vec.h"

#include <math.h>
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
  if (rank > 0) /* a 0-d node (a scalar constant) may come without a shape */
    memcpy(n->shape, shape, sizeof(int64_t) * (size_t)rank);
  n->elem = elem;
  n->op_index = -1;
  n->tree_size = -1;
  n->operands = n->inline_operands;
  L->nodes[L->nnodes++] = n;
  return n;
}

void ind_lower_node_set_operands(Node *n, Node *const *in, int nin) {
  if (n->operands != n->inline_operands)
    free(n->operands);
  n->operands = n->inline_operands;
  if (nin > LOWER_INLINE_OPERANDS && !(n->operands = malloc(sizeof(Node *) * (size_t)nin)))
    abort();
  memcpy(n->operands, in, sizeof(Node *) * (size_t)nin);
  n->noperands = nin;
}

void ind_lower_node_free(Node *n) {
  if (n->operands != n->inline_operands)
    free(n->operands);
  free(n);
}

/* ------------------------------------------------------------------------------------------ */
/* Index remapping (views and broadcasts)                                                       */

static IndIxRanges space_ranges(const IterSpace *s) { return (IndIxRanges){s->sizes, s->n, NULL, 0}; }

/* Numpy broadcasting: the index of an operand of shape `in` read at the index `idx` of `out`. */
static void broadcast_index(Lower *L, const Node *in, int out_rank, const MlirAffineExpr *idx, MlirAffineExpr *res) {
  int off = out_rank - in->rank;
  for (int k = 0; k < in->rank; ++k)
    res[k] = in->shape[k] == 1 ? ind_lower_cst(L, 0) : idx[k + off];
}

/* Reshape: groups input and output dims with equal products (as Inductor's
 * _dynamic_reshape_indexer), linearizes the output index of each group and delinearizes it over
 * the group's input dims; range-aware simplification turns the common cases back into plain dims. */
static void reshape_index(Lower *L, const IndIxRanges *rp, const int64_t *in_shape, int in_rank,
                          const int64_t *out_shape, int out_rank, const MlirAffineExpr *idx, MlirAffineExpr *res) {
  IndIxRanges r = *rp;
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

/* An emission context. Indirect indexing (index_select, gather, embedding) puts a symbol s<k> into
 * the index expressions: its value is the k-th ind.indirect_indexing of the body (syms[k]), a position
 * in [0, size) that the index tensor gave (Inductor's indirect<k> variables). */
typedef struct Emit {
  Lower *L;
  MlirBlock block;
  IterSpace space;
  MlirValue *syms;    /* s<k>: ind.indirect_indexing results (emission only) */
  int64_t *sym_sizes; /* s<k> lies in [0, sym_sizes[k]) */
  int nsyms, cap_syms, cap_sizes;
} Emit;

/* The ranges of e's iteration variables and symbols, for index simplification. */
static IndIxRanges emit_ranges(const Emit *e) {
  return (IndIxRanges){e->space.sizes, e->space.n, e->sym_sizes, e->sym_sizes ? e->nsyms : 0};
}

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

/* A unary / binary op whose result has the type of its (first) operand. */
static MlirValue emit1(Emit *e, MlirLocation loc, const char *name, MlirValue a) {
  return emit_generic(e, loc, name, &a, 1, mlirValueGetType(a), NULL, 0);
}

static MlirValue emit2(Emit *e, MlirLocation loc, const char *name, MlirValue a, MlirValue b) {
  MlirValue ops[2] = {a, b};
  return emit_generic(e, loc, name, ops, 2, mlirValueGetType(a), NULL, 0);
}

/* A constant of integer type t: v truncated toward zero and clamped to t's range (i1: v != 0). */
static MlirValue emit_int_constant(Emit *e, MlirLocation loc, double v, MlirType t) {
  unsigned w = mlirIntegerTypeGetWidth(t);
  int64_t lo = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1)), hi = w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
  int64_t iv = w == 1 ? v != 0.0 : v != v ? 0 : v >= (double)hi ? hi : v <= (double)lo ? lo : (int64_t)v;
  MlirNamedAttribute a =
      mlirNamedAttributeGet(mlirIdentifierGet(e->L->ctx, ind_str("value")), mlirIntegerAttrGet(t, iv));
  return emit_generic(e, loc, "arith.constant", NULL, 0, t, &a, 1);
}

enum { CMPI_EQ = 0, CMPI_NE = 1, CMPI_SLT = 2, CMPI_SLE = 3, CMPI_SGT = 4, CMPI_SGE = 5 };

/* arith.cmpi / arith.cmpf (`op`) of a and b with predicate `pred`: an i1. */
static MlirValue emit_cmp(Emit *e, MlirLocation loc, const char *op, int64_t pred, MlirValue a, MlirValue b) {
  MlirContext ctx = e->L->ctx;
  MlirNamedAttribute attr = mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str("predicate")),
                                                  mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), pred));
  MlirValue ops[2] = {a, b};
  return emit_generic(e, loc, op, ops, 2, mlirIntegerTypeGet(ctx, 1), &attr, 1);
}

static MlirValue emit_cmpi(Emit *e, MlirLocation loc, int64_t pred, MlirValue a, MlirValue b) {
  return emit_cmp(e, loc, "arith.cmpi", pred, a, b);
}

enum { CMPF_OEQ = 1, CMPF_OGT = 2, CMPF_OGE = 3, CMPF_OLT = 4, CMPF_OLE = 5, CMPF_UNE = 13, CMPF_UNO = 14 };

static MlirValue emit_cmpf(Emit *e, MlirLocation loc, int64_t pred, MlirValue a, MlirValue b) {
  return emit_cmp(e, loc, "arith.cmpf", pred, a, b);
}

static MlirValue emit_i1(Emit *e, MlirLocation loc, const char *name, MlirValue a, MlirValue b) {
  MlirValue ops[2] = {a, b};
  return emit_generic(e, loc, name, ops, 2, mlirIntegerTypeGet(e->L->ctx, 1), NULL, 0);
}

static MlirValue emit_select(Emit *e, MlirLocation loc, MlirValue c, MlirValue a, MlirValue b) {
  MlirValue ops[3] = {c, a, b};
  return emit_generic(e, loc, "arith.select", ops, 3, mlirValueGetType(a), NULL, 0);
}

/* Whether an index expression involves an indirect-indexing symbol. */
static bool has_symbol(MlirAffineExpr x) {
  if (mlirAffineExprIsASymbol(x))
    return true;
  return mlirAffineExprIsABinary(x) &&
         (has_symbol(mlirAffineBinaryOpExprGetLHS(x)) || has_symbol(mlirAffineBinaryOpExprGetRHS(x)));
}

static MlirValue index_constant(Emit *e, MlirLocation loc, int64_t v) {
  MlirType it = mlirIndexTypeGet(e->L->ctx);
  MlirNamedAttribute a =
      mlirNamedAttributeGet(mlirIdentifierGet(e->L->ctx, ind_str("value")), mlirIntegerAttrGet(it, v));
  return emit_generic(e, loc, "arith.constant", NULL, 0, it, &a, 1);
}

/* The value (index) of an affine expression of the iteration variables and the indirect symbols, as
 * arith ops: dims through ind.index_expr, symbols their ind.indirect_indexing, mod as a - (a floordiv b) * b
 * (MLIR's non-negative mod). */
static MlirValue emit_index_value(Emit *e, MlirLocation loc, MlirAffineExpr x) {
  MlirType it = mlirIndexTypeGet(e->L->ctx);
  if (mlirAffineExprIsASymbol(x))
    return e->syms[mlirAffineSymbolExprGetPosition(x)];
  if (mlirAffineExprIsAConstant(x))
    return index_constant(e, loc, mlirAffineConstantExprGetValue(x));
  if (!has_symbol(x)) {
    MlirAffineMap m = mlirAffineMapGet(e->L->ctx, e->space.n, 0, 1, &x);
    return append(e, ind_index_expr_create(loc, m, it));
  }
  MlirValue ops[2] = {emit_index_value(e, loc, mlirAffineBinaryOpExprGetLHS(x)),
                      emit_index_value(e, loc, mlirAffineBinaryOpExprGetRHS(x))};
  if (mlirAffineExprIsAAdd(x))
    return emit_generic(e, loc, "arith.addi", ops, 2, it, NULL, 0);
  if (mlirAffineExprIsAMul(x))
    return emit_generic(e, loc, "arith.muli", ops, 2, it, NULL, 0);
  if (mlirAffineExprIsACeilDiv(x))
    return emit_generic(e, loc, "arith.ceildivsi", ops, 2, it, NULL, 0);
  MlirValue q = emit_generic(e, loc, "arith.floordivsi", ops, 2, it, NULL, 0);
  if (mlirAffineExprIsAFloorDiv(x))
    return q;
  MlirValue qb[2] = {q, ops[1]};
  MlirValue diff[2] = {ops[0], emit_generic(e, loc, "arith.muli", qb, 2, it, NULL, 0)};
  return emit_generic(e, loc, "arith.subi", diff, 2, it, NULL, 0);
}

/* Splits the sum x into its symbol-free terms (*direct, an affine map's expression) and the rest
 * (*indirect; false when there is none). */
static bool split_indirect(Emit *e, MlirAffineExpr x, MlirAffineExpr *direct, MlirAffineExpr *indirect) {
  if (!has_symbol(x)) {
    *direct = x;
    return false;
  }
  if (!mlirAffineExprIsAAdd(x)) {
    *direct = ind_lower_cst(e->L, 0);
    *indirect = x;
    return true;
  }
  MlirAffineExpr dl, il, dr, ir;
  bool hl = split_indirect(e, mlirAffineBinaryOpExprGetLHS(x), &dl, &il);
  bool hr = split_indirect(e, mlirAffineBinaryOpExprGetRHS(x), &dr, &ir);
  *direct = mlirAffineAddExprGet(dl, dr);
  *indirect = hl && hr ? mlirAffineAddExprGet(il, ir) : hl ? il : ir;
  return true;
}

/* The value of an affine expression of the iteration variables, as f32 (ops.index_expr). */
static MlirValue emit_index_expr(Emit *e, MlirLocation loc, MlirAffineExpr x) {
  if (has_symbol(x)) {
    MlirValue v = emit_index_value(e, loc, x);
    v = emit_generic(e, loc, "arith.index_cast", &v, 1, mlirIntegerTypeGet(e->L->ctx, 64), NULL, 0);
    return emit_generic(e, loc, "arith.sitofp", &v, 1, f32(e), NULL, 0);
  }
  MlirAffineMap m = mlirAffineMapGet(e->L->ctx, e->space.n, 0, 1, &x);
  return append(e, ind_index_expr_create(loc, m, f32(e)));
}

/* The value of an affine expression of the iteration variables as the integer type t (an integer
 * index_expr or iota: exact, unlike the f32 index_expr). */
static MlirValue emit_index_int(Emit *e, MlirLocation loc, MlirAffineExpr x, MlirType t) {
  MlirValue v = emit_index_value(e, loc, x);
  return emit_generic(e, loc, "arith.index_cast", &v, 1, t, NULL, 0);
}

/* Converts a compute value to i1 (x != 0). */
static MlirValue to_bool(Emit *e, MlirLocation loc, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  if (ind_lower_is_bool(t))
    return v;
  if (mlirTypeIsAInteger(t))
    return emit_cmpi(e, loc, CMPI_NE, v, emit_int_constant(e, loc, 0.0, t));
  return emit_cmpf(e, loc, CMPF_UNE, v, emit_constant(e, loc, 0.0));
}

/* Converts a compute value (f32, i1, i32, i64) to the compute type t: i1 -> f32 uitofp, integer ->
 * f32 sitofp, f32 -> integer fptosi, i1 -> integer extui, integer -> integer extsi / trunci, anything
 * -> i1 `x != 0`. Only a dtype change of the graph (promotion, convert, a store) converts. */
static MlirValue to_type(Emit *e, MlirLocation loc, MlirValue v, MlirType t) {
  MlirType from = mlirValueGetType(v);
  if (mlirTypeEqual(from, t))
    return v;
  if (ind_lower_is_bool(t))
    return to_bool(e, loc, v);
  if (!mlirTypeIsAInteger(t))
    return emit_generic(e, loc, ind_lower_is_bool(from) ? "arith.uitofp" : "arith.sitofp", &v, 1, t, NULL, 0);
  if (!mlirTypeIsAInteger(from))
    return emit_generic(e, loc, "arith.fptosi", &v, 1, t, NULL, 0);
  unsigned wf = mlirIntegerTypeGetWidth(from), wt = mlirIntegerTypeGetWidth(t);
  return emit_generic(e, loc, wf == 1 ? "arith.extui" : wf < wt ? "arith.extsi" : "arith.trunci", &v, 1, t, NULL, 0);
}

/* Converts a compute value to f32 (i1 -> 0.0/1.0, integers exactly below 2^24). */
static MlirValue to_f32(Emit *e, MlirLocation loc, MlirValue v) { return to_type(e, loc, v, f32(e)); }

/* Converts to the compute type of `storage`. */
static MlirValue to_compute(Emit *e, MlirLocation loc, MlirValue v, MlirType storage) {
  return to_type(e, loc, v, ind_lower_compute_type(e->L, storage));
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

/* A load of buffer node n at idx as `type`; an index with indirect symbols becomes an indirect load
 * (the symbol-free terms in the map, the rest as the offset operand). */
static MlirValue emit_load_as(Emit *e, Node *n, const MlirAffineExpr *idx, MlirType type) {
  MlirAffineExpr off = flat_offset(e->L, n, idx), direct, indirect;
  MlirLocation loc = node_loc(e, n);
  MlirValue offset = {NULL};
  if (split_indirect(e, off, &direct, &indirect))
    offset = emit_index_value(e, loc, indirect);
  MlirAffineMap map = mlirAffineMapGet(e->L->ctx, e->space.n, 0, 1, &direct);
  return append(e, ind_load_indirect_create(loc, n->memref, map, offset, type));
}

static MlirValue emit_load(Emit *e, Node *n, const MlirAffineExpr *idx) {
  return emit_load_as(e, n, idx, ind_lower_compute_type(e->L, n->elem));
}

/* x ** k for an integer k >= 1 by repeated multiplication (Inductor's pow_recursive); an integer x
 * multiplies with muli (wrapping as torch's integer pow). */
static MlirValue emit_pow_int(Emit *e, MlirLocation loc, MlirValue x, int64_t k) {
  const char *mul = mlirTypeIsAInteger(mlirValueGetType(x)) ? "arith.muli" : "arith.mulf";
  if (k == 1)
    return x;
  if (k % 2)
    return emit2(e, loc, mul, emit_pow_int(e, loc, x, k - 1), x);
  MlirValue h = emit_pow_int(e, loc, x, k / 2);
  return emit2(e, loc, mul, h, h);
}

/* pow with a constant integer exponent in [-16, 16] (Inductor lowers those by multiplication). */
static bool pow_int_exponent(const Node *n, int64_t *k) {
  const Node *b = n->operands[1];
  /* the range first: converting a value outside int64 (1e19, NaN) to int64 is undefined */
  if (b->kind != N_CONST || !(b->value >= -16 && b->value <= 16) || b->value != (double)(int64_t)b->value)
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

/* The integer arith op of a binary graph op with an integer result, or NULL (pow with a tensor
 * exponent: computed in f32 and converted back, as the only inexact integer op). Integer add, sub and
 * mul wrap like torch's. */
static const char *int_binary_op_name(GraphOpId id) {
  switch (id) {
  case GRAPH_OP_ADD:
    return "arith.addi";
  case GRAPH_OP_SUB:
    return "arith.subi";
  case GRAPH_OP_MUL:
    return "arith.muli";
  case GRAPH_OP_MAXIMUM:
    return "arith.maxsi";
  case GRAPH_OP_MINIMUM:
    return "arith.minsi";
  default:
    return NULL;
  }
}

static MlirValue emit_mod(Emit *e, Node *n, MlirLocation loc, MlirValue a, MlirValue b);

static MlirValue emit_binary(Emit *e, Node *n, MlirLocation loc, MlirValue a, MlirValue b) {
  if (n->info->id == GRAPH_OP_REMAINDER || n->info->id == GRAPH_OP_FMOD)
    return emit_mod(e, n, loc, a, b);
  MlirType ct = ind_lower_compute_type(e->L, n->elem);
  const char *iname = ind_lower_is_int(ct) ? int_binary_op_name(n->info->id) : NULL;
  if (iname)
    return emit2(e, loc, iname, to_type(e, loc, a, ct), to_type(e, loc, b, ct));
  return emit2(e, loc, binary_op_name(n->info->id), to_f32(e, loc, a), to_f32(e, loc, b));
}

/* sigmoid(x) = (x >= 0 ? 1 : t) / (1 + t) with t = exp(-|x|): exp's argument is never positive, so t
 * is in [0, 1] and 1 + t in [1, 2]. The textbook 1 / (1 + exp(-x)) (ATen's and Inductor's f32 kernels)
 * overflows exp for x < -88.72 and gives 0 where sigmoid is a nonzero f32 subnormal (down to
 * x = -103.97): a relative error of 1, which log(sigmoid(x)) or a division by it makes -inf / inf
 * (soak seed 150). NaN takes the t branch (the comparison is ordered) and stays NaN. */
static MlirValue emit_sigmoid(Emit *e, MlirLocation loc, MlirValue x) {
  MlirValue one = emit_constant(e, loc, 1.0);
  MlirValue t = emit1(e, loc, "math.exp", emit1(e, loc, "arith.negf", emit1(e, loc, "math.absf", x)));
  MlirValue num = emit_select(e, loc, emit_cmpf(e, loc, CMPF_OGE, x, emit_constant(e, loc, 0.0)), one, t);
  return emit2(e, loc, "arith.divf", num, emit2(e, loc, "arith.addf", one, t));
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

/* A unary op of an integer (i32/i64) x in its own type; NULL for the ops that compute in f32
 * (transcendental ones: their graph result is f32). */
static MlirValue emit_unary_int(Emit *e, Node *n, MlirLocation loc, MlirValue x) {
  MlirType t = mlirValueGetType(x);
  MlirValue zero = emit_int_constant(e, loc, 0.0, t);
  switch (n->info->id) {
  case GRAPH_OP_RELU:
    return emit2(e, loc, "arith.maxsi", x, zero);
  case GRAPH_OP_NEG:
    return emit2(e, loc, "arith.subi", zero, x);
  case GRAPH_OP_ABS:
    return emit_select(e, loc, emit_cmpi(e, loc, CMPI_SLT, x, zero), emit2(e, loc, "arith.subi", zero, x), x);
  case GRAPH_OP_FLOOR:
  case GRAPH_OP_CEIL:
  case GRAPH_OP_ROUND:
  case GRAPH_OP_TRUNC:
    return x;
  case GRAPH_OP_SIGN: /* (0 < x) - (x < 0) */
    return emit2(e, loc, "arith.subi", to_type(e, loc, emit_cmpi(e, loc, CMPI_SGT, x, zero), t),
                 to_type(e, loc, emit_cmpi(e, loc, CMPI_SLT, x, zero), t));
  case GRAPH_OP_LOGICAL_NOT:
    return emit_cmpi(e, loc, CMPI_EQ, x, zero);
  case GRAPH_OP_BITWISE_NOT:
    return emit2(e, loc, "arith.xori", x, emit_int_constant(e, loc, -1.0, t));
  case GRAPH_OP_ISNAN:
  case GRAPH_OP_ISINF:
    return emit_int_constant(e, loc, 0.0, mlirIntegerTypeGet(e->L->ctx, 1));
  case GRAPH_OP_CLAMP:
  case GRAPH_OP_CLAMP_MIN:
  case GRAPH_OP_CLAMP_MAX: { /* the integers in [ceil(min), floor(max)] */
    bool has_lo = false, has_hi = false;
    double lo = 0.0, hi = 0.0;
    graph_clamp_bounds(e->L->ops[n->op_index].op, &has_lo, &lo, &has_hi, &hi);
    if (has_lo)
      x = emit2(e, loc, "arith.maxsi", x, emit_int_constant(e, loc, ceil(lo), t));
    if (has_hi)
      x = emit2(e, loc, "arith.minsi", x, emit_int_constant(e, loc, floor(hi), t));
    return x;
  }
  default:
    return (MlirValue){NULL};
  }
}

static MlirValue emit_unary(Emit *e, Node *n, MlirLocation loc, MlirValue x) {
  if (ind_lower_is_int(mlirValueGetType(x))) {
    MlirValue r = emit_unary_int(e, n, loc, x);
    if (r.ptr)
      return r;
  }
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
  case GRAPH_OP_SIGMOID:
    return emit_sigmoid(e, loc, x);
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
  case GRAPH_OP_SILU: /* x * sigmoid(x) */
    return emit2(e, loc, "arith.mulf", x, emit_sigmoid(e, loc, x));
  case GRAPH_OP_SIN:
    return emit1(e, loc, "math.sin", x);
  case GRAPH_OP_COS:
    return emit1(e, loc, "math.cos", x);
  case GRAPH_OP_FLOOR:
    return emit1(e, loc, "math.floor", x);
  case GRAPH_OP_CEIL:
    return emit1(e, loc, "math.ceil", x);
  case GRAPH_OP_ROUND:
    return emit1(e, loc, "math.roundeven", x);
  case GRAPH_OP_TRUNC: /* x < 0 ? ceil(x) : floor(x) (math.trunc has no NVVM lowering) */
    return emit_select(e, loc, emit_cmpf(e, loc, CMPF_OLT, x, emit_constant(e, loc, 0.0)),
                       emit1(e, loc, "math.ceil", x), emit1(e, loc, "math.floor", x));
  case GRAPH_OP_SIGN: { /* (0 < x) - (x < 0), as Inductor: NaN gives 0 */
    MlirValue zero = emit_constant(e, loc, 0.0);
    return emit2(e, loc, "arith.subf", to_f32(e, loc, emit_cmpf(e, loc, CMPF_OGT, x, zero)),
                 to_f32(e, loc, emit_cmpf(e, loc, CMPF_OLT, x, zero)));
  }
  case GRAPH_OP_LOGICAL_NOT:
    return emit_cmpf(e, loc, CMPF_OEQ, x, emit_constant(e, loc, 0.0));
  case GRAPH_OP_BITWISE_NOT: /* booleans: logical not; integers: ~x == -x - 1 (exact in f32 below 2^24) */
    if (ind_lower_is_bool(n->elem))
      return emit_cmpf(e, loc, CMPF_OEQ, x, emit_constant(e, loc, 0.0));
    return emit2(e, loc, "arith.subf", emit1(e, loc, "arith.negf", x), emit_constant(e, loc, 1.0));
  case GRAPH_OP_ISNAN:
    return emit_cmpf(e, loc, CMPF_UNO, x, x);
  case GRAPH_OP_ISINF:
    return emit_cmpf(e, loc, CMPF_OEQ, emit1(e, loc, "math.absf", x), emit_constant(e, loc, INFINITY));
  case GRAPH_OP_CLAMP:
  case GRAPH_OP_CLAMP_MIN:
  case GRAPH_OP_CLAMP_MAX: { /* max(x, min) then min(., max): NaN propagates (ATen) */
    bool has_lo = false, has_hi = false;
    double lo = 0.0, hi = 0.0;
    graph_clamp_bounds(e->L->ops[n->op_index].op, &has_lo, &lo, &has_hi, &hi);
    if (has_lo)
      x = emit2(e, loc, "arith.maximumf", x, emit_constant(e, loc, lo));
    if (has_hi)
      x = emit2(e, loc, "arith.minimumf", x, emit_constant(e, loc, hi));
    return x;
  }
  default: /* GRAPH_OP_ERF */
    return emit1(e, loc, "math.erf", x);
  }
}

/* remainder (Python: the sign of the divisor) and fmod (C: the sign of the dividend), as Inductor:
 * r = fmod(a, b); remainder is r + b where r != 0 and sign(r) != sign(b). */
static MlirValue emit_mod(Emit *e, Node *n, MlirLocation loc, MlirValue a, MlirValue b) {
  MlirType ct = ind_lower_compute_type(e->L, n->elem);
  if (ind_lower_is_int(ct)) {
    /* integers: remsi (C's sign), by 1 where b is 0 or -1 (x % -1 is 0; a zero divisor, an error in
     * torch, gives 0 instead of a trap, and INT_MIN % -1 must not trap either) */
    a = to_type(e, loc, a, ct);
    b = to_type(e, loc, b, ct);
    MlirValue zero = emit_int_constant(e, loc, 0.0, ct), one = emit_int_constant(e, loc, 1.0, ct);
    MlirValue trivial = emit_i1(e, loc, "arith.ori", emit_cmpi(e, loc, CMPI_EQ, b, zero),
                                emit_cmpi(e, loc, CMPI_EQ, b, emit_int_constant(e, loc, -1.0, ct)));
    MlirValue r = emit2(e, loc, "arith.remsi", a, emit_select(e, loc, trivial, one, b));
    if (n->info->id == GRAPH_OP_FMOD)
      return r;
    MlirValue fix = emit_i1(
        e, loc, "arith.andi", emit_cmpi(e, loc, CMPI_NE, r, zero),
        emit_i1(e, loc, "arith.xori", emit_cmpi(e, loc, CMPI_SLT, r, zero), emit_cmpi(e, loc, CMPI_SLT, b, zero)));
    return emit_select(e, loc, fix, emit2(e, loc, "arith.addi", r, b), r);
  }
  a = to_f32(e, loc, a);
  b = to_f32(e, loc, b);
  MlirValue r = emit2(e, loc, "arith.remf", a, b);
  if (n->info->id == GRAPH_OP_FMOD)
    return r;
  MlirValue zero = emit_constant(e, loc, 0.0);
  MlirValue fix = emit_i1(
      e, loc, "arith.andi", emit_cmpf(e, loc, CMPF_UNE, r, zero),
      emit_i1(e, loc, "arith.xori", emit_cmpf(e, loc, CMPF_OLT, r, zero), emit_cmpf(e, loc, CMPF_OLT, b, zero)));
  return emit_select(e, loc, fix, emit2(e, loc, "arith.addf", r, b), r);
}

/* bitwise and/or/xor: the integer op in the result's type (i1 for booleans). */
static MlirValue emit_bitwise(Emit *e, Node *n, MlirLocation loc, MlirValue a, MlirValue b) {
  const char *name = n->info->id == GRAPH_OP_BITWISE_AND  ? "arith.andi"
                     : n->info->id == GRAPH_OP_BITWISE_OR ? "arith.ori"
                                                          : "arith.xori";
  MlirType ct = ind_lower_compute_type(e->L, n->elem);
  return emit2(e, loc, name, to_type(e, loc, a, ct), to_type(e, loc, b, ct));
}

static MlirValue emit_compare(Emit *e, Node *n, MlirLocation loc, MlirValue a, MlirValue b) {
  static const struct {
    GraphOpId id;
    int64_t pred;
  } preds[] = {{GRAPH_OP_EQ, CMPF_OEQ}, {GRAPH_OP_NE, CMPF_UNE}, {GRAPH_OP_LT, CMPF_OLT},
               {GRAPH_OP_LE, CMPF_OLE}, {GRAPH_OP_GT, CMPF_OGT}, {GRAPH_OP_GE, CMPF_OGE}};
  int64_t p = CMPF_OEQ, ip = CMPI_EQ;
  for (size_t i = 0; i < sizeof preds / sizeof preds[0]; ++i)
    if (n->info->id == preds[i].id) {
      p = preds[i].pred;
      ip = (int64_t)i; /* the cmpi predicates eq ne slt sle sgt sge, in the table's order */
    }
  MlirType ta = mlirValueGetType(a), tb = mlirValueGetType(b);
  if (mlirTypeIsAInteger(ta) && mlirTypeIsAInteger(tb) && (ind_lower_is_int(ta) || ind_lower_is_int(tb))) {
    /* integers compare exactly in the wider type (a boolean side zero-extended) */
    MlirType t = mlirIntegerTypeGetWidth(ta) >= mlirIntegerTypeGetWidth(tb) ? ta : tb;
    return emit_cmpi(e, loc, ip, to_type(e, loc, a, t), to_type(e, loc, b, t));
  }
  return emit_cmpf(e, loc, p, to_f32(e, loc, a), to_f32(e, loc, b));
}

static bool is_lowp(MlirType t) { return mlirTypeIsAF16(t) || mlirTypeIsABF16(t); }

/* x (f32) rounded to the f16/bf16 type t and computed on in f32 again. */
static MlirValue round_to(Emit *e, MlirLocation loc, MlirValue x, MlirType t) {
  MlirValue r = emit_generic(e, loc, "arith.truncf", &x, 1, t, NULL, 0);
  return emit_generic(e, loc, "arith.extf", &r, 1, f32(e), NULL, 0);
}

/* Whether the value of node `in`, of an f16/bf16 type, already is one of that type: a buffer holds it
 * (a load, or sched-to-kernel's rounded value of a buffer written in the same kernel), a convert rounded
 * it. Any other f16/bf16 recipe computes in f32 unrounded (Inductor). */
static bool holds_rounded(const Node *in) {
  return in->kind == N_BUFFER || (in->kind == N_RECIPE && in->info->kind == K_CONVERT);
}

/* convert: to an integer type, the value in that type (fptosi from f32, extsi/trunci/extui between
 * integers); to f16/bf16, rounded to the target and computed on in f32 again. An explicit conversion
 * rounds on both sides: from an f16/bf16 operand that a pointwise recipe computed unrounded, the operand
 * is first rounded to its own type (`(x.bfloat16() * 3).float()` is eager's bf16 product, and an int
 * conversion truncates the bf16 value); intermediate f16/bf16 results are not rounded otherwise
 * (docs/passes/lower.md, "Compute type"). */
static MlirValue emit_convert(Emit *e, Node *n, MlirLocation loc, MlirValue x) {
  MlirType target = n->elem, from = n->operands[0]->elem;
  if (is_lowp(from) && !mlirTypeEqual(from, target) && !holds_rounded(n->operands[0]))
    x = round_to(e, loc, to_f32(e, loc, x), from);
  if (mlirTypeIsAInteger(target))
    return to_type(e, loc, x, target);
  x = to_f32(e, loc, x);
  return is_lowp(target) ? round_to(e, loc, x, target) : x;
}

/* The index of operand k of a view/pointwise recipe `n` read at `idx` (n's shape). */
static void operand_index(Emit *e, Node *n, int k, const MlirAffineExpr *idx, MlirAffineExpr *res) {
  Lower *L = e->L;
  Node *in = n->operands[k];
  MlirOperation op = n->op_index >= 0 ? L->ops[n->op_index].op : (MlirOperation){NULL};
  switch (n->kind == N_RECIPE ? n->info->kind : K_BINARY) {
  case K_RESHAPE: {
    IndIxRanges r = emit_ranges(e);
    reshape_index(L, &r, in->shape, in->rank, n->shape, n->rank, idx, res);
    return;
  }
  case K_MOVEDIM: { /* the scan buffer: the result's dims but `dim`, then `dim` (the scanned one) */
    int64_t d = 0;
    graph_dim(op, &d); /* checked by lower_scan */
    for (int i = 0, j = 0; i < n->rank; ++i)
      if (i != d)
        res[j++] = idx[i];
    res[n->rank - 1] = idx[d];
    return;
  }
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
    /* one element: the step is immaterial (it may be huge, and idx * step must not overflow) */
    res[sl.dim] = mlirAffineAddExprGet(
        mlirAffineMulExprGet(idx[sl.dim], ind_lower_cst(L, sl.len > 1 || sl.step <= sl.end ? sl.step : 1)),
        ind_lower_cst(L, sl.start));
    return;
  }
  case K_SELECT: { /* the dropped dim reads `index` */
    int64_t d = 0, at = 0;
    graph_select_params(op, &d, &at);
    for (int i = 0, j = 0; i < in->rank; ++i)
      res[i] = i == d ? ind_lower_cst(L, at) : idx[j++];
    return;
  }
  case K_FLIP: {
    int64_t dims[LOWER_MAX_RANK];
    intptr_t nd = 0;
    graph_flip_dims(op, dims, &nd);
    for (int i = 0; i < n->rank; ++i)
      res[i] = idx[i];
    for (intptr_t j = 0; j < nd; ++j)
      res[dims[j]] = mlirAffineAddExprGet(mlirAffineMulExprGet(idx[dims[j]], ind_lower_cst(L, -1)),
                                          ind_lower_cst(L, n->shape[dims[j]] - 1));
    return;
  }
  case K_REPEAT: { /* trailing dims align; each reads i mod size */
    IndIxRanges r = emit_ranges(e);
    int off = n->rank - in->rank;
    for (int i = 0; i < in->rank; ++i)
      res[i] = in->shape[i] == 1 ? ind_lower_cst(L, 0) : ind_ix_mod(idx[i + off], in->shape[i], &r);
    return;
  }
  case K_PAD: { /* (i - low) mod size: always in bounds; emit_pad selects the pad value outside */
    IndIxRanges r = emit_ranges(e);
    int64_t lo[LOWER_MAX_RANK], hi[LOWER_MAX_RANK];
    double v;
    graph_pad_params(op, lo, hi, &v);
    for (int i = 0; i < n->rank; ++i)
      res[i] = in->shape[i] == 1 ? ind_lower_cst(L, 0)
                                 : ind_ix_mod(mlirAffineAddExprGet(idx[i], ind_lower_cst(L, -lo[i])), in->shape[i], &r);
    return;
  }
  default: /* pointwise, expand, copy, convert, where, compare, argsel: numpy broadcasting */
    broadcast_index(L, in, n->rank, idx, res);
    return;
  }
}

/* iota / arange: start + i * step; integer parameters stay in the index expression. */
static MlirValue emit_iota(Emit *e, Node *n, MlirLocation loc, const MlirAffineExpr *idx) {
  double start = 0.0, step = 1.0;
  int64_t len = 0;
  graph_range_params(e->L->ops[n->op_index].op, &start, &step, &len);
  MlirAffineExpr i = n->rank == 1 && n->shape[0] != 1 ? idx[0] : ind_lower_cst(e->L, 0);
  if (start == (double)(int64_t)start && step == (double)(int64_t)step) {
    MlirAffineExpr x = mlirAffineAddExprGet(mlirAffineMulExprGet(i, ind_lower_cst(e->L, (int64_t)step)),
                                            ind_lower_cst(e->L, (int64_t)start));
    if (ind_lower_is_int(n->elem)) /* an integer iota is an integer: exact past 2^24 */
      return emit_index_int(e, loc, x, n->elem);
    return emit_index_expr(e, loc, x);
  }
  return emit2(e, loc, "arith.addf",
               emit2(e, loc, "arith.mulf", emit_index_expr(e, loc, i), emit_constant(e, loc, step)),
               emit_constant(e, loc, start));
}

/* constant_pad_nd: v where every padded dim's index lies inside the input, else the pad value. */
static MlirValue emit_pad(Emit *e, Node *n, MlirLocation loc, const MlirAffineExpr *idx, MlirValue v) {
  int64_t lo[LOWER_MAX_RANK], hi[LOWER_MAX_RANK];
  double value = 0.0;
  graph_pad_params(e->L->ops[n->op_index].op, lo, hi, &value);
  Node *in = n->operands[0];
  MlirValue inside = {NULL};
  for (int i = 0; i < n->rank; ++i) {
    if (lo[i] <= 0 && hi[i] <= 0)
      continue; /* a crop only: every index is inside */
    MlirValue p = emit_index_expr(e, loc, idx[i]);
    MlirValue c = emit_i1(e, loc, "arith.andi", emit_cmpf(e, loc, CMPF_OGE, p, emit_constant(e, loc, (double)lo[i])),
                          emit_cmpf(e, loc, CMPF_OLT, p, emit_constant(e, loc, (double)(lo[i] + in->shape[i]))));
    inside = inside.ptr ? emit_i1(e, loc, "arith.andi", inside, c) : c;
  }
  v = to_compute(e, loc, v, n->elem);
  if (!inside.ptr)
    return v;
  MlirValue fill = ind_lower_is_int(n->elem) ? emit_int_constant(e, loc, value, n->elem) : emit_constant(e, loc, value);
  return emit_select(e, loc, inside, v, to_compute(e, loc, fill, n->elem));
}

/* argmax/argmin's second reduction body: the flat index over the reduced dims where x equals the
 * extreme (or is NaN, which max/min propagate), else numel (min-reduced: the first such index). */
static MlirValue emit_argsel(Emit *e, Node *n, MlirLocation loc, const MlirAffineExpr *idx, MlirValue x, MlirValue m) {
  MlirAffineExpr flat = ind_lower_cst(e->L, 0);
  int64_t numel = 1;
  for (int k = 0; k < n->rank; ++k)
    if (n->reduced & (1u << k)) {
      flat = mlirAffineAddExprGet(mlirAffineMulExprGet(flat, ind_lower_cst(e->L, n->shape[k])), idx[k]);
      numel *= n->shape[k];
    }
  MlirValue hit;
  if (ind_lower_is_int(mlirValueGetType(x))) {
    hit = emit_cmpi(e, loc, CMPI_EQ, x, to_type(e, loc, m, mlirValueGetType(x)));
  } else {
    x = to_f32(e, loc, x);
    hit = emit_i1(e, loc, "arith.ori", emit_cmpf(e, loc, CMPF_OEQ, x, to_f32(e, loc, m)),
                  emit_cmpf(e, loc, CMPF_UNO, x, x));
  }
  /* the index is an i64 (n->elem), exact past 2^24 */
  return emit_select(e, loc, hit, emit_index_int(e, loc, ind_ix_simplify(flat), n->elem),
                     emit_int_constant(e, loc, (double)numel, n->elem));
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
  IndIxRanges r = emit_ranges(e);
  MlirValue pos = n->noperands > 1 ? emit_index_expr(e, loc, idx[d]) : (MlirValue){NULL};
  MlirValue *vals = calloc((size_t)n->noperands, sizeof(MlirValue));
  int64_t *offsets = malloc(sizeof(int64_t) * (size_t)n->noperands), off = 0;
  if (!vals || !offsets)
    abort();
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
  free(vals);
  free(offsets);
  return v;
}

/* index_select / gather / embedding read at idx: the index tensor (operand 1) is read at *ix_idx,
 * *dim is the indexed dim of operand 0 and *size its size. */
static void indirect_positions(Lower *L, const Node *n, const MlirAffineExpr *idx, MlirAffineExpr *ix_idx, int *dim,
                               int64_t *size) {
  const Node *x = n->operands[0], *ix = n->operands[1];
  int64_t d = 0;
  if (n->info->id != GRAPH_OP_EMBEDDING)
    graph_dim(L->ops[n->op_index].op, &d); /* checked by lower_recipe's shape rule */
  *dim = (int)d;
  *size = x->shape[d];
  for (int k = 0; k < ix->rank; ++k)
    ix_idx[k] = n->info->id == GRAPH_OP_INDEX_SELECT ? idx[d] : idx[k];
}

/* Operand 0's index: idx with the indexed dim at the symbol (embedding: the row, then the column). */
static void indirect_input_index(const Node *n, const MlirAffineExpr *idx, int dim, MlirAffineExpr sym,
                                 MlirAffineExpr *res) {
  if (n->info->id == GRAPH_OP_EMBEDDING) {
    res[0] = sym;
    res[1] = idx[n->rank - 1];
    return;
  }
  for (int k = 0; k < n->rank; ++k)
    res[k] = k == dim ? sym : idx[k];
}

/* index_select / gather / embedding: ind.indirect_indexing of the index tensor's value, then operand 0
 * at an index holding the new symbol. An integer index buffer is loaded as its integer type, so that
 * positions past 2^24 stay exact. */
static MlirValue emit_indirect(Emit *e, Node *n, MlirLocation loc, const MlirAffineExpr *idx) {
  MlirAffineExpr ix_idx[LOWER_MAX_RANK], x_idx[LOWER_MAX_RANK];
  int dim;
  int64_t size;
  indirect_positions(e->L, n, idx, ix_idx, &dim, &size);
  Node *ix = n->operands[1];
  MlirValue v = ix->kind == N_BUFFER && mlirTypeIsAInteger(ix->elem) ? emit_load_as(e, ix, ix_idx, ix->elem)
                                                                     : emit_node(e, ix, ix_idx);
  MlirValue s = append(e, ind_indirect_indexing_create(loc, v, size));
  int k = e->nsyms;
  IND_VEC_PUSH(e->sym_sizes, k, e->cap_sizes, size);
  IND_VEC_PUSH(e->syms, e->nsyms, e->cap_syms, s);
  indirect_input_index(n, idx, dim, mlirAffineSymbolExprGet(e->L->ctx, e->nsyms - 1), x_idx);
  return to_compute(e, loc, emit_node(e, n->operands[0], x_idx), n->elem);
}

static MlirValue emit_recipe_value(Emit *e, Node *n, const MlirAffineExpr *idx);

/* A recipe's value, in its compute type when that is an integer type (i32/i64): the ops that compute an
 * integer result in f32 (pow with a tensor exponent) convert back here. */
static MlirValue emit_recipe(Emit *e, Node *n, const MlirAffineExpr *idx) {
  MlirValue v = emit_recipe_value(e, n, idx);
  return ind_lower_is_int(n->elem) ? to_type(e, node_loc(e, n), v, n->elem) : v;
}

static MlirValue emit_recipe_value(Emit *e, Node *n, const MlirAffineExpr *idx) {
  MlirLocation loc = node_loc(e, n);
  OpKind kind = n->info->kind;
  if (kind == K_CAT)
    return emit_cat(e, n, loc, idx);
  if (kind == K_IOTA)
    return emit_iota(e, n, loc, idx);
  if (kind == K_INDIRECT)
    return emit_indirect(e, n, loc, idx);
  MlirValue v[LOWER_INLINE_OPERANDS];
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
    if (int_pow && k_pow > 0 && ind_lower_is_int(n->elem))
      return emit_pow_int(e, loc, to_type(e, loc, v[0], n->elem), k_pow);
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
    return emit_convert(e, n, loc, v[0]);
  case K_LOGICAL:
    return emit_i1(e, loc, n->info->id == GRAPH_OP_LOGICAL_AND ? "arith.andi" : "arith.ori", to_bool(e, loc, v[0]),
                   to_bool(e, loc, v[1]));
  case K_BITWISE:
    return emit_bitwise(e, n, loc, v[0], v[1]);
  case K_MASKED_FILL: {
    double fill = 0.0;
    graph_fill_value(e->L->ops[n->op_index].op, &fill);
    MlirValue x = to_compute(e, loc, v[0], n->elem);
    MlirValue f = ind_lower_is_int(n->elem) ? emit_int_constant(e, loc, fill, n->elem)
                                            : to_compute(e, loc, emit_constant(e, loc, fill), n->elem);
    return emit_select(e, loc, to_bool(e, loc, v[1]), f, x);
  }
  case K_PAD:
    return emit_pad(e, n, loc, idx, v[0]);
  case K_ARGSEL:
    return emit_argsel(e, n, loc, idx, v[0], v[1]);
  default: /* views and copies */
    return v[0];
  }
}

/* N_UNROLLED: the number of points of the reduced dims. */
static int64_t unrolled_rnumel(const Node *n) {
  int64_t rn = 1;
  for (int k = 0; k < n->operands[0]->rank; ++k)
    if (n->reduced & (1u << k))
      rn *= n->operands[0]->shape[k];
  return rn;
}

/* N_UNROLLED: the index of operand 0 read at `idx` (n's shape, the reduced dims kept as size 1 or
 * dropped) with its reduced dims at point r of their row-major product (the last one fastest, as
 * itertools.product in _unroll_reduction_fn). */
static void unrolled_index(Lower *L, const Node *n, const MlirAffineExpr *idx, int64_t r, MlirAffineExpr *res) {
  const Node *in = n->operands[0];
  bool keep = n->rank == in->rank;
  for (int k = in->rank - 1, j = n->rank - 1; k >= 0; --k) {
    if (n->reduced & (1u << k)) {
      res[k] = ind_lower_cst(L, r % in->shape[k]);
      r /= in->shape[k];
      j -= keep;
    } else {
      res[k] = idx[j--];
    }
  }
}

/* N_UNROLLED: the combined value of every reduced point, in f32 (as the reduction body), converted to
 * the node's compute type. The combines are those of the reduction kernels (maximumf / minimumf
 * propagate NaN). */
static MlirValue emit_unrolled(Emit *e, Node *n, const MlirAffineExpr *idx) {
  static const char *const combine[] = {"arith.addf", "arith.maximumf", "arith.minimumf", "arith.mulf"};
  static const char *const combine_int[] = {"arith.addi", "arith.maxsi", "arith.minsi", "arith.muli"};
  MlirLocation loc = node_loc(e, n);
  MlirValue acc = {NULL};
  MlirType at = ind_lower_acc_type(e->L, n->elem); /* integers in their own type, as the reduction kernels */
  bool is_int = ind_lower_is_int(at);
  int64_t rn = unrolled_rnumel(n);
  for (int64_t r = 0; r < rn; ++r) {
    MlirAffineExpr sub[LOWER_MAX_RANK];
    unrolled_index(e->L, n, idx, r, sub);
    MlirValue v = to_type(e, loc, emit_node(e, n->operands[0], sub), at);
    acc = r == 0 ? v : emit2(e, loc, is_int ? combine_int[n->rtype] : combine[n->rtype], acc, v);
  }
  return to_compute(e, loc, acc, n->elem);
}

static MlirValue emit_node(Emit *e, Node *n, const MlirAffineExpr *idx) {
  switch (n->kind) {
  case N_BUFFER:
    return emit_load(e, n, idx);
  case N_CONST:
    if (ind_lower_is_int(n->elem))
      return emit_int_constant(e, node_loc(e, n), n->value, n->elem);
    return ind_lower_is_bool(n->elem) ? to_bool(e, node_loc(e, n), emit_constant(e, node_loc(e, n), n->value))
                                      : emit_constant(e, node_loc(e, n), n->value);
  case N_MEAN_DIV: {
    MlirLocation loc = node_loc(e, n);
    MlirValue s = to_f32(e, loc, emit_node(e, n->operands[0], idx));
    return emit2(e, loc, "arith.divf", s, emit_constant(e, loc, n->divisor));
  }
  case N_UNROLLED:
    return emit_unrolled(e, n, idx);
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
  Emit view = {c->L, {NULL}, c->space, NULL, NULL, 0, 0, 0};
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
  if (n->info->kind == K_INDIRECT) { /* the index's value, one indirect_indexing, operand 0 at the symbol */
    MlirAffineExpr ix_idx[LOWER_MAX_RANK], x_idx[LOWER_MAX_RANK];
    int dim;
    int64_t size;
    indirect_positions(c->L, n, idx, ix_idx, &dim, &size);
    CountKey ik = {TAG_OP, count_node(c, n->operands[1], ix_idx), size, 0, n->info, NULL};
    int64_t sym = count_key(c, ik, &fresh);
    c->op_count += fresh;
    indirect_input_index(n, idx, dim, mlirAffineSymbolExprGet(c->L->ctx, (unsigned)sym), x_idx);
    return count_node(c, n->operands[0], x_idx);
  }
  if (n->info->kind == K_IOTA) { /* one index_expr per distinct index */
    CountKey ik = {TAG_INDEX_EXPR, n->id, 0, 0, n->rank ? idx[0].ptr : NULL, NULL};
    int64_t id = count_key(c, ik, &fresh);
    c->op_count += fresh;
    return id;
  }
  OpKind kk = n->info->kind;
  bool is_view = kk != K_BINARY && kk != K_COMPARE && kk != K_WHERE && kk != K_UNARY && kk != K_CONVERT &&
                 kk != K_LOGICAL && kk != K_BITWISE && kk != K_MASKED_FILL && kk != K_PAD && kk != K_ARGSEL;
  int64_t kp;
  int nread = n->info->id == GRAPH_OP_POW && pow_int_exponent(n, &kp) ? 1 : n->noperands;
  int64_t ids[LOWER_INLINE_OPERANDS] = {0};
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
  case N_UNROLLED: { /* the loads of every point and one combine per point after the first */
    int64_t acc = -1, rn = unrolled_rnumel(n);
    for (int64_t r = 0; r < rn; ++r) {
      MlirAffineExpr sub[LOWER_MAX_RANK];
      unrolled_index(c->L, n, idx, r, sub);
      int64_t id = count_node(c, n->operands[0], sub);
      if (r == 0) {
        acc = id;
        continue;
      }
      CountKey key = {TAG_OP, acc, id, (int64_t)n->rtype, n, NULL};
      acc = count_key(c, key, &fresh);
      c->op_count += fresh;
    }
    return acc;
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
  if (n->kind == N_UNROLLED)
    s += unrolled_rnumel(n) * (ind_lower_tree_size(n->operands[0]) + 1);
  else if (n->kind == N_RECIPE || n->kind == N_MEAN_DIV)
    for (int k = 0; k < n->noperands; ++k) {
      s += ind_lower_tree_size(n->operands[k]);
      if (s > ((int64_t)1 << 40))
        break;
    }
  n->tree_size = s;
  return s;
}

void ind_lower_emit_int_body(Lower *L, MlirBlock block, const IterSpace *sp, Node *n, const MlirAffineExpr *idx,
                             MlirType type, MlirLocation loc) {
  Emit e = {L, block, *sp, NULL, NULL, 0, 0, 0};
  MlirAffineExpr cur[LOWER_MAX_RANK], sub[LOWER_MAX_RANK];
  memcpy(cur, idx, sizeof(MlirAffineExpr) * (size_t)n->rank);
  Node *base = n;
  while (ind_lower_is_view_recipe(base)) { /* the view's index, down to its storage */
    operand_index(&e, base, 0, cur, sub);
    base = base->operands[0];
    memcpy(cur, sub, sizeof(MlirAffineExpr) * (size_t)base->rank);
  }
  MlirValue v;
  if (base->kind == N_BUFFER && mlirTypeIsAInteger(base->elem)) {
    v = emit_load_as(&e, base, cur, base->elem);
    unsigned w = mlirIntegerTypeGetWidth(base->elem), want = mlirIntegerTypeGetWidth(type);
    if (w < want)
      v = emit_generic(&e, loc, w == 1 ? "arith.extui" : "arith.extsi", &v, 1, type, NULL, 0);
    else if (w > want)
      v = emit_generic(&e, loc, "arith.trunci", &v, 1, type, NULL, 0);
  } else {
    v = to_f32(&e, loc, emit_node(&e, n, idx));
    v = emit_generic(&e, loc, "arith.fptosi", &v, 1, type, NULL, 0);
  }
  mlirBlockAppendOwnedOperation(block, ind_yield_create(loc, v));
  free(e.syms);
  free(e.sym_sizes);
}

void ind_lower_emit_body(Lower *L, MlirBlock block, const IterSpace *sp, Node *n, const MlirAffineExpr *idx,
                         MlirType storage, MlirLocation loc) {
  Emit e = {L, block, *sp, NULL, NULL, 0, 0, 0};
  MlirValue v = to_compute(&e, loc, emit_node(&e, n, idx), storage);
  mlirBlockAppendOwnedOperation(block, ind_yield_create(loc, v));
  free(e.syms);
  free(e.sym_sizes);
}

/* ------------------------------------------------------------------------------------------ */
/* Views an extern reads without a copy                                                         */

/* The coefficients of e = sum(coef[p] * d_p) + *cst over nvars dims; false when e has any other form
 * (floordiv, mod, a symbol, a product of dims). */
static bool linear_coefs(MlirAffineExpr e, int64_t scale, int64_t *coef, int nvars, int64_t *cst) {
  if (mlirAffineExprIsAConstant(e)) {
    *cst += scale * mlirAffineConstantExprGetValue(e);
    return true;
  }
  if (mlirAffineExprIsADim(e)) {
    intptr_t p = mlirAffineDimExprGetPosition(e);
    if (p >= nvars)
      return false;
    coef[p] += scale;
    return true;
  }
  if (mlirAffineExprIsAAdd(e))
    return linear_coefs(mlirAffineBinaryOpExprGetLHS(e), scale, coef, nvars, cst) &&
           linear_coefs(mlirAffineBinaryOpExprGetRHS(e), scale, coef, nvars, cst);
  if (mlirAffineExprIsAMul(e) && mlirAffineExprIsAConstant(mlirAffineBinaryOpExprGetRHS(e)))
    return linear_coefs(mlirAffineBinaryOpExprGetLHS(e),
                        scale * mlirAffineConstantExprGetValue(mlirAffineBinaryOpExprGetRHS(e)), coef, nvars, cst);
  return false;
}

/* Whether the flat offsets `coef` (per iteration variable of n's own space) and `cst` are the
 * row-major linearization of `held` (n's shape, or n's shape with its last two dims swapped when
 * `swapped`). */
static bool offsets_are_layout(const Node *n, const int64_t *coef, int64_t cst, bool swapped) {
  if (cst != 0 || (swapped && n->rank < 2))
    return false;
  int64_t held[LOWER_MAX_RANK], stride[LOWER_MAX_RANK], s = 1;
  for (int k = 0; k < n->rank; ++k)
    held[k] = n->shape[k];
  if (swapped) {
    held[n->rank - 2] = n->shape[n->rank - 1];
    held[n->rank - 1] = n->shape[n->rank - 2];
  }
  for (int k = n->rank - 1; k >= 0; --k) {
    stride[k] = s;
    s *= held[k];
  }
  if (swapped) { /* n's dim r-2 walks held's dim r-1 and the other way round */
    int64_t x = stride[n->rank - 2];
    stride[n->rank - 2] = stride[n->rank - 1];
    stride[n->rank - 1] = x;
  }
  for (int k = 0, p = 0; k < n->rank; ++k)
    if (n->shape[k] != 1 && coef[p++] != stride[k])
      return false;
  return true;
}

ExternView ind_lower_extern_view(Lower *L, Node *n, Node **storage) {
  *storage = NULL;
  if (n->kind != N_RECIPE)
    return EXTERN_VIEW_COPY;
  IterSpace sp;
  MlirAffineExpr idx[LOWER_MAX_RANK], next[LOWER_MAX_RANK];
  ind_lower_own_space(L, n, &sp, idx);
  Emit e = {.L = L, .space = sp};
  Node *cur = n;
  bool reshapes = true; /* only reshapes (and identity copies) on the way: the storage's bytes in its order */
  /* down the views (and identity copies) to the storage, the index remapped at each */
  while (ind_lower_is_view_recipe(cur) || (cur->kind == N_RECIPE && cur->info->kind == K_COPY)) {
    reshapes = reshapes && (cur->info->kind == K_RESHAPE || cur->info->kind == K_COPY);
    operand_index(&e, cur, 0, idx, next);
    memcpy(idx, next, sizeof(MlirAffineExpr) * (size_t)cur->operands[0]->rank);
    cur = cur->operands[0];
  }
  if (cur->kind == N_CONST || !mlirTypeEqual(cur->elem, n->elem) ||
      ind_lower_numel(cur->shape, cur->rank) != ind_lower_numel(n->shape, n->rank))
    return EXTERN_VIEW_COPY; /* an expand, a slice or select of a larger tensor, a constant */
  /* A reshape of row-major storage is that storage in row-major order, whatever its index expressions: a
   * reshape from many dims to few nests floordiv / mod terms the affine simplifier cannot fold back into
   * one variable (swin's windows, [2, 8, 8, 7, 7, 96] read as [6272, 96]: 45 copies a training step). */
  ExternView v = EXTERN_VIEW_SAME;
  if (!reshapes) {
    int64_t coef[2 * LOWER_MAX_RANK] = {0}, cst = 0;
    if (!linear_coefs(flat_offset(L, cur, idx), 1, coef, sp.n, &cst))
      return EXTERN_VIEW_COPY;
    v = offsets_are_layout(n, coef, cst, false)  ? EXTERN_VIEW_SAME
        : offsets_are_layout(n, coef, cst, true) ? EXTERN_VIEW_TRANSPOSED
                                                 : EXTERN_VIEW_COPY;
  }
  if (v == EXTERN_VIEW_COPY)
    return v;
  /* storage of the operand's own rank must have the held shape (the extern contract, lib/mm_dims.h) */
  if (cur->rank == n->rank)
    for (int k = 0; k < n->rank; ++k) {
      int kk = v == EXTERN_VIEW_TRANSPOSED && k >= n->rank - 2 ? 2 * n->rank - 3 - k : k;
      if (cur->shape[k] != n->shape[kk])
        return EXTERN_VIEW_COPY;
    }
  *storage = cur;
  return v;
}
