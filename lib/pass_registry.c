/* pass_registry.c - the project pass table and the MlirExternalPass adaptor; see pass_registry.h. */
#include "lib/pass_registry.h"

#include "lib/ir.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IND_MAX_PASSES 256

static const IndPassDef *g_passes[IND_MAX_PASSES];
static int g_npasses;

void ind_pass_register(const IndPassDef *def) {
  for (int i = 0; i < g_npasses; ++i)
    if (g_passes[i] == def || strcmp(g_passes[i]->argument, def->argument) == 0)
      return;
  if (g_npasses >= IND_MAX_PASSES) {
    fprintf(stderr, "ind: internal error: more than %d passes registered (raise IND_MAX_PASSES)\n", IND_MAX_PASSES);
    abort();
  }
  g_passes[g_npasses++] = def;
}

const IndPassDef *ind_pass_lookup(const char *argument, size_t len) {
  for (int i = 0; i < g_npasses; ++i)
    if (strlen(g_passes[i]->argument) == len && memcmp(g_passes[i]->argument, argument, len) == 0)
      return g_passes[i];
  return NULL;
}

int ind_pass_count(void) { return g_npasses; }
const IndPassDef *ind_pass_at(int i) { return g_passes[i]; }

static int option_index(const IndPassDef *def, const char *name, size_t len) {
  if (!def->options)
    return -1;
  for (int i = 0; def->options[i].name; ++i)
    if (strlen(def->options[i].name) == len && memcmp(def->options[i].name, name, len) == 0)
      return i;
  return -1;
}

/* A read of an option the pass does not declare (a bug in the pass: a misspelled name, or a shared
 * helper reading options the pass never declared). It is a hard error in every build: the read
 * returns a zero value, and pass_run fails the pass with a located diagnostic naming the option. */
static _Thread_local char g_bad_option[160];

static int option_index_checked(const IndPassOptions *o, const char *name) {
  int i = option_index(o->def, name, strlen(name));
  if (i < 0 && !g_bad_option[0])
    snprintf(g_bad_option, sizeof g_bad_option, "pass '%s' reads option '%s', which it does not declare",
             o->def->argument, name);
  return i;
}

static const IndPassOptions g_zero; /* what an undeclared option reads as */
static const IndPassOptions *slot_of(const IndPassOptions *o, const char *name, int *i) {
  *i = option_index_checked(o, name);
  if (*i < 0) {
    *i = 0;
    return &g_zero;
  }
  return o;
}

int64_t ind_opt_int(const IndPassOptions *o, const char *name) {
  int i;
  return slot_of(o, name, &i)->v[i].i;
}
double ind_opt_float(const IndPassOptions *o, const char *name) {
  int i;
  return slot_of(o, name, &i)->v[i].f;
}
bool ind_opt_bool(const IndPassOptions *o, const char *name) {
  int i;
  return slot_of(o, name, &i)->v[i].b;
}
const char *ind_opt_string(const IndPassOptions *o, const char *name) {
  int i;
  return slot_of(o, name, &i)->v[i].s;
}

const char *ind_pass_option_error(void) { return g_bad_option[0] ? g_bad_option : NULL; }
void ind_pass_option_error_clear(void) { g_bad_option[0] = 0; }

/* Whether text[0..len) is one of the '|'-separated choices of an IND_OPT_ENUM option. */
static bool is_choice(const char *choices, const char *text, size_t len) {
  for (const char *c = choices; c && *c;) {
    size_t n = strcspn(c, "|");
    if (n == len && strncmp(c, text, len) == 0)
      return true;
    c += n + (c[n] == '|');
  }
  return false;
}

/* Parses one value of option `d` from text[0..len) into slot `i`. */
static bool parse_value(IndPassOptions *out, int i, const IndPassOptionDef *d, const char *text, size_t len) {
  char tmp[128];
  if (len >= sizeof tmp)
    return false;
  memcpy(tmp, text, len);
  tmp[len] = '\0';
  char *end = NULL;
  errno = 0;
  switch (d->kind) {
  case IND_OPT_INT:
    out->v[i].i = strtoll(tmp, &end, 10);
    return len > 0 && *end == '\0' && errno == 0;
  case IND_OPT_FLOAT:
    out->v[i].f = strtod(tmp, &end);
    return len > 0 && *end == '\0' && errno == 0;
  case IND_OPT_BOOL:
    if (!strcmp(tmp, "true") || !strcmp(tmp, "1") || len == 0)
      out->v[i].b = true;
    else if (!strcmp(tmp, "false") || !strcmp(tmp, "0"))
      out->v[i].b = false;
    else
      return false;
    return true;
  case IND_OPT_ENUM:
    if (!is_choice(d->default_value, tmp, len))
      return false;
    memcpy(out->v[i].s, tmp, len + 1);
    return true;
  case IND_OPT_STRING:
    memcpy(out->v[i].s, tmp, len + 1);
    return true;
  }
  return false;
}

const char *ind_opt_kind_name(const IndPassOptionDef *d) {
  switch (d->kind) {
  case IND_OPT_INT:
    return "integer";
  case IND_OPT_FLOAT:
    return "number";
  case IND_OPT_BOOL:
    return "boolean";
  case IND_OPT_STRING:
    return "string";
  case IND_OPT_ENUM:
    return d->default_value ? d->default_value : "";
  }
  return "?";
}

