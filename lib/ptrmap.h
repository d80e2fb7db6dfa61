/* ptrmap.h - a pointer -> int64 hash map (open addressing), for passes that need O(1) lookups of
 * MLIR objects (ops, values) by their opaque pointer. */
#ifndef IND_LIB_PTRMAP_H
#define IND_LIB_PTRMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IndPtrMap {
  const void **keys;
  int64_t *vals;
  size_t cap, n; /* cap is a power of two; 0 until the first insert */
} IndPtrMap;

/* Inserts or overwrites; false when memory ran out (the map is unchanged then). */
bool ind_ptrmap_put(IndPtrMap *m, const void *key, int64_t val);
/* True and *val set when key is present. */
bool ind_ptrmap_get(const IndPtrMap *m, const void *key, int64_t *val);
void ind_ptrmap_free(IndPtrMap *m);

#ifdef __cplusplus
}
#endif

#endif
