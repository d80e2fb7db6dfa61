/* ir.c - helpers over the MLIR C API; see ir.h. */
#include "lib/ir.h"
#include "lib/vec.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool ind_sref_eq(MlirStringRef a, const char *b) {
  size_t n = strlen(b);
  return a.length == n && memcmp(a.data, b, n) == 0;
}

bool ind_sref_starts_with(MlirStringRef a, const char *prefix) {
  size_t n = strlen(prefix);
  return a.length >= n && memcmp(a.data, prefix, n) == 0;
}

MlirStringRef ind_op_name(MlirOperation op) { return mlirIdentifierStr(mlirOperationGetName(op)); }

bool ind_op_is(MlirOperation op, const char *name) { return ind_sref_eq(ind_op_name(op), name); }

bool ind_value_is_returned(MlirValue v) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
    if (ind_op_is(mlirOpOperandGetOwner(u), "func.return"))
      return true;
  return false;
}

bool ind_op_in_dialect(MlirOperation op, const char *ns) {
  MlirStringRef n = ind_op_name(op);
  size_t k = strlen(ns);
  return n.length > k && memcmp(n.data, ns, k) == 0 && n.data[k] == '.';
}

static MlirAttribute get_attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, ind_str(name));
}

bool ind_attr_str(MlirOperation op, const char *name, MlirStringRef *out) {
  MlirAttribute a = get_attr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return false;
  *out = mlirStringAttrGetValue(a);
  return true;
}

bool ind_attr_int(MlirOperation op, const char *name, int64_t *out) {
  MlirAttribute a = get_attr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

bool ind_attr_float(MlirOperation op, const char *name, double *out) {
  MlirAttribute a = get_attr(op, name);
  if (mlirAttributeIsNull(a))
    return false;
  if (mlirAttributeIsAFloat(a)) {
    *out = mlirFloatAttrGetValueDouble(a);
    return true;
  }
  if (mlirAttributeIsAInteger(a)) {
    *out = (double)mlirIntegerAttrGetValueInt(a);
    return true;
  }
  return false;
}

bool ind_attr_bool(MlirOperation op, const char *name, bool *out) {
  MlirAttribute a = get_attr(op, name);
  if (mlirAttributeIsNull(a))
    return false;
  if (mlirAttributeIsABool(a)) {
    *out = mlirBoolAttrGetValue(a);
    return true;
  }
  if (mlirAttributeIsAInteger(a)) {
    *out = mlirIntegerAttrGetValueInt(a) != 0;
    return true;
  }
  return false;
}

bool ind_attr_i64_array(MlirOperation op, const char *name, int64_t *out, intptr_t max, intptr_t *n) {
  MlirAttribute a = get_attr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a))
    return false;
  *n = mlirDenseArrayGetNumElements(a);
  for (intptr_t i = 0; i < *n && i < max; ++i)
    out[i] = mlirDenseI64ArrayGetElement(a, i);
  return true;
}

bool ind_attr_bool_array(MlirOperation op, const char *name, bool *out, intptr_t max, intptr_t *n) {
  MlirAttribute a = get_attr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseBoolArray(a))
    return false;
  *n = mlirDenseArrayGetNumElements(a);
  for (intptr_t i = 0; i < *n && i < max; ++i)
    out[i] = mlirDenseBoolArrayGetElement(a, i);
  return true;
}

bool ind_attr_bool_pair(MlirOperation op, const char *name, bool out[2]) {
  out[0] = out[1] = false;
  if (mlirAttributeIsNull(get_attr(op, name)))
    return true;
  intptr_t n = 0;
  return ind_attr_bool_array(op, name, out, 2, &n) && n == 2;
}

void ind_set_attr(MlirOperation op, const char *name, MlirAttribute attr) {
  mlirOperationSetAttributeByName(op, ind_str(name), attr);
}

MlirAttribute ind_str_attr(MlirContext ctx, const char *s) { return mlirStringAttrGet(ctx, ind_str(s)); }

MlirAttribute ind_i64_array_attr(MlirContext ctx, const int64_t *v, intptr_t n) {
  return mlirDenseI64ArrayGet(ctx, n, v);
}

MlirAttribute ind_bool_array_attr(MlirContext ctx, const bool *v, intptr_t n) {
  int vals[8];
  for (intptr_t i = 0; i < n && i < 8; ++i)
    vals[i] = v[i];
  return mlirDenseBoolArrayGet(ctx, n < 8 ? n : 8, vals);
}

static MlirLogicalResult emit_va(MlirLocation loc, const char *fmt, va_list ap) {
  char buf[1024];
  vsnprintf(buf, sizeof buf, fmt, ap);
  mlirEmitError(loc, buf);
  return mlirLogicalResultFailure();
}

MlirLogicalResult ind_emit_error(MlirOperation op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  MlirLogicalResult r = emit_va(mlirOperationGetLocation(op), fmt, ap);
  va_end(ap);
  return r;
}

