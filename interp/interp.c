/* interp.c - the reference interpreter's driver: the value store, func.func execution, sched
 * regions, inputs and outputs. The dialect evaluators are interp_graph.c and interp_ind.c.
 * See interp.h for what is executed and the precision rule. */
#include "dialects/graph/graph.h"
#include "interp/interp_impl.h"
#include "lib/vec.h"

#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the value store ---------------------------------------------------------------------- */

static bool map_put(InterpState *s, const void *key, int slot) { return ind_ptrmap_put(&s->map, key, slot); }

static int map_get(const InterpState *s, const void *key) {
  int64_t slot;
  return ind_ptrmap_get(&s->map, key, &slot) ? (int)slot : -1;
}

bool interp_bind(InterpState *s, MlirValue v, InterpValue *val) {
  IND_VEC_RESERVE(s->slots, s->slot_cap, s->nslots + 1);
  InterpValue *owned = malloc(sizeof *owned);
  if (!owned)
    return false;
  *owned = *val;
  memset(val, 0, sizeof *val);
  s->slots[s->nslots] = owned;
  if (!map_put(s, v.ptr, s->nslots)) {
    ind_tensor_free(&owned->store);
    free(owned);
    return false;
  }
  ++s->nslots;
  return true;
}

bool interp_alias(InterpState *s, MlirValue v, MlirValue existing) {
  int slot = map_get(s, existing.ptr);
  return slot >= 0 && map_put(s, v.ptr, slot);
}

InterpValue *interp_lookup(InterpState *s, MlirValue v) {
  int slot = map_get(s, v.ptr);
  return slot < 0 ? NULL : s->slots[slot];
}

InterpValue *interp_operand(InterpState *s, MlirOperation op, intptr_t i) {
  InterpValue *v = NULL;
  if (i < mlirOperationGetNumOperands(op))
    v = interp_lookup(s, mlirOperationGetOperand(op, i));
  if (!v) {
    MlirStringRef n = ind_op_name(op);
    ind_emit_error(op, "interpreter: operand #%d of '%.*s' has no value", (int)i, (int)n.length, n.data);
  }
  return v;
}

static void state_free(InterpState *s) {
  for (int i = 0; i < s->nslots; ++i) {
    ind_tensor_free(&s->slots[i]->store);
    free(s->slots[i]);
  }
  free(s->slots);
  ind_ptrmap_free(&s->map);
  memset(s, 0, sizeof *s);
}

/* --- buffers and layouts ------------------------------------------------------------------ */

/* Storage elements a layout spans: offset + sum((size-1) * stride) + 1 (0 for an empty view). */
static bool layout_extent(int rank, const int64_t *shape, const int64_t *strides, int64_t offset, int64_t *out) {
  int64_t hi = offset;
  for (int k = 0; k < rank; ++k) {
    if (shape[k] == 0) {
      *out = 0;
      return true;
    }
    if (strides[k] < 0)
      return false;
    hi += (shape[k] - 1) * strides[k];
  }
  *out = hi + 1;
  return offset >= 0;
}

/* Reads a static memref type's layout into v (rank, shape, strides, offset, dtype). */
static bool memref_layout(MlirType t, InterpValue *v, IndElementType *dt) {
  if (!mlirTypeIsAMemRef(t) || !ind_shape_from_mlir(t, dt, &v->rank, v->shape))
    return false;
  int64_t off = 0;
  if (mlirLogicalResultIsFailure(mlirMemRefTypeGetStridesAndOffset(t, v->strides, &off)))
    return false;
  for (int k = 0; k < v->rank; ++k)
    if (v->strides[k] == mlirShapedTypeGetDynamicStrideOrOffset())
      return false;
  if (off == mlirShapedTypeGetDynamicStrideOrOffset())
    return false;
  v->offset = off;
  return true;
}

