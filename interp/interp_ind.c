/* interp_ind.c - the reference interpreter for the ind dialect (Inductor IR).
 *
 * A ComputedBuffer (ind.pointwise / ind.reduction) is evaluated element by element: its body is
 * first compiled into a flat list of instructions over numbered registers (operands resolved once,
 * index maps turned into small expression trees), then run for every iteration point, row-major
 * over `ranges` (and `reduction_ranges` inside, for reductions). Element i of the iteration is
 * stored at storage offset i of the result buffer, rounded to the buffer's element type; nothing
 * else is rounded (see interp.h). ind.extern computes mm / bmm from the logical inputs (mm plus its bias).
 *
 * Index maps are evaluated exactly in int64 with MLIR's semantics: floordiv/ceildiv round toward
 * -inf/+inf and mod is non-negative; divisors must be positive constants (no symbols). A load
 * outside its buffer's storage is a located error, never a wild read. */
#include "dialects/ind/ind.h"
#include "interp/interp_impl.h"
#include "lib/ir.h"
#include "lib/mm_dims.h"
#include "lib/vec.h"

#include <math.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITER_DIMS (2 * IND_TENSOR_MAX_RANK)

/* --- affine index expressions ------------------------------------------------------------- */

typedef enum { AF_CONST, AF_DIM, AF_ADD, AF_MUL, AF_MOD, AF_FLOORDIV, AF_CEILDIV } AffKind;

typedef struct AffNode {
  AffKind kind;
  int64_t v; /* constant value or dim position */
  int l, r;  /* children (binary kinds) */
} AffNode;

/* --- body instructions --------------------------------------------------------------------- */

typedef enum {
  I_CONST,    /* dst = imm */
  I_LOAD,     /* dst = buf[aff] */
  I_INDEX,    /* dst = aff */
  I_UNARY,    /* dst = f1(a) */
  I_BINARY,   /* dst = f2(a, b) */
  I_FMA,      /* dst = a * b + c */
  I_CMPF,     /* dst = pred(a, b) */
  I_CMPI,     /* dst = pred(a, b) */
  I_SELECT,   /* dst = a ? b : c */
  I_ROUND,    /* dst = round a to dt (pred 1: trunci's wrap) */
  I_INT_BIN,  /* dst = integer op `pred` on (int64)a, (int64)b */
  I_INDIRECT, /* dst = a as a position in [0, imm): negatives wrap once; outside is an error */
} InstrKind;

typedef struct Instr {
  InstrKind kind;
  int dst, a, b, c;
  double imm;
  int pred;
  bool round_f32; /* a float op of f32 result: rounded to f32, as the compiled code computes it */
  double (*f1)(double);
  double (*f2)(double, double);
  const InterpValue *buf;
  int aff;
  IndElementType dt;
  MlirOperation op;
} Instr;

typedef struct Body {
  Instr *code;
  int ncode, code_cap;
  AffNode *aff;
  int naff, aff_cap;
  const void **vkeys; /* MlirValue.ptr -> register, linear (bodies are small) */
  int nregs, reg_cap;
  int yield_reg;
  bool yield_int; /* the yielded value is an integer (i32/i64/index): stored wrapping, as integer arithmetic */
  int ndims;
} Body;

static void body_free(Body *b) {
  free(b->code);
  free(b->aff);
  free(b->vkeys);
  memset(b, 0, sizeof *b);
}

static int body_reg_of(const Body *b, MlirValue v) {
  for (int i = 0; i < b->nregs; ++i)
    if (b->vkeys[i] == v.ptr)
      return i;
  return -1;
}

static int body_new_reg(Body *b, MlirValue v) {
  IND_VEC_RESERVE(b->vkeys, b->reg_cap, b->nregs + 1);
  b->vkeys[b->nregs] = v.ptr;
  return b->nregs++;
}

static Instr *body_push(Body *b) {
  IND_VEC_RESERVE(b->code, b->code_cap, b->ncode + 1);
  Instr *in = &b->code[b->ncode++];
  memset(in, 0, sizeof *in);
  return in;
}

static int aff_push(Body *b, AffKind k, int64_t v, int l, int r) {
  IND_VEC_RESERVE(b->aff, b->aff_cap, b->naff + 1);
  b->aff[b->naff] = (AffNode){k, v, l, r};
  return b->naff++;
}

/* Compiles an affine expression; returns the node index or -1 (error written to msg). */
static int compile_aff_expr(Body *b, MlirAffineExpr e, char *msg, size_t len) {
  if (mlirAffineExprIsAConstant(e))
    return aff_push(b, AF_CONST, mlirAffineConstantExprGetValue(e), -1, -1);
  if (mlirAffineExprIsADim(e))
    return aff_push(b, AF_DIM, (int64_t)mlirAffineDimExprGetPosition(e), -1, -1);
  if (mlirAffineExprIsASymbol(e)) {
    snprintf(msg, len, "index maps with symbols are not supported");
    return -1;
  }
  if (!mlirAffineExprIsABinary(e)) {
    snprintf(msg, len, "unsupported affine expression kind");
    return -1;
  }
  AffKind k = mlirAffineExprIsAAdd(e)        ? AF_ADD
              : mlirAffineExprIsAMul(e)      ? AF_MUL
              : mlirAffineExprIsAMod(e)      ? AF_MOD
              : mlirAffineExprIsAFloorDiv(e) ? AF_FLOORDIV
                                             : AF_CEILDIV;
  int l = compile_aff_expr(b, mlirAffineBinaryOpExprGetLHS(e), msg, len);
  int r = l < 0 ? -1 : compile_aff_expr(b, mlirAffineBinaryOpExprGetRHS(e), msg, len);
  if (r < 0)
    return -1;
  bool is_div = k == AF_MOD || k == AF_FLOORDIV || k == AF_CEILDIV;
  if (is_div && (b->aff[r].kind != AF_CONST || b->aff[r].v <= 0)) {
    snprintf(msg, len, "mod/floordiv/ceildiv need a positive constant divisor");
    return -1;
  }
  return aff_push(b, k, 0, l, r);
}

