/* run_driver.c - ind-run: runs one function of an MLIR program on inputs and writes its outputs.
 *
 *   ind-run --reference model.mlir [--func NAME] [--input FILE.npy ...] [--seed N]
 *           [--output-dir DIR [--save-inputs]] [--compare-dir DIR [--rtol X] [--atol Y]]
 *
 * The flow is one readable list in ind_run_main: parse the options, load and verify the module,
 * find the function, prepare the inputs (.npy files in argument order, or seeded random inputs),
 * execute (the reference interpreter with --reference; otherwise the compiled path, see
 * execute_compiled: both through libind's session), then write, summarize and compare the outputs. Any number
 * of arguments and outputs. Exit status: 0 on success, 1 on any error or on a comparison mismatch.
 * docs/tools/ind-run.md is the user's page. */
#include "tools/run_driver.h"

#include "dialects/dialects.h"
#include "interp/interp.h"
#include "lib/diag.h"
#include "lib/elem_type.h"
#include "lib/io.h"
#include "lib/ir.h"
#include "lib/npy.h"
#include "libind/register_all.h"
#include "libind/session.h"
#include "passes/fuse/strategy.h"
#include "tools/run_compiled.h"
#include "tools/run_cuda.h"
#include "tools/tool.h"

#include "ind/runtime.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *TOOL = "ind-run";

typedef struct RunConfig {
  const char *program;   /* the .mlir file ("-" = stdin) */
  const char *func_name; /* --func, or NULL for the single func.func */
  const char **inputs;   /* --input files, in argument order (room for one per argv entry; owned) */
  int n_inputs;
  uint64_t seed;           /* --seed for random inputs (default 0) */
  const char *output_dir;  /* --output-dir: outK.npy (and inK.npy with --save-inputs) */
  const char *compare_dir; /* --compare-dir: expected outK.npy */
  double rtol, atol;       /* comparison tolerances: |got - want| <= atol + rtol * |want| */
  bool reference;          /* --reference: run the reference interpreter */
  bool save_inputs;
  const char *device; /* --device=cuda|cpu, NULL: cuda when a driver and a GPU are present */
  bool bench;         /* --bench (cuda): median time of many launches and of a graph replay */
  bool check;         /* --check: the compiled run's check against the reference (the default), said explicitly */
  const char *fuse;   /* --fuse=NAME: the compiled run's fusion strategy (NULL: the stages' default) */
} RunConfig;

static void print_help(FILE *f) {
  fprintf(f, "OVERVIEW: ind-run - runs a function of an ind program on .npy or random inputs\n\n"
             "USAGE: ind-run [options] program.mlir\n\n"
             "OPTIONS:\n"
             "  --reference            run the reference interpreter (graph, ind or sched level); without it\n"
             "                         the program is compiled through every stage, run on the CPU JIT and\n"
             "                         checked against the reference interpreter (docs/tools/cpu-jit.md)\n"
             "  --func NAME            the func.func to run (default: the only one)\n"
             "  --input FILE.npy       an input, once per argument in order (default: random inputs)\n"
             "  --seed N               seed of the random inputs (default 0)\n"
             "  --output-dir DIR       write the outputs as DIR/out0.npy, DIR/out1.npy, ...\n"
             "  --save-inputs          also write the inputs used as DIR/in0.npy, ... (needs --output-dir)\n"
             "  --compare-dir DIR      compare each output with DIR/outK.npy; exit 1 on mismatch\n"
             "  --device=cuda|cpu      where the compiled program runs (default: cuda when a CUDA driver and a\n"
             "                         GPU are present, else the CPU JIT, with a one-line notice)\n"
             "  --bench                (cuda) time many launches and a CUDA-graph replay; achieved bandwidth\n"
             "  --check                check the compiled run against the reference interpreter (the default;\n"
             "                         an error with --reference, which runs only the interpreter)\n"
             "  --fuse=NAME            the compiled run's fusion strategy (ind-opt --fuse=NAME; default inductor,\n"
             "                         and a program fused already is not fused again)\n"
             "  --load-pass-plugin=LIB.so  load a fusion plugin (include/ind/fusion.h) whose strategies --fuse\n"
             "                         can name; may be repeated\n"
             "  --rtol X               relative tolerance of --compare-dir and the compiled check (default 1e-4)\n"
             "  --atol Y               absolute tolerance of --compare-dir and the compiled check (default 1e-5)\n"
             "  --help                 this text\n");
}

