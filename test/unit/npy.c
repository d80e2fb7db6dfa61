// clang-format off
// Unit test of lib/npy.{h,c} and the storage rounding of lib/tensor.{h,c}.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %unit/unit-npy roundtrip %t | %filecheck %s --check-prefix=RT
// RUN: %unit/unit-npy rounding | %filecheck %s --check-prefix=ROUND
/// NumPy reads what we write, in our dtype.
// RUN: %python -c "import numpy as np; [print(n, a.dtype, a.shape, a.ravel().tolist()) for n in ['f32','f16','f64','i64','i32','bool','bf16'] for a in [np.load('%t/rt_' + n + '.npy')]]" | %filecheck %s --check-prefix=NP
/// We read what NumPy writes: every supported dtype, 0-d and 1-d shapes, format 2.0.
// RUN: %python -c "import numpy as np; np.save('%t/np_i32.npy', np.arange(6, dtype=np.int32).reshape(2, 3)); np.save('%t/np_f16.npy', np.array([0.1, -2.5, 65504.0], dtype=np.float16)); np.save('%t/np_bool.npy', np.array([True, False])); np.save('%t/np_0d.npy', np.float64(3.25)); np.save('%t/np_i64.npy', np.array([-7, 2**40], dtype=np.int64))"
// RUN: %python -c "import numpy as np; f = open('%t/np_v2.npy', 'wb'); np.lib.format.write_array(f, np.ones((2, 2), np.float32), version=(2, 0)); f.close()"
// RUN: %unit/unit-npy read %t/np_i32.npy | %filecheck %s --check-prefix=I32
// RUN: %unit/unit-npy read %t/np_f16.npy | %filecheck %s --check-prefix=F16
// RUN: %unit/unit-npy read %t/np_bool.npy | %filecheck %s --check-prefix=BOOL
// RUN: %unit/unit-npy read %t/np_0d.npy | %filecheck %s --check-prefix=ZERO_D
// RUN: %unit/unit-npy read %t/np_i64.npy | %filecheck %s --check-prefix=I64
// RUN: %unit/unit-npy read %t/np_v2.npy | %filecheck %s --check-prefix=V2
/// Bad files: each is a clear one-line error and exit 1, never a crash.
// RUN: printf 'hello, not numpy' > %t/bad_magic.npy
// RUN: %not %unit/unit-npy read %t/bad_magic.npy 2>&1 | %filecheck %s --check-prefix=MAGIC
// RUN: %python -c "import numpy as np; np.save('%t/full.npy', np.arange(12, dtype=np.float32)); d = open('%t/full.npy', 'rb').read(); open('%t/trunc.npy', 'wb').write(d[:-5]); open('%t/trunc_hdr.npy', 'wb').write(d[:20])"
// RUN: %not %unit/unit-npy read %t/trunc.npy 2>&1 | %filecheck %s --check-prefix=TRUNC
// RUN: %not %unit/unit-npy read %t/trunc_hdr.npy 2>&1 | %filecheck %s --check-prefix=TRUNC_HDR
/// A header declaring 9e9 elements over 12 bytes of data is rejected before anything is allocated.
// RUN: %python -c "import numpy as np; f = open('%t/huge.npy', 'wb'); np.lib.format.write_array_header_1_0(f, {'descr': '<f4', 'fortran_order': False, 'shape': (9000000000,)}); f.write(bytes(12)); f.close()"
// RUN: %not %unit/unit-npy read %t/huge.npy 2>&1 | %filecheck %s --check-prefix=HUGE
// RUN: %python -c "import numpy as np; np.save('%t/u8.npy', np.zeros(3, np.uint8)); np.save('%t/c64.npy', np.zeros(3, np.complex64)); np.save('%t/be.npy', np.zeros(3, '>f4')); np.save('%t/fortran.npy', np.asfortranarray(np.zeros((2, 3), np.float32)))"
// RUN: %not %unit/unit-npy read %t/u8.npy 2>&1 | %filecheck %s --check-prefix=U8
// RUN: %not %unit/unit-npy read %t/c64.npy 2>&1 | %filecheck %s --check-prefix=C64
// RUN: %not %unit/unit-npy read %t/be.npy 2>&1 | %filecheck %s --check-prefix=BE
// RUN: %not %unit/unit-npy read %t/fortran.npy 2>&1 | %filecheck %s --check-prefix=FORTRAN
// RUN: %not %unit/unit-npy read %t/missing.npy 2>&1 | %filecheck %s --check-prefix=MISSING
// RUN: %not %unit/unit-npy write-to-missing-dir %t/no/such/dir 2>&1 | %filecheck %s --check-prefix=NODIR
//
// RT: roundtrip f32: OK
// RT: roundtrip f16: OK
// RT: roundtrip bf16: OK
// RT: roundtrip f64: OK
// RT: roundtrip i64: OK
// RT: roundtrip i32: OK
// RT: roundtrip bool: OK
// RT-NOT: FAIL
//
// NP: f32 float32 (2, 3) [0.0, -1.5, 0.3333333432674408, 1.0000000150474662e+30, -3.0, 7.0]
// NP: f16 float16 (2, 3) [0.0, -1.5, 0.333251953125, inf, -3.0, 7.0]
// NP: f64 float64 (2, 3) [0.0, -1.5, 0.3333333333333333, 1e+30, -3.0, 7.0]
// NP: i64 int64 (2, 3) [0, -1, 0, 5, -3, 7]
// NP: i32 int32 (2, 3) [0, -1, 0, 5, -3, 7]
// NP: bool bool (2, 3) [False, True, True, True, True, True]
// NP: bf16 float32 (2, 3) [0.0, -1.5, 0.333984375, 1.0002555517425873e+30, -3.0, 7.0]
//
// ROUND: f16(1/3) = 0.333251953125
// ROUND: f16(65519) = 65504
// ROUND: f16(65520) = inf
// ROUND: f16(2^-25) = 0
// ROUND: f16(3*2^-26) = 5.96046447753906e-08
// ROUND: f16(1+2^-11) = 1
// ROUND: f16(1+3*2^-11) = 1.001953125
// ROUND: bf16(1/3) = 0.333984375
// ROUND: f32(1/3) = 0.333333343267441
// ROUND: f32(1e39) = inf
// ROUND: i32(-2.7) = -2
// ROUND: bool(0.5) = 1
//
// I32: i32 2x3: 0 1 2 3 4 5
// F16: f16 3: 0.0999755859375 -2.5 65504
// BOOL: bool 2: 1 0
// ZERO_D: f64 0-d: 3.25
// I64: i64 2: -7 1099511627776
// V2: f32 2x2: 1 1 1 1
//
// MAGIC: error: '{{.*}}bad_magic.npy' is not a .npy file (bad magic)
// TRUNC: error: '{{.*}}trunc.npy': truncated data (expected 12 elements of f32)
// HUGE: error: '{{.*}}huge.npy': truncated data (expected 9000000000 elements of f32)
// TRUNC_HDR: error: '{{.*}}trunc_hdr.npy': truncated header
// U8: error: '{{.*}}u8.npy': unsupported dtype '|u1' (supported: f4 f2 u2 (bf16 bits) f8 i8 i4 b1)
// C64: error: '{{.*}}c64.npy': unsupported dtype '<c8'
// BE: error: '{{.*}}be.npy': unsupported dtype '>f4': big-endian data
// FORTRAN: error: '{{.*}}fortran.npy': unsupported layout: fortran_order is True
// MISSING: error: cannot open '{{.*}}missing.npy'
// NODIR: error: cannot write '{{.*}}no/such/dir/x.npy'
// clang-format on
#include "lib/npy.h"
#include "lib/elem_type.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double VALUES[6] = {0.0, -1.5, 1.0 / 3.0, 1e30, -3.0, 7.0};

