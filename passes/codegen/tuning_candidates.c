/* tuning_candidates.c - `--emit=tuning-candidates`: per kernel.def, in program order, its tuning key,
 * shapes, current config and a few candidate configs (tuning_candidates(), the current one first), as
 * JSON for the tuner (scripts/gpu/tune_prepare.sh, docs/tools/ind-tune.md):
 *   {"version": 1, "kernels": [{"name", "key", "xranges", "rranges", "config", "candidates": [...]}]}
 * A config is {"kind", "block", "xblock", "vector_width"} and "row_threads": true for packed rows, the form
 * of a tuning cache entry. */
#include "dialects/kernel/kernel.h"
#include "lib/ir.h"
#include "lib/pipeline.h"
#include "passes/codegen/tuning.h"

static void config_json(IndStrBuf *o, const TuneConfig *c) {
  ind_strbuf_printf(o, "{\"kind\": \"%s\", \"block\": %lld, \"xblock\": %lld, \"vector_width\": %lld%s}",
                    kernel_kind_str(c->kind), (long long)c->geom.block, (long long)c->geom.xblock,
                    (long long)c->geom.vector_width, c->geom.row_threads ? ", \"row_threads\": true" : "");
}

static void ranges_json(IndStrBuf *o, const int64_t *r, intptr_t n) {
  ind_strbuf_printf(o, "[");
  for (intptr_t i = 0; i < n; ++i)
    ind_strbuf_printf(o, "%s%lld", i ? ", " : "", (long long)r[i]);
  ind_strbuf_printf(o, "]");
}

static MlirLogicalResult emit(MlirOperation module, IndStrBuf *o) {
  if (ind_module_level(module) != IND_LEVEL_KERNEL)
    return ind_emit_error(module, "--emit=tuning-candidates needs a kernel-level module (run --codegen first)");
  ind_strbuf_printf(o, "{\"version\": 1, \"kernels\": [");
  int n = 0;
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!kernel_is_def(op))
      continue;
    TuneConfig cur, cand[TUNING_MAX_CANDIDATES];
    int64_t x[KERNEL_MAX_RANK], r[KERNEL_MAX_RANK];
    intptr_t nx = kernel_def_xranges(op, x), nr = kernel_def_rranges(op, r);
    if (!tuning_current_config(op, &cur) || nx < 0 || nr < 0)
      return ind_emit_error(op, "--emit=tuning-candidates: kernel.def without kind, ranges or geometry");
    char key[TUNING_KEY_LEN + 1];
    tuning_kernel_key(op, key);
    MlirStringRef name = kernel_def_name(op);
    ind_strbuf_printf(o, "%s\n  {\"name\": \"%.*s\", \"key\": \"%s\", \"xranges\": ", n++ ? "," : "", (int)name.length,
                      name.data, key);
    ranges_json(o, x, nx);
    ind_strbuf_printf(o, ", \"rranges\": ");
    ranges_json(o, r, nr);
    ind_strbuf_printf(o, ",\n   \"config\": ");
    config_json(o, &cur);
    ind_strbuf_printf(o, ",\n   \"candidates\": [");
    int nc = tuning_candidates(op, cand, TUNING_MAX_CANDIDATES);
    for (int i = 0; i < nc; ++i) {
      ind_strbuf_printf(o, "%s\n    ", i ? "," : "");
      config_json(o, &cand[i]);
    }
    ind_strbuf_printf(o, "]}");
  }
  ind_strbuf_printf(o, "]}\n");
  return mlirLogicalResultSuccess();
}

static const IndEmitterDef tuning_candidates_emitter = {
    .name = "tuning-candidates",
    .help = "JSON: per kernel its tuning key, current config and candidate configs (for scripts/gpu/tune.py)",
    .emit = emit,
};

void ind_register_tuning_candidates_emitter(void);
void ind_register_tuning_candidates_emitter(void) { ind_emitter_register(&tuning_candidates_emitter); }
