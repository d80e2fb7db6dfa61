// Unit test of the op-id tables of the ind and kernel dialects (IndOpId in dialects/ind/ind.h,
// KernelOpId in dialects/kernel/kernel.h): every id's name gives back the id, and ops of no row
// (another dialect's, an upstream op no stage handles) are UNKNOWN.
// RUN: %unit/unit-op_ids | %filecheck %s
//
// CHECK-LABEL: @ind_op_id
/// Every row round-trips through an op of its name.
// CHECK: ind ids round-trip: {{[0-9]+}} of {{[0-9]+}}, mismatches 0
// CHECK: ind.load -> ind.load
// CHECK: gpu.yield -> gpu.yield
// CHECK: math.fma -> math.fma
/// Not rows: a kernel op and an arith op no stage dispatches on.
// CHECK: kernel.load -> UNKNOWN
// CHECK: arith.shrui -> UNKNOWN
//
// CHECK-LABEL: @kernel_op_id
// CHECK: kernel ids round-trip: {{[0-9]+}} of {{[0-9]+}}, mismatches 0
// CHECK: kernel.extern_call -> kernel.extern_call
// CHECK: ind.load -> UNKNOWN
// CHECK: gpu.yield -> UNKNOWN
#include "dialects/dialects.h"
#include "dialects/ind/ind.h"
#include "dialects/kernel/kernel.h"
#include "lib/ir.h"

#include <stdio.h>

/* A detached op named `name`, no operands, results or regions (never verified). */
static MlirOperation bare_op(MlirContext ctx, const char *name) {
  MlirOperationState st = mlirOperationStateGet(ind_str(name), mlirLocationUnknownGet(ctx));
  return mlirOperationCreate(&st);
}

static void show_ind(MlirContext ctx, const char *name) {
  MlirOperation op = bare_op(ctx, name);
  IndOpId id = ind_op_id(op);
  printf("%s -> %s\n", name, id == IND_OP_UNKNOWN ? "UNKNOWN" : ind_op_id_name(id));
  mlirOperationDestroy(op);
}

static void show_kernel(MlirContext ctx, const char *name) {
  MlirOperation op = bare_op(ctx, name);
  KernelOpId id = kernel_op_id(op);
  printf("%s -> %s\n", name, id == KERNEL_OP_UNKNOWN ? "UNKNOWN" : kernel_op_id_name(id));
  mlirOperationDestroy(op);
}

static void test_ind(MlirContext ctx) {
  printf("@ind_op_id\n");
  int ok = 0, bad = 0;
  for (int i = 1; i < IND_OP_COUNT; ++i) {
    MlirOperation op = bare_op(ctx, ind_op_id_name((IndOpId)i));
    if (ind_op_id(op) == (IndOpId)i)
      ++ok;
    else
      printf("mismatch: %s\n", ind_op_id_name((IndOpId)i)), ++bad;
    mlirOperationDestroy(op);
  }
  printf("ind ids round-trip: %d of %d, mismatches %d\n", ok, IND_OP_COUNT - 1, bad);
  show_ind(ctx, "ind.load");
  show_ind(ctx, "gpu.yield");
  show_ind(ctx, "math.fma");
  show_ind(ctx, "kernel.load");
  show_ind(ctx, "arith.shrui");
}

static void test_kernel(MlirContext ctx) {
  printf("@kernel_op_id\n");
  int ok = 0, bad = 0;
  for (int i = 1; i < KERNEL_OP_COUNT; ++i) {
    MlirOperation op = bare_op(ctx, kernel_op_id_name((KernelOpId)i));
    if (kernel_op_id(op) == (KernelOpId)i)
      ++ok;
    else
      printf("mismatch: %s\n", kernel_op_id_name((KernelOpId)i)), ++bad;
    mlirOperationDestroy(op);
  }
  printf("kernel ids round-trip: %d of %d, mismatches %d\n", ok, KERNEL_OP_COUNT - 1, bad);
  show_kernel(ctx, "kernel.extern_call");
  show_kernel(ctx, "ind.load");
  show_kernel(ctx, "gpu.yield");
}

int main(void) {
  IndContext ic;
  if (!ind_context_create(&ic)) {
    ind_context_destroy(&ic);
    return 1;
  }
  test_ind(ic.ctx);
  test_kernel(ic.ctx);
  ind_context_destroy(&ic);
  return 0;
}
