/* jit.c - the CPU JIT: kernel IR -> LLVM dialect -> ExecutionEngine; see jit.h. */
#include "runtime/jit.h"

#include "ind/checked.h"
#include "lib/ir.h"

#include <mlir-c/ExecutionEngine.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct IndJit {
  MlirExecutionEngine engine;
  MlirContext ctx;
  MlirLocation loc; /* the entry's location, for diagnostics at call time */
  char entry[128];
  int nin, nout;
  MlirType in[IND_JIT_MAX_ARGS], out[IND_JIT_MAX_ARGS];
  MlirAttribute sites; /* checked mode: the module's IND_CHECK_SITES_ATTR (null: no checks) */
  int64_t *record;     /* and its record global in the engine */
};

/* Finds the func.func named `entry` at the top of the module. */
static MlirOperation find_entry(MlirModule module, const char *entry) {
  MlirBlock top = mlirModuleGetBody(module);
  for (MlirOperation o = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o)) {
    MlirStringRef name;
    if (ind_op_is(o, "func.func") && ind_attr_str(o, "sym_name", &name) && ind_sref_eq(name, entry))
      return o;
  }
  return (MlirOperation){NULL};
}

static bool is_static_memref(MlirType t) {
  return mlirTypeIsAMemRef(t) && mlirShapedTypeHasStaticShape(t) && mlirShapedTypeGetRank(t) <= IND_JIT_MAX_RANK &&
         ind_memref_storage_elems(t) >= 0;
}

/* Records the entry's signature; every argument and result must be a static memref. */
static bool record_signature(IndJit *j, MlirOperation func) {
  MlirAttribute ta = mlirOperationGetAttributeByName(func, ind_str("function_type"));
  MlirType ft = mlirTypeAttrGetValue(ta);
  j->nin = (int)mlirFunctionTypeGetNumInputs(ft);
  j->nout = (int)mlirFunctionTypeGetNumResults(ft);
  if (j->nin > IND_JIT_MAX_ARGS || j->nout > IND_JIT_MAX_ARGS) {
    ind_emit_error(func, "cpu-jit: at most %d arguments and results", IND_JIT_MAX_ARGS);
    return false;
  }
  for (int i = 0; i < j->nin; ++i)
    j->in[i] = mlirFunctionTypeGetInput(ft, i);
  for (int i = 0; i < j->nout; ++i)
    j->out[i] = mlirFunctionTypeGetResult(ft, i);
  for (int i = 0; i < j->nin + j->nout; ++i) {
    MlirType t = i < j->nin ? j->in[i] : j->out[i - j->nin];
    if (!is_static_memref(t) || ind_memref_elem_size(mlirShapedTypeGetElementType(t)) == 0) {
      ind_emit_error(func, "cpu-jit: %s %d of @%s is not a static strided memref of a supported element type",
                     i < j->nin ? "argument" : "result", i < j->nin ? i : i - j->nin, j->entry);
      return false;
    }
  }
  return true;
}

/* compiler-rt's f32 -> bf16 conversion, which the JIT process does not have. The lowering expands
 * every arith.truncf to bf16 into integer ops (arith-expand, libind/jit_driver.h), but LLVM's optimizer may
 * fold such an expansion back into an fptrunc (the rounding of a bf16 value widened to f32: a select by a
 * mask that is always true, test/jit/bf16_select.mlir), which the x86 backend lowers to a call of __truncsfbf2 ("JIT
 * session error: Symbols not found"). Each engine gets one, rounding to nearest even as compiler-rt's; the bf16 result
 * travels in the low 16 bits of an FP register, as a _Float16's does (both compilers define __FLT16_MAX__ where they
 * have _Float16). */
