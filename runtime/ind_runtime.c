/* ind_runtime.c - ind's GPU runtime: programs (plan + PTX), the program file, and running them through
 * a dlopen'ed CUDA driver; see include/ind/runtime.h. libc only (plus cuda.h for the driver's types). */
#define _POSIX_C_SOURCE 200809L

#include "ind/checked.h"
#include "ind/runtime.h"
#include "lib/elem_type.h"
#include "lib/json.h"
#include "lib/mm_dims.h"

#include <cuda.h>
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- status ---------------------------------------------------------------------------------- */

struct IndStatusImpl {
  char *message;
  /* a located status (ind_status_location): the source file, line and column, and where the message's text
   * after "file:line:col: error: " starts */
  char *file;
  int line, col;
  size_t text_at;
};

static IndStatus status_vcreate(const char *fmt, va_list ap) {
  IndStatus s = calloc(1, sizeof *s);
  if (!s)
    return (IndStatus)(uintptr_t)1; /* never dereferenced as a message: see ind_status_message */
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  s->message = malloc(n > 0 ? (size_t)n + 1 : 1);
  if (s->message)
    vsnprintf(s->message, (size_t)n + 1, fmt, ap2);
  va_end(ap2);
  return s;
}

IndStatus ind_status_create(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  IndStatus s = status_vcreate(fmt, ap);
  va_end(ap);
  return s;
}

const char *ind_status_message(IndStatus s) {
  if (!s)
    return "";
  if ((uintptr_t)s == 1 || !s->message)
    return "out of memory";
  return s->message;
}

void ind_status_destroy(IndStatus s) {
  if (!s || (uintptr_t)s == 1)
    return;
  free(s->message);
  free(s->file);
  free(s);
}

/* A status located in the program's source: "file:line:col: error: text" (line 0: "file: error: text", as
 * the tools' diagnostics print the top-level module's location; no file: the text alone). */
static IndStatus status_located(const char *file, int line, int col, const char *text) {
  IndStatus s;
  if (!file || !*file)
    return ind_status_create("%s", text);
  if (line > 0)
    s = ind_status_create("%s:%d:%d: error: %s", file, line, col, text);
  else
    s = ind_status_create("%s: error: %s", file, text);
  if ((uintptr_t)s == 1 || !s->message)
    return s;
  s->file = strdup(file);
  s->line = line;
  s->col = col;
  s->text_at = strlen(s->message) - strlen(text);
  return s;
}

bool ind_status_location(IndStatus s, const char **file, int *line, int *col, const char **text) {
  if (!s || (uintptr_t)s == 1 || !s->file || !s->message)
    return false;
  *file = s->file;
  *line = s->line;
  *col = s->col;
  *text = s->message + s->text_at;
  return true;
}

int ind_checked_message(char *out, size_t n, const char *what, size_t what_len, int64_t site, int64_t index,
                        int64_t lower, int64_t upper) {
  if (!what)
    return snprintf(out, n, "checked mode: site %lld (unknown) at index %lld", (long long)site, (long long)index);
  return snprintf(out, n, "checked mode: %.*s at index %lld, outside [%lld, %lld)", (int)what_len, what,
                  (long long)index, (long long)lower, (long long)upper);
}

/* --- element types --------------------------------------------------------------------------- */

/* lib/elem_type.h's table (header-only: libindrt is built without lib/). */
const char *ind_element_type_name(IndElementType t) { return ind_elem_name(t); }
size_t ind_element_type_size(IndElementType t) { return ind_elem_size(t); }
bool ind_element_type_parse(const char *name, IndElementType *out) { return ind_elem_parse(name, out); }

/* --- the plan -------------------------------------------------------------------------------- */

typedef struct Buffer {
  char *name;
  IndElementType dtype;
  int rank;
  int64_t shape[IND_MAX_RANK_PUBLIC];
  int64_t numel, bytes;
  bool is_input;
  int reuse; /* index of the buffer whose storage this one takes, or -1 */
} Buffer;

typedef struct Step {
  bool is_extern;
  char *kernel;
  unsigned grid[3], block[3], shared;
  int nargs;
  int *args;                      /* buffer indices */
  int mm_m, mm_n, mm_k, mm_batch; /* extern mm (mm_batch 0) / bmm (mm_batch >= 1) */
  bool trans_a, trans_b;          /* extern: A / B hold their matrices transposed (CUBLAS_OP_T) */
  bool bias;                      /* extern mm, "epilogue": "bias": args A, B, bias, C (cuBLASLt's BIAS epilogue) */
  IndElementType mm_type;         /* f32 (cublasSgemm), f16 or bf16 (cublasGemmEx, f32 accumulation) */
} Step;

/* A checked-mode site (the plan's "checks", include/ind/checked.h): what a device compare guards. */
typedef struct CheckSite {
  char *kernel, *what, *file;
  int line, col;
  int64_t lower, upper;
} CheckSite;

enum { N_TEXT = 3 }; /* the optional sections (k_text_sections) */

struct IndRtProgram {
  CheckSite *checks;
  int nchecks;
  Buffer *bufs;
  int nbufs, ninputs;
  Step *steps;
  int nsteps;
  int *outputs;
  int noutputs;
  bool has_mm;
  bool has_lt; /* an extern mm with a bias epilogue (cuBLASLt) */
  char *plan;
  size_t plan_len;
  char *ptx; /* NULL when absent */
  size_t ptx_len;
  char *text[N_TEXT]; /* kernel-mlir, source-mlir, cubin */
  size_t text_len[N_TEXT];
};

static const char *const k_text_sections[N_TEXT] = {"kernel-mlir", "source-mlir", "cubin"};

static int text_index(const char *section) {
  for (int i = 0; i < N_TEXT; ++i)
    if (strcmp(section, k_text_sections[i]) == 0)
      return i;
  return -1;
}

static IndStatus plan_error(const char *path, const char *fmt, const char *a, const char *b) {
  char what[512];
  snprintf(what, sizeof what, fmt, a ? a : "", b ? b : "");
  return ind_status_create("%s: malformed plan: %s", path, what);
}

static int find_buffer(const IndRtProgram *p, const char *name) {
  for (int i = 0; i < p->nbufs; ++i)
    if (strcmp(p->bufs[i].name, name) == 0)
      return i;
  return -1;
}

static bool json_is_int(const IndJson *v, double lo, double hi) {
  return v && v->kind == IND_JSON_NUMBER && v->number == floor(v->number) && v->number >= lo && v->number <= hi;
}

static IndStatus parse_buffer(const char *path, const IndJson *o, Buffer *b, bool is_input, const char *where) {
  const IndJson *name = ind_json_get(o, "name"), *dt = ind_json_get(o, "dtype"), *shape = ind_json_get(o, "shape"),
                *bytes = ind_json_get(o, "bytes");
  b->reuse = -1;
  if (!o || o->kind != IND_JSON_OBJECT || !name || name->kind != IND_JSON_STRING)
    return plan_error(path, "an entry of \"%s\" is not an object with a string \"name\"%s", where, NULL);
  b->name = strdup(name->string);
  b->is_input = is_input;
  if (!b->name)
    return plan_error(path, "out of memory%s%s", NULL, NULL);
  if (!dt || dt->kind != IND_JSON_STRING)
    return plan_error(path, "buffer %s has no string \"dtype\"%s", b->name, NULL);
  if (!ind_element_type_parse(dt->string, &b->dtype))
    return plan_error(path, "buffer %s has unknown dtype \"%s\"", b->name, dt->string);
  if (!shape || shape->kind != IND_JSON_ARRAY || shape->count > IND_MAX_RANK_PUBLIC)
    return plan_error(path, "buffer %s has no \"shape\" array (of rank <= 8)%s", b->name, NULL);
  b->rank = shape->count;
  b->numel = 1;
  for (int i = 0; i < shape->count; ++i) {
    if (!json_is_int(shape->items[i], 0, 1e12))
      return plan_error(path, "buffer %s has a shape entry that is not a non-negative integer%s", b->name, NULL);
    b->shape[i] = (int64_t)shape->items[i]->number;
    b->numel *= b->shape[i];
    if (b->numel > (int64_t)1 << 40)
      return plan_error(path, "buffer %s is too large%s", b->name, NULL);
  }
  b->bytes = b->numel * (int64_t)ind_elem_size(b->dtype);
  if (!json_is_int(bytes, 0, 1e15) || (int64_t)bytes->number != b->bytes)
    return plan_error(path, "buffer %s: \"bytes\" is missing or disagrees with shape and dtype%s", b->name, NULL);
  return NULL;
}

static IndStatus parse_dims(const char *path, const IndJson *a, unsigned out[3], const char *what, const char *kernel) {
  if (!a || a->kind != IND_JSON_ARRAY || a->count != 3)
    return plan_error(path, "launch of %s: \"%s\" is not an array of 3 integers", kernel, what);
  for (int i = 0; i < 3; ++i) {
    if (!json_is_int(a->items[i], 1, 2147483647.0))
      return plan_error(path, "launch of %s: \"%s\" has an entry that is not a positive integer", kernel, what);
    out[i] = (unsigned)a->items[i]->number;
  }
  return NULL;
}

/* Checks an extern mm (C[m,n] = op(A)[m,k] op(B)[k,n]) or bmm (per batch of C[b,m,n]) step: operands of
 * one dtype (f32, f16 or bf16), dims within cuBLAS's int. C has the product's shape; A and B are read as
 * the contiguous arrays they hold (any shape: a reshape of a buffer is the buffer): A holds [b, m, k], or
 * [b, k, m] when its "transpose" flag is set, B [b, k, n] or [b, n, k]; so k = numel(A) / (b m), and an
 * operand of the product's rank must have exactly the shape it holds: lib/mm_dims.h, the rule every layer
 * of the compiler checks (libc-only, like lib/json.h). */
static IndStatus check_mm(const char *path, const IndRtProgram *p, Step *s, bool batched) {
  const char *what = batched ? "bmm" : "mm";
  int rank = batched ? 3 : 2;
  if (s->nargs != (s->bias ? 4 : 3))
    return plan_error(path, "extern %s needs %s", what, s->bias ? "4 args (A, B, bias, C)" : "3 args (A, B, C)");
  const Buffer *a = &p->bufs[s->args[0]], *b = &p->bufs[s->args[1]], *c = &p->bufs[s->args[s->nargs - 1]];
  bool typed = a->dtype == IND_ELEM_F32 || a->dtype == IND_ELEM_F16 || a->dtype == IND_ELEM_BF16;
  if (!typed || b->dtype != a->dtype || c->dtype != a->dtype || c->rank != rank)
    return plan_error(path, "extern %s supports only %s results and operands of one dtype, f32, f16 or bf16", what,
                      batched ? "3-D" : "2-D");
  s->mm_type = a->dtype;
  IndMmDims d;
  const char *why;
  if (!ind_mm_dims(batched, c->shape, c->rank, a->numel, b->numel, s->trans_a, s->trans_b, &d, &why) ||
      !ind_mm_operand_shape_ok(&d, batched, 0, a->shape, a->rank) ||
      !ind_mm_operand_shape_ok(&d, batched, 1, b->shape, b->rank))
    return plan_error(path, "extern mm: shapes of %s and %s do not match C = A @ B", a->name, b->name);
  int64_t nb = d.batch, m = d.m, n = d.n, k = d.k;
  if (nb > 2147483647 || m > 2147483647 || n > 2147483647 || k > 2147483647)
    return plan_error(path, "extern %s: dimension too large for cuBLAS%s", what, NULL);
  if (s->bias) { /* n elements of C's type, read as a contiguous vector */
    const Buffer *x = &p->bufs[s->args[2]];
    char nstr[32];
    snprintf(nstr, sizeof nstr, "%lld", (long long)n);
    if (x->dtype != c->dtype || x->numel != n)
      return plan_error(path, "extern mm: the bias %s must hold n = %s elements of C's dtype", x->name, nstr);
  }
  s->mm_batch = batched ? (int)nb : 0;
  s->mm_m = (int)m;
  s->mm_k = (int)k;
  s->mm_n = (int)n;
  return NULL;
}

/* An extern step's optional "transpose": [a, b] (absent: neither operand transposed). */
static IndStatus parse_transpose(const char *path, const IndJson *o, Step *s) {
  const IndJson *t = ind_json_get(o, "transpose");
  s->trans_a = s->trans_b = false;
  if (!t)
    return NULL;
  if (t->kind != IND_JSON_ARRAY || t->count != 2 || t->items[0]->kind != IND_JSON_BOOL ||
      t->items[1]->kind != IND_JSON_BOOL)
    return plan_error(path, "extern %s: \"transpose\" is not an array of two booleans%s", s->kernel, NULL);
  s->trans_a = t->items[0]->boolean;
  s->trans_b = t->items[1]->boolean;
  return NULL;
}

