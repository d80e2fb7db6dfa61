/* npy_raw.c - .npy headers and raw data; see npy_raw.h.
 *
 * The format: the magic "\x93NUMPY", a major and a minor version byte, a header length (2 bytes
 * little-endian in 1.0, 4 bytes in 2.0/3.0), then a Python dict literal such as
 * "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }" padded with spaces and ending in
 * '\n', then the raw data in C order. */
#define _POSIX_C_SOURCE 200809L

#include "lib/npy_raw.h"

#include "lib/elem_type.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
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

/* --- header parsing ------------------------------------------------------------------------ */

/* Finds the value text following 'key': in the header dict; NULL when absent. */
static const char *find_key(const char *hdr, const char *key) {
  char pat[32];
  snprintf(pat, sizeof pat, "'%s'", key);
  const char *p = strstr(hdr, pat);
  if (!p) {
    snprintf(pat, sizeof pat, "\"%s\"", key);
    p = strstr(hdr, pat);
  }
  if (!p)
    return NULL;
  p += strlen(pat);
  while (*p == ' ')
    ++p;
  if (*p != ':')
    return NULL;
  ++p;
  while (*p == ' ')
    ++p;
  return p;
}

/* Maps a descr string ('<f4') to an element type; the error names what is unsupported. */
static bool parse_descr(const char *v, IndElementType *dt, char *err, size_t errlen) {
  char q = *v;
  if (q != '\'' && q != '"')
    return fail(err, errlen, "malformed header: 'descr' is not a string");
  const char *end = strchr(v + 1, q);
  if (!end || end - v - 1 >= 16)
    return fail(err, errlen, "malformed header: bad 'descr'");
  char d[16];
  memcpy(d, v + 1, (size_t)(end - v - 1));
  d[end - v - 1] = '\0';
  if (d[0] == '>' && strcmp(d, ">b1") != 0 && strcmp(d, ">i1") != 0)
    return fail(err, errlen, "unsupported dtype '%s': big-endian data", d);
  const char *c = (d[0] == '<' || d[0] == '>' || d[0] == '=' || d[0] == '|') ? d + 1 : d;
  static const struct {
    const char *code;
    IndElementType dt;
  } codes[] = {{"f4", IND_ELEM_F32}, {"f2", IND_ELEM_F16}, {"u2", IND_ELEM_BF16}, {"f8", IND_ELEM_F64},
               {"i8", IND_ELEM_I64}, {"i4", IND_ELEM_I32}, {"b1", IND_ELEM_I1}};
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; ++i)
    if (!strcmp(c, codes[i].code)) {
      *dt = codes[i].dt;
      return true;
    }
  return fail(err, errlen, "unsupported dtype '%s' (supported: f4 f2 u2 (bf16 bits) f8 i8 i4 b1)", d);
}

static bool parse_shape(const char *v, IndNpyHeader *t, char *err, size_t errlen) {
  if (*v != '(')
    return fail(err, errlen, "malformed header: 'shape' is not a tuple");
  ++v;
  t->rank = 0;
  for (;;) {
    while (*v == ' ' || *v == ',')
      ++v;
    if (*v == ')')
      return true;
    if (!isdigit((unsigned char)*v))
      return fail(err, errlen, "malformed header: bad 'shape'");
    if (t->rank == IND_MAX_RANK_PUBLIC)
      return fail(err, errlen, "unsupported rank: more than %d dimensions", IND_MAX_RANK_PUBLIC);
    errno = 0;
    char *e;
    long long n = strtoll(v, &e, 10);
    if (errno || n < 0)
      return fail(err, errlen, "malformed header: bad size in 'shape'");
    t->shape[t->rank++] = n;
    v = e;
    while (*v == 'L') /* Python 2 longs */
      ++v;
  }
}

static bool parse_header(const char *hdr, IndNpyHeader *t, char *err, size_t errlen) {
  const char *d = find_key(hdr, "descr"), *f = find_key(hdr, "fortran_order"), *s = find_key(hdr, "shape");
  if (!d || !f || !s)
    return fail(err, errlen, "malformed header: needs 'descr', 'fortran_order' and 'shape'");
  if (!parse_descr(d, &t->type, err, errlen))
    return false;
  if (!strncmp(f, "True", 4))
    return fail(err, errlen, "unsupported layout: fortran_order is True (write the array in C order)");
  if (strncmp(f, "False", 5) != 0)
    return fail(err, errlen, "malformed header: bad 'fortran_order'");
  return parse_shape(s, t, err, errlen);
}

int64_t ind_npy_numel(const IndNpyHeader *h) {
  int64_t n = 1;
  for (int i = 0; i < h->rank && n >= 0; ++i)
    n = h->shape[i] && n > INT64_MAX / h->shape[i] ? -1 : n * h->shape[i];
  return n;
}

/* Before allocating: the file must hold the data its header declares (a short or hostile file
 * must not make us allocate gigabytes). */
static bool check_data_size(FILE *f, const char *path, const IndNpyHeader *hdr, char *err, size_t errlen) {
  if (ind_npy_numel(hdr) < 0)
    return fail(err, errlen, "'%s': the shape's element count overflows int64", path);
  double need = (double)ind_elem_size(hdr->type);
  for (int i = 0; i < hdr->rank; ++i)
    need *= (double)hdr->shape[i];
  long here = ftell(f);
  if (here < 0 || fseek(f, 0, SEEK_END) != 0)
    return true; /* not seekable: the data read reports a short read */
  long end = ftell(f);
  if (fseek(f, here, SEEK_SET) != 0)
    return fail(err, errlen, "'%s': cannot seek", path);
  if ((double)(end - here) < need)
    return fail(err, errlen, "'%s': truncated data (expected %lld elements of %s)", path, (long long)ind_npy_numel(hdr),
                ind_elem_tensor_name(hdr->type));
  return true;
}

