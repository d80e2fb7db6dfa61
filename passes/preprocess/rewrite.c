/* rewrite.c - graph-rewrite: algebraic pattern rewrites on the graph (Inductor's pattern matcher
 * analogue), built on MLIR's C rewrite-pattern API (mlir-c/Rewrite.h, LLVM 22).
 *
 * Each entry of `g_rules` is one pattern: a root op and a C function that either declines (returns
 * a null value) or builds the replacement value for the root's result (through the GraphBuilder,
 * which inserts via the pattern rewriter). Adding a pattern is a function and one table line. The
 * rules are turned into MlirRewritePatterns (mlirOpRewritePatternCreate), frozen, and applied
 * by the greedy driver (mlirApplyPatternsAndFoldGreedilyWithOp) to a fixpoint.
 *
 * Patterns (each exact in IEEE arithmetic, each only when the replacement has the root's type):
 *   pow(x, 2)        -> mul(x, x)       (Inductor lowers pow by small integers the same way)
 *   pow(x, 1)        -> x
 *   neg(neg(x))      -> x
 *   relu(relu(x))    -> relu(x)
 *   abs(abs(x))      -> abs(x)
 *   abs(neg(x))      -> abs(x)
 *   op(transpose(y)) -> transpose(op(y))   (the last two dims; op elementwise with 0-d other operands, or a
 *                                           reshape of the leading dims; when a matmul reads the result)
 * Like graph-remove-noops, a rewrite is declined when it would make a function output an alias of
 * a function argument or of another output (neg(neg(x)) returned as is stays).
 * Requires: result types inferred (graph-infer-shapes), so that type equality means shape
 * equality. Preserves: everything the patterns do not match. The matched inner ops are left in
 * place when they become unused (IRDL ops carry no side-effect information, so the greedy driver
 * does not erase them): graph-dce removes them. Never fails. */
#include "dialects/graph/graph.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"

#include <mlir-c/Rewrite.h>

/* A pattern: `apply` returns the replacement of `op`'s result, or a null value when it does not
 * match. New ops are built with `b` (inserted before `op` through the rewriter). */
typedef MlirValue (*RuleFn)(MlirOperation op, GraphBuilder *b);
typedef struct RewriteRule {
  GraphOpId root;
  const char *name;
  RuleFn apply;
} RewriteRule;

static const MlirValue kNoMatch = {NULL};

static MlirValue result(MlirOperation op) { return mlirOperationGetResult(op, 0); }
static MlirValue operand(MlirOperation op, intptr_t i) { return mlirOperationGetOperand(op, i); }

/* The op defining `v` when it is graph op `id`, else a null op. */
static MlirOperation producer_is(MlirValue v, GraphOpId id) {
  if (!mlirValueIsAOpResult(v))
    return (MlirOperation){NULL};
  MlirOperation def = mlirOpResultGetOwner(v);
  return graph_op_id(def) == id ? def : (MlirOperation){NULL};
}

/* True when `v` is a graph.constant holding `value`. */
static bool is_constant(MlirValue v, double value) {
  MlirOperation c = producer_is(v, GRAPH_OP_CONSTANT);
  double got;
  return !mlirOperationIsNull(c) && graph_constant_value(c, &got) && got == value;
}

/* `v` can replace `op`'s result only when the types are equal. */
static MlirValue if_same_type(MlirOperation op, MlirValue v) {
  return mlirTypeEqual(mlirValueGetType(v), mlirValueGetType(result(op))) ? v : kNoMatch;
}

static MlirValue pow_two_to_mul(MlirOperation op, GraphBuilder *b) {
  MlirValue x = operand(op, 0);
  if (!is_constant(operand(op, 1), 2.0) || !mlirTypeEqual(mlirValueGetType(x), mlirValueGetType(result(op))))
    return kNoMatch;
  return graph_build_binary(b, GRAPH_OP_MUL, x, x, mlirValueGetType(result(op)));
}

static MlirValue pow_one_to_identity(MlirOperation op, GraphBuilder *b) {
  (void)b;
  return is_constant(operand(op, 1), 1.0) ? if_same_type(op, operand(op, 0)) : kNoMatch;
}

