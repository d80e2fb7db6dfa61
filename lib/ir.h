/* ir.h - small helpers over the MLIR C API shared by every pass and tool.
 *
 * Strings: MlirStringRef is not NUL-terminated; ind_str() makes one from a C string and
 * ind_sref_eq() compares without copying. Diagnostics: ind_emit_error() reports at an op's
 * location through MLIR's diagnostic engine (never printf from a pass). */
#ifndef IND_LIB_IR_H
#define IND_LIB_IR_H

#include <mlir-c/AffineExpr.h>
#include <mlir-c/AffineMap.h>
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

static inline MlirStringRef ind_str(const char *s) { return mlirStringRefCreateFromCString(s); }
bool ind_sref_eq(MlirStringRef a, const char *b);
bool ind_sref_starts_with(MlirStringRef a, const char *prefix);

/* The deepest bracket nesting ind parses: MLIR's parser recurses once per nested ( [ { <, so a
 * deeper input (an attribute nested 10,000 arrays deep) would overflow the stack. Real programs
 * nest a few dozen levels at most. */
#define IND_MAX_NESTING 512
/* The first position (1-based line and column) in text[0..len) where the bracket nesting of
 * ( [ { < (outside strings and // comments; the `>` of `->` excepted) exceeds max_depth, or false. */
bool ind_text_too_deep(const char *text, size_t len, int max_depth, int *line, int *col);
/* mlirModuleCreateParse behind the nesting guard: a too-deep input is the located error
 * "input nested deeper than N levels" (at the file "-", the tools' own buffer) and a null module. */
MlirModule ind_parse_module(MlirContext ctx, const char *text, size_t len);

/* The op's name ("graph.add") as a string ref; ind_op_is compares it with `name`. */
MlirStringRef ind_op_name(MlirOperation op);
bool ind_op_is(MlirOperation op, const char *name);
/* True when a func.return uses `v` (it is one of its function's outputs). */
bool ind_value_is_returned(MlirValue v);
/* The same attributes, name for name and value for value (attributes are uniqued in the context). */
bool ind_same_attributes(MlirOperation a, MlirOperation b);
/* True when the op's dialect namespace is `ns` ("graph", "ind", ...). */
bool ind_op_in_dialect(MlirOperation op, const char *ns);

/* The linear form of e: adds mult * (its coefficient of dim k) to coef[k] for k < ndims and mult * its
 * constant to *cst (cst may be NULL); false for mod / floordiv / ceildiv, a product of two
 * non-constants, or a dim >= ndims. */
bool ind_affine_linearize(MlirAffineExpr e, int64_t mult, int64_t *coef, int ndims, int64_t *cst);

/* Attribute accessors: return false (and leave *out alone) when the attribute is absent or of
 * another kind. String results point into the context and live as long as it. */
bool ind_attr_str(MlirOperation op, const char *name, MlirStringRef *out);
bool ind_attr_int(MlirOperation op, const char *name, int64_t *out);
bool ind_attr_float(MlirOperation op, const char *name, double *out);
bool ind_attr_bool(MlirOperation op, const char *name, bool *out);
/* A dense i64 array attribute: copies up to `max` elements into out and sets *n to the full
 * length (which may exceed max: callers check). */
bool ind_attr_i64_array(MlirOperation op, const char *name, int64_t *out, intptr_t max, intptr_t *n);
/* A dense i1 array attribute (`array<i1: true, false>`), as ind_attr_i64_array. */
bool ind_attr_bool_array(MlirOperation op, const char *name, bool *out, intptr_t max, intptr_t *n);
/* An optional two-flag attribute (array<i1: a, b>; an extern's `transpose`): absent, both false; false when
 * it is there but not two bools. */
bool ind_attr_bool_pair(MlirOperation op, const char *name, bool out[2]);
void ind_set_attr(MlirOperation op, const char *name, MlirAttribute attr);
MlirAttribute ind_str_attr(MlirContext ctx, const char *s);
MlirAttribute ind_i64_array_attr(MlirContext ctx, const int64_t *v, intptr_t n);
MlirAttribute ind_bool_array_attr(MlirContext ctx, const bool *v, intptr_t n);

/* Reports an error at the op's location; printf-style. Always returns failure so that
 * `return ind_emit_error(op, ...)` reads naturally. */
MlirLogicalResult ind_emit_error(MlirOperation op, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
MlirLogicalResult ind_emit_error_at(MlirLocation loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Collects printed text (mlirOperationPrint and friends) into a growing heap buffer. */
typedef struct IndStrBuf {
  char *data;
  size_t len, cap;
} IndStrBuf;
void ind_strbuf_append(IndStrBuf *b, const char *data, size_t len);
void ind_strbuf_printf(IndStrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ind_strbuf_free(IndStrBuf *b);
/* An MlirStringCallback that appends to the IndStrBuf passed as userData. */
void ind_strbuf_callback(MlirStringRef s, void *user);

/* Prints `op` in generic form (what every ind tool writes) into `b`. */
void ind_print_generic(MlirOperation op, IndStrBuf *b);

/* Module-level walk in pre-order over every nested op; the callback returns false to stop. */
typedef bool (*IndWalkFn)(MlirOperation op, void *user);
bool ind_walk(MlirOperation root, IndWalkFn fn, void *user);

/* The func.func ops under `root` named `name` (every one when name is NULL): returns how many, and the
 * first in *first (null when none). What every driver runs: the module's only function, or --func NAME. */
int ind_find_func(MlirOperation root, const char *name, MlirOperation *first);

/* --- shapes and names: each rule defined once. */
/* The number of elements of a shape: the product of shape[0..rank) (1 for rank 0). */
int64_t ind_shape_numel(const int64_t *shape, intptr_t rank);
/* The number of elements of a shaped type: the product of its static dims (a dynamic dim counts 1;
 * 1 for a null, unranked or non-shaped type). */
int64_t ind_type_numel(MlirType t);
/* ATen's maybe_wrap_dim: a negative dim counts from the end, and a rank-0 tensor takes 0 and -1.
 * Writes the dim in 0..rank-1 (0 for rank 0); false when out of range. */
bool ind_norm_dim(int64_t d, int64_t rank, int64_t *out);
/* The name of graph input (function argument) `index`: Inductor's placeholder name "arg<index>_1".
 * Returns what snprintf returns. */
int ind_arg_name(char *buf, size_t len, intptr_t index);

/* --- value maps: an MLIR value -> the value it became (the code generators' clone of a kernel body into
 * another function: sched-to-kernel, convert-kernel-to-cpu). Bodies are small (tens of ops): a linear
 * search from the latest entry, so a value mapped again reads its newest mapping. Zero-initialized is empty. */
typedef struct IndValueMap {
  MlirValue *from, *to;
  int n, cap;
} IndValueMap;
void ind_value_map_put(IndValueMap *m, MlirValue from, MlirValue to);
bool ind_value_map_get(const IndValueMap *m, MlirValue from, MlirValue *to);
void ind_value_map_free(IndValueMap *m);

/* --- memref types. The largest rank the memref helpers (and the CPU JIT's descriptors) handle. */
#define IND_MEMREF_MAX_RANK 8
/* For a static memref type: the number of elements its storage spans from the base (1 + largest
 * offset; 0 for an empty shape), or -1 when the type is not a static strided memref. */
int64_t ind_memref_storage_elems(MlirType memref);
/* Bytes of one element of a memref of `elem` (f32 4, f16/bf16 2, f64/i64 8, i32 4, i1 1), 0 if
 * unsupported. */
size_t ind_memref_elem_size(MlirType elem);

#ifdef __cplusplus
}
#endif

#endif
