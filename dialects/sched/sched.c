/* sched.c - accessors and builders of the sched dialect; see sched.h. */
#include "dialects/sched/sched.h"
#include "lib/vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const k_kinds[] = {"pointwise", "reduction", "extern", "scan"};

bool sched_is_node(MlirOperation op) { return ind_op_is(op, SCHED_NODE); }
bool sched_is_fused(MlirOperation op) { return ind_op_is(op, SCHED_FUSED); }
const char *sched_kind_name(SchedKind k) { return k_kinds[k]; }

bool sched_kind_parse(MlirStringRef s, SchedKind *out) {
  for (int k = 0; k < 4; ++k)
    if (ind_sref_eq(s, k_kinds[k])) {
      *out = (SchedKind)k;
      return true;
    }
  return false;
}

bool sched_get_kind(MlirOperation op, SchedKind *out) {
  MlirStringRef s;
  return ind_attr_str(op, SCHED_ATTR_KIND, &s) && sched_kind_parse(s, out);
}

void sched_set_kind(MlirOperation op, SchedKind k) {
  ind_set_attr(op, SCHED_ATTR_KIND, ind_str_attr(mlirOperationGetContext(op), k_kinds[k]));
}

MlirBlock sched_body(MlirOperation op) { return mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)); }

MlirOperation sched_node_inner(MlirOperation node) {
  MlirBlock b = sched_body(node);
  return mlirBlockIsNull(b) ? (MlirOperation){NULL} : mlirBlockGetFirstOperation(b);
}

bool sched_get_deps(MlirOperation op, const char *key, IndMemDep **out, int *n) {
  *out = NULL;
  *n = 0;
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str(key));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a))
    return false;
  intptr_t len = mlirArrayAttrGetNumElements(a);
  IndMemDep *deps = calloc((size_t)len + 1, sizeof *deps);
  for (intptr_t i = 0; i < len; ++i)
    if (!ind_memdep_from_attr(mlirArrayAttrGetElement(a, i), &deps[i])) {
      free(deps);
      return false;
    }
  *out = deps;
  *n = (int)len;
  return true;
}

void sched_set_deps(MlirOperation op, const char *key, const IndMemDep *deps, int n) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirAttribute *el = malloc(sizeof *el * ((size_t)n + 1));
  for (int i = 0; i < n; ++i)
    el[i] = ind_memdep_to_attr(ctx, &deps[i]);
  ind_set_attr(op, key, mlirArrayAttrGet(ctx, n, el));
  free(el);
}

bool sched_get_group(MlirOperation op, int64_t *numel, int64_t *rnumel) {
  int64_t v[2];
  intptr_t n;
  if (!ind_attr_i64_array(op, SCHED_ATTR_GROUP, v, 2, &n) || n != 2)
    return false;
  *numel = v[0];
  *rnumel = v[1];
  return true;
}

void sched_set_group(MlirOperation op, int64_t numel, int64_t rnumel) {
  int64_t v[2] = {numel, rnumel};
  ind_set_attr(op, SCHED_ATTR_GROUP, ind_i64_array_attr(mlirOperationGetContext(op), v, 2));
}

static MlirStringRef ctx_string(MlirContext ctx, const char *s) {
  return mlirStringAttrGetValue(mlirStringAttrGet(ctx, ind_str(s)));
}

bool sched_buffer_name(MlirValue v, MlirStringRef *out) {
  if (mlirValueIsABlockArgument(v)) {
    char tmp[32];
    ind_arg_name(tmp, sizeof tmp, mlirBlockArgumentGetArgNumber(v));
    MlirOperation owner = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
    *out = ctx_string(mlirOperationGetContext(owner), tmp);
    return true;
  }
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (sched_is_node(def)) {
    MlirOperation inner = sched_node_inner(def);
    return !mlirOperationIsNull(inner) && ind_attr_str(inner, "name", out);
  }
  if (sched_is_fused(def)) {
    MlirOperation y = mlirBlockGetTerminator(sched_body(def));
    intptr_t i = mlirOpResultGetResultNumber(v);
    return !mlirOperationIsNull(y) && i < mlirOperationGetNumOperands(y) &&
           sched_buffer_name(mlirOperationGetOperand(y, i), out);
  }
  return ind_op_in_dialect(def, "ind") && ind_attr_str(def, "name", out);
}

static MlirOperation create_yield(MlirLocation loc, MlirValue *vals, int n) {
  MlirOperationState st = mlirOperationStateGet(ind_str("gpu.yield"), loc);
  mlirOperationStateAddOperands(&st, n, vals);
  return mlirOperationCreate(&st);
}

/* Creates an op `opname` with one region of one empty block and the given result types. */
static MlirOperation create_region_op(const char *opname, MlirLocation loc, MlirType *types, int ntypes,
                                      const char *name) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st = mlirOperationStateGet(ind_str(opname), loc);
  mlirOperationStateAddResults(&st, ntypes, types);
  MlirRegion r = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(r, mlirBlockCreate(0, NULL, NULL));
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  MlirNamedAttribute na =
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str(SCHED_ATTR_NAME)), ind_str_attr(ctx, name));
  mlirOperationStateAddAttributes(&st, 1, &na);
  return mlirOperationCreate(&st);
}

