/* ptx.c - the PTX emitter; see ptx.h. */
#include "passes/codegen/ptx.h"

#include "dialects/kernel/kernel.h"
#include "lib/pipeline.h"

#include <mlir-c/Dialect/GPU.h>
#include <mlir-c/Pass.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Only plain path characters may enter the pipeline text. */
static bool plain_path(const char *p) {
  for (; *p; ++p)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("/._+-", *p)))
      return false;
  return true;
}

bool ind_ptx_libdevice_path(char *out, size_t len) {
  struct stat st;
  const char *file = getenv("IND_LIBDEVICE");
  if (file && file[0]) { /* the file itself, and then the only candidate */
    int n = snprintf(out, len, "%s", file);
    return n > 0 && (size_t)n < len && plain_path(out) && stat(out, &st) == 0 && S_ISREG(st.st_mode);
  }
  const char *roots[] = {getenv("CUDA_HOME"), getenv("CUDA_PATH"), getenv("CUDA_ROOT"), "/usr/local/cuda",
                         "/usr/lib/cuda"};
  for (size_t i = 0; i < sizeof roots / sizeof roots[0]; ++i) {
    if (!roots[i] || !roots[i][0])
      continue;
    int n = snprintf(out, len, "%s/nvvm/libdevice/libdevice.10.bc", roots[i]);
    if (n > 0 && (size_t)n < len && plain_path(out) && stat(out, &st) == 0 && S_ISREG(st.st_mode))
      return true;
  }
  return false;
}

/* The first op of `module` that is not of the kernel level's dialects (null when none). */
static bool find_below_kernel(MlirOperation op, void *user) {
  if (ind_op_in_dialect(op, "graph") || ind_op_in_dialect(op, "ind") || ind_op_in_dialect(op, "sched")) {
    *(MlirOperation *)user = op;
    return false;
  }
  return true;
}

/* Keeps only the kernel.defs of a (cloned) module. */
static int keep_kernel_defs(MlirOperation module) {
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (kernel_is_def(op))
      ++n;
    else
      mlirOperationDestroy(op);
    op = next;
  }
  return n;
}

/* The top-level kernel.def named `name`, or a null op. */
static MlirOperation find_def(MlirOperation module, MlirStringRef name) {
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef n;
    if (kernel_is_def(op) && ind_attr_str(op, "sym_name", &n) && n.length == name.length &&
        !memcmp(n.data, name.data, n.length))
      return op;
  }
  return (MlirOperation){NULL};
}

typedef struct LaunchCheck {
  MlirOperation module;
  bool failed;
} LaunchCheck;

/* Every kernel.launch must name a kernel.def of the module (the PTX holds only the defs: a launch
 * of a missing kernel would fail only when the runtime looks it up). */
static bool check_launch(MlirOperation op, void *user) {
  LaunchCheck *c = user;
  if (!kernel_is_launch(op))
    return true;
  MlirStringRef k = kernel_launch_kernel(op);
  if (mlirOperationIsNull(find_def(c->module, k))) {
    ind_emit_error(op, "kernel.launch of '%.*s', which is not a kernel.def of this module", (int)k.length, k.data);
    c->failed = true;
  }
  return !c->failed;
}

static bool collect_ptx(MlirOperation op, void *user) {
  if (!ind_op_is(op, "gpu.binary"))
    return true;
  MlirAttribute objs = mlirOperationGetAttributeByName(op, ind_str("objects"));
  if (mlirAttributeIsNull(objs) || !mlirAttributeIsAArray(objs))
    return true;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(objs); ++i) {
    MlirAttribute o = mlirArrayAttrGetElement(objs, i);
    if (mlirAttributeIsAGPUObjectAttr(o)) {
      MlirStringRef s = mlirGPUObjectAttrGetObject(o);
      ind_strbuf_append((IndStrBuf *)user, s.data, s.length);
    }
  }
  return true;
}

/* True when a kernel uses math ops (exp, log, erf, tanh, ...) or arith.remf (a call to __nv_fmodf):
 * only then is libdevice linked, since loading and linking its bitcode costs more than the rest of
 * the PTX lowering. */
