/* mock_cuda.c - a host-memory stand-in for libcuda.so.1 and libcublas, for testing ind_cuda_run without a GPU.
 * Built as two shared objects by the tests in test/runtime (-DMOCK_CUBLAS for the cuBLAS one). Device pointers
 * are host pointers; a kernel launch prints what it got and computes nothing (outputs keep the runner's NaN
 * poison); cublasSgemm_v2 computes a column-major C = op(A) op(B) as BLAS defines it, so the runner's
 * row-major trick is checked by real arithmetic. Events report 1 ms. MOCK_JIT_FAIL in the PTX makes the JIT
 * fail with a log; $MOCK_MAX_THREADS caps a kernel's threads per block; $MOCK_LAUNCH_FAIL names a kernel whose
 * launch fails (CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES). Stream capture counts the launches into a graph.
 * $IND_MOCK_FAIL=CALL:CODE makes every call of CALL (a driver or cuBLAS entry point, by its API name:
 * cuLaunchKernel, cuStreamSynchronize, cublasSgemm_v2, ...) fail with CODE (a CUresult or cublasStatus_t).
 * Checked mode: cuModuleGetGlobal serves "__ind_check" (16 bytes of host memory) when the PTX names it, and
 * $MOCK_CHECK=KERNEL:SITE1:INDEX makes the first launch of KERNEL record {SITE1, INDEX} there, as a kernel's
 * compare-and-swap would (first violation wins). The cuBLAS library also holds cuBLASLt's entry points for an mm
 * with a bias epilogue (cublasLtMatmul computes it; $MOCK_LT_NO_ALGO: the heuristic finds no algorithm). */
#define _POSIX_C_SOURCE 200809L
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* $IND_MOCK_FAIL=CALL:CODE: the code the call `name` fails with, else 0. */
static int mock_fail(const char *name) {
  const char *f = getenv("IND_MOCK_FAIL"), *colon = f ? strchr(f, ':') : NULL;
  if (!colon || (size_t)(colon - f) != strlen(name) || strncmp(f, name, (size_t)(colon - f)) != 0)
    return 0;
  return atoi(colon + 1);
}
#define MOCK_FAIL(name)                                                                                                \
  do {                                                                                                                 \
    int code_ = mock_fail(name);                                                                                       \
    if (code_)                                                                                                         \
      return code_;                                                                                                    \
  } while (0)

#ifndef MOCK_CUBLAS
typedef struct MockFn {
  char name[256];
} MockFn;