/* Wrapping arithmetic: a malformed index may overflow, and the bounds check of the load then
 * reports it (signed overflow would be undefined behaviour). */
static int64_t wrap_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static int64_t wrap_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }

static int64_t floordiv64(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

static int64_t ceildiv64(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && (a < 0) == (b < 0)) ? q + 1 : q;
}

static int64_t aff_eval(const AffNode *n, int i, const int64_t *d) {
  const AffNode *x = &n[i];
  switch (x->kind) {
  case AF_CONST:
    return x->v;
  case AF_DIM:
    return d[x->v];
  case AF_ADD:
    return wrap_add(aff_eval(n, x->l, d), aff_eval(n, x->r, d));
  case AF_MUL:
    return wrap_mul(aff_eval(n, x->l, d), aff_eval(n, x->r, d));
  case AF_MOD: {
    int64_t r = n[x->r].v, m = aff_eval(n, x->l, d) % r;
    return m < 0 ? m + r : m;
  }
  case AF_FLOORDIV:
    return floordiv64(aff_eval(n, x->l, d), n[x->r].v);
  case AF_CEILDIV:
    return ceildiv64(aff_eval(n, x->l, d), n[x->r].v);
  }
  return 0;
}

/* The `index` map of an ind.load / ind.index_expr: exactly b->ndims dims and one result. */
static MlirLogicalResult compile_index(Body *b, MlirOperation op, int *root) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str("index"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAAffineMap(a))
    return ind_emit_error(op, "interpreter: missing 'index' affine map");
  MlirAffineMap m = mlirAffineMapAttrGetValue(a);
  if (mlirAffineMapGetNumResults(m) != 1 || mlirAffineMapGetNumDims(m) != b->ndims ||
      mlirAffineMapGetNumSymbols(m) != 0)
    return ind_emit_error(op,
                          "interpreter: 'index' must have %d dims, no symbols and one result (has %d dims, "
                          "%d results)",
                          b->ndims, (int)mlirAffineMapGetNumDims(m), (int)mlirAffineMapGetNumResults(m));
  char msg[128] = "out of memory";
  *root = compile_aff_expr(b, mlirAffineMapGetResult(m, 0), msg, sizeof msg);
  if (*root < 0)
    return ind_emit_error(op, "interpreter: %s", msg);
  return mlirLogicalResultSuccess();
}

/* --- scalar semantics ---------------------------------------------------------------------- */

static double f_add(double a, double b) { return a + b; }
static double f_sub(double a, double b) { return a - b; }
static double f_mul(double a, double b) { return a * b; }
static double f_div(double a, double b) { return a / b; }
static double f_neg(double a) { return -a; }
static double f_id(double a) { return a; }
static double f_rsqrt(double a) { return 1.0 / sqrt(a); }
/* arith.maximumf / minimumf propagate NaN (and order -0 < +0), like torch.maximum. */
static double f_maximum(double a, double b) {
  if (isnan(a) || isnan(b))
    return NAN;
  if (a == b)
    return signbit(a) ? b : a;
  return a > b ? a : b;
}
static double f_minimum(double a, double b) {
  if (isnan(a) || isnan(b))
    return NAN;
  if (a == b)
    return signbit(a) ? a : b;
  return a < b ? a : b;
}
static double f_ipow(double a, double b) { return pow(a, b); }
static double f_roundeven(double a) { return nearbyint(a); }

/* The function of an op whose value is f(operand) in double (NULL for any other op). Integer
 * ext/casts are identities on held values. */
static double (*unary_fn(IndOpId id))(double) {
  switch (id) {
  case IND_OP_ARITH_NEGF:
    return f_neg;
  case IND_OP_MATH_EXP:
    return exp;
  case IND_OP_MATH_EXP2:
    return exp2;
  case IND_OP_MATH_LOG:
    return log;
  case IND_OP_MATH_LOG2:
    return log2;
  case IND_OP_MATH_LOG10:
    return log10;
  case IND_OP_MATH_LOG1P:
    return log1p;
  case IND_OP_MATH_EXPM1:
    return expm1;
  case IND_OP_MATH_SQRT:
    return sqrt;
  case IND_OP_MATH_RSQRT:
    return f_rsqrt;
  case IND_OP_MATH_TANH:
    return tanh;
  case IND_OP_MATH_ERF:
    return erf;
  case IND_OP_MATH_ERFC:
    return erfc;
  case IND_OP_MATH_ABSF:
  case IND_OP_MATH_ABSI:
    return fabs;
  case IND_OP_MATH_SIN:
    return sin;
  case IND_OP_MATH_COS:
    return cos;
  case IND_OP_MATH_TAN:
    return tan;
  case IND_OP_MATH_ASIN:
    return asin;
  case IND_OP_MATH_ACOS:
    return acos;
  case IND_OP_MATH_ATAN:
    return atan;
  case IND_OP_MATH_SINH:
    return sinh;
  case IND_OP_MATH_COSH:
    return cosh;
  case IND_OP_MATH_FLOOR:
    return floor;
  case IND_OP_MATH_CEIL:
    return ceil;
  case IND_OP_MATH_ROUND:
    return round;
  case IND_OP_MATH_ROUNDEVEN:
    return f_roundeven;
  case IND_OP_MATH_TRUNC:
    return trunc;
  case IND_OP_MATH_CBRT:
    return cbrt;
  case IND_OP_ARITH_EXTF:
  case IND_OP_ARITH_SITOFP:
  case IND_OP_ARITH_UITOFP:
  case IND_OP_ARITH_INDEX_CAST:
  case IND_OP_ARITH_INDEX_CASTUI:
  case IND_OP_ARITH_EXTUI:
    return f_id;
  default:
    return NULL;
  }
}