static int roundtrip(const char *dir) {
  static const IndElementType all[] = {IND_ELEM_F32, IND_ELEM_F16, IND_ELEM_BF16, IND_ELEM_F64,
                                       IND_ELEM_I64, IND_ELEM_I32, IND_ELEM_I1};
  int failures = 0;
  for (size_t d = 0; d < sizeof all / sizeof all[0]; ++d) {
    IndTensor t, back;
    int64_t shape[2] = {2, 3};
    char path[1024], err[512];
    if (!ind_tensor_init(&t, all[d], 2, shape))
      return 1;
    memcpy(t.data, VALUES, sizeof VALUES);
    if (!ind_dtype_is_float(all[d]) && all[d] != IND_ELEM_I1)
      t.data[3] = 5.0; /* 1e30 does not fit an integer: keep the round trip meaningful */
    free(t.ival);      /* the values are in data only: ival is filled from them (lib/tensor.h) */
    t.ival = NULL;
    if (!ind_tensor_make_ints(&t))
      return 1;
    snprintf(path, sizeof path, "%s/rt_%s.npy", dir, ind_elem_tensor_name(all[d]));
    bool ok = ind_npy_write(path, &t, err, sizeof err) && ind_npy_read(path, &back, err, sizeof err);
    /* bf16 is written as f4: the values survive, the dtype reads back as f32. */
    IndElementType want = all[d] == IND_ELEM_BF16 ? IND_ELEM_F32 : all[d];
    ok = ok && back.dtype == want && ind_tensor_same_shape(&t, &back);
    for (int64_t i = 0; ok && i < 6; ++i) {
      double r = ind_round_to_dtype(t.data[i], all[d]);
      ok = back.data[i] == r || (isnan(r) && isnan(back.data[i]));
    }
    printf("roundtrip %s: %s %s\n", ind_elem_tensor_name(all[d]), ok ? "OK" : "FAIL", ok ? "" : err);
    failures += !ok;
    ind_tensor_free(&t);
    ind_tensor_free(&back);
  }
  return failures ? 1 : 0;
}

