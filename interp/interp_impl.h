/* interp_impl.h - private to the reference interpreter (interp/interp*.c): the value store shared by
 * the dialect evaluators. Not part of the API (that is interp/interp.h).
 *
 * Every SSA value the interpreter computes is an InterpValue:
 *   - a graph tensor: `store` is the logical tensor (C order), is_buffer false;
 *   - an ind buffer (memref): `store` is its flat storage (rank 1, the storage size), and
 *     rank/shape/strides/offset are the memref's layout through which the logical tensor is read
 *     (element (i0..in) lives at storage[offset + sum(ik * strides[k])]).
 * Values live in slots owned by the state; several SSA values may alias one slot (a sched.node's
 * result is the buffer its region yields). */
#ifndef IND_INTERP_INTERP_IMPL_H
#define IND_INTERP_INTERP_IMPL_H

#include "interp/interp.h"
#include "lib/ir.h"
#include "lib/ptrmap.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct InterpValue {
  IndTensor store;
  bool is_buffer;
  int rank;
  int64_t shape[IND_TENSOR_MAX_RANK], strides[IND_TENSOR_MAX_RANK], offset;
} InterpValue;

typedef struct InterpState {
  InterpValue **slots; /* owned values */
  int nslots, slot_cap;
  IndPtrMap map;  /* MlirValue.ptr -> slot index */
  bool keep_lowp; /* ind_interp_func_unrounded: f16/bf16 graph results stay unrounded (outputs rounded) */
} InterpState;

/* Binds `v` to a new slot that takes ownership of *val (which is zeroed). False on OOM. */
bool interp_bind(InterpState *s, MlirValue v, InterpValue *val);
/* Makes `v` an alias of the value already bound to `existing`. */
bool interp_alias(InterpState *s, MlirValue v, MlirValue existing);
/* The value bound to v, or NULL. */
InterpValue *interp_lookup(InterpState *s, MlirValue v);
/* Looks up operand i of op; emits "interpreter: operand #i of 'op' has no value" when missing. */
InterpValue *interp_operand(InterpState *s, MlirOperation op, intptr_t i);

/* The logical tensor of a value: a copy for tensors, a gather through the layout for buffers. */
bool interp_value_logical(const InterpValue *v, IndTensor *out);
/* A contiguous buffer value (strides row-major, offset 0) of the given memref type's layout with
 * at least min_storage storage elements. Emits at op on an unsupported type. */
MlirLogicalResult interp_make_buffer(MlirOperation op, MlirType memref, int64_t min_storage, InterpValue *out);

/* An integer value held as a double, as int64 (bitwise ops, integer division): NaN is 0, 2^63 (INT64_MAX
 * rounded to double) and beyond clamp instead of the undefined conversion. Both interpreters use it, so
 * they agree on huge values. */
static inline int64_t interp_int64_of(double v) {
  if (v != v)
    return 0;
  return v >= 9.2233720368547758e18 ? INT64_MAX : v <= -9.2233720368547758e18 ? INT64_MIN : (int64_t)v;
}

/* Stores v (a value computed in double, already rounded to t's dtype) at element i of t, and its integer in
 * ival when t has one. The ind/sched evaluators compute in double: exact to 2^53 for integers. */
static inline void interp_store_double(IndTensor *t, int64_t i, double v) {
  t->data[i] = v;
  if (t->ival)
    t->ival[i] = interp_int64_of(v);
}

/* Per-dialect evaluators: compute op's results and bind them. */
bool interp_is_graph_op(MlirOperation op);
MlirLogicalResult interp_graph_op(InterpState *s, MlirOperation op);
bool interp_is_ind_op(MlirOperation op);
MlirLogicalResult interp_ind_op(InterpState *s, MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif
