// Unit test of dialects/graph/graph.{h,c}: op kinds, accessors and their defaults, layouts of
// view chains, builders with inferred result types.
// RUN: %unit/unit-graph | %filecheck %s
//
// CHECK-LABEL: @kinds
// CHECK: constant CONSTANT
// CHECK: permute VIEW
// CHECK: slice VIEW
// CHECK: expand VIEW
// CHECK: reshape VIEW
// CHECK: add POINTWISE_BINARY
// CHECK: lt POINTWISE_BINARY comparison
// CHECK: where WHERE
// CHECK: gelu POINTWISE_UNARY
// CHECK: var REDUCTION
// CHECK: softmax COMPOSITE
// CHECK: cat LAYOUT
// CHECK: mm MATMUL
// CHECK: func.return NONE
//
// CHECK-LABEL: @accessors
// CHECK: var dims=[1] keepdim=0 correction=1
// CHECK: gelu approximate=none
// CHECK: slice dim=1 start=1 end=4 step=1 len=3
// CHECK: softmax dim=1
// CHECK: permute dims=[1 0]
//
// CHECK-LABEL: @layouts
/// arg0 is contiguous [4, 5]; permute swaps the strides; the slice of dim 1 (the old dim 0) from 1
/// moves the offset by 1 * stride 5; expand of a [5] row to [3, 5] has stride 0 on the new dim;
/// reshape of a strided view copies (it owns its storage).
// CHECK: arg0 sizes=[4 5] strides=[5 1] offset=0 contiguous=1 base=arg
// CHECK: permute sizes=[5 4] strides=[1 5] offset=0 contiguous=0 base=arg
// CHECK: slice sizes=[5 3] strides=[1 5] offset=5 contiguous=0 base=arg
// CHECK: expand sizes=[3 5] strides=[0 1] offset=0 contiguous=0 base=arg
// CHECK: reshape sizes=[15] strides=[1] offset=0 contiguous=1 base=graph.reshape
//
// CHECK-LABEL: @builders
// CHECK: "graph.mul"(%arg0, %arg1) : (tensor<4x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>
// CHECK: "graph.sum"(%{{.*}}) {dims = array<i64: 0>, keepdim = true} : (tensor<4x5xf32>) -> tensor<1x5xf32>
// CHECK: "graph.constant"() {value = 2.500000e+00 : f64} : () -> tensor<f16>
// CHECK: bad build: null
// CHECK: diagnostics: 2
// CHECK: ops in body: 17
#include "dialects/graph/graph.h"
#include "dialects/dialects.h"
#include "lib/ir.h"

#include <stdio.h>
#include <string.h>

static const char *kProgram =
    "func.func @f(%a: tensor<4x5xf32>, %r: tensor<5xf32>, %c: tensor<4x5xi1>) -> tensor<4x5xf32> {\n"
    "  %k = \"graph.constant\"() {value = 1.0 : f64} : () -> tensor<f32>\n"
    "  %p = \"graph.permute\"(%a) {dims = array<i64: -1, 0>} : (tensor<4x5xf32>) -> tensor<5x4xf32>\n"
    "  %s = \"graph.slice\"(%p) {dim = -1 : i64, start = 1 : i64, end = 100 : i64} : (tensor<5x4xf32>) -> "
    "tensor<5x3xf32>\n"
    "  %e = \"graph.expand\"(%r) {shape = array<i64: 3, -1>} : (tensor<5xf32>) -> tensor<3x5xf32>\n"
    "  %q = \"graph.reshape\"(%s) {shape = array<i64: 15>} : (tensor<5x3xf32>) -> tensor<15xf32>\n"
    "  %x = \"graph.add\"(%a, %k) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>\n"
    "  %l = \"graph.lt\"(%a, %k) : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xi1>\n"
    "  %w = \"graph.where\"(%c, %a, %x) : (tensor<4x5xi1>, tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>\n"
    "  %g = \"graph.gelu\"(%w) : (tensor<4x5xf32>) -> tensor<4x5xf32>\n"
    "  %v = \"graph.var\"(%g) {dims = array<i64: -1>, keepdim = false} : (tensor<4x5xf32>) -> tensor<4xf32>\n"
    "  %sm = \"graph.softmax\"(%g) {dim = -1 : i64} : (tensor<4x5xf32>) -> tensor<4x5xf32>\n"
    "  %ct = \"graph.cat\"(%sm, %g) {dim = 0 : i64} : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<8x5xf32>\n"
    "  %mm = \"graph.mm\"(%a, %p) : (tensor<4x5xf32>, tensor<5x4xf32>) -> tensor<4x4xf32>\n"
    "  return %sm : tensor<4x5xf32>\n"
    "}\n";

static const char *kind_name(GraphOpKind k) {
  static const char *names[] = {"NONE", "POINTWISE_UNARY", "POINTWISE_BINARY", "WHERE", "CONSTANT", "REDUCTION",
                                "VIEW", "LAYOUT",          "COMPOSITE",        "MATMUL"};
  return names[k];
}

