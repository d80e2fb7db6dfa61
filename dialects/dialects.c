/* dialects.c - context creation and IRDL dialect loading; see dialects.h. */
#include "dialects/dialects.h"

#include "lib/ir.h"

#include <mlir-c/Dialect/IRDL.h>
#include <mlir-c/RegisterEverything.h>
#include <stddef.h>
#include <string.h>

extern const char ind_irdl_graph[], ind_irdl_ind[], ind_irdl_sched[], ind_irdl_kernel[];
extern const size_t ind_irdl_graph_len, ind_irdl_ind_len, ind_irdl_sched_len, ind_irdl_kernel_len;

bool ind_context_create(IndContext *c) {
  static bool passes_registered;
  memset(c, 0, sizeof *c);
  c->ctx = mlirContextCreate();
  mlirContextEnableMultithreading(c->ctx, false);
  MlirDialectRegistry reg = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(reg);
  mlirContextAppendDialectRegistry(c->ctx, reg);
  mlirDialectRegistryDestroy(reg);
  /* Load the dialects ind's IR and passes create ops of, not all ~60 registered ones: loading all of
   * them took about half of a whole compile's time (docs/passes/codegen.md, compile time). Others
   * still load on demand (parser, upstream passes' dependent dialects). */
  static const char *const used[] = {"func", "arith", "math", "memref", "gpu",   "scf",   "vector",
                                     "cf",   "llvm",  "nvvm", "ub",     "index", "affine"};
  for (size_t i = 0; i < sizeof used / sizeof used[0]; ++i)
    mlirContextGetOrLoadDialect(c->ctx, ind_str(used[i]));
  mlirRegisterAllLLVMTranslations(c->ctx);
  if (!passes_registered) {
    mlirRegisterAllPasses();
    passes_registered = true;
  }
  const char *srcs[4] = {ind_irdl_graph, ind_irdl_ind, ind_irdl_sched, ind_irdl_kernel};
  const size_t lens[4] = {ind_irdl_graph_len, ind_irdl_ind_len, ind_irdl_sched_len, ind_irdl_kernel_len};
  for (int i = 0; i < 4; ++i) {
    c->irdl[i] = mlirModuleCreateParse(c->ctx, (MlirStringRef){srcs[i], lens[i]});
    if (mlirModuleIsNull(c->irdl[i]) || mlirLogicalResultIsFailure(mlirLoadIRDLDialects(c->irdl[i])))
      return false;
  }
  return true;
}

void ind_context_destroy(IndContext *c) {
  for (int i = 0; i < 4; ++i)
    if (!mlirModuleIsNull(c->irdl[i]))
      mlirModuleDestroy(c->irdl[i]);
  if (!mlirContextIsNull(c->ctx))
    mlirContextDestroy(c->ctx);
  memset(c, 0, sizeof *c);
}
