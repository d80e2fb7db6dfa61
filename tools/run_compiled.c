/* run_compiled.c - ind-run's compiled path on the CPU, over libind's session; see run_compiled.h. */
#include "tools/run_compiled.h"

#include "lib/ir.h"
#include "lib/pipeline.h"
#include "lib/ptrmap.h"
#include "libind/register_all.h"
#include "libind/session.h"

#include <math.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Pass.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* --- building and running (libind's session) ------------------------------------------------ */

bool ind_run_report(MlirOperation func, IndStatus st, const char *prefix, bool said) {
  const char *file, *text;
  int line, col;
  if (!st)
    return true;
  if (said) {
    /* the session's diagnostics said it */
  } else if (ind_status_location(st, &file, &line, &col, &text)) {
    ind_emit_error_at(
        mlirLocationFileLineColGet(mlirOperationGetContext(func), ind_str(file), (unsigned)line, (unsigned)col), "%s",
        text);
  } else {
    ind_emit_error(func, "%s: %s", prefix, ind_status_message(st));
  }
  ind_status_destroy(st);
  return false;
}

/* The errors the tool's engine has printed so far (0 without one). */
static int errors(const IndRunCompiledOptions *o) { return o->diag ? o->diag->nerrors : 0; }

IndProgram *ind_run_build(MlirOperation func, const IndRunCompiledOptions *o, bool cuda, const char *prefix, int *level,
                          double *pipeline_ms) {
  double t0 = now_ms();
  ind_register_all(); /* the stages and passes (idempotent) */
  MlirOperation parent = mlirOperationGetParentOperation(func);
  *level = ind_module_level(mlirOperationIsNull(parent) ? func : parent);
  if (*level != IND_LEVEL_KERNEL && !ind_stage_at_order(IND_STAGE_CODEGEN)) {
    ind_emit_error(func, "compiled run: this build has no --codegen stage: run with --reference");
    return NULL;
  }
  IndSessionOptions so;
  memset(&so, 0, sizeof so);
  so.fuse = o->fuse;
  so.cuda = cuda;
  so.opt_level = o->opt_level;
  so.jit_only = !cuda; /* the CPU run needs no launch plan */
  MlirModule m = {NULL};
  int before = errors(o);
  IndStatus st = ind_session_lower(func, &so, &m, level);
  if (!ind_run_report(func, st, "compiled run", st && errors(o) > before))
    return NULL;
  *pipeline_ms = now_ms() - t0;
  IndProgram *p = NULL;
  before = errors(o);
  st = ind_session_build(NULL, m, (MlirOperation){NULL}, &so, &p);
  ind_run_report(func, st, prefix, st && errors(o) > before);
  mlirModuleDestroy(m);
  return p;
}

/* Writes tensor t into a fresh dense buffer of the program's input `info`. */
static void *to_storage(const IndTensor *t, IndTensorInfo info, char *err, size_t errlen) {
  IndElementType dt = info.type;
  if (!ind_dtype_supported(dt) || info.rank != t->rank) {
    snprintf(err, errlen, "unsupported argument type");
    return NULL;
  }
  for (int d = 0; d < info.rank; ++d)
    if (info.shape[d] != t->shape[d]) {
      snprintf(err, errlen, "input shape does not match the argument");
      return NULL;
    }
  void *data = calloc((size_t)info.numel + 1, ind_dtype_size(dt));
  if (!data) {
    snprintf(err, errlen, "cannot allocate the argument's storage");
    return NULL;
  }
  ind_tensor_to_dense(t, dt, data);
  return data;
}

/* Frees the buffers bufs[0 .. n) and the array. */
static void free_buffers(void **bufs, int n) {
  for (int k = 0; bufs && k < n; ++k)
    free(bufs[k]);
  free(bufs);
}

/* Runs the program on the CPU (ind_program_run_cpu) on the inputs; *out gets an array of room for its outputs,
 * filled out[0 .. *n_out). */
