/* npy.h - reading and writing NumPy .npy files (format versions 1.0, 2.0 and 3.0).
 *
 * Supported dtypes: little-endian (or native, '=' / '|') f4 f2 f8 i8 i4 and b1 (bool), C order.
 * bf16 tensors, which NumPy cannot represent, are written as f4 (exactly: every bf16 is an f32).
 * Errors (missing file, bad magic, unsupported version or dtype, big-endian data, Fortran order,
 * malformed header, truncated data) return false with a one-line message in err; whether the
 * shape/dtype fit what a program expects is the caller's check. */
#ifndef IND_LIB_NPY_H
#define IND_LIB_NPY_H

#include "lib/tensor.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Reads `path` into *out (allocated; free with ind_tensor_free). On failure *out is zeroed. */
bool ind_npy_read(const char *path, IndTensor *out, char *err, size_t errlen);
/* Writes t in its own dtype (bf16 as f4), format 1.0. Values are rounded to the dtype first. */
bool ind_npy_write(const char *path, const IndTensor *t, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