static IndStatus parse_step(const char *path, const IndJson *o, IndRtProgram *p, Step *s) {
  const IndJson *op = ind_json_get(o, "op"), *kernel = ind_json_get(o, "kernel"), *args = ind_json_get(o, "args");
  if (!op || op->kind != IND_JSON_STRING || !kernel || kernel->kind != IND_JSON_STRING)
    return plan_error(path, "a step lacks string \"op\" and \"kernel\"%s%s", NULL, NULL);
  s->kernel = strdup(kernel->string);
  if (!s->kernel)
    return plan_error(path, "out of memory%s%s", NULL, NULL);
  if (!args || args->kind != IND_JSON_ARRAY)
    return plan_error(path, "step %s has no \"args\" array%s", s->kernel, NULL);
  s->nargs = args->count;
  s->args = calloc((size_t)args->count + 1, sizeof *s->args);
  if (!s->args)
    return plan_error(path, "out of memory%s%s", NULL, NULL);
  for (int i = 0; i < args->count; ++i) {
    const IndJson *a = args->items[i];
    if (a->kind != IND_JSON_STRING)
      return plan_error(path, "step %s: an argument is not a string%s", s->kernel, NULL);
    s->args[i] = find_buffer(p, a->string);
    if (s->args[i] < 0)
      return plan_error(path, "step %s uses unknown buffer \"%s\"", s->kernel, a->string);
  }
  if (strcmp(op->string, "extern") == 0) {
    s->is_extern = true;
    bool batched = strcmp(s->kernel, "bmm") == 0;
    if (!batched && strcmp(s->kernel, "mm") != 0)
      return plan_error(path, "unsupported extern kernel \"%s\" (only mm and bmm)%s", s->kernel, NULL);
    p->has_mm = true;
    const IndJson *ep = ind_json_get(o, "epilogue");
    if (ep && (batched || ep->kind != IND_JSON_STRING || strcmp(ep->string, "bias") != 0))
      return plan_error(path, "extern %s: unsupported \"epilogue\" (only \"bias\", of an mm)%s", s->kernel, NULL);
    s->bias = ep != NULL;
    p->has_lt |= s->bias;
    IndStatus st = parse_transpose(path, o, s);
    return st ? st : check_mm(path, p, s, batched);
  }
  if (strcmp(op->string, "launch") != 0)
    return plan_error(path, "unknown step op \"%s\"%s", op->string, NULL);
  IndStatus st = parse_dims(path, ind_json_get(o, "grid"), s->grid, "grid", s->kernel);
  if (!st)
    st = parse_dims(path, ind_json_get(o, "block"), s->block, "block", s->kernel);
  if (st)
    return st;
  if ((uint64_t)s->block[0] * s->block[1] * s->block[2] > 1024)
    return plan_error(path, "launch of %s: more than 1024 threads per block%s", s->kernel, NULL);
  if (s->grid[1] > 65535 || s->grid[2] > 65535)
    return plan_error(path, "launch of %s: grid y/z above 65535%s", s->kernel, NULL);
  const IndJson *sh = ind_json_get(o, "shared");
  if (sh && !json_is_int(sh, 0, 232448))
    return plan_error(path, "launch of %s: \"shared\" is not a byte count in [0, 227 KiB]%s", s->kernel, NULL);
  s->shared = sh ? (unsigned)sh->number : 0;
  return NULL;
}

static IndStatus parse_allocations(const char *path, const IndJson *inputs, const IndJson *allocs, IndRtProgram *p) {
  for (int i = 0; i < inputs->count + allocs->count; ++i) {
    bool is_input = i < inputs->count;
    const IndJson *o = is_input ? inputs->items[i] : allocs->items[i - inputs->count];
    Buffer *b = &p->bufs[p->nbufs];
    IndStatus st = parse_buffer(path, o, b, is_input, is_input ? "inputs" : "allocations");
    p->nbufs++; /* counted even on failure so the program's destroy frees the name */
    if (st)
      return st;
    if (find_buffer(p, b->name) != p->nbufs - 1)
      return plan_error(path, "buffer name \"%s\" is used twice%s", b->name, NULL);
    if (is_input) {
      p->ninputs++;
      continue;
    }
    const IndJson *reuse = ind_json_get(o, "reuse");
    if (reuse && reuse->kind == IND_JSON_STRING) {
      int r = find_buffer(p, reuse->string);
      if (r < 0 || r == p->nbufs - 1 || p->bufs[r].is_input)
        return plan_error(path, "allocation %s reuses \"%s\", which is not an earlier allocation", b->name,
                          reuse->string);
      if (p->bufs[r].bytes < b->bytes)
        return plan_error(path, "allocation %s reuses the smaller buffer %s", b->name, reuse->string);
      b->reuse = r;
    } else if (reuse && reuse->kind != IND_JSON_NULL) {
      return plan_error(path, "allocation %s: \"reuse\" must be null or a buffer name%s", b->name, NULL);
    }
  }
  return NULL;
}

static char *json_strdup(const IndJson *o, const char *key) {
  const IndJson *v = ind_json_get(o, key);
  return v && v->kind == IND_JSON_STRING ? strdup(v->string) : NULL;
}

/* The optional "checks": one object per check site, {"kernel", "lower", "upper", "what", "file", "line", "col"}. */
static IndStatus parse_checks(const char *path, const IndJson *checks, IndRtProgram *p) {
  if (!checks)
    return NULL;
  if (checks->kind != IND_JSON_ARRAY)
    return plan_error(path, "\"checks\" is not an array%s%s", NULL, NULL);
  p->checks = calloc((size_t)checks->count + 1, sizeof *p->checks);
  if (!p->checks)
    return plan_error(path, "out of memory%s%s", NULL, NULL);
  for (int i = 0; i < checks->count; ++i) {
    const IndJson *o = checks->items[i];
    CheckSite *c = &p->checks[p->nchecks++];
    const IndJson *lo = ind_json_get(o, "lower"), *hi = ind_json_get(o, "upper"), *line = ind_json_get(o, "line"),
                  *col = ind_json_get(o, "col");
    if (o->kind != IND_JSON_OBJECT || !(c->kernel = json_strdup(o, "kernel")) || !(c->what = json_strdup(o, "what")) ||
        !(c->file = json_strdup(o, "file")) || !json_is_int(lo, -9.0e15, 9.0e15) || !json_is_int(hi, -9.0e15, 9.0e15) ||
        !json_is_int(line, 0, 2147483647.0) || !json_is_int(col, 0, 2147483647.0)) {
      char at[32];
      snprintf(at, sizeof at, "%d", i);
      return plan_error(path,
                        "check site %s is not an object of strings \"kernel\", \"what\", \"file\" and integers "
                        "\"lower\", \"upper\", \"line\", \"col\"%s",
                        at, NULL);
    }
    c->lower = (int64_t)lo->number;
    c->upper = (int64_t)hi->number;
    c->line = (int)line->number;
    c->col = (int)col->number;
  }
  return NULL;
}

static IndStatus parse_plan(const char *path, const IndJson *root, IndRtProgram *p) {
  if (!root || root->kind != IND_JSON_OBJECT)
    return plan_error(path, "the document is not a JSON object%s%s", NULL, NULL);
  const IndJson *version = ind_json_get(root, "version"), *inputs = ind_json_get(root, "inputs"),
                *allocs = ind_json_get(root, "allocations"), *steps = ind_json_get(root, "steps"),
                *outputs = ind_json_get(root, "outputs");
  if (!json_is_int(version, 1, 1))
    return plan_error(path, "\"version\" is missing or not 1%s%s", NULL, NULL);
  if (!inputs || inputs->kind != IND_JSON_ARRAY || !allocs || allocs->kind != IND_JSON_ARRAY || !steps ||
      steps->kind != IND_JSON_ARRAY || !outputs || outputs->kind != IND_JSON_ARRAY)
    return plan_error(path, "\"inputs\", \"allocations\", \"steps\" and \"outputs\" must all be arrays%s%s", NULL,
                      NULL);
  p->bufs = calloc((size_t)(inputs->count + allocs->count) + 1, sizeof *p->bufs);
  p->steps = calloc((size_t)steps->count + 1, sizeof *p->steps);
  p->outputs = calloc((size_t)outputs->count + 1, sizeof *p->outputs);
  if (!p->bufs || !p->steps || !p->outputs)
    return plan_error(path, "out of memory%s%s", NULL, NULL);
  IndStatus st = parse_allocations(path, inputs, allocs, p);
  if (st)
    return st;
  for (int i = 0; i < steps->count; ++i) {
    const IndJson *o = steps->items[i];
    if (o->kind != IND_JSON_OBJECT)
      return plan_error(path, "a step is not an object%s%s", NULL, NULL);
    p->nsteps++;
    if ((st = parse_step(path, o, p, &p->steps[i])))
      return st;
  }
  for (int i = 0; i < outputs->count; ++i) {
    const IndJson *o = outputs->items[i];
    if (o->kind != IND_JSON_STRING)
      return plan_error(path, "an output is not a string%s%s", NULL, NULL);
    p->outputs[i] = find_buffer(p, o->string);
    if (p->outputs[i] < 0)
      return plan_error(path, "output \"%s\" names no buffer%s", o->string, NULL);
    p->noutputs++;
  }
  if (p->nsteps == 0)
    return plan_error(path, "the plan has no steps%s%s", NULL, NULL);
  return parse_checks(path, ind_json_get(root, "checks"), p);
}

static bool ptx_has_entry(const char *ptx, const char *name) {
  size_t n = strlen(name);
  for (const char *q = strstr(ptx, ".entry"); q; q = strstr(q + 6, ".entry")) {
    const char *r = q + 6;
    while (*r == ' ' || *r == '\t')
      ++r;
    if (strncmp(r, name, n) == 0) {
      char c = r[n];
      if (c == '(' || c == ' ' || c == '\t' || c == '\n' || c == '\r')
        return true;
    }
  }
  return false;
}

static IndStatus check_ptx(const char *ptx_path, const char *ptx, const IndRtProgram *p) {
  if (!strstr(ptx, ".version") || !strstr(ptx, ".target"))
    return ind_status_create("%s does not look like PTX (no .version/.target)", ptx_path);
  for (int i = 0; i < p->nsteps; ++i) {
    const Step *s = &p->steps[i];
    if (!s->is_extern && !ptx_has_entry(ptx, s->kernel))
      return ind_status_create("%s has no .entry %s (step %d of the plan)", ptx_path, s->kernel, i);
  }
  return NULL;
}

static char *copy_text(const char *s, size_t n) {
  char *c = malloc(n + 1);
  if (c) {
    memcpy(c, s, n);
    c[n] = '\0';
  }
  return c;
}

void ind_rt_program_destroy(IndRtProgram *p) {
  if (!p)
    return;
  for (int i = 0; i < p->nchecks; ++i) {
    free(p->checks[i].kernel);
    free(p->checks[i].what);
    free(p->checks[i].file);
  }
  free(p->checks);
  for (int i = 0; i < p->nbufs; ++i)
    free(p->bufs[i].name);
  for (int i = 0; i < p->nsteps; ++i) {
    free(p->steps[i].kernel);
    free(p->steps[i].args);
  }
  free(p->bufs);
  free(p->steps);
  free(p->outputs);
  free(p->plan);
  free(p->ptx);
  for (int i = 0; i < N_TEXT; ++i)
    free(p->text[i]);
  free(p);
}

IndStatus ind_rt_program_create(const char *plan_name, const char *plan_json, size_t plan_len, const char *ptx_name,
                                const char *ptx, size_t ptx_len, IndRtProgram **out) {
  *out = NULL;
  IndRtProgram *p = calloc(1, sizeof *p);
  if (!p)
    return ind_status_create("out of memory");
  char err[256] = "";
  IndJson *root = ind_json_parse(plan_json, plan_len, err, sizeof err);
  IndStatus st = root ? parse_plan(plan_name, root, p) : ind_status_create("%s:%s: not valid JSON", plan_name, err);
  ind_json_free(root);
  if (!st) {
    p->plan = copy_text(plan_json, plan_len);
    p->plan_len = plan_len;
    if (ptx) {
      p->ptx = copy_text(ptx, ptx_len);
      p->ptx_len = ptx_len;
    }
    if (!p->plan || (ptx && !p->ptx))
      st = ind_status_create("out of memory");
  }
  if (!st && p->ptx && ind_rt_program_num_kernels(p) > 0) /* no kernels: "// no kernels" is fine */
    st = check_ptx(ptx_name ? ptx_name : "<ptx>", p->ptx, p);
  if (st) {
    ind_rt_program_destroy(p);
    return st;
  }
  *out = p;
  return NULL;
}

IndStatus ind_rt_program_set_text(IndRtProgram *p, const char *section, const char *text, size_t len) {
  int i = text_index(section);
  if (i < 0)
    return ind_status_create("unknown program section '%s'", section);
  char *c = copy_text(text, len);
  if (!c)
    return ind_status_create("out of memory");
  free(p->text[i]);
  p->text[i] = c;
  p->text_len[i] = len;
  return NULL;
}

const char *ind_rt_program_text(const IndRtProgram *p, const char *section, size_t *len) {
  int i = text_index(section);
  if (len)
    *len = i < 0 ? 0 : p->text_len[i];
  return i < 0 ? NULL : p->text[i];
}

int ind_rt_program_num_inputs(const IndRtProgram *p) { return p->ninputs; }
int ind_rt_program_num_outputs(const IndRtProgram *p) { return p->noutputs; }

static IndTensorInfo info_of(const Buffer *b) {
  IndTensorInfo t;
  memset(&t, 0, sizeof t);
  t.name = b->name;
  t.type = b->dtype;
  t.rank = b->rank;
  memcpy(t.shape, b->shape, sizeof t.shape);
  t.numel = b->numel;
  t.bytes = b->bytes;
  return t;
}

IndTensorInfo ind_rt_program_input(const IndRtProgram *p, int i) { return info_of(&p->bufs[i]); }
IndTensorInfo ind_rt_program_output(const IndRtProgram *p, int i) { return info_of(&p->bufs[p->outputs[i]]); }
int ind_rt_program_num_steps(const IndRtProgram *p) { return p->nsteps; }

IndStepInfo ind_rt_program_step(const IndRtProgram *p, int i) {
  const Step *s = &p->steps[i];
  IndStepInfo r;
  memset(&r, 0, sizeof r);
  r.is_extern = s->is_extern;
  r.kernel = s->kernel;
  memcpy(r.grid, s->grid, sizeof r.grid);
  memcpy(r.block, s->block, sizeof r.block);
  r.shared = s->shared;
  r.num_args = s->nargs;
  return r;
}