/* The function of an op whose value is f(lhs, rhs) in double (NULL for any other op). */
static double (*binary_fn(IndOpId id))(double, double) {
  switch (id) {
  case IND_OP_ARITH_ADDF:
  case IND_OP_ARITH_ADDI:
    return f_add;
  case IND_OP_ARITH_SUBF:
  case IND_OP_ARITH_SUBI:
    return f_sub;
  case IND_OP_ARITH_MULF:
  case IND_OP_ARITH_MULI:
    return f_mul;
  case IND_OP_ARITH_DIVF:
    return f_div;
  case IND_OP_ARITH_REMF:
    return fmod;
  case IND_OP_ARITH_MAXIMUMF:
    return f_maximum;
  case IND_OP_ARITH_MINIMUMF:
    return f_minimum;
  case IND_OP_ARITH_MAXNUMF:
  case IND_OP_ARITH_MAXSI:
    return fmax;
  case IND_OP_ARITH_MINNUMF:
  case IND_OP_ARITH_MINSI:
    return fmin;
  case IND_OP_MATH_POWF:
    return pow;
  case IND_OP_MATH_FPOWI:
  case IND_OP_MATH_IPOWI:
    return f_ipow;
  case IND_OP_MATH_ATAN2:
    return atan2;
  case IND_OP_MATH_COPYSIGN:
    return copysign;
  default:
    return NULL;
  }
}

/* Integer ops with C semantics on int64 (division by zero gives 0 instead of trapping); the code
 * of I_INT_BIN is the op's id. */
static bool is_int_binary(IndOpId id) {
  switch (id) {
  case IND_OP_ARITH_ANDI:
  case IND_OP_ARITH_ORI:
  case IND_OP_ARITH_XORI:
  case IND_OP_ARITH_DIVSI:
  case IND_OP_ARITH_REMSI:
  case IND_OP_ARITH_FLOORDIVSI:
  case IND_OP_ARITH_CEILDIVSI:
    return true;
  default:
    return false;
  }
}

static double int_binary(IndOpId code, double x, double y) {
  int64_t a = interp_int64_of(x), b = interp_int64_of(y);
  switch (code) {
  case IND_OP_ARITH_ANDI:
    return (double)(a & b);
  case IND_OP_ARITH_ORI:
    return (double)(a | b);
  case IND_OP_ARITH_XORI:
    return (double)(a ^ b);
  case IND_OP_ARITH_DIVSI:
    return !b ? 0.0 : b == -1 ? -(double)a : (double)(a / b);
  case IND_OP_ARITH_REMSI:
    return !b || b == -1 ? 0.0 : (double)(a % b);
  case IND_OP_ARITH_FLOORDIVSI:
    return !b ? 0.0 : b == -1 ? -(double)a : (double)floordiv64(a, b);
  case IND_OP_ARITH_CEILDIVSI:
    return !b ? 0.0 : b == -1 ? -(double)a : (double)ceildiv64(a, b);
  default:
    return 0.0;
  }
}

/* arith.cmpf predicates, in the order of arith::CmpFPredicate. */
static double cmpf(int pred, double a, double b) {
  bool uno = isnan(a) || isnan(b);
  bool r;
  switch (pred) {
  case 0:
    r = false;
    break;
  case 1:
    r = !uno && a == b;
    break;
  case 2:
    r = !uno && a > b;
    break;
  case 3:
    r = !uno && a >= b;
    break;
  case 4:
    r = !uno && a < b;
    break;
  case 5:
    r = !uno && a <= b;
    break;
  case 6:
    r = !uno && a != b;
    break;
  case 7:
    r = !uno;
    break;
  case 8:
    r = uno || a == b;
    break;
  case 9:
    r = uno || a > b;
    break;
  case 10:
    r = uno || a >= b;
    break;
  case 11:
    r = uno || a < b;
    break;
  case 12:
    r = uno || a <= b;
    break;
  case 13:
    r = uno || a != b;
    break;
  case 14:
    r = uno;
    break;
  default:
    r = true;
    break;
  }
  return r ? 1.0 : 0.0;
}

/* arith.cmpi predicates, in the order of arith::CmpIPredicate. */
static double cmpi(int pred, double x, double y) {
  int64_t a = interp_int64_of(x), b = interp_int64_of(y);
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  bool r;
  switch (pred) {
  case 0:
    r = a == b;
    break;
  case 1:
    r = a != b;
    break;
  case 2:
    r = a < b;
    break;
  case 3:
    r = a <= b;
    break;
  case 4:
    r = a > b;
    break;
  case 5:
    r = a >= b;
    break;
  case 6:
    r = ua < ub;
    break;
  case 7:
    r = ua <= ub;
    break;
  case 8:
    r = ua > ub;
    break;
  default:
    r = ua >= ub;
    break;
  }
  return r ? 1.0 : 0.0;
}

/* --- compiling a body ---------------------------------------------------------------------- */

/* Resolves operand i of a body op to its register (defined earlier in the body). */
static MlirLogicalResult operand_reg(Body *b, MlirOperation op, intptr_t i, int *reg) {
  if (i >= mlirOperationGetNumOperands(op))
    return ind_emit_error(op, "interpreter: missing operand #%d", (int)i);
  *reg = body_reg_of(b, mlirOperationGetOperand(op, i));
  if (*reg < 0)
    return ind_emit_error(op, "interpreter: operand #%d is not defined earlier in the body", (int)i);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult operand_regs(Body *b, MlirOperation op, Instr *in, int n) {
  int *dst[3] = {&in->a, &in->b, &in->c};
  for (int i = 0; i < n; ++i)
    if (mlirLogicalResultIsFailure(operand_reg(b, op, i, dst[i])))
      return mlirLogicalResultFailure();
  return mlirLogicalResultSuccess();
}

/* arith.constant: a float or integer (bool) scalar. */
static MlirLogicalResult compile_constant(MlirOperation op, Instr *in) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ind_str("value"));
  in->kind = I_CONST;
  if (!mlirAttributeIsNull(a) && mlirAttributeIsAFloat(a)) {
    in->imm = mlirFloatAttrGetValueDouble(a);
    return mlirLogicalResultSuccess();
  }
  if (!mlirAttributeIsNull(a) && mlirAttributeIsABool(a)) {
    in->imm = mlirBoolAttrGetValue(a) ? 1.0 : 0.0;
    return mlirLogicalResultSuccess();
  }
  if (!mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a)) {
    MlirType t = mlirAttributeGetType(a);
    bool is_i1 = mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 1;
    int64_t v = mlirIntegerAttrGetValueInt(a);
    in->imm = is_i1 ? (v != 0) : (double)v;
    return mlirLogicalResultSuccess();
  }
  return ind_emit_error(op, "interpreter: arith.constant must be a scalar float or integer");
}

