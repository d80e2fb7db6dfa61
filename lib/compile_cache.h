/* compile_cache.h - an on-disk cache of compiled outputs, keyed by a SHA-256 of everything that decides
 * them: `ind-opt --cache-dir=DIR` (tools/opt_cache.c, docs/tools/compile-cache.md).
 *
 * Plain C over libc and POSIX, no MLIR: a tool answers from the cache before it creates a context. The
 * tool says what goes into the key (tagged, length-prefixed fields after a format-version salt), looks
 * the key up in a folder, and stores its output after a clean run. An entry is the output's bytes,
 * DIR/<64 hex digits>, written to DIR/tmp.<pid> and renamed into place, so a reader never sees half
 * of one. Entries are trusted by name: nothing inside an entry is checked, so an entry edited by hand
 * is what the next hit prints. Every failure of the cache itself (an unreadable entry, a folder that
 * cannot be created or written) is silent and counts as a miss or as nothing stored. */
#ifndef IND_LIB_COMPILE_CACHE_H
#define IND_LIB_COMPILE_CACHE_H

#include "lib/sha256.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever the key's fields or an entry's format change: old entries then never match. */
#define IND_CACHE_FORMAT "ind-compile-cache 1"
#define IND_CACHE_KEY_HEX 64 /* hex digits of a key (the whole SHA-256) */

typedef struct IndCacheKey {
  IndSha256 sha; /* over the fields added so far */
} IndCacheKey;

/* Starts a key with the IND_CACHE_FORMAT salt. */
void ind_cache_key_init(IndCacheKey *k);
/* Adds one field: its tag and its bytes, each preceded by its length (so no two different field
 * lists hash the same bytes). */
void ind_cache_key_add(IndCacheKey *k, const char *tag, const void *data, size_t len);
void ind_cache_key_add_str(IndCacheKey *k, const char *tag, const char *s);
/* Adds the contents of the file `path` (and the path as written). False when it cannot be read:
 * the key must not be used then. */
bool ind_cache_key_add_file(IndCacheKey *k, const char *tag, const char *path);
/* Adds the identity of `path` without reading it: device, inode, size and modification time in
 * nanoseconds (for large files that only an upgrade replaces), or that it does not exist. */
void ind_cache_key_add_file_identity(IndCacheKey *k, const char *tag, const char *path);
/* Adds the build of the running program: the identity of /proc/self/exe and of every shared object
 * loaded now (a relink, or an upgraded shared LLVM/MLIR, gives other keys). False when
 * /proc/self/exe cannot be examined: the key must not be used then. */
bool ind_cache_key_add_build(IndCacheKey *k);
/* Writes the key as IND_CACHE_KEY_HEX lowercase hex digits and a NUL. */
void ind_cache_key_finish(IndCacheKey *k, char hex[IND_CACHE_KEY_HEX + 1]);

/* Entry `key` of `dir` as a NUL-terminated heap buffer (free it) with its size in *len, or NULL
 * when it is absent or cannot be read. */
char *ind_cache_lookup(const char *dir, const char *key, size_t *len);
/* Stores data as entry `key` of `dir` (creating `dir` and its parents when missing) through
 * DIR/tmp.<pid> and a rename. False, with nothing left behind, on any failure. */
bool ind_cache_store(const char *dir, const char *key, const void *data, size_t len);

#ifdef __cplusplus
}
#endif

#endif
