/* tensor.c - dense host tensors held in double; see tensor.h. */
#include "lib/tensor.h"

#include "lib/elem_type.h"

#include <float.h>
#include <math.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool ind_tensor_init(IndTensor *t, IndElementType dtype, int rank, const int64_t *shape) {
  memset(t, 0, sizeof *t);
  if (rank < 0 || rank > IND_TENSOR_MAX_RANK)
    return false;
  int64_t n = 1;
  for (int i = 0; i < rank; ++i) {
    if (shape[i] < 0 || (shape[i] > 0 && n > INT64_MAX / 8 / shape[i]))
      return false;
    n *= shape[i];
  }
  double *d = calloc(n ? (size_t)n : 1, sizeof(double));
  if (!d)
    return false;
  t->dtype = dtype;
  t->rank = rank;
  for (int i = 0; i < rank; ++i)
    t->shape[i] = shape[i];
  t->numel = n;
  t->data = d;
  if (!ind_dtype_is_float(dtype) && !(t->ival = calloc(n ? (size_t)n : 1, sizeof(int64_t)))) {
    ind_tensor_free(t);
    return false;
  }
  return true;
}

void ind_tensor_free(IndTensor *t) {
  free(t->data);
  free(t->ival);
  memset(t, 0, sizeof *t);
}

bool ind_tensor_copy(IndTensor *dst, const IndTensor *src) {
  if (!ind_tensor_init(dst, src->dtype, src->rank, src->shape))
    return false;
  if (src->numel)
    memcpy(dst->data, src->data, (size_t)src->numel * sizeof(double));
  if (dst->ival && !src->ival) { /* the values are only in data */
    free(dst->ival);
    dst->ival = NULL;
  } else if (src->ival && !dst->ival &&
             !(dst->ival = malloc((size_t)(src->numel ? src->numel : 1) * sizeof(int64_t)))) {
    ind_tensor_free(dst);
    return false;
  }
  if (src->ival && src->numel)
    memcpy(dst->ival, src->ival, (size_t)src->numel * sizeof(int64_t));
  return true;
}

int64_t ind_wrap_int(int64_t v, IndElementType dtype) {
  if (dtype == IND_ELEM_I32)
    return (int32_t)(uint32_t)(uint64_t)v; /* two's complement (implementation-defined in C, wraps everywhere) */
  if (dtype == IND_ELEM_I1)
    return v != 0;
  return v;
}

static int64_t int_of_double(double v) {
  if (v != v)
    return 0;
  return v >= 9.2233720368547758e18 ? INT64_MAX : v <= -9.2233720368547758e18 ? INT64_MIN : (int64_t)v;
}

int64_t ind_tensor_int(const IndTensor *t, int64_t i) { return t->ival ? t->ival[i] : int_of_double(t->data[i]); }

void ind_tensor_set_int(IndTensor *t, int64_t i, int64_t v) {
  t->ival[i] = v;
  t->data[i] = (double)v;
}

bool ind_tensor_make_ints(IndTensor *t) {
  if (ind_dtype_is_float(t->dtype) || t->ival)
    return true;
  if (!(t->ival = malloc((size_t)(t->numel ? t->numel : 1) * sizeof(int64_t))))
    return false;
  for (int64_t i = 0; i < t->numel; ++i)
    ind_tensor_set_int(t, i, int_of_double(ind_round_to_dtype(t->data[i], t->dtype)));
  return true;
}

bool ind_tensor_same_shape(const IndTensor *a, const IndTensor *b) {
  if (a->rank != b->rank)
    return false;
  for (int i = 0; i < a->rank; ++i)
    if (a->shape[i] != b->shape[i])
      return false;
  return true;
}

void ind_tensor_round(IndTensor *t) {
  if (t->ival) {
    for (int64_t i = 0; i < t->numel; ++i)
      ind_tensor_set_int(t, i, ind_wrap_int(t->ival[i], t->dtype));
    return;
  }
  for (int64_t i = 0; i < t->numel; ++i)
    t->data[i] = ind_round_to_dtype(t->data[i], t->dtype);
  ind_tensor_make_ints(t); /* out of memory leaves the values in data only */
}

void ind_tensor_shape_str(const IndTensor *t, char *buf, size_t len) {
  size_t n = 0;
  buf[0] = '\0';
  for (int i = 0; i < t->rank && n < len; ++i) {
    int w = snprintf(buf + n, len - n, "%lldx", (long long)t->shape[i]);
    if (w < 0)
      return;
    n += (size_t)w;
  }
  if (n < len)
    snprintf(buf + n, len - n, "%s", ind_elem_tensor_name(t->dtype));
}