#ifdef MOCK_STUB /* CUDA's stub libcuda: every symbol, but cuInit fails (a machine without a driver) */
CUresult CUDAAPI cuInit(unsigned flags) { return flags == 0 ? CUDA_ERROR_STUB_LIBRARY : CUDA_ERROR_INVALID_VALUE; }
#else
CUresult CUDAAPI cuInit(unsigned flags) { return flags == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE; }
#endif
CUresult CUDAAPI cuDriverGetVersion(int *v) {
  *v = 13000;
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuDeviceGetCount(int *n) {
  *n = 1;
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuDeviceGet(CUdevice *d, int i) {
  *d = i;
  return i == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}
CUresult CUDAAPI cuDeviceGetName(char *name, int len, CUdevice d) {
  (void)d;
  snprintf(name, (size_t)len, "Mock GPU");
  return CUDA_SUCCESS;
}
static int ctx_token;
CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice d) {
  (void)d;
  *c = (CUcontext)&ctx_token;
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice d) {
  (void)d;
  fprintf(stderr, "mock: primary context released\n");
  return CUDA_SUCCESS;
}
static CUcontext current_ctx;
CUresult CUDAAPI cuCtxSetCurrent(CUcontext c) {
  current_ctx = c;
  return c ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}
CUresult CUDAAPI cuCtxGetCurrent(CUcontext *c) {
  *c = current_ctx;
  return CUDA_SUCCESS;
}
/* The ordering hazards of a real driver with non-blocking streams: a launch while a host-to-device copy
 * is not yet known to be complete, a device-to-host copy while launched work is not yet known to be done.
 * The mock fails them (a real GPU computes from stale data, rarely). */
static int htod_unsynced, work_unsynced;
CUresult CUDAAPI cuCtxSynchronize(void) {
  MOCK_FAIL("cuCtxSynchronize");
  htod_unsynced = work_unsynced = 0;
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuGetErrorName(CUresult r, const char **s) {
  *s = r == CUDA_ERROR_INVALID_PTX       ? "CUDA_ERROR_INVALID_PTX"
       : r == CUDA_ERROR_STUB_LIBRARY    ? "CUDA_ERROR_STUB_LIBRARY"
       : r == CUDA_ERROR_ILLEGAL_ADDRESS ? "CUDA_ERROR_ILLEGAL_ADDRESS"
       : r == CUDA_ERROR_LAUNCH_FAILED   ? "CUDA_ERROR_LAUNCH_FAILED"
       : r == CUDA_ERROR_OUT_OF_MEMORY   ? "CUDA_ERROR_OUT_OF_MEMORY"
       : r == CUDA_ERROR_NOT_FOUND       ? "CUDA_ERROR_NOT_FOUND"
       : r == CUDA_ERROR_INVALID_VALUE   ? "CUDA_ERROR_INVALID_VALUE"
                                         : "CUDA_ERROR_MOCK";
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuGetErrorString(CUresult r, const char **s) {
  (void)r;
  *s = "mock error";
  return CUDA_SUCCESS;
}
static MockFn fns[4096]; /* a zoo model's program has hundreds of kernels (bench/zoo/parts_plan.py) */
static int nfns;
static int module_token;
static const char *module_ptx;
static size_t module_len; /* the image's bytes: the PTX's length, or a cubin's from its ELF header */
/* Whether the loaded image holds `name` (a kernel's or a global's symbol). */
static int module_has(const char *name) {
  size_t n = strlen(name);
  for (size_t i = 0; i + n <= module_len; ++i)
    if (memcmp(module_ptx + i, name, n) == 0)
      return 1;
  return 0;
}
CUresult CUDAAPI cuModuleLoadDataEx(CUmodule *m, const void *image, unsigned n, CUjit_option *opts, void **vals) {
  const char *ptx = image;
  if (memcmp(ptx,
             "\x7f"
             "ELF",
             4) == 0) { /* a cubin (64-bit ELF): section headers end the file */
    uint64_t shoff;
    uint16_t shentsize, shnum;
    memcpy(&shoff, ptx + 0x28, 8);
    memcpy(&shentsize, ptx + 0x3A, 2);
    memcpy(&shnum, ptx + 0x3C, 2);
    module_ptx = ptx;
    module_len = (size_t)shoff + (size_t)shentsize * shnum;
    fprintf(stderr, "mock: module from a cubin (%zu bytes)\n", module_len);
    *m = (CUmodule)&module_token;
    return CUDA_SUCCESS;
  }
  if (strstr(ptx, "MOCK_JIT_FAIL")) {
    for (unsigned i = 0; i < n; ++i)
      if (opts[i] == CU_JIT_ERROR_LOG_BUFFER)
        snprintf(vals[i], 64, "ptxas fatal   : mock syntax error");
    return CUDA_ERROR_INVALID_PTX;
  }
  module_ptx = ptx;
  module_len = strlen(ptx);
  *m = (CUmodule)&module_token;
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuModuleUnload(CUmodule m) {
  (void)m;
  fprintf(stderr, "mock: module unloaded\n");
  return CUDA_SUCCESS;
}
static int64_t check_record[2]; /* the module's __ind_check */
CUresult CUDAAPI cuModuleGetGlobal(CUdeviceptr *p, size_t *bytes, CUmodule m, const char *name) {
  (void)m;
  MOCK_FAIL("cuModuleGetGlobal");
  if (strcmp(name, "__ind_check") != 0 || !module_has(name))
    return CUDA_ERROR_NOT_FOUND;
  *p = (CUdeviceptr)(uintptr_t)check_record;
  if (bytes)
    *bytes = sizeof check_record;
  return CUDA_SUCCESS;
}
/* $MOCK_CHECK=KERNEL:SITE1:INDEX: the first launch of KERNEL records a violation. */
static void mock_check(const char *kernel) {
  static int fired;
  const char *c = getenv("MOCK_CHECK"), *colon = c ? strchr(c, ':') : NULL;
  long long site1 = 0, index = 0;
  if (fired || !colon || (size_t)(colon - c) != strlen(kernel) || strncmp(c, kernel, (size_t)(colon - c)) != 0 ||
      sscanf(colon + 1, "%lld:%lld", &site1, &index) != 2)
    return;
  fired = 1;
  if (check_record[0] == 0) {
    check_record[0] = site1;
    check_record[1] = index;
  }
}
CUresult CUDAAPI cuModuleGetFunction(CUfunction *f, CUmodule m, const char *name) {
  (void)m;
  if (nfns == (int)(sizeof fns / sizeof fns[0]) || !module_has(name))
    return CUDA_ERROR_NOT_FOUND;
  snprintf(fns[nfns].name, sizeof fns[nfns].name, "%s", name);
  *f = (CUfunction)&fns[nfns++];
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuFuncGetAttribute(int *v, CUfunction_attribute a, CUfunction f) {
  (void)f;
  const char *max = getenv("MOCK_MAX_THREADS");
  *v = a == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK ? (max ? atoi(max) : 1024) : 0;
  return CUDA_SUCCESS;
}
static int live_allocs, nallocs;
static CUdeviceptr allocs[256]; /* in allocation order, for naming pointers a0, a1, ... in traces */
static size_t alloc_bytes[256]; /* their sizes: a pointer inside one is named a<k>+<offset> */
CUresult CUDAAPI cuMemAlloc(CUdeviceptr *p, size_t n) {
  MOCK_FAIL("cuMemAlloc");
  void *q = NULL;
  if (!current_ctx) /* as the driver: allocation needs a current context */
    return CUDA_ERROR_INVALID_CONTEXT;
  if (n == 0)
    return CUDA_ERROR_INVALID_VALUE;
  /* MOCK_ALLOC_OFFSET=N: every allocation N bytes past an aligned base (a view at an odd offset, as a
   * caller's x[1:] would pass) */
  const char *off_env = getenv("MOCK_ALLOC_OFFSET");
  size_t off = off_env ? (size_t)atoi(off_env) : 0;
  if (posix_memalign(&q, 256, n + off))
    return CUDA_ERROR_OUT_OF_MEMORY;
  ++live_allocs;
  if (nallocs < 256) {
    alloc_bytes[nallocs] = n;
    allocs[nallocs++] = (CUdeviceptr)(uintptr_t)q + off;
  }
  *p = (CUdeviceptr)(uintptr_t)q + off;
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuMemFree(CUdeviceptr p) {
  if (getenv("MOCK_TRACE_FREE")) /* $MOCK_TRACE_FREE: every free, by its allocation's name */
    for (int k = nallocs - 1; k >= 0; --k)
      if (allocs[k] == p) {
        fprintf(stderr, "mock: free a%d\n", k);
        break;
      }
  const char *off_env = getenv("MOCK_ALLOC_OFFSET");
  p -= off_env ? (CUdeviceptr)atoi(off_env) : 0;
  free((void *)(uintptr_t)p);
  if (--live_allocs == 0)
    fprintf(stderr, "mock: all device memory freed\n");
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuMemcpyHtoD(CUdeviceptr d, const void *s, size_t n) {
  MOCK_FAIL("cuMemcpyHtoD");
  memcpy((void *)(uintptr_t)d, s, n);
  htod_unsynced = 1;
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuMemcpyDtoH(void *d, CUdeviceptr s, size_t n) {
  MOCK_FAIL("cuMemcpyDtoH");
  if (work_unsynced) {
    fprintf(stderr, "mock: hazard: a device-to-host copy while launched work may still run\n");
    return CUDA_ERROR_INVALID_VALUE;
  }
  memcpy(d, (const void *)(uintptr_t)s, n);
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuMemsetD32(CUdeviceptr d, unsigned v, size_t n) {
  unsigned *p = (unsigned *)(uintptr_t)d;
  for (size_t i = 0; i < n; ++i)
    p[i] = v;
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuMemsetD8(CUdeviceptr d, unsigned char v, size_t n) {
  memset((void *)(uintptr_t)d, v, n);
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuMemcpyDtoDAsync(CUdeviceptr d, CUdeviceptr s, size_t n, CUstream st) {
  MOCK_FAIL("cuMemcpyDtoDAsync");
  (void)st;
  memcpy((void *)(uintptr_t)d, (const void *)(uintptr_t)s, n);
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuMemsetD32Async(CUdeviceptr d, unsigned v, size_t n, CUstream s) {
  (void)s;
  return cuMemsetD32(d, v, n);
}
static int stream_token;
CUresult CUDAAPI cuStreamCreate(CUstream *s, unsigned flags) {
  (void)flags;
  if (!current_ctx)
    return CUDA_ERROR_INVALID_CONTEXT;
  *s = (CUstream)&stream_token;
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuStreamDestroy(CUstream s) { return s ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE; }
CUresult CUDAAPI cuStreamSynchronize(CUstream s) {
  MOCK_FAIL("cuStreamSynchronize");
  (void)s;
  work_unsynced = 0; /* the one stream's work; a pending host-to-device copy is on another */
  return CUDA_SUCCESS;
}
static int live_events;
CUresult CUDAAPI cuEventCreate(CUevent *e, unsigned flags) {
  (void)flags;
  *e = (CUevent)malloc(8);
  ++live_events;
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuEventDestroy(CUevent e) {
  free(e);
  if (--live_events == 0)
    fprintf(stderr, "mock: all events destroyed\n");
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuEventRecord(CUevent e, CUstream s) {
  (void)s;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}
CUresult CUDAAPI cuEventSynchronize(CUevent e) { return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE; }
CUresult CUDAAPI cuEventElapsedTime(float *ms, CUevent a, CUevent b) {
  *ms = 1.0f;
  return a && b ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}
static long launches;
static int capturing, captured; /* stream capture: launches are counted into the graph, not run */
CUresult CUDAAPI cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                                unsigned bz, unsigned shared, CUstream s, void **params, void **extra) {
  MockFn *fn = (MockFn *)f;
  (void)s;
  if (extra)
    return CUDA_ERROR_INVALID_VALUE;
  MOCK_FAIL("cuLaunchKernel");
  const char *fail = getenv("MOCK_LAUNCH_FAIL"); /* a kernel whose launch fails */
  if (fail && !strcmp(fail, fn->name))
    return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
  if (htod_unsynced) {
    fprintf(stderr, "mock: hazard: a launch before a host-to-device copy was synchronized\n");
    return CUDA_ERROR_INVALID_VALUE;
  }
  work_unsynced = 1;
  if (capturing) {
    ++captured;
    return CUDA_SUCCESS;
  }
  mock_check(fn->name);
  if (launches++ == 0 || getenv("MOCK_TRACE")) { /* the first launch, or all with $MOCK_TRACE */
    fprintf(stderr, "mock: launch %s grid [%u,%u,%u] block [%u,%u,%u] shared %u params", fn->name, gx, gy, gz, bx, by,
            bz, shared);
    for (int i = 0; params[i]; ++i) { /* the runner NULL-terminates its params array */
      CUdeviceptr v = *(CUdeviceptr *)params[i];
      int k = nallocs - 1; /* the latest allocation at v: an earlier one there was freed (its address reused) */
      while (k >= 0 && allocs[k] != v)
        --k;
      if (k < 0)
        k = nallocs;
      int in = 0; /* else the latest allocation holding it (a caller's scratch) */
      for (int j = nallocs - 1; k == nallocs && j >= 0 && !in; --j)
        if (v > allocs[j] && v < allocs[j] + alloc_bytes[j])
          in = 1, k = j;
      if (in)
        fprintf(stderr, " a%d+%llu", k, (unsigned long long)(v - allocs[k]));
      else if (k < nallocs)
        fprintf(stderr, " a%d", k);
      else
        fprintf(stderr, " unknown");
    }
    fprintf(stderr, "\n");
  }
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuStreamBeginCapture(CUstream s, CUstreamCaptureMode mode) {
  (void)mode;
  if (!s)
    return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
  capturing = 1;
  captured = 0;
  return CUDA_SUCCESS;
}
/* Capturing: during cuStreamBeginCapture .. cuStreamEndCapture, or while $MOCK_CAPTURING is set (a caller's
 * capture, as torch.cuda.graph's around a run). */
CUresult CUDAAPI cuStreamIsCapturing(CUstream s, CUstreamCaptureStatus *st) {
  (void)s;
  *st = capturing || getenv("MOCK_CAPTURING") ? CU_STREAM_CAPTURE_STATUS_ACTIVE : CU_STREAM_CAPTURE_STATUS_NONE;
  return CUDA_SUCCESS;
}
static int graph_token, exec_token;
CUresult CUDAAPI cuStreamEndCapture(CUstream s, CUgraph *g) {
  (void)s;
  capturing = 0;
  *g = (CUgraph)&graph_token;
  fprintf(stderr, "mock: captured a graph of %d launches\n", captured);
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuGraphInstantiate(CUgraphExec *e, CUgraph g, unsigned long long flags) {
  (void)flags;
  *e = (CUgraphExec)&exec_token;
  return g ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}
static long replays;
CUresult CUDAAPI cuGraphLaunch(CUgraphExec e, CUstream s) {
  MOCK_FAIL("cuGraphLaunch");
  (void)s;
  if (replays++ == 0)
    fprintf(stderr, "mock: graph replay (%d launches)\n", captured);
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}
CUresult CUDAAPI cuGraphExecDestroy(CUgraphExec e) {
  (void)e;
  fprintf(stderr, "mock: graph destroyed\n");
  return CUDA_SUCCESS;
}
CUresult CUDAAPI cuGraphDestroy(CUgraph g) {
  (void)g;
  return CUDA_SUCCESS;
}
#else
/* cuBLAS: column-major, as the BLAS reference defines sgemm. */
static int handle_token;
int cublasCreate_v2(void **h) {
  MOCK_FAIL("cublasCreate_v2");
  *h = &handle_token;
  return 0;
}
int cublasDestroy_v2(void *h) {
  (void)h;
  fprintf(stderr, "mock: cublas destroyed\n");
  return 0;
}
int cublasSetStream_v2(void *h, void *s) {
  MOCK_FAIL("cublasSetStream_v2");
  return h && s ? 0 : 7;
}
int cublasSgemm_v2(void *h, int ta, int tb, int m, int n, int k, const float *alpha, const float *A, int lda,
                   const float *B, int ldb, const float *beta, float *C, int ldc) {
  static int printed;
  MOCK_FAIL("cublasSgemm_v2");
  if (!h || (ta != 0 && ta != 1) || (tb != 0 && tb != 1) || lda < (ta ? k : m) || ldb < (tb ? n : k) || ldc < m)
    return 7;
  if (!printed++)
    fprintf(stderr, "mock: sgemm %c %c m=%d n=%d k=%d lda=%d ldb=%d ldc=%d\n", ta ? 'T' : 'N', tb ? 'T' : 'N', m, n, k,
            lda, ldb, ldc);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      double acc = 0;
      for (int p = 0; p < k; ++p)
        acc += (double)(ta ? A[p + i * lda] : A[i + p * lda]) * (tb ? B[j + p * ldb] : B[p + j * ldb]);
      C[i + j * ldc] = (float)(*alpha * acc + (*beta != 0 ? *beta * C[i + j * ldc] : 0));
    }
  return 0;
}
/* cublasGemmEx with f16 (CUDA_R_16F = 2) or bf16 (CUDA_R_16BF = 14) operands of one type, f32 compute
 * (CUBLAS_COMPUTE_32F = 68): the elements widened to float, accumulated in double, rounded once. */
static float half_get(const void *p, int type, long long i) {
  uint16_t h = ((const uint16_t *)p)[i];
  uint32_t bits;
  if (type == 14) {
    bits = (uint32_t)h << 16;
  } else {
    uint32_t sign = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 31, m = h & 1023;
    if (e == 0 && m == 0)
      bits = sign;
    else if (e == 0) { /* subnormal: normalize */
      int sh = 0;
      while (!(m & 1024))
        m <<= 1, ++sh;
      bits = sign | (uint32_t)(113 - sh) << 23 | (m & 1023) << 13;
    } else if (e == 31)
      bits = sign | 0x7f800000u | m << 13;
    else
      bits = sign | (e + 112) << 23 | m << 13;
  }
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}
static void half_set(void *p, int type, long long i, float f) { /* round to nearest even (finite values) */
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  if (type == 14) {
    ((uint16_t *)p)[i] = (uint16_t)((b + 0x7fff + ((b >> 16) & 1)) >> 16);
    return;
  }
  uint32_t sign = (b >> 16) & 0x8000;
  int e = (int)((b >> 23) & 255) - 112;
  uint32_t m = b & 0x7fffff;
  uint16_t h;
  if (e <= 0)
    h = (uint16_t)sign; /* underflow to zero: enough for the mock's small tests */
  else if (e >= 31)
    h = (uint16_t)(sign | 0x7c00);
  else {
    uint32_t v = (uint32_t)e << 10 | m >> 13, rest = m & 0x1fff;
    if (rest > 0x1000 || (rest == 0x1000 && (v & 1)))
      ++v;
    h = (uint16_t)(sign | v);
  }
  ((uint16_t *)p)[i] = h;
}
int cublasGemmEx(void *h, int ta, int tb, int m, int n, int k, const void *alpha, const void *A, int at, int lda,
                 const void *B, int bt, int ldb, const void *beta, void *C, int ct, int ldc, int compute, int algo) {
  static int printed;
  MOCK_FAIL("cublasGemmEx");
  (void)algo;
  if (!h || (ta != 0 && ta != 1) || (tb != 0 && tb != 1) || lda < (ta ? k : m) || ldb < (tb ? n : k) || ldc < m ||
      at != bt || at != ct || (at != 2 && at != 14) || compute != 68)
    return 7;
  if (!printed++)
    fprintf(stderr, "mock: gemm ex %s %c %c m=%d n=%d k=%d lda=%d ldb=%d ldc=%d\n", at == 14 ? "bf16" : "f16",
            ta ? 'T' : 'N', tb ? 'T' : 'N', m, n, k, lda, ldb, ldc);
  float al = *(const float *)alpha, be = *(const float *)beta;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      double acc = 0;
      for (int p = 0; p < k; ++p)
        acc += (double)half_get(A, at, ta ? p + (long long)i * lda : i + (long long)p * lda) *
               half_get(B, bt, tb ? j + (long long)p * ldb : p + (long long)j * ldb);
      float old = be != 0 ? half_get(C, ct, i + (long long)j * ldc) : 0.0f;
      half_set(C, ct, i + (long long)j * ldc, (float)(al * acc + be * old));
    }
  return 0;
}
int cublasGemmStridedBatchedEx(void *h, int ta, int tb, int m, int n, int k, const void *alpha, const void *A, int at,
                               int lda, long long sa, const void *B, int bt, int ldb, long long sb, const void *beta,
                               void *C, int ct, int ldc, long long sc, int batch, int compute, int algo) {
  static int printed;
  MOCK_FAIL("cublasGemmStridedBatchedEx");
  if (!h || batch < 1)
    return 7;
  if (!printed++)
    fprintf(stderr,
            "mock: gemm ex strided batched %c %c m=%d n=%d k=%d lda=%d ldb=%d strides=%lld,%lld,%lld batch=%d\n",
            ta ? 'T' : 'N', tb ? 'T' : 'N', m, n, k, lda, ldb, sa, sb, sc, batch);
  for (int b = 0; b < batch; ++b) {
    int r = cublasGemmEx(h, ta, tb, m, n, k, alpha, (const uint16_t *)A + b * sa, at, lda, (const uint16_t *)B + b * sb,
                         bt, ldb, beta, (uint16_t *)C + b * sc, ct, ldc, compute, algo);
    if (r)
      return r;
  }
  return 0;
}
int cublasSgemmStridedBatched(void *h, int ta, int tb, int m, int n, int k, const float *alpha, const float *A, int lda,
                              long long sa, const float *B, int ldb, long long sb, const float *beta, float *C, int ldc,
                              long long sc, int batch) {
  static int printed;
  MOCK_FAIL("cublasSgemmStridedBatched");
  if (!h || batch < 1)
    return 7;
  if (!printed++)
    fprintf(stderr, "mock: sgemm strided batched %c %c m=%d n=%d k=%d lda=%d ldb=%d strides=%lld,%lld,%lld batch=%d\n",
            ta ? 'T' : 'N', tb ? 'T' : 'N', m, n, k, lda, ldb, sa, sb, sc, batch);
  for (int b = 0; b < batch; ++b) {
    int r = cublasSgemm_v2(h, ta, tb, m, n, k, alpha, A + b * sa, lda, B + b * sb, ldb, beta, C + b * sc, ldc);
    if (r)
      return r;
  }
  return 0;
}
/* cuBLASLt (an mm with a bias epilogue), in the same library as the mock cuBLAS: descriptors hold their
 * attributes; cublasLtMatmul computes D = alpha op(A) op(B) + bias (a vector of D's rows added to every
 * column, CUBLASLT_EPILOGUE_BIAS = 4) column-major, f32 or f16/bf16 (widened, accumulated in double,
 * rounded once). */
typedef struct MockLtDesc {
  int transa, transb;
  unsigned epilogue;
  const void *bias;
} MockLtDesc;
typedef struct MockLtLayout {
  int type;
  uint64_t rows, cols;
  int64_t ld;
} MockLtLayout;
static int lt_token;
int cublasLtCreate(void **h) {
  MOCK_FAIL("cublasLtCreate");
  *h = &lt_token;
  return 0;
}
int cublasLtDestroy(void *h) {
  (void)h;
  fprintf(stderr, "mock: cublasLt destroyed\n");
  return 0;
}
int cublasLtMatmulDescCreate(void **d, int compute, int scale) {
  MOCK_FAIL("cublasLtMatmulDescCreate");
  if (compute != 68 || scale != 0)
    return 7;
  *d = calloc(1, sizeof(MockLtDesc));
  return *d ? 0 : 3;
}
int cublasLtMatmulDescDestroy(void *d) {
  free(d);
  return 0;
}
int cublasLtMatmulDescSetAttribute(void *d, int attr, const void *buf, size_t size) {
  MOCK_FAIL("cublasLtMatmulDescSetAttribute");
  MockLtDesc *x = d;
  if (attr == 3 && size == sizeof(int))
    memcpy(&x->transa, buf, size);
  else if (attr == 4 && size == sizeof(int))
    memcpy(&x->transb, buf, size);
  else if (attr == 7 && size == sizeof(unsigned))
    memcpy(&x->epilogue, buf, size);
  else if (attr == 8 && size == sizeof(void *))
    memcpy(&x->bias, buf, size);
  else
    return 7;
  return 0;
}
int cublasLtMatrixLayoutCreate(void **l, int type, uint64_t rows, uint64_t cols, int64_t ld) {
  MOCK_FAIL("cublasLtMatrixLayoutCreate");
  if ((type != 0 && type != 2 && type != 14) || ld < (int64_t)rows)
    return 7;
  MockLtLayout *x = calloc(1, sizeof *x);
  if (!x)
    return 3;
  *x = (MockLtLayout){type, rows, cols, ld};
  *l = x;
  return 0;
}
int cublasLtMatrixLayoutDestroy(void *l) {
  free(l);
  return 0;
}
static int pref_token;
static unsigned long long lt_ws_limit, lt_ws_chosen; /* the preference's workspace limit; the algorithm's need */
static unsigned lt_min_align[4];                     /* the preference's minimum alignments of A, B, C, D */
int cublasLtMatmulPreferenceCreate(void **p) {
  *p = &pref_token;
  lt_ws_limit = 0;
  memset(lt_min_align, 0, sizeof lt_min_align);
  return 0;
}
int cublasLtMatmulPreferenceDestroy(void *p) {
  (void)p;
  return 0;
}
int cublasLtMatmulPreferenceSetAttribute(void *p, int attr, const void *buf, size_t size) {
  (void)p;
  if (attr == 1 && size == sizeof(unsigned long long)) { /* CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES */
    memcpy(&lt_ws_limit, buf, sizeof lt_ws_limit);
    return 0;
  }
  if (attr < 5 || attr > 8 || size != sizeof(unsigned))
    return 7;
  memcpy(&lt_min_align[attr - 5], buf, sizeof(unsigned));
  return 0;
}
int cublasLtMatmulAlgoGetHeuristic(void *h, void *d, void *a, void *b, void *c, void *dd, void *pref, int want,
                                   void *results, int *count) {
  MOCK_FAIL("cublasLtMatmulAlgoGetHeuristic");
  (void)h, (void)d, (void)a, (void)b, (void)c, (void)dd, (void)pref;
  /* $MOCK_LT_WORKSPACE: the bytes the algorithm asks for, where the limit allows (else it needs none);
   * $MOCK_LT_WORKSPACE_GROW: more at every call */
  unsigned long long need = getenv("MOCK_LT_WORKSPACE") ? strtoull(getenv("MOCK_LT_WORKSPACE"), NULL, 10) : 0;
  static unsigned long long calls;
  if (getenv("MOCK_LT_WORKSPACE_GROW")) /* the k-th heuristic call's algorithm asks for k times as much */
    need *= ++calls;
  lt_ws_chosen = need <= lt_ws_limit ? need : 0;
  fprintf(stderr, "mock: lt heuristic (workspace limit %llu, chosen %llu; minimum alignment %u %u %u %u)\n",
          lt_ws_limit, lt_ws_chosen, lt_min_align[0], lt_min_align[1], lt_min_align[2], lt_min_align[3]);
  memset(results, 0, 96);                                           /* sizeof(cublasLtMatmulHeuristicResult_t) */
  memcpy((char *)results + 64, &lt_ws_chosen, sizeof lt_ws_chosen); /* its workspaceSize */
  *count = want > 0 && !getenv("MOCK_LT_NO_ALGO") ? 1 : 0;
  return 0;
}
static float lt_get(const void *p, int type, long long i) {
  return type == 0 ? ((const float *)p)[i] : half_get(p, type, i);
}
int cublasLtMatmul(void *h, void *desc, const void *alpha, const void *A, void *adesc, const void *B, void *bdesc,
                   const void *beta, const void *C, void *cdesc, void *D, void *ddesc, const void *algo, void *ws,
                   size_t wsb, void *stream) {
  static int printed;
  MOCK_FAIL("cublasLtMatmul");
  (void)algo, (void)stream;
  const MockLtDesc *x = desc;
  const MockLtLayout *la = adesc, *lb = bdesc, *lc = cdesc, *ld = ddesc;
  int ta = x->transa, tb = x->transb;
  long long m = (long long)lc->rows, n = (long long)lc->cols, k = (long long)(ta ? la->rows : la->cols);
  if (!h || wsb != lt_ws_chosen || (wsb && !ws) || C != D || lc != ld || x->epilogue != 4 || !x->bias ||
      la->type != lb->type || la->type != lc->type || (ta ? la->cols : la->rows) != (uint64_t)m ||
      (tb ? lb->rows : lb->cols) != (uint64_t)n || (tb ? lb->cols : lb->rows) != (uint64_t)k)
    return 7;
  if (!printed++)
    fprintf(stderr, "mock: lt matmul bias %s %c %c m=%lld n=%lld k=%lld lda=%lld ldb=%lld ldd=%lld\n",
            la->type == 0    ? "f32"
            : la->type == 14 ? "bf16"
                             : "f16",
            ta ? 'T' : 'N', tb ? 'T' : 'N', m, n, k, (long long)la->ld, (long long)lb->ld, (long long)lc->ld);
  float al = *(const float *)alpha, be = *(const float *)beta;
  for (long long j = 0; j < n; ++j)
    for (long long i = 0; i < m; ++i) {
      double acc = 0;
      for (long long p = 0; p < k; ++p)
        acc += (double)lt_get(A, la->type, ta ? p + i * la->ld : i + p * la->ld) *
               lt_get(B, lb->type, tb ? j + p * lb->ld : p + j * lb->ld);
      double v = al * acc + (be != 0 ? be * lt_get(C, lc->type, i + j * lc->ld) : 0) + lt_get(x->bias, lc->type, i);
      if (lc->type == 0)
        ((float *)D)[i + j * lc->ld] = (float)v;
      else
        half_set(D, lc->type, i + j * lc->ld, (float)v);
    }
  return 0;
}
#endif
