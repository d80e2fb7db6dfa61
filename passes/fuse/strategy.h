/* strategy.h - the registry of fusion strategies (`--fuse=NAME`).
 *
 * There is no closed table: every strategy, in-tree (passes/fuse/register.c) or from a plugin
 * (include/ind/fusion.h, `ind-opt --load-pass-plugin=lib.so`), registers here, and the --fuse stage,
 * `ind-opt --help`, `--list-passes` and `--fusion-report` all read this registry. A strategy is a
 * name, a pass (registered in the pass registry too, so it also runs in --pass-pipeline) and the
 * lowering it expects on graph input: Inductor's (pointwise ops inlined) or op-level (every op its
 * own buffer, `--lower=op-level`). */
#ifndef IND_PASSES_FUSE_STRATEGY_H
#define IND_PASSES_FUSE_STRATEGY_H

#include "lib/pass_registry.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IndFuseStrategy {
  const char *name;       /* `--fuse=NAME` */
  const IndPassDef *pass; /* the strategy's pass (e.g. fuse-tvm) */
  bool op_level;          /* on graph input, lower with every op realized (--lower=op-level) */
} IndFuseStrategy;

/* Registers a strategy and its pass; the definition must outlive the registry. Returns false when the
 * name is taken (the first registration stays). The first registered strategy is the default. */
bool ind_fuse_strategy_register(const IndFuseStrategy *s);
int ind_fuse_strategy_count(void);
const IndFuseStrategy *ind_fuse_strategy_at(int i);
const IndFuseStrategy *ind_fuse_strategy_lookup(const char *name, size_t len);
/* The names joined by `sep` (a static buffer, rewritten at each call). */
const char *ind_fuse_strategy_names(const char *sep);
/* "inductor|vertical|none|tvm|search": a stable buffer that every registration extends (the --fuse
 * stage's value_help, so that --help lists plugin strategies too). */
const char *ind_fuse_strategy_value_help(void);

/* Splits a --fuse value `NAME{k=v ...}` into the strategy and its option text (opts/optlen, NULL
 * when none). On a bad value writes a message listing the known strategies and returns NULL. */
const IndFuseStrategy *ind_fuse_strategy_parse(const char *value, const char **opts, size_t *optlen, char *err,
                                               size_t errlen);

/* Loads a plugin shared library (include/ind/fusion.h): dlopen, the entry symbol, the API version,
 * then its registration callback. A library loaded already (the same file, by any path) is not registered
 * again: true at once. On failure writes a message into err and returns false. */
bool ind_plugin_load(const char *path, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
