/* io.c - file helpers; see io.h. */
#include "lib/io.h"
#include "lib/vec.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *ind_read_file(const char *path, size_t *len, char *err, size_t errlen) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
    return NULL;
  }
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  if (!buf)
    abort();
  for (;;) {
    if (n + 1 >= cap) {
      cap *= 2;
      buf = ind_xrealloc(buf, cap, 1);
    }
    size_t got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
    if (got == 0)
      break;
  }
  bool bad = ferror(f);
  if (f != stdin)
    fclose(f);
  if (bad) {
    snprintf(err, errlen, "cannot read '%s'", path);
    free(buf);
    return NULL;
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}

/* Writes straight into `path`: for a target that is not a regular file (a device such as /dev/null,
 * a FIFO, a symbolic link), which a rename would replace with a regular file. */
static bool write_in_place(const char *path, const char *data, size_t len, char *err, size_t errlen) {
  FILE *f = fopen(path, "wb");
  bool ok = f && fwrite(data, 1, len, f) == len;
  if (f)
    ok = (fclose(f) == 0) && ok;
  if (!ok)
    snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
  return ok;
}

bool ind_write_file(const char *path, const char *data, size_t len, char *err, size_t errlen) {
  if (strcmp(path, "-") == 0) {
    fwrite(data, 1, len, stdout);
    fflush(stdout);
    return true;
  }
  struct stat st;
  if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
    return write_in_place(path, data, len, err, errlen);
  /* The temporary is this process's own ("x": created, never shared), so two runs writing the
   * same output each rename a whole file into place. */
  static unsigned serial;
  size_t pl = strlen(path), tl = pl + 64;
  char *tmp = malloc(tl);
  if (!tmp)
    abort();
  snprintf(tmp, tl, "%s.%ld.%u.tmp~", path, (long)getpid(), serial++);
  FILE *f = fopen(tmp, "wbx");
  if (!f) {
    snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
    free(tmp);
    return false;
  }
  bool ok = fwrite(data, 1, len, f) == len;
  ok = (fclose(f) == 0) && ok;
  if (!ok || rename(tmp, path) != 0) {
    snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
    remove(tmp);
    free(tmp);
    return false;
  }
  free(tmp);
  return true;
}

bool ind_make_dirs(const char *dir, char *err, size_t errlen) {
  size_t n = strlen(dir);
  char *path = malloc(n + 1);
  if (!path)
    abort();
  memcpy(path, dir, n + 1);
  bool ok = true;
  for (char *p = path + (n > 0); ok; ++p) {
    bool end = *p == '\0';
    if (*p != '/' && !end)
      continue;
    *p = '\0';
    struct stat st;
    if (!(stat(path, &st) == 0 && S_ISDIR(st.st_mode)) && mkdir(path, 0777) != 0) {
      snprintf(err, errlen, "cannot create directory '%s': %s", path, strerror(errno));
      ok = false;
    }
    if (end)
      break;
    *p = '/';
  }
  free(path);
  return ok;
}