MlirLogicalResult ind_emit_error_at(MlirLocation loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  MlirLogicalResult r = emit_va(loc, fmt, ap);
  va_end(ap);
  return r;
}

void ind_strbuf_append(IndStrBuf *b, const char *data, size_t len) {
  if (b->len + len + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + len + 1)
      cap *= 2;
    b->data = ind_xrealloc(b->data, cap, 1); /* out of memory aborts (lib/vec.h) */
    b->cap = cap;
  }
  if (len)
    memcpy(b->data + b->len, data, len);
  b->len += len;
  b->data[b->len] = '\0';
}

void ind_strbuf_printf(IndStrBuf *b, const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n > 0) {
    char *tmp = malloc((size_t)n + 1);
    if (!tmp)
      abort();
    vsnprintf(tmp, (size_t)n + 1, fmt, ap2);
    ind_strbuf_append(b, tmp, (size_t)n);
    free(tmp);
  }
  va_end(ap2);
}

void ind_strbuf_free(IndStrBuf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

void ind_strbuf_callback(MlirStringRef s, void *user) { ind_strbuf_append((IndStrBuf *)user, s.data, s.length); }

void ind_print_generic(MlirOperation op, IndStrBuf *b) {
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOperationPrintWithFlags(op, flags, ind_strbuf_callback, b);
  mlirOpPrintingFlagsDestroy(flags);
}

bool ind_walk(MlirOperation root, IndWalkFn fn, void *user) {
  if (!fn(root, user))
    return false;
  intptr_t nr = mlirOperationGetNumRegions(root);
  for (intptr_t r = 0; r < nr; ++r) {
    MlirRegion region = mlirOperationGetRegion(root, r);
    for (MlirBlock b = mlirRegionGetFirstBlock(region); !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);) {
        MlirOperation next = mlirOperationGetNextInBlock(o);
        if (!ind_walk(o, fn, user))
          return false;
        o = next;
      }
  }
  return true;
}

typedef struct FindFunc {
  const char *name;
  MlirOperation found;
  int count;
} FindFunc;

static bool find_func_cb(MlirOperation op, void *user) {
  FindFunc *f = user;
  if (!ind_op_is(op, "func.func"))
    return true;
  MlirStringRef sym;
  if (f->name && !(ind_attr_str(op, "sym_name", &sym) && ind_sref_eq(sym, f->name)))
    return true;
  if (f->count++ == 0)
    f->found = op;
  return true;
}

int ind_find_func(MlirOperation root, const char *name, MlirOperation *first) {
  FindFunc f = {name, {NULL}, 0};
  ind_walk(root, find_func_cb, &f);
  *first = f.found;
  return f.count;
}

/* --- memref types ---------------------------------------------------------------------------- */

int64_t ind_memref_storage_elems(MlirType t) {
  if (!mlirTypeIsAMemRef(t) || !mlirShapedTypeHasStaticShape(t))
    return -1;
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t strides[IND_MEMREF_MAX_RANK], offset = 0;
  if (rank > IND_MEMREF_MAX_RANK || mlirLogicalResultIsFailure(mlirMemRefTypeGetStridesAndOffset(t, strides, &offset)))
    return -1;
  int64_t span = offset + 1;
  for (intptr_t d = 0; d < rank; ++d) {
    int64_t n = mlirShapedTypeGetDimSize(t, d);
    if (n == 0)
      return 0;
    if (strides[d] < 0)
      return -1;
    span += (n - 1) * strides[d];
  }
  return span;
}

size_t ind_memref_elem_size(MlirType e) {
  if (mlirTypeIsAF32(e))
    return 4;
  if (mlirTypeIsAF16(e) || mlirTypeIsABF16(e))
    return 2;
  if (mlirTypeIsAF64(e))
    return 8;
  if (mlirTypeIsAInteger(e)) {
    unsigned w = mlirIntegerTypeGetWidth(e);
    return w == 64 ? 8 : w == 32 ? 4 : w == 1 ? 1 : 0;
  }
  return 0;
}

/* --- shapes and names ------------------------------------------------------------------------ */

int64_t ind_shape_numel(const int64_t *shape, intptr_t rank) {
  int64_t n = 1;
  for (intptr_t i = 0; i < rank; ++i)
    n *= shape[i];
  return n;
}

int64_t ind_type_numel(MlirType t) {
  int64_t n = 1;
  if (!mlirTypeIsNull(t) && mlirTypeIsAShaped(t) && mlirShapedTypeHasRank(t))
    for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i)
      n *= mlirShapedTypeIsDynamicDim(t, i) ? 1 : mlirShapedTypeGetDimSize(t, i);
  return n;
}

bool ind_norm_dim(int64_t d, int64_t rank, int64_t *out) {
  if (d < 0)
    d += rank ? rank : 1;
  if (d < 0 || d >= (rank ? rank : 1))
    return false;
  *out = d;
  return true;
}

