/* ind_cuda_run.c - runs ind's PTX on a GPU following an `--emit=launch-plan` JSON plan, checks and times it.
 *
 *   ind_cuda_run --plan P.json --ptx K.ptx [--inputs-dir D] [--seed S] [--outputs-dir O] [--iters N]
 *                [--check] [--name NAME] [--flush-reps R]
 *
 * Needs only libc: the CUDA driver (libcuda.so.1, or $IND_LIBCUDA) and, for an `extern mm` step, cuBLAS
 * (libcublas.so.13/.12/.so, then in /usr/local/cuda/lib64; or just $IND_LIBCUBLAS) are dlopen'ed at run time. Build:
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -I/usr/local/cuda/include runtime/ind_cuda_run.c -ldl -lm
 *
 * What it does, in order (every host-side check comes before the driver is touched, so bad input fails
 * the same way on a machine without a GPU):
 *  1. reads and validates the plan (runtime/ind_json.h) and the PTX (every launched kernel has an .entry);
 *  2. reads the inputs from D/in<K>.npy (f32, C order, shape checked against the plan) or draws them from
 *     a seeded PRNG (uniform in [-1, 1)) and, with --outputs-dir, writes them to O/in<K>.npy;
 *  3. loads the driver, creates the primary context, loads the PTX (JIT log printed on failure), looks up
 *     each kernel and checks the block size against the kernel's limit;
 *  4. allocates inputs and allocations (an allocation with `reuse` gets the reused buffer's pointer);
 *  5. correctness run: poisons every allocation with NaN (0x7fc00000), runs the steps one by one with a
 *     synchronize after each (so an error names its step), copies the outputs back, writes O/out<K>.npy,
 *     counts NaNs per output; with --check also runs a second time after re-poisoning and requires
 *     bit-identical outputs (a moving result is a race) and no NaN (unwritten elements stay NaN);
 *  6. timing: warm-up, then 10 repeats of --iters back-to-back runs of the whole step list between two
 *     events (iters chosen for ~10 ms per repeat when not given); median per-call time. Also a
 *     do_bench-like figure: per-call events with a 256 MiB L2-flushing memset before each call, median;
 *  7. prints `RESULT name=... kernels=... median_us=... flushed_us=... bytes=... gbps=... nan=...`
 *     and writes O/result.json.
 * Exit status: 0 success, 1 any error (message on stderr), 77 skipped (cuBLAS needed but not found). */
#define _POSIX_C_SOURCE 200809L

#include "ind_json.h"

#include <cuda.h>
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXIT_SKIP 77
#define MAX_RANK 8
#define TIMING_REPEATS 10
#define FLUSH_BYTES (256u << 20)

/* ------------------------------------------------------------------------------------------------------ */
/* Driver entry points: each typed by cuda.h's own declaration (the macro names expand to the _v2 symbols). */

#define STR2(x) #x
#define STR(x) STR2(x)
#define CU_FUNCS(X)                                                                                                    \
  X(cuInit)                                                                                                            \
  X(cuDriverGetVersion)                                                                                                \
  X(cuDeviceGetCount)                                                                                                  \
  X(cuDeviceGet)                                                                                                       \
  X(cuDeviceGetName)                                                                                                   \
  X(cuDevicePrimaryCtxRetain)                                                                                          \
  X(cuDevicePrimaryCtxRelease)                                                                                         \
  X(cuCtxSetCurrent)                                                                                                   \
  X(cuCtxSynchronize)                                                                                                  \
  X(cuGetErrorName)                                                                                                    \
  X(cuGetErrorString)                                                                                                  \
  X(cuModuleLoadDataEx)                                                                                                \
  X(cuModuleUnload)                                                                                                    \
  X(cuModuleGetFunction)                                                                                               \
  X(cuFuncGetAttribute)                                                                                                \
  X(cuMemAlloc)                                                                                                        \
  X(cuMemFree)                                                                                                         \
  X(cuMemcpyHtoD)                                                                                                      \
  X(cuMemcpyDtoH)                                                                                                      \
  X(cuMemsetD32)                                                                                                       \
  X(cuMemsetD8)                                                                                                        \
  X(cuMemsetD32Async)                                                                                                  \
  X(cuStreamCreate)                                                                                                    \
  X(cuStreamDestroy)                                                                                                   \
  X(cuStreamSynchronize)                                                                                               \
  X(cuEventCreate)                                                                                                     \
  X(cuEventDestroy)                                                                                                    \
  X(cuEventRecord)                                                                                                     \
  X(cuEventSynchronize)                                                                                                \
  X(cuEventElapsedTime)                                                                                                \
  X(cuLaunchKernel)

#define CU_DECL(name) static __typeof__(&name) p_##name;
CU_FUNCS(CU_DECL)
#undef CU_DECL

/* cuBLAS, declared by hand so the runner needs no cuBLAS header (cublas_api.h: enums are ints). */
typedef int (*cublas_create_fn)(void **handle);
typedef int (*cublas_destroy_fn)(void *handle);
typedef int (*cublas_set_stream_fn)(void *handle, CUstream stream);
typedef int (*cublas_sgemm_fn)(void *handle, int transa, int transb, int m, int n, int k, const float *alpha,
                               const float *A, int lda, const float *B, int ldb, const float *beta, float *C, int ldc);
#define CUBLAS_OP_N 0

static void *g_libcuda, *g_libcublas, *g_cublas_handle;
static const char *g_cublas_path;
static cublas_create_fn p_cublasCreate;
static cublas_destroy_fn p_cublasDestroy;
static cublas_set_stream_fn p_cublasSetStream;
static cublas_sgemm_fn p_cublasSgemm;

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

static void print_cu_error(CUresult r, const char *what) {
  const char *name = NULL, *desc = NULL;
  if (p_cuGetErrorName && p_cuGetErrorName(r, &name) != CUDA_SUCCESS)
    name = NULL;
  if (p_cuGetErrorString && p_cuGetErrorString(r, &desc) != CUDA_SUCCESS)
    desc = NULL;
  if (!name)
    name = fallback_error_name(r);
  if (strncmp(what, "p_", 2) == 0)
    what += 2;
  fprintf(stderr, "ind_cuda_run: error: %s failed: %s (%d): %s\n", what, name ? name : "?", (int)r,
          desc ? desc : "no description");
}

