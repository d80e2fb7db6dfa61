/* plugin.c - the public fusion API of include/ind/fusion.h over the scheduler graph, and
 * `--load-pass-plugin` (dlopen, the entry symbol, the version check). */
#include "ind/fusion.h"
#include "passes/fuse/sched_graph.h"
#include "passes/fuse/strategy.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

_Static_assert(IND_FUSION_OPT_INT == (int)IND_OPT_INT && IND_FUSION_OPT_FLOAT == (int)IND_OPT_FLOAT &&
                   IND_FUSION_OPT_BOOL == (int)IND_OPT_BOOL && IND_FUSION_OPT_STRING == (int)IND_OPT_STRING,
               "public and internal option kinds agree");

/* One registered public strategy: its pass (first member, so that opts->def leads back here). */
typedef struct PublicStrategy {
  IndPassDef pass;
  IndFuseStrategy strategy;
  const IndFusionStrategyDef *def;
  char argument[80];
  IndPassOptionDef options[IND_MAX_PASS_OPTIONS];
} PublicStrategy;

#define MAX_PUBLIC 16
static PublicStrategy g_public[MAX_PUBLIC];
static int g_npublic;
static char g_register_error[256]; /* why the last ind_fusion_register_strategy failed */

static int refuse(const char *fmt, const char *name) {
  snprintf(g_register_error, sizeof g_register_error, fmt, name ? name : "(null)");
  return -1;
}

