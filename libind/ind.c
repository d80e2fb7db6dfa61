/* ind.c - libind: the public C API of include/ind/ind.h over the compiler (dialects, every stage, the
 * PTX and launch-plan emitters, the CPU JIT, the reference interpreter) and the runtime. The top floor:
 * it registers every stage. docs/tools/libind.md is the user's page. */
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

/* Diagnostics of one call go to a memory stream; `name` is shown for locations without a file. */
static void diag_begin(IndCompiler *c, const char *name) {
  c->diag_text = NULL;
  c->diag_len = 0;
  c->diag_out = open_memstream(&c->diag_text, &c->diag_len);
  c->diag.out = c->diag_out ? c->diag_out : stderr;
  c->diag.display_name = name;
  c->diag.nerrors = 0;
}

/* Ends the capture; returns the text (malloc'ed, "" when none). */
static char *diag_end(IndCompiler *c) {
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
  IndCompiler *c; /* NULL for a GPU-only program */
  IndDevice device;
  IndRtProgram *rt;
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

/* The stages from the module's level through codegen: ind_stages_add with what `ind-opt [--fuse=S] --codegen`
 * asks (so that a compile here and that command line run the same passes) and the PASS.OPTION options. */
static bool add_stages(MlirOpPassManager pm, MlirOperation module, const IndCompileOptions *o, char *err,
                       size_t errlen) {
  if (ind_module_level(module) == IND_LEVEL_KERNEL)
    return true;
  IndPassOverride ov[MAX_OPTIONS];
  char pass[MAX_OPTIONS][128];
  int key_of[MAX_OPTIONS], n = 0;
  for (int i = 0; o && i < o->n; ++i) {
    const char *dot = strchr(o->key[i], '.');
    if (!dot)
      continue;
    snprintf(pass[n], sizeof pass[n], "%.*s", (int)(dot - o->key[i]), o->key[i]);
    ov[n] = (IndPassOverride){pass[n], dot + 1, o->value[i], false};
    key_of[n++] = i;
  }
  IndStageRequest req;
  memset(&req, 0, sizeof req);
  req.value[IND_STAGE_FUSE] = opt_get(o, "fuse", NULL);
  req.value[IND_STAGE_CODEGEN] = "";
  req.overrides = ov;
  req.n_overrides = n;
  if (!ind_stages_add(pm, module, &req, err, errlen))
    return false;
  for (int i = 0; i < n; ++i)
    if (!ov[i].used) {
      snprintf(err, errlen, "compile option %s: the pipeline runs no pass '%s'", o->key[key_of[i]], pass[i]);
      return false;
    }
  return true;
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

/* JIT-compiles the kernel-level text (a fresh module in the compiler's context). */
static bool make_jit(IndProgram *p, const char *kir, size_t len, int opt_level) {
  MlirModule m = mlirModuleCreateParse(p->c->ic.ctx, (MlirStringRef){kir, len});
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

static IndStatus compile_module(IndCompiler *c, const char *text, size_t len, const IndCompileOptions *o,
                                IndProgram *p) {
  MlirModule src = ind_parse_module(c->ic.ctx, text, len);
  if (mlirModuleIsNull(src))
    return ind_status_create("parse");
  IndStatus st = NULL;
  MlirOperation top = mlirModuleGetOperation(src);
  const char *fname = opt_get(o, "func", NULL);
  MlirOperation found = {NULL};
  int count = 0;
  bool ok = mlirOperationVerify(top);
  if (!ok)
    st = ind_status_create("verify");
  else {
    count = ind_find_func(top, fname, &found);
    if (count != 1)
      st = ind_status_create(fname        ? "no func.func named '%s'"
                             : count == 0 ? "the program has no func.func%s"
                                          : "the program has several functions: choose one with func=NAME%s",
                             fname ? fname : "");
  }
  int level = st ? 0 : ind_module_level(top);
  MlirModule m = {NULL};
  if (!st) {
    if (level == IND_LEVEL_KERNEL) {
      m = mlirModuleFromOperation(mlirOperationClone(top));
    } else {
      m = mlirModuleCreateEmpty(mlirOperationGetLocation(found));
      mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), mlirOperationClone(found));
    }
    MlirPassManager pm = mlirPassManagerCreateOnOperation(c->ic.ctx, ind_str("builtin.module"));
    char err[1024] = "";
    MlirOperation mop = mlirModuleGetOperation(m);
    if (!add_stages(mlirPassManagerGetAsOpPassManager(pm), mop, o, err, sizeof err))
      st = ind_status_create("%s", err);
    else if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, mop)))
      st = ind_status_create("a compiler stage failed");
    mlirPassManagerDestroy(pm);
  }
  bool cuda = !strcmp(opt_get(o, "device", "cpu"), "cuda");
  if (!st) {
    /* the source for the reference: the chosen function alone (graph/ind/sched levels) */
    IndStrBuf s = {0};
    if (level != IND_LEVEL_KERNEL) {
      MlirModule one = mlirModuleCreateEmpty(mlirOperationGetLocation(found));
      mlirBlockAppendOwnedOperation(mlirModuleGetBody(one), mlirOperationClone(found));
      ind_print_generic(mlirModuleGetOperation(one), &s);
      mlirModuleDestroy(one);
    }
    st = make_runtime(m, opt_get(o, "target", IND_PTX_DEFAULT_CHIP), cuda, s.data, s.len, &p->rt);
    ind_strbuf_free(&s);
  }
  p->device = cuda ? IND_DEVICE_CUDA : IND_DEVICE_CPU;
  if (!st && !cuda) {
    size_t klen = 0;
    const char *kir = ind_rt_program_text(p->rt, "kernel-mlir", &klen);
    if (!make_jit(p, kir, klen, opt_get(o, "opt-level", "2")[0] - '0'))
      st = ind_status_create("the CPU JIT failed");
  }
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
  IndProgram *p = calloc(1, sizeof *p);
  if (!p)
    return ind_status_create("out of memory");
  p->c = c;
  diag_begin(c, name ? name : "<input>");
  IndStatus st = compile_module(c, text, len, opts, p);
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