/* Evaluates a driver call; on failure prints it and returns false from the enclosing function. */
#define CU_CHECK(call)                                                                                                 \
  do {                                                                                                                 \
    CUresult r_ = (call);                                                                                              \
    if (r_ != CUDA_SUCCESS) {                                                                                          \
      print_cu_error(r_, #call);                                                                                       \
      return false;                                                                                                    \
    }                                                                                                                  \
  } while (0)

static bool load_driver(void) {
  const char *path = getenv("IND_LIBCUDA");
  if (!path || !*path)
    path = "libcuda.so.1";
  g_libcuda = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!g_libcuda) {
    const char *e = dlerror();
    fprintf(stderr, "ind_cuda_run: error: cannot load the CUDA driver library %s: %s\n", path, e ? e : "?");
    return false;
  }
#define CU_LOAD(name)                                                                                                  \
  *(void **)&p_##name = dlsym(g_libcuda, STR(name));                                                                   \
  if (!p_##name) {                                                                                                     \
    fprintf(stderr, "ind_cuda_run: error: %s has no symbol %s (driver too old?)\n", path, STR(name));                  \
    return false;                                                                                                      \
  }
  CU_FUNCS(CU_LOAD)
#undef CU_LOAD
  return true;
}

/* Finds cuBLAS; false (with *why filled) when it is not there. */
static bool load_cublas(char *why, size_t whylen) {
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
  for (size_t i = 0; i < count; ++i) {
    g_libcublas = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (g_libcublas) {
      g_cublas_path = names[i];
      break;
    }
    const char *e = dlerror();
    size_t used = strlen(errs);
    snprintf(errs + used, sizeof errs - used, "%s%s", used ? "; " : "", e ? e : names[i]);
  }
  if (!g_libcublas) {
    snprintf(why, whylen, "cuBLAS not found (%s)", errs);
    return false;
  }
  *(void **)&p_cublasCreate = dlsym(g_libcublas, "cublasCreate_v2");
  *(void **)&p_cublasDestroy = dlsym(g_libcublas, "cublasDestroy_v2");
  *(void **)&p_cublasSetStream = dlsym(g_libcublas, "cublasSetStream_v2");
  *(void **)&p_cublasSgemm = dlsym(g_libcublas, "cublasSgemm_v2");
  if (!p_cublasCreate || !p_cublasDestroy || !p_cublasSetStream || !p_cublasSgemm) {
    snprintf(why, whylen, "%s lacks cublasCreate_v2/cublasDestroy_v2/cublasSetStream_v2/cublasSgemm_v2", g_cublas_path);
    return false;
  }
  return true;
}

/* ------------------------------------------------------------------------------------------------------ */
/* The plan. */

typedef enum { DT_F32, DT_F16, DT_BF16, DT_F64, DT_I1, DT_I8, DT_I32, DT_I64, DT_COUNT } Dtype;
static const char *const dtype_names[DT_COUNT] = {"f32", "f16", "bf16", "f64", "i1", "i8", "i32", "i64"};
static const int dtype_sizes[DT_COUNT] = {4, 2, 2, 8, 1, 1, 4, 8};
/* NumPy descr written for outputs (bf16 has none: written as raw uint16). */
static const char *const dtype_descr[DT_COUNT] = {"<f4", "<f2", "<u2", "<f8", "|b1", "|i1", "<i4", "<i8"};

typedef struct Buffer {
  char *name;
  Dtype dtype;
  int rank;
  int64_t shape[MAX_RANK];
  int64_t numel, bytes;
  bool is_input;
  int reuse; /* index of the buffer whose storage this one takes, or -1 */
  CUdeviceptr ptr;
  bool owns;  /* ptr was allocated for this buffer */
  void *host; /* inputs: their values; outputs: the copy back */
} Buffer;

typedef struct Step {
  bool is_extern;
  char *kernel;
  unsigned grid[3], block[3], shared;
  int nargs;
  int *args;         /* buffer indices */
  CUdeviceptr *vals; /* argument values (device pointers) */
  void **params;     /* &vals[i] */
  CUfunction fn;
  int mm_m, mm_n, mm_k; /* extern mm */
} Step;

typedef struct Plan {
  Buffer *bufs;
  int nbufs, ninputs;
  Step *steps;
  int nsteps;
  int *outputs;
  int noutputs;
  bool has_mm;
} Plan;

static bool plan_error(const char *plan_path, const char *fmt, const char *a, const char *b) {
  fprintf(stderr, "ind_cuda_run: error: %s: malformed plan: ", plan_path);
  fprintf(stderr, fmt, a ? a : "", b ? b : "");
  fputc('\n', stderr);
  return false;
}

static int find_buffer(const Plan *p, const char *name) {
  for (int i = 0; i < p->nbufs; ++i)
    if (strcmp(p->bufs[i].name, name) == 0)
      return i;
  return -1;
}

static bool json_is_int(const IndJson *v, double lo, double hi) {
  return v && v->kind == IND_JSON_NUMBER && v->number == floor(v->number) && v->number >= lo && v->number <= hi;
}

static bool parse_buffer(const char *path, const IndJson *o, Buffer *b, bool is_input, const char *where) {
  const IndJson *name = ind_json_get(o, "name"), *dt = ind_json_get(o, "dtype"), *shape = ind_json_get(o, "shape"),
                *bytes = ind_json_get(o, "bytes");
  if (!o || o->kind != IND_JSON_OBJECT || !name || name->kind != IND_JSON_STRING)
    return plan_error(path, "an entry of \"%s\" is not an object with a string \"name\"%s", where, NULL);
  b->name = strdup(name->string);
  b->is_input = is_input;
  b->reuse = -1;
  if (!b->name)
    return plan_error(path, "out of memory%s%s", NULL, NULL);
  if (!dt || dt->kind != IND_JSON_STRING)
    return plan_error(path, "buffer %s has no string \"dtype\"%s", b->name, NULL);
  int d = 0;
  while (d < DT_COUNT && strcmp(dtype_names[d], dt->string) != 0)
    ++d;
  if (d == DT_COUNT)
    return plan_error(path, "buffer %s has unknown dtype \"%s\"", b->name, dt->string);
  b->dtype = (Dtype)d;
  if (!shape || shape->kind != IND_JSON_ARRAY || shape->count > MAX_RANK)
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
  b->bytes = b->numel * dtype_sizes[d];
  if (!json_is_int(bytes, 0, 1e15) || (int64_t)bytes->number != b->bytes)
    return plan_error(path, "buffer %s: \"bytes\" is missing or disagrees with shape and dtype%s", b->name, NULL);
  return true;
}