/* f(f(x)) -> x for an involution f. */
static MlirValue involution(MlirOperation op, GraphBuilder *b) {
  (void)b;
  MlirOperation inner = producer_is(operand(op, 0), graph_op_id(op));
  return mlirOperationIsNull(inner) ? kNoMatch : if_same_type(op, operand(inner, 0));
}

/* f(f(x)) -> f(x) for an idempotent f. */
static MlirValue idempotent(MlirOperation op, GraphBuilder *b) {
  (void)b;
  MlirOperation inner = producer_is(operand(op, 0), graph_op_id(op));
  return mlirOperationIsNull(inner) ? kNoMatch : if_same_type(op, result(inner));
}

/* abs(neg(x)) -> abs(x). */
static MlirValue abs_of_neg(MlirOperation op, GraphBuilder *b) {
  MlirOperation inner = producer_is(operand(op, 0), GRAPH_OP_NEG);
  if (mlirOperationIsNull(inner))
    return kNoMatch;
  return graph_build_unary(b, GRAPH_OP_ABS, operand(inner, 0), mlirValueGetType(result(op)));
}

/* The rank of `v`'s ranked tensor type, -1 when it has none. */
static intptr_t rank_of(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsARankedTensor(t) ? mlirShapedTypeGetRank(t) : -1;
}

/* A transpose of the last two dims (transpose(-2, -1), or a permute that swaps only them) of rank r. */
static bool swaps_last_two(MlirOperation op, intptr_t r) {
  int64_t d0 = 0, d1 = 0, p[16];
  intptr_t n = 0;
  if (r < 2)
    return false;
  if (graph_op_id(op) == GRAPH_OP_TRANSPOSE)
    return graph_transpose_dims(op, &d0, &d1) && d0 != d1 && d0 >= r - 2 && d1 >= r - 2;
  if (graph_op_id(op) != GRAPH_OP_PERMUTE || r > 16 || !graph_permute_dims(op, p, &n) || n != r)
    return false;
  for (intptr_t i = 0; i < r - 2; ++i)
    if (p[i] != i)
      return false;
  return p[r - 2] == r - 1 && p[r - 1] == r - 2;
}

/* Whether op(transpose(x)) equals transpose(op'(x)) for the last two dims, x being op's operand `x`:
 * an elementwise op (pointwise unary or binary kind) whose other operands are 0-d (the same for every
 * element in either order), or a reshape that keeps the last two dims and regroups only the leading ones
 * (each [a, b] block moves whole). */
static bool passes_transpose(MlirOperation op, MlirValue x) {
  GraphOpId id = graph_op_id(op);
  GraphOpKind kind = graph_op_id_kind(id);
  if (id != GRAPH_OP_RESHAPE && kind != GRAPH_KIND_POINTWISE_UNARY && kind != GRAPH_KIND_POINTWISE_BINARY)
    return false;
  intptr_t r = rank_of(result(op)), xr = rank_of(x);
  if (r < 2 || xr < 2)
    return false;
  MlirType xt = mlirValueGetType(x), rt = mlirValueGetType(result(op));
  if (id == GRAPH_OP_RESHAPE)
    return mlirShapedTypeGetDimSize(xt, xr - 1) == mlirShapedTypeGetDimSize(rt, r - 1) &&
           mlirShapedTypeGetDimSize(xt, xr - 2) == mlirShapedTypeGetDimSize(rt, r - 2);
  if (xr != r)
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (!mlirValueEqual(operand(op, i), x) && rank_of(operand(op, i)) != 0)
      return false;
  return true;
}

/* Whether `v` reaches a matmul operand through ops a transpose of the last two dims sinks past
 * (passes_transpose): an mm / bmm operand, or addmm's mat1 / mat2. `depth` bounds the walk. */
static bool feeds_matmul(MlirValue v, int depth) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    GraphOpId id = graph_op_id(user);
    if (id == GRAPH_OP_MM || id == GRAPH_OP_BMM || (id == GRAPH_OP_ADDMM && mlirOpOperandGetOperandNumber(u) > 0))
      return true;
    if (depth < 8 && passes_transpose(user, v) && feeds_matmul(result(user), depth + 1))
      return true;
  }
  return false;
}

/* The operand of `op` that is a transpose of the last two dims and that op passes (passes_transpose),
 * else a null value. */