/* --- options ------------------------------------------------------------------------------- */

/* Accepts "--name VALUE" and "--name=VALUE"; returns the value or NULL when `a` is not --name. */
static const char *option_value(int argc, char **argv, int *i, const char *name, bool *missing) {
  size_t n = strlen(name);
  const char *a = argv[*i];
  if (strncmp(a, name, n) != 0)
    return NULL;
  if (a[n] == '=')
    return a + n + 1;
  if (a[n] != '\0')
    return NULL;
  if (*i + 1 >= argc) {
    *missing = true;
    return NULL;
  }
  return argv[++*i];
}

static bool parse_number(const char *opt, const char *v, double *out) {
  char *end;
  errno = 0;
  *out = strtod(v, &end);
  if (errno || end == v || *end) {
    ind_diag_tool_error(TOOL, "%s expects a number, got '%s'", opt, v);
    return false;
  }
  return true;
}

static bool parse_seed(const char *v, uint64_t *out) {
  char *end;
  errno = 0;
  unsigned long long s = strtoull(v, &end, 0);
  if (errno || end == v || *end || v[0] == '-') {
    ind_diag_tool_error(TOOL, "--seed expects a non-negative integer, got '%s'", v);
    return false;
  }
  *out = s;
  return true;
}

/* Parses one option that takes a value; returns 1 when handled, 0 when `argv[*i]` is another
 * option, -1 on an error (reported). */
static int parse_valued(int argc, char **argv, int *i, RunConfig *c) {
  static const char *names[] = {"--input", "--seed", "--output-dir", "--compare-dir",      "--rtol",
                                "--atol",  "--func", "--device",     "--load-pass-plugin", "--fuse"};
  for (size_t k = 0; k < sizeof names / sizeof names[0]; ++k) {
    bool missing = false;
    const char *v = option_value(argc, argv, i, names[k], &missing);
    if (missing) {
      ind_diag_tool_error(TOOL, "%s needs a value", names[k]);
      return -1;
    }
    if (!v)
      continue;
    switch (k) {
    case 0:
      c->inputs[c->n_inputs++] = v;
      return 1;
    case 1:
      return parse_seed(v, &c->seed) ? 1 : -1;
    case 2:
      c->output_dir = v;
      return 1;
    case 3:
      c->compare_dir = v;
      return 1;
    case 4:
      return parse_number("--rtol", v, &c->rtol) ? 1 : -1;
    case 5:
      return parse_number("--atol", v, &c->atol) ? 1 : -1;
    case 6:
      c->func_name = v;
      return 1;
    case 8: {
      char err[1024];
      ind_register_all(); /* the built-in strategies first, as ind-opt does */
      if (!ind_plugin_load(v, err, sizeof err)) {
        ind_diag_tool_error(TOOL, "%s", err);
        return -1;
      }
      return 1;
    }
    case 9:
      c->fuse = v;
      return 1;
    default:
      if (strcmp(v, "cuda") && strcmp(v, "cpu")) {
        ind_diag_tool_error(TOOL, "--device expects cuda or cpu, got '%s'", v);
        return -1;
      }
      c->device = v;
      return 1;
    }
  }
  return 0;
}

/* Returns 0 on success, 1 on a usage error (already reported), 2 when the run should stop with 0. c->inputs is
 * allocated either way (free it). */
static int parse_args(int argc, char **argv, RunConfig *c) {
  memset(c, 0, sizeof *c);
  c->rtol = 1e-4;
  c->atol = 1e-5;
  if (!(c->inputs = calloc((size_t)argc + 1, sizeof *c->inputs))) {
    ind_diag_tool_error(TOOL, "out of memory");
    return 1;
  }
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    int r = parse_valued(argc, argv, &i, c);
    if (r < 0)
      return 1;
    if (r > 0)
      continue;
    if (!strcmp(a, "--reference")) {
      c->reference = true;
    } else if (!strcmp(a, "--save-inputs")) {
      c->save_inputs = true;
    } else if (!strcmp(a, "--bench")) {
      c->bench = true;
    } else if (!strcmp(a, "--check")) {
      c->check = true;
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      print_help(stdout);
      return 2;
    } else if (!strcmp(a, "-") || a[0] != '-') {
      if (c->program) {
        ind_diag_tool_error(TOOL, "more than one program ('%s' and '%s')", c->program, a);
        return 1;
      }
      c->program = a;
    } else {
      ind_diag_tool_error(TOOL, "unknown option '%s' (see --help)", a);
      return 1;
    }
  }
  if (!c->program) {
    ind_diag_tool_error(TOOL, "no program given (see --help)");
    return 1;
  }
  if (c->check && c->reference) {
    ind_diag_tool_error(TOOL, "--check compares a compiled run with the reference interpreter: not with --reference");
    return 1;
  }
  if (c->fuse && c->reference) {
    ind_diag_tool_error(TOOL, "--fuse chooses the compiled run's fusion: not with --reference");
    return 1;
  }
  if (c->save_inputs && !c->output_dir) {
    ind_diag_tool_error(TOOL, "--save-inputs needs --output-dir");
    return 1;
  }
  return 0;
}