/* ind.load: the buffer operand is an outer value (a realized buffer); an indirect load's offset
 * (operand 1) a body value (register a; -1 for a direct load). */
static MlirLogicalResult compile_load(InterpState *s, Body *b, MlirOperation op, Instr *in) {
  in->kind = I_LOAD;
  in->a = -1;
  intptr_t nops = mlirOperationGetNumOperands(op);
  if (nops != 1 && nops != 2)
    return ind_emit_error(op, "interpreter: ind.load takes a buffer and an optional offset");
  in->buf = interp_operand(s, op, 0);
  if (!in->buf)
    return mlirLogicalResultFailure();
  if (!in->buf->is_buffer)
    return ind_emit_error(op, "interpreter: ind.load of a value that is not a buffer (memref)");
  if (nops == 2 && mlirLogicalResultIsFailure(operand_reg(b, op, 1, &in->a)))
    return mlirLogicalResultFailure();
  return compile_index(b, op, &in->aff);
}

/* Conversions that change the value: truncf to its float type, fptosi/fptoui/trunci to ints. */
static MlirLogicalResult compile_round(MlirOperation op, Instr *in) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  in->kind = I_ROUND;
  in->pred = ind_op_id(op) == IND_OP_ARITH_TRUNCI; /* 1: wrap (trunci); 0: saturate (float -> int) */
  if (mlirTypeIsAIndex(t)) {
    in->dt = IND_ELEM_I64;
    return mlirLogicalResultSuccess();
  }
  if (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 8) {
    in->dt = IND_ELEM_I32; /* values of an i8 fit in i32: close enough for a reference */
    return mlirLogicalResultSuccess();
  }
  if (!ind_dtype_from_mlir(t, &in->dt))
    return ind_emit_error(op, "interpreter: unsupported result type of a conversion");
  return mlirLogicalResultSuccess();
}

/* arith.extsi of an i1 gives -1 for true: the one sign-extension that changes a held value. */
static bool is_extsi_of_i1(MlirOperation op) {
  if (ind_op_id(op) != IND_OP_ARITH_EXTSI)
    return false;
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 1;
}

static MlirLogicalResult unsupported_op(MlirOperation op) {
  MlirStringRef n = ind_op_name(op);
  return ind_emit_error(op, "interpreter: unsupported op '%.*s'", (int)n.length, n.data);
}

/* arith.cmpf / arith.cmpi: their predicate attribute and two operands. */
static MlirLogicalResult compile_cmp(Body *b, MlirOperation op, InstrKind kind, Instr *in) {
  int64_t p;
  if (!ind_attr_int(op, "predicate", &p))
    return ind_emit_error(op, "interpreter: missing integer 'predicate'");
  in->kind = kind;
  in->pred = (int)p;
  return operand_regs(b, op, in, 2);
}

/* The ops of a pointwise function of their operands: unary and binary math, integer ops. */
static MlirLogicalResult compile_function(Body *b, MlirOperation op, IndOpId id, Instr *in) {
  if ((in->f1 = unary_fn(id))) {
    in->kind = I_UNARY;
    return operand_regs(b, op, in, 1);
  }
  if ((in->f2 = binary_fn(id))) {
    in->kind = I_BINARY;
    return operand_regs(b, op, in, 2);
  }
  if (is_int_binary(id)) {
    in->kind = I_INT_BIN;
    in->pred = (int)id;
    return operand_regs(b, op, in, 2);
  }
  return unsupported_op(op);
}

/* Fills `in` for one body op of one result (all but the terminator). */
static MlirLogicalResult compile_compute(InterpState *s, Body *b, MlirOperation op, Instr *in) {
  IndOpId id = ind_op_id(op);
  switch (id) {
  case IND_OP_ARITH_CONSTANT:
    return compile_constant(op, in);
  case IND_OP_LOAD:
    return compile_load(s, b, op, in);
  case IND_OP_ARITH_EXTSI:
    in->kind = I_UNARY;
    in->f1 = is_extsi_of_i1(op) ? f_neg : f_id;
    return operand_regs(b, op, in, 1);
  case IND_OP_INDEX_EXPR:
    in->kind = I_INDEX;
    return compile_index(b, op, &in->aff);
  case IND_OP_INDIRECT_INDEXING: {
    int64_t size = ind_indirect_size(op);
    if (size < 1)
      return ind_emit_error(op, "interpreter: ind.indirect_indexing needs an integer 'size' >= 1");
    in->kind = I_INDIRECT;
    in->imm = (double)size;
    return operand_regs(b, op, in, 1);
  }
  case IND_OP_MATH_FMA:
    in->kind = I_FMA;
    return operand_regs(b, op, in, 3);
  case IND_OP_ARITH_SELECT:
    in->kind = I_SELECT;
    return operand_regs(b, op, in, 3);
  case IND_OP_ARITH_CMPF:
    return compile_cmp(b, op, I_CMPF, in);
  case IND_OP_ARITH_CMPI:
    return compile_cmp(b, op, I_CMPI, in);
  case IND_OP_ARITH_TRUNCF:
  case IND_OP_ARITH_FPTOSI:
  case IND_OP_ARITH_FPTOUI:
  case IND_OP_ARITH_TRUNCI:
    if (mlirLogicalResultIsFailure(compile_round(op, in)))
      return mlirLogicalResultFailure();
    return operand_regs(b, op, in, 1);
  default:
    return compile_function(b, op, id, in);
  }
}

