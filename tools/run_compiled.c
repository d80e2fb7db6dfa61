/* run_compiled.c - ind-run's compiled path on the CPU; see run_compiled.h. */
#include "tools/run_compiled.h"

#include "interp/interp.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "lib/pipeline.h"
#include "lib/ptrmap.h"
#include "libind/jit_driver.h"
#include "libind/register_all.h"

#include <math.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Pass.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RC_MAX_IO IND_JIT_MAX_ARGS

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* --- compiling ------------------------------------------------------------------------------ */

/* The module to compile: a copy of the whole program at the kernel level (kernel.defs + @call),
 * else a fresh module holding a copy of `func` alone. */
static MlirModule copy_for_compile(MlirOperation func, int level) {
  MlirOperation parent = mlirOperationGetParentOperation(func);
  if (level == IND_LEVEL_KERNEL && !mlirOperationIsNull(parent))
    return mlirModuleFromOperation(mlirOperationClone(parent));
  MlirModule m = mlirModuleCreateEmpty(mlirOperationGetLocation(func));
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), mlirOperationClone(func));
  return m;
}

/* Runs the stages from the module's level through codegen (what `ind-opt [--fuse=FUSE] --codegen` runs). */
static bool run_stages(MlirModule m, const char *fuse) {
  MlirOperation op = mlirModuleGetOperation(m);
  MlirContext ctx = mlirOperationGetContext(op);
  if (!ind_stage_at_order(IND_STAGE_CODEGEN)) {
    ind_emit_error(op, "compiled run: this build has no --codegen stage: run with --reference");
    return false;
  }
  IndStageRequest req;
  memset(&req, 0, sizeof req);
  req.value[IND_STAGE_FUSE] = fuse;
  req.value[IND_STAGE_CODEGEN] = "";
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, ind_str("builtin.module"));
  char err[1024] = "";
  bool ok = ind_stages_add(mlirPassManagerGetAsOpPassManager(pm), op, &req, err, sizeof err);
  if (!ok)
    ind_emit_error(op, "compiled run: %s", err);
  else
    ok = mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op));
  mlirPassManagerDestroy(pm);
  return ok;
}

/* --- running -------------------------------------------------------------------------------- */

/* Writes tensor t into a fresh storage buffer of memref type `type`; *m describes it. */
static void *to_storage(const IndTensor *t, MlirType type, IndMemRef *m, char *err, size_t errlen) {
  IndDType dt;
  int rank;
  int64_t shape[IND_TENSOR_MAX_RANK];
  if (!ind_shape_from_mlir(type, &dt, &rank, shape) || rank != t->rank) {
    snprintf(err, errlen, "unsupported argument type");
    return NULL;
  }
  for (int d = 0; d < rank; ++d)
    if (shape[d] != t->shape[d]) {
      snprintf(err, errlen, "input shape does not match the argument");
      return NULL;
    }
  size_t es = ind_dtype_size(dt);
  int64_t span = ind_memref_storage_elems(type);
  unsigned char *data = span >= 0 ? calloc((size_t)span + 1, es) : NULL;
  if (!data || !ind_memref_init(m, type, data)) {
    free(data);
    snprintf(err, errlen, "cannot allocate the argument's storage");
    return NULL;
  }
  for (int64_t i = 0; i < t->numel; ++i)
    if (t->dtype == dt)
      ind_tensor_store_elem(t, i, data + ind_memref_offset_of(m, i) * (int64_t)es); /* integers exactly */
    else
      ind_storage_store(data + ind_memref_offset_of(m, i) * (int64_t)es, t->data[i], dt);
  return data;
}

/* Reads memref m of type `type` back into a fresh logical tensor. */
static bool from_storage(const IndMemRef *m, MlirType type, IndTensor *t) {
  IndDType dt;
  int rank;
  int64_t shape[IND_TENSOR_MAX_RANK];
  if (!ind_shape_from_mlir(type, &dt, &rank, shape) || !ind_tensor_init(t, dt, rank, shape))
    return false;
  size_t es = ind_dtype_size(dt);
  for (int64_t i = 0; i < t->numel; ++i)
    ind_tensor_load_elem(t, i, (const unsigned char *)m->aligned + ind_memref_offset_of(m, i) * (int64_t)es);
  return true;
}

/* Calls @call on the inputs; fills out[0 .. *n_out). */
static bool execute(IndJit *jit, MlirOperation func, const IndTensor *in, int n_in, IndTensor *out, int max_out,
                    int *n_out, double *run_ms) {
  int nin = ind_jit_num_inputs(jit), nout = ind_jit_num_outputs(jit);
  if (nin != n_in || nout > max_out) {
    ind_emit_error(func,
                   "compiled run: the compiled @call takes %d inputs and returns %d outputs (given %d inputs, "
                   "room for %d outputs)",
                   nin, nout, n_in, max_out);
    return false;
  }
  IndMemRef min[RC_MAX_IO], mout[RC_MAX_IO];
  void *bufs[RC_MAX_IO] = {0};
  bool ok = true;
  for (int k = 0; k < nin && ok; ++k) {
    char err[256];
    bufs[k] = to_storage(&in[k], ind_jit_input_type(jit, k), &min[k], err, sizeof err);
    if (!bufs[k])
      ok = mlirLogicalResultIsSuccess(ind_emit_error(func, "compiled run: input %d: %s", k, err));
  }
  double t0 = now_ms();
  ok = ok && ind_jit_invoke(jit, min, mout);
  *run_ms = now_ms() - t0;
  if (ok) {
    for (int k = 0; k < nout; ++k)
      if (!from_storage(&mout[k], ind_jit_output_type(jit, k), &out[k])) {
        for (int j = 0; j < k; ++j)
          ind_tensor_free(&out[j]);
        ok = mlirLogicalResultIsSuccess(ind_emit_error(func, "compiled run: output %d has an unsupported type", k));
        break;
      }
    ind_jit_free_outputs(mout, nout, min, nin);
    *n_out = ok ? nout : 0;
  }
  for (int k = 0; k < nin; ++k)
    free(bufs[k]);
  return ok;
}