static int rounding(void) {
  printf("f16(1/3) = %.15g\n", ind_round_to_dtype(1.0 / 3.0, IND_ELEM_F16));
  printf("f16(65519) = %.15g\n", ind_round_to_dtype(65519.0, IND_ELEM_F16));
  printf("f16(65520) = %.15g\n", ind_round_to_dtype(65520.0, IND_ELEM_F16));
  printf("f16(2^-25) = %.15g\n", ind_round_to_dtype(ldexp(1.0, -25), IND_ELEM_F16));
  printf("f16(3*2^-26) = %.15g\n", ind_round_to_dtype(3 * ldexp(1.0, -26), IND_ELEM_F16));
  printf("f16(1+2^-11) = %.15g\n", ind_round_to_dtype(1.0 + ldexp(1.0, -11), IND_ELEM_F16));
  printf("f16(1+3*2^-11) = %.15g\n", ind_round_to_dtype(1.0 + 3 * ldexp(1.0, -11), IND_ELEM_F16));
  printf("bf16(1/3) = %.15g\n", ind_round_to_dtype(1.0 / 3.0, IND_ELEM_BF16));
  printf("f32(1/3) = %.15g\n", ind_round_to_dtype(1.0 / 3.0, IND_ELEM_F32));
  printf("f32(1e39) = %.15g\n", ind_round_to_dtype(1e39, IND_ELEM_F32));
  printf("i32(-2.7) = %.15g\n", ind_round_to_dtype(-2.7, IND_ELEM_I32));
  printf("bool(0.5) = %.15g\n", ind_round_to_dtype(0.5, IND_ELEM_I1));
  return 0;
}

static int read_one(const char *path) {
  IndTensor t;
  char err[512], shape[128];
  if (!ind_npy_read(path, &t, err, sizeof err)) {
    fprintf(stderr, "error: %s\n", err);
    return 1;
  }
  ind_tensor_shape_str(&t, shape, sizeof shape);
  /* "2x3xi32" -> "i32 2x3" */
  char *x = strrchr(shape, 'x');
  if (t.rank == 0)
    printf("%s 0-d:", ind_elem_tensor_name(t.dtype));
  else {
    *x = '\0';
    printf("%s %s:", ind_elem_tensor_name(t.dtype), shape);
  }
  for (int64_t i = 0; i < t.numel; ++i)
    printf(" %.15g", t.data[i]);
  printf("\n");
  ind_tensor_free(&t);
  return 0;
}

static int write_to(const char *dir) {
  IndTensor t;
  int64_t n = 2;
  char path[1024], err[512];
  if (!ind_tensor_init(&t, IND_ELEM_F32, 1, &n))
    return 1;
  snprintf(path, sizeof path, "%s/x.npy", dir);
  bool ok = ind_npy_write(path, &t, err, sizeof err);
  ind_tensor_free(&t);
  if (!ok)
    fprintf(stderr, "error: %s\n", err);
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc == 3 && !strcmp(argv[1], "roundtrip"))
    return roundtrip(argv[2]);
  if (argc == 2 && !strcmp(argv[1], "rounding"))
    return rounding();
  if (argc == 3 && !strcmp(argv[1], "read"))
    return read_one(argv[2]);
  if (argc == 3 && !strcmp(argv[1], "write-to-missing-dir"))
    return write_to(argv[2]);
  fprintf(stderr, "usage: unit-npy roundtrip DIR | rounding | read FILE | write-to-missing-dir DIR\n");
  return 2;
}