/* The terminator `gpu.yield %v`: the body's value. */
static MlirLogicalResult compile_yield(Body *b, MlirOperation op) {
  if (mlirOperationGetNumOperands(op) != 1)
    return ind_emit_error(op, "interpreter: a body must yield exactly one value");
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 0));
  b->yield_int = mlirTypeIsAIndex(t) || (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) > 1);
  return operand_reg(b, op, 0, &b->yield_reg);
}

static MlirLogicalResult compile_op(InterpState *s, Body *b, MlirOperation op) {
  if (ind_op_id(op) == IND_OP_YIELD)
    return compile_yield(b, op);
  if (mlirOperationGetNumResults(op) != 1)
    return unsupported_op(op);
  Instr *in = body_push(b);
  if (!in)
    return ind_emit_error(op, "interpreter: out of memory");
  in->op = op;
  MlirLogicalResult r = compile_compute(s, b, op, in);
  if (mlirLogicalResultIsFailure(r))
    return r;
  in->round_f32 = (in->kind == I_UNARY || in->kind == I_BINARY || in->kind == I_FMA) &&
                  mlirTypeIsAF32(mlirValueGetType(mlirOperationGetResult(op, 0)));
  in->dst = body_new_reg(b, mlirOperationGetResult(op, 0));
  return in->dst < 0 ? ind_emit_error(op, "interpreter: out of memory") : mlirLogicalResultSuccess();
}

static MlirLogicalResult compile_body(InterpState *s, MlirOperation op, int ndims, Body *b) {
  memset(b, 0, sizeof *b);
  b->ndims = ndims;
  b->yield_reg = -1;
  MlirBlock blk = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(blk))
    return ind_emit_error(op, "interpreter: the body region is empty");
  for (MlirOperation o = mlirBlockGetFirstOperation(blk); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    if (mlirLogicalResultIsFailure(compile_op(s, b, o)))
      return mlirLogicalResultFailure();
  if (b->yield_reg < 0)
    return ind_emit_error(op, "interpreter: the body does not end in gpu.yield");
  return mlirLogicalResultSuccess();
}

/* --- running a body ------------------------------------------------------------------------ */

/* Evaluates the body at iteration point d; false (with *bad set) on a load outside its buffer. */
static bool run_body(const Body *b, double *reg, const int64_t *d, double *out, const Instr **bad, int64_t *bad_pos) {
  for (int i = 0; i < b->ncode; ++i) {
    const Instr *in = &b->code[i];
    double v = 0.0;
    switch (in->kind) {
    case I_CONST:
      v = in->imm;
      break;
    case I_LOAD: {
      int64_t p = aff_eval(b->aff, in->aff, d);
      if (in->a >= 0)
        p = wrap_add(p, interp_int64_of(reg[in->a]));
      if (p < 0 || p >= in->buf->store.numel) {
        *bad = in;
        *bad_pos = p;
        return false;
      }
      v = in->buf->store.data[p];
      break;
    }
    case I_INDEX:
      v = (double)aff_eval(b->aff, in->aff, d);
      break;
    case I_UNARY:
      v = in->f1(reg[in->a]);
      break;
    case I_BINARY:
      v = in->f2(reg[in->a], reg[in->b]);
      break;
    case I_FMA:
      v = reg[in->a] * reg[in->b] + reg[in->c];
      break;
    case I_CMPF:
      v = cmpf(in->pred, reg[in->a], reg[in->b]);
      break;
    case I_CMPI:
      v = cmpi(in->pred, reg[in->a], reg[in->b]);
      break;
    case I_SELECT:
      v = reg[in->a] != 0.0 ? reg[in->b] : reg[in->c];
      break;
    case I_ROUND:
      v = in->pred ? ind_wrap_to_dtype(reg[in->a], in->dt) : ind_round_to_dtype(reg[in->a], in->dt);
      break;
    case I_INT_BIN:
      v = int_binary((IndOpId)in->pred, reg[in->a], reg[in->b]);
      break;
    case I_INDIRECT:
      v = trunc(reg[in->a]);
      if (v < 0)
        v += in->imm;
      if (!(v >= 0 && v < in->imm)) { /* NaN included */
        *bad = in;
        *bad_pos = interp_int64_of(reg[in->a]);
        return false;
      }
      break;
    }
    reg[in->dst] = in->round_f32 ? ind_round_to_dtype(v, IND_ELEM_F32) : v;
  }
  *out = reg[b->yield_reg];
  return true;
}

static MlirLogicalResult report_bad_load(const Instr *bad, int64_t pos, const int64_t *d, int nd) {
  char pt[256];
  size_t n = 0;
  pt[0] = '\0';
  for (int k = 0; k < nd && n < sizeof pt; ++k)
    n += (size_t)snprintf(pt + n, sizeof pt - n, "%s%lld", k ? ", " : "", (long long)d[k]);
  if (bad->kind == I_INDIRECT)
    return ind_emit_error(bad->op,
                          "interpreter: index %lld is out of bounds for a dim of size %lld at iteration point (%s)",
                          (long long)pos, (long long)bad->imm, pt);
  return ind_emit_error(bad->op,
                        "interpreter: load at storage offset %lld outside the buffer (%lld elements) at "
                        "iteration point (%s)",
                        (long long)pos, (long long)bad->buf->store.numel, pt);
}

/* Advances the row-major counter d[lo..hi) over sizes; false when it wraps around. */
static bool next_point(int64_t *d, const int64_t *sizes, int lo, int hi) {
  for (int k = hi - 1; k >= lo; --k) {
    if (++d[k] < sizes[k])
      return true;
    d[k] = 0;
  }
  return false;
}

static int64_t product(const int64_t *v, int n) {
  int64_t p = 1;
  for (int i = 0; i < n; ++i)
    p *= v[i];
  return p;
}