int ind_arg_name(char *buf, size_t len, intptr_t index) { return snprintf(buf, len, "arg%ld_1", (long)index); }

bool ind_text_too_deep(const char *text, size_t len, int max_depth, int *line, int *col) {
  int depth = 0, ln = 1, cl = 1;
  for (size_t i = 0; i < len; ++i, ++cl) {
    char ch = text[i];
    if (ch == '\n') {
      ++ln, cl = 0;
    } else if (ch == '"') { /* a string literal, with backslash escapes */
      for (++i, ++cl; i < len && text[i] != '"' && text[i] != '\n'; ++i, ++cl)
        if (text[i] == '\\' && i + 1 < len && text[i + 1] != '\n')
          ++i, ++cl;
      if (i < len && text[i] == '\n')
        ++ln, cl = 0;
    } else if (ch == '/' && i + 1 < len && text[i + 1] == '/') {
      while (i + 1 < len && text[i + 1] != '\n')
        ++i, ++cl;
    } else if (ch == '(' || ch == '[' || ch == '{' || ch == '<') {
      if (++depth > max_depth) {
        *line = ln, *col = cl;
        return true;
      }
    } else if ((ch == ')' || ch == ']' || ch == '}' || (ch == '>' && !(i > 0 && text[i - 1] == '-'))) && depth > 0) {
      --depth;
    }
  }
  return false;
}

MlirModule ind_parse_module(MlirContext ctx, const char *text, size_t len) {
  int line = 0, col = 0;
  if (ind_text_too_deep(text, len, IND_MAX_NESTING, &line, &col)) {
    char msg[128];
    snprintf(msg, sizeof msg,
             "input nested deeper than %d levels of ( [ { <: not parsed (the parser would overflow "
             "its stack)",
             IND_MAX_NESTING);
    mlirEmitError(mlirLocationFileLineColGet(ctx, ind_str("-"), (unsigned)line, (unsigned)col), msg);
    return (MlirModule){NULL};
  }
  return mlirModuleCreateParse(ctx, (MlirStringRef){text, len});
}

bool ind_affine_linearize(MlirAffineExpr e, int64_t mult, int64_t *coef, int ndims, int64_t *cst) {
  if (mlirAffineExprIsADim(e)) {
    intptr_t k = mlirAffineDimExprGetPosition(e);
    if (k < 0 || k >= ndims)
      return false;
    coef[k] += mult;
    return true;
  }
  if (mlirAffineExprIsAConstant(e)) {
    if (cst)
      *cst += mult * mlirAffineConstantExprGetValue(e);
    return true;
  }
  if (mlirAffineExprIsAAdd(e))
    return ind_affine_linearize(mlirAffineBinaryOpExprGetLHS(e), mult, coef, ndims, cst) &&
           ind_affine_linearize(mlirAffineBinaryOpExprGetRHS(e), mult, coef, ndims, cst);
  if (mlirAffineExprIsAMul(e)) {
    MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(e), r = mlirAffineBinaryOpExprGetRHS(e);
    if (mlirAffineExprIsAConstant(r))
      return ind_affine_linearize(l, mult * mlirAffineConstantExprGetValue(r), coef, ndims, cst);
    if (mlirAffineExprIsAConstant(l))
      return ind_affine_linearize(r, mult * mlirAffineConstantExprGetValue(l), coef, ndims, cst);
  }
  return false;
}

/* --- value maps */

void ind_value_map_put(IndValueMap *m, MlirValue from, MlirValue to) {
  if (m->n == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 32;
    m->from = realloc(m->from, (size_t)m->cap * sizeof *m->from);
    m->to = realloc(m->to, (size_t)m->cap * sizeof *m->to);
    if (!m->from || !m->to)
      abort();
  }
  m->from[m->n] = from;
  m->to[m->n] = to;
  ++m->n;
}

bool ind_value_map_get(const IndValueMap *m, MlirValue from, MlirValue *to) {
  for (int i = m->n - 1; i >= 0; --i)
    if (mlirValueEqual(m->from[i], from)) {
      *to = m->to[i];
      return true;
    }
  return false;
}

void ind_value_map_free(IndValueMap *m) {
  free(m->from);
  free(m->to);
  memset(m, 0, sizeof *m);
}

bool ind_same_attributes(MlirOperation a, MlirOperation b) {
  intptr_t n = mlirOperationGetNumAttributes(a);
  if (n != mlirOperationGetNumAttributes(b))
    return false;
  for (intptr_t i = 0; i < n; ++i) {
    MlirNamedAttribute x = mlirOperationGetAttribute(a, i), y = mlirOperationGetAttribute(b, i);
    if (!mlirIdentifierEqual(x.name, y.name) || !mlirAttributeEqual(x.attribute, y.attribute))
      return false;
  }
  return true;
}