#ifdef __FLT16_MAX__
static uint16_t bf16_round(uint32_t u) {
  if ((u & 0x7fffffffu) > 0x7f800000u) /* NaN: keep the sign and the top of the payload, quiet */
    return (uint16_t)((u >> 16) | 0x40u);
  return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

static _Float16 bf16_reg(uint16_t h) {
  _Float16 r;
  memcpy(&r, &h, sizeof r);
  return r;
}

static _Float16 jit_truncsfbf2(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return bf16_reg(bf16_round(u));
}
#endif

static void register_runtime_symbols(MlirExecutionEngine engine) {
#ifdef __FLT16_MAX__
  mlirExecutionEngineRegisterSymbol(engine, ind_str("__truncsfbf2"), (void *)(intptr_t)jit_truncsfbf2);
#else
  (void)engine;
#endif
}

IndJit *ind_jit_create(MlirModule module, const char *entry, int opt_level, IndJitLowerFn lower) {
  MlirOperation mop = mlirModuleGetOperation(module);
  IndJit *j = calloc(1, sizeof *j);
  if (!j)
    abort();
  snprintf(j->entry, sizeof j->entry, "%s", entry);
  j->ctx = mlirOperationGetContext(mop);
  MlirOperation func = find_entry(module, entry);
  if (mlirOperationIsNull(func)) {
    ind_emit_error(mop, "cpu-jit: the module has no func.func @%s (the host wrapper)", entry);
    free(j);
    return NULL;
  }
  j->loc = mlirOperationGetLocation(func);
  if (!record_signature(j, func) || mlirLogicalResultIsFailure(lower(module))) {
    free(j);
    return NULL;
  }
  j->sites = mlirOperationGetDiscardableAttributeByName(mop, ind_str(IND_CHECK_SITES_ATTR));
  if (!mlirAttributeIsNull(j->sites) && !mlirAttributeIsAArray(j->sites))
    j->sites = mlirAttributeGetNull();
  j->engine = mlirExecutionEngineCreate(module, opt_level, 0, NULL, false, false);
  if (mlirExecutionEngineIsNull(j->engine)) {
    ind_emit_error_at(j->loc, "cpu-jit: the ExecutionEngine could not compile the lowered module");
    free(j);
    return NULL;
  }
  register_runtime_symbols(j->engine);
  /* Compile now (the engine is lazy) so that a missing symbol is a compile error, not a run error; before
   * the record's lookup, which compiles too and would name the record for a missing symbol. */
  char iface[160];
  snprintf(iface, sizeof iface, "_mlir_ciface_%s", entry);
  if (!mlirExecutionEngineLookupPacked(j->engine, ind_str(iface))) {
    ind_emit_error_at(j->loc, "cpu-jit: @%s has no C interface after lowering, or a symbol it needs is missing", entry);
    ind_jit_destroy(j);
    return NULL;
  }
  if (!mlirAttributeIsNull(j->sites) &&
      !(j->record = mlirExecutionEngineLookup(j->engine, ind_str(IND_CHECK_RECORD)))) {
    ind_emit_error_at(j->loc, "cpu-jit: the module has check sites but no record global @%s", IND_CHECK_RECORD);
    ind_jit_destroy(j);
    return NULL;
  }
  return j;
}

void ind_jit_destroy(IndJit *jit) {
  if (!jit)
    return;
  if (!mlirExecutionEngineIsNull(jit->engine))
    mlirExecutionEngineDestroy(jit->engine);
  free(jit);
}

int ind_jit_num_inputs(const IndJit *jit) { return jit->nin; }
int ind_jit_num_outputs(const IndJit *jit) { return jit->nout; }
MlirType ind_jit_input_type(const IndJit *jit, int i) { return jit->in[i]; }
MlirType ind_jit_output_type(const IndJit *jit, int i) { return jit->out[i]; }

/* Descriptor words: {allocated, aligned, offset, sizes[rank], strides[rank]}, 8 bytes each. */
static size_t desc_words(int rank) { return 3 + 2 * (size_t)rank; }

static void pack(const IndMemRef *m, int64_t *w) {
  memcpy(&w[0], &m->allocated, sizeof(void *));
  memcpy(&w[1], &m->aligned, sizeof(void *));
  w[2] = m->offset;
  for (int d = 0; d < m->rank; ++d) {
    w[3 + d] = m->sizes[d];
    w[3 + m->rank + d] = m->strides[d];
  }
}

static void unpack(const int64_t *w, int rank, IndMemRef *m) {
  memset(m, 0, sizeof *m);
  memcpy(&m->allocated, &w[0], sizeof(void *));
  memcpy(&m->aligned, &w[1], sizeof(void *));
  m->offset = w[2];
  m->rank = rank;
  for (int d = 0; d < rank; ++d) {
    m->sizes[d] = w[3 + d];
    m->strides[d] = w[3 + rank + d];
  }
}

static bool inputs_match(IndJit *jit, const IndMemRef *inputs) {
  for (int i = 0; i < jit->nin; ++i) {
    MlirType t = jit->in[i];
    bool ok = inputs[i].rank == mlirShapedTypeGetRank(t) && inputs[i].aligned != NULL;
    for (int d = 0; ok && d < inputs[i].rank; ++d)
      ok = inputs[i].sizes[d] == mlirShapedTypeGetDimSize(t, d);
    if (!ok) {
      ind_emit_error_at(jit->loc, "cpu-jit: input %d does not match the type of argument %d of @%s", i, i, jit->entry);
      return false;
    }
  }
  return true;
}

/* Checked mode: reports the violation the run recorded (and clears the record); false when there was one. */
static bool report_violation(IndJit *jit) {
  if (!jit->record || jit->record[0] == 0)
    return true;
  int64_t site = jit->record[0] - 1, index = jit->record[1];
  jit->record[0] = jit->record[1] = 0;
  MlirAttribute e = site < mlirArrayAttrGetNumElements(jit->sites) ? mlirArrayAttrGetElement(jit->sites, site)
                                                                   : mlirAttributeGetNull();
  char text[1024];
  if (mlirAttributeIsNull(e) || !mlirAttributeIsAArray(e) || mlirArrayAttrGetNumElements(e) != 4) {
    ind_checked_message(text, sizeof text, NULL, 0, site, index, 0, 0);
    ind_emit_error_at(jit->loc, "%s", text);
    return false;
  }
  MlirStringRef what = mlirStringAttrGetValue(mlirArrayAttrGetElement(e, 2));
  ind_checked_message(text, sizeof text, what.data, what.length, site, index,
                      mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(e, 0)),
                      mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(e, 1)));
  ind_emit_error_at(mlirLocationFromAttribute(mlirArrayAttrGetElement(e, 3)), "%s", text);
  return false;
}

