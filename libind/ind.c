/* ind.c - libind: the public C API of include/ind/ind.h over the compiler (dialects, every stage, the
 * PTX and launch-plan emitters, the CPU JIT, the reference interpreter) and the runtime, and the compile
 * session under it (libind/session.h: the one code that drives the stages, builds programs and runs them,
 * for ind-run as for the bindings). It registers every stage; the tools sit above it. docs/tools/libind.md
 * is the user's page. */
#define _GNU_SOURCE /* dladdr */

#include "ind/ind.h"

#include "dialects/dialects.h"
#include "interp/interp.h"
#include "lib/diag.h"
#include "lib/io.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "lib/pipeline.h"
#include "lib/tensor.h"
#include "libind/jit_driver.h"
#include "libind/register_all.h"
#include "libind/session.h"
#include "passes/codegen/ptx.h"
#include "passes/fuse/strategy.h"
#include "runtime/jit.h"

#include <dlfcn.h>
#include <mlir-c/Pass.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPTIONS 64

const char *ind_version(void) { return "0.1"; }

/* --- the compiler ------------------------------------------------------------------------------ */

struct IndCompiler {
  IndContext ic;
  IndDiagEngine diag;
  FILE *diag_out; /* the engine prints here while a call runs (a memory stream) */
  char *diag_text;
  size_t diag_len;
};

IndStatus ind_compiler_create(IndCompiler **out) {
  *out = NULL;
  IndCompiler *c = calloc(1, sizeof *c);
  if (!c)
    return ind_status_create("out of memory");
  if (!ind_context_create(&c->ic)) {
    ind_context_destroy(&c->ic);
    free(c);
    return ind_status_create("internal error: the embedded dialect definitions failed to load");
  }
  ind_register_all();
  ind_diag_attach(&c->diag, c->ic.ctx, "<input>", false);
  *out = c;
  return NULL;
}

void ind_compiler_destroy(IndCompiler *c) {
  if (!c)
    return;
  ind_diag_detach(&c->diag);
  ind_context_destroy(&c->ic);
  free(c);
}