static MlirBlock body_of(MlirModule m) {
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

/* The n-th op of the function body. */
static MlirOperation nth_op(MlirModule m, int n) {
  MlirOperation o = mlirBlockGetFirstOperation(body_of(m));
  while (n-- > 0)
    o = mlirOperationGetNextInBlock(o);
  return o;
}

static void print_i64s(const int64_t *v, intptr_t n) {
  printf("[");
  for (intptr_t i = 0; i < n; ++i)
    printf(i ? " %lld" : "%lld", (long long)v[i]);
  printf("]");
}

static void test_kinds(MlirModule m) {
  printf("@kinds\n");
  for (MlirOperation o = mlirBlockGetFirstOperation(body_of(m)); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    GraphOpId id = graph_op_id(o);
    MlirStringRef name = ind_op_name(o);
    if (id)
      name = ind_str(graph_op_short_name(id));
    printf("%.*s %s%s\n", (int)name.length, name.data, kind_name(graph_op_kind(o)),
           graph_op_is_comparison(id) ? " comparison" : "");
  }
}

static void test_accessors(MlirModule m) {
  printf("@accessors\n");
  int64_t dims[GRAPH_MAX_RANK];
  intptr_t n;
  double corr;
  MlirOperation var = nth_op(m, 9);
  if (graph_reduction_dims(var, dims, &n) && graph_var_correction(var, &corr)) {
    printf("var dims=");
    print_i64s(dims, n);
    printf(" keepdim=%d correction=%g\n", graph_keepdim(var), corr);
  }
  GraphGeluApprox ap;
  if (graph_gelu_approximate(nth_op(m, 8), &ap))
    printf("gelu approximate=%s\n", ap == GRAPH_GELU_NONE ? "none" : "tanh");
  GraphSlice s;
  if (graph_slice_params(nth_op(m, 2), &s))
    printf("slice dim=%lld start=%lld end=%lld step=%lld len=%lld\n", (long long)s.dim, (long long)s.start,
           (long long)s.end, (long long)s.step, (long long)s.len);
  int64_t d;
  if (graph_dim(nth_op(m, 10), &d))
    printf("softmax dim=%lld\n", (long long)d);
  if (graph_permute_dims(nth_op(m, 1), dims, &n)) {
    printf("permute dims=");
    print_i64s(dims, n);
    printf("\n");
  }
}

static void print_layout(const char *label, MlirValue v) {
  GraphLayout l;
  MlirValue base;
  if (!graph_value_layout(v, &l, &base)) {
    printf("%s no layout\n", label);
    return;
  }
  printf("%s sizes=", label);
  print_i64s(l.sizes, l.rank);
  printf(" strides=");
  print_i64s(l.strides, l.rank);
  MlirStringRef owner = mlirValueIsABlockArgument(base) ? ind_str("arg") : ind_op_name(mlirOpResultGetOwner(base));
  printf(" offset=%lld contiguous=%d base=%.*s\n", (long long)l.offset, graph_layout_is_contiguous(&l),
         (int)owner.length, owner.data);
}

static void test_layouts(MlirModule m) {
  printf("@layouts\n");
  print_layout("arg0", mlirBlockGetArgument(body_of(m), 0));
  print_layout("permute", mlirOperationGetResult(nth_op(m, 1), 0));
  print_layout("slice", mlirOperationGetResult(nth_op(m, 2), 0));
  print_layout("expand", mlirOperationGetResult(nth_op(m, 3), 0));
  print_layout("reshape", mlirOperationGetResult(nth_op(m, 4), 0));
}

static void print_op(MlirValue v) {
  if (mlirValueIsNull(v)) {
    printf("bad build: null\n");
    return;
  }
  IndStrBuf b = {0};
  ind_print_generic(mlirOpResultGetOwner(v), &b);
  printf("%s\n", b.data);
  ind_strbuf_free(&b);
}

/* Counts the diagnostics (the failing builds report errors; they are expected here). */
static int g_ndiag;
static MlirLogicalResult count_diag(MlirDiagnostic d, void *u) {
  (void)d, (void)u;
  ++g_ndiag;
  return mlirLogicalResultSuccess();
}

static void test_builders(MlirModule m, MlirContext ctx) {
  printf("@builders\n");
  MlirBlock body = body_of(m);
  GraphBuilder b = graph_builder_before(mlirBlockGetTerminator(body));
  MlirValue a = mlirBlockGetArgument(body, 0), r = mlirBlockGetArgument(body, 1);
  MlirValue mul = graph_build_binary(&b, GRAPH_OP_MUL, a, r, (MlirType){NULL});
  print_op(mul);
  int64_t dim0 = 0;
  print_op(graph_build_reduction(&b, GRAPH_OP_SUM, mul, &dim0, 1, true, (MlirType){NULL}));
  print_op(graph_build_scalar(&b, 2.5, mlirF16TypeGet(ctx)));
  /* a broadcast mismatch: inference fails, the op is erased, the builder returns null */
  MlirValue p = mlirOperationGetResult(nth_op(m, 1), 0); /* [5, 4]: does not broadcast with [5] */
  MlirValue bad = graph_build_binary(&b, GRAPH_OP_ADD, r, p, (MlirType){NULL});
  MlirValue bad2 = graph_build_mm(&b, GRAPH_OP_MM, a, a, (MlirType){NULL});
  print_op(mlirValueIsNull(bad) && mlirValueIsNull(bad2) ? bad : mul);
  printf("diagnostics: %d\n", g_ndiag);
  /* the failed ops were erased: the body still ends mul, sum, constant, return */
  int n = 0;
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    ++n;
  printf("ops in body: %d\n", n);
}

int main(void) {
  IndContext ic;
  if (!ind_context_create(&ic)) {
    ind_context_destroy(&ic);
    return 1;
  }
  mlirContextAttachDiagnosticHandler(ic.ctx, count_diag, NULL, NULL);
  MlirModule m = mlirModuleCreateParse(ic.ctx, ind_str(kProgram));
  int rc = 1;
  if (!mlirModuleIsNull(m)) {
    test_kinds(m);
    test_accessors(m);
    test_layouts(m);
    test_builders(m, ic.ctx);
    rc = 0;
    mlirModuleDestroy(m);
  }
  ind_context_destroy(&ic);
  return rc;
}