MlirOperation sched_node_wrap(MlirOperation inner, const char *name, SchedKind kind) {
  MlirValue res = mlirOperationGetResult(inner, 0);
  MlirType t = mlirValueGetType(res);
  MlirOperation node = create_region_op(SCHED_NODE, mlirOperationGetLocation(inner), &t, 1, name);
  sched_set_kind(node, kind);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(inner), inner, node);
  MlirOperation y = create_yield(mlirOperationGetLocation(inner), &res, 1);
  mlirValueReplaceAllUsesOfWith(res, mlirOperationGetResult(node, 0));
  MlirBlock body = sched_body(node);
  mlirBlockAppendOwnedOperation(body, y);
  mlirOperationMoveBefore(inner, y);
  mlirOperationSetOperand(y, 0, res);
  return node;
}

/* True when `op` is `anc` or nested inside it. */
static bool is_inside(MlirOperation op, MlirOperation anc) {
  for (; !mlirOperationIsNull(op); op = mlirOperationGetParentOperation(op))
    if (mlirOperationEqual(op, anc))
      return true;
  return false;
}

/* Redirects every use of `from` whose owner is not inside `region_op` to `to`. */
static void redirect_outside_uses(MlirValue from, MlirValue to, MlirOperation region_op) {
  int n = 0, cap = 8;
  MlirOpOperand *uses = malloc(sizeof *uses * (size_t)cap);
  for (MlirOpOperand u = mlirValueGetFirstUse(from); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
    if (is_inside(mlirOpOperandGetOwner(u), region_op))
      continue;
    IND_VEC_PUSH(uses, n, cap, u);
  }
  /* Collect, then mutate: setting an operand unlinks it from from's use list. */
  MlirOperation *owners = malloc(sizeof *owners * ((size_t)n + 1));
  unsigned *pos = malloc(sizeof *pos * ((size_t)n + 1));
  for (int i = 0; i < n; ++i) {
    owners[i] = mlirOpOperandGetOwner(uses[i]);
    pos[i] = mlirOpOperandGetOperandNumber(uses[i]);
  }
  for (int i = 0; i < n; ++i)
    mlirOperationSetOperand(owners[i], pos[i], to);
  free(uses);
  free(owners);
  free(pos);
}

/* Orders `yields` by type group (groups in order of first appearance, values in their order within
 * a group) and fills sizes[SCHED_FUSED_MAX_RESULT_TYPES]. False when there are more groups. */
static bool group_by_type(MlirValue *yields, int n, int32_t *sizes) {
  MlirType types[SCHED_FUSED_MAX_RESULT_TYPES];
  int ntypes = 0;
  for (int i = 0; i < SCHED_FUSED_MAX_RESULT_TYPES; ++i)
    sizes[i] = 0;
  int *group = malloc(sizeof *group * ((size_t)n + 1));
  bool ok = true;
  for (int i = 0; i < n && ok; ++i) {
    MlirType t = mlirValueGetType(yields[i]);
    int g = 0;
    while (g < ntypes && !mlirTypeEqual(types[g], t))
      ++g;
    if (g == ntypes) {
      if (ntypes == SCHED_FUSED_MAX_RESULT_TYPES) {
        ok = false;
        break;
      }
      types[ntypes++] = t;
    }
    group[i] = g;
    ++sizes[g];
  }
  if (ok) { /* a stable counting sort by group */
    MlirValue *sorted = malloc(sizeof *sorted * ((size_t)n + 1));
    int k = 0;
    for (int g = 0; g < ntypes; ++g)
      for (int i = 0; i < n; ++i)
        if (group[i] == g)
          sorted[k++] = yields[i];
    for (int i = 0; i < n; ++i)
      yields[i] = sorted[i];
    free(sorted);
  }
  free(group);
  return ok;
}

MlirOperation sched_fused_create(const char *name, MlirOperation *subs, int n, MlirValue *yields, int nyield,
                                 MlirOperation before) {
  int32_t sizes[SCHED_FUSED_MAX_RESULT_TYPES];
  MlirLocation loc = mlirOperationGetLocation(subs[0]);
  if (!group_by_type(yields, nyield, sizes)) {
    ind_emit_error_at(loc, "fused node '%s' yields buffers of more than %d distinct types (sched.fused's limit)", name,
                      SCHED_FUSED_MAX_RESULT_TYPES);
    return (MlirOperation){NULL};
  }
  MlirType *types = malloc(sizeof *types * ((size_t)nyield + 1));
  for (int i = 0; i < nyield; ++i)
    types[i] = mlirValueGetType(yields[i]);
  MlirOperation fused = create_region_op(SCHED_FUSED, loc, types, nyield, name);
  free(types);
  MlirContext ctx = mlirLocationGetContext(loc);
  ind_set_attr(fused, "resultSegmentSizes", mlirDenseI32ArrayGet(ctx, SCHED_FUSED_MAX_RESULT_TYPES, sizes));
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, fused);
  MlirBlock body = sched_body(fused);
  MlirOperation y = create_yield(loc, yields, nyield);
  mlirBlockAppendOwnedOperation(body, y);
  for (int i = 0; i < n; ++i)
    mlirOperationMoveBefore(subs[i], y);
  for (int i = 0; i < nyield; ++i)
    redirect_outside_uses(yields[i], mlirOperationGetResult(fused, i), fused);
  return fused;
}

void sched_fused_dissolve(MlirOperation fused) {
  MlirBlock body = sched_body(fused);
  MlirOperation y = mlirBlockGetTerminator(body);
  intptr_t nres = mlirOperationGetNumResults(fused);
  for (intptr_t i = 0; i < nres && i < mlirOperationGetNumOperands(y); ++i)
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(fused, i), mlirOperationGetOperand(y, i));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationEqual(op, y);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationMoveBefore(op, fused);
    op = next;
  }
  mlirOperationDestroy(fused);
}
