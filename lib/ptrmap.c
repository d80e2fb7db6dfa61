/* ptrmap.c - see ptrmap.h. */
#include "lib/ptrmap.h"

#include <stdlib.h>

static size_t slot_of(const void *p, size_t mask) {
  uint64_t h = (uint64_t)(uintptr_t)p;
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return (size_t)h & mask;
}

static bool grow(IndPtrMap *m) {
  size_t cap = m->cap ? m->cap * 2 : 64;
  const void **keys = calloc(cap, sizeof *keys);
  int64_t *vals = malloc(cap * sizeof *vals);
  if (!keys || !vals) {
    free(keys);
    free(vals);
    return false;
  }
  for (size_t i = 0; i < m->cap; ++i)
    if (m->keys[i]) {
      size_t s = slot_of(m->keys[i], cap - 1);
      while (keys[s])
        s = (s + 1) & (cap - 1);
      keys[s] = m->keys[i];
      vals[s] = m->vals[i];
    }
  free(m->keys);
  free(m->vals);
  m->keys = keys;
  m->vals = vals;
  m->cap = cap;
  return true;
}

bool ind_ptrmap_put(IndPtrMap *m, const void *key, int64_t val) {
  if ((m->n + 1) * 2 > m->cap && !grow(m))
    return false;
  size_t s = slot_of(key, m->cap - 1);
  while (m->keys[s] && m->keys[s] != key)
    s = (s + 1) & (m->cap - 1);
  if (!m->keys[s])
    ++m->n;
  m->keys[s] = key;
  m->vals[s] = val;
  return true;
}

bool ind_ptrmap_get(const IndPtrMap *m, const void *key, int64_t *val) {
  if (!m->cap)
    return false;
  size_t s = slot_of(key, m->cap - 1);
  while (m->keys[s]) {
    if (m->keys[s] == key) {
      *val = m->vals[s];
      return true;
    }
    s = (s + 1) & (m->cap - 1);
  }
  return false;
}

void ind_ptrmap_free(IndPtrMap *m) {
  free(m->keys);
  free(m->vals);
  *m = (IndPtrMap){0};
}