static bool parse_dims(const char *path, const IndJson *a, unsigned out[3], const char *what, const char *kernel) {
  if (!a || a->kind != IND_JSON_ARRAY || a->count != 3)
    return plan_error(path, "launch of %s: \"%s\" is not an array of 3 integers", kernel, what);
  for (int i = 0; i < 3; ++i) {
    if (!json_is_int(a->items[i], 1, 2147483647.0))
      return plan_error(path, "launch of %s: \"%s\" has an entry that is not a positive integer", kernel, what);
    out[i] = (unsigned)a->items[i]->number;
  }
  return true;
}

static bool check_mm(const char *path, const Plan *p, Step *s) {
  if (s->nargs != 3)
    return plan_error(path, "extern mm needs 3 args (A, B, C)%s%s", NULL, NULL);
  const Buffer *a = &p->bufs[s->args[0]], *b = &p->bufs[s->args[1]], *c = &p->bufs[s->args[2]];
  if (a->dtype != DT_F32 || b->dtype != DT_F32 || c->dtype != DT_F32 || a->rank != 2 || b->rank != 2 || c->rank != 2)
    return plan_error(path, "extern mm supports only 2-D f32 operands (got %s, ...)%s", a->name, NULL);
  if (a->shape[1] != b->shape[0] || c->shape[0] != a->shape[0] || c->shape[1] != b->shape[1])
    return plan_error(path, "extern mm: shapes of %s and %s do not match C = A @ B", a->name, b->name);
  if (a->shape[0] > 2147483647 || a->shape[1] > 2147483647 || b->shape[1] > 2147483647)
    return plan_error(path, "extern mm: dimension too large for cuBLAS%s%s", NULL, NULL);
  s->mm_m = (int)a->shape[0];
  s->mm_k = (int)a->shape[1];
  s->mm_n = (int)b->shape[1];
  return true;
}

static bool parse_step(const char *path, const IndJson *o, Plan *p, Step *s) {
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
  s->vals = calloc((size_t)args->count + 1, sizeof *s->vals);
  s->params = calloc((size_t)args->count + 1, sizeof *s->params);
  if (!s->args || !s->vals || !s->params)
    return plan_error(path, "out of memory%s%s", NULL, NULL);
  for (int i = 0; i < args->count; ++i) {
    const IndJson *a = args->items[i];
    if (a->kind != IND_JSON_STRING)
      return plan_error(path, "step %s: an argument is not a string%s", s->kernel, NULL);
    s->args[i] = find_buffer(p, a->string);
    if (s->args[i] < 0)
      return plan_error(path, "step %s uses unknown buffer \"%s\"", s->kernel, a->string);
    s->params[i] = &s->vals[i];
  }
  if (strcmp(op->string, "extern") == 0) {
    s->is_extern = true;
    if (strcmp(s->kernel, "mm") != 0)
      return plan_error(path, "unsupported extern kernel \"%s\" (only mm)%s", s->kernel, NULL);
    p->has_mm = true;
    return check_mm(path, p, s);
  }
  if (strcmp(op->string, "launch") != 0)
    return plan_error(path, "unknown step op \"%s\"%s", op->string, NULL);
  if (!parse_dims(path, ind_json_get(o, "grid"), s->grid, "grid", s->kernel) ||
      !parse_dims(path, ind_json_get(o, "block"), s->block, "block", s->kernel))
    return false;
  if ((uint64_t)s->block[0] * s->block[1] * s->block[2] > 1024)
    return plan_error(path, "launch of %s: more than 1024 threads per block%s", s->kernel, NULL);
  if (s->grid[1] > 65535 || s->grid[2] > 65535)
    return plan_error(path, "launch of %s: grid y/z above 65535%s", s->kernel, NULL);
  const IndJson *sh = ind_json_get(o, "shared");
  if (sh && !json_is_int(sh, 0, 232448))
    return plan_error(path, "launch of %s: \"shared\" is not a byte count in [0, 227 KiB]%s", s->kernel, NULL);
  s->shared = sh ? (unsigned)sh->number : 0;
  return true;
}