/* --- checking ------------------------------------------------------------------------------- */

/* The machine epsilon of a low-precision storage dtype (0 for the others). */
static double storage_eps(IndDType dt) {
  return dt == IND_DT_F16 ? ldexp(1, -10) : dt == IND_DT_BF16 ? ldexp(1, -7) : 0.0;
}

static double type_eps(MlirType t) {
  IndDType dt;
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
 * without intermediate rounding, ind_interp_func_unrounded: given when the path holds f16/bf16
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

bool ind_run_check_against_reference(MlirOperation func, const IndTensor *in, int n_in, const IndTensor *out, int n_out,
                                     const IndRunCompiledOptions *o, double *ms) {
  IndTensor ref[RC_MAX_IO], alt[RC_MAX_IO];
  int n_ref = 0, n_alt = 0;
  double eps[RC_MAX_IO];
  bool lowp = false, exact[RC_MAX_IO];
  for (int k = 0; k < n_out && k < RC_MAX_IO; ++k) {
    bool f2i;
    eps[k] = cone_eps(func, k, &f2i);
    /* integers and booleans are exact on both sides unless a float -> int conversion is on the path */
    exact[k] = !ind_dtype_is_float(out[k].dtype) && !f2i;
    lowp = lowp || eps[k] > storage_eps(out[k].dtype);
  }
  double t0 = now_ms();
  if (mlirLogicalResultIsFailure(ind_interp_func(func, in, n_in, ref, RC_MAX_IO, &n_ref)))
    return false;
  if (lowp && mlirLogicalResultIsFailure(ind_interp_func_unrounded(func, in, n_in, alt, RC_MAX_IO, &n_alt)))
    n_alt = 0;
  *ms = now_ms() - t0;
  bool ok = n_ref == n_out;
  if (!ok)
    ind_emit_error(func, "compiled run: %d outputs, the reference interpreter returned %d", n_out, n_ref);
  for (int k = 0; ok && k < n_out; ++k)
    ok = check_one(k, &out[k], &ref[k], n_alt == n_ref && eps[k] > 0.0 ? &alt[k] : NULL, eps[k], exact[k], o) && ok;
  for (int k = 0; k < n_ref; ++k)
    ind_tensor_free(&ref[k]);
  for (int k = 0; k < n_alt; ++k)
    ind_tensor_free(&alt[k]);
  return ok;
}

/* --- the entry ------------------------------------------------------------------------------ */

MlirModule ind_run_compile_to_kernel(MlirOperation func, const char *fuse, int *level) {
  ind_register_all();
  MlirOperation parent = mlirOperationGetParentOperation(func);
  *level = ind_module_level(mlirOperationIsNull(parent) ? func : parent);
  MlirModule m = copy_for_compile(func, *level);
  if (*level != IND_LEVEL_KERNEL && !run_stages(m, fuse)) {
    mlirModuleDestroy(m);
    return (MlirModule){NULL};
  }
  return m;
}

MlirLogicalResult ind_run_compiled(MlirOperation func, const IndTensor *in, int n_in, IndTensor *out, int max_out,
                                   int *n_out, const IndRunCompiledOptions *opts) {
  *n_out = 0;
  ind_register_all(); /* the stages and passes (idempotent) */
  MlirOperation parent = mlirOperationGetParentOperation(func);
  int level = ind_module_level(mlirOperationIsNull(parent) ? func : parent);
  double t0 = now_ms();
  MlirModule m = copy_for_compile(func, level);
  bool ok = level == IND_LEVEL_KERNEL || run_stages(m, opts->fuse);
  double t1 = now_ms();
  IndJit *jit = ok ? ind_jit_compile(m, "call", opts->opt_level) : NULL;
  double t2 = now_ms();
  double run_ms = 0.0, ref_ms = 0.0;
  ok = jit && execute(jit, func, in, n_in, out, max_out, n_out, &run_ms);
  ind_jit_destroy(jit);
  mlirModuleDestroy(m);
  bool check = ok && opts->check && level != IND_LEVEL_KERNEL;
  if (check)
    ok = ind_run_check_against_reference(func, in, n_in, out, *n_out, opts, &ref_ms);
  if (jit) {
    printf("compiled: compile %.1f ms (pipeline %.1f ms, llvm+jit %.1f ms), run %.1f ms", t2 - t0, t1 - t0, t2 - t1,
           run_ms);
    if (check)
      printf("; reference %.1f ms", ref_ms);
    else if (level == IND_LEVEL_KERNEL)
      printf("; no reference check (kernel-level input)");
    printf("\n");
  }
  fflush(stdout);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