IndStatus ind_compiler_load_plugin(IndCompiler *c, const char *path) {
  if (!c || !path)
    return ind_status_create("ind_compiler_load_plugin: compiler and path must not be NULL");
  /* A plugin's calls of the fusion API resolve in the global scope: this library joins it (Python's ctypes,
   * for one, loads it RTLD_LOCAL). */
  Dl_info self;
  if (dladdr((void *)ind_compiler_load_plugin, &self) && self.dli_fname)
    dlopen(self.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
  char err[1024];
  if (!ind_plugin_load(path, err, sizeof err))
    return ind_status_create("%s", err);
  return NULL;
}

/* Diagnostics of one call go to a memory stream; `name` is shown for locations without a file. Without a
 * compiler (a session program of ind-run's) they stay with the context's own handler. */
static void diag_begin(IndCompiler *c, const char *name) {
  if (!c)
    return;
  c->diag_text = NULL;
  c->diag_len = 0;
  c->diag_out = open_memstream(&c->diag_text, &c->diag_len);
  c->diag.out = c->diag_out ? c->diag_out : stderr;
  c->diag.display_name = name;
  c->diag.nerrors = 0;
}

/* Ends the capture; returns the text (malloc'ed, "" when none). */
static char *diag_end(IndCompiler *c) {
  if (!c)
    return strdup("");
  if (c->diag_out)
    fclose(c->diag_out);
  c->diag_out = NULL;
  c->diag.out = stderr;
  c->diag.display_name = "<input>";
  char *t = c->diag_text ? c->diag_text : strdup("");
  c->diag_text = NULL;
  return t;
}

/* A failure whose message is `what` followed by the captured diagnostics. */
static IndStatus fail_with(char *diags, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static IndStatus fail_with(char *diags, const char *fmt, ...) {
  char what[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  size_t n = diags ? strlen(diags) : 0;
  while (n && diags[n - 1] == '\n')
    diags[--n] = '\0';
  IndStatus s = n ? ind_status_create("%s:\n%s", what, diags) : ind_status_create("%s", what);
  free(diags);
  return s;
}

/* --- options ----------------------------------------------------------------------------------- */

struct IndCompileOptions {
  int n;
  char *key[MAX_OPTIONS], *value[MAX_OPTIONS];
};

IndStatus ind_compile_options_create(IndCompileOptions **out) {
  *out = calloc(1, sizeof **out);
  return *out ? NULL : ind_status_create("out of memory");
}

void ind_compile_options_destroy(IndCompileOptions *o) {
  if (!o)
    return;
  for (int i = 0; i < o->n; ++i) {
    free(o->key[i]);
    free(o->value[i]);
  }
  free(o);
}

static bool plain(const char *s, const char *extra) {
  if (!*s)
    return false;
  for (; *s; ++s)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || strchr(extra, *s)))
      return false;
  return true;
}

static const char *const k_keys[] = {"device", "fuse", "target", "opt-level", "func"};

IndStatus ind_compile_options_set(IndCompileOptions *o, const char *key, const char *value) {
  if (!key || !value)
    return ind_status_create("compile option: key and value must not be NULL");
  bool known = false;
  for (size_t i = 0; i < sizeof k_keys / sizeof k_keys[0]; ++i)
    known = known || strcmp(key, k_keys[i]) == 0;
  const char *dot = strchr(key, '.');
  if (!known && !(dot && dot != key && dot[1] && plain(key, "-.") && !strchr(dot + 1, '.')))
    return ind_status_create("unknown compile option '%s' (device, fuse, target, opt-level, func, or PASS.OPTION)",
                             key);
  /* Values enter pass pipeline text: plain characters only (LLVM aborts on some malformed options). */
  if (!plain(value, "_.+-"))
    return ind_status_create("compile option %s: value '%s' has characters other than [A-Za-z0-9_.+-]", key, value);
  if (!strcmp(key, "device") && strcmp(value, "cpu") && strcmp(value, "cuda"))
    return ind_status_create("compile option device: '%s' is not cpu or cuda", value);
  if (!strcmp(key, "target") && !ind_ptx_chip_ok(value))
    return ind_status_create("compile option target: unsupported PTX target '%s' (sm_50 .. sm_90a)", value);
  if (!strcmp(key, "opt-level") && !(value[0] >= '0' && value[0] <= '3' && !value[1]))
    return ind_status_create("compile option opt-level: '%s' is not 0, 1, 2 or 3", value);
  for (int i = 0; i < o->n; ++i)
    if (!strcmp(o->key[i], key)) {
      char *v = strdup(value);
      if (!v)
        return ind_status_create("out of memory");
      free(o->value[i]);
      o->value[i] = v;
      return NULL;
    }
  if (o->n == MAX_OPTIONS)
    return ind_status_create("more than %d compile options", MAX_OPTIONS);
  o->key[o->n] = strdup(key);
  o->value[o->n] = strdup(value);
  if (!o->key[o->n] || !o->value[o->n])
    return ind_status_create("out of memory");
  o->n++;
  return NULL;
}

static const char *opt_get(const IndCompileOptions *o, const char *key, const char *dflt) {
  for (int i = 0; o && i < o->n; ++i)
    if (!strcmp(o->key[i], key))
      return o->value[i];
  return dflt;
}

/* --- the program ------------------------------------------------------------------------------- */

struct IndProgram {
  IndCompiler *c; /* NULL for a GPU-only program, or one of ind_session_build's without a compiler */
  IndDevice device;
  IndRtProgram *rt; /* NULL for a JIT-only program (IndSessionOptions.jit_only) */
  char *diagnostics;
  IndJit *jit;           /* CPU: made at compile time, or on the first CPU run of a loaded program */
  MlirModule jit_module; /* the module the JIT was made from (its types are the entry's) */
  IndCudaModule *cuda;
};

void ind_program_destroy(IndProgram *p) {
  if (!p)
    return;
  ind_cuda_module_destroy(p->cuda);
  ind_jit_destroy(p->jit);
  if (!mlirModuleIsNull(p->jit_module))
    mlirModuleDestroy(p->jit_module);
  ind_rt_program_destroy(p->rt);
  free(p->diagnostics);
  free(p);
}

/* The PASS.OPTION options of o as pass overrides of the stage loop: ov[0 .. n). */
static int collect_overrides(const IndCompileOptions *o, IndPassOverride *ov, char (*pass)[128]) {
  int n = 0;
  for (int i = 0; o && i < o->n; ++i) {
    const char *dot = strchr(o->key[i], '.');
    if (!dot)
      continue;
    snprintf(pass[n], sizeof pass[n], "%.*s", (int)(dot - o->key[i]), o->key[i]);
    ov[n] = (IndPassOverride){pass[n], dot + 1, o->value[i], false};
    ++n;
  }
  return n;
}

/* --- the session (libind/session.h) ------------------------------------------------------------ */

/* The module to compile: a copy of the whole program at the kernel level (kernel.defs + @call), else a
 * fresh module holding a copy of `func` alone. */
static MlirModule copy_for_compile(MlirOperation func, int level) {
  MlirOperation parent = mlirOperationGetParentOperation(func);
  if (level == IND_LEVEL_KERNEL && !mlirOperationIsNull(parent))
    return mlirModuleFromOperation(mlirOperationClone(parent));
  MlirModule m = mlirModuleCreateEmpty(mlirOperationGetLocation(func));
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), mlirOperationClone(func));
  return m;
}