typedef enum {
  RED_SUM,
  RED_PROD,
  RED_MAX,
  RED_MIN,
  RED_ANY,
  RED_WELFORD_MEAN,
  RED_WELFORD_M2,
  RED_ONLINE_MAX,
  RED_ONLINE_SUM
} RedKind;

/* The multi-output kinds are defined by what they compute, exactly (in double, two passes over the
 * row's values): the mean, the sum of squared deviations from the mean, the max, the sum of
 * exp(v - max). How a kernel gets there in one pass (Welford's update, the online softmax rescale) is
 * the codegen's business; the reference does not imitate it. */
static bool red_two_pass(RedKind k) { return k >= RED_WELFORD_MEAN; }

static double red_finish_row(RedKind k, const double *v, int64_t n) {
  double m = k == RED_ONLINE_MAX || k == RED_ONLINE_SUM ? -INFINITY : 0.0, acc = 0.0;
  for (int64_t j = 0; j < n; ++j) {
    if (k == RED_ONLINE_MAX || k == RED_ONLINE_SUM)
      m = (isnan(v[j]) || v[j] > m) ? v[j] : m;
    else
      m += v[j];
  }
  if (k == RED_ONLINE_MAX)
    return m;
  if (k == RED_WELFORD_MEAN || k == RED_WELFORD_M2)
    m = n > 0 ? m / (double)n : 0.0;
  if (k == RED_WELFORD_MEAN)
    return m;
  for (int64_t j = 0; j < n; ++j)
    acc += k == RED_WELFORD_M2 ? (v[j] - m) * (v[j] - m) : (m == -INFINITY ? 0.0 : exp(v[j] - m));
  return acc;
}

static double red_init(RedKind k) {
  switch (k) {
  case RED_SUM:
  case RED_ANY:
    return 0.0;
  case RED_PROD:
    return 1.0;
  case RED_MAX:
    return -INFINITY;
  case RED_MIN:
    return INFINITY;
  default:
    return 0.0;
  }
}

/* Combines like torch: max/min propagate NaN. */
static double red_combine(RedKind k, double acc, double v) {
  switch (k) {
  case RED_SUM:
    return acc + v;
  case RED_PROD:
    return acc * v;
  case RED_MAX:
    return (isnan(v) || v > acc) ? v : acc;
  case RED_MIN:
    return (isnan(v) || v < acc) ? v : acc;
  case RED_ANY:
    return (acc != 0.0 || v != 0.0) ? 1.0 : 0.0;
  default:
    return acc;
  }
}

static bool parse_red_kind(MlirStringRef s, RedKind *k) {
  static const char *names[] = {
      "sum", "prod", "max", "min", "any", "welford_mean", "welford_m2", "online_softmax_max", "online_softmax_sum"};
  for (int i = 0; i < 9; ++i)
    if (ind_sref_eq(s, names[i])) {
      *k = (RedKind)i;
      return true;
    }
  return false;
}

/* Reads ranges (and reduction_ranges, or a scan's scan_ranges) of a ComputedBuffer into sizes[0..*nd). */
static MlirLogicalResult read_ranges(MlirOperation op, bool reduction, int64_t *sizes, int *n, int *nr) {
  intptr_t a = 0, b = 0;
  const char *rkey = ind_is_scan(op) ? IND_ATTR_SCAN_RANGES : IND_ATTR_REDUCTION_RANGES;
  if (!ind_attr_i64_array(op, "ranges", sizes, MAX_ITER_DIMS, &a))
    return ind_emit_error(op, "interpreter: missing 'ranges'");
  if (reduction && !ind_attr_i64_array(op, rkey, sizes + (a < MAX_ITER_DIMS ? a : 0),
                                       MAX_ITER_DIMS - (a < MAX_ITER_DIMS ? a : 0), &b))
    return ind_emit_error(op, "interpreter: missing '%s'", rkey);
  if (a + b > MAX_ITER_DIMS)
    return ind_emit_error(op, "interpreter: more than %d iteration dims", MAX_ITER_DIMS);
  double total = 1.0;
  for (intptr_t i = 0; i < a + b; ++i) {
    if (sizes[i] < 0)
      return ind_emit_error(op, "interpreter: negative range");
    total *= (double)sizes[i];
  }
  if (total > 0x1p40)
    return ind_emit_error(op, "interpreter: the iteration space (%.0f points) is too large", total);
  *n = (int)a;
  *nr = (int)b;
  return mlirLogicalResultSuccess();
}

/* The result buffer of a ComputedBuffer: a memref holding exactly `numel` elements. */
static MlirLogicalResult make_result(MlirOperation op, int64_t numel, InterpValue *out) {
  if (mlirOperationGetNumResults(op) != 1)
    return ind_emit_error(op, "interpreter: expected one result");
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsAMemRef(t) || !mlirShapedTypeHasStaticShape(t))
    return ind_emit_error(op, "interpreter: the result must be a static memref");
  int64_t n = ind_type_numel(t);
  if (n != numel)
    return ind_emit_error(op, "interpreter: the result holds %lld elements but the iteration has %lld", (long long)n,
                          (long long)numel);
  return interp_make_buffer(op, t, numel, out);
}

static MlirLogicalResult bind_result(InterpState *s, MlirOperation op, InterpValue *v) {
  if (!interp_bind(s, mlirOperationGetResult(op, 0), v)) {
    ind_tensor_free(&v->store);
    return ind_emit_error(op, "interpreter: out of memory");
  }
  return mlirLogicalResultSuccess();
}

/* The stored form of a body's result v in dtype dt: an integer result wraps (integer arithmetic, as
 * torch and the compiled addi/muli), a float one is rounded (into an integer buffer: the saturating float
 * -> int conversion of docs/dialects/graph.md, convert). */
static double store_value(const Body *b, double v, IndElementType dt) {
  return b->yield_int ? ind_wrap_to_dtype(v, dt) : ind_round_to_dtype(v, dt);
}

