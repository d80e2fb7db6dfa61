/* opt_cache.h - ind-opt's use of the compiled-output cache (lib/compile_cache.h,
 * docs/tools/compile-cache.md): which command lines may be answered from it, what their key holds,
 * the lookup that runs before anything is registered or MLIR starts, and the store after a clean run.
 *
 *   IndOptCache c; int status;
 *   if (ind_opt_cache_answer(argc, argv, &c, &status)) return status;   // a hit: output written
 *   ... compile, taking c.src (the input as read for the key) when it is not NULL ...
 *   if (clean) ind_opt_cache_store(&c, out, len);
 *   ind_opt_cache_free(&c); */
#ifndef IND_TOOLS_OPT_CACHE_H
#define IND_TOOLS_OPT_CACHE_H

#include "lib/compile_cache.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IND_OPT_CACHE_DIR_FLAG "--cache-dir="
#define IND_OPT_NO_CACHE_FLAG "--no-cache"
#define IND_OPT_CACHE_ENV "IND_CACHE_DIR"

typedef struct IndOptCache {
  const char *dir;                 /* the cache folder; NULL when this run is not cached */
  char key[IND_CACHE_KEY_HEX + 1]; /* the run's key (when dir is set) */
  char *src;                       /* the input as read for the key, NUL-terminated; the caller may */
  size_t len;                      /* take it (and set src to NULL) so that stdin is read once */
} IndOptCache;

/* True for the cache's own flags (--cache-dir=DIR, --no-cache), which the key leaves out. */
bool ind_opt_cache_flag(const char *arg);

/* Decides whether this command line is cached (a cache folder from --cache-dir= or $IND_CACHE_DIR, no
 * --no-cache, nothing that writes other files, prints to stderr or runs code outside the key). When it
 * is, reads the input, computes the key and looks it up. On a hit writes the entry to the output
 * (-o FILE or stdout) and returns true with *status the exit status: 0, or 1 when the output cannot be
 * written (reported). Otherwise returns false: compile, then ind_opt_cache_store. */
bool ind_opt_cache_answer(int argc, char **argv, IndOptCache *c, int *status);
/* Stores a successful run's output under its key when the run is cached; silent on any failure. */
void ind_opt_cache_store(const IndOptCache *c, const char *data, size_t len);
void ind_opt_cache_free(IndOptCache *c);

#ifdef __cplusplus
}
#endif

#endif