/* --- the program --------------------------------------------------------------------------- */

/* The function to run: --func NAME, or the module's only func.func. */
static bool find_func(const RunConfig *c, MlirModule m, MlirOperation *func) {
  MlirOperation mop = mlirModuleGetOperation(m);
  int count = ind_find_func(mop, c->func_name, func);
  if (count == 1)
    return true;
  if (c->func_name)
    ind_emit_error(mop, "no func.func named '%s'", c->func_name);
  else if (count == 0)
    ind_emit_error(mop, "the program has no func.func");
  else
    ind_emit_error(mop, "the program has %d functions: choose one with --func NAME", count);
  return false;
}

/* --- inputs -------------------------------------------------------------------------------- */

/* Frees the tensors t[0 .. n) (not the array). */
static void free_tensors(IndTensor *t, int n) {
  for (int i = 0; t && i < n; ++i)
    ind_tensor_free(&t[i]);
}

/* An f32 .npy for a bf16 or f16 argument (--save-inputs writes bf16 as f32, which NumPy can hold) is taken
 * as that dtype when every value is exactly one of it; else false with the first value that is not. */
static bool narrow_input(MlirOperation func, int k, IndTensor *t, char *err, size_t errlen) {
  MlirType ty = mlirValueGetType(mlirBlockGetArgument(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)), k));
  IndElementType dt;
  int rank;
  int64_t shape[IND_TENSOR_MAX_RANK];
  if (t->dtype != IND_ELEM_F32 || !ind_shape_from_mlir(ty, &dt, &rank, shape) ||
      (dt != IND_ELEM_BF16 && dt != IND_ELEM_F16))
    return true; /* nothing to narrow: ind_interp_check_input judges the dtype */
  for (int64_t i = 0; i < t->numel; ++i) {
    double v = t->data[i];
    if (!isnan(v) && ind_round_to_dtype(v, dt) != v) {
      snprintf(err, errlen, "argument %d: f32 element %lld (%.9g) is not exactly a %s value", k, (long long)i, v,
               ind_elem_tensor_name(dt));
      return false;
    }
  }
  t->dtype = dt;
  return true;
}

/* Reads the --input files, checking each against its argument (errors located at the argument). */
static bool read_inputs(const RunConfig *c, MlirOperation func, IndTensor *in, int *n) {
  int want = ind_interp_num_inputs(func);
  if (c->n_inputs != want) {
    ind_emit_error(func, "the function takes %d argument(s) but %d --input file(s) were given", want, c->n_inputs);
    return false;
  }
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (int k = 0; k < want; ++k) {
    char err[512];
    const char *from = "";
    bool ok = ind_npy_read(c->inputs[k], &in[k], err, sizeof err);
    if (ok &&
        !(narrow_input(func, k, &in[k], err, sizeof err) && ind_interp_check_input(func, k, &in[k], err, sizeof err))) {
      from = c->inputs[k];
      ind_tensor_free(&in[k]);
      ok = false;
    }
    if (!ok) {
      ind_emit_error_at(mlirValueGetLocation(mlirBlockGetArgument(entry, k)), "input for argument %d: %s%s%s%s", k, err,
                        *from ? " (from '" : "", from, *from ? "')" : "");
      free_tensors(in, k);
      return false;
    }
  }
  *n = want;
  return true;
}