/* Evaluates a compiled body over the iteration space into out->store (rounded). */
static MlirLogicalResult run_computed(const Body *b, const int64_t *sizes, int n, int nr, bool reduction, RedKind rk,
                                      InterpValue *out) {
  double *reg = calloc((size_t)(b->nregs ? b->nregs : 1), sizeof *reg);
  int64_t numel = product(sizes, n), rnumel = reduction ? product(sizes + n, nr) : 1;
  double *row = reduction && red_two_pass(rk) ? malloc((size_t)(rnumel ? rnumel : 1) * sizeof *row) : NULL;
  if (!reg || (reduction && red_two_pass(rk) && !row)) {
    free(reg);
    free(row);
    return ind_emit_error(b->code ? b->code[0].op : (MlirOperation){NULL}, "interpreter: out of memory");
  }
  int64_t d[MAX_ITER_DIMS] = {0}, bad_point[MAX_ITER_DIMS] = {0};
  const Instr *bad = NULL;
  int64_t bad_pos = 0;
  bool ok = true;
  for (int64_t i = 0; ok && i < numel; ++i) {
    double acc = reduction ? red_init(rk) : 0.0, v = 0.0;
    for (int k = n; k < n + nr; ++k)
      d[k] = 0;
    for (int64_t j = 0; ok && j < rnumel; ++j) {
      ok = run_body(b, reg, d, &v, &bad, &bad_pos);
      if (!ok)
        memcpy(bad_point, d, sizeof d);
      if (reduction) {
        if (row)
          row[j] = v;
        else
          acc = red_combine(rk, acc, v);
        next_point(d, sizes, n, n + nr);
      }
    }
    if (row && ok)
      acc = red_finish_row(rk, row, rnumel);
    interp_store_double(&out->store, i, store_value(b, reduction ? acc : v, out->store.dtype));
    next_point(d, sizes, 0, n);
  }
  MlirLogicalResult r = ok ? mlirLogicalResultSuccess() : report_bad_load(bad, bad_pos, bad_point, n + nr);
  free(reg);
  free(row);
  return r;
}

static MlirLogicalResult interp_computed_buffer(InterpState *s, MlirOperation op, bool reduction) {
  int64_t sizes[MAX_ITER_DIMS];
  int n = 0, nr = 0;
  RedKind rk = RED_SUM;
  if (mlirLogicalResultIsFailure(read_ranges(op, reduction, sizes, &n, &nr)))
    return mlirLogicalResultFailure();
  if (reduction) {
    MlirStringRef t;
    if (!ind_attr_str(op, "reduction_type", &t) || !parse_red_kind(t, &rk))
      return ind_emit_error(op, "interpreter: 'reduction_type' must be sum, prod, max, min, any, welford_mean, "
                                "welford_m2, online_softmax_max or online_softmax_sum");
  }
  InterpValue out;
  if (mlirLogicalResultIsFailure(make_result(op, product(sizes, n), &out)))
    return mlirLogicalResultFailure();
  Body b;
  MlirLogicalResult r = compile_body(s, op, n + nr, &b);
  if (mlirLogicalResultIsSuccess(r))
    r = run_computed(&b, sizes, n, nr, reduction, rk, &out);
  body_free(&b);
  if (mlirLogicalResultIsFailure(r)) {
    ind_tensor_free(&out.store);
    return r;
  }
  return bind_result(s, op, &out);
}

/* --- scans (Inductor's ir.Scan) ------------------------------------------------------------ */

/* The running combine along the scanned dim, sequential in double: element (x, j) of the result
 * combines the body's values at (x, 0..j), each result rounded to the storage dtype (as the graph
 * interpreter's cumsum). */
static MlirLogicalResult run_scan(const Body *b, const int64_t *sizes, int n, RedKind rk, InterpValue *out) {
  double *reg = calloc((size_t)(b->nregs ? b->nregs : 1), sizeof *reg);
  if (!reg)
    return ind_emit_error(b->code ? b->code[0].op : (MlirOperation){NULL}, "interpreter: out of memory");
  int64_t numel = product(sizes, n), len = sizes[n];
  int64_t d[MAX_ITER_DIMS] = {0}, bad_point[MAX_ITER_DIMS] = {0};
  const Instr *bad = NULL;
  int64_t bad_pos = 0;
  bool ok = true;
  for (int64_t i = 0; ok && i < numel; ++i) {
    double acc = red_init(rk), v = 0.0;
    for (int64_t j = 0; ok && j < len; ++j) {
      d[n] = j;
      ok = run_body(b, reg, d, &v, &bad, &bad_pos);
      if (!ok)
        memcpy(bad_point, d, sizeof d);
      acc = red_combine(rk, acc, v);
      interp_store_double(&out->store, i * len + j, store_value(b, acc, out->store.dtype));
    }
    next_point(d, sizes, 0, n);
  }
  MlirLogicalResult r = ok ? mlirLogicalResultSuccess() : report_bad_load(bad, bad_pos, bad_point, n + 1);
  free(reg);
  return r;
}

static MlirLogicalResult interp_scan(InterpState *s, MlirOperation op) {
  int64_t sizes[MAX_ITER_DIMS];
  int n = 0, nr = 0;
  if (mlirLogicalResultIsFailure(read_ranges(op, true, sizes, &n, &nr)))
    return mlirLogicalResultFailure();
  IndReductionType t = ind_scan_type(op);
  RedKind rk = t == IND_REDUCE_SUM    ? RED_SUM
               : t == IND_REDUCE_PROD ? RED_PROD
               : t == IND_REDUCE_MAX  ? RED_MAX
                                      : RED_MIN;
  if (nr != 1 || t == IND_REDUCE_INVALID)
    return ind_emit_error(op,
                          "interpreter: a scan needs one 'scan_ranges' entry and 'scan_type' sum, prod, max or min");
  InterpValue out;
  if (mlirLogicalResultIsFailure(make_result(op, product(sizes, n + 1), &out)))
    return mlirLogicalResultFailure();
  Body b;
  MlirLogicalResult r = compile_body(s, op, n + 1, &b);
  if (mlirLogicalResultIsSuccess(r))
    r = run_scan(&b, sizes, n, rk, &out);
  body_free(&b);
  if (mlirLogicalResultIsFailure(r)) {
    ind_tensor_free(&out.store);
    return r;
  }
  return bind_result(s, op, &out);
}

