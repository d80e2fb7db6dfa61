/* jit_driver.c - the CPU JIT's lowering pipeline; see jit_driver.h. */
#include "libind/jit_driver.h"

#include "lib/ir.h"
#include "lib/pipeline.h"
#include "libind/register_all.h"

#include <mlir-c/Pass.h>

MlirLogicalResult ind_jit_lower(MlirModule module) {
  MlirOperation op = mlirModuleGetOperation(module);
  MlirContext ctx = mlirOperationGetContext(op);
  ind_register_all(); /* idempotent: the pipeline names convert-kernel-to-cpu */
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, ind_str("builtin.module"));
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  char err[512] = "";
  if (!ind_pipeline_add(opm, "convert-kernel-to-cpu," IND_JIT_LLVM_PIPELINE, err, sizeof err)) {
    mlirPassManagerDestroy(pm);
    return ind_emit_error(op, "cpu-jit: cannot build the lowering pipeline: %s", err);
  }
  MlirLogicalResult r = mlirPassManagerRunOnOp(pm, op);
  mlirPassManagerDestroy(pm);
  return r;
}

IndJit *ind_jit_compile(MlirModule module, const char *entry, int opt_level) {
  return ind_jit_create(module, entry, opt_level, ind_jit_lower);
}