static bool parse_plan(const char *path, const IndJson *root, Plan *p) {
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
  for (int i = 0; i < inputs->count + allocs->count; ++i) {
    bool is_input = i < inputs->count;
    const IndJson *o = is_input ? inputs->items[i] : allocs->items[i - inputs->count];
    Buffer *b = &p->bufs[p->nbufs];
    bool ok = parse_buffer(path, o, b, is_input, is_input ? "inputs" : "allocations");
    p->nbufs++; /* counted even on failure so plan_free frees the name */
    if (!ok)
      return false;
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
  for (int i = 0; i < steps->count; ++i) {
    const IndJson *o = steps->items[i];
    if (o->kind != IND_JSON_OBJECT)
      return plan_error(path, "a step is not an object%s%s", NULL, NULL);
    p->nsteps++;
    if (!parse_step(path, o, p, &p->steps[i]))
      return false;
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
  return true;
}

static void plan_free(Plan *p) {
  for (int i = 0; i < p->nbufs; ++i) {
    free(p->bufs[i].name);
    free(p->bufs[i].host);
  }
  for (int i = 0; i < p->nsteps; ++i) {
    free(p->steps[i].kernel);
    free(p->steps[i].args);
    free(p->steps[i].vals);
    free(p->steps[i].params);
  }
  free(p->bufs);
  free(p->steps);
  free(p->outputs);
}

/* The storage owner of buffer i (follows the reuse chain). */
static int storage_of(const Plan *p, int i) {
  int guard = 0;
  while (p->bufs[i].reuse >= 0 && guard++ < p->nbufs)
    i = p->bufs[i].reuse;
  return i;
}

/* ------------------------------------------------------------------------------------------------------ */
/* Files: whole-file read, .npy read/write. */

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "ind_cuda_run: error: cannot open %s: %s\n", path, strerror(errno));
    return NULL;
  }
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  while (buf) {
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (n < cap)
      break;
    cap *= 2;
    char *t = realloc(buf, cap + 1);
    if (!t) {
      free(buf);
      buf = NULL;
    }
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

static bool write_npy(const char *path, const Buffer *b, const void *data) {
  char shape[256] = "";
  size_t used = 0;
  for (int i = 0; i < b->rank; ++i)
    used += (size_t)snprintf(shape + used, sizeof shape - used, "%lld%s", (long long)b->shape[i],
                             b->rank == 1 ? "," : (i + 1 < b->rank ? ", " : ""));
  char header[512];
  int n = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }",
                   dtype_descr[b->dtype], shape);
  /* magic(6) + version(2) + len(2) + header + padding + '\n' is a multiple of 64 */
  int total = 10 + n + 1;
  int pad = (64 - total % 64) % 64;
  for (int i = 0; i < pad; ++i)
    header[n++] = ' ';
  header[n++] = '\n';
  FILE *f = fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "ind_cuda_run: error: cannot write %s: %s\n", path, strerror(errno));
    return false;
  }
  unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(n & 0xff), (unsigned char)(n >> 8)};
  bool ok = fwrite(pre, 1, 10, f) == 10 && fwrite(header, 1, (size_t)n, f) == (size_t)n &&
            fwrite(data, 1, (size_t)b->bytes, f) == (size_t)b->bytes;
  ok = (fclose(f) == 0) && ok;
  if (!ok)
    fprintf(stderr, "ind_cuda_run: error: short write to %s\n", path);
  return ok;
}

/* Reads an f32 C-order .npy whose shape must equal b's; fills b->host. */
static bool read_npy_input(const char *path, Buffer *b) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "ind_cuda_run: error: cannot open input %s: %s\n", path, strerror(errno));
    return false;
  }
  unsigned char pre[12];
  char *hdr = NULL;
  bool ok = false;
  if (fread(pre, 1, 10, f) != 10 || memcmp(pre, "\x93NUMPY", 6) != 0) {
    fprintf(stderr, "ind_cuda_run: error: %s is not a .npy file\n", path);
    goto done;
  }
  size_t hlen = (size_t)pre[8] | ((size_t)pre[9] << 8);
  if (pre[6] >= 2) {
    if (fread(pre + 10, 1, 2, f) != 2) {
      fprintf(stderr, "ind_cuda_run: error: %s: truncated header\n", path);
      goto done;
    }
    hlen |= ((size_t)pre[10] << 16) | ((size_t)pre[11] << 24);
  }
  if (hlen > (1u << 20) || !(hdr = calloc(hlen + 1, 1)) || fread(hdr, 1, hlen, f) != hlen) {
    fprintf(stderr, "ind_cuda_run: error: %s: truncated or oversized header\n", path);
    goto done;
  }
  if (!strstr(hdr, "'descr': '<f4'") || b->dtype != DT_F32) {
    fprintf(stderr, "ind_cuda_run: error: %s: input %s must be little-endian float32 ('<f4') to match the plan's %s\n",
            path, b->name, dtype_names[b->dtype]);
    goto done;
  }
  if (!strstr(hdr, "'fortran_order': False")) {
    fprintf(stderr, "ind_cuda_run: error: %s: Fortran-order arrays are not supported\n", path);
    goto done;
  }
  const char *sp = strstr(hdr, "'shape': (");
  if (!sp) {
    fprintf(stderr, "ind_cuda_run: error: %s: header has no shape\n", path);
    goto done;
  }
  sp += strlen("'shape': (");
  int rank = 0;
  int64_t shape[MAX_RANK];
  while (*sp && *sp != ')') {
    char *end;
    long long d = strtoll(sp, &end, 10);
    if (end == sp)
      break;
    if (rank == MAX_RANK)
      break;
    shape[rank++] = d;
    sp = end;
    while (*sp == ',' || *sp == ' ' || *sp == 'L')
      ++sp;
  }
  bool same = *sp == ')' && rank == b->rank;
  for (int i = 0; same && i < rank; ++i)
    same = shape[i] == b->shape[i];
  if (!same) {
    char want[128] = "";
    size_t u = 0;
    for (int i = 0; i < b->rank; ++i)
      u += (size_t)snprintf(want + u, sizeof want - u, "%s%lld", i ? ", " : "", (long long)b->shape[i]);
    fprintf(stderr, "ind_cuda_run: error: %s: shape does not match the plan's (%s) for input %s\n", path, want,
            b->name);
    goto done;
  }
  b->host = malloc((size_t)b->bytes + 1);
  if (!b->host || fread(b->host, 1, (size_t)b->bytes, f) != (size_t)b->bytes) {
    fprintf(stderr, "ind_cuda_run: error: %s: truncated data (want %lld bytes)\n", path, (long long)b->bytes);
    goto done;
  }
  ok = true;
done:
  free(hdr);
  fclose(f);
  return ok;
}

/* splitmix64: deterministic, uniform in [-1, 1). Input k gets its own stream. */
static void fill_random(Buffer *b, uint64_t seed, int k) {
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + (uint64_t)k * 0xD1B54A32D192ED03ull + 1;
  float *x = b->host;
  for (int64_t i = 0; i < b->numel; ++i) {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    x[i] = (float)(z >> 40) * (2.0f / 16777216.0f) - 1.0f;
  }
}

/* ------------------------------------------------------------------------------------------------------ */
/* PTX checks (host side). */

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

