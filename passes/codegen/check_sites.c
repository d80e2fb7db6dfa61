/* check_sites.c - checked mode's site table and record global; see check_sites.h. */
#include "passes/codegen/check_sites.h"

#include "dialects/kernel/kernel.h"
#include "ind/checked.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int check_sites_add(CheckSites *s, MlirOperation op, int64_t lower, int64_t upper, const char *what) {
  for (int i = 0; i < s->n; ++i)
    if (mlirOperationEqual(s->ops[i], op))
      return i;
  MlirLocation loc = mlirOperationGetLocation(op);
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirAttribute e[4] = {mlirIntegerAttrGet(i64, lower), mlirIntegerAttrGet(i64, upper), ind_str_attr(ctx, what),
                        mlirLocationGetAttribute(loc)};
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 16;
    s->sites = realloc(s->sites, (size_t)s->cap * sizeof *s->sites);
    s->ops = realloc(s->ops, (size_t)s->cap * sizeof *s->ops);
    if (!s->sites || !s->ops)
      abort();
  }
  s->ops[s->n] = op;
  s->sites[s->n] = mlirArrayAttrGet(ctx, 4, e);
  return s->n++;
}

/* The one kernel.launch of kernel `name` in the module's functions; null when there is none or more. */
static MlirOperation only_launch(MlirOperation module, MlirStringRef name) {
  MlirOperation found = {NULL};
  int n = 0;
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f)) {
    if (!ind_op_is(f, "func.func") || mlirOperationGetNumRegions(f) != 1)
      continue;
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
    for (MlirOperation o = mlirBlockIsNull(b) ? (MlirOperation){NULL} : mlirBlockGetFirstOperation(b);
         !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
      if (kernel_is_launch(o)) {
        MlirStringRef k = kernel_launch_kernel(o);
        if (k.length == name.length && memcmp(k.data, name.data, k.length) == 0) {
          found = o;
          ++n;
        }
      }
  }
  return n == 1 ? found : (MlirOperation){NULL};
}

/* The wrapper's name of buffer `v`: arg<i>_1 for the function's argument i, the kernel.alloc's name. */
static bool buffer_name(MlirValue v, char *out, size_t n) {
  if (mlirValueIsABlockArgument(v))
    return ind_arg_name(out, n, mlirBlockArgumentGetArgNumber(v)) > 0;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!kernel_is_alloc(def))
    return false;
  MlirStringRef s = kernel_alloc_name(def);
  snprintf(out, n, "%.*s", (int)s.length, s.data);
  return true;
}

/* "f32[17x33]" for memref<17x33xf32>. */
static void type_text(MlirType t, char *out, size_t n) {
  IndStrBuf b = {0};
  mlirTypePrint(mlirShapedTypeGetElementType(t), ind_strbuf_callback, &b);
  size_t len = (size_t)snprintf(out, n, "%s[", b.data ? b.data : "?");
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t) && len < n; ++d)
    len += (size_t)snprintf(out + len, n - len, "%s%lld", d ? "x" : "", (long long)mlirShapedTypeGetDimSize(t, d));
  if (len < n)
    snprintf(out + len, n - len, "]");
  ind_strbuf_free(&b);
}

void check_sites_describe(const CheckSites *s, MlirOperation def, intptr_t arg, const char *verb, char *out, size_t n) {
  MlirStringRef kname = kernel_def_name(def);
  MlirValue flat = mlirBlockGetArgument(kernel_def_body(def), arg);
  MlirOperation launch = only_launch(s->module, kname);
  char name[96], type[128];
  if (!mlirOperationIsNull(launch) && arg < kernel_call_num_args(launch) &&
      buffer_name(kernel_call_arg(launch, arg), name, sizeof name)) {
    type_text(mlirValueGetType(kernel_call_arg(launch, arg)), type, sizeof type);
    snprintf(out, n, "kernel '%.*s' %s buffer '%s' (argument %d, %s)", (int)kname.length, kname.data, verb, name,
             (int)arg, type);
    return;
  }
  type_text(mlirValueGetType(flat), type, sizeof type);
  snprintf(out, n, "kernel '%.*s' %s buffer 'arg%d' (%s)", (int)kname.length, kname.data, verb, (int)arg, type);
}