/* *in: an array of room for the function's arguments, in[0 .. *n) filled. */
static bool prepare_inputs(const RunConfig *c, MlirOperation func, IndTensor **in, int *n) {
  /* the compiler's checks of the argument types first (ind-opt's located errors), for either kind of input */
  if (mlirLogicalResultIsFailure(ind_interp_check_arguments(func)))
    return false;
  int args = ind_interp_num_inputs(func);
  if (!(*in = calloc((size_t)args + 1, sizeof **in)))
    return mlirLogicalResultIsSuccess(ind_emit_error(func, "out of memory"));
  if (c->n_inputs)
    return read_inputs(c, func, *in, n);
  return mlirLogicalResultIsSuccess(ind_interp_random_inputs(func, c->seed, *in, args, n));
}

/* --- execution ----------------------------------------------------------------------------- */

/* --reference: libind's session runs the reference interpreter; *out its outputs (an array, owned). A failure the
 * interpreter's located errors have not said is reported at func. */
static bool execute_reference(const IndDiagEngine *diag, MlirOperation func, const IndTensor *in, int n_in,
                              IndTensor **out, int *n_out) {
  int before = diag->nerrors;
  IndStatus st = ind_session_reference(func, in, n_in, false, out, n_out);
  return ind_run_report(func, st, "reference run", st && diag->nerrors > before);
}

/* The compiled path (without --reference): compile the function through the whole pipeline, run it
 * on the CPU JIT (or the GPU) through libind's session and check it against the reference interpreter
 * (tools/run_compiled.h, tools/run_cuda.h). */
static bool execute_compiled(const RunConfig *c, const IndDiagEngine *diag, MlirOperation func, const IndTensor *in,
                             int n_in, IndTensor **out, int *n_out) {
  IndRunCompiledOptions o = {c->rtol, c->atol, true, 2, c->fuse, diag};
  bool cuda = c->device && !strcmp(c->device, "cuda");
  if (!c->device) { /* the default: the GPU when there is one */
    char why[512];
    cuda = ind_cuda_available(why, sizeof why);
    if (!cuda)
      fprintf(stderr, "ind-run: note: no CUDA GPU (%s): running on the CPU JIT\n", why);
  }
  if (cuda) {
    IndRunCudaOptions co = {o, c->bench, 0};
    return mlirLogicalResultIsSuccess(ind_run_cuda(func, in, n_in, out, n_out, &co));
  }
  if (c->bench)
    fprintf(stderr, "ind-run: note: --bench times the GPU only (--device=cuda)\n");
  return mlirLogicalResultIsSuccess(ind_run_compiled(func, in, n_in, out, n_out, &o));
}

/* --- outputs ------------------------------------------------------------------------------- */

/* mkdir -p: creates dir and any missing parents (reported). */
static bool ensure_dir(const char *dir) {
  char err[4200];
  if (ind_make_dirs(dir, err, sizeof err))
    return true;
  ind_diag_tool_error(TOOL, "%s", err);
  return false;
}

static bool write_tensors(const char *dir, const char *prefix, const IndTensor *t, int n) {
  for (int k = 0; k < n; ++k) {
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/%s%d.npy", dir, prefix, k);
    if (!ind_npy_write(path, &t[k], err, sizeof err)) {
      ind_diag_tool_error(TOOL, "%s", err);
      return false;
    }
  }
  return true;
}

/* One line per output: shape and dtype, sum (a checksum), min, max, mean; NaNs are counted. */
static void print_summary(int k, const IndTensor *t) {
  char shape[128];
  ind_tensor_shape_str(t, shape, sizeof shape);
  double sum = 0.0, lo = INFINITY, hi = -INFINITY;
  int64_t nans = 0;
  for (int64_t i = 0; i < t->numel; ++i) {
    double v = t->data[i];
    if (isnan(v)) {
      ++nans;
      continue;
    }
    sum += v;
    lo = v < lo ? v : lo;
    hi = v > hi ? v : hi;
  }
  int64_t finite = t->numel - nans;
  printf("out%d: %s sum=%.9g min=%.9g max=%.9g mean=%.9g", k, shape, sum, finite ? lo : NAN, finite ? hi : NAN,
         finite ? sum / (double)finite : NAN);
  if (nans)
    printf(" nan=%lld", (long long)nans);
  printf("\n");
}

/* Compares got with want elementwise: equal NaNs and equal infinities match. Integer and bool outputs are
 * compared exactly (as the compiled check compares them), floats within atol + rtol * |want|. */
