/* pipeline.c - pipeline text parsing and stage selection; see pipeline.h. */
#include "lib/pipeline.h"

#include "lib/ir.h"
#include "lib/pass_registry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void err_callback(MlirStringRef s, void *user) { ind_strbuf_append((IndStrBuf *)user, s.data, s.length); }

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n'; }

/* Trims spaces around [*s, *s + *n). */
static void trim(const char **s, size_t *n) {
  while (*n && is_space(**s))
    ++*s, --*n;
  while (*n && is_space((*s)[*n - 1]))
    --*n;
}

/* Adds one element (`name`, `name{opts}` or an upstream nest) to pm. */
static bool add_element(MlirOpPassManager pm, const char *s, size_t n, char *err, size_t errlen) {
  size_t name_len = 0;
  while (name_len < n && s[name_len] != '{' && s[name_len] != '(')
    ++name_len;
  const char *name = s;
  size_t nl = name_len;
  trim(&name, &nl);
  const IndPassDef *def = ind_pass_lookup(name, nl);
  if (def) {
    const char *opts = NULL;
    size_t olen = 0;
    if (name_len < n) {
      if (s[name_len] != '{' || s[n - 1] != '}') {
        snprintf(err, errlen, "malformed options for pass '%s' (expected '%s{key=value ...}')", def->argument,
                 def->argument);
        return false;
      }
      opts = s + name_len + 1;
      olen = n - name_len - 2;
    }
    IndPassOptions o;
    if (!ind_pass_options_parse(def, opts, olen, &o, err, errlen))
      return false;
    mlirOpPassManagerAddOwnedPass(pm, ind_pass_create(def, &o));
    return true;
  }
  /* Not ours: MLIR parses it (upstream passes, func.func(...) nests). */
  char *copy = malloc(n + 1);
  if (!copy)
    abort();
  memcpy(copy, s, n);
  copy[n] = '\0';
  IndStrBuf msg = {0};
  MlirLogicalResult r = mlirOpPassManagerAddPipeline(pm, ind_str(copy), err_callback, &msg);
  if (mlirLogicalResultIsFailure(r))
    snprintf(err, errlen, "unknown pass or bad pipeline element '%s'%s%s", copy, msg.len ? ": " : "",
             msg.len ? msg.data : "");
  free(copy);
  ind_strbuf_free(&msg);
  return mlirLogicalResultIsSuccess(r);
}

bool ind_pipeline_add(MlirOpPassManager pm, const char *text, char *err, size_t errlen) {
  const char *s = text;
  size_t n = strlen(text);
  trim(&s, &n);
  static const char anchor[] = "builtin.module(";
  size_t al = sizeof anchor - 1;
  if (n >= al && memcmp(s, anchor, al) == 0) {
    if (s[n - 1] != ')') {
      snprintf(err, errlen, "malformed pipeline: missing ')' at the end of '%s'", text);
      return false;
    }
    s += al;
    n -= al + 1;
  }
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= n; ++i) {
    char c = i < n ? s[i] : ',';
    if (c == '(' || c == '{')
      ++depth;
    else if (c == ')' || c == '}') {
      if (--depth < 0) {
        snprintf(err, errlen, "malformed pipeline: unbalanced '%c' in '%s'", c, text);
        return false;
      }
    } else if (c == ',' && depth == 0) {
      const char *e = s + start;
      size_t el = i - start;
      trim(&e, &el);
      if (el == 0) {
        if (n == 0)
          return true; /* empty pipeline */
        snprintf(err, errlen, "malformed pipeline: empty element in '%s'", text);
        return false;
      }
      if (!add_element(pm, e, el, err, errlen))
        return false;
      start = i + 1;
    }
  }
  if (depth != 0) {
    snprintf(err, errlen, "malformed pipeline: unbalanced brackets in '%s'", text);
    return false;
  }
  return true;
}

/* --- Levels and stages. */

typedef struct {
  int level;
} LevelScan;

static bool scan_level(MlirOperation op, void *user) {
  LevelScan *s = user;
  static const char *ns[] = {"graph", "ind", "sched", "kernel"};
  for (int l = 3; l > s->level; --l)
    if (ind_op_in_dialect(op, ns[l])) {
      s->level = l;
      break;
    }
  return true;
}

int ind_module_level(MlirOperation module) {
  LevelScan s = {IND_LEVEL_GRAPH};
  ind_walk(module, scan_level, &s);
  return s.level;
}

const char *ind_level_name(int level) {
  static const char *names[] = {"graph", "ind", "sched", "kernel"};
  return level >= 0 && level < 4 ? names[level] : "?";
}

static const IndStageDef *g_stages[IND_NUM_STAGES];
static IndStageImpliesFn g_implies[IND_NUM_STAGES];

void ind_stage_set_implies(int order, IndStageImpliesFn fn) {
  if (order >= 0 && order < IND_NUM_STAGES)
    g_implies[order] = fn;
}