static bool check_ptx(const char *ptx_path, const char *ptx, const Plan *p) {
  if (!strstr(ptx, ".version") || !strstr(ptx, ".target")) {
    fprintf(stderr, "ind_cuda_run: error: %s does not look like PTX (no .version/.target)\n", ptx_path);
    return false;
  }
  for (int i = 0; i < p->nsteps; ++i) {
    const Step *s = &p->steps[i];
    if (!s->is_extern && !ptx_has_entry(ptx, s->kernel)) {
      fprintf(stderr, "ind_cuda_run: error: %s has no .entry %s (step %d of the plan)\n", ptx_path, s->kernel, i);
      return false;
    }
  }
  /* Static .shared arrays need no launch parameter; dynamic (.extern .shared) ones need the plan's "shared". */
  if (strstr(ptx, ".extern .shared")) {
    bool any = false;
    for (int i = 0; i < p->nsteps; ++i)
      any = any || p->steps[i].shared > 0;
    if (!any)
      fprintf(stderr, "ind_cuda_run: warning: %s declares dynamic shared memory but no step gives \"shared\"\n",
              ptx_path);
  }
  return true;
}

/* ------------------------------------------------------------------------------------------------------ */
/* Device side. */

typedef struct Run {
  CUdevice dev;
  CUcontext ctx;
  bool ctx_retained;
  CUmodule mod;
  CUstream stream;
  CUdeviceptr flush;
} Run;

static bool device_init(Run *r) {
  CU_CHECK(p_cuInit(0));
  int version = 0, count = 0;
  CU_CHECK(p_cuDriverGetVersion(&version));
  CU_CHECK(p_cuDeviceGetCount(&count));
  if (count < 1) {
    fprintf(stderr, "ind_cuda_run: error: no CUDA device\n");
    return false;
  }
  CU_CHECK(p_cuDeviceGet(&r->dev, 0));
  char name[256] = "";
  CU_CHECK(p_cuDeviceGetName(name, (int)sizeof name, r->dev));
  fprintf(stderr, "ind_cuda_run: device 0: %s, driver API %d.%d\n", name, version / 1000, version % 1000 / 10);
  CU_CHECK(p_cuDevicePrimaryCtxRetain(&r->ctx, r->dev));
  r->ctx_retained = true;
  CU_CHECK(p_cuCtxSetCurrent(r->ctx));
  CU_CHECK(p_cuStreamCreate(&r->stream, CU_STREAM_DEFAULT)); /* blocking: ordered with the synchronous copies */
  return true;
}

static bool load_module(Run *r, const char *ptx, Plan *p) {
  static char info_log[16384], error_log[16384];
  CUjit_option opts[] = {CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER,
                         CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_LOG_VERBOSE};
  void *vals[] = {info_log, (void *)(uintptr_t)sizeof info_log, error_log, (void *)(uintptr_t)sizeof error_log,
                  (void *)(uintptr_t)1};
  CUresult res = p_cuModuleLoadDataEx(&r->mod, ptx, (unsigned)(sizeof opts / sizeof opts[0]), opts, vals);
  if (res != CUDA_SUCCESS) {
    print_cu_error(res, "cuModuleLoadDataEx (PTX JIT)");
    fprintf(stderr, "ind_cuda_run: JIT error log:\n%s\nind_cuda_run: JIT info log:\n%s\n", error_log, info_log);
    return false;
  }
  for (int i = 0; i < p->nsteps; ++i) {
    Step *s = &p->steps[i];
    if (s->is_extern)
      continue;
    CUresult e = p_cuModuleGetFunction(&s->fn, r->mod, s->kernel);
    if (e != CUDA_SUCCESS) {
      fprintf(stderr, "ind_cuda_run: error: kernel %s:\n", s->kernel);
      print_cu_error(e, "cuModuleGetFunction");
      return false;
    }
    int max_threads = 0, static_smem = 0, regs = 0, local = 0;
    CU_CHECK(p_cuFuncGetAttribute(&max_threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, s->fn));
    CU_CHECK(p_cuFuncGetAttribute(&static_smem, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, s->fn));
    CU_CHECK(p_cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, s->fn));
    CU_CHECK(p_cuFuncGetAttribute(&local, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, s->fn));
    fprintf(stderr, "ind_cuda_run: kernel %s: grid [%u,%u,%u] block [%u,%u,%u] regs %d static smem %d B local %d B\n",
            s->kernel, s->grid[0], s->grid[1], s->grid[2], s->block[0], s->block[1], s->block[2], regs, static_smem,
            local);
    unsigned threads = s->block[0] * s->block[1] * s->block[2];
    if ((int)threads > max_threads) {
      fprintf(stderr, "ind_cuda_run: error: kernel %s allows at most %d threads per block, the plan asks %u\n",
              s->kernel, max_threads, threads);
      return false;
    }
  }
  return true;
}

static bool allocate(Plan *p) {
  for (int i = 0; i < p->nbufs; ++i) {
    Buffer *b = &p->bufs[i];
    if (b->reuse >= 0) {
      b->ptr = p->bufs[storage_of(p, i)].ptr;
      continue;
    }
    size_t bytes = b->bytes < 16 ? 16 : (size_t)b->bytes; /* cuMemAlloc rejects 0; 256-byte aligned */
    CU_CHECK(p_cuMemAlloc(&b->ptr, bytes));
    b->owns = true;
    if (b->is_input)
      CU_CHECK(p_cuMemcpyHtoD(b->ptr, b->host, (size_t)b->bytes));
  }
  for (int i = 0; i < p->nsteps; ++i)
    for (int a = 0; a < p->steps[i].nargs; ++a)
      p->steps[i].vals[a] = p->bufs[p->steps[i].args[a]].ptr;
  return true;
}

static bool poison(const Plan *p) {
  for (int i = 0; i < p->nbufs; ++i) {
    const Buffer *b = &p->bufs[i];
    if (!b->owns || b->is_input || b->bytes == 0)
      continue;
    if (b->bytes % 4 == 0)
      CU_CHECK(p_cuMemsetD32(b->ptr, 0x7fc00000u, (size_t)b->bytes / 4));
    else
      CU_CHECK(p_cuMemsetD8(b->ptr, 0xff, (size_t)b->bytes)); /* 0xffff... is NaN in every float width */
  }
  CU_CHECK(p_cuCtxSynchronize());
  return true;
}

