/* kernel.c - builders and accessors of the kernel dialect; see kernel.h. */
#include "dialects/kernel/kernel.h"

#include "lib/ir.h"

#include <string.h>

static const char *const kind_names[] = {"pointwise", "persistent_reduction", "reduction"};
static const char *const kind_prefixes[] = {"poi", "per", "red"};
static const char *const red_names[] = {
    "sum", "max", "min", "prod", "welford_mean", "welford_m2", "online_softmax_max", "online_softmax_sum"};

static const char *const op_names[KERNEL_OP_COUNT] = {
    [KERNEL_OP_UNKNOWN] = "",
    [KERNEL_OP_DEF] = KERNEL_DEF,
    [KERNEL_OP_LOAD] = KERNEL_LOAD,
    [KERNEL_OP_STORE] = KERNEL_STORE,
    [KERNEL_OP_INDEX_EXPR] = KERNEL_INDEX_EXPR,
    [KERNEL_OP_REDUCE] = KERNEL_REDUCE,
    [KERNEL_OP_SCAN] = KERNEL_SCAN,
    [KERNEL_OP_CHECK_INDEX] = KERNEL_CHECK_INDEX,
    [KERNEL_OP_ALLOC] = KERNEL_ALLOC,
    [KERNEL_OP_LAUNCH] = KERNEL_LAUNCH,
    [KERNEL_OP_EXTERN_CALL] = KERNEL_EXTERN_CALL,
};

KernelOpId kernel_op_id(MlirOperation op) {
  if (mlirOperationIsNull(op) || !ind_op_in_dialect(op, "kernel"))
    return KERNEL_OP_UNKNOWN;
  MlirStringRef name = ind_op_name(op);
  for (int i = 1; i < KERNEL_OP_COUNT; ++i)
    if (ind_sref_eq(name, op_names[i]))
      return (KernelOpId)i;
  return KERNEL_OP_UNKNOWN;
}

const char *kernel_op_id_name(KernelOpId id) {
  return id > KERNEL_OP_UNKNOWN && id < KERNEL_OP_COUNT ? op_names[id] : "";
}

const char *kernel_kind_str(KernelKind k) { return k >= 0 && k <= KERNEL_KIND_REDUCTION ? kind_names[k] : "?"; }
const char *kernel_kind_prefix(KernelKind k) { return k >= 0 && k <= KERNEL_KIND_REDUCTION ? kind_prefixes[k] : "?"; }

KernelKind kernel_kind_parse(MlirStringRef s) {
  for (int k = 0; k <= KERNEL_KIND_REDUCTION; ++k)
    if (ind_sref_eq(s, kind_names[k]))
      return (KernelKind)k;
  return KERNEL_KIND_INVALID;
}

const char *kernel_reduction_str(KernelReduction r) {
  return r >= 0 && r <= KERNEL_RED_ONLINE_SUM ? red_names[r] : "?";
}

int kernel_reduction_state_width(KernelReduction r) {
  return r == KERNEL_RED_WELFORD_MEAN || r == KERNEL_RED_WELFORD_M2 ? 3 : r >= KERNEL_RED_ONLINE_MAX ? 2 : 1;
}

int kernel_reduction_component(KernelReduction r) {
  return r == KERNEL_RED_WELFORD_M2 || r == KERNEL_RED_ONLINE_SUM ? 1 : 0;
}

KernelReduction kernel_reduction_family(KernelReduction r) {
  if (r == KERNEL_RED_WELFORD_MEAN || r == KERNEL_RED_WELFORD_M2)
    return KERNEL_RED_WELFORD_MEAN;
  if (r == KERNEL_RED_ONLINE_MAX || r == KERNEL_RED_ONLINE_SUM)
    return KERNEL_RED_ONLINE_MAX;
  return KERNEL_RED_INVALID;
}

KernelReduction kernel_reduction_parse(MlirStringRef s) {
  for (int r = 0; r <= KERNEL_RED_ONLINE_SUM; ++r)
    if (ind_sref_eq(s, red_names[r]))
      return (KernelReduction)r;
  return KERNEL_RED_INVALID;
}

/* --- op construction helpers */

static MlirNamedAttribute named(MlirContext ctx, const char *key, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str(key)), a);
}

static MlirAttribute i64_attr(MlirContext ctx, int64_t v) { return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v); }

/* A one-block region whose block has the given argument types (locations: loc). */
static MlirRegion region_with_block(MlirLocation loc, intptr_t nargs, const MlirType *types) {
  MlirLocation locs[nargs > 0 ? nargs : 1];
  for (intptr_t i = 0; i < nargs; ++i)
    locs[i] = loc;
  MlirRegion r = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(r, mlirBlockCreate(nargs, types, locs));
  return r;
}