bool ind_npy_read_header(FILE *f, const char *path, IndNpyHeader *hdr, char *err, size_t errlen) {
  memset(hdr, 0, sizeof *hdr);
  unsigned char pre[10];
  if (fread(pre, 1, 8, f) != 8 || memcmp(pre, "\x93NUMPY", 6) != 0)
    return fail(err, errlen, "'%s' is not a .npy file (bad magic)", path);
  size_t hlen;
  if (pre[6] == 1) {
    if (fread(pre + 8, 1, 2, f) != 2)
      return fail(err, errlen, "'%s': truncated header", path);
    hlen = (size_t)pre[8] | (size_t)pre[9] << 8;
  } else if (pre[6] == 2 || pre[6] == 3) {
    unsigned char b[4];
    if (fread(b, 1, 4, f) != 4)
      return fail(err, errlen, "'%s': truncated header", path);
    hlen = (size_t)b[0] | (size_t)b[1] << 8 | (size_t)b[2] << 16 | (size_t)b[3] << 24;
    if (hlen > (1u << 20))
      return fail(err, errlen, "'%s': header too large", path);
  } else {
    return fail(err, errlen, "'%s': unsupported .npy format version %d.%d", path, pre[6], pre[7]);
  }
  char *h = malloc(hlen + 1);
  if (!h)
    return fail(err, errlen, "'%s': out of memory", path);
  bool ok = fread(h, 1, hlen, f) == hlen;
  h[ok ? hlen : 0] = '\0';
  char sub[256] = "";
  if (!ok)
    fail(err, errlen, "'%s': truncated header", path);
  else if (!parse_header(h, hdr, sub, sizeof sub))
    ok = fail(err, errlen, "'%s': %s", path, sub);
  free(h);
  return ok && check_data_size(f, path, hdr, err, errlen);
}

bool ind_npy_read_raw(const char *path, IndNpyHeader *h, void **data, char *err, size_t errlen) {
  *data = NULL;
  FILE *f = fopen(path, "rb");
  if (!f)
    return fail(err, errlen, "cannot open '%s': %s", path, strerror(errno));
  bool ok = ind_npy_read_header(f, path, h, err, errlen);
  int64_t n = ok ? ind_npy_numel(h) : 0;
  if (ok && (n < 0 || n > ((int64_t)1 << 40)))
    ok = fail(err, errlen, "'%s': shape too large", path);
  size_t bytes = ok ? (size_t)n * ind_elem_size(h->type) : 0;
  if (ok && !(*data = malloc(bytes + 1)))
    ok = fail(err, errlen, "'%s': out of memory", path);
  if (ok && fread(*data, 1, bytes, f) != bytes)
    ok = fail(err, errlen, "'%s': truncated data (expected %lld elements of %s)", path, (long long)n,
              ind_elem_tensor_name(h->type));
  fclose(f);
  if (!ok) {
    free(*data);
    *data = NULL;
  }
  return ok;
}

/* --- writing ------------------------------------------------------------------------------- */

static const char *descr_of(IndElementType dt) {
  static const char *const d[IND_ELEM_COUNT] = {"<f4", "<f2", "<u2", "<f8", "|b1", "|i1", "<i4", "<i8"};
  return (unsigned)dt < IND_ELEM_COUNT ? d[dt] : "?";
}

size_t ind_npy_build_header(IndElementType descr_type, int rank, const int64_t *shape, char *h, size_t cap) {
  char dims[256];
  size_t n = 0;
  dims[0] = '\0';
  for (int i = 0; i < rank && n < sizeof dims; ++i)
    n += (size_t)snprintf(dims + n, sizeof dims - n, "%lld%s", (long long)shape[i],
                          rank == 1 ? "," : (i + 1 < rank ? ", " : ""));
  char dict[400];
  int dl = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr_of(descr_type),
                    dims);
  size_t total = 10 + (size_t)dl + 1;
  size_t padded = (total + 63) / 64 * 64;
  if (padded > cap)
    return 0;
  memcpy(h, "\x93NUMPY\x01\x00", 8);
  size_t hl = padded - 10;
  h[8] = (char)(hl & 0xff);
  h[9] = (char)(hl >> 8);
  memcpy(h + 10, dict, (size_t)dl);
  memset(h + 10 + dl, ' ', padded - total);
  h[padded - 1] = '\n';
  return padded;
}

bool ind_npy_write_raw(const char *path, IndElementType type, int rank, const int64_t *shape, const void *data,
                       size_t bytes, char *err, size_t errlen) {
  char h[512];
  size_t hl = ind_npy_build_header(type, rank, shape, h, sizeof h);
  if (!hl)
    return fail(err, errlen, "cannot write '%s': header too large", path);
  FILE *f = fopen(path, "wb");
  if (!f)
    return fail(err, errlen, "cannot write '%s': %s", path, strerror(errno));
  bool ok = fwrite(h, 1, hl, f) == hl && fwrite(data, 1, bytes, f) == bytes;
  if (fclose(f) != 0)
    ok = false;
  if (!ok)
    return fail(err, errlen, "cannot write '%s': %s", path, strerror(errno));
  return true;
}