bool ind_elem_from_mlir(MlirType type, IndElementType *out) {
  if (mlirTypeIsAF32(type))
    *out = IND_ELEM_F32;
  else if (mlirTypeIsAF16(type))
    *out = IND_ELEM_F16;
  else if (mlirTypeIsABF16(type))
    *out = IND_ELEM_BF16;
  else if (mlirTypeIsAF64(type))
    *out = IND_ELEM_F64;
  else if (mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) == 64)
    *out = IND_ELEM_I64;
  else if (mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) == 32)
    *out = IND_ELEM_I32;
  else if (mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) == 1)
    *out = IND_ELEM_I1;
  else if (mlirTypeIsAInteger(type) && mlirIntegerTypeGetWidth(type) == 8)
    *out = IND_ELEM_I8;
  else
    return false;
  return true;
}

bool ind_dtype_from_mlir(MlirType type, IndElementType *out) {
  IndElementType t;
  if (!ind_elem_from_mlir(type, &t) || !ind_dtype_supported(t))
    return false;
  *out = t;
  return true;
}

MlirType ind_dtype_to_mlir(MlirContext ctx, IndElementType dtype) {
  switch (dtype) {
  case IND_ELEM_F32:
    return mlirF32TypeGet(ctx);
  case IND_ELEM_F16:
    return mlirF16TypeGet(ctx);
  case IND_ELEM_BF16:
    return mlirBF16TypeGet(ctx);
  case IND_ELEM_F64:
    return mlirF64TypeGet(ctx);
  case IND_ELEM_I64:
    return mlirIntegerTypeGet(ctx, 64);
  case IND_ELEM_I32:
    return mlirIntegerTypeGet(ctx, 32);
  case IND_ELEM_I1:
    return mlirIntegerTypeGet(ctx, 1);
  default: /* i8: not a tensor dtype (ind_dtype_supported) */
    break;
  }
  return (MlirType){NULL};
}

bool ind_shape_from_mlir(MlirType shaped, IndElementType *dtype, int *rank, int64_t *shape) {
  if (!(mlirTypeIsARankedTensor(shaped) || mlirTypeIsAMemRef(shaped)) || !mlirShapedTypeHasStaticShape(shaped))
    return false;
  intptr_t r = mlirShapedTypeGetRank(shaped);
  if (r > IND_TENSOR_MAX_RANK || !ind_dtype_from_mlir(mlirShapedTypeGetElementType(shaped), dtype))
    return false;
  *rank = (int)r;
  for (intptr_t i = 0; i < r; ++i)
    shape[i] = mlirShapedTypeGetDimSize(shaped, i);
  return true;
}

size_t ind_dtype_size(IndElementType dtype) { return ind_dtype_supported(dtype) ? ind_elem_size(dtype) : 0; }

bool ind_dtype_is_float(IndElementType dtype) {
  return dtype == IND_ELEM_F32 || dtype == IND_ELEM_F16 || dtype == IND_ELEM_BF16 || dtype == IND_ELEM_F64;
}

/* Rounds v to a binary float format with `mant` explicit mantissa bits and normal exponents in
 * [emin, emax]: to nearest, ties to even (nearbyint in the default rounding mode), subnormals below
 * 2^emin, +-inf above the largest finite value. Scaling by powers of two is exact in double. */
static double round_to_format(double v, int mant, int emin, int emax) {
  if (!isfinite(v) || v == 0.0)
    return v;
  int e;
  frexp(v, &e); /* v = f * 2^e, 0.5 <= |f| < 1: the leading bit has weight 2^(e-1) */
  int lead = e - 1 < emin ? emin : e - 1;
  double q = ldexp(1.0, lead - mant);
  double r = nearbyint(v / q) * q;
  double max_finite = ldexp(2.0 - ldexp(1.0, -mant), emax);
  if (fabs(r) > max_finite)
    return copysign(INFINITY, v);
  return r;
}

/* Float -> int: toward zero, saturating; NaN is 0 (LLVM's fptosi.sat, what the compiled kernels do). */
static double round_to_int(double v, int bits) {
  if (isnan(v))
    return 0.0;
  double lo = -ldexp(1.0, bits - 1), hi = ldexp(1.0, bits - 1);
  if (v <= lo)
    return lo;
  if (v >= hi)
    return hi - 1.0;     /* INT64_MAX is no double: 2^63 - 1 rounds to 2^63 here, the closest the reference holds */
  return trunc(v) + 0.0; /* + 0.0: an integer has no negative zero (trunc(-0.3) is -0.0, and x / -0.0 is -x / 0) */
}

