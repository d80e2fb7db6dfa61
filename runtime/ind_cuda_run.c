/* ind_cuda_run.c - runs a compiled ind program on a GPU, checks and times it: a thin tool over the runtime
 * library (include/ind/runtime.h: runtime/ind_runtime.c, lib/npy_raw.c).
 *
 *   ind_cuda_run (--program P.indprog | --plan P.json --ptx K.ptx) [--inputs-dir D] [--seed S]
 *                [--outputs-dir O] [--compare-dir R [--rtol X --atol Y]] [--iters N] [--check] [--name NAME]
 *                [--flush-reps R] [--graph]
 *
 * Needs only libc: the CUDA driver (libcuda.so.1, or $IND_LIBCUDA) and, for an `extern mm` step, cuBLAS
 * are dlopen'ed by the runtime. Build (scripts/gpu/run.sh does this on the GPU machine):
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -I. -Iinclude -I/usr/local/cuda/include \
 *       runtime/ind_cuda_run.c runtime/ind_runtime.c lib/npy_raw.c -ldl -lm
 *
 * What it does, in order (every host-side check comes before the driver is touched, so bad input fails
 * the same way on a machine without a GPU):
 *  1. loads the program: a program file (libind's save format: ind_program_save, python Program.save) or a plan + PTX
 *     pair; the runtime validates both;
 *  2. reads the inputs from D/in<K>.npy (dtype and shape checked against the plan) or draws them from a
 *     seeded PRNG (f32 uniform in [-1, 1), f16/bf16 the same rounded; i32/i64 uniform in [0, --int-high),
 *     default 10, as ind-run's)
 *     and, with --outputs-dir, writes them to O/in<K>.npy;
 *  3. loads the PTX on device 0 (JIT log printed on failure), allocates inputs and outputs;
 *  4. correctness run: poisons outputs and intermediates with NaN (0x7fc00000), runs the steps one by one
 *     with a synchronize after each (so an error names its step), copies the outputs back, writes
 *     O/out<K>.npy, counts NaNs per output; with --check also runs a second time after re-poisoning and
 *     requires bit-identical outputs (a moving result is a race) and no NaN; with --compare-dir compares
 *     each output with R/out<K>.npy (|got - want| <= atol + rtol |want|);
 *  5. timing: warm-up, then 10 repeats of --iters back-to-back runs of the whole step list between two
 *     events (iters chosen for ~10 ms per repeat when not given); median per-call time. Also a
 *     do_bench-like figure: per-call events with a 256 MiB L2-flushing memset before each call, median;
 *     with --graph also the CUDA-graph times: graph_us, one graph of `iters` calls back to back replayed
 *     between two events, divided by iters, median of 10 (Triton's do_bench_cudagraph, Inductor's
 *     column), and graph1_us, a graph of one call replayed `iters` times (each replay a graph launch);
 *  6. prints `RESULT name=... kernels=... median_us=... flushed_us=... [graph_us=... graph1_us=...] bytes=...
 *     gbps=... nan=...`
 *     and writes O/result.json.
 * Exit status: 0 success, 1 any error (message on stderr), 77 skipped (cuBLAS needed but not found). */
#define _POSIX_C_SOURCE 200809L

#include "ind/runtime.h"
#include "lib/npy_raw.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXIT_SKIP 77
#define TIMING_REPEATS 10
#define FLUSH_BYTES (256u << 20)

static bool report(IndStatus st) {
  if (!st)
    return true;
  fprintf(stderr, "ind_cuda_run: error: %s\n", ind_status_message(st));
  ind_status_destroy(st);
  return false;
}

/* ------------------------------------------------------------------------------------------------------ */
/* Files. */

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "ind_cuda_run: error: cannot open %s: %s\n", path, strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    cap *= 2;
    char *t = realloc(buf, cap + 1);
    if (!t)
      free(buf);
    buf = t;
  }
  bool err = ferror(f);
  fclose(f);
  if (!buf || err) {
    fprintf(stderr, "ind_cuda_run: error: cannot read %s\n", path);
    free(buf);
    return NULL;
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}