/* A region holding `"gpu.yield"(args...)`. */
static MlirRegion args_region(MlirLocation loc, intptr_t nargs, const MlirValue *args) {
  MlirRegion r = region_with_block(loc, 0, NULL);
  MlirOperationState st = mlirOperationStateGet(ind_str("gpu.yield"), loc);
  mlirOperationStateAddOperands(&st, nargs, args);
  mlirBlockAppendOwnedOperation(mlirRegionGetFirstBlock(r), mlirOperationCreate(&st));
  return r;
}

MlirOperation kernel_def_create(MlirLocation loc, const char *name, KernelKind kind, const int64_t *xranges,
                                intptr_t nx, const int64_t *rranges, intptr_t nr, KernelGeometry geom, intptr_t nargs,
                                const MlirType *arg_types) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(ind_str(KERNEL_DEF), loc);
  MlirNamedAttribute attrs[] = {
      named(ctx, KERNEL_ATTR_SYM_NAME, ind_str_attr(ctx, name)),
      named(ctx, KERNEL_ATTR_KIND, ind_str_attr(ctx, kernel_kind_str(kind))),
      named(ctx, KERNEL_ATTR_XRANGES, ind_i64_array_attr(ctx, xranges, nx)),
      named(ctx, KERNEL_ATTR_RRANGES, ind_i64_array_attr(ctx, rranges, nr)),
      named(ctx, KERNEL_ATTR_BLOCK, i64_attr(ctx, geom.block)),
      named(ctx, KERNEL_ATTR_XBLOCK, i64_attr(ctx, geom.xblock)),
      named(ctx, KERNEL_ATTR_VECTOR_WIDTH, i64_attr(ctx, geom.vector_width)),
  };
  mlirOperationStateAddAttributes(&st, (intptr_t)(sizeof attrs / sizeof attrs[0]), attrs);
  if (geom.row_threads) {
    MlirNamedAttribute rt = named(ctx, KERNEL_ATTR_ROW_THREADS, mlirBoolAttrGet(ctx, 1));
    mlirOperationStateAddAttributes(&st, 1, &rt);
  }
  MlirRegion body = region_with_block(loc, nargs, arg_types);
  mlirOperationStateAddOwnedRegions(&st, 1, &body);
  return mlirOperationCreate(&st);
}

bool kernel_is_def(MlirOperation op) { return ind_op_is(op, KERNEL_DEF); }

MlirBlock kernel_def_body(MlirOperation def) {
  if (mlirOperationGetNumRegions(def) < 1)
    return (MlirBlock){NULL};
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(def, 0));
}

MlirStringRef kernel_def_name(MlirOperation def) {
  MlirStringRef s = {"", 0};
  ind_attr_str(def, KERNEL_ATTR_SYM_NAME, &s);
  return s;
}

KernelKind kernel_def_kind(MlirOperation def) {
  MlirStringRef s;
  return ind_attr_str(def, KERNEL_ATTR_KIND, &s) ? kernel_kind_parse(s) : KERNEL_KIND_INVALID;
}

static intptr_t ranges(MlirOperation def, const char *key, int64_t out[KERNEL_MAX_RANK]) {
  intptr_t n = 0;
  if (!ind_attr_i64_array(def, key, out, KERNEL_MAX_RANK, &n) || n > KERNEL_MAX_RANK)
    return -1;
  return n;
}

intptr_t kernel_def_xranges(MlirOperation def, int64_t out[KERNEL_MAX_RANK]) {
  return ranges(def, KERNEL_ATTR_XRANGES, out);
}
intptr_t kernel_def_rranges(MlirOperation def, int64_t out[KERNEL_MAX_RANK]) {
  return ranges(def, KERNEL_ATTR_RRANGES, out);
}

static int64_t product(const int64_t *v, intptr_t n) {
  int64_t p = 1;
  for (intptr_t i = 0; i < n; ++i)
    p *= v[i];
  return p;
}

int64_t kernel_def_numel(MlirOperation def) {
  int64_t r[KERNEL_MAX_RANK];
  intptr_t n = kernel_def_xranges(def, r);
  return n < 0 ? -1 : product(r, n);
}

int64_t kernel_def_rnumel(MlirOperation def) {
  int64_t r[KERNEL_MAX_RANK];
  intptr_t n = kernel_def_rranges(def, r);
  return n < 0 ? -1 : product(r, n);
}