static bool run_step(const Run *r, Step *s) {
  if (s->is_extern) {
    /* Row-major C[m,n] = A[m,k] B[k,n]  <=>  column-major C^T = B^T A^T: sgemm(N, N, n, m, k, B, n, A, k, C, n). */
    const float one = 1.0f, zero = 0.0f;
    int st = p_cublasSgemm(g_cublas_handle, CUBLAS_OP_N, CUBLAS_OP_N, s->mm_n, s->mm_m, s->mm_k, &one,
                           (const float *)(uintptr_t)s->vals[1], s->mm_n, (const float *)(uintptr_t)s->vals[0], s->mm_k,
                           &zero, (float *)(uintptr_t)s->vals[2], s->mm_n);
    if (st != 0) {
      fprintf(stderr, "ind_cuda_run: error: cublasSgemm_v2 returned status %d\n", st);
      return false;
    }
    return true;
  }
  CU_CHECK(p_cuLaunchKernel(s->fn, s->grid[0], s->grid[1], s->grid[2], s->block[0], s->block[1], s->block[2], s->shared,
                            r->stream, s->params, NULL));
  return true;
}

static bool run_all(const Run *r, Plan *p) {
  for (int i = 0; i < p->nsteps; ++i)
    if (!run_step(r, &p->steps[i]))
      return false;
  return true;
}

/* One run with a synchronize after each step, so an asynchronous fault names its step. */
static bool run_checked(const Run *r, Plan *p) {
  for (int i = 0; i < p->nsteps; ++i) {
    if (!run_step(r, &p->steps[i])) {
      fprintf(stderr, "ind_cuda_run: error: in step %d (%s)\n", i, p->steps[i].kernel);
      return false;
    }
    CUresult e = p_cuStreamSynchronize(r->stream);
    if (e != CUDA_SUCCESS) {
      fprintf(stderr, "ind_cuda_run: error: step %d (%s) failed while running\n", i, p->steps[i].kernel);
      print_cu_error(e, "cuStreamSynchronize");
      return false;
    }
  }
  return true;
}

static bool copy_outputs(const Plan *p, void **dst) {
  for (int k = 0; k < p->noutputs; ++k) {
    const Buffer *b = &p->bufs[p->outputs[k]];
    CU_CHECK(p_cuMemcpyDtoH(dst[k], b->ptr, (size_t)b->bytes));
  }
  return true;
}

static int64_t count_nan(const Buffer *b, const void *data) {
  int64_t n = 0;
  if (b->dtype == DT_F32) {
    const float *x = data;
    for (int64_t i = 0; i < b->numel; ++i)
      n += isnan(x[i]) != 0;
  } else if (b->dtype == DT_F64) {
    const double *x = data;
    for (int64_t i = 0; i < b->numel; ++i)
      n += isnan(x[i]) != 0;
  }
  return n;
}

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

static float median(float *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_float);
  return n % 2 ? v[n / 2] : 0.5f * (v[n / 2 - 1] + v[n / 2]);
}

/* Median per-call ms of `iters` back-to-back runs between two events, TIMING_REPEATS times. */
static bool time_back_to_back(const Run *r, Plan *p, int iters, float *out_ms) {
  CUevent start = NULL, stop = NULL;
  float ms[TIMING_REPEATS];
  bool ok = false;
  if (p_cuEventCreate(&start, CU_EVENT_DEFAULT) != CUDA_SUCCESS ||
      p_cuEventCreate(&stop, CU_EVENT_DEFAULT) != CUDA_SUCCESS) {
    fprintf(stderr, "ind_cuda_run: error: cuEventCreate failed\n");
    goto done;
  }
  for (int rep = 0; rep < TIMING_REPEATS; ++rep) {
    CUresult e = p_cuEventRecord(start, r->stream);
    for (int i = 0; e == CUDA_SUCCESS && i < iters; ++i)
      if (!run_all(r, p))
        goto done;
    if (e == CUDA_SUCCESS)
      e = p_cuEventRecord(stop, r->stream);
    if (e == CUDA_SUCCESS)
      e = p_cuEventSynchronize(stop);
    if (e == CUDA_SUCCESS)
      e = p_cuEventElapsedTime(&ms[rep], start, stop);
    if (e != CUDA_SUCCESS) {
      print_cu_error(e, "timing (event record/synchronize/elapsed)");
      goto done;
    }
    ms[rep] /= (float)iters;
  }
  *out_ms = median(ms, TIMING_REPEATS);
  ok = true;
done:
  if (start)
    p_cuEventDestroy(start);
  if (stop)
    p_cuEventDestroy(stop);
  return ok;
}

/* do_bench-like: before each call a 256 MiB memset evicts L2; each call between its own events; median. */
static bool time_flushed(Run *r, Plan *p, int reps, float *out_ms) {
  CUevent *ev = calloc((size_t)reps * 2, sizeof *ev);
  float *ms = calloc((size_t)reps, sizeof *ms);
  bool ok = false;
  int made = 0;
  if (!ev || !ms)
    goto done;
  if (!r->flush) {
    CUresult e = p_cuMemAlloc(&r->flush, FLUSH_BYTES);
    if (e != CUDA_SUCCESS) {
      print_cu_error(e, "cuMemAlloc (L2 flush buffer)");
      goto done;
    }
  }
  for (; made < reps * 2; ++made) {
    CUresult e = p_cuEventCreate(&ev[made], CU_EVENT_DEFAULT);
    if (e != CUDA_SUCCESS) {
      print_cu_error(e, "cuEventCreate");
      goto done;
    }
  }
  for (int i = 0; i < reps; ++i) {
    CUresult e = p_cuMemsetD32Async(r->flush, 0, FLUSH_BYTES / 4, r->stream);
    if (e == CUDA_SUCCESS)
      e = p_cuEventRecord(ev[2 * i], r->stream);
    if (e != CUDA_SUCCESS) {
      print_cu_error(e, "flush/event record");
      goto done;
    }
    if (!run_all(r, p))
      goto done;
    e = p_cuEventRecord(ev[2 * i + 1], r->stream);
    if (e != CUDA_SUCCESS) {
      print_cu_error(e, "cuEventRecord");
      goto done;
    }
  }
  CUresult e = p_cuStreamSynchronize(r->stream);
  for (int i = 0; e == CUDA_SUCCESS && i < reps; ++i)
    e = p_cuEventElapsedTime(&ms[i], ev[2 * i], ev[2 * i + 1]);
  if (e != CUDA_SUCCESS) {
    print_cu_error(e, "flushed timing (synchronize/elapsed)");
    goto done;
  }
  *out_ms = median(ms, reps);
  ok = true;
done:
  for (int i = 0; i < made; ++i)
    p_cuEventDestroy(ev[i]);
  free(ev);
  free(ms);
  return ok;
}