int ind_rt_program_num_kernels(const IndRtProgram *p) {
  int n = 0;
  for (int i = 0; i < p->nsteps; ++i) {
    if (p->steps[i].is_extern)
      continue;
    bool seen = false;
    for (int j = 0; j < i && !seen; ++j)
      seen = !p->steps[j].is_extern && strcmp(p->steps[j].kernel, p->steps[i].kernel) == 0;
    n += !seen;
  }
  return n;
}

const char *ind_rt_program_ptx(const IndRtProgram *p, size_t *len) {
  if (len)
    *len = p->ptx_len;
  return p->ptx;
}

const char *ind_rt_program_plan(const IndRtProgram *p, size_t *len) {
  if (len)
    *len = p->plan_len;
  return p->plan;
}

int64_t ind_rt_program_min_bytes(const IndRtProgram *p) {
  int64_t bytes = 0;
  for (int k = 0; k < p->ninputs; ++k)
    bytes += p->bufs[k].bytes;
  for (int k = 0; k < p->noutputs; ++k)
    bytes += p->bufs[p->outputs[k]].bytes;
  return bytes;
}

bool ind_rt_program_has_extern_mm(const IndRtProgram *p) { return p->has_mm; }

/* --- the program file ------------------------------------------------------------------------ */

static bool write_section(FILE *f, const char *name, const char *data, size_t len) {
  return fprintf(f, "section %s %zu\n", name, len) > 0 && fwrite(data, 1, len, f) == len && fputc('\n', f) != EOF;
}

IndStatus ind_rt_program_save(const IndRtProgram *p, const char *path) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return ind_status_create("cannot write '%s': %s", path, strerror(errno));
  bool ok =
      fprintf(f, "ind-program %d\n", IND_PROGRAM_FILE_VERSION) > 0 && write_section(f, "plan", p->plan, p->plan_len);
  if (ok && p->ptx)
    ok = write_section(f, "ptx", p->ptx, p->ptx_len);
  for (int i = 0; ok && i < N_TEXT; ++i)
    if (p->text[i])
      ok = write_section(f, k_text_sections[i], p->text[i], p->text_len[i]);
  ok = ok && fputs("end\n", f) != EOF;
  ok = (fclose(f) == 0) && ok;
  return ok ? NULL : ind_status_create("cannot write '%s': %s", path, strerror(errno));
}

/* Reads one "WORD REST\n" line starting at *pos; false at the end of the data. */
static bool read_line(const char *d, size_t len, size_t *pos, char *line, size_t cap) {
  if (*pos >= len)
    return false;
  const char *nl = memchr(d + *pos, '\n', len - *pos);
  size_t n = nl ? (size_t)(nl - (d + *pos)) : len - *pos;
  if (n >= cap)
    n = cap - 1;
  memcpy(line, d + *pos, n);
  line[n] = '\0';
  *pos = nl ? (size_t)(nl - d) + 1 : len;
  return true;
}

IndStatus ind_rt_program_load_memory(const char *name, const void *data, size_t len, IndRtProgram **out) {
  *out = NULL;
  const char *d = data;
  size_t pos = 0;
  char line[256];
  int version = 0;
  if (!read_line(d, len, &pos, line, sizeof line) || sscanf(line, "ind-program %d", &version) != 1)
    return ind_status_create("%s: not an ind program file (no 'ind-program VERSION' header)", name);
  if (version != IND_PROGRAM_FILE_VERSION)
    return ind_status_create("%s: program file version %d is not supported (this runtime reads version %d)", name,
                             version, IND_PROGRAM_FILE_VERSION);
  const char *plan = NULL, *ptx = NULL, *texts[N_TEXT] = {NULL};
  size_t plan_len = 0, ptx_len = 0, text_lens[N_TEXT] = {0};
  bool ended = false;
  while (!ended && read_line(d, len, &pos, line, sizeof line)) {
    char sec[64];
    unsigned long long n = 0;
    if (strcmp(line, "end") == 0) {
      ended = true;
      break;
    }
    if (sscanf(line, "section %63s %llu", sec, &n) != 2)
      return ind_status_create("%s: malformed section header '%.80s'", name, line);
    if (n > len - pos || len - pos - n < 1 || d[pos + n] != '\n')
      return ind_status_create("%s: section '%s' is truncated (%llu bytes declared)", name, sec, n);
    if (strcmp(sec, "plan") == 0) {
      plan = d + pos;
      plan_len = n;
    } else if (strcmp(sec, "ptx") == 0) {
      ptx = d + pos;
      ptx_len = n;
    } else if (text_index(sec) >= 0) {
      texts[text_index(sec)] = d + pos;
      text_lens[text_index(sec)] = n;
    } /* else: unknown section, skipped */
    pos += n + 1;
  }
  if (!ended)
    return ind_status_create("%s: truncated program file (no 'end' line)", name);
  if (!plan)
    return ind_status_create("%s: the program file has no plan section", name);
  char pname[512], xname[512];
  snprintf(pname, sizeof pname, "%s (plan)", name);
  snprintf(xname, sizeof xname, "%s (ptx)", name);
  IndStatus st = ind_rt_program_create(pname, plan, plan_len, xname, ptx, ptx_len, out);
  for (int i = 0; !st && i < N_TEXT; ++i)
    if (texts[i] && (st = ind_rt_program_set_text(*out, k_text_sections[i], texts[i], text_lens[i]))) {
      ind_rt_program_destroy(*out);
      *out = NULL;
    }
  return st;
}

IndStatus ind_rt_program_load_file(const char *path, IndRtProgram **out) {
  *out = NULL;
  FILE *f = fopen(path, "rb");
  if (!f)
    return ind_status_create("cannot open '%s': %s", path, strerror(errno));
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    char *t = realloc(buf, cap * 2);
    if (!t)
      free(buf);
    buf = t;
    cap *= 2;
  }
  bool err = ferror(f);
  fclose(f);
  if (!buf || err) {
    free(buf);
    return ind_status_create("cannot read '%s'", path);
  }
  IndStatus st = ind_rt_program_load_memory(path, buf, n, out);
  free(buf);
  return st;
}

/* --- the CUDA driver ------------------------------------------------------------------------- */

#define STR2(x) #x
#define STR(x) STR2(x)
/* Every entry point, typed by cuda.h's own declaration (the macro names expand to the _v2/_v3 symbols). */
#define CU_FUNCS(X)                                                                                                    \
  X(cuInit)                                                                                                            \
  X(cuDriverGetVersion)                                                                                                \
  X(cuDeviceGetCount)                                                                                                  \
  X(cuDeviceGet)                                                                                                       \
  X(cuDeviceGetName)                                                                                                   \
  X(cuDevicePrimaryCtxRetain)                                                                                          \
  X(cuDevicePrimaryCtxRelease)                                                                                         \
  X(cuCtxGetCurrent)                                                                                                   \
  X(cuCtxSetCurrent)                                                                                                   \
  X(cuCtxSynchronize)                                                                                                  \
  X(cuGetErrorName)                                                                                                    \
  X(cuGetErrorString)                                                                                                  \
  X(cuModuleLoadDataEx)                                                                                                \
  X(cuModuleUnload)                                                                                                    \
  X(cuModuleGetFunction)                                                                                               \
  X(cuModuleGetGlobal)                                                                                                 \
  X(cuFuncGetAttribute)                                                                                                \
  X(cuMemAlloc)                                                                                                        \
  X(cuMemFree)                                                                                                         \
  X(cuMemcpyHtoD)                                                                                                      \
  X(cuMemcpyDtoH)                                                                                                      \
  X(cuMemcpyDtoDAsync)                                                                                                 \
  X(cuMemsetD32Async)                                                                                                  \
  X(cuStreamCreate)                                                                                                    \
  X(cuStreamDestroy)                                                                                                   \
  X(cuStreamSynchronize)                                                                                               \
  X(cuStreamIsCapturing)                                                                                               \
  X(cuStreamBeginCapture)                                                                                              \
  X(cuStreamEndCapture)                                                                                                \
  X(cuGraphInstantiate)                                                                                                \
  X(cuGraphLaunch)                                                                                                     \
  X(cuGraphExecDestroy)                                                                                                \
  X(cuGraphDestroy)                                                                                                    \
  X(cuEventCreate)                                                                                                     \
  X(cuEventDestroy)                                                                                                    \
  X(cuEventRecord)                                                                                                     \
  X(cuEventSynchronize)                                                                                                \
  X(cuEventElapsedTime)                                                                                                \
  X(cuLaunchKernel)

#define CU_DECL(name) static __typeof__(&name) p_##name;
CU_FUNCS(CU_DECL)
#undef CU_DECL

/* cuBLAS, declared by hand so the runtime needs no cuBLAS header (cublas_api.h: enums are ints). */
typedef int (*cublas_create_fn)(void **handle);
typedef int (*cublas_destroy_fn)(void *handle);
typedef int (*cublas_set_stream_fn)(void *handle, CUstream stream);
typedef int (*cublas_sgemm_fn)(void *handle, int transa, int transb, int m, int n, int k, const float *alpha,
                               const float *A, int lda, const float *B, int ldb, const float *beta, float *C, int ldc);
typedef int (*cublas_sgemm_batched_fn)(void *handle, int transa, int transb, int m, int n, int k, const float *alpha,
                                       const float *A, int lda, long long strideA, const float *B, int ldb,
                                       long long strideB, const float *beta, float *C, int ldc, long long strideC,
                                       int batch);
#define CUBLAS_OP_N 0
#define CUBLAS_OP_T 1
/* cublasGemmEx / cublasGemmStridedBatchedEx (half-precision operands, f32 accumulation) */
typedef int (*cublas_gemm_ex_fn)(void *handle, int transa, int transb, int m, int n, int k, const void *alpha,
                                 const void *A, int Atype, int lda, const void *B, int Btype, int ldb, const void *beta,
                                 void *C, int Ctype, int ldc, int computeType, int algo);
typedef int (*cublas_gemm_batched_ex_fn)(void *handle, int transa, int transb, int m, int n, int k, const void *alpha,
                                         const void *A, int Atype, int lda, long long strideA, const void *B, int Btype,
                                         int ldb, long long strideB, const void *beta, void *C, int Ctype, int ldc,
                                         long long strideC, int batch, int computeType, int algo);
#define CUDA_R_32F 0
#define CUDA_R_16F 2
#define CUDA_R_16BF 14
#define CUBLAS_COMPUTE_32F 68
#define CUBLAS_GEMM_DEFAULT (-1)

/* cuBLASLt, for an mm with a bias epilogue (CUBLASLT_EPILOGUE_BIAS), declared by hand like cuBLAS
 * (cublasLt.h: handles and descriptors are pointers, enums ints, the values below). */
typedef int (*lt_create_fn)(void **handle);
typedef int (*lt_destroy_fn)(void *obj);
typedef int (*lt_desc_create_fn)(void **desc, int computeType, int scaleType);
typedef int (*lt_set_fn)(void *obj, int attr, const void *buf, size_t size);
typedef int (*lt_layout_create_fn)(void **layout, int type, uint64_t rows, uint64_t cols, int64_t ld);
typedef struct LtHeuristic { /* cublasLtMatmulHeuristicResult_t */
  uint64_t algo[8];          /* cublasLtMatmulAlgo_t */
  size_t workspace;
  int state;
  float waves;
  int reserved[4];
} LtHeuristic;
typedef int (*lt_heuristic_fn)(void *handle, void *desc, void *a, void *b, void *c, void *d, void *pref, int requested,
                               LtHeuristic *results, int *count);
typedef int (*lt_matmul_fn)(void *handle, void *desc, const void *alpha, const void *A, void *adesc, const void *B,
                            void *bdesc, const void *beta, const void *C, void *cdesc, void *D, void *ddesc,
                            const void *algo, void *workspace, size_t workspace_bytes, CUstream stream);
#define CUBLASLT_MATMUL_DESC_TRANSA 3
#define CUBLASLT_MATMUL_DESC_TRANSB 4
#define CUBLASLT_MATMUL_DESC_EPILOGUE 7
#define CUBLASLT_MATMUL_DESC_BIAS_POINTER 8
#define CUBLASLT_EPILOGUE_BIAS 4
#define CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES 1   /* uint64_t */
#define CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES 5 /* ... _B 6, _C 7, _D 8 */

static void *g_libcuda, *g_libcublas;
static bool g_cuda_tried, g_cuda_inited;
static char g_cuda_error[1024];
static const char *g_cublas_path;
static cublas_create_fn p_cublasCreate;
static cublas_destroy_fn p_cublasDestroy;
static cublas_set_stream_fn p_cublasSetStream;
static cublas_sgemm_fn p_cublasSgemm;
static cublas_sgemm_batched_fn p_cublasSgemmStridedBatched;
static cublas_gemm_ex_fn p_cublasGemmEx;                       /* optional: f16 / bf16 mm */
static cublas_gemm_batched_ex_fn p_cublasGemmStridedBatchedEx; /* optional: f16 / bf16 bmm */
static void *g_libcublaslt; /* NULL while cuBLASLt's entry points come from g_libcublas (a mock holds both) */
static const char *g_cublaslt_path;
static lt_create_fn p_cublasLtCreate;
static lt_destroy_fn p_cublasLtDestroy, p_cublasLtMatmulDescDestroy, p_cublasLtMatrixLayoutDestroy,
    p_cublasLtMatmulPreferenceDestroy;