static bool write_npy(const char *path, const IndTensorInfo *t, const void *data) {
  char err[512];
  if (ind_npy_write_raw(path, t->type, t->rank, t->shape, data, (size_t)t->bytes, err, sizeof err))
    return true;
  fprintf(stderr, "ind_cuda_run: error: %s\n", err);
  return false;
}

static void shape_str(const IndTensorInfo *t, char *buf, size_t len) {
  size_t u = 0;
  buf[0] = '\0';
  for (int i = 0; i < t->rank && u < len; ++i)
    u += (size_t)snprintf(buf + u, len - u, "%s%lld", i ? ", " : "", (long long)t->shape[i]);
}

/* Reads a .npy whose dtype and shape must equal the tensor's; returns its data (malloc'ed). */
static void *read_npy_as(const char *path, const IndTensorInfo *t, const char *what, int k) {
  IndNpyHeader h;
  void *data = NULL;
  char err[512];
  if (!ind_npy_read_raw(path, &h, &data, err, sizeof err)) {
    fprintf(stderr, "ind_cuda_run: error: %s %d: %s\n", what, k, err);
    return NULL;
  }
  bool same = h.type == t->type && h.rank == t->rank;
  for (int i = 0; same && i < h.rank; ++i)
    same = h.shape[i] == t->shape[i];
  if (!same) {
    char want[128];
    shape_str(t, want, sizeof want);
    fprintf(stderr, "ind_cuda_run: error: %s: %s %s must be %s of shape (%s), as in the plan\n", path, what, t->name,
            ind_element_type_name(t->type), want);
    free(data);
    return NULL;
  }
  return data;
}

/* splitmix64: deterministic, uniform in [-1, 1). Input k gets its own stream; elements first ..
 * first + n - 1 of it. */
static void fill_random_from(float *x, int64_t n, uint64_t seed, int k, int64_t first) {
  uint64_t s =
      seed * 0x9E3779B97F4A7C15ull + (uint64_t)k * 0xD1B54A32D192ED03ull + 1 + (uint64_t)first * 0x9E3779B97F4A7C15ull;
  for (int64_t i = 0; i < n; ++i) {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    x[i] = (float)(z >> 40) * (2.0f / 16777216.0f) - 1.0f;
  }
}

static void fill_random(float *x, int64_t n, uint64_t seed, int k) { fill_random_from(x, n, seed, k, 0); }

/* f32 to bf16 / f16 bits, rounding to nearest even (finite values in [-1, 1): the draws). */
static uint16_t to_half_bits(float f, bool bf16) {
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  if (bf16)
    return (uint16_t)((b + 0x7fffu + ((b >> 16) & 1u)) >> 16);
  uint32_t sign = (b >> 16) & 0x8000u, m = b & 0x7fffffu;
  int e = (int)((b >> 23) & 255u) - 112;
  if (e <= 0) /* below 2^-14: flushed (a draw in [-1, 1) lands there with probability ~6e-5) */
    return (uint16_t)sign;
  uint32_t v = (uint32_t)e << 10 | m >> 13, rest = m & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (v & 1u)))
    ++v;
  return (uint16_t)(sign | v);
}

/* The f32 stream of fill_random, rounded to f16 or bf16. */
static void fill_random_half(uint16_t *x, bool bf16, int64_t n, uint64_t seed, int k) {
  float buf[256];
  for (int64_t i = 0; i < n; i += 256) {
    int64_t c = n - i < 256 ? n - i : 256;
    fill_random_from(buf, c, seed, k, i);
    for (int64_t j = 0; j < c; ++j)
      x[i + j] = to_half_bits(buf[j], bf16);
  }
}

/* The same stream as integers in [0, high) (index inputs: in range for a dim of at least `high`). */
static void fill_random_int(void *x, bool wide, int64_t n, uint64_t seed, int k, int64_t high) {
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + (uint64_t)k * 0xD1B54A32D192ED03ull + 1;
  for (int64_t i = 0; i < n; ++i) {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    int64_t v = (int64_t)((z >> 1) % (uint64_t)high);
    if (wide)
      ((int64_t *)x)[i] = v;
    else
      ((int32_t *)x)[i] = (int32_t)v;
  }
}

/* ------------------------------------------------------------------------------------------------------ */
/* Options. */