MlirLogicalResult interp_make_buffer(MlirOperation op, MlirType memref, int64_t min_storage, InterpValue *out) {
  memset(out, 0, sizeof *out);
  IndElementType dt;
  int64_t extent;
  if (!memref_layout(memref, out, &dt) || !layout_extent(out->rank, out->shape, out->strides, out->offset, &extent))
    return ind_emit_error(op, "interpreter: unsupported buffer type (a static memref with static, non-negative "
                              "strides and offset is required)");
  int64_t n = extent > min_storage ? extent : min_storage;
  out->is_buffer = true;
  if (!ind_tensor_init(&out->store, dt, 1, &n))
    return ind_emit_error(op, "interpreter: cannot allocate a buffer of %lld elements", (long long)n);
  return mlirLogicalResultSuccess();
}

/* Storage position of logical element `i` (row-major) of a buffer value. */
static int64_t buffer_pos(const InterpValue *v, int64_t i) {
  int64_t pos = v->offset;
  for (int k = v->rank - 1; k >= 0; --k) {
    pos += (i % v->shape[k]) * v->strides[k];
    i /= v->shape[k];
  }
  return pos;
}

bool interp_value_logical(const InterpValue *v, IndTensor *out) {
  if (!v->is_buffer)
    return ind_tensor_copy(out, &v->store);
  if (!ind_tensor_init(out, v->store.dtype, v->rank, v->shape))
    return false;
  for (int64_t i = 0; i < out->numel; ++i) {
    int64_t p = buffer_pos(v, i);
    if (out->ival)
      ind_tensor_set_int(out, i, p < v->store.numel ? ind_tensor_int(&v->store, p) : 0);
    else
      out->data[i] = p < v->store.numel ? v->store.data[p] : 0.0;
  }
  return true;
}

/* --- inputs -------------------------------------------------------------------------------- */

static MlirBlock func_entry(MlirOperation func) {
  MlirRegion r = mlirOperationGetRegion(func, 0);
  return mlirRegionGetFirstBlock(r);
}

int ind_interp_num_inputs(MlirOperation func) {
  if (!ind_op_is(func, "func.func") || mlirOperationGetNumRegions(func) < 1)
    return 0;
  MlirBlock b = func_entry(func);
  return mlirBlockIsNull(b) ? 0 : (int)mlirBlockGetNumArguments(b);
}

int ind_interp_num_outputs(MlirOperation func) {
  if (!ind_op_is(func, "func.func") || mlirOperationGetNumRegions(func) < 1)
    return 0;
  MlirBlock b = func_entry(func);
  MlirOperation term = mlirBlockIsNull(b) ? (MlirOperation){NULL} : mlirBlockGetTerminator(b);
  return mlirOperationIsNull(term) ? 0 : (int)mlirOperationGetNumOperands(term);
}

static MlirType arg_type(MlirOperation func, int k) {
  return mlirValueGetType(mlirBlockGetArgument(func_entry(func), k));
}

static void type_str(MlirType t, char *buf, size_t len) {
  IndStrBuf b = {0};
  mlirTypePrint(t, ind_strbuf_callback, &b);
  snprintf(buf, len, "%s", b.data ? b.data : "?");
  ind_strbuf_free(&b);
}

bool ind_interp_check_input(MlirOperation func, int k, const IndTensor *t, char *err, size_t errlen) {
  IndElementType dt;
  int rank;
  int64_t shape[IND_TENSOR_MAX_RANK];
  MlirType ty = arg_type(func, k);
  char want[128];
  type_str(ty, want, sizeof want);
  if (!ind_shape_from_mlir(ty, &dt, &rank, shape)) {
    snprintf(err, errlen,
             "argument %d: unsupported type %s (a static tensor or memref of f32 f16 bf16 f64 i64 "
             "i32 i1 is required)",
             k, want);
    return false;
  }
  IndTensor expect = {.dtype = dt, .rank = rank};
  memcpy(expect.shape, shape, sizeof shape);
  if (t->dtype != dt || !ind_tensor_same_shape(t, &expect)) {
    char got[128], exp[128];
    ind_tensor_shape_str(t, got, sizeof got);
    ind_tensor_shape_str(&expect, exp, sizeof exp);
    snprintf(err, errlen, "argument %d (%s): expected %s, got %s", k, want, exp, got);
    return false;
  }
  return true;
}