static bool find_math(MlirOperation op, void *user) {
  if (ind_op_in_dialect(op, "math") || ind_op_is(op, "arith.remf")) {
    *(bool *)user = true;
    return false;
  }
  return true;
}

static MlirLogicalResult check_level(MlirOperation module) {
  MlirOperation bad = {NULL};
  ind_walk(module, find_below_kernel, &bad);
  if (!mlirOperationIsNull(bad))
    return ind_emit_error(bad, "--emit=ptx needs a module at the kernel level (run --codegen first); found '%.*s'",
                          (int)ind_op_name(bad).length, ind_op_name(bad).data);
  return mlirLogicalResultSuccess();
}

bool ind_ptx_chip_ok(const char *chip) {
  if (strncmp(chip, "sm_", 3) != 0)
    return false;
  const char *d = chip + 3;
  int n = 0;
  while (d[n] >= '0' && d[n] <= '9')
    ++n;
  if (n != 2 || (d[n] && strcmp(d + n, "a") != 0))
    return false;
  int v = (d[0] - '0') * 10 + (d[1] - '0');
  return v >= 50 && v <= 90 && (!d[n] || v == 90);
}

MlirLogicalResult ind_ptx_emit(MlirOperation module, IndStrBuf *out) {
  return ind_ptx_emit_chip(module, IND_PTX_DEFAULT_CHIP, out);
}

MlirLogicalResult ind_ptx_emit_chip(MlirOperation module, const char *chip, IndStrBuf *out) {
  if (!ind_ptx_chip_ok(chip))
    return ind_emit_error(module, "unsupported PTX target '%s' (sm_50 .. sm_90a)", chip);
  if (mlirLogicalResultIsFailure(check_level(module)))
    return mlirLogicalResultFailure();
  LaunchCheck lc = {module, false};
  ind_walk(module, check_launch, &lc);
  if (lc.failed)
    return mlirLogicalResultFailure();
  MlirOperation clone = mlirOperationClone(module);
  if (keep_kernel_defs(clone) == 0) {
    mlirOperationDestroy(clone);
    ind_strbuf_printf(out, "// no kernels\n");
    return mlirLogicalResultSuccess();
  }
  MlirContext ctx = mlirOperationGetContext(module);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  char err[1024], libdevice[512], target[700], text[2048];
  bool uses_math = false;
  ind_walk(clone, find_math, &uses_math);
  bool have_libdevice = uses_math && ind_ptx_libdevice_path(libdevice, sizeof libdevice);
  snprintf(target, sizeof target, IND_PTX_TARGET, chip, have_libdevice ? " l=" : "", have_libdevice ? libdevice : "");
  snprintf(text, sizeof text, "convert-kernel-to-gpu,%s,%s", target, IND_PTX_LOWERING);
  bool ok = ind_pipeline_add(mlirPassManagerGetAsOpPassManager(pm), text, err, sizeof err);
  if (!ok)
    ind_emit_error(module, "PTX pipeline: %s", err);
  else
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, clone));
  size_t start = out->len;
  if (ok)
    ind_walk(clone, collect_ptx, out);
  if (ok && out->data && strstr(out->data + start, ".extern .func")) {
    const char *named = getenv("IND_LIBDEVICE");
    if (have_libdevice || !uses_math)
      ind_emit_error(module, "the PTX calls external functions (libdevice __nv_* math) that libdevice did not resolve");
    else if (named && named[0])
      ind_emit_error(module,
                     "the PTX calls external functions (libdevice __nv_* math): IND_LIBDEVICE=%s is not a "
                     "libdevice.10.bc file",
                     named);
    else
      ind_emit_error(module, "the PTX calls external functions (libdevice __nv_* math): libdevice.10.bc was not "
                             "found (set CUDA_HOME to the CUDA toolkit, or IND_LIBDEVICE to the file)");
    ok = false;
  }
  mlirPassManagerDestroy(pm);
  mlirOperationDestroy(clone);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

static const IndEmitterDef ptx_emitter = {
    .name = "ptx",
    .help = "PTX text of the kernels (a kernel-level module: use with --codegen)",
    .emit = ind_ptx_emit,
};

void ind_ptx_register_emitter(void) { ind_emitter_register(&ptx_emitter); }