typedef struct Options {
  const char *program, *plan, *ptx, *inputs_dir, *outputs_dir, *compare_dir, *name;
  uint64_t seed;
  int iters, flush_reps;
  int64_t int_high;
  double rtol, atol;
  bool check, graph;
} Options;

static int usage(const char *msg) {
  if (msg)
    fprintf(stderr, "ind_cuda_run: error: %s\n", msg);
  fprintf(stderr,
          "usage: ind_cuda_run (--program P.indprog | --plan P.json --ptx K.ptx) [--inputs-dir D] [--seed S]\n"
          "                    [--outputs-dir O] [--compare-dir R [--rtol X] [--atol Y]] [--iters N] [--check]\n"
          "                    [--name NAME] [--flush-reps R] [--graph] [--int-high N]\n");
  return 1;
}

static bool parse_int(const char *s, long long lo, long long hi, long long *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno || end == s || *end || v < lo || v > hi)
    return false;
  *out = v;
  return true;
}

static bool parse_double(const char *s, double *out) {
  char *end;
  errno = 0;
  *out = strtod(s, &end);
  return !errno && end != s && !*end && *out >= 0;
}

static int parse_options(int argc, char **argv, Options *o) {
  o->rtol = 1e-4;
  o->atol = 1e-5;
  o->int_high = 10;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (strcmp(a, "--check") == 0 || strcmp(a, "--graph") == 0) {
      *(a[2] == 'c' ? &o->check : &o->graph) = true;
      continue;
    }
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(NULL);
      return 2;
    }
    const char **dst = strcmp(a, "--plan") == 0          ? &o->plan
                       : strcmp(a, "--ptx") == 0         ? &o->ptx
                       : strcmp(a, "--program") == 0     ? &o->program
                       : strcmp(a, "--inputs-dir") == 0  ? &o->inputs_dir
                       : strcmp(a, "--outputs-dir") == 0 ? &o->outputs_dir
                       : strcmp(a, "--compare-dir") == 0 ? &o->compare_dir
                       : strcmp(a, "--name") == 0        ? &o->name
                                                         : NULL;
    bool numeric = strcmp(a, "--seed") == 0 || strcmp(a, "--iters") == 0 || strcmp(a, "--flush-reps") == 0 ||
                   strcmp(a, "--rtol") == 0 || strcmp(a, "--atol") == 0 || strcmp(a, "--int-high") == 0;
    if (!dst && !numeric) {
      fprintf(stderr, "ind_cuda_run: error: unknown option %s\n", a);
      return usage(NULL);
    }
    if (i + 1 >= argc) {
      fprintf(stderr, "ind_cuda_run: error: %s needs a value\n", a);
      return usage(NULL);
    }
    const char *v = argv[++i];
    if (dst) {
      *dst = v;
      continue;
    }
    long long n;
    if (strcmp(a, "--seed") == 0 && parse_int(v, 0, INT64_MAX, &n))
      o->seed = (uint64_t)n;
    else if (strcmp(a, "--iters") == 0 && parse_int(v, 1, 1000000, &n))
      o->iters = (int)n;
    else if (strcmp(a, "--flush-reps") == 0 && parse_int(v, 0, 100000, &n))
      o->flush_reps = (int)n;
    else if (strcmp(a, "--int-high") == 0 && parse_int(v, 1, INT32_MAX, &n))
      o->int_high = n;
    else if (strcmp(a, "--rtol") == 0 && parse_double(v, &o->rtol))
      ;
    else if (strcmp(a, "--atol") == 0 && parse_double(v, &o->atol))
      ;
    else {
      fprintf(stderr, "ind_cuda_run: error: bad value '%s' for %s\n", v, a);
      return usage(NULL);
    }
  }
  if (!o->program && (!o->plan || !o->ptx))
    return usage("--plan and --ptx are required (or --program)");
  if (o->program && (o->plan || o->ptx))
    return usage("--program replaces --plan and --ptx");
  return 0;
}

/* The program's file name without directory and extension, for the RESULT line when --name is not given. */
static const char *base_name(const char *path) {
  static char name[256];
  const char *s = strrchr(path, '/');
  snprintf(name, sizeof name, "%s", s ? s + 1 : path);
  char *dot = strrchr(name, '.');
  if (dot && (strcmp(dot, ".json") == 0 || strcmp(dot, ".indprog") == 0))
    *dot = '\0';
  return name;
}