static void device_fini(Run *r, Plan *p) {
  for (int i = 0; i < p->nbufs; ++i)
    if (p->bufs[i].owns && p->bufs[i].ptr)
      p_cuMemFree(p->bufs[i].ptr);
  if (r->flush)
    p_cuMemFree(r->flush);
  if (g_cublas_handle)
    p_cublasDestroy(g_cublas_handle);
  if (r->stream)
    p_cuStreamDestroy(r->stream);
  if (r->mod)
    p_cuModuleUnload(r->mod);
  if (r->ctx_retained)
    p_cuDevicePrimaryCtxRelease(r->dev);
}

/* ------------------------------------------------------------------------------------------------------ */
/* Driver. */

typedef struct Options {
  const char *plan, *ptx, *inputs_dir, *outputs_dir, *name;
  uint64_t seed;
  int iters, flush_reps;
  bool check;
} Options;

static int usage(const char *msg) {
  if (msg)
    fprintf(stderr, "ind_cuda_run: error: %s\n", msg);
  fprintf(stderr, "usage: ind_cuda_run --plan P.json --ptx K.ptx [--inputs-dir D] [--seed S] [--outputs-dir O]\n"
                  "                    [--iters N] [--check] [--name NAME] [--flush-reps R]\n");
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

static int parse_options(int argc, char **argv, Options *o) {
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (strcmp(a, "--check") == 0) {
      o->check = true;
      continue;
    }
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(NULL);
      return 2;
    }
    const char **dst = strcmp(a, "--plan") == 0          ? &o->plan
                       : strcmp(a, "--ptx") == 0         ? &o->ptx
                       : strcmp(a, "--inputs-dir") == 0  ? &o->inputs_dir
                       : strcmp(a, "--outputs-dir") == 0 ? &o->outputs_dir
                       : strcmp(a, "--name") == 0        ? &o->name
                                                         : NULL;
    bool numeric = strcmp(a, "--seed") == 0 || strcmp(a, "--iters") == 0 || strcmp(a, "--flush-reps") == 0;
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
    else {
      fprintf(stderr, "ind_cuda_run: error: bad value '%s' for %s\n", v, a);
      return usage(NULL);
    }
  }
  if (!o->plan || !o->ptx)
    return usage("--plan and --ptx are required");
  return 0;
}

/* Reads inputs from the inputs dir, or draws them (and saves them to the outputs dir). */
static bool prepare_inputs(const Options *o, Plan *p) {
  char path[4096];
  for (int k = 0; k < p->ninputs; ++k) {
    Buffer *b = &p->bufs[k];
    if (o->inputs_dir) {
      snprintf(path, sizeof path, "%s/in%d.npy", o->inputs_dir, k);
      if (!read_npy_input(path, b))
        return false;
      continue;
    }
    if (b->dtype != DT_F32) {
      fprintf(stderr, "ind_cuda_run: error: input %s is %s; only f32 inputs can be drawn\n", b->name,
              dtype_names[b->dtype]);
      return false;
    }
    b->host = malloc((size_t)b->bytes + 1);
    if (!b->host) {
      fprintf(stderr, "ind_cuda_run: error: out of host memory for input %s\n", b->name);
      return false;
    }
    fill_random(b, o->seed, k);
    if (o->outputs_dir) {
      snprintf(path, sizeof path, "%s/in%d.npy", o->outputs_dir, k);
      if (!write_npy(path, b, b->host))
        return false;
    }
  }
  return true;
}

/* The plan's file name without directory and ".json", for the RESULT line when --name is not given. */
static const char *base_name(const char *path) {
  static char name[256];
  const char *s = strrchr(path, '/');
  snprintf(name, sizeof name, "%s", s ? s + 1 : path);
  size_t n = strlen(name);
  if (n > 5 && strcmp(name + n - 5, ".json") == 0)
    name[n - 5] = '\0';
  return name;
}

