/* elem_type.h - the element types' names and sizes (IndElementType, ind/runtime.h): the one table of them.
 * Header-only and libc-only, like lib/json.h, so that every layer reads it, the standalone runtime too:
 *   - runtime/ind_runtime.c: the public ind_element_type_name / _size / _parse (libindrt, built without lib/);
 *   - passes/codegen/launch_plan.c: the launch plan's "dtype" (which the runtime parses back);
 *   - lib/tensor.c, lib/npy_raw.c: what a tensor is shown as (ind-run's lines, .npy messages).
 *
 * i1 has two spellings: "i1" is its name in the IR and in the launch plan; "bool" is how a tensor of it is
 * shown ("32x64xbool"), as NumPy and torch name it. Every other type is spelled the same both ways. */
#ifndef IND_LIB_ELEM_TYPE_H
#define IND_LIB_ELEM_TYPE_H

#include "ind/runtime.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IndElemInfo {
  const char *name;        /* the IR's spelling: "f32" "f16" "bf16" "f64" "i1" "i8" "i32" "i64" */
  const char *tensor_name; /* as name, but "bool" for i1 */
  size_t size;             /* bytes per element in dense storage (i1: one byte) */
} IndElemInfo;

/* The row of t, NULL when t is no IndElementType. */
static inline const IndElemInfo *ind_elem_info(IndElementType t) {
  /* in IndElementType's order */
  static const IndElemInfo rows[IND_ELEM_COUNT] = {
      {"f32", "f32", 4}, {"f16", "f16", 2}, {"bf16", "bf16", 2}, {"f64", "f64", 8},
      {"i1", "bool", 1}, {"i8", "i8", 1},   {"i32", "i32", 4},   {"i64", "i64", 8},
  };
  return (unsigned)t < (unsigned)IND_ELEM_COUNT ? &rows[t] : NULL;
}

/* The IR's name of t ("i1"); "?" when t is no IndElementType. */
static inline const char *ind_elem_name(IndElementType t) {
  const IndElemInfo *r = ind_elem_info(t);
  return r ? r->name : "?";
}

/* The name a tensor of t is shown with ("bool" for i1); "?" when t is no IndElementType. */
static inline const char *ind_elem_tensor_name(IndElementType t) {
  const IndElemInfo *r = ind_elem_info(t);
  return r ? r->tensor_name : "?";
}

/* Bytes per element; 0 when t is no IndElementType. */
static inline size_t ind_elem_size(IndElementType t) {
  const IndElemInfo *r = ind_elem_info(t);
  return r ? r->size : 0;
}

/* The type whose IR name is `name` ("f32" -> IND_ELEM_F32); false when none is. */
static inline bool ind_elem_parse(const char *name, IndElementType *out) {
  for (int t = 0; t < IND_ELEM_COUNT; ++t)
    if (strcmp(ind_elem_info((IndElementType)t)->name, name) == 0) {
      *out = (IndElementType)t;
      return true;
    }
  return false;
}

#ifdef __cplusplus
}
#endif

#endif
