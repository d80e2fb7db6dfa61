/* tensor.h - dense host tensors for the reference interpreter, .npy I/O and ind-run.
 *
 * An IndTensor is a logical, contiguous (row-major, C order) tensor whose values are held in
 * double whatever the storage dtype: the interpreter computes in double precision and rounds to
 * the storage dtype only where a program stores (see interp/interp.h for the exact rule).
 * ind_round_to_dtype() is that rounding: f32/f16/bf16 round to nearest, ties to even (with
 * overflow to +-inf and gradual underflow), f64 is exact, integers truncate toward zero and
 * wrap like a C cast of the truncated value, bool is (v != 0).
 * Integer tensors (i64 i32 bool) also hold their exact values as int64 (ival): the double cannot hold an
 * i64 above 2^53, and the interpreter computes integers in integer arithmetic (interp/interp.h).
 *
 * Ownership: ind_tensor_init/ind_tensor_copy allocate `data`; ind_tensor_free releases it and
 * leaves a zeroed struct (freeing a zeroed struct is a no-op). */
#ifndef IND_LIB_TENSOR_H
#define IND_LIB_TENSOR_H

#include "ind/runtime.h"

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IND_TENSOR_MAX_RANK 8

/* A tensor's dtype is the runtime's element type (IndElementType, ind/runtime.h), any but IND_ELEM_I8
 * (ind_dtype_supported). */

typedef struct IndTensor {
  IndElementType dtype;               /* storage dtype: what the values are rounded to */
  int rank;                           /* 0 .. IND_TENSOR_MAX_RANK; rank 0 is a scalar with numel 1 */
  int64_t shape[IND_TENSOR_MAX_RANK]; /* sizes, row-major */
  int64_t numel;                      /* product of shape (1 for rank 0) */
  double *data;                       /* numel values, C order; owned */
  int64_t *ival; /* integer dtypes (i64 i32 bool): the exact values, C order, owned (data[i] is (double)ival[i],
                    which rounds above 2^53); NULL for floats, and while an integer tensor's values are only in
                    data (ind_tensor_make_ints fills it from there) */
} IndTensor;

/* Allocates a zero-filled tensor (with ival for an integer dtype). False (with *t zeroed) for a bad rank, a negative
 * size, an element count that overflows, or out of memory. */
bool ind_tensor_init(IndTensor *t, IndElementType dtype, int rank, const int64_t *shape);
void ind_tensor_free(IndTensor *t);
/* Deep copy into *dst (which is overwritten, not freed). */
bool ind_tensor_copy(IndTensor *dst, const IndTensor *src);
/* Same rank and sizes. */
bool ind_tensor_same_shape(const IndTensor *a, const IndTensor *b);
/* Rounds every element to t->dtype (an integer tensor with ival: wraps ival to the dtype's bits; without:
 * rounds data and fills ival from it). */
void ind_tensor_round(IndTensor *t);
/* An integer-dtype tensor without ival gets it, from data rounded to the dtype (exact below 2^53: values
 * that went through double). False on out of memory. A float tensor is left alone. */
bool ind_tensor_make_ints(IndTensor *t);
/* Element i as an integer: ival[i] when there is one, else data[i] truncated (saturating; NaN is 0). */
int64_t ind_tensor_int(const IndTensor *t, int64_t i);
/* Sets element i of a tensor with ival: ival[i] = v, data[i] = (double)v. */
void ind_tensor_set_int(IndTensor *t, int64_t i, int64_t v);
/* v wrapped to an integer dtype's bits (i32: modulo 2^32, two's complement; bool: v != 0; i64: v). */
int64_t ind_wrap_int(int64_t v, IndElementType dtype);
/* One element as it sits in memory (in t->dtype) <-> element i of t: integers exactly through ival when t
 * has it, others through ind_storage_load / ind_storage_store. */
void ind_tensor_load_elem(IndTensor *t, int64_t i, const void *p);
void ind_tensor_store_elem(const IndTensor *t, int64_t i, void *p);
/* A tensor <-> a dense C-order buffer of dtype dt (a compiled program's input or output): ind_tensor_to_dense
 * writes t's elements into dst (numel elements of dt: integers exactly when t holds dt, other values rounded
 * to dt); ind_tensor_from_dense makes *t (fresh, of dt and shape) from src; false, with *t zeroed, when
 * ind_tensor_init fails. */
void ind_tensor_to_dense(const IndTensor *t, IndElementType dt, void *dst);
bool ind_tensor_from_dense(IndTensor *t, IndElementType dt, int rank, const int64_t *shape, const void *src);
/* Writes "2x3xf32" (or "f32" for rank 0) into buf. */
void ind_tensor_shape_str(const IndTensor *t, char *buf, size_t len);

/* Element dtypes <-> MLIR types: f32 f16 bf16 f64 i64 i32 i1(bool). False / null type otherwise. */
bool ind_dtype_from_mlir(MlirType type, IndElementType *out);
/* As ind_dtype_from_mlir, for every IndElementType: i8 too (a buffer's type, which no tensor holds). */
bool ind_elem_from_mlir(MlirType type, IndElementType *out);
MlirType ind_dtype_to_mlir(MlirContext ctx, IndElementType dtype);
/* True for the element types a tensor holds: f32 f16 bf16 f64 i64 i32 i1 (bool); false for i8. */
bool ind_dtype_supported(IndElementType t);
/* For a ranked tensor or memref type with static sizes: its dtype, rank and shape. */
bool ind_shape_from_mlir(MlirType shaped, IndElementType *dtype, int *rank, int64_t *shape);

/* Bytes per element in storage (.npy, device buffers; lib/elem_type.h's sizes): 0 for a type no tensor holds (i8).
 * The names of the element types are lib/elem_type.h's (a tensor's i1 is shown as "bool"). */
size_t ind_dtype_size(IndElementType dtype);
bool ind_dtype_is_float(IndElementType dtype);
/* The double nearest to storing v in dtype and reading it back (rules above). Integers: v truncated
 * toward zero, saturating (NaN -> 0, at or beyond the range -> INT_MIN / INT_MAX, infinities included):
 * ind's one float -> int conversion, LLVM's fptosi.sat, which the compiled kernels do too
 * (passes/codegen/fptosi_sat.h). */
double ind_round_to_dtype(double v, IndElementType dtype);
/* Integer truncation (arith.trunci): an integer value v wrapped modulo 2^bits into the integer dtype; as
 * ind_round_to_dtype for the other dtypes. */
double ind_wrap_to_dtype(double v, IndElementType dtype);
/* Elementwise comparison of two tensors of the same shape: an element matches by ind_close. */
typedef struct IndCompareResult {
  double max_abs, max_rel; /* over mismatching-or-not elements that differ; INFINITY for a NaN on one side */
  int64_t bad;             /* elements outside the tolerance */
} IndCompareResult;
IndCompareResult ind_tensor_compare(const IndTensor *got, const IndTensor *want, double atol, double rtol);
/* (When both tensors have ival the elements are compared as integers: the difference is exact, so values
 * above 2^53 that round to one double still differ.) */
/* One element of that comparison: equal values (the same infinity included) and two NaNs match; else
 * both finite and |got - want| <= atol + rtol * |want| (an infinity never matches a finite value or the
 * other infinity: rtol * |inf| would let anything pass). */
bool ind_close(double got, double want, double atol, double rtol);

/* One element of `dtype` as it sits in memory (little-endian; f16 and bf16 in 2 bytes, bool in 1)
 * <-> double. ind_storage_store rounds v to the dtype first (round to nearest even, saturating
 * integers), so any double may be stored. */
double ind_storage_load(const void *p, IndElementType dtype);
void ind_storage_store(void *p, double v, IndElementType dtype);

#ifdef __cplusplus
}
#endif

#endif
