/* launch_plan.c - the `launch-plan` emitter (`ind-opt --codegen --emit=launch-plan`): a JSON description
 * of the host wrapper @call for a GPU runtime that has no MLIR (toolchain.md, "The GPU machine").
 *
 *   {"version": 1, "module": "ind_kernels",
 *    "inputs":  [{"name": "arg0_1", "dtype": "f32", "shape": [1024, 1024], "bytes": 4194304}, ...],
 *    "outputs": ["buf1"],
 *    "allocations": [{"name": "buf1", "dtype": "f32", "shape": [...], "bytes": ..., "reuse": null}, ...],
 *    "steps": [{"op": "launch", "kernel": "triton_per_...", "grid": [1024, 1, 1], "block": [256, 1, 1],
 *               "args": ["arg0_1", ..., "buf1"]},
 *              {"op": "extern", "kernel": "mm", "args": ["arg0_1", "arg1_1", "buf0"]},
 *              {"op": "extern", "kernel": "mm", "transpose": [true, false], "args": ["buf2", "arg1_1", "buf3"]},
 *              {"op": "extern", "kernel": "mm", "epilogue": "bias", "args": ["buf3", "arg2_1", "arg3_1", "buf4"]}],
 *    "checks": [{"kernel": "triton_poi_...", "lower": -17, "upper": 17,
 *                "what": "kernel 'triton_poi_...' indirect index into buffer 'arg0_1' (argument 1, f32[17x33])",
 *                "file": "select_neg.mlir", "line": 4, "col": 8}]}
 *
 * "checks" (present only when the kernels have checked-mode sites, docs/gpu.md "Checked mode") is the site
 * table of include/ind/checked.h, entry i for site i (the record holds i + 1), numbered as
 * convert-kernel-to-gpu numbers them (check_sites_collect): the GPU runtime reads the record global after a
 * run and reports a violation with it, at the file:line:col of the op that made the index.
 *
 * An extern's optional "transpose" flags an input that holds its operand's matrices transposed; an
 * input may be of any shape holding the operand's elements in order (lib/mm_dims.h). "epilogue": "bias"
 * (an mm of graph-decompose's addmm-epilogue) has four args, A, B, the bias (n elements of C's type, added
 * to every row of the product before C is stored) and C.
 * Steps run in order; allocations are made before the step that first uses them (16-byte aligned), a
 * non-null reuse names the dead buffer whose storage it takes. Kernel names are the PTX entry names;
 * every kernel argument is one pointer. Failure: a located error when the module is not at the kernel
 * level or @call is malformed. */
#include "dialects/kernel/kernel.h"
#include "lib/diag.h"
#include "lib/elem_type.h"
#include "lib/ir.h"
#include "lib/pipeline.h"
#include "lib/tensor.h"
#include "passes/codegen/check_sites.h"

#include <stdio.h>
#include <string.h>

/* The plan's "dtype" of an element type: its IR name (lib/elem_type.h), which the runtime parses back; "?" for a
 * type of no IndElementType. */
static const char *dtype_name(MlirType e) {
  IndElementType t;
  return ind_elem_from_mlir(e, &t) ? ind_elem_name(t) : "?";
}

static int64_t elem_bytes(MlirType e) {
  int64_t bits = mlirTypeIsAFloat(e)     ? (int64_t)mlirFloatTypeGetWidth(e)
                 : mlirTypeIsAInteger(e) ? (int64_t)mlirIntegerTypeGetWidth(e)
                                         : 0;
  return (bits + 7) / 8;
}

static void buffer_json(IndStrBuf *o, const char *name, MlirType t) {
  MlirType e = mlirShapedTypeGetElementType(t);
  ind_strbuf_printf(o, "{\"name\": \"%s\", \"dtype\": \"%s\", \"shape\": [", name, dtype_name(e));
  int64_t n = 1;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i) {
    int64_t d = mlirShapedTypeGetDimSize(t, i);
    n *= d;
    ind_strbuf_printf(o, "%s%lld", i ? ", " : "", (long long)d);
  }
  ind_strbuf_printf(o, "], \"bytes\": %lld", (long long)(n * elem_bytes(e)));
}