static MlirValue transposed_operand(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue x = operand(op, i);
    if (mlirValueIsAOpResult(x) && swaps_last_two(mlirOpResultGetOwner(x), rank_of(x)) && passes_transpose(op, x))
      return x;
  }
  return kNoMatch;
}

/* op(transpose(y)) -> transpose(op(y)), the last two dims, when a matmul reads the result (through more
 * such ops): eager's pointwise ops and _to_copy keep their input's strides, so the value is written in
 * y's order and the matmul reads it transposed. Here the lowering then realizes op(y) in y's order and
 * passes cuBLAS the transpose flag (lowering's extern_input_value) instead of writing a transposed copy
 * (an AMP attention backward's P^T for dV: a [24, 512, 512] f32 -> bf16 copy of 29-31 us against one
 * row-major pass, device run 31; math attention's k.transpose(-2, -1) * scale, a [24, 64, 512] f32 copy
 * of 6.0 us against 3.3 for q's row-major one, run 32). The op keeps its attributes; a reshape takes y's
 * leading shape from the result's. */
static MlirValue sink_transpose(MlirOperation op, GraphBuilder *b) {
  MlirValue t = transposed_operand(op);
  if (mlirValueIsNull(t) || !feeds_matmul(result(op), 0))
    return kNoMatch;
  MlirValue y = operand(mlirOpResultGetOwner(t), 0);
  MlirType yt = mlirValueGetType(y), rt = mlirValueGetType(result(op));
  intptr_t r = rank_of(result(op)), yr = rank_of(y);
  if (r > 16)
    return kNoMatch;
  int64_t shape[16], perm[16];
  for (intptr_t i = 0; i < r; ++i) {
    shape[i] = i < r - 2 ? mlirShapedTypeGetDimSize(rt, i) : mlirShapedTypeGetDimSize(yt, yr - r + i);
    perm[i] = i < r - 2 ? i : i == r - 2 ? r - 1 : r - 2;
  }
  MlirType nt = mlirRankedTensorTypeGet(r, shape, mlirShapedTypeGetElementType(rt), mlirAttributeGetNull());
  intptr_t n = mlirOperationGetNumOperands(op), na = mlirOperationGetNumAttributes(op);
  if (n > 4 || na > 8)
    return kNoMatch;
  MlirValue ops[4];
  MlirNamedAttribute attrs[8];
  for (intptr_t i = 0; i < n; ++i)
    ops[i] = mlirValueEqual(operand(op, i), t) ? y : operand(op, i);
  intptr_t kept = 0;
  for (intptr_t i = 0; i < na; ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
    MlirStringRef name = mlirIdentifierStr(a.name);
    if (graph_op_id(op) == GRAPH_OP_RESHAPE &&
        (mlirStringRefEqual(name, ind_str(GRAPH_ATTR_SHAPE)) || mlirStringRefEqual(name, ind_str(GRAPH_ATTR_STRIDES))))
      continue; /* the new reshape's shape is y's (below); strides are graph-infer-shapes' record */
    attrs[kept++] = a;
  }
  MlirValue v;
  if (graph_op_id(op) == GRAPH_OP_RESHAPE)
    v = graph_build_reshape(b, GRAPH_OP_RESHAPE, y, shape, r, nt);
  else
    v = mlirOperationGetResult(graph_build_op(b, graph_op_id(op), ops, n, attrs, kept, nt), 0);
  return mlirValueIsNull(v) ? kNoMatch : graph_build_permute(b, v, perm, r, rt);
}

/* clang-format off */
static const RewriteRule g_rules[] = {
    {GRAPH_OP_POW, "pow(x, 2) -> mul(x, x)", pow_two_to_mul},
    {GRAPH_OP_POW, "pow(x, 1) -> x", pow_one_to_identity},
    {GRAPH_OP_NEG, "neg(neg(x)) -> x", involution},
    {GRAPH_OP_RELU, "relu(relu(x)) -> relu(x)", idempotent},
    {GRAPH_OP_ABS, "abs(abs(x)) -> abs(x)", idempotent},
    {GRAPH_OP_ABS, "abs(neg(x)) -> abs(x)", abs_of_neg},
};
/* clang-format on */

/* As in graph-remove-noops (Inductor's guard): a rewrite must not turn a function output into an
 * alias of a function argument (or of its storage) or of another output. */
