/* sha256.h - SHA-256 (FIPS 180-4), incremental: the hash of ind-opt's compiled-output cache keys
 * (lib/compile_cache.h). Plain C over libc; no MLIR.
 *
 *   IndSha256 s;
 *   ind_sha256_init(&s);
 *   ind_sha256_update(&s, data, len);   // any number of times
 *   ind_sha256_final(&s, digest);       // 32 bytes; s must be re-initialized before reuse */
#ifndef IND_LIB_SHA256_H
#define IND_LIB_SHA256_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IndSha256 {
  uint32_t h[8];         /* the chaining state */
  uint64_t nbytes;       /* bytes hashed so far */
  unsigned char buf[64]; /* the block being filled */
  size_t nbuf;           /* bytes in buf */
} IndSha256;

void ind_sha256_init(IndSha256 *s);
void ind_sha256_update(IndSha256 *s, const void *data, size_t len);
void ind_sha256_final(IndSha256 *s, unsigned char digest[32]);

#ifdef __cplusplus
}
#endif

#endif
