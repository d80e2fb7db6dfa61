// Unit test of the interpreter's C API (interp/interp.h), as the codegen/JIT code calls it: random
// inputs are the same for a graph function and its ind version, both run, failures are reported.
// RUN: %unit/unit-interp 2>&1 | %filecheck %s
// CHECK: inputs: graph 2, ind 2
// CHECK-NEXT: same inputs: yes
// CHECK-NEXT: graph: ok, 1 output 2x3xf32
// CHECK-NEXT: ind: ok, 1 output 2x3xf32
// CHECK-NEXT: max |graph - ind| < 1e-6: yes
// CHECK-NEXT: error: interpreter: the function takes 2 arguments, 1 inputs given
// CHECK-NEXT: too few inputs: failure
// CHECK-NEXT: error: interpreter: 1 results, more than 0
// CHECK-NEXT: no room for outputs: failure, 0 outputs
// CHECK-NEXT: error: interpreter: argument 1 (tensor<3xf32>): expected 3xf32, got 3xf16
// CHECK-NEXT: wrong dtype: failure
#include "interp/interp.h"
#include "dialects/dialects.h"
#include "lib/ir.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *PROGRAM =
    "func.func @g(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {\n"
    "  %0 = \"graph.mul\"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
    "  return %0 : tensor<2x3xf32>\n"
    "}\n"
    "func.func @i(%a: memref<2x3xf32, strided<[1, 2]>>, %b: memref<3xf32>) -> memref<2x3xf32> {\n"
    "  %buf0 = \"ind.pointwise\"() ({\n"
    "    %0 = \"ind.load\"(%a) {index = affine_map<(d0, d1) -> (d0 + d1 * 2)>} : "
    "(memref<2x3xf32, strided<[1, 2]>>) -> f32\n"
    "    %1 = \"ind.load\"(%b) {index = affine_map<(d0, d1) -> (d1)>} : (memref<3xf32>) -> f32\n"
    "    %2 = arith.mulf %0, %1 : f32\n"
    "    \"gpu.yield\"(%2) : (f32) -> ()\n"
    "  }) {name = \"buf0\", ranges = array<i64: 2, 3>} : () -> memref<2x3xf32>\n"
    "  return %buf0 : memref<2x3xf32>\n"
    "}\n";

static void print_diag_cb(MlirStringRef s, void *user) {
  (void)user;
  fwrite(s.data, 1, s.length, stdout);
}

static MlirLogicalResult on_diag(MlirDiagnostic d, void *user) {
  (void)user;
  printf("error: ");
  mlirDiagnosticPrint(d, print_diag_cb, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static MlirOperation nth_func(MlirModule m, int n) {
  MlirBlock body = mlirModuleGetBody(m);
  MlirOperation op = mlirBlockGetFirstOperation(body);
  for (int i = 0; i < n; ++i)
    op = mlirOperationGetNextInBlock(op);
  return op;
}

static void free_all(IndTensor *t, int n) {
  for (int i = 0; i < n; ++i)
    ind_tensor_free(&t[i]);
}

int main(void) {
  IndContext ic;
  if (!ind_context_create(&ic))
    return 1;
  mlirContextAttachDiagnosticHandler(ic.ctx, on_diag, NULL, NULL);
  MlirModule m = mlirModuleCreateParse(ic.ctx, ind_str(PROGRAM));
  if (mlirModuleIsNull(m))
    return 1;
  MlirOperation g = nth_func(m, 0), i = nth_func(m, 1);
  IndTensor gin[4], iin[4], gout[2], iout[2];
  int ng = 0, ni = 0, ngo = 0, nio = 0;
  ind_interp_random_inputs(g, 42, gin, 4, &ng);
  ind_interp_random_inputs(i, 42, iin, 4, &ni);
  printf("inputs: graph %d, ind %d\n", ng, ni);
  bool same = ng == ni;
  for (int k = 0; same && k < ng; ++k)
    same = ind_tensor_same_shape(&gin[k], &iin[k]) && !memcmp(gin[k].data, iin[k].data, gin[k].numel * sizeof(double));
  printf("same inputs: %s\n", same ? "yes" : "no");

  char shape[64];
  bool gok = mlirLogicalResultIsSuccess(ind_interp_func(g, gin, ng, gout, 2, &ngo));
  ind_tensor_shape_str(&gout[0], shape, sizeof shape);
  printf("graph: %s, %d output %s\n", gok ? "ok" : "failure", ngo, shape);
  bool iok = mlirLogicalResultIsSuccess(ind_interp_func(i, iin, ni, iout, 2, &nio));
  ind_tensor_shape_str(&iout[0], shape, sizeof shape);
  printf("ind: %s, %d output %s\n", iok ? "ok" : "failure", nio, shape);
  double err = 0.0;
  for (int64_t k = 0; gok && iok && k < gout[0].numel; ++k)
    err = fmax(err, fabs(gout[0].data[k] - iout[0].data[k]));
  printf("max |graph - ind| < 1e-6: %s\n", gok && iok && err < 1e-6 ? "yes" : "no");
  free_all(gout, ngo);
  free_all(iout, nio);

  bool r = mlirLogicalResultIsSuccess(ind_interp_func(g, gin, 1, gout, 2, &ngo));
  printf("too few inputs: %s\n", r ? "success" : "failure");
  r = mlirLogicalResultIsSuccess(ind_interp_func(g, gin, ng, gout, 0, &ngo));
  printf("no room for outputs: %s, %d outputs\n", r ? "success" : "failure", ngo);
  gin[1].dtype = IND_ELEM_F16;
  r = mlirLogicalResultIsSuccess(ind_interp_func(g, gin, ng, gout, 2, &ngo));
  printf("wrong dtype: %s\n", r ? "success" : "failure");

  free_all(gin, ng);
  free_all(iin, ni);
  mlirModuleDestroy(m);
  ind_context_destroy(&ic);
  return 0;
}