IndStatus ind_session_lower(MlirOperation func, const IndSessionOptions *o, MlirModule *out, int *level) {
  ind_register_all(); /* the stages and passes (idempotent) */
  MlirOperation parent = mlirOperationGetParentOperation(func);
  *level = ind_module_level(mlirOperationIsNull(parent) ? func : parent);
  *out = copy_for_compile(func, *level);
  if (*level == IND_LEVEL_KERNEL)
    return NULL;
  IndStageRequest req;
  memset(&req, 0, sizeof req);
  req.value[IND_STAGE_FUSE] = o->fuse;
  req.value[IND_STAGE_CODEGEN] = "";
  req.overrides = o->overrides;
  req.n_overrides = o->n_overrides;
  MlirOperation op = mlirModuleGetOperation(*out);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(mlirOperationGetContext(op), ind_str("builtin.module"));
  char err[1024] = "";
  IndStatus st = NULL;
  if (!ind_stages_add(mlirPassManagerGetAsOpPassManager(pm), op, &req, err, sizeof err))
    st = ind_status_create("%s", err);
  for (int i = 0; !st && i < o->n_overrides; ++i)
    if (!o->overrides[i].used)
      st = ind_status_create("compile option %s.%s: the pipeline runs no pass '%s'", o->overrides[i].pass,
                             o->overrides[i].option, o->overrides[i].pass);
  if (!st && mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, op)))
    st = ind_status_create("a compiler stage failed");
  mlirPassManagerDestroy(pm);
  if (st) {
    mlirModuleDestroy(*out);
    *out = (MlirModule){NULL};
  }
  return st;
}

/* Builds the runtime program (plan, PTX for cuda, kernel IR, source) from a kernel-level module. */
static IndStatus make_runtime(MlirModule m, const char *chip, bool ptx, const char *source, size_t source_len,
                              IndRtProgram **out) {
  MlirOperation op = mlirModuleGetOperation(m);
  IndStrBuf plan = {0}, code = {0}, kir = {0};
  const IndEmitterDef *lp = ind_emitter_lookup("launch-plan");
  bool ok = lp && mlirLogicalResultIsSuccess(lp->emit(op, &plan));
  ok = ok && (!ptx || mlirLogicalResultIsSuccess(ind_ptx_emit_chip(op, chip, &code)));
  IndStatus st = NULL;
  if (!ok)
    st = ind_status_create(lp ? "code generation failed" : "this build has no launch-plan emitter");
  if (!st) {
    ind_print_generic(op, &kir);
    st = ind_rt_program_create("<plan>", plan.data ? plan.data : "", plan.len, "<ptx>", ptx ? code.data : NULL,
                               code.len, out);
  }
  if (!st && (st = ind_rt_program_set_text(*out, "kernel-mlir", kir.data ? kir.data : "", kir.len)) == NULL && source)
    st = ind_rt_program_set_text(*out, "source-mlir", source, source_len);
  if (st && *out) {
    ind_rt_program_destroy(*out);
    *out = NULL;
  }
  ind_strbuf_free(&plan);
  ind_strbuf_free(&code);
  ind_strbuf_free(&kir);
  return st;
}

/* JIT-compiles the kernel-level module m (which the program keeps, lowered: its types are the entry's). */
static bool make_jit(IndProgram *p, MlirModule m, int opt_level) {
  if (mlirModuleIsNull(m))
    return false;
  p->jit = ind_jit_compile(m, "call", opt_level);
  if (!p->jit) {
    mlirModuleDestroy(m);
    return false;
  }
  p->jit_module = m;
  return true;
}