static bool would_alias_io(MlirOperation op, MlirValue repl) {
  if (!ind_value_is_returned(result(op)))
    return false;
  GraphLayout l;
  MlirValue base = repl;
  if (!graph_value_layout(repl, &l, &base))
    base = repl;
  return mlirValueIsABlockArgument(base) || ind_value_is_returned(base) || ind_value_is_returned(repl);
}

/* The MlirRewritePattern callback: runs one rule on `op`. */
static MlirLogicalResult match_and_rewrite(MlirRewritePattern pattern, MlirOperation op, MlirPatternRewriter rw,
                                           void *user) {
  (void)pattern;
  const RewriteRule *rule = user;
  MlirRewriterBase base = mlirPatternRewriterAsBase(rw);
  GraphBuilder b = graph_builder_with_rewriter(base, op);
  MlirValue repl = rule->apply(op, &b);
  if (mlirValueIsNull(repl))
    return mlirLogicalResultFailure();
  /* only rules that return an existing value can alias (a value they build is fresh storage), so
   * declining here leaves nothing behind */
  if (would_alias_io(op, repl))
    return mlirLogicalResultFailure();
  mlirRewriterBaseReplaceOpWithValues(base, op, 1, &repl);
  return mlirLogicalResultSuccess();
}

static MlirFrozenRewritePatternSet build_patterns(MlirContext ctx) {
  MlirRewritePatternSet set = mlirRewritePatternSetCreate(ctx);
  MlirRewritePatternCallbacks cb = {NULL, NULL, match_and_rewrite};
  for (size_t i = 0; i < sizeof g_rules / sizeof g_rules[0]; ++i) {
    MlirRewritePattern p =
        mlirOpRewritePatternCreate(ind_str(graph_op_name(g_rules[i].root)), 1, ctx, cb, (void *)&g_rules[i], 0, NULL);
    mlirRewritePatternSetAdd(set, p);
  }
  /* the transpose sinks past every elementwise op and reshape: one pattern per such op */
  static const RewriteRule sink = {GRAPH_OP_RESHAPE, "op(transpose(y)) -> transpose(op(y)) for a matmul",
                                   sink_transpose};
  for (int id = 0; id < GRAPH_OP_COUNT; ++id) {
    GraphOpKind kind = graph_op_id_kind((GraphOpId)id);
    if (id != GRAPH_OP_RESHAPE && kind != GRAPH_KIND_POINTWISE_UNARY && kind != GRAPH_KIND_POINTWISE_BINARY)
      continue;
    mlirRewritePatternSetAdd(
        set, mlirOpRewritePatternCreate(ind_str(graph_op_name((GraphOpId)id)), 1, ctx, cb, (void *)&sink, 0, NULL));
  }
  MlirFrozenRewritePatternSet frozen = mlirFreezeRewritePattern(set);
  /* Freezing moves the patterns out but leaves the set object to its owner. */
  mlirRewritePatternSetDestroy(set);
  return frozen;
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  MlirFrozenRewritePatternSet frozen = build_patterns(mlirOperationGetContext(module));
  MlirGreedyRewriteDriverConfig cfg = mlirGreedyRewriteDriverConfigCreate();
  mlirGreedyRewriteDriverConfigSetRegionSimplificationLevel(cfg, MLIR_GREEDY_SIMPLIFY_REGION_LEVEL_DISABLED);
  mlirGreedyRewriteDriverConfigEnableFolding(cfg, false);
  mlirGreedyRewriteDriverConfigEnableConstantCSE(cfg, false);
  /* Failure of the driver only means "did not converge in the iteration limit": the IR is valid. */
  (void)mlirApplyPatternsAndFoldGreedilyWithOp(module, frozen, cfg);
  mlirGreedyRewriteDriverConfigDestroy(cfg);
  mlirFrozenRewritePatternSetDestroy(frozen);
  return mlirLogicalResultSuccess();
}

const IndPassDef graph_rewrite_pass = {
    "graph-rewrite",
    "Algebraic pattern rewrites (pow(x,2)->x*x, neg(neg(x))->x, relu(relu(x))->relu(x), ...) via the C "
    "rewrite-pattern API",
    NULL,
    run,
};