static IndRtProgram *load_program(const Options *o) {
  IndRtProgram *p = NULL;
  if (o->program)
    return report(ind_rt_program_load_file(o->program, &p)) ? p : NULL;
  size_t plan_len = 0, ptx_len = 0;
  char *plan = read_file(o->plan, &plan_len);
  char *ptx = plan ? read_file(o->ptx, &ptx_len) : NULL;
  if (ptx && !report(ind_rt_program_create(o->plan, plan, plan_len, o->ptx, ptx, ptx_len, &p)))
    p = NULL;
  free(plan);
  free(ptx);
  return p;
}

/* ------------------------------------------------------------------------------------------------------ */
/* The device run. */

typedef struct Run {
  const Options *o;
  IndRtProgram *p;
  int nin, nout;
  void **host_in, **host_out, **again;
  uint64_t *din, *dout;
  IndCudaModule *m;
  IndCudaGraph *graph, *graph_n; /* one call; iters calls */
  void *stream;
  uint64_t flush;
} Run;

static bool prepare_inputs(Run *r) {
  char path[4096];
  for (int k = 0; k < r->nin; ++k) {
    IndTensorInfo t = ind_rt_program_input(r->p, k);
    if (r->o->inputs_dir) {
      snprintf(path, sizeof path, "%s/in%d.npy", r->o->inputs_dir, k);
      if (!(r->host_in[k] = read_npy_as(path, &t, "input", k)))
        return false;
      continue;
    }
    bool integer = t.type == IND_ELEM_I32 || t.type == IND_ELEM_I64;
    bool half = t.type == IND_ELEM_F16 || t.type == IND_ELEM_BF16;
    if (t.type != IND_ELEM_F32 && !integer && !half) {
      fprintf(stderr, "ind_cuda_run: error: input %s is %s; only f32, f16, bf16, i32 and i64 inputs can be drawn\n",
              t.name, ind_element_type_name(t.type));
      return false;
    }
    if (!(r->host_in[k] = malloc((size_t)t.bytes + 1))) {
      fprintf(stderr, "ind_cuda_run: error: out of host memory for input %s\n", t.name);
      return false;
    }
    if (integer)
      fill_random_int(r->host_in[k], t.type == IND_ELEM_I64, t.numel, r->o->seed, k, r->o->int_high);
    else if (half)
      fill_random_half(r->host_in[k], t.type == IND_ELEM_BF16, t.numel, r->o->seed, k);
    else
      fill_random(r->host_in[k], t.numel, r->o->seed, k);
    if (r->o->outputs_dir) {
      snprintf(path, sizeof path, "%s/in%d.npy", r->o->outputs_dir, k);
      if (!write_npy(path, &t, r->host_in[k]))
        return false;
    }
  }
  return true;
}

static bool device_setup(Run *r) {
  IndCudaOptions co;
  memset(&co, 0, sizeof co);
  co.verbose = true;
  if (!report(ind_cuda_module_load(r->p, &co, &r->m)) || !report(ind_cuda_stream_create(&r->stream)))
    return false;
  for (int k = 0; k < r->nin; ++k) {
    IndTensorInfo t = ind_rt_program_input(r->p, k);
    if (!report(ind_cuda_malloc((size_t)t.bytes, &r->din[k])) ||
        !report(ind_cuda_memcpy_htod(r->din[k], r->host_in[k], (size_t)t.bytes)))
      return false;
  }
  for (int k = 0; k < r->nout; ++k)
    if (!report(ind_cuda_malloc((size_t)ind_rt_program_output(r->p, k).bytes, &r->dout[k])))
      return false;
  return true;
}

/* Poison (NaN in every float width), one step-by-step run, outputs back to `dst`. */
static bool run_checked(Run *r, void **dst) {
  for (int k = 0; k < r->nout; ++k) {
    IndTensorInfo t = ind_rt_program_output(r->p, k);
    if (!report(ind_cuda_memset_d32(r->dout[k], 0x7fc00000u, (size_t)t.bytes / 4, r->stream)))
      return false;
  }
  if (!report(ind_cuda_module_fill_intermediates(r->m, 0x7fc00000u, r->stream)) ||
      !report(ind_cuda_module_run_checked(r->m, r->din, r->dout, r->stream)) ||
      !report(ind_cuda_stream_synchronize(r->stream)))
    return false;
  for (int k = 0; k < r->nout; ++k)
    if (!report(ind_cuda_memcpy_dtoh(dst[k], r->dout[k], (size_t)ind_rt_program_output(r->p, k).bytes)))
      return false;
  return true;
}