static MlirLogicalResult run_public_graph(SchedGraph *g, const IndPassOptions *opts) {
  const PublicStrategy *p = (const PublicStrategy *)opts->def;
  if (p->def->run((IndFusionGraph *)g, (const IndFusionOptions *)opts) != 0) {
    ind_emit_error(g->func, "fusion strategy '%s' failed", p->def->name);
    return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run_public(MlirOperation module, const IndPassOptions *opts) {
  return sched_fuse_module(module, opts, run_public_graph);
}

int ind_fusion_register_strategy(const IndFusionStrategyDef *def) {
  if (!def || !def->name || !def->run)
    return refuse("a strategy without a name or a run function (%s)", def ? def->name : NULL);
  if (g_npublic >= MAX_PUBLIC)
    return refuse("too many plugin strategies (at '%s')", def->name);
  if (ind_fuse_strategy_lookup(def->name, strlen(def->name)))
    return refuse("the name '%s' is taken", def->name);
  PublicStrategy *p = &g_public[g_npublic];
  memset(p, 0, sizeof *p);
  p->def = def;
  snprintf(p->argument, sizeof p->argument, "fuse-%s", def->name);
  if (ind_pass_lookup(p->argument, strlen(p->argument)))
    return refuse("the pass name 'fuse-%s' is taken", def->name);
  static const IndPassOptionDef common[] = {SCHED_FUSE_COMMON_OPTIONS};
  int n = 0;
  for (int i = 0; def->options && def->options[i].name; ++i) {
    if (n >= IND_MAX_PASS_OPTIONS - 5)
      return refuse("strategy '%s' has too many options", def->name);
    p->options[n++] = (IndPassOptionDef){def->options[i].name, (IndOptKind)def->options[i].kind,
                                         def->options[i].default_value, def->options[i].help};
  }
  for (size_t i = 0; i < sizeof common / sizeof common[0]; ++i)
    p->options[n++] = common[i];
  p->options[n] = (IndPassOptionDef){NULL, IND_OPT_INT, NULL, NULL};
  p->pass = (IndPassDef){p->argument, def->description ? def->description : "", p->options, run_public};
  p->strategy = (IndFuseStrategy){def->name, &p->pass, def->op_level != 0};
  if (!ind_fuse_strategy_register(&p->strategy))
    return refuse("the name '%s' is taken", def->name);
  ++g_npublic;
  return 0;
}

/* --- The graph. */

static SchedGraph *G(IndFusionGraph *g) { return (SchedGraph *)g; }
static SchedNode *node(IndFusionGraph *g, int id) { return id >= 0 && id < G(g)->nnodes ? G(g)->nodes[id] : NULL; }

int ind_fusion_num_base_nodes(IndFusionGraph *g) { return G(g)->nbase; }
int ind_fusion_resolve(IndFusionGraph *g, int base) {
  return base >= 0 && base < G(g)->nbase ? sched_graph_resolve(G(g), base) : -1;
}
const char *ind_fusion_node_name(IndFusionGraph *g, int id) { return node(g, id) ? node(g, id)->name : ""; }
IndFusionNodeKind ind_fusion_node_kind(IndFusionGraph *g, int id) {
  SchedNode *n = node(g, id);
  return !n                           ? IND_FUSION_EXTERN
         : sched_node_is_extern(n)    ? IND_FUSION_EXTERN
         : sched_node_is_reduction(n) ? IND_FUSION_REDUCTION
                                      : IND_FUSION_POINTWISE;
}
int64_t ind_fusion_node_numel(IndFusionGraph *g, int id) { return node(g, id) ? node(g, id)->numel : 0; }
int64_t ind_fusion_node_rnumel(IndFusionGraph *g, int id) { return node(g, id) ? node(g, id)->rnumel : 0; }
int ind_fusion_node_size(IndFusionGraph *g, int id) { return node(g, id) ? node(g, id)->nsnodes : 0; }

int ind_fusion_num_producers(IndFusionGraph *g, int base) {
  SchedNode *n = base >= 0 && base < G(g)->nbase ? node(g, base) : NULL;
  return n ? n->nunmet : 0;
}

int ind_fusion_producer(IndFusionGraph *g, int base, int i) {
  SchedNode *n = base >= 0 && base < G(g)->nbase ? node(g, base) : NULL;
  if (!n || i < 0 || i >= n->nunmet)
    return -1;
  SchedBuf *b = sched_graph_buf(G(g), n->unmet[i].name);
  return b ? b->producer : -1;
}

int ind_fusion_can_fuse(IndFusionGraph *g, int a, int b) {
  SchedNode *x = node(g, a), *y = node(g, b);
  if (!x || !y || !x->alive || !y->alive)
    return 0;
  return sched_can_fuse_legal(G(g), x, y) && !sched_will_fusion_create_cycle(G(g), x, y);
}

int ind_fusion_fuse(IndFusionGraph *g, int a, int b) {
  SchedNode *x = node(g, a), *y = node(g, b);
  if (!x || !y || !x->alive || !y->alive || x == y)
    return -1;
  return sched_fuse(G(g), a, b);
}

int64_t ind_fusion_shared_bytes(IndFusionGraph *g, int a, int b) {
  SchedNode *x = node(g, a), *y = node(g, b);
  return x && y ? sched_score_fusion_memory(G(g), x, y) : 0;
}

void ind_fusion_log(IndFusionGraph *g, const char *fmt, ...) {
  if (!G(g)->log)
    return;
  va_list ap;
  va_start(ap, fmt);
  vfprintf(G(g)->log, fmt, ap);
  va_end(ap);
  fputc('\n', G(g)->log);
}

static const IndPassOptions *O(const IndFusionOptions *o) { return (const IndPassOptions *)o; }
int64_t ind_fusion_opt_int(const IndFusionOptions *o, const char *name) { return ind_opt_int(O(o), name); }
double ind_fusion_opt_float(const IndFusionOptions *o, const char *name) { return ind_opt_float(O(o), name); }
int ind_fusion_opt_bool(const IndFusionOptions *o, const char *name) { return ind_opt_bool(O(o), name); }
const char *ind_fusion_opt_string(const IndFusionOptions *o, const char *name) { return ind_opt_string(O(o), name); }

/* --- Loading. */

#define MAX_PLUGINS 16
static void *g_plugins[MAX_PLUGINS]; /* the handles of the plugins loaded, each registered once */
static int g_nplugins;

bool ind_plugin_load(const char *path, char *err, size_t errlen) {
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    snprintf(err, errlen, "cannot load plugin '%s': %s", path, dlerror());
    return false;
  }
  for (int i = 0; i < g_nplugins; ++i)
    if (g_plugins[i] == h) {
      dlclose(h); /* the reference this dlopen added */
      return true;
    }
  if (g_nplugins == MAX_PLUGINS) {
    snprintf(err, errlen, "cannot load plugin '%s': more than %d plugins", path, MAX_PLUGINS);
    dlclose(h);
    return false;
  }
  IndPluginEntryFn entry;
  void *sym = dlsym(h, IND_PLUGIN_ENTRY_SYMBOL);
  memcpy(&entry, &sym, sizeof entry);
  if (!sym) {
    snprintf(err, errlen, "plugin '%s' has no entry point '%s' (see include/ind/fusion.h)", path,
             IND_PLUGIN_ENTRY_SYMBOL);
    dlclose(h);
    return false;
  }
  IndPluginInfo info = entry();
  if (info.api_version != IND_PLUGIN_API_VERSION) {
    snprintf(err, errlen, "plugin '%s' (%s) was built for plugin API version %u, this ind-opt has version %d", path,
             info.name ? info.name : "?", (unsigned)info.api_version, IND_PLUGIN_API_VERSION);
    dlclose(h);
    return false;
  }
  g_register_error[0] = '\0';
  if (info.register_callbacks)
    info.register_callbacks();
  if (g_register_error[0]) {
    snprintf(err, errlen, "plugin '%s' could not register its strategies: %s", path, g_register_error);
    return false;
  }
  g_plugins[g_nplugins++] = h;
  return true; /* the library stays loaded: its strategies are registered */
}