static lt_desc_create_fn p_cublasLtMatmulDescCreate;
static lt_set_fn p_cublasLtMatmulDescSetAttribute, p_cublasLtMatmulPreferenceSetAttribute;
static lt_layout_create_fn p_cublasLtMatrixLayoutCreate;
static lt_create_fn p_cublasLtMatmulPreferenceCreate;
static lt_heuristic_fn p_cublasLtMatmulAlgoGetHeuristic;
static lt_matmul_fn p_cublasLtMatmul;

/* Names for the codes a broken setup gives, for when cuGetErrorName itself fails (e.g. the stub library). */
static const char *fallback_error_name(CUresult r) {
  switch ((int)r) {
  case CUDA_ERROR_NOT_INITIALIZED:
    return "CUDA_ERROR_NOT_INITIALIZED";
  case CUDA_ERROR_STUB_LIBRARY:
    return "CUDA_ERROR_STUB_LIBRARY (the stub libcuda, not a driver)";
  case CUDA_ERROR_NO_DEVICE:
    return "CUDA_ERROR_NO_DEVICE";
  case CUDA_ERROR_INVALID_PTX:
    return "CUDA_ERROR_INVALID_PTX";
  case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
    return "CUDA_ERROR_UNSUPPORTED_PTX_VERSION";
  case CUDA_ERROR_NO_BINARY_FOR_GPU:
    return "CUDA_ERROR_NO_BINARY_FOR_GPU";
  case CUDA_ERROR_LAUNCH_FAILED:
    return "CUDA_ERROR_LAUNCH_FAILED";
  case CUDA_ERROR_ILLEGAL_ADDRESS:
    return "CUDA_ERROR_ILLEGAL_ADDRESS";
  default:
    return "?";
  }
}

/* The last work launched, for errors: CUDA errors are asynchronous, so the call that reports one (a
 * synchronize, a copy, the next launch) is often not the one that caused it. Process-wide, as the
 * driver's sticky errors are. */
static char g_last_launch[320];

static void note_launch(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note_launch(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(g_last_launch, sizeof g_last_launch, fmt, ap);
  va_end(ap);
}

/* "; last kernel launched: K grid [..] block [..]" when anything was launched, else "". */
static const char *last_launch_text(char *buf, size_t n) {
  if (!g_last_launch[0])
    return "";
  snprintf(buf, n, "; last kernel launched: %s", g_last_launch);
  return buf;
}

/* "what failed: CUDA_ERROR_X (n): description; last kernel launched: ...". */
static IndStatus cu_error(CUresult r, const char *what) {
  const char *name = NULL, *desc = NULL;
  if (p_cuGetErrorName && p_cuGetErrorName(r, &name) != CUDA_SUCCESS)
    name = NULL;
  if (p_cuGetErrorString && p_cuGetErrorString(r, &desc) != CUDA_SUCCESS)
    desc = NULL;
  if (!name)
    name = fallback_error_name(r);
  if (strncmp(what, "p_", 2) == 0)
    what += 2;
  char last[400];
  return ind_status_create("%s failed: %s (%d): %s%s", what, name ? name : "?", (int)r, desc ? desc : "no description",
                           last_launch_text(last, sizeof last));
}

/* The error of a failed call given as its source text ("p_cuLaunchKernel(f, ...)"): named by the function. */
static IndStatus cu_error_call(CUresult r, const char *call) {
  char name[64];
  if (strncmp(call, "p_", 2) == 0)
    call += 2;
  size_t n = strcspn(call, "(");
  snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), call);
  return cu_error(r, name);
}

/* Evaluates a driver call; on failure returns the error (naming the call) from the enclosing function. */
#define CU_TRY(call)                                                                                                   \
  do {                                                                                                                 \
    CUresult r_ = (call);                                                                                              \
    if (r_ != CUDA_SUCCESS)                                                                                            \
      return cu_error_call(r_, #call);                                                                                 \
  } while (0)

/* Loads the driver and runs cuInit once per process; the outcome is remembered. */
static IndStatus load_driver(void) {
  if (g_cuda_inited)
    return NULL;
  if (g_cuda_tried)
    return ind_status_create("%s", g_cuda_error);
  g_cuda_tried = true;
  const char *path = getenv("IND_LIBCUDA");
  if (!path || !*path)
    path = "libcuda.so.1";
  g_libcuda = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!g_libcuda) {
    const char *e = dlerror();
    snprintf(g_cuda_error, sizeof g_cuda_error, "cannot load the CUDA driver library %s: %s", path, e ? e : "?");
    return ind_status_create("%s", g_cuda_error);
  }
#define CU_LOAD(name)                                                                                                  \
  *(void **)&p_##name = dlsym(g_libcuda, STR(name));                                                                   \
  if (!p_##name) {                                                                                                     \
    snprintf(g_cuda_error, sizeof g_cuda_error, "%s has no symbol %s (driver too old?)", path, STR(name));             \
    return ind_status_create("%s", g_cuda_error);                                                                      \
  }
  CU_FUNCS(CU_LOAD)
#undef CU_LOAD
  IndStatus st = NULL;
  CUresult r = p_cuInit(0);
  if (r != CUDA_SUCCESS) {
    st = cu_error(r, "cuInit(0)");
    snprintf(g_cuda_error, sizeof g_cuda_error, "%s", ind_status_message(st));
    return st;
  }
  g_cuda_inited = true;
  return NULL;
}

bool ind_cuda_available(char *why, size_t whylen) {
  IndStatus st = load_driver();
  int count = 0;
  if (!st) {
    CUresult r = p_cuDeviceGetCount(&count);
    if (r != CUDA_SUCCESS)
      st = cu_error(r, "cuDeviceGetCount");
    else if (count < 1)
      st = ind_status_create("no CUDA device");
  }
  if (st && why)
    snprintf(why, whylen, "%s", ind_status_message(st));
  bool ok = st == NULL;
  ind_status_destroy(st);
  return ok;
}

/* cublasStatus_t's names (cublas_api.h). */
static const char *cublas_status_name(int st) {
  switch (st) {
  case 0:
    return "CUBLAS_STATUS_SUCCESS";
  case 1:
    return "CUBLAS_STATUS_NOT_INITIALIZED";
  case 3:
    return "CUBLAS_STATUS_ALLOC_FAILED";
  case 7:
    return "CUBLAS_STATUS_INVALID_VALUE";
  case 8:
    return "CUBLAS_STATUS_ARCH_MISMATCH";
  case 11:
    return "CUBLAS_STATUS_MAPPING_ERROR";
  case 13:
    return "CUBLAS_STATUS_EXECUTION_FAILED";
  case 14:
    return "CUBLAS_STATUS_INTERNAL_ERROR";
  case 15:
    return "CUBLAS_STATUS_NOT_SUPPORTED";
  case 16:
    return "CUBLAS_STATUS_LICENSE_ERROR";
  default:
    return "CUBLAS_STATUS_UNKNOWN";
  }
}

/* "call failed: CUBLAS_STATUS_X (n)" + what + the last kernel launched (an EXECUTION_FAILED is often an
 * earlier kernel's fault surfacing). */
static IndStatus cublas_error(const char *call, int st, const char *what) {
  char last[400];
  return ind_status_create("%s failed: %s (%d)%s%s", call, cublas_status_name(st), st, what,
                           last_launch_text(last, sizeof last));
}

/* Finds cuBLAS once; an error says where it looked. */
static IndStatus load_cublas(void) {
  if (p_cublasSgemm)
    return NULL;
  const char *env = getenv("IND_LIBCUBLAS");
  /* the loader's path first, then the toolkit's usual home (not always in ld.so.conf) */
  const char *names[] = {"libcublas.so.13",
                         "libcublas.so.12",
                         "libcublas.so",
                         "/usr/local/cuda/lib64/libcublas.so.13",
                         "/usr/local/cuda/lib64/libcublas.so.12",
                         "/usr/local/cuda/lib64/libcublas.so"};
  size_t count = sizeof names / sizeof names[0];
  if (env && *env) { /* $IND_LIBCUBLAS: that library and no other */
    names[0] = env;
    count = 1;
  }
  char errs[1024] = "";
  for (size_t i = 0; i < count && !g_libcublas; ++i) {
    g_libcublas = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (g_libcublas) {
      g_cublas_path = names[i];
      break;
    }
    const char *e = dlerror();
    size_t used = strlen(errs);
    snprintf(errs + used, sizeof errs - used, "%s%s", used ? "; " : "", e ? e : names[i]);
  }
  if (!g_libcublas)
    return ind_status_create("cuBLAS not found (%s)", errs);
  *(void **)&p_cublasCreate = dlsym(g_libcublas, "cublasCreate_v2");
  *(void **)&p_cublasDestroy = dlsym(g_libcublas, "cublasDestroy_v2");
  *(void **)&p_cublasSetStream = dlsym(g_libcublas, "cublasSetStream_v2");
  *(void **)&p_cublasSgemm = dlsym(g_libcublas, "cublasSgemm_v2");
  *(void **)&p_cublasSgemmStridedBatched = dlsym(g_libcublas, "cublasSgemmStridedBatched");
  *(void **)&p_cublasGemmEx = dlsym(g_libcublas, "cublasGemmEx");
  *(void **)&p_cublasGemmStridedBatchedEx = dlsym(g_libcublas, "cublasGemmStridedBatchedEx");
  if (!p_cublasCreate || !p_cublasDestroy || !p_cublasSetStream || !p_cublasSgemm || !p_cublasSgemmStridedBatched) {
    p_cublasSgemm = NULL;
    return ind_status_create("%s lacks cublasCreate_v2/cublasDestroy_v2/cublasSetStream_v2/cublasSgemm_v2/"
                             "cublasSgemmStridedBatched",
                             g_cublas_path);
  }
  return NULL;
}

/* cuBLASLt's entry points: from cuBLAS's own handle where its dependencies hold them (libcublas.so
 * links libcublasLt.so; the mock defines both), else $IND_LIBCUBLASLT, else libcublasLt.so.13/.12/.so. */
static IndStatus load_cublaslt(void) {
  if (p_cublasLtMatmul)
    return NULL;
  IndStatus st = load_cublas();
  if (st)
    return st;
  void *lib = g_libcublas;
  g_cublaslt_path = g_cublas_path;
  const char *env = getenv("IND_LIBCUBLASLT");
  if ((env && *env) || !dlsym(g_libcublas, "cublasLtMatmul")) {
    const char *names[] = {"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so",
                           "/usr/local/cuda/lib64/libcublasLt.so.13", "/usr/local/cuda/lib64/libcublasLt.so"};
    size_t count = sizeof names / sizeof names[0];
    if (env && *env) {
      names[0] = env;
      count = 1;
    }
    for (size_t i = 0; i < count && !g_libcublaslt; ++i)
      if ((g_libcublaslt = dlopen(names[i], RTLD_NOW | RTLD_LOCAL)))
        g_cublaslt_path = names[i];
    if (!g_libcublaslt)
      return ind_status_create("cuBLASLt not found (needed by an mm with a bias epilogue; $IND_LIBCUBLASLT names it)");
    lib = g_libcublaslt;
  }
  *(void **)&p_cublasLtCreate = dlsym(lib, "cublasLtCreate");
  *(void **)&p_cublasLtDestroy = dlsym(lib, "cublasLtDestroy");
  *(void **)&p_cublasLtMatmulDescCreate = dlsym(lib, "cublasLtMatmulDescCreate");
  *(void **)&p_cublasLtMatmulDescDestroy = dlsym(lib, "cublasLtMatmulDescDestroy");
  *(void **)&p_cublasLtMatmulDescSetAttribute = dlsym(lib, "cublasLtMatmulDescSetAttribute");
  *(void **)&p_cublasLtMatrixLayoutCreate = dlsym(lib, "cublasLtMatrixLayoutCreate");
  *(void **)&p_cublasLtMatrixLayoutDestroy = dlsym(lib, "cublasLtMatrixLayoutDestroy");
  *(void **)&p_cublasLtMatmulPreferenceCreate = dlsym(lib, "cublasLtMatmulPreferenceCreate");
  *(void **)&p_cublasLtMatmulPreferenceDestroy = dlsym(lib, "cublasLtMatmulPreferenceDestroy");
  *(void **)&p_cublasLtMatmulPreferenceSetAttribute = dlsym(lib, "cublasLtMatmulPreferenceSetAttribute");
  *(void **)&p_cublasLtMatmulAlgoGetHeuristic = dlsym(lib, "cublasLtMatmulAlgoGetHeuristic");
  *(void **)&p_cublasLtMatmul = dlsym(lib, "cublasLtMatmul");
  if (!p_cublasLtCreate || !p_cublasLtDestroy || !p_cublasLtMatmulDescCreate || !p_cublasLtMatmulDescDestroy ||
      !p_cublasLtMatmulDescSetAttribute || !p_cublasLtMatrixLayoutCreate || !p_cublasLtMatrixLayoutDestroy ||
      !p_cublasLtMatmulPreferenceCreate || !p_cublasLtMatmulPreferenceDestroy ||
      !p_cublasLtMatmulPreferenceSetAttribute || !p_cublasLtMatmulAlgoGetHeuristic || !p_cublasLtMatmul) {
    p_cublasLtMatmul = NULL;
    return ind_status_create("%s lacks a cuBLASLt entry point (cublasLtCreate ... cublasLtMatmul)", g_cublaslt_path);
  }
  return NULL;
}

/* --- modules --------------------------------------------------------------------------------- */

/* Where a buffer's pointer comes from at run time. */
enum { SRC_INPUT, SRC_OUTPUT, SRC_WORK };

#define IND_RT_ALIGN 16       /* bytes: the base alignment the generated kernels assume of every buffer */
#define IND_SCRATCH_ALIGN 256 /* bytes: a caller's scratch and each intermediate in it (cuMemAlloc's alignment) */