IndStatus ind_session_build(IndCompiler *c, MlirModule kernel, MlirOperation source, const IndSessionOptions *o,
                            IndProgram **out) {
  *out = NULL;
  IndProgram *p = calloc(1, sizeof *p);
  if (!p)
    return ind_status_create("out of memory");
  p->c = c;
  p->device = o->cuda ? IND_DEVICE_CUDA : IND_DEVICE_CPU;
  IndStrBuf s = {0}; /* the source for the reference: the function alone */
  if (!mlirOperationIsNull(source)) {
    MlirModule one = mlirModuleCreateEmpty(mlirOperationGetLocation(source));
    mlirBlockAppendOwnedOperation(mlirModuleGetBody(one), mlirOperationClone(source));
    ind_print_generic(mlirModuleGetOperation(one), &s);
    mlirModuleDestroy(one);
  }
  IndStatus st = NULL;
  if (!(o->jit_only && !o->cuda))
    st = make_runtime(kernel, o->chip ? o->chip : IND_PTX_DEFAULT_CHIP, o->cuda, s.data, s.len, &p->rt);
  ind_strbuf_free(&s);
  if (!st && !o->cuda &&
      !make_jit(p, mlirModuleFromOperation(mlirOperationClone(mlirModuleGetOperation(kernel))), o->opt_level))
    st = ind_status_create("the CPU JIT failed");
  if (st) {
    ind_program_destroy(p);
    return st;
  }
  *out = p;
  return NULL;
}

/* --- compiling --------------------------------------------------------------------------------- */

/* Parses and checks the text, then compiles its chosen function through the session. */
static IndStatus compile_module(IndCompiler *c, const char *text, size_t len, const IndCompileOptions *o,
                                IndProgram **out) {
  MlirModule src = ind_parse_module(c->ic.ctx, text, len);
  if (mlirModuleIsNull(src))
    return ind_status_create("parse");
  IndStatus st = NULL;
  MlirOperation top = mlirModuleGetOperation(src);
  const char *fname = opt_get(o, "func", NULL);
  MlirOperation found = {NULL};
  int count = 0;
  if (!mlirOperationVerify(top))
    st = ind_status_create("verify");
  else {
    count = ind_find_func(top, fname, &found);
    if (count != 1)
      st = ind_status_create(fname        ? "no func.func named '%s'"
                             : count == 0 ? "the program has no func.func%s"
                                          : "the program has several functions: choose one with func=NAME%s",
                             fname ? fname : "");
  }
  IndPassOverride ov[MAX_OPTIONS];
  char pass[MAX_OPTIONS][128];
  IndSessionOptions so;
  memset(&so, 0, sizeof so);
  so.fuse = opt_get(o, "fuse", NULL);
  so.overrides = ov;
  so.n_overrides = collect_overrides(o, ov, pass);
  so.cuda = !strcmp(opt_get(o, "device", "cpu"), "cuda");
  so.chip = opt_get(o, "target", NULL);
  so.opt_level = opt_get(o, "opt-level", "2")[0] - '0';
  int level = 0;
  MlirModule m = {NULL};
  if (!st)
    st = ind_session_lower(found, &so, &m, &level);
  if (!st)
    st = ind_session_build(c, m, level != IND_LEVEL_KERNEL ? found : (MlirOperation){NULL}, &so, out);
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  mlirModuleDestroy(src);
  return st;
}

IndStatus ind_compile(IndCompiler *c, const char *text, size_t len, const char *name, const IndCompileOptions *opts,
                      IndProgram **out) {
  *out = NULL;
  if (!c || !text)
    return ind_status_create("ind_compile: compiler and text must not be NULL");
  diag_begin(c, name ? name : "<input>");
  IndProgram *p = NULL;
  IndStatus st = compile_module(c, text, len, opts, &p);
  int nerrors = c->diag.nerrors;
  char *diags = diag_end(c);
  if (st || nerrors) {
    IndStatus e = fail_with(diags, "cannot compile '%s' (%s)", name ? name : "<input>", ind_status_message(st));
    ind_status_destroy(st);
    ind_program_destroy(p);
    return e;
  }
  p->diagnostics = diags;
  *out = p;
  return NULL;
}