bool kernel_def_geometry(MlirOperation def, KernelGeometry *out) {
  MlirAttribute rt = mlirOperationGetAttributeByName(def, ind_str(KERNEL_ATTR_ROW_THREADS));
  out->row_threads = !mlirAttributeIsNull(rt) && mlirAttributeIsABool(rt) && mlirBoolAttrGetValue(rt);
  return ind_attr_int(def, KERNEL_ATTR_BLOCK, &out->block) && ind_attr_int(def, KERNEL_ATTR_XBLOCK, &out->xblock) &&
         ind_attr_int(def, KERNEL_ATTR_VECTOR_WIDTH, &out->vector_width);
}

/* --- body ops */

static MlirOperation indexed_create(const char *name, MlirLocation loc, intptr_t nops, const MlirValue *ops,
                                    MlirAffineMap index, const MlirType *result) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(ind_str(name), loc);
  mlirOperationStateAddOperands(&st, nops, ops);
  if (result)
    mlirOperationStateAddResults(&st, 1, result);
  MlirNamedAttribute a = named(ctx, KERNEL_ATTR_INDEX, mlirAffineMapAttrGet(index));
  mlirOperationStateAddAttributes(&st, 1, &a);
  return mlirOperationCreate(&st);
}

MlirOperation kernel_load_create(MlirLocation loc, MlirValue buffer, MlirAffineMap index, MlirType result_type) {
  return indexed_create(KERNEL_LOAD, loc, 1, &buffer, index, &result_type);
}

MlirOperation kernel_load_indirect_create(MlirLocation loc, MlirValue buffer, MlirAffineMap index, MlirValue offset,
                                          MlirType result_type) {
  MlirValue ops[2] = {buffer, offset};
  return indexed_create(KERNEL_LOAD, loc, mlirValueIsNull(offset) ? 1 : 2, ops, index, &result_type);
}

MlirOperation kernel_store_create(MlirLocation loc, MlirValue buffer, MlirValue value, MlirAffineMap index) {
  MlirValue ops[2] = {buffer, value};
  return indexed_create(KERNEL_STORE, loc, 2, ops, index, NULL);
}

MlirOperation kernel_index_expr_create(MlirLocation loc, MlirAffineMap index, MlirType result_type) {
  return indexed_create(KERNEL_INDEX_EXPR, loc, 0, NULL, index, &result_type);
}

/* One value in, one of its type out, a combine-kind attribute (kernel.reduce, kernel.scan). */
static MlirOperation combine_create(const char *op, const char *attr, MlirLocation loc, MlirValue value,
                                    KernelReduction r) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(ind_str(op), loc);
  mlirOperationStateAddOperands(&st, 1, &value);
  MlirType t = mlirValueGetType(value);
  mlirOperationStateAddResults(&st, 1, &t);
  MlirNamedAttribute a = named(ctx, attr, ind_str_attr(ctx, kernel_reduction_str(r)));
  mlirOperationStateAddAttributes(&st, 1, &a);
  return mlirOperationCreate(&st);
}

MlirOperation kernel_reduce_create(MlirLocation loc, MlirValue value, KernelReduction r) {
  return combine_create(KERNEL_REDUCE, KERNEL_ATTR_REDUCTION_TYPE, loc, value, r);
}

bool kernel_is_load(MlirOperation op) { return ind_op_is(op, KERNEL_LOAD); }
bool kernel_is_store(MlirOperation op) { return ind_op_is(op, KERNEL_STORE); }
bool kernel_is_index_expr(MlirOperation op) { return ind_op_is(op, KERNEL_INDEX_EXPR); }
bool kernel_is_reduce(MlirOperation op) { return ind_op_is(op, KERNEL_REDUCE); }

MlirOperation kernel_scan_create(MlirLocation loc, MlirValue value, KernelReduction r) {
  return combine_create(KERNEL_SCAN, KERNEL_ATTR_SCAN_TYPE, loc, value, r);
}

bool kernel_is_scan(MlirOperation op) { return ind_op_is(op, KERNEL_SCAN); }

KernelReduction kernel_scan_type(MlirOperation scan) {
  MlirStringRef s;
  KernelReduction r = ind_attr_str(scan, KERNEL_ATTR_SCAN_TYPE, &s) ? kernel_reduction_parse(s) : KERNEL_RED_INVALID;
  return r == KERNEL_RED_SUM || r == KERNEL_RED_MAX || r == KERNEL_RED_MIN || r == KERNEL_RED_PROD ? r
                                                                                                   : KERNEL_RED_INVALID;
}

bool kernel_body_has_scan(MlirBlock body) {
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    if (kernel_is_scan(o))
      return true;
  return false;
}