/* Follows the uses of `v` (index arithmetic) to a kernel.load taking it as its offset. */
static intptr_t load_arg_of(MlirBlock body, MlirValue v, int depth) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u) && depth < 16;
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (kernel_is_load(user) && mlirOpOperandGetOperandNumber(u) == 1) {
      MlirValue buf = kernel_load_buffer(user);
      if (mlirValueIsABlockArgument(buf) && mlirBlockEqual(mlirBlockArgumentGetOwner(buf), body))
        return mlirBlockArgumentGetArgNumber(buf);
    }
    for (intptr_t r = 0; r < mlirOperationGetNumResults(user); ++r) {
      intptr_t a = load_arg_of(body, mlirOperationGetResult(user, r), depth + 1);
      if (a >= 0)
        return a;
    }
  }
  return -1;
}

intptr_t check_sites_indirect_arg(MlirOperation def, MlirOperation check) {
  return load_arg_of(kernel_def_body(def), mlirOperationGetResult(check, 0), 0);
}

int check_sites_of(CheckSites *s, MlirOperation def, MlirOperation op) {
  char what[512];
  int64_t lo = 0, hi = 0;
  if (kernel_is_check_index(op)) {
    intptr_t arg = check_sites_indirect_arg(def, op);
    if (arg >= 0)
      check_sites_describe(s, def, arg, "indirect index into", what, sizeof what);
    else
      snprintf(what, sizeof what, "kernel '%.*s' indirect index", (int)kernel_def_name(def).length,
               kernel_def_name(def).data);
    if (!kernel_check_index_bounds(op, &lo, &hi))
      return -1;
  } else if (kernel_def_checked(def) && (kernel_is_load(op) || kernel_is_store(op))) {
    MlirValue buf = mlirOperationGetOperand(op, 0);
    if (!mlirValueIsABlockArgument(buf))
      return -1;
    check_sites_describe(s, def, mlirBlockArgumentGetArgNumber(buf), kernel_is_load(op) ? "read" : "wrote", what,
                         sizeof what);
    hi = mlirShapedTypeGetDimSize(mlirValueGetType(buf), 0);
  } else {
    return -1;
  }
  return check_sites_add(s, op, lo, hi, what);
}

void check_sites_number_def(CheckSites *s, MlirOperation def) {
  MlirBlock body = kernel_def_body(def);
  for (MlirOperation o = mlirBlockIsNull(body) ? (MlirOperation){NULL} : mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    check_sites_of(s, def, o);
}

void check_sites_collect(CheckSites *s, MlirOperation module) {
  memset(s, 0, sizeof *s);
  s->module = module;
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (kernel_is_def(op))
      check_sites_number_def(s, op);
}

void check_sites_free(CheckSites *s) {
  free(s->sites);
  free(s->ops);
  s->sites = NULL;
  s->ops = NULL;
  s->n = s->cap = 0;
}

MlirType check_record_type(MlirContext ctx) {
  int64_t shape[1] = {IND_CHECK_RECORD_WORDS};
  return mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(ctx, 64), 1, shape, mlirAttributeGetNull());
}

void check_sites_finish(CheckSites *s, MlirBlock block) {
  if (s->n > 0) {
    MlirContext ctx = mlirOperationGetContext(s->module);
    mlirOperationSetDiscardableAttributeByName(s->module, ind_str(IND_CHECK_SITES_ATTR),
                                               mlirArrayAttrGet(ctx, s->n, s->sites));
    MlirType t = check_record_type(ctx), i64 = mlirIntegerTypeGet(ctx, 64);
    int64_t shape[1] = {IND_CHECK_RECORD_WORDS};
    MlirAttribute zero = mlirIntegerAttrGet(i64, 0);
    MlirNamedAttribute a[3] = {
        mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str("sym_name")), ind_str_attr(ctx, IND_CHECK_RECORD)),
        mlirNamedAttributeGet(mlirIdentifierGet(ctx, ind_str("type")), mlirTypeAttrGet(t)),
        mlirNamedAttributeGet(
            mlirIdentifierGet(ctx, ind_str("initial_value")),
            mlirDenseElementsAttrSplatGet(mlirRankedTensorTypeGet(1, shape, i64, mlirAttributeGetNull()), zero))};
    MlirOperationState st = mlirOperationStateGet(ind_str("memref.global"), mlirOperationGetLocation(s->module));
    mlirOperationStateAddAttributes(&st, 3, a);
    MlirOperation g = mlirOperationCreate(&st);
    MlirOperation first = mlirBlockGetFirstOperation(block);
    if (mlirOperationIsNull(first))
      mlirBlockAppendOwnedOperation(block, g);
    else
      mlirBlockInsertOwnedOperationBefore(block, first, g);
  }
  check_sites_free(s);
}
