/* ind/fusion.h - the public API for fusion strategies and pass plugins (no other ind header needed).
 *
 * A strategy decides which scheduler nodes share a kernel. It sees the scheduler graph of one
 * function through the opaque IndFusionGraph, decides with the shared legality checks
 * (ind_fusion_can_fuse: Inductor's can_fuse rules and will_fusion_create_cycle) and fuses with
 * ind_fusion_fuse; ind does the rest (the IR rewrite, the dumps, the log, codegen). Register it with
 * ind_fusion_register_strategy: `--fuse=NAME{opt=v ...}`, the pass `fuse-NAME` in --pass-pipeline,
 * --help, --list-passes and --fusion-report then know it.
 *
 * From a shared library: define the entry point
 *
 *     IND_PLUGIN_EXPORT IndPluginInfo indGetPluginInfo(void) {
 *       return (IndPluginInfo){IND_PLUGIN_API_VERSION, "myfusion", "1.0", register_my_strategies};
 *     }
 *
 * and load it with `ind-opt --load-pass-plugin=libmyfusion.so`. ind-opt checks api_version against
 * its own IND_PLUGIN_API_VERSION and refuses a mismatch. The functions below are resolved from the
 * ind-opt executable at load time: a plugin links against nothing of ind. examples/plugin/ is a
 * complete out-of-tree strategy with its CMake build (find_package(IndFusion)). */
#ifndef IND_FUSION_H
#define IND_FUSION_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IND_PLUGIN_API_VERSION 1
#define IND_PLUGIN_ENTRY_SYMBOL "indGetPluginInfo"
#define IND_PLUGIN_EXPORT __attribute__((visibility("default")))

/* The most scheduler nodes one kernel holds: codegen (sched-to-kernel) refuses a fused node of more.
 * Every strategy's default size bound (`max-fusion-size`, Inductor's config.max_fusion_size) is this;
 * IND_FUSION_STR(IND_FUSION_MAX_KERNEL_NODES) is it as an option default. */
#define IND_FUSION_MAX_KERNEL_NODES 64
#define IND_FUSION_STR_(x) #x
#define IND_FUSION_STR(x) IND_FUSION_STR_(x)

typedef struct IndPluginInfo {
  uint32_t api_version;             /* IND_PLUGIN_API_VERSION the plugin was built with */
  const char *name, *version;       /* for messages */
  void (*register_callbacks)(void); /* registers the plugin's strategies */
} IndPluginInfo;

typedef IndPluginInfo (*IndPluginEntryFn)(void);

/* --- Strategies. */
typedef struct IndFusionGraph IndFusionGraph;     /* one function's scheduler graph */
typedef struct IndFusionOptions IndFusionOptions; /* parsed option values of one run */

typedef enum IndFusionOptKind {
  IND_FUSION_OPT_INT = 0,
  IND_FUSION_OPT_FLOAT = 1,
  IND_FUSION_OPT_BOOL = 2,
  IND_FUSION_OPT_STRING = 3
} IndFusionOptKind;

typedef struct IndFusionOptionDef {
  const char *name; /* `--fuse=NAME{name=value}` */
  IndFusionOptKind kind;
  const char *default_value; /* text, parsed like a given value */
  const char *help;
} IndFusionOptionDef;

typedef struct IndFusionStrategyDef {
  const char *name;                  /* --fuse=NAME; the pass is fuse-NAME */
  const char *description;           /* one line for --list-passes */
  const IndFusionOptionDef *options; /* terminated by a NULL name; may be NULL. ind adds debug-fusion,
                                        ir-pre-fusion, ir-post-fusion and dot. */
  int (*run)(IndFusionGraph *g, const IndFusionOptions *opts); /* 0 on success */
  int op_level; /* 1: on graph input lower every op to its own node (--lower=op-level) */
} IndFusionStrategyDef;

/* Registers a strategy (the definition must stay valid). Returns 0, or -1 when the name is taken. */
int ind_fusion_register_strategy(const IndFusionStrategyDef *def);

/* --- The graph. Base nodes have ids 0 .. ind_fusion_num_base_nodes()-1 in topological order; each
 * fusion makes a new node id and retires its two inputs. */
typedef enum IndFusionNodeKind {
  IND_FUSION_POINTWISE = 0,
  IND_FUSION_REDUCTION = 1,
  IND_FUSION_EXTERN = 2
} IndFusionNodeKind;

int ind_fusion_num_base_nodes(IndFusionGraph *g);
int ind_fusion_resolve(IndFusionGraph *g, int base); /* the live node holding base node `base` */
const char *ind_fusion_node_name(IndFusionGraph *g, int id);
IndFusionNodeKind ind_fusion_node_kind(IndFusionGraph *g, int id);
int64_t ind_fusion_node_numel(IndFusionGraph *g, int id);
int64_t ind_fusion_node_rnumel(IndFusionGraph *g, int id);
int ind_fusion_node_size(IndFusionGraph *g, int id); /* base nodes inside */
/* The base nodes producing the computed buffers that base node `base` reads. */
int ind_fusion_num_producers(IndFusionGraph *g, int base);
int ind_fusion_producer(IndFusionGraph *g, int base, int i);
/* 1 when live nodes a then b may share a kernel: Inductor's legality (extern, order, MemoryDeps,
 * (numel, rnumel)) and no cycle. Logs the reason of a refusal. */
int ind_fusion_can_fuse(IndFusionGraph *g, int a, int b);
/* Fuses live nodes a and b (a first) and returns the new node's id. Call only after can_fuse. Returns -1,
 * fusing nothing, when a or b is no live node or a == b. */
int ind_fusion_fuse(IndFusionGraph *g, int a, int b);
/* Bytes of the MemoryDeps both nodes touch at the same index (Inductor's score_fusion_memory). */
int64_t ind_fusion_shared_bytes(IndFusionGraph *g, int a, int b);
/* A line of the fusion log (debug-fusion=true or IND_LOGS=fusion); no-op when it is off. */
void ind_fusion_log(IndFusionGraph *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

int64_t ind_fusion_opt_int(const IndFusionOptions *o, const char *name);
double ind_fusion_opt_float(const IndFusionOptions *o, const char *name);
int ind_fusion_opt_bool(const IndFusionOptions *o, const char *name);
const char *ind_fusion_opt_string(const IndFusionOptions *o, const char *name);

#ifdef __cplusplus
}
#endif
#endif