static int64_t count_nan(const IndTensorInfo *t, const void *data) {
  int64_t n = 0;
  if (t->type == IND_ELEM_F32) {
    const float *x = data;
    for (int64_t i = 0; i < t->numel; ++i)
      n += isnan(x[i]) != 0;
  } else if (t->type == IND_ELEM_F64) {
    const double *x = data;
    for (int64_t i = 0; i < t->numel; ++i)
      n += isnan(x[i]) != 0;
  }
  return n;
}

/* Compares an f32/f64 output with R/out<k>.npy; prints one line. */
static bool compare_output(Run *r, int k, const void *got) {
  IndTensorInfo t = ind_rt_program_output(r->p, k);
  char path[4096];
  snprintf(path, sizeof path, "%s/out%d.npy", r->o->compare_dir, k);
  void *want = read_npy_as(path, &t, "reference output", k);
  if (!want)
    return false;
  double max_abs = 0, max_rel = 0;
  int64_t bad = 0;
  for (int64_t i = 0; i < t.numel; ++i) {
    double g = t.type == IND_ELEM_F64 ? ((const double *)got)[i] : ((const float *)got)[i];
    double w = t.type == IND_ELEM_F64 ? ((const double *)want)[i] : ((const float *)want)[i];
    if ((isnan(g) && isnan(w)) || g == w)
      continue;
    double d = fabs(g - w);
    if (isnan(d))
      d = INFINITY;
    max_abs = d > max_abs ? d : max_abs;
    if (w != 0 && d / fabs(w) > max_rel)
      max_rel = d / fabs(w);
    bad += isinf(g) || isinf(w) || !(d <= r->o->atol + r->o->rtol * fabs(w)); /* inf matches only itself */
  }
  free(want);
  printf("check out%d: max_abs_err=%.3g max_rel_err=%.3g %s\n", k, max_abs, max_rel, bad ? "FAIL" : "PASS");
  return bad == 0;
}

static IndStatus run_once(void *user) {
  Run *r = user;
  return ind_cuda_module_run(r->m, r->din, r->dout, r->stream);
}

static IndStatus replay_once(void *user) {
  Run *r = user;
  return ind_cuda_graph_launch(r->graph, r->stream);
}

static IndStatus replay_n(void *user) {
  Run *r = user;
  return ind_cuda_graph_launch(r->graph_n, r->stream);
}

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

static float median(float *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_float);
  return n % 2 ? v[n / 2] : 0.5f * (v[n / 2 - 1] + v[n / 2]);
}

/* Median per-call ms of `iters` back-to-back calls of fn between two events, TIMING_REPEATS times. */
static bool time_back_to_back(Run *r, IndStatus (*fn)(void *), int iters, float *out_ms) {
  float ms[TIMING_REPEATS];
  for (int rep = 0; rep < TIMING_REPEATS; ++rep) {
    if (!report(ind_cuda_time(r->stream, iters, fn, r, &ms[rep])))
      return false;
    ms[rep] /= (float)iters;
  }
  *out_ms = median(ms, TIMING_REPEATS);
  return true;
}

/* do_bench-like: before each call a 256 MiB memset evicts L2; each call between its own events; median. */
static bool time_flushed(Run *r, int reps, float *out_ms) {
  float *ms = calloc((size_t)reps + 1, sizeof *ms);
  bool ok = ms && (r->flush || report(ind_cuda_malloc(FLUSH_BYTES, &r->flush)));
  for (int i = 0; ok && i < reps; ++i)
    ok = report(ind_cuda_memset_d32(r->flush, 0, FLUSH_BYTES / 4, r->stream)) &&
         report(ind_cuda_time(r->stream, 1, run_once, r, &ms[i]));
  if (ok)
    *out_ms = median(ms, reps);
  free(ms);
  return ok;
}

