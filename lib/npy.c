/* npy.c - NumPy .npy reading and writing of IndTensors; see npy.h. The file format itself (header,
 * size checks) is lib/npy_raw.c, shared with the GPU runner; this file converts between the
 * stored elements and the interpreter's double values. */
#include "lib/npy.h"

#include "lib/elem_type.h"
#include "lib/npy_raw.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(char *err, size_t errlen, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
  return false;
}

/* The file's element type as an interpreter dtype (the reader accepts only these; bf16 is '<u2', the bits of
 * bf16 values, as the runtime writes them). */
static IndElementType dtype_of(IndElementType t) { return ind_dtype_supported(t) ? t : IND_ELEM_F32; }

/* What a tensor is written as: f32 for bf16 (NumPy has no bf16). */
static IndElementType elem_of(IndElementType dt) { return dt == IND_ELEM_BF16 ? IND_ELEM_F32 : dt; }

static bool read_data(FILE *f, const char *path, IndTensor *t, char *err, size_t errlen) {
  size_t es = ind_dtype_size(t->dtype);
  unsigned char buf[4096];
  const int64_t per = (int64_t)(sizeof buf / es);
  for (int64_t i = 0; i < t->numel; i += per) {
    int64_t n = t->numel - i < per ? t->numel - i : per;
    if (fread(buf, es, (size_t)n, f) != (size_t)n)
      return fail(err, errlen, "'%s': truncated data (expected %lld elements of %s)", path, (long long)t->numel,
                  ind_elem_tensor_name(t->dtype));
    for (int64_t k = 0; k < n; ++k)
      ind_tensor_load_elem(t, i + k, buf + k * es);
  }
  return true;
}

bool ind_npy_read(const char *path, IndTensor *out, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  FILE *f = fopen(path, "rb");
  if (!f)
    return fail(err, errlen, "cannot open '%s': %s", path, strerror(errno));
  IndNpyHeader hdr;
  bool ok = ind_npy_read_header(f, path, &hdr, err, errlen);
  if (ok && !ind_tensor_init(out, dtype_of(hdr.type), hdr.rank, hdr.shape))
    ok = fail(err, errlen, "'%s': shape too large", path);
  if (ok)
    ok = read_data(f, path, out, err, errlen);
  fclose(f);
  if (!ok)
    ind_tensor_free(out);
  return ok;
}

bool ind_npy_write(const char *path, const IndTensor *t, char *err, size_t errlen) {
  char h[512];
  size_t hl = ind_npy_build_header(elem_of(t->dtype), t->rank, t->shape, h, sizeof h);
  if (!hl)
    return fail(err, errlen, "cannot write '%s': header too large", path);
  FILE *f = fopen(path, "wb");
  if (!f)
    return fail(err, errlen, "cannot write '%s': %s", path, strerror(errno));
  bool ok = fwrite(h, 1, hl, f) == hl;
  IndElementType fdt = t->dtype == IND_ELEM_BF16 ? IND_ELEM_F32 : t->dtype;
  size_t es = ind_dtype_size(fdt);
  unsigned char buf[4096];
  const int64_t per = (int64_t)(sizeof buf / es);
  for (int64_t i = 0; ok && i < t->numel; i += per) {
    int64_t n = t->numel - i < per ? t->numel - i : per;
    for (int64_t k = 0; k < n; ++k)
      if (fdt == t->dtype)
        ind_tensor_store_elem(t, i + k, buf + k * es); /* integers exactly */
      else
        ind_storage_store(buf + k * es, ind_round_to_dtype(t->data[i + k], t->dtype), fdt);
    ok = fwrite(buf, es, (size_t)n, f) == (size_t)n;
  }
  if (fclose(f) != 0)
    ok = false;
  if (!ok)
    return fail(err, errlen, "cannot write '%s': %s", path, strerror(errno));
  return true;
}
