/* ind.h - typed builders and accessors of the ind dialect (Inductor IR), docs/dialects/ind.md.
 *
 * Buffers are SSA values of memref type: function arguments (InputBuffers, named arg<i>_1 by
 * position) and the results of the buffer ops ind.pointwise / ind.reduction (ComputedBuffers) and
 * ind.extern (ExternKernel outputs). ComputedBuffers have a body region: one block without
 * arguments, made of ind.load / ind.index_expr and upstream arith/math ops, ending in
 * `gpu.yield %v`. Index maps are affine maps over the iteration variables d0..d(n-1) (`ranges`)
 * then d(n)..d(n+m-1) (`reduction_ranges`), with one result: the flat storage offset.
 *
 * Every op name and attribute key of the dialect is spelled in this header and ind.c only.
 * Builders return a detached op (insert it with mlirBlockAppendOwnedOperation and friends). */
#ifndef IND_DIALECTS_IND_IND_H
#define IND_DIALECTS_IND_IND_H

#include <mlir-c/AffineMap.h>
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Op names. */
#define IND_POINTWISE_OP "ind.pointwise"
#define IND_REDUCTION_OP "ind.reduction"
#define IND_SCAN_OP "ind.scan"
#define IND_EXTERN_OP "ind.extern"
#define IND_LOAD_OP "ind.load"
#define IND_INDEX_EXPR_OP "ind.index_expr"
#define IND_INDIRECT_INDEXING_OP "ind.indirect_indexing"
#define IND_YIELD_OP "gpu.yield" /* the body terminator (an upstream op, see toolchain.md) */

/* Attribute keys. */
#define IND_ATTR_NAME "name"
#define IND_ATTR_RANGES "ranges"
#define IND_ATTR_REDUCTION_RANGES "reduction_ranges"
#define IND_ATTR_REDUCTION_TYPE "reduction_type"
#define IND_ATTR_SCAN_RANGES "scan_ranges"
#define IND_ATTR_SCAN_TYPE "scan_type"
#define IND_ATTR_ORIGINS "origins"
#define IND_ATTR_KERNEL "kernel"
#define IND_ATTR_INDEX "index"
#define IND_ATTR_SIZE "size"
#define IND_ATTR_TRANSPOSE "transpose"

/* Upper bound on the rank of ranges / reduction_ranges handled by the helpers below. */
#define IND_MAX_RANK 16

typedef enum IndReductionType {
  IND_REDUCE_SUM,
  IND_REDUCE_MAX,
  IND_REDUCE_MIN,
  IND_REDUCE_PROD,
  /* One output of a multi-output reduction (Inductor's welford_reduce / online_softmax_reduce, whose
   * getitem k is the suffix): every buffer of the family computes the same state in one pass over its
   * body's value, and a kernel holding several of them over the same value computes it once. */
  IND_REDUCE_WELFORD_MEAN, /* the mean of the values */
  IND_REDUCE_WELFORD_M2,   /* the sum of squared deviations from their mean */
  IND_REDUCE_ONLINE_MAX,   /* online_softmax_reduce[0]: the max */
  IND_REDUCE_ONLINE_SUM,   /* online_softmax_reduce[1]: the sum of exp(v - max) */
  IND_REDUCE_INVALID
} IndReductionType;

/* "sum" | "max" | "min" | "prod" | "welford_mean" | "welford_m2" | "online_softmax_max" |
 * "online_softmax_sum"; NULL for IND_REDUCE_INVALID. */
const char *ind_reduction_type_name(IndReductionType t);
/* IND_REDUCE_INVALID when the string is none of those. */
IndReductionType ind_reduction_type_parse(MlirStringRef s);

/* --- Op ids: what a stage switches on. One per ind op, the body terminator, and the upstream arith / math
 * ops a body may hold (the ones the reference interpreter evaluates; kernel.def bodies hold the same ones,
 * copied by sched-to-kernel). Computed from the op's name by ind_op_id, from one table in ind.c. */