static bool execute(IndProgram *p, MlirOperation func, const IndTensor *in, int n_in, IndTensor **out, int *n_out,
                    double *run_ms, const IndRunCompiledOptions *o) {
  int nin = ind_program_num_inputs(p), nout = ind_program_num_outputs(p);
  if (nin != n_in) {
    ind_emit_error(func, "compiled run: the compiled @call takes %d inputs and returns %d outputs (given %d inputs)",
                   nin, nout, n_in);
    return false;
  }
  void **bin = calloc((size_t)nin + 1, sizeof *bin), **bout = calloc((size_t)nout + 1, sizeof *bout);
  bool ok = bin && bout && (*out = calloc((size_t)nout + 1, sizeof **out));
  if (!ok)
    ind_emit_error(func, "compiled run: out of memory");
  for (int k = 0; k < nin && ok; ++k) {
    char err[256];
    bin[k] = to_storage(&in[k], ind_program_input(p, k), err, sizeof err);
    if (!bin[k])
      ok = mlirLogicalResultIsSuccess(ind_emit_error(func, "compiled run: input %d: %s", k, err));
  }
  for (int k = 0; k < nout && ok; ++k)
    if (!(bout[k] = malloc((size_t)ind_program_output(p, k).bytes + 1)))
      ok = mlirLogicalResultIsSuccess(ind_emit_error(func, "compiled run: output %d: out of memory", k));
  int before = errors(o);
  double t0 = now_ms();
  if (ok) {
    IndStatus st = ind_program_run_cpu(p, (const void *const *)bin, bout);
    ok = ind_run_report(func, st, "compiled run", st && errors(o) > before);
  }
  *run_ms = now_ms() - t0;
  for (int k = 0; k < nout && ok; ++k) {
    IndTensorInfo info = ind_program_output(p, k);
    IndElementType dt = info.type;
    if (!ind_dtype_supported(dt) || !ind_tensor_from_dense(&(*out)[k], dt, info.rank, info.shape, bout[k])) {
      for (int j = 0; j < k; ++j)
        ind_tensor_free(&(*out)[j]);
      ok = mlirLogicalResultIsSuccess(ind_emit_error(func, "compiled run: output %d has an unsupported type", k));
    }
  }
  *n_out = ok ? nout : 0;
  free_buffers(bin, nin);
  free_buffers(bout, nout);
  return ok;
}

/* --- checking ------------------------------------------------------------------------------- */

/* The machine epsilon of a low-precision storage dtype (0 for the others). */
static double storage_eps(IndElementType dt) {
  return dt == IND_ELEM_F16 ? ldexp(1, -10) : dt == IND_ELEM_BF16 ? ldexp(1, -7) : 0.0;
}

static double type_eps(MlirType t) {
  IndElementType dt;
  return mlirTypeIsAShaped(t) && ind_dtype_from_mlir(mlirShapedTypeGetElementType(t), &dt) ? storage_eps(dt) : 0.0;
}

static double max2(double a, double b) { return a > b ? a : b; }

/* The lowest precision on the path to output k: the largest storage_eps of the output and of every
 * op result it depends on (its backward cone; function arguments are rounded on entry by both sides,
 * so they do not count). The reference rounds every graph op's result to its dtype while a fused
 * kernel computes in f32 and rounds only what it stores, so each f16/bf16 value on the path may be
 * an ulp apart on the two sides: the tolerance is that of the lowest precision on the path. */
static bool is_float_elem(MlirType t) {
  MlirType e = mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
  return mlirTypeIsAFloat(e);
}

static bool is_int_elem(MlirType t) {
  MlirType e = mlirTypeIsAShaped(t) ? mlirShapedTypeGetElementType(t) : t;
  return mlirTypeIsAInteger(e) && mlirIntegerTypeGetWidth(e) > 1;
}