/* splitmix64: a small, well-mixed 64-bit generator step. */
static uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

static double random_value(uint64_t seed, int k, int64_t i, IndElementType dt) {
  uint64_t u = mix64(mix64(mix64(seed) ^ (uint64_t)(k + 1)) + (uint64_t)i);
  if (dt == IND_ELEM_I1)
    return (double)(u >> 63);
  if (!ind_dtype_is_float(dt))
    return (double)((u >> 11) % 10);
  double f = (double)(u >> 11) * 0x1.0p-53; /* [0, 1) */
  return ind_round_to_dtype(2.0 * f - 1.0, dt);
}

/* A located error for argument k, whose type holds no IndTensor. The first graph op using it reports it with
 * the compiler's own rule (graph_verify_result_types, which graph-infer-shapes runs: "unsupported dtype i8",
 * "operand #0 has rank 9, ...", "... must be a tensor with a static shape"), as ind-opt would; an argument no
 * graph op uses gets the reason at the argument. */
static MlirLogicalResult argument_type_error(MlirOperation func, int k) {
  MlirValue arg = mlirBlockGetArgument(func_entry(func), k);
  for (MlirOperation op = mlirBlockGetFirstOperation(func_entry(func)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!interp_is_graph_op(op) || graph_op_id(op) == GRAPH_OP_UNKNOWN)
      continue;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
      if (mlirValueEqual(mlirOperationGetOperand(op, i), arg) &&
          mlirLogicalResultIsFailure(graph_verify_result_types(op)))
        return mlirLogicalResultFailure();
  }
  MlirType t = mlirValueGetType(arg);
  char ts[256];
  IndElementType dt;
  type_str(t, ts, sizeof ts);
  const char *why = "not a ranked tensor or memref";
  if (mlirTypeIsARankedTensor(t) || mlirTypeIsAMemRef(t)) {
    if (!ind_dtype_from_mlir(mlirShapedTypeGetElementType(t), &dt))
      why = "unsupported element type (f32 f16 bf16 f64 i64 i32 i1; graph tensors have no f64)";
    else if (!mlirShapedTypeHasStaticShape(t))
      why = "a dynamic shape (static sizes are required)";
    else
      why = "a rank more than the supported 8";
  }
  _Static_assert(IND_TENSOR_MAX_RANK == 8, "the message above names the maximum rank");
  return ind_emit_error_at(mlirValueGetLocation(arg), "interpreter: argument %d has type %s: %s", k, ts, why);
}