typedef enum IndOpId {
  IND_OP_UNKNOWN = 0, /* none of the ops below */
  IND_OP_POINTWISE,
  IND_OP_REDUCTION,
  IND_OP_SCAN,
  IND_OP_EXTERN,
  IND_OP_LOAD,
  IND_OP_INDEX_EXPR,
  IND_OP_INDIRECT_INDEXING,
  IND_OP_YIELD, /* gpu.yield */
  /* upstream body ops */
  IND_OP_ARITH_CONSTANT,
  IND_OP_ARITH_ADDF,
  IND_OP_ARITH_SUBF,
  IND_OP_ARITH_MULF,
  IND_OP_ARITH_DIVF,
  IND_OP_ARITH_REMF,
  IND_OP_ARITH_NEGF,
  IND_OP_ARITH_MAXIMUMF,
  IND_OP_ARITH_MINIMUMF,
  IND_OP_ARITH_MAXNUMF,
  IND_OP_ARITH_MINNUMF,
  IND_OP_ARITH_ADDI,
  IND_OP_ARITH_SUBI,
  IND_OP_ARITH_MULI,
  IND_OP_ARITH_MAXSI,
  IND_OP_ARITH_MINSI,
  IND_OP_ARITH_ANDI,
  IND_OP_ARITH_ORI,
  IND_OP_ARITH_XORI,
  IND_OP_ARITH_DIVSI,
  IND_OP_ARITH_REMSI,
  IND_OP_ARITH_FLOORDIVSI,
  IND_OP_ARITH_CEILDIVSI,
  IND_OP_ARITH_CMPF,
  IND_OP_ARITH_CMPI,
  IND_OP_ARITH_SELECT,
  IND_OP_ARITH_EXTF,
  IND_OP_ARITH_TRUNCF,
  IND_OP_ARITH_SITOFP,
  IND_OP_ARITH_UITOFP,
  IND_OP_ARITH_FPTOSI,
  IND_OP_ARITH_FPTOUI,
  IND_OP_ARITH_EXTSI,
  IND_OP_ARITH_EXTUI,
  IND_OP_ARITH_TRUNCI,
  IND_OP_ARITH_INDEX_CAST,
  IND_OP_ARITH_INDEX_CASTUI,
  IND_OP_MATH_EXP,
  IND_OP_MATH_EXP2,
  IND_OP_MATH_EXPM1,
  IND_OP_MATH_LOG,
  IND_OP_MATH_LOG2,
  IND_OP_MATH_LOG10,
  IND_OP_MATH_LOG1P,
  IND_OP_MATH_SQRT,
  IND_OP_MATH_RSQRT,
  IND_OP_MATH_CBRT,
  IND_OP_MATH_TANH,
  IND_OP_MATH_ERF,
  IND_OP_MATH_ERFC,
  IND_OP_MATH_ABSF,
  IND_OP_MATH_ABSI,
  IND_OP_MATH_SIN,
  IND_OP_MATH_COS,
  IND_OP_MATH_TAN,
  IND_OP_MATH_ASIN,
  IND_OP_MATH_ACOS,
  IND_OP_MATH_ATAN,
  IND_OP_MATH_SINH,
  IND_OP_MATH_COSH,
  IND_OP_MATH_FLOOR,
  IND_OP_MATH_CEIL,
  IND_OP_MATH_ROUND,
  IND_OP_MATH_ROUNDEVEN,
  IND_OP_MATH_TRUNC,
  IND_OP_MATH_POWF,
  IND_OP_MATH_FPOWI,
  IND_OP_MATH_IPOWI,
  IND_OP_MATH_ATAN2,
  IND_OP_MATH_COPYSIGN,
  IND_OP_MATH_FMA,
  IND_OP_COUNT
} IndOpId;

/* The op's id (IND_OP_UNKNOWN for a null op or one of no row). */
IndOpId ind_op_id(MlirOperation op);
/* "ind.load" for IND_OP_LOAD; "" for IND_OP_UNKNOWN or out of range. */
const char *ind_op_id_name(IndOpId id);

/* --- Predicates. */
bool ind_is_pointwise(MlirOperation op);
bool ind_is_reduction(MlirOperation op);
/* ind.scan: Inductor's ir.Scan (a ComputedBuffer whose element at (x, s) combines the body's values at
 * (x, 0..s) by its scan_type). */
bool ind_is_scan(MlirOperation op);
bool ind_is_extern(MlirOperation op);
bool ind_is_load(MlirOperation op);
bool ind_is_index_expr(MlirOperation op);
bool ind_is_indirect_indexing(MlirOperation op);
bool ind_is_yield(MlirOperation op);
/* pointwise, reduction or scan: a ComputedBuffer with a body. */
bool ind_is_computed_buffer(MlirOperation op);
/* computed buffer or extern: an op that defines a buffer. */
bool ind_is_buffer_op(MlirOperation op);

/* --- Builders. `body` is an owned region (ownership passes to the op); pass mlirRegionCreate()
 * with one block appended, or use ind_computed_buffer_body_block() after creating the op with a
 * null region (mlirRegionIsNull) to get a fresh empty block. `result` is the buffer's memref type. */
MlirOperation ind_pointwise_create(MlirLocation loc, const char *name, const int64_t *ranges, intptr_t n,
                                   MlirType result, MlirRegion body);
MlirOperation ind_reduction_create(MlirLocation loc, const char *name, const int64_t *ranges, intptr_t n,
                                   const int64_t *reduction_ranges, intptr_t m, IndReductionType type, MlirType result,
                                   MlirRegion body);
/* ind.scan over `scan_ranges` (one entry: the scanned dim, the index maps' last) for each point of
 * `ranges`; `type` is sum, max, min or prod. The result holds product(ranges) * product(scan_ranges)
 * elements, element (x, s) at the row-major linear index of (ranges, scan_ranges). */
MlirOperation ind_scan_create(MlirLocation loc, const char *name, const int64_t *ranges, intptr_t n,
                              const int64_t *scan_ranges, intptr_t m, IndReductionType type, MlirType result,
                              MlirRegion body);
