/* strategy.c - the fusion strategy registry and the --fuse value syntax; see strategy.h. */
#include "passes/fuse/strategy.h"

#include <stdio.h>
#include <string.h>

#define IND_MAX_STRATEGIES 64

static const IndFuseStrategy *g_strategies[IND_MAX_STRATEGIES];
static int g_n;
static char g_help[1024]; /* "inductor|vertical|..." */

const char *ind_fuse_strategy_value_help(void) { return g_help; }

bool ind_fuse_strategy_register(const IndFuseStrategy *s) {
  if (g_n >= IND_MAX_STRATEGIES || ind_fuse_strategy_lookup(s->name, strlen(s->name)))
    return false;
  g_strategies[g_n++] = s;
  ind_pass_register(s->pass);
  size_t n = strlen(g_help);
  snprintf(g_help + n, sizeof g_help - n, "%s%s", n ? "|" : "", s->name);
  return true;
}

int ind_fuse_strategy_count(void) { return g_n; }
const IndFuseStrategy *ind_fuse_strategy_at(int i) { return i >= 0 && i < g_n ? g_strategies[i] : NULL; }

const IndFuseStrategy *ind_fuse_strategy_lookup(const char *name, size_t len) {
  for (int i = 0; i < g_n; ++i)
    if (strlen(g_strategies[i]->name) == len && memcmp(g_strategies[i]->name, name, len) == 0)
      return g_strategies[i];
  return NULL;
}

const char *ind_fuse_strategy_names(const char *sep) {
  static char buf[1024];
  size_t n = 0;
  buf[0] = '\0';
  for (int i = 0; i < g_n && n < sizeof buf; ++i) {
    int k = snprintf(buf + n, sizeof buf - n, "%s%s", i ? sep : "", g_strategies[i]->name);
    if (k < 0)
      break;
    n += (size_t)k;
  }
  return buf;
}

const IndFuseStrategy *ind_fuse_strategy_parse(const char *value, const char **opts, size_t *optlen, char *err,
                                               size_t errlen) {
  size_t len = strlen(value), name_len = strcspn(value, "{");
  *opts = NULL;
  *optlen = 0;
  const IndFuseStrategy *s = ind_fuse_strategy_lookup(value, name_len);
  if (!s) {
    snprintf(err, errlen, "--fuse: unknown strategy '%.*s' (known: %s)", (int)name_len, value,
             ind_fuse_strategy_names(" "));
    return NULL;
  }
  if (name_len < len) {
    if (value[len - 1] != '}') {
      snprintf(err, errlen, "--fuse: malformed options in '%s' (expected '%s{key=value ...}')", value, s->name);
      return NULL;
    }
    *opts = value + name_len + 1;
    *optlen = len - name_len - 2;
  }
  return s;
}