static void write_result_json(const Run *r, const char *name, int kernels, double us, double fus, double gus,
                              double g1us, int64_t bytes, double gbps, int64_t nan_total, int iters, int reps,
                              const char *check) {
  char path[4096];
  snprintf(path, sizeof path, "%s/result.json", r->o->outputs_dir);
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "ind_cuda_run: error: cannot write %s: %s\n", path, strerror(errno));
    return;
  }
  fprintf(f,
          "{\"name\": \"%s\", \"kernels\": %d, \"median_us\": %.3f, \"flushed_us\": %.3f, \"graph_us\": %.3f, "
          "\"graph1_us\": %.3f, \"bytes\": %lld, \"gbps\": %.2f, \"nan\": %lld, \"iters\": %d, \"flush_reps\": %d, "
          "\"check\": \"%s\", \"outputs\": %d}\n",
          name, kernels, us, fus, gus, g1us, (long long)bytes, gbps, (long long)nan_total, iters, reps, check, r->nout);
  fclose(f);
}

/* Steps 3-6 of the header comment. Returns the exit status. */
static int run_on_device(Run *r) {
  const Options *o = r->o;
  if (!device_setup(r) || !run_checked(r, r->host_out))
    return 1;
  int64_t nan_total = 0;
  char path[4096];
  bool check_failed = false;
  for (int k = 0; k < r->nout; ++k) {
    IndTensorInfo t = ind_rt_program_output(r->p, k);
    int64_t n = count_nan(&t, r->host_out[k]);
    nan_total += n;
    if (n)
      fprintf(stderr, "ind_cuda_run: output %d (%s): %lld of %lld elements are NaN (unwritten or computed NaN)\n", k,
              t.name, (long long)n, (long long)t.numel);
    if (o->outputs_dir) {
      snprintf(path, sizeof path, "%s/out%d.npy", o->outputs_dir, k);
      if (!write_npy(path, &t, r->host_out[k]))
        return 1;
    }
    if (o->compare_dir && !compare_output(r, k, r->host_out[k]))
      check_failed = true;
  }
  if (o->check) {
    if (!run_checked(r, r->again))
      return 1;
    for (int k = 0; k < r->nout; ++k) {
      IndTensorInfo t = ind_rt_program_output(r->p, k);
      if (memcmp(r->host_out[k], r->again[k], (size_t)t.bytes) != 0) {
        fprintf(stderr, "ind_cuda_run: check: output %d (%s) differs between two runs on the same inputs (a race?)\n",
                k, t.name);
        check_failed = true;
      }
    }
    if (nan_total) {
      fprintf(stderr, "ind_cuda_run: check: %lld NaN elements in the outputs\n", (long long)nan_total);
      check_failed = true;
    }
  }
  /* Warm up (also picks iters for ~10 ms per timed repeat when --iters is not given). */
  float one_ms = 0, ms = 0, flushed_ms = 0, graph_ms = 0, graph1_ms = 0;
  if (!report(ind_cuda_time(r->stream, 1, run_once, r, &one_ms)))
    return 1;
  int iters = o->iters;
  if (iters <= 0) {
    double want = 10.0 / (one_ms > 1e-4f ? one_ms : 1e-4f);
    iters = want < 1 ? 1 : want > 2000 ? 2000 : (int)want;
  }
  if (!time_back_to_back(r, run_once, iters, &ms))
    return 1;
  int reps = o->flush_reps;
  if (reps <= 0) {
    double want = 300.0 / ((double)one_ms + 0.1); /* ~0.3 s including the flushes */
    reps = want < 5 ? 5 : want > 200 ? 200 : (int)want;
  }
  if (!time_flushed(r, reps, &flushed_ms))
    return 1;
  if (o->graph && (!report(ind_cuda_module_capture(r->m, r->din, r->dout, r->stream, &r->graph)) ||
                   !time_back_to_back(r, replay_once, iters, &graph1_ms) ||
                   !report(ind_cuda_module_capture_n(r->m, r->din, r->dout, r->stream, iters, &r->graph_n)) ||
                   !time_back_to_back(r, replay_n, 1, &graph_ms)))
    return 1;
  int64_t bytes = ind_rt_program_min_bytes(r->p);
  const char *name = o->name ? o->name : base_name(o->program ? o->program : o->plan);
  double us = ms * 1e3, fus = flushed_ms * 1e3, gus = graph_ms * 1e3 / iters, g1us = graph1_ms * 1e3;
  double gbps = ms > 0 ? (double)bytes / (ms * 1e-3) / 1e9 : 0;
  const char *check = !(o->check || o->compare_dir) ? "off" : check_failed ? "FAIL" : "ok";
  int kernels = ind_rt_program_num_steps(r->p);
  printf("RESULT name=%s kernels=%d median_us=%.2f flushed_us=%.2f", name, kernels, us, fus);
  if (o->graph)
    printf(" graph_us=%.2f graph1_us=%.2f", gus, g1us);
  printf(" bytes=%lld gbps=%.1f nan=%lld iters=%d flush_reps=%d check=%s\n", (long long)bytes, gbps,
         (long long)nan_total, iters, reps, check);
  fflush(stdout);
  if (o->outputs_dir)
    write_result_json(r, name, kernels, us, fus, gus, g1us, bytes, gbps, nan_total, iters, reps, check);
  return check_failed ? 1 : 0;
}