static bool compare_one(int k, const IndTensor *got, const IndTensor *want, const RunConfig *c) {
  if (!ind_tensor_same_shape(got, want)) {
    char a[128], b[128];
    ind_tensor_shape_str(got, a, sizeof a);
    ind_tensor_shape_str(want, b, sizeof b);
    printf("out%d: MISMATCH: shape %s, expected %s\n", k, a, b);
    return false;
  }
  bool exact = !ind_dtype_is_float(got->dtype) || !ind_dtype_is_float(want->dtype);
  IndCompareResult r = ind_tensor_compare(got, want, exact ? 0.0 : c->atol, exact ? 0.0 : c->rtol);
  double max_abs = r.max_abs, max_rel = r.max_rel;
  int64_t bad = r.bad;
  printf("out%d: max_abs_err=%.6g max_rel_err=%.6g %s", k, max_abs, max_rel, bad ? "MISMATCH" : "OK");
  if (bad && exact)
    printf(" (%lld of %lld elements differ; integer outputs are compared exactly)", (long long)bad,
           (long long)got->numel);
  else if (bad)
    printf(" (%lld of %lld elements outside atol=%g + rtol=%g * |expected|)", (long long)bad, (long long)got->numel,
           c->atol, c->rtol);
  printf("\n");
  return bad == 0;
}

static bool compare_outputs(const RunConfig *c, const IndTensor *out, int n) {
  bool all = true;
  for (int k = 0; k < n; ++k) {
    char path[4096], err[512];
    IndTensor want;
    snprintf(path, sizeof path, "%s/out%d.npy", c->compare_dir, k);
    if (!ind_npy_read(path, &want, err, sizeof err)) {
      ind_diag_tool_error(TOOL, "--compare-dir: %s", err);
      return false;
    }
    all = compare_one(k, &out[k], &want, c) && all;
    ind_tensor_free(&want);
  }
  fflush(stdout);
  if (!all)
    ind_diag_tool_error(TOOL, "outputs differ from '%s'", c->compare_dir);
  return all;
}

static bool report_outputs(const RunConfig *c, const IndTensor *in, int n_in, const IndTensor *out, int n_out) {
  for (int k = 0; k < n_out; ++k)
    print_summary(k, &out[k]);
  fflush(stdout);
  if (c->output_dir) {
    if (!ensure_dir(c->output_dir) || !write_tensors(c->output_dir, "out", out, n_out))
      return false;
    if (c->save_inputs && !write_tensors(c->output_dir, "in", in, n_in))
      return false;
  }
  bool ok = !c->compare_dir || compare_outputs(c, out, n_out);
  fflush(stdout);
  return ok;
}

/* --- main flow ----------------------------------------------------------------------------- */

/* Parses, verifies and runs the program. On failure the error has been reported through the
 * diagnostic engine, or (for output and comparison errors) directly, which sets *reported. */
static bool run_program(const RunConfig *c, const IndToolSession *t, bool *reported) {
  MlirModule m = ind_parse_module(t->ic.ctx, t->src, t->len);
  if (mlirModuleIsNull(m))
    return false;
  bool ok = mlirOperationVerify(mlirModuleGetOperation(m));
  MlirOperation func = {NULL};
  IndTensor *in = NULL, *out = NULL;
  int n_in = 0, n_out = 0;
  ok = ok && find_func(c, m, &func);
  ok = ok && prepare_inputs(c, func, &in, &n_in);
  if (ok)
    ok = c->reference ? execute_reference(&t->diag, func, in, n_in, &out, &n_out)
                      : execute_compiled(c, &t->diag, func, in, n_in, &out, &n_out);
  if (ok) {
    ok = report_outputs(c, in, n_in, out, n_out);
    *reported = !ok;
  }
  free_tensors(in, n_in);
  free_tensors(out, n_out);
  free(in);
  free(out);
  mlirModuleDestroy(m);
  return ok;
}

int ind_run_main(int argc, char **argv) {
  RunConfig c;
  int pr = parse_args(argc, argv, &c);
  IndToolSession t;
  if (pr || !ind_tool_open(&t, TOOL, c.program, false)) {
    free(c.inputs);
    return pr == 2 ? 0 : 1;
  }
  bool reported = false;
  bool ok = run_program(&c, &t, &reported);
  if (!ok && !reported && t.diag.nerrors == 0)
    ind_diag_tool_error(TOOL, "failed on '%s'", t.diag.display_name);
  ind_tool_close(&t);
  free(c.inputs);
  return ok ? 0 : 1;
}