const char *ind_opt_default_text(const IndPassOptionDef *d, size_t *len) {
  const char *t = d->default_value ? d->default_value : "";
  *len = d->kind == IND_OPT_ENUM ? strcspn(t, "|") : strlen(t);
  return t;
}

/* What a value of option `d` must be, for messages: "integer", ..., "one of full, ieee". */
static const char *expected_text(const IndPassOptionDef *d, char *buf, size_t len) {
  if (d->kind != IND_OPT_ENUM)
    return ind_opt_kind_name(d);
  size_t n = (size_t)snprintf(buf, len, "one of ");
  for (const char *c = ind_opt_kind_name(d); *c && n + 1 < len; ++c)
    n += (size_t)snprintf(buf + n, len - n, *c == '|' ? ", " : "%c", *c);
  return buf;
}

bool ind_pass_options_parse(const IndPassDef *def, const char *text, size_t len, IndPassOptions *out, char *err,
                            size_t errlen) {
  memset(out, 0, sizeof *out);
  out->def = def;
  if (def->options)
    for (int i = 0; def->options[i].name; ++i) {
      if (i >= IND_MAX_PASS_OPTIONS) {
        snprintf(err, errlen, "internal error: pass '%s' declares more than %d options", def->argument,
                 IND_MAX_PASS_OPTIONS);
        return false;
      }
      size_t dlen;
      const char *d = ind_opt_default_text(&def->options[i], &dlen);
      if (!parse_value(out, i, &def->options[i], d, dlen)) {
        char kind[160];
        snprintf(err, errlen, "internal error: bad default value '%s' for option '%s' of pass '%s' (expected %s)", d,
                 def->options[i].name, def->argument, expected_text(&def->options[i], kind, sizeof kind));
        return false;
      }
      out->n = i + 1;
    }
  size_t p = 0;
  while (text && p < len) {
    while (p < len && (text[p] == ' ' || text[p] == ','))
      ++p;
    if (p >= len)
      break;
    size_t ks = p;
    while (p < len && text[p] != '=' && text[p] != ' ')
      ++p;
    size_t klen = p - ks;
    const char *vs = text + p;
    size_t vlen = 0;
    if (p < len && text[p] == '=') {
      ++p;
      vs = text + p;
      while (p < len && text[p] != ' ')
        ++p;
      vlen = (size_t)(text + p - vs);
    }
    int i = option_index(def, text + ks, klen);
    if (i < 0) {
      snprintf(err, errlen, "pass '%s' has no option '%.*s'", def->argument, (int)klen, text + ks);
      return false;
    }
    if (!parse_value(out, i, &def->options[i], vs, vlen)) {
      char kind[160];
      snprintf(err, errlen, "bad value '%.*s' for option '%s' of pass '%s' (expected %s)", (int)vlen, vs,
               def->options[i].name, def->argument, expected_text(&def->options[i], kind, sizeof kind));
      return false;
    }
  }
  return true;
}

/* --- MlirExternalPass adaptor: userData is a heap IndPassOptions owned by the pass. */

static void pass_construct(void *user) { (void)user; }
static void pass_destruct(void *user) { free(user); }
static MlirLogicalResult pass_initialize(MlirContext ctx, void *user) {
  (void)ctx;
  (void)user;
  return mlirLogicalResultSuccess();
}
static void *pass_clone(void *user) {
  IndPassOptions *copy = malloc(sizeof *copy);
  if (!copy)
    abort();
  memcpy(copy, user, sizeof *copy);
  return copy;
}
static void pass_run(MlirOperation op, MlirExternalPass pass, void *user) {
  const IndPassOptions *opts = user;
  ind_pass_option_error_clear();
  bool failed = mlirLogicalResultIsFailure(opts->def->run(op, opts));
  if (ind_pass_option_error()) {
    ind_emit_error(op, "internal error: %s (its options: IndPassDef.options)", ind_pass_option_error());
    ind_pass_option_error_clear();
    failed = true;
  }
  if (failed)
    mlirExternalPassSignalFailure(pass);
}

MlirPass ind_pass_create(const IndPassDef *def, const IndPassOptions *opts) {
  static MlirTypeIDAllocator alloc;
  static struct {
    const IndPassDef *def;
    MlirTypeID id;
  } ids[IND_MAX_PASSES];
  static int nids;
  /* Compilers on several threads create passes at once (libind: one compiler per thread; the torch backend
   * compiles a graph's partitions side by side): the table of type ids is shared. */
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  pthread_mutex_lock(&lock);
  if (!alloc.ptr)
    alloc = mlirTypeIDAllocatorCreate();
  MlirTypeID id = {0};
  for (int i = 0; i < nids; ++i)
    if (ids[i].def == def)
      id = ids[i].id;
  if (mlirTypeIDIsNull(id)) {
    id = mlirTypeIDAllocatorAllocateTypeID(alloc);
    if (nids >= IND_MAX_PASSES) {
      fprintf(stderr, "ind: internal error: more than %d pass types created (raise IND_MAX_PASSES)\n", IND_MAX_PASSES);
      abort();
    }
    ids[nids].def = def;
    ids[nids].id = id;
    ++nids;
  }
  pthread_mutex_unlock(&lock);
  MlirExternalPassCallbacks cb = {pass_construct, pass_destruct, pass_initialize, pass_clone, pass_run};
  IndPassOptions *user = pass_clone((void *)opts);
  return mlirCreateExternalPass(id, ind_str(def->argument), ind_str(def->argument), ind_str(def->description),
                                ind_str("builtin.module"), 0, NULL, cb, user);
}
