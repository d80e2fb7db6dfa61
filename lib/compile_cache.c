/* compile_cache.c - keys, lookups and stores of the compiled-output cache; see compile_cache.h.
 *
 * An entry file is a header line "ind-cache-entry <size>\n" and then the output's bytes. The header
 * only catches truncation (a crash between the write and the rename on a file system that reorders
 * them leaves a short or empty file): an entry whose size does not match is a miss, and the next
 * clean run replaces it. */
#define _GNU_SOURCE /* dl_iterate_phdr */
#include "lib/compile_cache.h"

#include "lib/io.h"

#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define ENTRY_MAGIC "ind-cache-entry "

/* Adds n as 8 little-endian bytes (the length prefix of every field). */
static void add_u64(IndCacheKey *k, uint64_t n) {
  unsigned char b[8];
  for (int i = 0; i < 8; ++i)
    b[i] = (unsigned char)(n >> (8 * i));
  ind_sha256_update(&k->sha, b, sizeof b);
}

void ind_cache_key_init(IndCacheKey *k) {
  ind_sha256_init(&k->sha);
  ind_cache_key_add_str(k, "format", IND_CACHE_FORMAT);
}

void ind_cache_key_add(IndCacheKey *k, const char *tag, const void *data, size_t len) {
  size_t tl = strlen(tag);
  add_u64(k, tl);
  ind_sha256_update(&k->sha, tag, tl);
  add_u64(k, len);
  ind_sha256_update(&k->sha, data, len);
}

void ind_cache_key_add_str(IndCacheKey *k, const char *tag, const char *s) { ind_cache_key_add(k, tag, s, strlen(s)); }

bool ind_cache_key_add_file(IndCacheKey *k, const char *tag, const char *path) {
  char err[512];
  size_t len;
  char *text = ind_read_file(path, &len, err, sizeof err);
  if (!text)
    return false;
  ind_cache_key_add_str(k, tag, path);
  ind_cache_key_add(k, tag, text, len);
  free(text);
  return true;
}

/* The identity of a stat'ed file as one field (or "absent" when st is NULL). */
static void add_identity(IndCacheKey *k, const char *tag, const char *path, const struct stat *st) {
  char id[160] = "absent";
  if (st)
    snprintf(id, sizeof id, "dev %llu ino %llu size %lld mtime %lld.%09ld", (unsigned long long)st->st_dev,
             (unsigned long long)st->st_ino, (long long)st->st_size, (long long)st->st_mtim.tv_sec,
             (long)st->st_mtim.tv_nsec);
  ind_cache_key_add_str(k, tag, path);
  ind_cache_key_add_str(k, tag, id);
}

void ind_cache_key_add_file_identity(IndCacheKey *k, const char *tag, const char *path) {
  struct stat st;
  add_identity(k, tag, path, stat(path, &st) == 0 ? &st : NULL);
}

/* dl_iterate_phdr callback: one identity field per named shared object (the executable itself has
 * an empty name; the vDSO has no file and reads as absent). */
static int add_loaded_object(struct dl_phdr_info *info, size_t size, void *user) {
  (void)size;
  if (info->dlpi_name && info->dlpi_name[0])
    ind_cache_key_add_file_identity(user, "shared-object", info->dlpi_name);
  return 0;
}

bool ind_cache_key_add_build(IndCacheKey *k) {
  struct stat st;
  if (stat("/proc/self/exe", &st) != 0)
    return false;
  add_identity(k, "executable", "/proc/self/exe", &st);
  dl_iterate_phdr(add_loaded_object, k);
  return true;
}

void ind_cache_key_finish(IndCacheKey *k, char hex[IND_CACHE_KEY_HEX + 1]) {
  unsigned char d[32];
  ind_sha256_final(&k->sha, d);
  for (int i = 0; i < 32; ++i)
    snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

/* dir + "/" + name, on the heap. */
static char *join(const char *dir, const char *name) {
  size_t n = strlen(dir) + strlen(name) + 2;
  char *p = malloc(n);
  if (!p)
    abort();
  snprintf(p, n, "%s/%s", dir, name);
  return p;
}

char *ind_cache_lookup(const char *dir, const char *key, size_t *len) {
  char *path = join(dir, key), err[512];
  size_t n = 0;
  char *text = ind_read_file(path, &n, err, sizeof err);
  free(path);
  if (!text)
    return NULL;
  /* the header: ENTRY_MAGIC, the size in decimal, a newline */
  size_t ml = strlen(ENTRY_MAGIC), pos = ml, size = 0;
  bool ok = n > ml && memcmp(text, ENTRY_MAGIC, ml) == 0 && text[pos] >= '0' && text[pos] <= '9';
  while (ok && pos < n && text[pos] >= '0' && text[pos] <= '9' && size <= (SIZE_MAX - 9) / 10)
    size = size * 10 + (size_t)(text[pos++] - '0');
  ok = ok && pos < n && text[pos] == '\n' && n - pos - 1 == size;
  if (!ok) {
    free(text);
    return NULL;
  }
  memmove(text, text + pos + 1, size + 1); /* with the NUL ind_read_file put after the data */
  *len = size;
  return text;
}

bool ind_cache_store(const char *dir, const char *key, const void *data, size_t len) {
  char header[64], err[512];
  if (!ind_make_dirs(dir, err, sizeof err))
    return false;
  int hl = snprintf(header, sizeof header, ENTRY_MAGIC "%zu\n", len);
  char *entry = malloc((size_t)hl + len + 1), *path = join(dir, key);
  if (!entry)
    abort();
  memcpy(entry, header, (size_t)hl);
  memcpy(entry + hl, data, len);
  bool ok = ind_write_file(path, entry, (size_t)hl + len, err, sizeof err);
  free(entry);
  free(path);
  return ok;
}