/* The name of a wrapper value: arg<i>_1 or the alloc's name. */
static bool value_name(MlirValue v, char *out, size_t len) {
  if (mlirValueIsABlockArgument(v)) {
    ind_arg_name(out, len, mlirBlockArgumentGetArgNumber(v));
    return true;
  }
  MlirOperation op = mlirOpResultGetOwner(v);
  if (!kernel_is_alloc(op))
    return false;
  MlirStringRef s = kernel_alloc_name(op);
  snprintf(out, len, "%.*s", (int)s.length, s.data);
  return true;
}

static bool names_json(IndStrBuf *o, MlirOperation at, intptr_t n, MlirValue (*get)(MlirOperation, intptr_t)) {
  for (intptr_t i = 0; i < n; ++i) {
    char name[128];
    if (!value_name(get(at, i), name, sizeof name)) {
      ind_emit_error(at, "launch-plan: argument %d is neither a @call argument nor a kernel.alloc", (int)i);
      return false;
    }
    ind_strbuf_printf(o, "%s\"%s\"", i ? ", " : "", name);
  }
  return true;
}

static void dims_json(IndStrBuf *o, MlirOperation op, const char *key) {
  int64_t v[3] = {1, 1, 1};
  intptr_t n = 0;
  ind_attr_i64_array(op, key, v, 3, &n);
  ind_strbuf_printf(o, "[%lld, %lld, %lld]", (long long)v[0], (long long)(n > 1 ? v[1] : 1),
                    (long long)(n > 2 ? v[2] : 1));
}

/* A JSON string of s[0..n): quotes and backslashes escaped, control characters (which the runtime's
 * parser does not read as \u escapes) shown as '?'. */
static void json_string(IndStrBuf *o, const char *s, size_t n) {
  ind_strbuf_printf(o, "\"");
  for (size_t i = 0; i < n; ++i) {
    char c = s[i];
    if (c == '"' || c == '\\')
      ind_strbuf_printf(o, "\\%c", c);
    else
      ind_strbuf_printf(o, "%c", (unsigned char)c < 0x20 ? '?' : c);
  }
  ind_strbuf_printf(o, "\"");
}

/* The "checks" member: the module's check sites (none: nothing is written). */
static void checks_json(IndStrBuf *o, MlirOperation module) {
  CheckSites s;
  check_sites_collect(&s, module);
  for (int i = 0; i < s.n; ++i) {
    MlirAttribute e = s.sites[i];
    MlirStringRef kname = kernel_def_name(mlirOperationGetParentOperation(s.ops[i])), file = {"", 0};
    MlirStringRef what = mlirStringAttrGetValue(mlirArrayAttrGetElement(e, 2));
    int line = 0, col = 0;
    ind_location_file_line_col(mlirOperationGetLocation(s.ops[i]), &file, &line, &col);
    ind_strbuf_printf(o, "%s\n  {\"kernel\": ", i ? "," : ",\n \"checks\": [");
    json_string(o, kname.data, kname.length);
    ind_strbuf_printf(o, ", \"lower\": %lld, \"upper\": %lld, \"what\": ",
                      (long long)mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(e, 0)),
                      (long long)mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(e, 1)));
    json_string(o, what.data, what.length);
    ind_strbuf_printf(o, ", \"file\": ");
    json_string(o, file.data, file.length);
    ind_strbuf_printf(o, ", \"line\": %d, \"col\": %d}", line, col);
  }
  if (s.n > 0)
    ind_strbuf_printf(o, "]");
  check_sites_free(&s);
}

static MlirOperation find_call(MlirOperation module) {
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef n;
    if (ind_op_is(op, "func.func") && ind_attr_str(op, "sym_name", &n) && ind_sref_eq(n, "call"))
      return op;
  }
  return (MlirOperation){NULL};
}

static MlirValue operand_at(MlirOperation op, intptr_t i) { return mlirOperationGetOperand(op, i); }