typedef struct BufferSource {
  int kind, index; /* input/output position, or the workspace slot */
} BufferSource;

/* An mm step with a bias epilogue: cuBLASLt's descriptors (made at load) and algorithm (chosen at the first
 * run, again when a bias arrives less aligned than the one it was chosen for). */
typedef struct LtOld {
  CUdeviceptr ptr;
  size_t bytes;
} LtOld;

typedef struct LtStep {
  void *desc, *a, *b, *c; /* matmul descriptor; layouts of Lt's A (our B), Lt's B (our A) and C = D */
  LtHeuristic algo;
  int bias_align; /* 0: no algorithm yet */
} LtStep;

/* Device bytes the runtime holds from cuMemAlloc itself (ind_cuda_runtime_bytes): every module's intermediates
 * where no allocator was given, and cuBLASLt workspaces. */
static _Atomic long long g_runtime_bytes;

int64_t ind_cuda_runtime_bytes(void) { return (int64_t)atomic_load(&g_runtime_bytes); }

/* The runtime's own device memory: cuMemAlloc / cuMemFree, counted in g_runtime_bytes. */
static IndStatus runtime_alloc(CUdeviceptr *p, size_t bytes);
static void runtime_free(CUdeviceptr p, size_t bytes);

struct IndCudaModule {
  const IndRtProgram *prog;
  CUdevice dev;
  bool ctx_retained;
  CUmodule mod;
  CUfunction *fns; /* per step (NULL for extern) */
  BufferSource *src;
  int nwork;
  CUdeviceptr *work; /* workspace slots, allocated on the first run */
  size_t *work_bytes;
  size_t *work_off;     /* per slot: its offset in a caller's scratch (ind_cuda_module_run_scratch) */
  int *work_host;       /* per slot in such a run: the output whose bytes hold it at work_off, or -1 (scratch) */
  size_t scratch_bytes; /* the scratch block a run needs (plan_scratch_offsets) */
  bool work_ready;
  void *work_stream;
  IndDeviceAllocator alloc;
  bool custom_alloc;
  void *cublas;
  void *lt;             /* cuBLASLt handle (a program with a bias epilogue) */
  struct LtStep *ltst;  /* per step (an mm with a bias: its descriptors and algorithm) */
  CUdeviceptr lt_work;  /* cuBLASLt's workspace, shared by the module's steps (one stream): the largest any */
  size_t lt_work_bytes; /* chosen algorithm asked for, allocated when its heuristic ran (never while captured) */
  struct LtOld *lt_old; /* workspaces a larger one replaced: a CUDA graph captured before may still replay */
  int nlt_old;          /* one of them (its pointer is baked in), so they are freed with the module */
  CUdeviceptr *ptrs;    /* per buffer, for the current run */
  CUdeviceptr *vals;    /* per step argument, flattened */
  void **params;        /* per step: nargs pointers into vals, NULL-terminated */
  int *param_start;
  /* outputs that must be copied at the end (an output that is an input, or the same buffer twice) */
  int *copy_from;
  CUdeviceptr record; /* checked mode: the module's IND_CHECK_RECORD global (0: the plan has no sites) */
};

struct IndCudaGraph {
  CUgraph graph;
  CUgraphExec exec;
};

/* Which storage root a non-output allocation gets: follow reuse through non-output allocations. */
static int work_root(const IndRtProgram *p, const bool *is_output, int i) {
  int guard = 0;
  while (p->bufs[i].reuse >= 0 && !is_output[p->bufs[i].reuse] && guard++ < p->nbufs)
    i = p->bufs[i].reuse;
  return i;
}

/* Where each workspace slot sits in a caller's scratch run (ind_cuda_module_run_scratch): slots whose
 * lifetimes (the first to the last step that reads or writes one of their buffers) overlap get disjoint byte
 * ranges, others may share; the steps run in order on one stream, so a slot whose last step precedes another's
 * first can give it its bytes. Greedy by size (TFLite's planner, Inductor's memory_planning idea): the
 * largest slot first, each at the lowest IND_SCRATCH_ALIGN-aligned offset free of the slots placed so far
 * that overlap it in time.
 *
 * The outputs host slots too: an output's bytes are the caller's for the whole call but hold nothing until
 * the first step that touches the output (an output copied from another buffer at the end: until the end),
 * so a slot whose last step comes before that lies in them (Inductor's wrapper allocates an output at its
 * producer, which frees the same bytes). Each slot tries the outputs, largest first, then the scratch
 * block; the block is the highest end of what it holds. ELECTRA's full-size AMP training graphs, computed
 * from their CUDA plans: the forward's block 31.5 MiB with the slots end to end (before session 18), 25.5
 * planned by lifetime, 19.5 with the outputs hosting; the backward's 78.2, 69.2 (the most intermediates
 * alive at one step), 28.5. $IND_SCRATCH_IN_OUTPUTS=0 keeps every slot in the block. A program with
 * intermediates needs a block of at least IND_SCRATCH_ALIGN bytes although the outputs host them all (a
 * caller that passes none runs on the module's own slots). O(slots^2 + slots x outputs). A slot no step
 * touches is given offset 0 of the block. */
typedef struct SlotSpan {
  int first, last;   /* steps; first > last: no step touches it */
  size_t bytes, off; /* bytes: the slot's rounded up to IND_SCRATCH_ALIGN, in the block and in an output */
  int host;          /* index into the hosts (-1: the scratch block) */
  int order;         /* the slot's index */
} SlotSpan;

typedef struct SlotHost {
  int output;     /* the output's index */
  size_t bytes;   /* its bytes */
  int free_until; /* the last step before the output is touched */
} SlotHost;

static int by_size_desc(const void *a, const void *b) {
  const SlotSpan *x = a, *y = b;
  if (x->bytes != y->bytes)
    return x->bytes < y->bytes ? 1 : -1;
  if (x->first != y->first)
    return x->first < y->first ? -1 : 1;
  return x->order - y->order;
}

static int by_offset(const void *a, const void *b) {
  const SlotSpan *x = *(SlotSpan *const *)a, *y = *(SlotSpan *const *)b;
  return x->off < y->off ? -1 : x->off > y->off ? 1 : 0;
}

static int host_by_size_desc(const void *a, const void *b) {
  const SlotHost *x = a, *y = b;
  if (x->bytes != y->bytes)
    return x->bytes < y->bytes ? 1 : -1;
  return x->output - y->output;
}

/* The lowest aligned offset in host `host` (-1: the block) free of the placed slots there alive beside w. */
static size_t first_fit(SlotSpan *const *placed, int nplaced, const SlotSpan *w, int host, SlotSpan **live) {
  int k = 0;
  for (int j = 0; j < nplaced; ++j)
    if (placed[j]->host == host && placed[j]->first <= w->last && w->first <= placed[j]->last)
      live[k++] = placed[j];
  qsort(live, (size_t)k, sizeof *live, by_offset);
  size_t off = 0;
  for (int j = 0; j < k; ++j) {
    if (off + w->bytes <= live[j]->off)
      break;
    if (live[j]->off + live[j]->bytes > off)
      off = live[j]->off + live[j]->bytes;
  }
  return off;
}

/* The first step that reads or writes buffer b (nsteps: none). */
static int first_touch(const IndRtProgram *p, int b) {
  for (int s = 0; s < p->nsteps; ++s)
    for (int a = 0; a < p->steps[s].nargs; ++a)
      if (p->steps[s].args[a] == b)
        return s;
  return p->nsteps;
}

/* The outputs' windows (hosts, largest first): the steps before each output's first touch. */
static int slot_hosts(const IndCudaModule *m, SlotHost *h) {
  const IndRtProgram *p = m->prog;
  const char *env = getenv("IND_SCRATCH_IN_OUTPUTS");
  if (env && strcmp(env, "0") == 0)
    return 0;
  int n = 0;
  for (int k = 0; k < p->noutputs; ++k) {
    int b = p->outputs[k];
    /* an output copied from another buffer at the end is free at every step */
    int until = (m->copy_from[k] >= 0 ? p->nsteps : first_touch(p, b)) - 1;
    if (until >= 0)
      h[n++] = (SlotHost){.output = k, .bytes = (size_t)p->bufs[b].bytes, .free_until = until};
  }
  qsort(h, (size_t)n, sizeof *h, host_by_size_desc);
  return n;
}

static IndStatus plan_scratch_offsets(IndCudaModule *m) {
  const IndRtProgram *p = m->prog;
  int n = m->nwork;
  m->scratch_bytes = 0;
  if (n == 0)
    return NULL;
  SlotSpan *sp = calloc((size_t)n, sizeof *sp);
  SlotSpan **placed = calloc((size_t)n, sizeof *placed), **live = calloc((size_t)n, sizeof *live);
  SlotHost *hosts = calloc((size_t)p->noutputs + 1, sizeof *hosts);
  if (!sp || !placed || !live || !hosts) {
    free(sp);
    free(placed);
    free(live);
    free(hosts);
    return ind_status_create("out of memory");
  }
  for (int i = 0; i < n; ++i) {
    sp[i].first = p->nsteps;
    sp[i].last = -1;
    sp[i].bytes = (m->work_bytes[i] + IND_SCRATCH_ALIGN - 1) / IND_SCRATCH_ALIGN * IND_SCRATCH_ALIGN;
    sp[i].host = -1;
    sp[i].order = i;
  }
  for (int s = 0; s < p->nsteps; ++s)
    for (int a = 0; a < p->steps[s].nargs; ++a) {
      int b = p->steps[s].args[a];
      if (b < 0 || b >= p->nbufs || m->src[b].kind != SRC_WORK)
        continue;
      SlotSpan *w = &sp[m->src[b].index];
      w->first = s < w->first ? s : w->first;
      w->last = s > w->last ? s : w->last;
    }
  int nhosts = slot_hosts(m, hosts);
  qsort(sp, (size_t)n, sizeof *sp, by_size_desc);
  int nplaced = 0;
  m->scratch_bytes = IND_SCRATCH_ALIGN;
  for (int i = 0; i < n; ++i) {
    SlotSpan *w = &sp[i];
    w->off = 0;
    if (w->first > w->last)
      continue;
    for (int h = 0; h < nhosts && w->host < 0; ++h) {
      if (w->last > hosts[h].free_until || w->bytes > hosts[h].bytes)
        continue;
      size_t off = first_fit(placed, nplaced, w, h, live);
      if (off + w->bytes <= hosts[h].bytes)
        w->off = off, w->host = h;
    }
    if (w->host < 0) {
      w->off = first_fit(placed, nplaced, w, -1, live);
      if (w->off + w->bytes > m->scratch_bytes)
        m->scratch_bytes = w->off + w->bytes;
    }
    placed[nplaced++] = w;
  }
  for (int i = 0; i < n; ++i) {
    m->work_off[sp[i].order] = sp[i].off;
    m->work_host[sp[i].order] = sp[i].host < 0 ? -1 : hosts[sp[i].host].output;
  }
  free(sp);
  free(placed);
  free(live);
  free(hosts);
  return NULL;
}

static IndStatus plan_sources(IndCudaModule *m) {
  const IndRtProgram *p = m->prog;
  bool *is_output = calloc((size_t)p->nbufs + 1, sizeof *is_output);
  int *slot = malloc(((size_t)p->nbufs + 1) * sizeof *slot);
  m->src = calloc((size_t)p->nbufs + 1, sizeof *m->src);
  m->copy_from = malloc(((size_t)p->noutputs + 1) * sizeof *m->copy_from);
  m->work_bytes = calloc((size_t)p->nbufs + 1, sizeof *m->work_bytes);
  m->work_off = calloc((size_t)p->nbufs + 1, sizeof *m->work_off);
  m->work_host = calloc((size_t)p->nbufs + 1, sizeof *m->work_host);
  m->work = calloc((size_t)p->nbufs + 1, sizeof *m->work);
  m->ptrs = calloc((size_t)p->nbufs + 1, sizeof *m->ptrs);
  if (!is_output || !slot || !m->src || !m->copy_from || !m->work_bytes || !m->work_off || !m->work_host || !m->work ||
      !m->ptrs) {
    free(is_output);
    free(slot);
    return ind_status_create("out of memory");
  }
  for (int i = 0; i < p->nbufs; ++i) {
    slot[i] = -1;
    m->src[i].kind = SRC_INPUT;
    m->src[i].index = i;
  }
  for (int k = 0; k < p->noutputs; ++k) {
    int b = p->outputs[k];
    m->copy_from[k] = -1;
    if (p->bufs[b].is_input || is_output[b]) {
      m->copy_from[k] = b;
      continue;
    }
    is_output[b] = true;
    m->src[b].kind = SRC_OUTPUT;
    m->src[b].index = k;
  }
  for (int i = p->ninputs; i < p->nbufs; ++i) {
    if (is_output[i])
      continue;
    int root = work_root(p, is_output, i);
    if (slot[root] < 0) {
      slot[root] = m->nwork++;
      m->work_bytes[slot[root]] = 0;
    }
    size_t need = p->bufs[i].bytes < 16 ? 16 : (size_t)p->bufs[i].bytes; /* cuMemAlloc rejects 0 */
    if (need > m->work_bytes[slot[root]])
      m->work_bytes[slot[root]] = need;
    m->src[i].kind = SRC_WORK;
    m->src[i].index = slot[root];
  }
  free(is_output);
  free(slot);
  IndStatus st = plan_scratch_offsets(m);
  if (st)
    return st;
  int total = 0;
  for (int i = 0; i < p->nsteps; ++i)
    total += p->steps[i].nargs + 1;
  m->vals = calloc((size_t)total + 1, sizeof *m->vals);
  m->params = calloc((size_t)total + 1, sizeof *m->params);
  m->param_start = calloc((size_t)p->nsteps + 1, sizeof *m->param_start);
  if (!m->vals || !m->params || !m->param_start)
    return ind_status_create("out of memory");
  int at = 0;
  for (int i = 0; i < p->nsteps; ++i) {
    m->param_start[i] = at;
    for (int a = 0; a < p->steps[i].nargs; ++a)
      m->params[at + a] = &m->vals[at + a];
    at += p->steps[i].nargs + 1; /* NULL-terminated */
  }
  return NULL;
}