static void run_free(Run *r) {
  ind_cuda_graph_destroy(r->graph);
  ind_cuda_graph_destroy(r->graph_n);
  for (int k = 0; k < r->nin; ++k) {
    if (r->din)
      ind_cuda_free(r->din[k]);
    if (r->host_in)
      free(r->host_in[k]);
  }
  for (int k = 0; k < r->nout; ++k) {
    if (r->dout)
      ind_cuda_free(r->dout[k]);
    if (r->host_out)
      free(r->host_out[k]);
    if (r->again)
      free(r->again[k]);
  }
  ind_cuda_free(r->flush);
  if (r->m)
    ind_status_destroy(ind_cuda_stream_synchronize(r->stream));
  ind_cuda_stream_destroy(r->stream);
  ind_cuda_module_destroy(r->m);
  free(r->host_in);
  free(r->host_out);
  free(r->again);
  free(r->din);
  free(r->dout);
}

int main(int argc, char **argv) {
  Options o;
  memset(&o, 0, sizeof o);
  int st = parse_options(argc, argv, &o);
  if (st)
    return st == 2 ? 0 : st;
  IndRtProgram *p = load_program(&o);
  if (!p)
    return 1;
  Run r;
  memset(&r, 0, sizeof r);
  r.o = &o;
  r.p = p;
  r.nin = ind_rt_program_num_inputs(p);
  r.nout = ind_rt_program_num_outputs(p);
  r.host_in = calloc((size_t)r.nin + 1, sizeof *r.host_in);
  r.host_out = calloc((size_t)r.nout + 1, sizeof *r.host_out);
  r.again = calloc((size_t)r.nout + 1, sizeof *r.again);
  r.din = calloc((size_t)r.nin + 1, sizeof *r.din);
  r.dout = calloc((size_t)r.nout + 1, sizeof *r.dout);
  bool ok = r.host_in && r.host_out && r.again && r.din && r.dout;
  for (int k = 0; ok && k < r.nout; ++k) {
    size_t b = (size_t)ind_rt_program_output(p, k).bytes + 1;
    ok = (r.host_out[k] = malloc(b)) && (r.again[k] = malloc(b));
  }
  if (!ok)
    fprintf(stderr, "ind_cuda_run: error: out of host memory\n");
  ok = ok && prepare_inputs(&r);
  int status = ok ? 0 : 1;
  if (ok && ind_rt_program_has_extern_mm(p)) {
    /* cuBLAS is looked up when the module loads; find out first, so a missing one is a skip. */
    IndCudaModule *probe = NULL;
    IndStatus s = ind_cuda_module_load(p, NULL, &probe);
    if (s && strstr(ind_status_message(s), "cuBLAS not found")) {
      printf("SKIP name=%s reason=%s\n", o.name ? o.name : base_name(o.program ? o.program : o.plan),
             ind_status_message(s));
      status = EXIT_SKIP;
      ok = false;
    }
    ind_status_destroy(s);
    ind_cuda_module_destroy(probe);
  }
  if (ok)
    status = run_on_device(&r);
  run_free(&r);
  ind_rt_program_destroy(p);
  return status;
}