/* Int -> narrower int: wrap modulo 2^bits (arith.trunci). */
static double wrap_to_int(double v, int bits) {
  double t = trunc(v), m = ldexp(1.0, bits);
  if (!isfinite(t))
    return 0.0;
  double w = fmod(t, m);
  if (w < -ldexp(1.0, bits - 1))
    w += m;
  else if (w >= ldexp(1.0, bits - 1))
    w -= m;
  return w + 0.0; /* no negative zero in an integer */
}

double ind_wrap_to_dtype(double v, IndElementType dtype) {
  if (dtype == IND_ELEM_I64)
    return wrap_to_int(v, 64);
  if (dtype == IND_ELEM_I32)
    return wrap_to_int(v, 32);
  return ind_round_to_dtype(v, dtype);
}

double ind_round_to_dtype(double v, IndElementType dtype) {
  switch (dtype) {
  case IND_ELEM_F32:
    /* Out-of-range double -> float conversion is undefined in C: take the slow path there. */
    return fabs(v) <= FLT_MAX ? (double)(float)v : round_to_format(v, 23, -126, 127);
  case IND_ELEM_F16:
    return round_to_format(v, 10, -14, 15);
  case IND_ELEM_BF16:
    return round_to_format(v, 7, -126, 127);
  case IND_ELEM_F64:
    return v;
  case IND_ELEM_I64:
    return round_to_int(v, 64);
  case IND_ELEM_I32:
    return round_to_int(v, 32);
  case IND_ELEM_I1:
    return v != 0.0 ? 1.0 : 0.0;
  default: /* i8: not a tensor dtype (ind_dtype_supported) */
    break;
  }
  return v;
}

/* --- storage codecs: one element in memory <-> double
 * -------------------------------------------------------------------- */

static uint16_t load_u16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }

static double half_to_double(uint16_t h) {
  int sign = h >> 15, e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double v;
  if (e == 0)
    v = ldexp((double)m, -24);
  else if (e == 31)
    v = m ? NAN : INFINITY;
  else
    v = ldexp((double)(m | 0x400), e - 25);
  return sign ? -v : v;
}

/* v must already be an exact f16 value (ind_round_to_dtype). */
static uint16_t double_to_half(double v) {
  uint16_t sign = signbit(v) ? 0x8000 : 0;
  double a = fabs(v);
  if (isnan(v))
    return 0x7e00;
  if (isinf(a))
    return sign | 0x7c00;
  if (a < ldexp(1.0, -14))
    return sign | (uint16_t)(a / ldexp(1.0, -24));
  int e;
  double f = frexp(a, &e); /* a = f * 2^e, f in [0.5, 1) */
  uint16_t m = (uint16_t)((f * 2.0 - 1.0) * 1024.0);
  return sign | (uint16_t)((e - 1 + 15) << 10) | m;
}

double ind_storage_load(const void *ptr, IndElementType dt) {
  const unsigned char *p = ptr;
  switch (dt) {
  case IND_ELEM_F32: {
    float f;
    memcpy(&f, p, 4);
    return f;
  }
  case IND_ELEM_F16:
    return half_to_double(load_u16(p));
  case IND_ELEM_BF16: {
    uint32_t u = (uint32_t)load_u16(p) << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
  }
  case IND_ELEM_F64: {
    double d;
    memcpy(&d, p, 8);
    return d;
  }
  case IND_ELEM_I64: {
    int64_t i;
    memcpy(&i, p, 8);
    return (double)i;
  }
  case IND_ELEM_I32: {
    int32_t i;
    memcpy(&i, p, 4);
    return i;
  }
  case IND_ELEM_I1:
    return p[0] ? 1.0 : 0.0;
  default: /* i8: not a tensor dtype (ind_dtype_supported) */
    break;
  }
  return 0.0;
}

void ind_storage_store(void *ptr, double v, IndElementType dt) {
  unsigned char *p = ptr;
  v = ind_round_to_dtype(v, dt); /* every conversion below is then exact and in range */
  switch (dt) {
  case IND_ELEM_F32: {
    float f = (float)v;
    memcpy(p, &f, 4);
    return;
  }
  case IND_ELEM_BF16: {
    float f = (float)v;
    uint32_t bits;
    memcpy(&bits, &f, 4);
    p[0] = (unsigned char)((bits >> 16) & 0xff);
    p[1] = (unsigned char)(bits >> 24);
    return;
  }
  case IND_ELEM_F16: {
    uint16_t h = double_to_half(v);
    p[0] = (unsigned char)(h & 0xff);
    p[1] = (unsigned char)(h >> 8);
    return;
  }
  case IND_ELEM_F64:
    memcpy(p, &v, 8);
    return;
  case IND_ELEM_I64: {
    int64_t i = v >= 9.2233720368547758e18 ? INT64_MAX : (int64_t)v;
    memcpy(p, &i, 8);
    return;
  }
  case IND_ELEM_I32: {
    int32_t i = (int32_t)v;
    memcpy(p, &i, 4);
    return;
  }
  case IND_ELEM_I1:
    p[0] = v != 0.0;
    return;
  default: /* i8: not a tensor dtype (ind_dtype_supported) */
    break;
  }
}