static IndStatus load_functions(IndCudaModule *m, bool verbose) {
  const IndRtProgram *p = m->prog;
  for (int i = 0; i < p->nsteps; ++i) {
    const Step *s = &p->steps[i];
    if (s->is_extern)
      continue;
    CUresult e = p_cuModuleGetFunction(&m->fns[i], m->mod, s->kernel);
    if (e != CUDA_SUCCESS) {
      IndStatus st = cu_error(e, "cuModuleGetFunction");
      IndStatus named = ind_status_create("kernel %s: %s", s->kernel, ind_status_message(st));
      ind_status_destroy(st);
      return named;
    }
    int max_threads = 0, static_smem = 0, regs = 0, local = 0;
    CU_TRY(p_cuFuncGetAttribute(&max_threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, m->fns[i]));
    CU_TRY(p_cuFuncGetAttribute(&static_smem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, m->fns[i]));
    CU_TRY(p_cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, m->fns[i]));
    CU_TRY(p_cuFuncGetAttribute(&local, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, m->fns[i]));
    if (verbose)
      fprintf(stderr, "ind: kernel %s: grid [%u,%u,%u] block [%u,%u,%u] regs %d static smem %d B local %d B\n",
              s->kernel, s->grid[0], s->grid[1], s->grid[2], s->block[0], s->block[1], s->block[2], regs, static_smem,
              local);
    unsigned threads = s->block[0] * s->block[1] * s->block[2];
    if ((int)threads > max_threads)
      return ind_status_create("kernel %s allows at most %d threads per block, the plan asks %u", s->kernel,
                               max_threads, threads);
  }
  return NULL;
}

static IndStatus load_ptx(IndCudaModule *m) {
  enum { LOG = 16384 };
  char *info_log = calloc(LOG, 1), *error_log = calloc(LOG, 1);
  if (!info_log || !error_log) {
    free(info_log);
    free(error_log);
    return ind_status_create("out of memory");
  }
  CUjit_option opts[] = {CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER,
                         CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_LOG_VERBOSE};
  void *vals[] = {info_log, (void *)(uintptr_t)LOG, error_log, (void *)(uintptr_t)LOG, (void *)(uintptr_t)1};
  /* the "cubin" section where a caller compiled the PTX ahead (ptxas), else the PTX for the driver's JIT */
  const char *cubin = ind_rt_program_text(m->prog, "cubin", NULL);
  CUresult res =
      p_cuModuleLoadDataEx(&m->mod, cubin ? cubin : m->prog->ptx, (unsigned)(sizeof opts / sizeof opts[0]), opts, vals);
  IndStatus st = NULL;
  if (res != CUDA_SUCCESS) {
    m->mod = NULL;
    IndStatus e = cu_error(res, cubin ? "cuModuleLoadDataEx (cubin)" : "cuModuleLoadDataEx (PTX JIT)");
    st = ind_status_create("%s\nJIT error log:\n%s\nJIT info log:\n%s", ind_status_message(e), error_log, info_log);
    ind_status_destroy(e);
  }
  free(info_log);
  free(error_log);
  return st;
}

/* Checked mode: the record global of a program whose plan has check sites (its PTX defines it). */
static IndStatus load_record(IndCudaModule *m) {
  if (m->prog->nchecks == 0)
    return NULL;
  size_t bytes = 0;
  CUresult e = p_cuModuleGetGlobal(&m->record, &bytes, m->mod, IND_CHECK_RECORD);
  if (e != CUDA_SUCCESS) {
    m->record = 0;
    IndStatus c = cu_error(e, "cuModuleGetGlobal(\"" IND_CHECK_RECORD "\")");
    IndStatus st = ind_status_create("the plan has %d check site(s) but the PTX has no record global %s: %s",
                                     m->prog->nchecks, IND_CHECK_RECORD, ind_status_message(c));
    ind_status_destroy(c);
    return st;
  }
  if (bytes != IND_CHECK_RECORD_WORDS * sizeof(int64_t)) {
    m->record = 0;
    return ind_status_create("the record global %s has %zu bytes, not %zu", IND_CHECK_RECORD, bytes,
                             IND_CHECK_RECORD_WORDS * sizeof(int64_t));
  }
  return NULL;
}

/* Checked mode: waits for the stream, reads the record and, when a kernel recorded a violation, zeroes it
 * for the next run and returns the located error (the CPU JIT's message, ind_checked_message). */
static IndStatus read_record(IndCudaModule *m, CUstream stream) {
  if (!m->record)
    return NULL;
  /* A caller capturing the stream into a graph (torch.cuda.graphs around a run): a synchronize would end
   * the capture with an error, so the record is left for the next run outside it. */
  CUstreamCaptureStatus capture = CU_STREAM_CAPTURE_STATUS_NONE;
  CU_TRY(p_cuStreamIsCapturing(stream, &capture));
  if (capture != CU_STREAM_CAPTURE_STATUS_NONE)
    return NULL;
  int64_t rec[IND_CHECK_RECORD_WORDS] = {0};
  CU_TRY(p_cuStreamSynchronize(stream));
  CU_TRY(p_cuMemcpyDtoH(rec, m->record, sizeof rec));
  if (rec[0] == 0)
    return NULL;
  static const int64_t zero[IND_CHECK_RECORD_WORDS];
  CU_TRY(p_cuMemcpyHtoD(m->record, zero, sizeof zero));
  CU_TRY(p_cuCtxSynchronize()); /* the next run's kernels see the cleared record (ind_cuda_memcpy_htod) */
  int64_t site = rec[0] - 1;
  const CheckSite *c = site >= 0 && site < m->prog->nchecks ? &m->prog->checks[site] : NULL;
  char text[1024];
  ind_checked_message(text, sizeof text, c ? c->what : NULL, c ? strlen(c->what) : 0, site, rec[1], c ? c->lower : 0,
                      c ? c->upper : 0);
  return c ? status_located(c->file, c->line, c->col, text) : ind_status_create("%s", text);
}

/* Makes a context current in the calling thread when none is: device `device`'s primary context, retained
 * (*retained says so, *dev names the device, for the release). The driver API allocates, creates streams and
 * loads modules in the current context. */
static IndStatus make_context_current(int device, CUdevice *dev, bool *retained) {
  IndStatus st = load_driver();
  if (st)
    return st;
  *retained = false;
  CUcontext ctx = NULL;
  CU_TRY(p_cuCtxGetCurrent(&ctx));
  if (ctx)
    return NULL;
  int count = 0;
  CU_TRY(p_cuDeviceGetCount(&count));
  if (device < 0 || device >= count)
    return ind_status_create("no CUDA device %d (%d present)", device, count);
  CU_TRY(p_cuDeviceGet(dev, device));
  CU_TRY(p_cuDevicePrimaryCtxRetain(&ctx, *dev));
  *retained = true;
  CU_TRY(p_cuCtxSetCurrent(ctx));
  return NULL;
}

/* For the helpers below, which a host program may call before it loads any program (seed_host allocates
 * its buffers first): device 0's primary context, retained for the rest of the process, as the CUDA runtime
 * API would. */
static IndStatus current_context(void) {
  CUdevice dev = 0;
  bool retained = false;
  return make_context_current(0, &dev, &retained);
}

/* A cuBLAS or cuBLASLt handle into *out (NULL when the create call fails: an error naming it and the library). */
static IndStatus create_blas_handle(int (*create)(void **), void **out, const char *call, const char *path) {
  int r = create(out);
  if (r == 0)
    return NULL;
  *out = NULL;
  char what[600];
  snprintf(what, sizeof what, " (%s)", path);
  return cublas_error(call, r, what);
}

/* The column-major view of row-major C[m,n] = op(A)[m,k] op(B)[k,n] (run_extern): cuBLASLt computes
 * D^T[n,m] = op(B)^T op(A)^T, so Lt's A is our B (n x k, or k x n held transposed), Lt's B our A and the
 * bias, a vector of D^T's n rows, is added to every column: to every row of our C. */
static IndStatus lt_step_init(IndCudaModule *m, int i) {
  const Step *s = &m->prog->steps[i];
  LtStep *l = &m->ltst[i];
  int dt = s->mm_type == IND_ELEM_F32 ? CUDA_R_32F : s->mm_type == IND_ELEM_F16 ? CUDA_R_16F : CUDA_R_16BF;
  int opb = s->trans_b ? CUBLAS_OP_T : CUBLAS_OP_N, opa = s->trans_a ? CUBLAS_OP_T : CUBLAS_OP_N;
  uint32_t epilogue = CUBLASLT_EPILOGUE_BIAS;
  uint64_t n = (uint64_t)s->mm_n, mm = (uint64_t)s->mm_m, k = (uint64_t)s->mm_k;
  int r;
  const char *call = "cublasLtMatmulDescCreate";
  if (!(r = p_cublasLtMatmulDescCreate(&l->desc, CUBLAS_COMPUTE_32F, CUDA_R_32F)) &&
      !(r = p_cublasLtMatmulDescSetAttribute(l->desc, CUBLASLT_MATMUL_DESC_TRANSA, &opb, sizeof opb)) &&
      !(r = p_cublasLtMatmulDescSetAttribute(l->desc, CUBLASLT_MATMUL_DESC_TRANSB, &opa, sizeof opa)) &&
      !(r = p_cublasLtMatmulDescSetAttribute(l->desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epilogue, sizeof epilogue))) {
    call = "cublasLtMatrixLayoutCreate";
    if (!(r = p_cublasLtMatrixLayoutCreate(&l->a, dt, s->trans_b ? k : n, s->trans_b ? n : k,
                                           (int64_t)(s->trans_b ? k : n))) &&
        !(r = p_cublasLtMatrixLayoutCreate(&l->b, dt, s->trans_a ? mm : k, s->trans_a ? k : mm,
                                           (int64_t)(s->trans_a ? mm : k))))
      r = p_cublasLtMatrixLayoutCreate(&l->c, dt, n, mm, (int64_t)n);
  } else if (r == 0) {
    call = "cublasLtMatmulDescSetAttribute";
  }
  if (r != 0) {
    char what[200];
    snprintf(what, sizeof what, " (step %d, extern mm with a bias: m=%d n=%d k=%d dtype=%s)", i, s->mm_m, s->mm_n,
             s->mm_k, ind_element_type_name(s->mm_type));
    return cublas_error(call, r, what);
  }
  return NULL;
}

static IndStatus lt_init(IndCudaModule *m) {
  IndStatus st = load_cublaslt();
  if (st)
    return st;
  if ((st = create_blas_handle(p_cublasLtCreate, &m->lt, "cublasLtCreate", g_cublaslt_path)))
    return st;
  m->ltst = calloc((size_t)m->prog->nsteps, sizeof *m->ltst);
  if (!m->ltst)
    return ind_status_create("out of memory");
  for (int i = 0; i < m->prog->nsteps; ++i)
    if (m->prog->steps[i].bias && (st = lt_step_init(m, i)))
      return st;
  return NULL;
}

static void lt_destroy(IndCudaModule *m) {
  for (int i = 0; m->ltst && i < m->prog->nsteps; ++i) {
    LtStep *l = &m->ltst[i];
    void *layouts[3] = {l->a, l->b, l->c};
    for (int k = 0; k < 3; ++k)
      if (layouts[k])
        p_cublasLtMatrixLayoutDestroy(layouts[k]);
    if (l->desc)
      p_cublasLtMatmulDescDestroy(l->desc);
  }
  free(m->ltst);
  if (m->lt)
    p_cublasLtDestroy(m->lt);
}

static IndStatus module_init(IndCudaModule *m, const IndCudaOptions *opts) {
  IndStatus st = make_context_current(opts->device, &m->dev, &m->ctx_retained);
  if (st)
    return st;
  if (m->ctx_retained && opts->verbose) {
    int version = 0;
    char name[256] = "";
    CU_TRY(p_cuDriverGetVersion(&version));
    CU_TRY(p_cuDeviceGetName(name, (int)sizeof name, m->dev));
    fprintf(stderr, "ind: device %d: %s, driver API %d.%d\n", opts->device, name, version / 1000, version % 1000 / 10);
  }
  if ((st = plan_sources(m)))
    return st;
  m->fns = calloc((size_t)m->prog->nsteps + 1, sizeof *m->fns);
  if (!m->fns)
    return ind_status_create("out of memory");
  if (m->prog->ptx && ind_rt_program_num_kernels(m->prog) > 0) {
    if ((st = load_ptx(m)) || (st = load_functions(m, opts->verbose)) || (st = load_record(m)))
      return st;
  } else if (ind_rt_program_num_kernels(m->prog) > 0) {
    return ind_status_create("the program has no PTX (compiled for the CPU only?)");
  }
  if (m->prog->has_mm) {
    if ((st = load_cublas()))
      return st;
    if ((st = create_blas_handle(p_cublasCreate, &m->cublas, "cublasCreate_v2", g_cublas_path)))
      return st;
  }
  return m->prog->has_lt ? lt_init(m) : NULL;
}