static MlirLogicalResult emit(MlirOperation module, IndStrBuf *o) {
  MlirOperation call = find_call(module);
  if (mlirOperationIsNull(call) || ind_module_level(module) != IND_LEVEL_KERNEL)
    return ind_emit_error(module, "--emit=launch-plan needs a kernel-level module with func.func @call (run "
                                  "--codegen first)");
  MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(call, 0));
  ind_strbuf_printf(o, "{\"version\": 1, \"module\": \"ind_kernels\",\n \"inputs\": [");
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i) {
    char name[32];
    ind_arg_name(name, sizeof name, i);
    ind_strbuf_printf(o, "%s\n  ", i ? "," : "");
    buffer_json(o, name, mlirValueGetType(mlirBlockGetArgument(b, i)));
    ind_strbuf_printf(o, "}");
  }
  ind_strbuf_printf(o, "],\n \"allocations\": [");
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!kernel_is_alloc(op))
      continue;
    MlirStringRef nm = kernel_alloc_name(op), reuse;
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)nm.length, nm.data);
    ind_strbuf_printf(o, "%s\n  ", n++ ? "," : "");
    buffer_json(o, name, mlirValueGetType(mlirOperationGetResult(op, 0)));
    if (kernel_alloc_reuse(op, &reuse))
      ind_strbuf_printf(o, ", \"reuse\": \"%.*s\"}", (int)reuse.length, reuse.data);
    else
      ind_strbuf_printf(o, ", \"reuse\": null}");
  }
  ind_strbuf_printf(o, "],\n \"steps\": [");
  n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (kernel_is_launch(op)) {
      MlirStringRef k = kernel_launch_kernel(op);
      ind_strbuf_printf(o, "%s\n  {\"op\": \"launch\", \"kernel\": \"%.*s\", \"grid\": ", n++ ? "," : "", (int)k.length,
                        k.data);
      dims_json(o, op, KERNEL_ATTR_GRID);
      ind_strbuf_printf(o, ", \"block\": ");
      dims_json(o, op, KERNEL_ATTR_BLOCK);
    } else if (kernel_is_extern_call(op)) {
      MlirStringRef k = {"", 0};
      ind_attr_str(op, KERNEL_ATTR_KERNEL, &k);
      ind_strbuf_printf(o, "%s\n  {\"op\": \"extern\", \"kernel\": \"%.*s\"", n++ ? "," : "", (int)k.length, k.data);
      bool tr[2];
      if (!kernel_extern_call_transpose(op, tr))
        return ind_emit_error(op, "launch-plan: kernel.extern_call 'transpose' must be array<i1: a, b>");
      if (tr[0] || tr[1])
        ind_strbuf_printf(o, ", \"transpose\": [%s, %s]", tr[0] ? "true" : "false", tr[1] ? "true" : "false");
      if (kernel_call_num_args(op) == 4)
        ind_strbuf_printf(o, ", \"epilogue\": \"bias\"");
    } else if (ind_op_is(op, "func.return")) {
      ind_strbuf_printf(o, "],\n \"outputs\": [");
      if (!names_json(o, op, mlirOperationGetNumOperands(op), operand_at))
        return mlirLogicalResultFailure();
      continue;
    } else {
      continue;
    }
    ind_strbuf_printf(o, ", \"args\": [");
    if (!names_json(o, op, kernel_call_num_args(op), kernel_call_arg))
      return mlirLogicalResultFailure();
    ind_strbuf_printf(o, "]}");
  }
  ind_strbuf_printf(o, "]");
  checks_json(o, module);
  ind_strbuf_printf(o, "}\n");
  return mlirLogicalResultSuccess();
}

static const IndEmitterDef launch_plan_emitter = {
    .name = "launch-plan",
    .help = "JSON launch plan of the host wrapper @call (kernels, grids, buffers) for the GPU runtime",
    .emit = emit,
};

void ind_register_launch_plan_emitter(void);
void ind_register_launch_plan_emitter(void) { ind_emitter_register(&launch_plan_emitter); }