void ind_tensor_load_elem(IndTensor *t, int64_t i, const void *ptr) {
  const unsigned char *p = ptr;
  if (!t->ival) {
    t->data[i] = ind_storage_load(p, t->dtype);
    return;
  }
  int64_t v = 0;
  if (t->dtype == IND_ELEM_I64) {
    memcpy(&v, p, 8);
  } else if (t->dtype == IND_ELEM_I32) {
    int32_t w;
    memcpy(&w, p, 4);
    v = w;
  } else {
    v = p[0] != 0;
  }
  ind_tensor_set_int(t, i, v);
}

void ind_tensor_store_elem(const IndTensor *t, int64_t i, void *ptr) {
  unsigned char *p = ptr;
  if (!t->ival) {
    ind_storage_store(p, t->data[i], t->dtype);
    return;
  }
  int64_t v = ind_wrap_int(t->ival[i], t->dtype);
  if (t->dtype == IND_ELEM_I64) {
    memcpy(p, &v, 8);
  } else if (t->dtype == IND_ELEM_I32) {
    int32_t w = (int32_t)v;
    memcpy(p, &w, 4);
  } else {
    p[0] = (unsigned char)v;
  }
}

void ind_tensor_to_dense(const IndTensor *t, IndElementType dt, void *dst) {
  size_t es = ind_dtype_size(dt);
  for (int64_t i = 0; i < t->numel; ++i)
    if (t->dtype == dt)
      ind_tensor_store_elem(t, i, (char *)dst + i * (int64_t)es); /* integers exactly */
    else
      ind_storage_store((char *)dst + i * (int64_t)es, t->data[i], dt);
}

bool ind_tensor_from_dense(IndTensor *t, IndElementType dt, int rank, const int64_t *shape, const void *src) {
  if (!ind_tensor_init(t, dt, rank, shape))
    return false;
  size_t es = ind_dtype_size(dt);
  for (int64_t i = 0; i < t->numel; ++i)
    ind_tensor_load_elem(t, i, (const char *)src + i * (int64_t)es);
  return true;
}

bool ind_close(double got, double want, double atol, double rtol) {
  if ((isnan(got) && isnan(want)) || got == want)
    return true;
  return isfinite(got) && isfinite(want) && fabs(got - want) <= atol + rtol * fabs(want);
}

IndCompareResult ind_tensor_compare(const IndTensor *got, const IndTensor *want, double atol, double rtol) {
  IndCompareResult r = {0.0, 0.0, 0};
  for (int64_t i = 0; i < got->numel; ++i) {
    if (got->ival && want->ival) { /* integers: the exact difference */
      int64_t gi = got->ival[i], wi = want->ival[i];
      if (gi == wi)
        continue;
      double d = (double)(gi > wi ? (uint64_t)gi - (uint64_t)wi : (uint64_t)wi - (uint64_t)gi);
      double rel = wi != 0 ? d / fabs((double)wi) : INFINITY;
      r.max_abs = d > r.max_abs ? d : r.max_abs;
      r.max_rel = rel > r.max_rel ? rel : r.max_rel;
      r.bad += !(d <= atol + rtol * fabs((double)wi));
      continue;
    }
    double g = got->data[i], w = want->data[i];
    if ((isnan(g) && isnan(w)) || g == w)
      continue;
    double d = fabs(g - w);
    if (isnan(d)) {
      ++r.bad;
      r.max_abs = r.max_rel = INFINITY;
      continue;
    }
    double rel = w != 0.0 && isfinite(w) ? d / fabs(w) : INFINITY;
    r.max_abs = d > r.max_abs ? d : r.max_abs;
    r.max_rel = rel > r.max_rel ? rel : r.max_rel;
    r.bad += !ind_close(g, w, atol, rtol);
  }
  return r;
}

bool ind_dtype_supported(IndElementType t) {
  switch (t) {
  case IND_ELEM_F32:
  case IND_ELEM_F16:
  case IND_ELEM_BF16:
  case IND_ELEM_F64:
  case IND_ELEM_I1:
  case IND_ELEM_I32:
  case IND_ELEM_I64:
    return true;
  default:
    return false;
  }
}