IndStatus ind_program_save(const IndProgram *p, const char *path) { return ind_rt_program_save(p->rt, path); }

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
int ind_program_num_inputs(const IndProgram *p) { return ind_rt_program_num_inputs(p->rt); }
int ind_program_num_outputs(const IndProgram *p) { return ind_rt_program_num_outputs(p->rt); }
IndTensorInfo ind_program_input(const IndProgram *p, int i) { return ind_rt_program_input(p->rt, i); }
IndTensorInfo ind_program_output(const IndProgram *p, int i) { return ind_rt_program_output(p->rt, i); }
int ind_program_num_steps(const IndProgram *p) { return ind_rt_program_num_steps(p->rt); }
IndStepInfo ind_program_step(const IndProgram *p, int i) { return ind_rt_program_step(p->rt, i); }
const char *ind_program_launch_plan(const IndProgram *p, size_t *len) { return ind_rt_program_plan(p->rt, len); }
const char *ind_program_ptx(const IndProgram *p, size_t *len) { return ind_rt_program_ptx(p->rt, len); }
const char *ind_program_kernel_ir(const IndProgram *p, size_t *len) {
  return ind_rt_program_text(p->rt, "kernel-mlir", len);
}
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
  const char *kir = ind_rt_program_text(p->rt, "kernel-mlir", &klen);
  if (!p->c || !kir)
    return ind_status_create("the program cannot run on the CPU: %s",
                             !p->c ? "it was loaded without a compiler" : "its file has no kernel-mlir section");
  diag_begin(p->c, "<kernel-mlir>");
  bool ok = make_jit(p, kir, klen, 2);
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

static IndStatus reference(IndProgram *p, MlirOperation func, const void *const *inputs, void *const *outputs) {
  int nin = ind_program_num_inputs(p), nout = ind_program_num_outputs(p);
  IndTensor *in = calloc((size_t)nin + 1, sizeof *in), *out = calloc(IND_JIT_MAX_ARGS, sizeof *out);
  if (!in || !out)
    abort();
  int made = 0, n_out = 0;
  IndStatus st = NULL;
  for (; made < nin && !st; ++made) {
    IndTensorInfo t = ind_program_input(p, made);
    IndDType dt;
    if (!ind_dtype_from_element(t.type, &dt) || !ind_tensor_init(&in[made], dt, t.rank, t.shape)) {
      st = ind_status_create("input %d: unsupported dtype %s", made, ind_element_type_name(t.type));
      break;
    }
    size_t es = ind_element_type_size(t.type);
    for (int64_t i = 0; i < t.numel; ++i)
      ind_tensor_load_elem(&in[made], i, (const char *)inputs[made] + i * (int64_t)es);
  }
  if (!st && mlirLogicalResultIsFailure(ind_interp_func(func, in, nin, out, IND_JIT_MAX_ARGS, &n_out)))
    st = ind_status_create("the reference interpreter failed");
  if (!st && n_out != nout)
    st = ind_status_create("the reference returned %d outputs, the program has %d", n_out, nout);
  for (int k = 0; !st && k < nout; ++k) {
    IndTensorInfo t = ind_program_output(p, k);
    IndDType dt;
    if (!ind_dtype_from_element(t.type, &dt) || out[k].numel != t.numel) {
      st = ind_status_create("output %d: the reference's shape or dtype differs from the program's", k);
      break;
    }
    size_t es = ind_element_type_size(t.type);
    for (int64_t i = 0; i < t.numel; ++i)
      if (out[k].dtype == dt)
        ind_tensor_store_elem(&out[k], i, (char *)outputs[k] + i * (int64_t)es); /* integers exactly */
      else
        ind_storage_store((char *)outputs[k] + i * (int64_t)es, out[k].data[i], dt);
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
  const char *src = ind_rt_program_text(p->rt, "source-mlir", &len);
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

IndStatus ind_program_run_cuda(IndProgram *p, const uint64_t *inputs, const uint64_t *outputs, void *stream) {
  if (!p->cuda) {
    IndStatus st = ind_cuda_module_load(p->rt, NULL, &p->cuda);
    if (st)
      return st;
  }
  return ind_cuda_module_run(p->cuda, inputs, outputs, stream);
}