IndStatus ind_compile_file(IndCompiler *c, const char *path, const IndCompileOptions *opts, IndProgram **out) {
  *out = NULL;
  size_t len = 0;
  char err[1024];
  char *text = ind_read_file(path, &len, err, sizeof err);
  if (!text)
    return ind_status_create("%s", err);
  IndStatus st = ind_compile(c, text, len, path, opts, out);
  free(text);
  return st;
}

IndStatus ind_program_save(const IndProgram *p, const char *path) {
  return p->rt ? ind_rt_program_save(p->rt, path)
               : ind_status_create("the program has no launch plan to save (built for the CPU JIT alone)");
}

IndStatus ind_program_load(IndCompiler *c, const char *path, IndProgram **out) {
  *out = NULL;
  IndProgram *p = calloc(1, sizeof *p);
  if (!p)
    return ind_status_create("out of memory");
  p->c = c;
  IndStatus st = ind_rt_program_load_file(path, &p->rt);
  if (st) {
    free(p);
    return st;
  }
  p->device = ind_rt_program_ptx(p->rt, NULL) ? IND_DEVICE_CUDA : IND_DEVICE_CPU;
  p->diagnostics = strdup("");
  *out = p;
  return NULL;
}

/* --- inspection -------------------------------------------------------------------------------- */

IndDevice ind_program_device(const IndProgram *p) { return p->device; }
const char *ind_program_diagnostics(const IndProgram *p) { return p->diagnostics ? p->diagnostics : ""; }
/* A JIT-only program's inputs and outputs: the JIT entry's memref types. */
static IndTensorInfo jit_info(MlirType t) {
  IndTensorInfo info;
  memset(&info, 0, sizeof info);
  IndElementType dt;
  info.name = "";
  if (!ind_shape_from_mlir(t, &dt, &info.rank, info.shape))
    return info;
  info.type = dt;
  info.numel = 1;
  for (int d = 0; d < info.rank; ++d)
    info.numel *= info.shape[d];
  info.bytes = info.numel * (int64_t)ind_dtype_size(dt);
  return info;
}

int ind_program_num_inputs(const IndProgram *p) {
  return p->rt ? ind_rt_program_num_inputs(p->rt) : ind_jit_num_inputs(p->jit);
}
int ind_program_num_outputs(const IndProgram *p) {
  return p->rt ? ind_rt_program_num_outputs(p->rt) : ind_jit_num_outputs(p->jit);
}
IndTensorInfo ind_program_input(const IndProgram *p, int i) {
  return p->rt ? ind_rt_program_input(p->rt, i) : jit_info(ind_jit_input_type(p->jit, i));
}
IndTensorInfo ind_program_output(const IndProgram *p, int i) {
  return p->rt ? ind_rt_program_output(p->rt, i) : jit_info(ind_jit_output_type(p->jit, i));
}
int ind_program_num_steps(const IndProgram *p) { return p->rt ? ind_rt_program_num_steps(p->rt) : 0; }
IndStepInfo ind_program_step(const IndProgram *p, int i) { return ind_rt_program_step(p->rt, i); }
/* A section of the runtime program, NULL (and *len 0) for a JIT-only program. */
static const char *rt_section(const IndProgram *p, const char *section, size_t *len) {
  if (!p->rt) {
    if (len)
      *len = 0;
    return NULL;
  }
  return !strcmp(section, "plan")  ? ind_rt_program_plan(p->rt, len)
         : !strcmp(section, "ptx") ? ind_rt_program_ptx(p->rt, len)
                                   : ind_rt_program_text(p->rt, section, len);
}
const char *ind_program_launch_plan(const IndProgram *p, size_t *len) { return rt_section(p, "plan", len); }
const char *ind_program_ptx(const IndProgram *p, size_t *len) { return rt_section(p, "ptx", len); }
const char *ind_program_kernel_ir(const IndProgram *p, size_t *len) { return rt_section(p, "kernel-mlir", len); }
const IndRtProgram *ind_program_runtime(const IndProgram *p) { return p->rt; }

/* --- running ----------------------------------------------------------------------------------- */

static bool contiguous(const IndMemRef *m) {
  int64_t stride = 1;
  if (m->offset != 0)
    return false;
  for (int d = m->rank - 1; d >= 0; --d) {
    if (m->sizes[d] != 1 && m->strides[d] != stride)
      return false;
    stride *= m->sizes[d];
  }
  return true;
}