/* Steps 3-7 of the header comment. Returns the exit status. */
static int run_on_device(const Options *o, const char *ptx, Plan *p) {
  Run r = {0};
  int status = 1;
  void **out = calloc((size_t)p->noutputs + 1, sizeof *out), **again = calloc((size_t)p->noutputs + 1, sizeof *again);
  if (!out || !again)
    goto done;
  for (int k = 0; k < p->noutputs; ++k) {
    out[k] = malloc((size_t)p->bufs[p->outputs[k]].bytes + 1);
    again[k] = o->check ? malloc((size_t)p->bufs[p->outputs[k]].bytes + 1) : NULL;
    if (!out[k] || (o->check && !again[k])) {
      fprintf(stderr, "ind_cuda_run: error: out of host memory for outputs\n");
      goto done;
    }
  }
  if (!load_driver() || !device_init(&r) || !load_module(&r, ptx, p))
    goto done;
  if (p->has_mm) {
    int st = p_cublasCreate(&g_cublas_handle);
    if (st != 0) {
      g_cublas_handle = NULL;
      fprintf(stderr, "ind_cuda_run: error: cublasCreate_v2 (%s) returned status %d\n", g_cublas_path, st);
      goto done;
    }
    st = p_cublasSetStream(g_cublas_handle, r.stream);
    if (st != 0) {
      fprintf(stderr, "ind_cuda_run: error: cublasSetStream_v2 returned status %d\n", st);
      goto done;
    }
  }
  if (!allocate(p) || !poison(p) || !run_checked(&r, p) || !copy_outputs(p, out))
    goto done;
  int64_t nan_total = 0;
  char path[4096];
  for (int k = 0; k < p->noutputs; ++k) {
    const Buffer *b = &p->bufs[p->outputs[k]];
    int64_t n = count_nan(b, out[k]);
    nan_total += n;
    if (n)
      fprintf(stderr, "ind_cuda_run: output %d (%s): %lld of %lld elements are NaN (unwritten or computed NaN)\n", k,
              b->name, (long long)n, (long long)b->numel);
    if (o->outputs_dir) {
      snprintf(path, sizeof path, "%s/out%d.npy", o->outputs_dir, k);
      if (!write_npy(path, b, out[k]))
        goto done;
    }
  }
  bool check_failed = false;
  if (o->check) {
    if (!poison(p) || !run_checked(&r, p) || !copy_outputs(p, again))
      goto done;
    for (int k = 0; k < p->noutputs; ++k) {
      const Buffer *b = &p->bufs[p->outputs[k]];
      if (memcmp(out[k], again[k], (size_t)b->bytes) != 0) {
        fprintf(stderr, "ind_cuda_run: check: output %d (%s) differs between two runs on the same inputs (a race?)\n",
                k, b->name);
        check_failed = true;
      }
    }
    if (nan_total) {
      fprintf(stderr, "ind_cuda_run: check: %lld NaN elements in the outputs\n", (long long)nan_total);
      check_failed = true;
    }
  }
  /* Warm up (also picks iters for ~10 ms per timed repeat when --iters is not given). */
  float one_ms = 0;
  int iters = o->iters;
  if (!time_back_to_back(&r, p, 1, &one_ms))
    goto done;
  if (iters <= 0) {
    double want = 10.0 / (one_ms > 1e-4f ? one_ms : 1e-4f);
    iters = want < 1 ? 1 : want > 2000 ? 2000 : (int)want;
  }
  float ms = 0, flushed_ms = 0;
  if (!time_back_to_back(&r, p, iters, &ms))
    goto done;
  int reps = o->flush_reps;
  if (reps <= 0) {
    double want = 300.0 / ((double)one_ms + 0.1); /* ~0.3 s including the flushes */
    reps = want < 5 ? 5 : want > 200 ? 200 : (int)want;
  }
  if (!time_flushed(&r, p, reps, &flushed_ms))
    goto done;
  int64_t bytes = 0;
  for (int k = 0; k < p->ninputs; ++k)
    bytes += p->bufs[k].bytes;
  for (int k = 0; k < p->noutputs; ++k)
    bytes += p->bufs[p->outputs[k]].bytes;
  const char *name = o->name ? o->name : base_name(o->plan);
  double us = ms * 1e3, fus = flushed_ms * 1e3;
  double gbps = ms > 0 ? (double)bytes / (ms * 1e-3) / 1e9 : 0;
  printf("RESULT name=%s kernels=%d median_us=%.2f flushed_us=%.2f bytes=%lld gbps=%.1f nan=%lld iters=%d "
         "flush_reps=%d check=%s\n",
         name, p->nsteps, us, fus, (long long)bytes, gbps, (long long)nan_total, iters, reps,
         !o->check      ? "off"
         : check_failed ? "FAIL"
                        : "ok");
  fflush(stdout);
  if (o->outputs_dir) {
    snprintf(path, sizeof path, "%s/result.json", o->outputs_dir);
    FILE *f = fopen(path, "w");
    if (!f) {
      fprintf(stderr, "ind_cuda_run: error: cannot write %s: %s\n", path, strerror(errno));
      goto done;
    }
    fprintf(f,
            "{\"name\": \"%s\", \"kernels\": %d, \"median_us\": %.3f, \"flushed_us\": %.3f, \"bytes\": %lld, "
            "\"gbps\": %.2f, \"nan\": %lld, \"iters\": %d, \"flush_reps\": %d, \"check\": \"%s\", \"outputs\": %d}\n",
            name, p->nsteps, us, fus, (long long)bytes, gbps, (long long)nan_total, iters, reps,
            !o->check      ? "off"
            : check_failed ? "FAIL"
                           : "ok",
            p->noutputs);
    fclose(f);
  }
  status = check_failed ? 1 : 0;
done:
  if (g_libcuda && p_cuCtxSynchronize && r.ctx_retained)
    p_cuCtxSynchronize();
  if (g_libcuda && r.ctx_retained)
    device_fini(&r, p);
  for (int k = 0; out && k < p->noutputs; ++k)
    free(out[k]);
  for (int k = 0; again && k < p->noutputs; ++k)
    free(again[k]);
  free(out);
  free(again);
  return status;
}

int main(int argc, char **argv) {
  Options o = {0};
  o.seed = 0;
  int st = parse_options(argc, argv, &o);
  if (st)
    return st == 2 ? 0 : st;
  size_t plan_len = 0, ptx_len = 0;
  char *plan_text = read_file(o.plan, &plan_len);
  if (!plan_text)
    return 1;
  char err[256] = "";
  IndJson *root = ind_json_parse(plan_text, plan_len, err, sizeof err);
  free(plan_text);
  if (!root) {
    fprintf(stderr, "ind_cuda_run: error: %s:%s: not valid JSON\n", o.plan, err);
    return 1;
  }
  Plan p = {0};
  bool ok = parse_plan(o.plan, root, &p);
  ind_json_free(root);
  char *ptx = ok ? read_file(o.ptx, &ptx_len) : NULL;
  ok = ok && ptx && check_ptx(o.ptx, ptx, &p) && prepare_inputs(&o, &p);
  int status = ok ? 0 : 1;
  if (ok && p.has_mm) {
    char why[1400];
    if (!load_cublas(why, sizeof why)) {
      printf("SKIP name=%s reason=%s\n", o.name ? o.name : base_name(o.plan), why);
      status = EXIT_SKIP;
      ok = false;
    }
  }
  if (ok)
    status = run_on_device(&o, ptx, &p);
  free(ptx);
  plan_free(&p);
  if (g_libcublas)
    dlclose(g_libcublas);
  if (g_libcuda)
    dlclose(g_libcuda);
  return status;
}