static MlirWalkResult find_fptosi(MlirOperation op, void *found) {
  if (ind_op_is(op, "arith.fptosi")) {
    *(bool *)found = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* A float -> integer conversion: a graph.convert from a float to an integer (wider than i1) tensor, or
 * an arith.fptosi in the op's body (ind / sched level). Its result may legitimately differ by one
 * between the compiled program (f32) and the reference (double) at a rounding boundary. */
static bool converts_float_to_int(MlirOperation op) {
  if (ind_op_is(op, "graph.convert") && mlirOperationGetNumOperands(op) == 1 && mlirOperationGetNumResults(op) == 1)
    return is_float_elem(mlirValueGetType(mlirOperationGetOperand(op, 0))) &&
           is_int_elem(mlirValueGetType(mlirOperationGetResult(op, 0)));
  bool found = false;
  if (mlirOperationGetNumRegions(op) > 0)
    mlirOperationWalk(op, find_fptosi, &found, MlirWalkPreOrder);
  return found;
}

static double cone_eps(MlirOperation func, int k, bool *f2i) {
  *f2i = false;
  MlirOperation ret = mlirBlockGetTerminator(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
  if (mlirOperationIsNull(ret) || k >= mlirOperationGetNumOperands(ret))
    return 0.0;
  IndPtrMap seen = {0};
  int cap = 64, n = 0;
  MlirOperation *stack = malloc(sizeof *stack * (size_t)cap);
  double eps = 0.0;
  MlirValue v0 = mlirOperationGetOperand(ret, k);
  eps = type_eps(mlirValueGetType(v0));
  if (stack && mlirValueIsAOpResult(v0))
    stack[n++] = mlirOpResultGetOwner(v0);
  while (stack && n > 0) {
    MlirOperation op = stack[--n];
    int64_t dummy;
    if (ind_ptrmap_get(&seen, op.ptr, &dummy) || !ind_ptrmap_put(&seen, op.ptr, 1))
      continue;
    *f2i = *f2i || converts_float_to_int(op);
    for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
      eps = max2(eps, type_eps(mlirValueGetType(mlirOperationGetResult(op, r))));
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
      MlirValue v = mlirOperationGetOperand(op, i);
      if (!mlirValueIsAOpResult(v))
        continue;
      if (n == cap) {
        MlirOperation *grown = realloc(stack, sizeof *stack * (size_t)(cap *= 2));
        if (!grown)
          break;
        stack = grown;
      }
      stack[n++] = mlirOpResultGetOwner(v);
    }
  }
  free(stack);
  ind_ptrmap_free(&seen);
  return eps;
}

/* Prints one line comparing got with want; true when within tolerance. With `alt` (the reference
 * without intermediate rounding, ind_session_reference's unrounded run: given when the path holds f16/bf16
 * values), an element also passes when it is within tolerance of alt: the compiled program rounds
 * at a subset of the points the reference rounds at, and a comparison or a float->int convert of a
 * low-precision value may then legitimately come out either way (docs/tools/ind-run.md). */
static bool check_one(int k, const IndTensor *got, const IndTensor *want, const IndTensor *alt, double eps, bool exact,
                      const IndRunCompiledOptions *o) {
  char shape[128];
  ind_tensor_shape_str(got, shape, sizeof shape);
  if (!ind_tensor_same_shape(got, want) || (alt && !ind_tensor_same_shape(got, alt))) {
    char w[128];
    ind_tensor_shape_str(want, w, sizeof w);
    printf("check out%d: %s, reference %s: FAIL (shape)\n", k, shape, w);
    return false;
  }
  double rtol = exact ? 0.0 : max2(o->rtol, 2 * eps), atol = exact ? 0.0 : max2(o->atol, eps);
  double max_abs = 0.0, max_rel = 0.0;
  int64_t bad = 0, by_alt = 0;
  for (int64_t i = 0; i < got->numel; ++i) {
    double g = got->data[i], w = want->data[i];
    if (!ind_close(g, w, atol, rtol)) {
      if (alt && ind_close(g, alt->data[i], atol, rtol)) {
        ++by_alt;
        w = alt->data[i];
      } else {
        ++bad;
      }
    }
    if ((isnan(g) && isnan(w)) || g == w)
      continue;
    double d = fabs(g - w), rel = w != 0.0 ? d / fabs(w) : INFINITY;
    if (isnan(d))
      d = rel = INFINITY;
    max_abs = d > max_abs ? d : max_abs;
    max_rel = rel > max_rel ? rel : max_rel;
  }
  printf("check out%d: %s max_abs_err=%.3g max_rel_err=%.3g %s", k, shape, max_abs, max_rel, bad ? "FAIL" : "PASS");
  if (bad && exact)
    printf(" (%lld of %lld elements differ; integer outputs are compared exactly)", (long long)bad,
           (long long)got->numel);
  else if (bad)
    printf(" (%lld of %lld elements outside atol=%g + rtol=%g * |reference|)", (long long)bad, (long long)got->numel,
           atol, rtol);
  else if (exact)
    printf(" (every element equal: integer outputs are compared exactly)");
  else /* the relative error alone is meaningless next to zero: say what was checked */
    printf(" (every element within atol=%g + rtol=%g * |reference|)", atol, rtol);
  if (by_alt)
    printf(" (%lld matched only the reference without intermediate f16/bf16 rounding)", (long long)by_alt);
  printf("\n");
  return bad == 0;
}

/* Frees the tensors t[0 .. n) and the array. */
static void free_tensor_array(IndTensor *t, int n) {
  for (int k = 0; t && k < n; ++k)
    ind_tensor_free(&t[k]);
  free(t);
}

bool ind_run_check_against_reference(MlirOperation func, const IndTensor *in, int n_in, const IndTensor *out, int n_out,
                                     const IndRunCompiledOptions *o, double *ms) {
  IndTensor *ref = NULL, *alt = NULL;
  int n_ref = 0, n_alt = 0;
  double *eps = calloc((size_t)n_out + 1, sizeof *eps);
  bool lowp = false, *exact = calloc((size_t)n_out + 1, sizeof *exact);
  if (!eps || !exact) {
    free(eps);
    free(exact);
    ind_emit_error(func, "compiled run: out of memory");
    return false;
  }
  for (int k = 0; k < n_out; ++k) {
    bool f2i;
    eps[k] = cone_eps(func, k, &f2i);
    /* integers and booleans are exact on both sides unless a float -> int conversion is on the path */
    exact[k] = !ind_dtype_is_float(out[k].dtype) && !f2i;
    lowp = lowp || eps[k] > storage_eps(out[k].dtype);
  }
  double t0 = now_ms();
  int before = errors(o);
  IndStatus st = ind_session_reference(func, in, n_in, false, &ref, &n_ref);
  if (!ind_run_report(func, st, "compiled run", st && errors(o) > before)) {
    free(eps);
    free(exact);
    return false;
  }
  if (lowp) /* a failure of this one (its errors said) leaves the check to the rounded reference alone */
    ind_status_destroy(ind_session_reference(func, in, n_in, true, &alt, &n_alt));
  *ms = now_ms() - t0;
  bool ok = n_ref == n_out;
  if (!ok)
    ind_emit_error(func, "compiled run: %d outputs, the reference interpreter returned %d", n_out, n_ref);
  for (int k = 0; ok && k < n_out; ++k)
    ok = check_one(k, &out[k], &ref[k], n_alt == n_ref && eps[k] > 0.0 ? &alt[k] : NULL, eps[k], exact[k], o) && ok;
  free_tensor_array(ref, n_ref);
  free_tensor_array(alt, n_alt);
  free(eps);
  free(exact);
  return ok;
}

/* --- the entry ------------------------------------------------------------------------------ */

MlirLogicalResult ind_run_compiled(MlirOperation func, const IndTensor *in, int n_in, IndTensor **out, int *n_out,
                                   const IndRunCompiledOptions *opts) {
  *out = NULL;
  *n_out = 0;
  int level = 0;
  double t0 = now_ms(), pipeline_ms = 0.0;
  IndProgram *p = ind_run_build(func, opts, false, "compiled run", &level, &pipeline_ms);
  double t2 = now_ms();
  double run_ms = 0.0, ref_ms = 0.0;
  bool ok = p && execute(p, func, in, n_in, out, n_out, &run_ms, opts);
  bool built = p != NULL;
  ind_program_destroy(p);
  bool check = ok && opts->check && level != IND_LEVEL_KERNEL;
  if (check)
    ok = ind_run_check_against_reference(func, in, n_in, *out, *n_out, opts, &ref_ms);
  if (built) {
    printf("compiled: compile %.1f ms (pipeline %.1f ms, llvm+jit %.1f ms), run %.1f ms", t2 - t0, pipeline_ms,
           t2 - t0 - pipeline_ms, run_ms);
    if (check)
      printf("; reference %.1f ms", ref_ms);
    else if (level == IND_LEVEL_KERNEL)
      printf("; no reference check (kernel-level input)");
    printf("\n");
  }
  fflush(stdout);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