static IndStatus ensure_jit(IndProgram *p) {
  if (p->jit)
    return NULL;
  size_t klen = 0;
  const char *kir = rt_section(p, "kernel-mlir", &klen);
  if (!p->c || !kir)
    return ind_status_create("the program cannot run on the CPU: %s",
                             !p->c ? "it was loaded without a compiler" : "its file has no kernel-mlir section");
  diag_begin(p->c, "<kernel-mlir>");
  bool ok = make_jit(p, mlirModuleCreateParse(p->c->ic.ctx, (MlirStringRef){kir, klen}), 2);
  char *diags = diag_end(p->c);
  if (!ok)
    return fail_with(diags, "the CPU JIT failed");
  free(diags);
  return NULL;
}

IndStatus ind_program_run_cpu(IndProgram *p, const void *const *inputs, void *const *outputs) {
  IndStatus st = ensure_jit(p);
  if (st)
    return st;
  int nin = ind_jit_num_inputs(p->jit), nout = ind_jit_num_outputs(p->jit);
  if (nin != ind_program_num_inputs(p) || nout != ind_program_num_outputs(p))
    return ind_status_create("internal error: the JIT entry takes %d inputs and returns %d outputs, the plan %d and %d",
                             nin, nout, ind_program_num_inputs(p), ind_program_num_outputs(p));
  /* on the heap: IND_JIT_MAX_ARGS descriptors of each side would take a thread's stack */
  IndMemRef *min = calloc((size_t)nin + 1, sizeof *min), *mout = calloc((size_t)nout + 1, sizeof *mout);
  void **tmp = calloc((size_t)nin + 1, sizeof *tmp);
  if (!min || !mout || !tmp)
    abort();
  for (int k = 0; k < nin && !st; ++k) {
    MlirType t = ind_jit_input_type(p->jit, k);
    size_t es = ind_memref_elem_size(mlirShapedTypeGetElementType(t));
    IndTensorInfo info = ind_program_input(p, k);
    if (!ind_memref_init(&min[k], t, (void *)inputs[k])) {
      st = ind_status_create("input %d: unsupported argument type", k);
      break;
    }
    if (contiguous(&min[k]))
      continue;
    int64_t span = ind_memref_storage_elems(t);
    tmp[k] = calloc((size_t)(span > 0 ? span : 1), es);
    if (!tmp[k] || !ind_memref_init(&min[k], t, tmp[k])) {
      st = ind_status_create("out of memory");
      break;
    }
    for (int64_t i = 0; i < info.numel; ++i)
      memcpy((char *)tmp[k] + ind_memref_offset_of(&min[k], i) * (int64_t)es, (const char *)inputs[k] + i * (int64_t)es,
             es);
  }
  if (!st) {
    diag_begin(p->c, "<run>");
    bool ok = ind_jit_invoke(p->jit, min, mout);
    char *diags = diag_end(p->c);
    if (!ok)
      st = fail_with(diags, "the CPU run failed");
    else
      free(diags);
  }
  if (!st) {
    for (int k = 0; k < nout; ++k) {
      IndTensorInfo info = ind_program_output(p, k);
      size_t es = ind_element_type_size(info.type);
      if (contiguous(&mout[k]))
        memcpy(outputs[k], mout[k].aligned, (size_t)info.bytes);
      else
        for (int64_t i = 0; i < info.numel; ++i)
          memcpy((char *)outputs[k] + i * (int64_t)es,
                 (const char *)mout[k].aligned + ind_memref_offset_of(&mout[k], i) * (int64_t)es, es);
    }
    ind_jit_free_outputs(mout, nout, min, nin);
  }
  for (int k = 0; k < nin; ++k)
    free(tmp[k]);
  free(tmp);
  free(mout);
  free(min);
  return st;
}

IndStatus ind_session_reference(MlirOperation func, const IndTensor *in, int n_in, bool unrounded, IndTensor **out,
                                int *n_out) {
  *out = NULL;
  *n_out = 0;
  int room = ind_interp_num_outputs(func);
  IndTensor *t = calloc((size_t)room + 1, sizeof *t);
  if (!t)
    return ind_status_create("out of memory");
  MlirLogicalResult r = unrounded ? ind_interp_func_unrounded(func, in, n_in, t, room, n_out)
                                  : ind_interp_func(func, in, n_in, t, room, n_out);
  if (mlirLogicalResultIsFailure(r)) {
    free(t);
    return ind_status_create("the reference interpreter failed");
  }
  *out = t;
  return NULL;
}