bool ind_jit_invoke(IndJit *jit, const IndMemRef *inputs, IndMemRef *outputs) {
  if (!inputs_match(jit, inputs))
    return false;
  size_t in_words = 0, out_words = 0;
  for (int i = 0; i < jit->nin; ++i)
    in_words += desc_words(inputs[i].rank);
  for (int i = 0; i < jit->nout; ++i)
    out_words += desc_words((int)mlirShapedTypeGetRank(jit->out[i]));
  int64_t *words = calloc(in_words + out_words + 1, sizeof *words);
  void **ptrs = calloc((size_t)jit->nin + 1, sizeof *ptrs);
  void **args = calloc((size_t)jit->nin + 2, sizeof *args);
  if (!words || !ptrs || !args)
    abort();
  int64_t *res = words + in_words;
  void *res_ptr = res;
  int na = 0;
  if (jit->nout > 0)
    args[na++] = &res_ptr;
  size_t w = 0;
  for (int i = 0; i < jit->nin; ++i) {
    pack(&inputs[i], words + w);
    ptrs[i] = words + w;
    args[na++] = &ptrs[i];
    w += desc_words(inputs[i].rank);
  }
  MlirLogicalResult r = mlirExecutionEngineInvokePacked(jit->engine, ind_str(jit->entry), args);
  bool ok = mlirLogicalResultIsSuccess(r);
  if (!ok) {
    ind_emit_error_at(jit->loc, "cpu-jit: calling @%s failed (missing symbol or no C interface)", jit->entry);
  } else {
    size_t o = 0;
    for (int i = 0; i < jit->nout; ++i) {
      int rank = (int)mlirShapedTypeGetRank(jit->out[i]);
      unpack(res + o, rank, &outputs[i]);
      o += desc_words(rank);
    }
    if (!report_violation(jit)) {
      ind_jit_free_outputs(outputs, jit->nout, inputs, jit->nin);
      ok = false;
    }
  }
  free(args);
  free(ptrs);
  free(words);
  return ok;
}

void ind_jit_free_outputs(IndMemRef *outputs, int n, const IndMemRef *inputs, int n_inputs) {
  for (int i = 0; i < n; ++i) {
    void *p = outputs[i].allocated;
    bool skip = p == NULL;
    for (int k = 0; k < n_inputs && !skip; ++k)
      skip = inputs[k].allocated == p;
    for (int k = 0; k < i && !skip; ++k)
      skip = outputs[k].allocated == p;
    if (!skip)
      free(p);
  }
  for (int i = 0; i < n; ++i)
    outputs[i].allocated = outputs[i].aligned = NULL; /* after the loop: duplicates compare above */
}

bool ind_memref_init(IndMemRef *m, MlirType t, void *data) {
  memset(m, 0, sizeof *m);
  int64_t strides[IND_JIT_MAX_RANK];
  if (!is_static_memref(t) || mlirLogicalResultIsFailure(mlirMemRefTypeGetStridesAndOffset(t, strides, &m->offset)))
    return false;
  m->allocated = m->aligned = data;
  m->rank = (int)mlirShapedTypeGetRank(t);
  for (int d = 0; d < m->rank; ++d) {
    m->sizes[d] = mlirShapedTypeGetDimSize(t, d);
    m->strides[d] = strides[d];
  }
  return true;
}

int64_t ind_memref_offset_of(const IndMemRef *m, int64_t i) {
  int64_t off = m->offset;
  for (int d = m->rank - 1; d >= 0; --d) {
    int64_t n = m->sizes[d] ? m->sizes[d] : 1;
    off += (i % n) * m->strides[d];
    i /= n;
  }
  return off;
}
