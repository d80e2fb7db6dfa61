/* io.h - whole-file reading and all-or-nothing writing for the tools. */
#ifndef IND_LIB_IO_H
#define IND_LIB_IO_H
#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif
/* Reads `path` ("-" = stdin) into a NUL-terminated heap buffer. On failure returns NULL and
 * writes strerror text to err. */
char *ind_read_file(const char *path, size_t *len, char *err, size_t errlen);
/* Writes data to `path` ("-" = stdout). A regular (or new) file is written through a temporary
 * of this process's own renamed into place, so a failed run never leaves a partial output file and
 * two runs writing one path never mix; anything else (a device such as /dev/null, a FIFO, a
 * symbolic link) is written in place, never replaced. */
bool ind_write_file(const char *path, const char *data, size_t len, char *err, size_t errlen);
/* mkdir -p: creates `dir` and any missing parents. On failure returns false and writes which folder
 * could not be created, and why, to err. */
bool ind_make_dirs(const char *dir, char *err, size_t errlen);
#ifdef __cplusplus
}
#endif

#endif