void ind_stage_register(const IndStageDef *def) {
  if (def->order >= 0 && def->order < IND_NUM_STAGES)
    g_stages[def->order] = def;
}

const IndStageDef *ind_stage_lookup(const char *flag) {
  for (int i = 0; i < IND_NUM_STAGES; ++i)
    if (g_stages[i] && strcmp(g_stages[i]->flag, flag) == 0)
      return g_stages[i];
  return NULL;
}

const IndStageDef *ind_stage_at_order(int order) {
  return order >= 0 && order < IND_NUM_STAGES ? g_stages[order] : NULL;
}

/* Adds option `opt=value` of pass `pass` to the top-level element of `text` that names it; false when none
 * does (or it does not fit in cap). */
static bool splice_option(char *text, size_t cap, const char *pass, const char *opt, const char *value) {
  size_t plen = strlen(pass);
  int depth = 0;
  for (char *p = text; *p; ++p) {
    bool start = depth == 0 && (p == text || p[-1] == ',');
    if (*p == '{' || *p == '(')
      ++depth;
    else if (*p == '}' || *p == ')')
      --depth;
    if (!start || strncmp(p, pass, plen) != 0 || (p[plen] && p[plen] != ',' && p[plen] != '{'))
      continue;
    char add[256];
    int n = p[plen] == '{' ? snprintf(add, sizeof add, "%s=%s ", opt, value)
                           : snprintf(add, sizeof add, "{%s=%s}", opt, value);
    size_t len = strlen(text);
    if (n <= 0 || (size_t)n >= sizeof add || len + (size_t)n + 1 > cap)
      return false;
    char *at = p + plen + (p[plen] == '{' ? 1 : 0);
    memmove(at + n, at, strlen(at) + 1);
    memcpy(at, add, (size_t)n);
    return true;
  }
  return false;
}

bool ind_stages_add(MlirOpPassManager pm, MlirOperation module, const IndStageRequest *req, char *err, size_t errlen) {
  int last = -1;
  for (int o = 0; o < IND_NUM_STAGES; ++o)
    if (req->value[o])
      last = o;
  if (last < 0)
    return true;
  int level = ind_module_level(module);
  int first = -1;
  for (int o = 0; o <= last && first < 0; ++o)
    if (g_stages[o] && g_stages[o]->min_level <= level && level <= g_stages[o]->max_level)
      first = o;
  for (int o = 0; o < IND_NUM_STAGES; ++o)
    if (req->value[o] && !g_stages[o]) {
      snprintf(err, errlen, "stage %d was requested but is not available in this build", o);
      return false;
    }
  for (int o = 0; o < IND_NUM_STAGES; ++o)
    if (req->value[o] && (first < 0 || o < first)) {
      snprintf(err, errlen, "--%s cannot run on this input: the module is already at the %s level", g_stages[o]->flag,
               ind_level_name(level));
      return false;
    }
  for (int o = first; o <= last; ++o) {
    const IndStageDef *st = g_stages[o];
    if (!st) {
      snprintf(err, errlen, "--%s needs an earlier stage that is not available in this build", g_stages[last]->flag);
      return false;
    }
    if (!req->value[o] && st->done && st->done(module))
      continue; /* implied, and already done: a fused program stays as it is */
    const char *v = req->value[o] && req->value[o][0] ? req->value[o] : NULL;
    for (int s = o + 1; s <= last && !v; ++s)
      if (g_implies[s] && req->value[s])
        v = g_implies[s](o, req->value[s][0] ? req->value[s] : NULL);
    char text[4096];
    if (!st->pipeline(level, v, text, sizeof text, err, errlen))
      return false;
    for (int i = 0; i < req->n_overrides; ++i) {
      IndPassOverride *ov = &req->overrides[i];
      ov->used = splice_option(text, sizeof text, ov->pass, ov->option, ov->value) || ov->used;
    }
    if (!ind_pipeline_add(pm, text, err, errlen))
      return false;
    level = st->out_level;
  }
  return true;
}

/* --- Emitters. */

#define IND_MAX_EMITTERS 16
static const IndEmitterDef *g_emitters[IND_MAX_EMITTERS];
static int g_nemitters;

void ind_emitter_register(const IndEmitterDef *def) {
  for (int i = 0; i < g_nemitters; ++i)
    if (strcmp(g_emitters[i]->name, def->name) == 0)
      return;
  if (g_nemitters < IND_MAX_EMITTERS)
    g_emitters[g_nemitters++] = def;
}

const IndEmitterDef *ind_emitter_lookup(const char *name) {
  for (int i = 0; i < g_nemitters; ++i)
    if (strcmp(g_emitters[i]->name, name) == 0)
      return g_emitters[i];
  return NULL;
}

int ind_emitter_count(void) { return g_nemitters; }
const IndEmitterDef *ind_emitter_at(int i) { return g_emitters[i]; }