/* ind.extern `kernel` ("mm" | "bmm") of `inputs` into a buffer of type `result`: A, B and, for mm, an
 * optional third input, the bias: a buffer of n elements of the result's type, added to every row of
 * C = A @ B before C is stored (the epilogue of graph-decompose's addmm-epilogue: cuBLASLt's
 * CUBLASLT_EPILOGUE_BIAS on the GPU). `transpose` (NULL: none) holds a flag for A and one for B: the
 * input buffer holds the operand's matrices transposed (lib/mm_dims.h); the attribute
 * `transpose = array<i1: a, b>` is set only when a flag is. */
MlirOperation ind_extern_create(MlirLocation loc, const char *name, const char *kernel, const MlirValue *inputs,
                                intptr_t ninputs, const bool *transpose, MlirType result);
/* ind.load of `buffer` at `index` (an affine map with one result); `result` is the compute type. */
MlirOperation ind_load_create(MlirLocation loc, MlirValue buffer, MlirAffineMap index, MlirType result);
/* An indirect load: at `index` + `offset` (an index value computed in the body). */
MlirOperation ind_load_indirect_create(MlirLocation loc, MlirValue buffer, MlirAffineMap index, MlirValue offset,
                                       MlirType result);
/* ind.indirect_indexing of `value` (f32, an integer or index) as a position in a dim of `size`. */
MlirOperation ind_indirect_indexing_create(MlirLocation loc, MlirValue value, int64_t size);
MlirOperation ind_index_expr_create(MlirLocation loc, MlirAffineMap index, MlirType result);
/* The body terminator `gpu.yield %value`. */
MlirOperation ind_yield_create(MlirLocation loc, MlirValue value);

/* Sets `origins` to an array of strings (the graph ops folded into the buffer). */
void ind_set_origins(MlirOperation op, const char *const *names, intptr_t n);

/* --- Accessors. Callers check the op kind first; on an op of another kind they return empty /
 * null values. */
/* The buffer op's `name` ("buf0"); empty when absent. */
MlirStringRef ind_buffer_name(MlirOperation op);
/* Copies up to `max` entries of `ranges` / `reduction_ranges` into out; returns the full length,
 * or -1 when the attribute is absent (reduction_ranges of a pointwise op: 0). */
intptr_t ind_ranges(MlirOperation op, int64_t *out, intptr_t max);
/* ind_reduction_ranges gives the index maps' dims after `ranges`: reduction_ranges of a reduction,
 * scan_ranges of a scan, none (0) for a pointwise op. */
intptr_t ind_reduction_ranges(MlirOperation op, int64_t *out, intptr_t max);
IndReductionType ind_reduction_type(MlirOperation op);
/* A scan's combine (sum | max | min | prod); IND_REDUCE_INVALID otherwise. */
IndReductionType ind_scan_type(MlirOperation op);
/* True for the combines a scan supports (sum, max, min, prod). */
bool ind_scan_type_supported(IndReductionType t);
/* The body region / its single block / the value its gpu.yield yields (null when malformed). */
MlirRegion ind_computed_buffer_body(MlirOperation op);
MlirBlock ind_computed_buffer_body_block(MlirOperation op);
MlirValue ind_computed_buffer_yielded(MlirOperation op);
/* The number of entries of `origins` and the i-th one (empty when absent). */
intptr_t ind_origins_count(MlirOperation op);
MlirStringRef ind_origin_at(MlirOperation op, intptr_t i);
/* ind.extern's kernel ("mm" | "bmm"). */
MlirStringRef ind_extern_kernel(MlirOperation op);
/* ind.extern's per-input transpose flags into out[0..2) (false when `transpose` is absent); false when
 * the attribute is present but not a dense i1 array of 2 elements. */
bool ind_extern_transpose(MlirOperation op, bool out[2]);
/* ind.load's buffer operand; the index map of ind.load / ind.index_expr. */
MlirValue ind_load_buffer(MlirOperation op);
/* ind.load's `offset` operand (null for a direct load). */
MlirValue ind_load_offset(MlirOperation op);
/* ind.indirect_indexing's `size` (-1 when absent). */
int64_t ind_indirect_size(MlirOperation op);
MlirAffineMap ind_index_map(MlirOperation op);

/* The buffer name of a memref SSA value, written into buf (NUL-terminated, truncated at len):
 * "arg<i>_1" for the i-th argument of the enclosing function, the defining op's `name` for a
 * buffer op. Returns false (buf = "?") for anything else. */
bool ind_value_buffer_name(MlirValue v, char *buf, size_t len);

/* Checks the facts of docs/ir-contract.md (Stage 2) that IRDL cannot express, on one ind op:
 * attribute values (reduction_type, positive ranges, origins), the result memref (static, holding
 * product(ranges) elements for computed buffers), the body (one block, no arguments, ends in
 * gpu.yield of one f32/i1 value), index maps (n+m dims, one result, no symbols), and that every
 * load reads a memref value defined outside the body. Emits a located error and returns failure
 * on the first violation. */
MlirLogicalResult ind_verify_op(MlirOperation op);
/* ind_verify_op on every ind op nested in `root`. */
MlirLogicalResult ind_verify(MlirOperation root);

#ifdef __cplusplus
}
#endif

#endif