MlirOperation kernel_check_index_create(MlirLocation loc, MlirValue index, int64_t lower, int64_t upper) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64), t = mlirValueGetType(index);
  MlirOperationState st = mlirOperationStateGet(ind_str(KERNEL_CHECK_INDEX), loc);
  mlirOperationStateAddOperands(&st, 1, &index);
  mlirOperationStateAddResults(&st, 1, &t);
  MlirNamedAttribute a[2] = {named(ctx, KERNEL_ATTR_LOWER, mlirIntegerAttrGet(i64, lower)),
                             named(ctx, KERNEL_ATTR_UPPER, mlirIntegerAttrGet(i64, upper))};
  mlirOperationStateAddAttributes(&st, 2, a);
  return mlirOperationCreate(&st);
}

bool kernel_is_check_index(MlirOperation op) { return ind_op_is(op, KERNEL_CHECK_INDEX); }

static bool int_attr(MlirOperation op, const char *name, int64_t *out) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

bool kernel_check_index_bounds(MlirOperation op, int64_t *lower, int64_t *upper) {
  return int_attr(op, KERNEL_ATTR_LOWER, lower) && int_attr(op, KERNEL_ATTR_UPPER, upper) && *lower < *upper;
}

bool kernel_def_checked(MlirOperation def) {
  MlirAttribute a = mlirOperationGetAttributeByName(def, ind_str(KERNEL_ATTR_CHECKED));
  return !mlirAttributeIsNull(a) && mlirAttributeIsABool(a) && mlirBoolAttrGetValue(a);
}

MlirAffineMap kernel_index_map(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str(KERNEL_ATTR_INDEX));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAAffineMap(a))
    return (MlirAffineMap){NULL};
  return mlirAffineMapAttrGetValue(a);
}

static MlirValue operand_or_null(MlirOperation op, intptr_t i) {
  return i < mlirOperationGetNumOperands(op) ? mlirOperationGetOperand(op, i) : (MlirValue){NULL};
}

MlirValue kernel_load_buffer(MlirOperation load) { return operand_or_null(load, 0); }
MlirValue kernel_load_offset(MlirOperation load) {
  return kernel_is_load(load) ? operand_or_null(load, 1) : (MlirValue){NULL};
}
MlirValue kernel_store_buffer(MlirOperation store) { return operand_or_null(store, 0); }
MlirValue kernel_store_value(MlirOperation store) { return operand_or_null(store, 1); }

KernelReduction kernel_reduce_type(MlirOperation reduce) {
  MlirStringRef s;
  return ind_attr_str(reduce, KERNEL_ATTR_REDUCTION_TYPE, &s) ? kernel_reduction_parse(s) : KERNEL_RED_INVALID;
}

/* --- host wrapper ops */

MlirOperation kernel_alloc_create(MlirLocation loc, const char *name, MlirType type, const char *reuse) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(ind_str(KERNEL_ALLOC), loc);
  mlirOperationStateAddResults(&st, 1, &type);
  MlirNamedAttribute attrs[2] = {named(ctx, KERNEL_ATTR_NAME, ind_str_attr(ctx, name))};
  intptr_t n = 1;
  if (reuse)
    attrs[n++] = named(ctx, KERNEL_ATTR_REUSE, ind_str_attr(ctx, reuse));
  mlirOperationStateAddAttributes(&st, n, attrs);
  return mlirOperationCreate(&st);
}

bool kernel_is_alloc(MlirOperation op) { return ind_op_is(op, KERNEL_ALLOC); }

MlirStringRef kernel_alloc_name(MlirOperation alloc) {
  MlirStringRef s = {"", 0};
  ind_attr_str(alloc, KERNEL_ATTR_NAME, &s);
  return s;
}

bool kernel_alloc_reuse(MlirOperation alloc, MlirStringRef *out) { return ind_attr_str(alloc, KERNEL_ATTR_REUSE, out); }

MlirOperation kernel_launch_create(MlirLocation loc, const char *kernel, const int64_t *grid, intptr_t ngrid,
                                   const int64_t *block, intptr_t nblock, intptr_t nargs, const MlirValue *args) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(ind_str(KERNEL_LAUNCH), loc);
  MlirNamedAttribute attrs[] = {
      named(ctx, KERNEL_ATTR_KERNEL, mlirFlatSymbolRefAttrGet(ctx, ind_str(kernel))),
      named(ctx, KERNEL_ATTR_GRID, ind_i64_array_attr(ctx, grid, ngrid)),
      named(ctx, KERNEL_ATTR_BLOCK, ind_i64_array_attr(ctx, block, nblock)),
  };
  mlirOperationStateAddAttributes(&st, 3, attrs);
  MlirRegion r = args_region(loc, nargs, args);
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  return mlirOperationCreate(&st);
}

