/* npy_raw.h - the one .npy reader/writer of ind (header parsing, size checks, raw data). Plain C over libc
 * and ind/runtime.h's element types, no MLIR: the GPU runner (runtime/ind_cuda_run.c, built standalone)
 * uses it on raw bytes, lib/npy.c on top of it converts to the reference interpreter's tensors.
 *
 * Format versions 1.0, 2.0 and 3.0; dtypes little-endian (or native, '=' / '|') f4 f2 f8 i8 i4 b1, C order.
 * Errors (missing file, bad magic, unsupported version or dtype, big-endian data, Fortran order, malformed
 * header, truncated data: checked against the file size before anything is allocated) return false with
 * a one-line message in err. */
#ifndef IND_LIB_NPY_RAW_H
#define IND_LIB_NPY_RAW_H

#include "ind/runtime.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IndNpyHeader {
  IndElementType type;
  int rank;
  int64_t shape[IND_MAX_RANK_PUBLIC];
} IndNpyHeader;

/* Reads the header of an open file (positioned at its start) and checks that the file holds the data
 * it declares; leaves f at the first data byte. */
bool ind_npy_read_header(FILE *f, const char *path, IndNpyHeader *h, char *err, size_t errlen);
/* Elements in the header's shape, -1 on overflow. */
int64_t ind_npy_numel(const IndNpyHeader *h);
/* Reads a whole file: header and raw data (*data is malloc'ed; free it). */
bool ind_npy_read_raw(const char *path, IndNpyHeader *h, void **data, char *err, size_t errlen);
/* The 1.0 header (preamble, dict, padding) of an array of `descr_type` and shape; its length, 0 when
 * cap is too small. bf16 has no NumPy dtype: it is described as '<u2' (raw bits). */
size_t ind_npy_build_header(IndElementType descr_type, int rank, const int64_t *shape, char *h, size_t cap);
/* Writes header + raw data (bytes of it) in one go. */
bool ind_npy_write_raw(const char *path, IndElementType type, int rank, const int64_t *shape, const void *data,
                       size_t bytes, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
