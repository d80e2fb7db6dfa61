/* dialects.c - context creation and IRDL dialect loading; see dialects.h. */
#include "dialects/dialects.h"

#include "lib/ir.h"

#include <mlir-c/Conversion.h>
#include <mlir-c/Dialect/AMDGPU.h>
#include <mlir-c/Dialect/Affine.h>
#include <mlir-c/Dialect/Arith.h>
#include <mlir-c/Dialect/ArmSME.h>
#include <mlir-c/Dialect/Async.h>
#include <mlir-c/Dialect/Bufferization.h>
#include <mlir-c/Dialect/Func.h>
#include <mlir-c/Dialect/GPU.h>
#include <mlir-c/Dialect/IRDL.h>
#include <mlir-c/Dialect/Linalg.h>
#include <mlir-c/Dialect/MLProgram.h>
#include <mlir-c/Dialect/Math.h>
#include <mlir-c/Dialect/MemRef.h>
#include <mlir-c/Dialect/NVGPU.h>
#include <mlir-c/Dialect/OpenACC.h>
#include <mlir-c/Dialect/SCF.h>
#include <mlir-c/Dialect/SPIRV.h>
#include <mlir-c/Dialect/Shape.h>
#include <mlir-c/Dialect/Shard.h>
#include <mlir-c/Dialect/SparseTensor.h>
#include <mlir-c/Dialect/Tensor.h>
#include <mlir-c/Dialect/Tosa.h>
#include <mlir-c/Dialect/Transform.h>
#include <mlir-c/Dialect/Vector.h>
#include <mlir-c/RegisterEverything.h>
#include <mlir-c/Transforms.h>
#include <stddef.h>
#include <string.h>

extern const char ind_irdl_graph[], ind_irdl_ind[], ind_irdl_sched[], ind_irdl_kernel[];
extern const size_t ind_irdl_graph_len, ind_irdl_ind_len, ind_irdl_sched_len, ind_irdl_kernel_len;

/* The upstream passes a pipeline may name: every group the C API registers one by one, which is
 * mlirRegisterAllPasses less the LLVM dialect's group (llvm-legalize-for-export, llvm-target-to-data-layout,
 * ...) and the few groups the C API lacks (XeGPU, Quant, OpenMP). The LLVM group's llvm-target-to-* passes
 * call InitializeAllTargets, which links every LLVM backend into a static ind-opt: 22 targets instead of
 * the NVPTX, AMDGPU and SPIR-V ones the dialects reference, 51 MB more binary and about 5 ms more static
 * initialisation at every start (docs/passes/codegen.md, "Compile time"). */
void mlirRegisterArmSVEPasses(void); /* their headers are not C11 (EmitC's typed enum) or lack it (ArmSVE) */
void mlirRegisterEmitCPasses(void);

static void ind_register_upstream_passes(void) {
  mlirRegisterTransformsPasses();
  mlirRegisterConversionPasses();
  mlirRegisterAffinePasses();
  mlirRegisterAMDGPUPasses();
  mlirRegisterArithPasses();
  mlirRegisterArmSMEPasses();
  mlirRegisterArmSVEPasses();
  mlirRegisterAsyncPasses();
  mlirRegisterBufferizationPasses();
  mlirRegisterEmitCPasses();
  mlirRegisterFuncPasses();
  mlirRegisterGPUPasses();
  mlirRegisterLinalgPasses();
  mlirRegisterMLProgramPasses();
  mlirRegisterMathPasses();
  mlirRegisterMemRefPasses();
  mlirRegisterNVGPUPasses();
  mlirRegisterOpenACCPasses();
  mlirRegisterSCFPasses();
  mlirRegisterSPIRVPasses();
  mlirRegisterShapePasses();
  mlirRegisterShardPasses();
  mlirRegisterSparseTensorPasses();
  mlirRegisterTensorPasses();
  mlirRegisterTosaPasses();
  mlirRegisterTransformPasses();
  mlirRegisterVectorPasses();
}

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
    ind_register_upstream_passes();
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