/* --- extern kernels ------------------------------------------------------------------------ */

/* out[b] = op(lhs[b]) @ op(rhs[b]) for `batch` matrices of MxK and KxN, an operand held transposed (KxM,
 * NxK) when its flag in d is set. */
static void matmul(const double *a, const double *b, double *c, const IndMmDims *d) {
  int64_t m = d->m, k = d->k, n = d->n;
  for (int64_t p = 0; p < d->batch; ++p) {
    const double *ap = a + p * m * k, *bp = b + p * k * n;
    double *cp = c + p * m * n;
    for (int64_t i = 0; i < m * n; ++i)
      cp[i] = 0.0;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t q = 0; q < k; ++q) {
        double av = d->trans_a ? ap[q * m + i] : ap[i * k + q];
        for (int64_t j = 0; j < n; ++j)
          cp[i * n + j] += av * (d->trans_b ? bp[j * k + q] : bp[q * n + j]);
      }
  }
}

/* ind.extern mm / bmm by lib/mm_dims.h's contract: each input read as the row-major array it holds. */
static MlirLogicalResult interp_extern(InterpState *s, MlirOperation op) {
  MlirStringRef kernel;
  if (!ind_attr_str(op, "kernel", &kernel))
    return ind_emit_error(op, "interpreter: missing 'kernel'");
  bool bmm = ind_sref_eq(kernel, "bmm");
  if (!bmm && !ind_sref_eq(kernel, "mm"))
    return ind_emit_error(op, "interpreter: unsupported extern kernel '%.*s' (mm and bmm are supported)",
                          (int)kernel.length, kernel.data);
  intptr_t nin = mlirOperationGetNumOperands(op);
  if (nin != 2 && (bmm || nin != 3))
    return ind_emit_error(op, "interpreter: '%s' takes two buffers%s", bmm ? "bmm" : "mm", bmm ? "" : " (and a bias)");
  bool tr[2];
  if (!ind_extern_transpose(op, tr))
    return ind_emit_error(op, "interpreter: '%s': 'transpose' must be array<i1: a, b>", bmm ? "bmm" : "mm");
  InterpValue *av = interp_operand(s, op, 0), *bv = interp_operand(s, op, 1);
  InterpValue *xv = nin == 3 ? interp_operand(s, op, 2) : NULL;
  if (!av || !bv || (nin == 3 && !xv))
    return mlirLogicalResultFailure();
  if (!av->is_buffer || !bv->is_buffer || (xv && !xv->is_buffer))
    return ind_emit_error(op, "interpreter: '%s' needs buffers", bmm ? "bmm" : "mm");
  MlirType ct = mlirValueGetType(mlirOperationGetResult(op, 0));
  int64_t cs[IND_MAX_RANK];
  int cr = mlirTypeIsAShaped(ct) && mlirShapedTypeHasRank(ct) && mlirShapedTypeGetRank(ct) <= IND_MAX_RANK
               ? (int)mlirShapedTypeGetRank(ct)
               : 0;
  for (int i = 0; i < cr; ++i)
    cs[i] = mlirShapedTypeGetDimSize(ct, i);
  IndMmDims d;
  const char *why = "";
  if (!ind_mm_dims(bmm, cs, cr, ind_shape_numel(av->shape, av->rank), ind_shape_numel(bv->shape, bv->rank), tr[0],
                   tr[1], &d, &why) ||
      !ind_mm_operand_shape_ok(&d, bmm, 0, av->shape, av->rank) ||
      !ind_mm_operand_shape_ok(&d, bmm, 1, bv->shape, bv->rank))
    return ind_emit_error(op, "interpreter: '%s' operand shapes do not match", bmm ? "bmm" : "mm");
  if (xv && ind_shape_numel(xv->shape, xv->rank) != d.n)
    return ind_emit_error(op, "interpreter: the bias of 'mm' must hold n = %ld elements", (long)d.n);
  InterpValue out;
  if (mlirLogicalResultIsFailure(make_result(op, d.batch * d.m * d.n, &out)))
    return mlirLogicalResultFailure();
  IndTensor a, b, x = {0};
  bool ok = interp_value_logical(av, &a);
  ok = interp_value_logical(bv, &b) && ok;
  ok = (!xv || interp_value_logical(xv, &x)) && ok;
  if (ok) {
    matmul(a.data, b.data, out.store.data, &d);
    for (int64_t i = 0; i < d.batch * d.m * d.n; ++i) /* the bias added before the one rounding (the epilogue) */
      interp_store_double(&out.store, i,
                          ind_round_to_dtype(out.store.data[i] + (xv ? x.data[i % d.n] : 0.0), out.store.dtype));
  }
  ind_tensor_free(&a);
  ind_tensor_free(&b);
  ind_tensor_free(&x);
  if (!ok) {
    ind_tensor_free(&out.store);
    return ind_emit_error(op, "interpreter: out of memory");
  }
  return bind_result(s, op, &out);
}

/* --- entry --------------------------------------------------------------------------------- */

bool interp_is_ind_op(MlirOperation op) { return ind_is_buffer_op(op); }

MlirLogicalResult interp_ind_op(InterpState *s, MlirOperation op) {
  switch (ind_op_id(op)) {
  case IND_OP_EXTERN:
    return interp_extern(s, op);
  case IND_OP_SCAN:
    return interp_scan(s, op);
  case IND_OP_REDUCTION:
    return interp_computed_buffer(s, op, true);
  default:
    return interp_computed_buffer(s, op, false);
  }
}