/* The reference run of the program's source `func` on dense buffers of the program's types. */
static IndStatus reference(IndProgram *p, MlirOperation func, const void *const *inputs, void *const *outputs) {
  int nin = ind_program_num_inputs(p), nout = ind_program_num_outputs(p);
  IndTensor *in = calloc((size_t)nin + 1, sizeof *in), *out = NULL;
  if (!in)
    abort();
  int made = 0, n_out = 0;
  IndStatus st = NULL;
  for (; made < nin && !st; ++made) {
    IndTensorInfo t = ind_program_input(p, made);
    IndElementType dt = t.type;
    if (!ind_dtype_supported(dt) || !ind_tensor_from_dense(&in[made], dt, t.rank, t.shape, inputs[made])) {
      st = ind_status_create("input %d: unsupported dtype %s", made, ind_element_type_name(t.type));
      break;
    }
  }
  if (!st)
    st = ind_session_reference(func, in, nin, false, &out, &n_out);
  if (!st && n_out != nout)
    st = ind_status_create("the reference returned %d outputs, the program has %d", n_out, nout);
  for (int k = 0; !st && k < nout; ++k) {
    IndTensorInfo t = ind_program_output(p, k);
    IndElementType dt = t.type;
    if (!ind_dtype_supported(dt) || out[k].numel != t.numel) {
      st = ind_status_create("output %d: the reference's shape or dtype differs from the program's", k);
      break;
    }
    ind_tensor_to_dense(&out[k], dt, outputs[k]);
  }
  for (int k = 0; k < made; ++k)
    ind_tensor_free(&in[k]);
  for (int k = 0; k < n_out; ++k)
    ind_tensor_free(&out[k]);
  free(out);
  free(in);
  return st;
}

IndStatus ind_program_run_reference(IndProgram *p, const void *const *inputs, void *const *outputs) {
  size_t len = 0;
  const char *src = rt_section(p, "source-mlir", &len);
  if (!p->c || !src)
    return ind_status_create("no reference: %s", !p->c ? "the program was loaded without a compiler"
                                                       : "the program has no source (compiled from kernel IR?)");
  diag_begin(p->c, "<source-mlir>");
  MlirModule m = ind_parse_module(p->c->ic.ctx, src, len);
  IndStatus st = NULL;
  if (mlirModuleIsNull(m)) {
    st = ind_status_create("the stored source does not parse");
  } else {
    MlirOperation func;
    st = ind_find_func(mlirModuleGetOperation(m), NULL, &func) == 1
             ? reference(p, func, inputs, outputs)
             : ind_status_create("the stored source has no function");
    mlirModuleDestroy(m);
  }
  char *diags = diag_end(p->c);
  if (st) {
    IndStatus e = fail_with(diags, "%s", ind_status_message(st));
    ind_status_destroy(st);
    return e;
  }
  free(diags);
  return NULL;
}

/* The program's CUDA module, loaded on first use. */
static IndStatus cuda_module(IndProgram *p) {
  if (!p->rt)
    return ind_status_create("the program cannot run on the GPU: it was built for the CPU JIT alone");
  return p->cuda ? NULL : ind_cuda_module_load(p->rt, NULL, &p->cuda);
}

IndStatus ind_program_run_cuda(IndProgram *p, const uint64_t *inputs, const uint64_t *outputs, void *stream) {
  IndStatus st = cuda_module(p);
  return st ? st : ind_cuda_module_run(p->cuda, inputs, outputs, stream);
}

IndStatus ind_program_cuda_scratch_bytes(IndProgram *p, size_t *bytes) {
  *bytes = 0;
  IndStatus st = cuda_module(p);
  if (!st)
    *bytes = ind_cuda_module_scratch_bytes(p->cuda);
  return st;
}

IndStatus ind_program_run_cuda_scratch(IndProgram *p, const uint64_t *inputs, const uint64_t *outputs, uint64_t scratch,
                                       void *stream) {
  IndStatus st = cuda_module(p);
  return st ? st : ind_cuda_module_run_scratch(p->cuda, inputs, outputs, scratch, stream);
}

IndStatus ind_program_cuda_module(IndProgram *p, IndCudaModule **out) {
  IndStatus st = cuda_module(p);
  *out = st ? NULL : p->cuda;
  return st;
}