MlirLogicalResult ind_interp_check_arguments(MlirOperation func) {
  int n = ind_interp_num_inputs(func);
  for (int k = 0; k < n; ++k) {
    IndElementType dt;
    int rank;
    int64_t shape[IND_TENSOR_MAX_RANK];
    if (!ind_shape_from_mlir(arg_type(func, k), &dt, &rank, shape))
      return argument_type_error(func, k);
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult ind_interp_random_inputs(MlirOperation func, uint64_t seed, IndTensor *inputs, int max_inputs,
                                           int *n_inputs) {
  *n_inputs = 0;
  int n = ind_interp_num_inputs(func);
  if (n > max_inputs)
    return ind_emit_error(func, "interpreter: the function has %d arguments, more than %d", n, max_inputs);
  if (mlirLogicalResultIsFailure(ind_interp_check_arguments(func)))
    return mlirLogicalResultFailure();
  for (int k = 0; k < n; ++k) {
    IndElementType dt;
    int rank;
    int64_t shape[IND_TENSOR_MAX_RANK];
    bool typed = ind_shape_from_mlir(arg_type(func, k), &dt, &rank, shape);
    if (!typed || !ind_tensor_init(&inputs[k], dt, rank, shape)) {
      for (int j = 0; j < k; ++j)
        ind_tensor_free(&inputs[j]);
      if (!typed) /* checked above */
        return argument_type_error(func, k);
      char t[256]; /* a supported type whose elements cannot be allocated */
      type_str(arg_type(func, k), t, sizeof t);
      return ind_emit_error(func, "interpreter: argument %d (%s): cannot allocate its random input (too large)", k, t);
    }
    for (int64_t i = 0; i < inputs[k].numel; ++i)
      if (inputs[k].ival)
        ind_tensor_set_int(&inputs[k], i, (int64_t)random_value(seed, k, i, dt));
      else
        inputs[k].data[i] = random_value(seed, k, i, dt);
  }
  *n_inputs = n;
  return mlirLogicalResultSuccess();
}

/* Binds func argument k: a tensor argument gets the (rounded) tensor, a memref argument a buffer
 * whose storage holds the tensor's elements at the layout's positions. */
static MlirLogicalResult bind_argument(InterpState *s, MlirOperation func, int k, const IndTensor *t) {
  MlirValue arg = mlirBlockGetArgument(func_entry(func), k);
  MlirType ty = mlirValueGetType(arg);
  InterpValue v;
  memset(&v, 0, sizeof v);
  if (mlirTypeIsAMemRef(ty)) {
    if (mlirLogicalResultIsFailure(interp_make_buffer(func, ty, 0, &v)))
      return mlirLogicalResultFailure();
    for (int64_t i = 0; i < t->numel; ++i)
      if (v.store.ival)
        ind_tensor_set_int(&v.store, buffer_pos(&v, i), ind_wrap_int(ind_tensor_int(t, i), t->dtype));
      else
        v.store.data[buffer_pos(&v, i)] = ind_round_to_dtype(t->data[i], t->dtype);
  } else {
    if (!ind_tensor_copy(&v.store, t))
      return ind_emit_error(func, "interpreter: out of memory");
    ind_tensor_round(&v.store);
  }
  if (!interp_bind(s, arg, &v)) {
    ind_tensor_free(&v.store);
    return ind_emit_error(func, "interpreter: out of memory");
  }
  return mlirLogicalResultSuccess();
}

/* --- execution ----------------------------------------------------------------------------- */

static MlirLogicalResult run_block(InterpState *s, MlirBlock b, MlirOperation *terminator);

static bool is_terminator(MlirOperation op) { return ind_op_is(op, "func.return") || ind_op_is(op, "gpu.yield"); }

static bool is_sched_region_op(MlirOperation op) { return ind_op_is(op, "sched.node") || ind_op_is(op, "sched.fused"); }

/* sched.node / sched.fused: run the region's ops in order; the op's results are the buffers its
 * gpu.yield yields (aliases, no copies). */
static MlirLogicalResult run_sched_region(InterpState *s, MlirOperation op) {
  MlirRegion r = mlirOperationGetRegion(op, 0);
  MlirBlock b = mlirRegionGetFirstBlock(r);
  if (mlirBlockIsNull(b))
    return ind_emit_error(op, "interpreter: sched region has no block");
  MlirOperation term = {NULL};
  if (mlirLogicalResultIsFailure(run_block(s, b, &term)))
    return mlirLogicalResultFailure();
  if (mlirOperationIsNull(term) || !ind_op_is(term, "gpu.yield"))
    return ind_emit_error(op, "interpreter: sched region does not end in gpu.yield");
  intptr_t n = mlirOperationGetNumResults(op);
  if (mlirOperationGetNumOperands(term) != n)
    return ind_emit_error(op, "interpreter: sched region yields %d values for %d results",
                          (int)mlirOperationGetNumOperands(term), (int)n);
  for (intptr_t i = 0; i < n; ++i)
    if (!interp_alias(s, mlirOperationGetResult(op, i), mlirOperationGetOperand(term, i)))
      return ind_emit_error(op, "interpreter: yielded value #%d has no value", (int)i);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run_op(InterpState *s, MlirOperation op) {
  if (interp_is_graph_op(op))
    return interp_graph_op(s, op);
  if (interp_is_ind_op(op))
    return interp_ind_op(s, op);
  if (is_sched_region_op(op))
    return run_sched_region(s, op);
  MlirStringRef n = ind_op_name(op);
  return ind_emit_error(op, "interpreter: unsupported op '%.*s'", (int)n.length, n.data);
}

/* Runs the ops of b in order up to its terminator (returned in *terminator). */
static MlirLogicalResult run_block(InterpState *s, MlirBlock b, MlirOperation *terminator) {
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (is_terminator(op)) {
      *terminator = op;
      return mlirLogicalResultSuccess();
    }
    if (mlirLogicalResultIsFailure(run_op(s, op)))
      return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult check_inputs(MlirOperation func, const IndTensor *inputs, int n_inputs) {
  int n = ind_interp_num_inputs(func);
  if (n != n_inputs)
    return ind_emit_error(func, "interpreter: the function takes %d arguments, %d inputs given", n, n_inputs);
  for (int k = 0; k < n; ++k) {
    char err[512];
    if (!ind_interp_check_input(func, k, &inputs[k], err, sizeof err))
      return ind_emit_error(func, "interpreter: %s", err);
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult collect_outputs(InterpState *s, MlirOperation ret, IndTensor *outputs, int max_outputs,
                                         int *n_outputs) {
  intptr_t n = mlirOperationGetNumOperands(ret);
  if (n > max_outputs)
    return ind_emit_error(ret, "interpreter: %d results, more than %d", (int)n, max_outputs);
  for (intptr_t i = 0; i < n; ++i) {
    InterpValue *v = interp_operand(s, ret, i);
    if (!v || !interp_value_logical(v, &outputs[i])) {
      for (intptr_t j = 0; j < i; ++j)
        ind_tensor_free(&outputs[j]);
      return v ? ind_emit_error(ret, "interpreter: out of memory") : mlirLogicalResultFailure();
    }
  }
  *n_outputs = (int)n;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult interp_func(MlirOperation func, const IndTensor *inputs, int n_inputs, IndTensor *outputs,
                                     int max_outputs, int *n_outputs, bool keep_lowp) {
  *n_outputs = 0;
  if (!ind_op_is(func, "func.func") || mlirBlockIsNull(func_entry(func)))
    return ind_emit_error(func, "interpreter: expected a func.func with a body");
  if (mlirLogicalResultIsFailure(check_inputs(func, inputs, n_inputs)))
    return mlirLogicalResultFailure();
  InterpState s;
  memset(&s, 0, sizeof s);
  s.keep_lowp = keep_lowp;
  MlirLogicalResult r = mlirLogicalResultSuccess();
  for (int k = 0; k < n_inputs && mlirLogicalResultIsSuccess(r); ++k)
    r = bind_argument(&s, func, k, &inputs[k]);
  MlirOperation term = {NULL};
  if (mlirLogicalResultIsSuccess(r))
    r = run_block(&s, func_entry(func), &term);
  if (mlirLogicalResultIsSuccess(r) && (mlirOperationIsNull(term) || !ind_op_is(term, "func.return")))
    r = ind_emit_error(func, "interpreter: the function does not end in func.return");
  if (mlirLogicalResultIsSuccess(r))
    r = collect_outputs(&s, term, outputs, max_outputs, n_outputs);
  for (int k = 0; keep_lowp && mlirLogicalResultIsSuccess(r) && k < *n_outputs; ++k)
    ind_tensor_round(&outputs[k]); /* stored outputs are rounded, as the compiled program's */
  state_free(&s);
  return r;
}

MlirLogicalResult ind_interp_func(MlirOperation func, const IndTensor *inputs, int n_inputs, IndTensor *outputs,
                                  int max_outputs, int *n_outputs) {
  return interp_func(func, inputs, n_inputs, outputs, max_outputs, n_outputs, false);
}

MlirLogicalResult ind_interp_func_unrounded(MlirOperation func, const IndTensor *inputs, int n_inputs,
                                            IndTensor *outputs, int max_outputs, int *n_outputs) {
  return interp_func(func, inputs, n_inputs, outputs, max_outputs, n_outputs, true);
}