IndStatus ind_cuda_module_load(const IndRtProgram *p, const IndCudaOptions *opts, IndCudaModule **out) {
  *out = NULL;
  IndCudaOptions defaults;
  memset(&defaults, 0, sizeof defaults);
  if (!opts)
    opts = &defaults;
  IndCudaModule *m = calloc(1, sizeof *m);
  if (!m)
    return ind_status_create("out of memory");
  m->prog = p;
  if (opts->allocator) {
    m->alloc = *opts->allocator;
    m->custom_alloc = true;
  }
  IndStatus st = module_init(m, opts);
  if (st) {
    ind_cuda_module_destroy(m);
    return st;
  }
  *out = m;
  return NULL;
}

void ind_cuda_module_destroy(IndCudaModule *m) {
  if (!m)
    return;
  for (int i = 0; m->work && i < m->nwork; ++i)
    if (m->work[i]) {
      if (m->custom_alloc) {
        m->alloc.free(m->alloc.user, m->work[i], m->work_stream);
      } else {
        runtime_free(m->work[i], m->work_bytes[i]);
      }
    }
  if (m->lt_work)
    runtime_free(m->lt_work, m->lt_work_bytes);
  for (int i = 0; i < m->nlt_old; ++i)
    runtime_free(m->lt_old[i].ptr, m->lt_old[i].bytes);
  free(m->lt_old);
  lt_destroy(m);
  if (m->cublas)
    p_cublasDestroy(m->cublas);
  if (m->mod)
    p_cuModuleUnload(m->mod);
  if (m->ctx_retained)
    p_cuDevicePrimaryCtxRelease(m->dev);
  free(m->fns);
  free(m->src);
  free(m->work);
  free(m->work_bytes);
  free(m->work_off);
  free(m->work_host);
  free(m->ptrs);
  free(m->vals);
  free(m->params);
  free(m->param_start);
  free(m->copy_from);
  free(m);
}

static IndStatus runtime_alloc(CUdeviceptr *p, size_t bytes) {
  CU_TRY(p_cuMemAlloc(p, bytes)); /* a failure names cuMemAlloc */
  atomic_fetch_add(&g_runtime_bytes, (long long)bytes);
  return NULL;
}

static void runtime_free(CUdeviceptr p, size_t bytes) {
  p_cuMemFree(p);
  atomic_fetch_sub(&g_runtime_bytes, (long long)bytes);
}

static IndStatus ensure_workspace(IndCudaModule *m, void *stream) {
  if (m->work_ready)
    return NULL;
  for (int i = 0; i < m->nwork; ++i) {
    if (m->custom_alloc) {
      uint64_t ptr = 0;
      IndStatus st = m->alloc.alloc(m->alloc.user, m->work_bytes[i], stream, &ptr);
      m->work[i] = (CUdeviceptr)ptr;
      if (st) {
        m->work[i] = 0;
        IndStatus named = ind_status_create("the allocator failed for an intermediate buffer of %zu bytes: %s",
                                            m->work_bytes[i], ind_status_message(st));
        ind_status_destroy(st);
        return named;
      }
    } else {
      IndStatus st = runtime_alloc(&m->work[i], m->work_bytes[i]);
      if (st)
        return st;
    }
  }
  m->work_stream = stream;
  m->work_ready = true;
  return NULL;
}

IndStatus ind_cuda_module_fill_intermediates(IndCudaModule *m, uint32_t value, void *stream) {
  IndStatus st = ensure_workspace(m, stream);
  for (int i = 0; !st && i < m->nwork; ++i)
    st = ind_cuda_memset_d32(m->work[i], value, m->work_bytes[i] / 4, stream);
  return st;
}

/* Binds this run's buffers: the caller's inputs and outputs, the intermediates in `scratch` (the caller's, at
 * the module's offsets) or, where scratch is 0, in the module's own slots (allocated on the first run). */
static IndStatus bind(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs, uint64_t scratch,
                      void *stream) {
  if (scratch && scratch % IND_SCRATCH_ALIGN != 0)
    return ind_status_create("scratch address 0x%llx is not %d-byte aligned", (unsigned long long)scratch,
                             IND_SCRATCH_ALIGN);
  IndStatus st = scratch ? NULL : ensure_workspace(m, stream);
  if (st)
    return st;
  const IndRtProgram *p = m->prog;
  for (int i = 0; i < p->nbufs; ++i) {
    const BufferSource *s = &m->src[i];
    m->ptrs[i] = s->kind == SRC_INPUT    ? (CUdeviceptr)inputs[s->index]
                 : s->kind == SRC_OUTPUT ? (CUdeviceptr)outputs[s->index]
                 : scratch && m->work_host[s->index] >= 0
                     ? (CUdeviceptr)outputs[m->work_host[s->index]] + m->work_off[s->index]
                 : scratch ? (CUdeviceptr)scratch + m->work_off[s->index]
                           : m->work[s->index];
    /* The kernels' vector accesses assume what every allocator gives (Inductor's alignment rule): a view
     * at an odd offset (x[1:]) would be a misaligned-address fault that kills the caller's context. */
    if (s->kind != SRC_WORK && m->ptrs[i] % IND_RT_ALIGN != 0)
      return ind_status_create("%s %d: address 0x%llx is not %d-byte aligned (ind's kernels load and store up to %d "
                               "bytes at once): pass an aligned copy",
                               s->kind == SRC_INPUT ? "input" : "output", s->index, (unsigned long long)m->ptrs[i],
                               IND_RT_ALIGN, IND_RT_ALIGN);
  }
  for (int i = 0; i < p->nsteps; ++i)
    for (int a = 0; a < p->steps[i].nargs; ++a)
      m->vals[m->param_start[i] + a] = m->ptrs[p->steps[i].args[a]];
  return NULL;
}

/* The largest power of two (at most 256) dividing p: the alignment cuBLASLt's heuristic assumes of it. */
static int ptr_align(CUdeviceptr p) {
  int a = 1;
  while (a < 256 && p % (CUdeviceptr)(2 * a) == 0)
    a *= 2;
  return a;
}

/* The most workspace cuBLASLt's heuristic may choose an algorithm for: $CUBLASLT_WORKSPACE_SIZE KiB (PyTorch's
 * variable for its own cuBLASLt calls), else 32 MiB (PyTorch's default on Hopper). Without a workspace the
 * heuristic has no split-K algorithms: the zoo's f32 linears ran 6-17 % slower than cuBLAS's gemm + a
 * bias add (docs/results/gpu-2026-12-06-run26-epilogue-cudagraphs-fuzz.md). */
static uint64_t lt_workspace_limit(void) {
  const char *env = getenv("CUBLASLT_WORKSPACE_SIZE");
  char *end = NULL;
  unsigned long long kib = env && *env ? strtoull(env, &end, 10) : 0;
  if (env && *env && end && *end == '\0')
    return (uint64_t)kib * 1024;
  return (uint64_t)32 << 20;
}

/* An mm with a bias epilogue through cuBLASLt (the layouts of lt_step_init). The algorithm is the heuristic's
 * first for operands aligned to IND_RT_ALIGN, this bias pointer's alignment and lt_workspace_limit(); the
 * module's workspace grows to what it asks for when the heuristic runs (the first run, or a less aligned
 * bias: a warm-up, never a CUDA graph's capture, which replays the captured pointer). */
static IndStatus run_lt(IndCudaModule *m, int i, CUstream stream, const char *what) {
  const Step *s = &m->prog->steps[i];
  LtStep *l = &m->ltst[i];
  CUdeviceptr *v = &m->vals[m->param_start[i]];
  const float one = 1.0f, zero = 0.0f;
  const void *bias = (const void *)(uintptr_t)v[2];
  int r = p_cublasLtMatmulDescSetAttribute(l->desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof bias);
  if (r != 0)
    return cublas_error("cublasLtMatmulDescSetAttribute", r, what);
  int align = ptr_align(v[2]);
  if (l->bias_align == 0 || align < l->bias_align) {
    void *pref = NULL;
    int found = 0;
    uint32_t min_align = IND_RT_ALIGN;
    if ((r = p_cublasLtMatmulPreferenceCreate(&pref)))
      return cublas_error("cublasLtMatmulPreferenceCreate", r, what);
    uint64_t limit = lt_workspace_limit();
    r = p_cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &limit, sizeof limit);
    for (int k = 0; k < 4 && r == 0; ++k) /* A, B, C, D: any buffer of the runtime's alignment */
      r = p_cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES + k, &min_align,
                                                 sizeof min_align);
    const char *call = r ? "cublasLtMatmulPreferenceSetAttribute" : "cublasLtMatmulAlgoGetHeuristic";
    if (r == 0)
      r = p_cublasLtMatmulAlgoGetHeuristic(m->lt, l->desc, l->a, l->b, l->c, l->c, pref, 1, &l->algo, &found);
    p_cublasLtMatmulPreferenceDestroy(pref);
    if (r != 0)
      return cublas_error(call, r, what);
    if (found < 1)
      return ind_status_create("cublasLtMatmulAlgoGetHeuristic found no algorithm%s", what);
    if (l->algo.workspace > m->lt_work_bytes) {
      /* the earlier one is kept until destroy: launches queued before use it, and so does every replay of a
       * CUDA graph captured before (a PyTorch CUDA graph of a partition whose module another caller shares,
       * with a less aligned bias, runs this heuristic again: freed, the bytes went to PyTorch's allocator and
       * the replays wrote cuBLASLt's workspace into its tensors) */
      if (m->lt_work) {
        LtOld *o = realloc(m->lt_old, ((size_t)m->nlt_old + 1) * sizeof *o);
        if (!o)
          return ind_status_create("out of memory");
        m->lt_old = o;
        m->lt_old[m->nlt_old++] = (LtOld){m->lt_work, m->lt_work_bytes};
      }
      m->lt_work = 0, m->lt_work_bytes = 0;
      IndStatus st = runtime_alloc(&m->lt_work, l->algo.workspace);
      if (st)
        return st;
      m->lt_work_bytes = l->algo.workspace;
    }
    l->bias_align = align;
  }
  const void *pa = (const void *)(uintptr_t)v[0], *pb = (const void *)(uintptr_t)v[1];
  void *pc = (void *)(uintptr_t)v[3];
  r = p_cublasLtMatmul(m->lt, l->desc, &one, pb, l->a, pa, l->b, &zero, pc, l->c, pc, l->c, l->algo.algo,
                       (void *)(uintptr_t)m->lt_work, l->algo.workspace, stream);
  if (r != 0)
    return cublas_error("cublasLtMatmul", r, what);
  note_launch("cublasLtMatmul (step %d, extern %s with a bias, m=%d n=%d k=%d)", i, s->kernel, s->mm_n, s->mm_m,
              s->mm_k);
  return NULL;
}

/* An extern mm / bmm step through cuBLAS. Row-major C[m,n] = op(A)[m,k] op(B)[k,n]  <=>  column-major
 * C^T = op(B)^T op(A)^T: gemm(opB, opA, n, m, k, B, ldb, A, lda, C, n). A row-major [k,n] B is the
 * column-major n x k matrix B^T: CUBLAS_OP_N, ld n; a transposed one (row-major [n,k]) is B itself:
 * CUBLAS_OP_T, ld k. Likewise A: N with ld k, or (row-major [k,m]) T with ld m. bmm: the same per batch,
 * operands strided by their matrices' sizes. A failure names the call, the status, every argument that
 * shapes the call and the step. */
static IndStatus run_extern(IndCudaModule *m, int i, CUstream stream) {
  const Step *s = &m->prog->steps[i];
  CUdeviceptr *v = &m->vals[m->param_start[i]];
  const float one = 1.0f, zero = 0.0f;
  const char *call = s->mm_type == IND_ELEM_F32 ? (s->mm_batch > 0 ? "cublasSgemmStridedBatched" : "cublasSgemm_v2")
                                                : (s->mm_batch > 0 ? "cublasGemmStridedBatchedEx" : "cublasGemmEx");
  long long mk = (long long)s->mm_m * s->mm_k, kn = (long long)s->mm_k * s->mm_n, mn = (long long)s->mm_m * s->mm_n;
  int opb = s->trans_b ? CUBLAS_OP_T : CUBLAS_OP_N, opa = s->trans_a ? CUBLAS_OP_T : CUBLAS_OP_N;
  int ldb = s->trans_b ? s->mm_k : s->mm_n, lda = s->trans_a ? s->mm_m : s->mm_k;
  char what[512], batch[128] = "";
  if (s->mm_batch > 0)
    snprintf(batch, sizeof batch, " batch=%d strideA=%lld strideB=%lld strideC=%lld", s->mm_batch, kn, mk, mn);
  snprintf(what, sizeof what,
           ": transa=%c transb=%c m=%d n=%d k=%d lda=%d ldb=%d ldc=%d dtype=%s%s (step %d, extern %s: row-major "
           "C[%dx%d] = A[%dx%d] @ B[%dx%d]%s%s as column-major C^T = B^T A^T)",
           s->trans_b ? 'T' : 'N', s->trans_a ? 'T' : 'N', s->mm_n, s->mm_m, s->mm_k, ldb, lda, s->mm_n,
           ind_element_type_name(s->mm_type), batch, i, s->kernel, s->mm_m, s->mm_n, s->mm_m, s->mm_k, s->mm_k, s->mm_n,
           s->trans_a ? ", A held transposed" : "", s->trans_b ? ", B held transposed" : "");
  if (s->bias) {
    size_t used = strlen(what);
    snprintf(what + used, sizeof what - used, ", plus the bias (cuBLASLt's epilogue, a vector of C^T's rows)");
  }
  if (s->bias)
    return run_lt(m, i, stream, what);
  int r = p_cublasSetStream(m->cublas, stream);
  if (r != 0)
    return cublas_error("cublasSetStream_v2", r, what);
  if (s->mm_type != IND_ELEM_F32) { /* f16 / bf16 operands, f32 accumulation */
    int dt = s->mm_type == IND_ELEM_F16 ? CUDA_R_16F : CUDA_R_16BF;
    if (s->mm_batch > 0 ? !p_cublasGemmStridedBatchedEx : !p_cublasGemmEx)
      return ind_status_create("%s lacks %s (needed by a %s mm)", g_cublas_path, call,
                               ind_element_type_name(s->mm_type));
    const void *pa = (const void *)(uintptr_t)v[0], *pb = (const void *)(uintptr_t)v[1];
    void *pc = (void *)(uintptr_t)v[2];
    if (s->mm_batch > 0)
      r = p_cublasGemmStridedBatchedEx(m->cublas, opb, opa, s->mm_n, s->mm_m, s->mm_k, &one, pb, dt, ldb, kn, pa, dt,
                                       lda, mk, &zero, pc, dt, s->mm_n, mn, s->mm_batch, CUBLAS_COMPUTE_32F,
                                       CUBLAS_GEMM_DEFAULT);
    else
      r = p_cublasGemmEx(m->cublas, opb, opa, s->mm_n, s->mm_m, s->mm_k, &one, pb, dt, ldb, pa, dt, lda, &zero, pc, dt,
                         s->mm_n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  } else if (s->mm_batch > 0) {
    r = p_cublasSgemmStridedBatched(m->cublas, opb, opa, s->mm_n, s->mm_m, s->mm_k, &one,
                                    (const float *)(uintptr_t)v[1], ldb, kn, (const float *)(uintptr_t)v[0], lda, mk,
                                    &zero, (float *)(uintptr_t)v[2], s->mm_n, mn, s->mm_batch);
  } else {
    r = p_cublasSgemm(m->cublas, opb, opa, s->mm_n, s->mm_m, s->mm_k, &one, (const float *)(uintptr_t)v[1], ldb,
                      (const float *)(uintptr_t)v[0], lda, &zero, (float *)(uintptr_t)v[2], s->mm_n);
  }
  if (r != 0)
    return cublas_error(call, r, what);
  note_launch("%s (step %d, extern %s, m=%d n=%d k=%d)", call, i, s->kernel, s->mm_n, s->mm_m, s->mm_k);
  return NULL;
}

static IndStatus run_step(IndCudaModule *m, int i, CUstream stream) {
  const Step *s = &m->prog->steps[i];
  if (s->is_extern)
    return run_extern(m, i, stream);
  CUresult e = p_cuLaunchKernel(m->fns[i], s->grid[0], s->grid[1], s->grid[2], s->block[0], s->block[1], s->block[2],
                                s->shared, stream, &m->params[m->param_start[i]], NULL);
  char launch[300];
  snprintf(launch, sizeof launch, "%s grid [%u,%u,%u] block [%u,%u,%u] shared %u", s->kernel, s->grid[0], s->grid[1],
           s->grid[2], s->block[0], s->block[1], s->block[2], s->shared);
  if (e != CUDA_SUCCESS) {
    char what[340];
    snprintf(what, sizeof what, "cuLaunchKernel(%s)", launch);
    return cu_error(e, what);
  }
  note_launch("%s (step %d)", launch, i);
  return NULL;
}

static IndStatus copy_aliased_outputs(IndCudaModule *m, const uint64_t *outputs, CUstream stream) {
  const IndRtProgram *p = m->prog;
  for (int k = 0; k < p->noutputs; ++k)
    if (m->copy_from[k] >= 0)
      CU_TRY(p_cuMemcpyDtoDAsync((CUdeviceptr)outputs[k], m->ptrs[m->copy_from[k]],
                                 (size_t)p->bufs[m->copy_from[k]].bytes, stream));
  return NULL;
}

/* How run() goes: asynchronous (the checked-mode record is read once, after the last step), synchronized
 * after every step (the record too), or captured into a graph (nothing synchronizes or reads). */
enum { RUN_ASYNC, RUN_CHECKED, RUN_CAPTURE };

static IndStatus run_range(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs, uint64_t scratch,
                           void *stream, int mode, int first, int end) {
  IndStatus st = bind(m, inputs, outputs, scratch, stream);
  bool checked = mode == RUN_CHECKED;
  for (int i = first; !st && i < end; ++i) {
    st = run_step(m, i, (CUstream)stream);
    if (!st && checked) {
      CUresult e = p_cuStreamSynchronize((CUstream)stream);
      if (e != CUDA_SUCCESS) {
        IndStatus c = cu_error(e, "cuStreamSynchronize");
        st = ind_status_create("step %d (%s) failed while running: %s", i, m->prog->steps[i].kernel,
                               ind_status_message(c));
        ind_status_destroy(c);
      } else {
        st = read_record(m, (CUstream)stream);
      }
    } else if (st && checked) {
      IndStatus c = st;
      st = ind_status_create("in step %d (%s): %s", i, m->prog->steps[i].kernel, ind_status_message(c));
      ind_status_destroy(c);
    }
  }
  if (end < m->prog->nsteps) /* a first part of a run: the copies and the record come with its last part */
    return st;
  if (!st)
    st = copy_aliased_outputs(m, outputs, (CUstream)stream);
  return st || mode != RUN_ASYNC ? st : read_record(m, (CUstream)stream);
}

static IndStatus run(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs, uint64_t scratch, void *stream,
                     int mode) {
  return run_range(m, inputs, outputs, scratch, stream, mode, 0, m->prog->nsteps);
}

IndStatus ind_cuda_module_run(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs, void *stream) {
  return run(m, inputs, outputs, 0, stream, RUN_ASYNC);
}

size_t ind_cuda_module_scratch_bytes(const IndCudaModule *m) { return m->scratch_bytes; }

IndStatus ind_cuda_module_run_scratch(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs,
                                      uint64_t scratch, void *stream) {
  return ind_cuda_module_run_steps(m, inputs, outputs, scratch, stream, 0, m->prog->nsteps);
}

IndStatus ind_cuda_module_run_steps(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs, uint64_t scratch,
                                    void *stream, int first, int end) {
  if (first < 0 || end > m->prog->nsteps || first > end)
    return ind_status_create("steps [%d, %d) of a program of %d steps", first, end, m->prog->nsteps);
  if (!scratch && m->scratch_bytes)
    return ind_status_create("no scratch given for the program's %zu bytes of intermediates", m->scratch_bytes);
  return run_range(m, inputs, outputs, scratch, stream, RUN_ASYNC, first, end);
}

int ind_cuda_module_step_span(const IndCudaModule *m, int *input_last, int *output_first) {
  const IndRtProgram *p = m->prog;
  for (int k = 0; k < p->ninputs; ++k)
    input_last[k] = -1;
  for (int k = 0; k < p->noutputs; ++k) {
    output_first[k] = p->nsteps;
    if (m->copy_from[k] >= 0 && m->copy_from[k] < p->ninputs) /* the end copies that input */
      input_last[m->copy_from[k]] = p->nsteps;
  }
  for (int s = 0; s < p->nsteps; ++s)
    for (int a = 0; a < p->steps[s].nargs; ++a) {
      const BufferSource *src = &m->src[p->steps[s].args[a]]; /* a buffer of the plan: checked when it loaded */
      int k = src->kind == SRC_OUTPUT ? src->index : src->kind == SRC_WORK ? m->work_host[src->index] : -1;
      if (src->kind == SRC_INPUT && input_last[src->index] < s)
        input_last[src->index] = s;
      if (k >= 0 && output_first[k] > s)
        output_first[k] = s;
    }
  return p->nsteps;
}

IndStatus ind_cuda_module_run_checked(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs, void *stream) {
  return run(m, inputs, outputs, 0, stream, RUN_CHECKED);
}

IndStatus ind_cuda_module_capture(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs, void *stream,
                                  IndCudaGraph **out) {
  return ind_cuda_module_capture_n(m, inputs, outputs, stream, 1, out);
}

IndStatus ind_cuda_module_capture_n(IndCudaModule *m, const uint64_t *inputs, const uint64_t *outputs, void *stream,
                                    int calls, IndCudaGraph **out) {
  *out = NULL;
  if (!stream)
    return ind_status_create("CUDA graph capture needs a stream other than the legacy default stream");
  if (calls < 1)
    return ind_status_create("CUDA graph capture of %d calls: needs at least one", calls);
  IndStatus st = ensure_workspace(m, stream); /* allocations are not captured */
  if (st)
    return st;
  IndCudaGraph *g = calloc(1, sizeof *g);
  if (!g)
    return ind_status_create("out of memory");
  CUresult r = p_cuStreamBeginCapture((CUstream)stream, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
  if (r != CUDA_SUCCESS) {
    free(g);
    return cu_error(r, "cuStreamBeginCapture");
  }
  for (int c = 0; c < calls && !st; ++c)
    st = run(m, inputs, outputs, 0, stream, RUN_CAPTURE);
  r = p_cuStreamEndCapture((CUstream)stream, &g->graph);
  if (!st && r != CUDA_SUCCESS)
    st = cu_error(r, "cuStreamEndCapture");
  if (!st) {
    r = p_cuGraphInstantiate(&g->exec, g->graph, 0);
    if (r != CUDA_SUCCESS) {
      g->exec = NULL;
      st = cu_error(r, "cuGraphInstantiate");
    }
  }
  if (st) {
    ind_cuda_graph_destroy(g);
    return st;
  }
  *out = g;
  return NULL;
}

IndStatus ind_cuda_graph_launch(IndCudaGraph *g, void *stream) {
  CU_TRY(p_cuGraphLaunch(g->exec, (CUstream)stream));
  note_launch("a CUDA graph (ind_cuda_graph_launch)");
  return NULL;
}

void ind_cuda_graph_destroy(IndCudaGraph *g) {
  if (!g)
    return;
  if (g->exec)
    p_cuGraphExecDestroy(g->exec);
  if (g->graph)
    p_cuGraphDestroy(g->graph);
  free(g);
}

/* --- helpers --------------------------------------------------------------------------------- */

IndStatus ind_cuda_malloc(size_t bytes, uint64_t *ptr) {
  IndStatus st = current_context();
  if (st)
    return st;
  CUdeviceptr p = 0;
  CU_TRY(p_cuMemAlloc(&p, bytes < 16 ? 16 : bytes));
  *ptr = (uint64_t)p;
  return NULL;
}

void ind_cuda_free(uint64_t ptr) {
  if (ptr && p_cuMemFree)
    p_cuMemFree((CUdeviceptr)ptr);
}

/* Both copies are synchronous with respect to every stream of the context. cuMemcpyHtoD from pageable
 * memory may return before its DMA reaches the device, and the legacy stream it runs on does not order
 * work on the non-blocking streams that ind_cuda_stream_create makes: a kernel launched right after could
 * read the buffer before the data arrived (seen once in 2,500 GPU runs of the soak under load: an output
 * computed from an all-zero input). Likewise cuMemcpyDtoH does not wait for kernels on those streams. */
IndStatus ind_cuda_memcpy_htod(uint64_t dst, const void *src, size_t bytes) {
  if (bytes) {
    CU_TRY(p_cuMemcpyHtoD((CUdeviceptr)dst, src, bytes));
    CU_TRY(p_cuCtxSynchronize());
  }
  return NULL;
}

IndStatus ind_cuda_memcpy_dtoh(void *dst, uint64_t src, size_t bytes) {
  if (bytes) {
    CU_TRY(p_cuCtxSynchronize());
    CU_TRY(p_cuMemcpyDtoH(dst, (CUdeviceptr)src, bytes));
  }
  return NULL;
}

IndStatus ind_cuda_memset_d32(uint64_t dst, uint32_t value, size_t count, void *stream) {
  if (count)
    CU_TRY(p_cuMemsetD32Async((CUdeviceptr)dst, value, count, (CUstream)stream));
  return NULL;
}

IndStatus ind_cuda_stream_create(void **stream) {
  IndStatus st = current_context();
  if (st)
    return st;
  CUstream s = NULL;
  CU_TRY(p_cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
  *stream = s;
  return NULL;
}

void ind_cuda_stream_destroy(void *stream) {
  if (stream && p_cuStreamDestroy)
    p_cuStreamDestroy((CUstream)stream);
}

IndStatus ind_cuda_stream_synchronize(void *stream) {
  CU_TRY(p_cuStreamSynchronize((CUstream)stream));
  return NULL;
}

IndStatus ind_cuda_time(void *stream, int iters, IndStatus (*fn)(void *user), void *user, float *ms) {
  CUevent start = NULL, stop = NULL;
  IndStatus st = NULL;
  CUresult r = p_cuEventCreate(&start, CU_EVENT_DEFAULT);
  const char *call = "cuEventCreate";
  if (r == CUDA_SUCCESS)
    r = p_cuEventCreate(&stop, CU_EVENT_DEFAULT);
  if (r == CUDA_SUCCESS && (call = "cuEventRecord"))
    r = p_cuEventRecord(start, (CUstream)stream);
  if (r != CUDA_SUCCESS)
    st = cu_error(r, call);
  for (int i = 0; !st && i < iters; ++i)
    st = fn(user);
  if (!st) {
    call = "cuEventRecord";
    r = p_cuEventRecord(stop, (CUstream)stream);
    if (r == CUDA_SUCCESS && (call = "cuEventSynchronize"))
      r = p_cuEventSynchronize(stop);
    if (r == CUDA_SUCCESS && (call = "cuEventElapsedTime"))
      r = p_cuEventElapsedTime(ms, start, stop);
    if (r != CUDA_SUCCESS)
      st = cu_error(r, call);
  }
  if (start)
    p_cuEventDestroy(start);
  if (stop)
    p_cuEventDestroy(stop);
  return st;
}