bool kernel_is_launch(MlirOperation op) { return ind_op_is(op, KERNEL_LAUNCH); }

MlirStringRef kernel_launch_kernel(MlirOperation launch) {
  MlirAttribute a = mlirOperationGetAttributeByName(launch, ind_str(KERNEL_ATTR_KERNEL));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAFlatSymbolRef(a))
    return (MlirStringRef){"", 0};
  return mlirFlatSymbolRefAttrGetValue(a);
}

MlirOperation kernel_extern_call_create(MlirLocation loc, const char *kernel, const char *name, intptr_t nargs,
                                        const MlirValue *args, const bool *transpose) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(ind_str(KERNEL_EXTERN_CALL), loc);
  intptr_t ninputs = nargs > 0 ? nargs - 1 : 0, nflags = ninputs < 2 ? ninputs : 2; /* A and B; a bias has none */
  bool any = false;
  for (intptr_t i = 0; transpose && i < nflags; ++i)
    any |= transpose[i];
  MlirNamedAttribute attrs[] = {
      named(ctx, KERNEL_ATTR_KERNEL, ind_str_attr(ctx, kernel)),
      named(ctx, KERNEL_ATTR_NAME, ind_str_attr(ctx, name)),
      named(ctx, KERNEL_ATTR_TRANSPOSE, any ? ind_bool_array_attr(ctx, transpose, nflags) : mlirAttributeGetNull()),
  };
  mlirOperationStateAddAttributes(&st, any ? 3 : 2, attrs);
  MlirRegion r = args_region(loc, nargs, args);
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  return mlirOperationCreate(&st);
}

bool kernel_is_extern_call(MlirOperation op) { return ind_op_is(op, KERNEL_EXTERN_CALL); }

bool kernel_extern_call_transpose(MlirOperation op, bool out[2]) {
  return ind_attr_bool_pair(op, KERNEL_ATTR_TRANSPOSE, out);
}

static MlirOperation call_terminator(MlirOperation call) {
  if (mlirOperationGetNumRegions(call) < 1)
    return (MlirOperation){NULL};
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(call, 0));
  if (mlirBlockIsNull(b))
    return (MlirOperation){NULL};
  MlirOperation t = mlirBlockGetTerminator(b);
  return !mlirOperationIsNull(t) && ind_op_is(t, "gpu.yield") ? t : (MlirOperation){NULL};
}

intptr_t kernel_call_num_args(MlirOperation call) {
  MlirOperation t = call_terminator(call);
  return mlirOperationIsNull(t) ? 0 : mlirOperationGetNumOperands(t);
}

MlirValue kernel_call_arg(MlirOperation call, intptr_t i) {
  MlirOperation t = call_terminator(call);
  return mlirOperationIsNull(t) ? (MlirValue){NULL} : operand_or_null(t, i);
}

MlirOperation kernel_lookup_def(MlirOperation module, MlirStringRef name) {
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    if (kernel_is_def(o)) {
      MlirStringRef n = kernel_def_name(o);
      if (n.length == name.length && memcmp(n.data, name.data, n.length) == 0)
        return o;
    }
  return (MlirOperation){NULL};
}

bool kernel_is_transposed_access(MlirOperation op, int nx) {
  bool direct = (kernel_is_load(op) && mlirValueIsNull(kernel_load_offset(op))) || kernel_is_store(op);
  MlirAffineMap m = direct ? kernel_index_map(op) : (MlirAffineMap){NULL};
  if (nx < 2 || nx > KERNEL_MAX_RANK || mlirAffineMapIsNull(m) || mlirAffineMapGetNumResults(m) != 1)
    return false;
  int64_t coef[KERNEL_MAX_RANK] = {0};
  if (!ind_affine_linearize(mlirAffineMapGetResult(m, 0), 1, coef, nx, NULL))
    return false;
  return coef[nx - 2] == 1 && (coef[nx - 1] >= 2 || coef[nx - 1] <= -2);
}

bool kernel_tiles_fit(const int64_t *ranges, int nx, int64_t block, int64_t vw, int64_t tiles) {
  return nx >= 2 && block % 32 == 0 && ranges[nx - 1] % (32 * vw) == 0 && ranges[nx - 2] % (block / 32 * tiles) == 0;
}

int64_t kernel_staged_tile_floats(int64_t block, int64_t vw) { return 32 * vw * (block / 32 + 1) + 2 * 31; }
