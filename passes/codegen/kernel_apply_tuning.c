/* kernel_apply_tuning.c - `kernel-apply-tuning{cache=FILE}`: gives each kernel.def the config its entry
 * in a tuning cache names (Inductor's autotuning cache of Triton configs; docs/passes/codegen.md,
 * "Tuning"). `--codegen=tuning-cache=FILE` runs it after kernel-cse.
 *
 * The cache is JSON written by scripts/gpu/tune.py (docs/tools/ind-tune.md):
 *   {"version": 1, "gpu": "NVIDIA H200",
 *    "kernels": {"<key>": {"kind": "pointwise", "block": 128, "xblock": 512, "vector_width": 4, ...}}}
 * <key> is tuning_kernel_key() of the def (its body and shapes, not its name or position). `kind` may
 * be left out (the kernel keeps its kind); "row_threads": true packs rows (absent: false); other fields
 * ("name", "us", ...) are ignored. A kernel without an entry keeps the heuristic's config.
 *
 * Failure (a located error, at the cache file's line:column): the file cannot be read, is not JSON,
 * has another version, an entry is not an object of positive integers; or an entry matches a kernel
 * that cannot take its config (the reason of tuning_config_check). An empty `cache` does nothing.
 * Preserves: the kernels' bodies, arguments and the launch order. */
#include "dialects/kernel/kernel.h"
#include "lib/io.h"
#include "lib/ir.h"
#include "lib/json.h"
#include "lib/pass_registry.h"
#include "passes/codegen/tuning.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Cache {
  const char *path;
  char *text;
  size_t len;
  IndJson *root;
  MlirContext ctx;
} Cache;

static MlirLocation loc_of(const Cache *c, const IndJson *v) {
  int line = 1, col = 1;
  if (v)
    ind_json_line_col(c->text, c->len, v->offset, &line, &col);
  return mlirLocationFileLineColGet(c->ctx, ind_str(c->path), (unsigned)line, (unsigned)col);
}

static bool int_field(const Cache *c, const IndJson *entry, const char *key, const char *keyname, int64_t *out) {
  const IndJson *v = ind_json_get(entry, key);
  /* the range before the int64 conversion (undefined for 1e300) */
  if (!v || v->kind != IND_JSON_NUMBER || !(v->number >= 1 && v->number <= 1 << 20) ||
      v->number != (double)(int64_t)v->number) {
    ind_emit_error_at(loc_of(c, v ? v : entry), "tuning cache: entry %s: '%s' must be a positive integer", keyname,
                      key);
    return false;
  }
  *out = (int64_t)v->number;
  return true;
}

/* The config of entry `e`; `kind` defaults to the kernel's. */
static bool entry_config(const Cache *c, const IndJson *e, const char *key, KernelKind kind, TuneConfig *out) {
  if (e->kind != IND_JSON_OBJECT) {
    ind_emit_error_at(loc_of(c, e), "tuning cache: entry %s is not an object", key);
    return false;
  }
  out->kind = kind;
  const IndJson *k = ind_json_get(e, "kind");
  if (k) {
    out->kind = k->kind == IND_JSON_STRING ? kernel_kind_parse(ind_str(k->string)) : KERNEL_KIND_INVALID;
    if (out->kind == KERNEL_KIND_INVALID) {
      ind_emit_error_at(loc_of(c, k),
                        "tuning cache: entry %s: 'kind' must be \"pointwise\", \"persistent_reduction\" or "
                        "\"reduction\"",
                        key);
      return false;
    }
  }
  const IndJson *rows = ind_json_get(e, "row_threads");
  if (rows && rows->kind != IND_JSON_BOOL) {
    ind_emit_error_at(loc_of(c, rows), "tuning cache: entry %s: 'row_threads' must be true or false", key);
    return false;
  }
  out->geom.row_threads = rows && rows->boolean;
  return int_field(c, e, "block", key, &out->geom.block) && int_field(c, e, "xblock", key, &out->geom.xblock) &&
         int_field(c, e, "vector_width", key, &out->geom.vector_width);
}

static bool load(Cache *c) {
  char err[512];
  c->text = ind_read_file(c->path, &c->len, err, sizeof err);
  if (!c->text) {
    ind_emit_error_at(mlirLocationFileLineColGet(c->ctx, ind_str(c->path), 0, 0), "tuning cache: %s", err);
    return false;
  }
  c->root = ind_json_parse(c->text, c->len, err, sizeof err);
  if (!c->root) {
    /* err is "LINE:COL: what" */
    int line = 0, col = 0, used = 0;
    sscanf(err, "%d:%d: %n", &line, &col, &used);
    ind_emit_error_at(mlirLocationFileLineColGet(c->ctx, ind_str(c->path), (unsigned)line, (unsigned)col),
                      "tuning cache: malformed JSON: %s", err + used);
    return false;
  }
  const IndJson *ver = ind_json_get(c->root, "version"), *kernels = ind_json_get(c->root, "kernels");
  if (c->root->kind != IND_JSON_OBJECT || !ver || ver->kind != IND_JSON_NUMBER || ver->number != 1) {
    ind_emit_error_at(loc_of(c, ver ? ver : c->root), "tuning cache: expected an object with \"version\": 1");
    return false;
  }
  if (!kernels || kernels->kind != IND_JSON_OBJECT) {
    ind_emit_error_at(loc_of(c, kernels ? kernels : c->root), "tuning cache: expected \"kernels\": {key: config}");
    return false;
  }
  /* every entry is checked for its form, whether or not a kernel of this program matches it */
  for (int i = 0; i < kernels->count; ++i) {
    TuneConfig cfg;
    if (!entry_config(c, kernels->items[i], kernels->keys[i], KERNEL_KIND_POINTWISE, &cfg))
      return false;
  }
  return true;
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  Cache c = {.path = ind_opt_string(opts, "cache"), .ctx = mlirOperationGetContext(module)};
  if (!c.path[0])
    return mlirLogicalResultSuccess();
  bool ok = load(&c);
  const IndJson *kernels = ok ? ind_json_get(c.root, "kernels") : NULL;
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = ok ? mlirBlockGetFirstOperation(top) : (MlirOperation){NULL}; !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!kernel_is_def(op))
      continue;
    char key[TUNING_KEY_LEN + 1], why[256];
    tuning_kernel_key(op, key);
    const IndJson *e = ind_json_get(kernels, key);
    TuneConfig cfg;
    if (!e || !entry_config(&c, e, key, kernel_def_kind(op), &cfg))
      continue;
    MlirStringRef name = kernel_def_name(op);
    if (!tuning_config_check(op, &cfg, why, sizeof why)) {
      ind_emit_error_at(loc_of(&c, e), "tuning cache: entry %s refused for kernel %.*s: %s", key, (int)name.length,
                        name.data, why);
      ok = false;
      break;
    }
    tuning_apply(module, op, &cfg);
  }
  ind_json_free(c.root);
  free(c.text);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

static const IndPassOptionDef options[] = {
    {"cache", IND_OPT_STRING, "", "tuning cache file (JSON, scripts/gpu/tune.py); empty: no tuning"},
    {NULL, 0, NULL, NULL},
};

const IndPassDef ind_kernel_apply_tuning_pass = {
    .argument = "kernel-apply-tuning",
    .description = "Give each kernel.def the launch config its entry in a tuning cache names",
    .options = options,
    .run = run,
};
