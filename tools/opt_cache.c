/* opt_cache.c - which ind-opt command lines the compiled-output cache answers, and their keys; see
 * opt_cache.h and docs/tools/compile-cache.md.
 *
 * The key (lib/compile_cache.h) holds, in this order: the format salt; ind-opt's build (the identity of
 * the executable and of every loaded shared object); every argument except the input path, -o and its
 * file, and the cache's own flags, in the order given; $IND_CHECKED (checked mode's default level); for --emit=ptx, the
 * libdevice file the PTX emitter would link (its path and identity, or "none"); the contents of every file an option
 * names
 * (`--codegen=tuning-cache=FILE`, `kernel-apply-tuning{cache=FILE}` in --pass-pipeline); and the input's
 * bytes. The input path is left out: ind-opt's output does not contain it (the parser names the buffer
 * "-", and diagnostics, which do name the file, are never cached).
 *
 * Conservative by design: a command line is cached only when everything that decides its output is in
 * the key, and its whole effect is the output. So never: --verify-diagnostics, --print-ir-after-all,
 * --mlir-timing (stderr), --fusion-report and --emit=fusion-report (other files, `dot`),
 * --load-pass-plugin (code outside the key), $IND_LOGS (stderr logs), the fusion toolkit's dump and log
 * options (ir-pre-fusion, ir-post-fusion, dot, debug-fusion), and a --pass-pipeline holding an upstream
 * pass outside a short list of pure ones or a project pass option that may name a file. */
#include "tools/opt_cache.h"

#include "ind/checked.h"
#include "lib/diag.h"
#include "lib/io.h"
#include "lib/pass_registry.h"
#include "libind/register_all.h"
#include "passes/codegen/ptx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *TOOL = "ind-opt";

/* Flags whose run prints to stderr, checks diagnostics, or is no compile. */
static const char *const UNCACHED_FLAGS[] = {"--verify-diagnostics",
                                             "--print-ir-after-all",
                                             "--mlir-timing",
                                             "--help",
                                             "-h",
                                             "--list-passes",
                                             "--emit=fusion-report",
                                             NULL};
/* Flag prefixes: plugins (code outside the key) and the fusion report (writes files, runs `dot`). */
static const char *const UNCACHED_PREFIXES[] = {"--load-pass-plugin=", "--fusion-report", NULL};
/* Pass options that write files or log to stderr (the fusion toolkit's, passes/fuse/sched_graph.h):
 * any of these words in an option value turns the cache off. */
static const char *const SIDE_EFFECT_OPTIONS[] = {"ir-pre-fusion", "ir-post-fusion", "dot", "debug-fusion", NULL};
/* String options of project passes that name no file. Any other string option (but `cache`, whose file
 * is keyed) turns the cache off, so that a new option naming a file cannot leave it out of the key. */
static const char *const PLAIN_STRING_OPTIONS[] = {"kernel-prefix", NULL};
/* Upstream passes a cached --pass-pipeline may hold: they read no file and print nothing. */
static const char *const PURE_UPSTREAM_PASSES[] = {"canonicalize", "cse", "symbol-dce", "sccp", NULL};

static bool in_list(const char *const *list, const char *s, size_t n) {
  for (; *list; ++list)
    if (strlen(*list) == n && memcmp(*list, s, n) == 0)
      return true;
  return false;
}

static bool has_prefix(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

bool ind_opt_cache_flag(const char *arg) {
  return has_prefix(arg, IND_OPT_CACHE_DIR_FLAG) || strcmp(arg, IND_OPT_NO_CACHE_FLAG) == 0;
}

/* True when a word of `text` (runs of letters, digits, '_', '-', '.') is a SIDE_EFFECT_OPTIONS name. */
static bool names_side_effect_option(const char *text) {
  for (const char *p = text; *p;) {
    size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.");
    if (n && in_list(SIDE_EFFECT_OPTIONS, p, n))
      return true;
    p += n ? n : 1;
  }
  return false;
}

/* Adds the file `path`[0..n) to the key; false when it cannot be read (the compile then fails on it). */
static bool add_named_file(IndCacheKey *k, const char *path, size_t n) {
  char buf[512];
  if (n == 0 || n >= sizeof buf)
    return false;
  memcpy(buf, path, n);
  buf[n] = '\0';
  return ind_cache_key_add_file(k, "option-file", buf);
}

/* --codegen=KEY=VALUE,...: the tuning cache's contents go into the key (passes/codegen/register.c). */
static bool codegen_cacheable(const char *value, IndCacheKey *k) {
  static const char item[] = "tuning-cache=";
  for (const char *p = value; *p;) {
    size_t n = strcspn(p, ",");
    if (n > sizeof item - 1 && has_prefix(p, item) && !add_named_file(k, p + sizeof item - 1, n - (sizeof item - 1)))
      return false;
    p += n + (p[n] == ',');
  }
  return true;
}

/* One pipeline element `name{opts}`: a project pass whose string options name no file but `cache`
 * (keyed), or a pure upstream pass. The options are read by the pass registry's own parser (an element
 * it rejects fails the run: not cached); every non-plain string option of the project's passes
 * defaults to "", so a non-empty one is one the command line set. */
static bool element_cacheable(const char *name, size_t nl, const char *opts, size_t olen, IndCacheKey *k) {
  const IndPassDef *def = ind_pass_lookup(name, nl);
  if (!def)
    return in_list(PURE_UPSTREAM_PASSES, name, nl);
  IndPassOptions parsed;
  char err[256];
  if (!ind_pass_options_parse(def, opts, olen, &parsed, err, sizeof err))
    return false;
  for (int i = 0; i < parsed.n; ++i) {
    const IndPassOptionDef *o = &def->options[i];
    const char *v = parsed.v[i].s;
    if (o->kind != IND_OPT_STRING || !v[0] || in_list(PLAIN_STRING_OPTIONS, o->name, strlen(o->name)))
      continue;
    if (strcmp(o->name, "cache") != 0 || !add_named_file(k, v, strlen(v)))
      return false;
  }
  return true;
}

/* --pass-pipeline=TEXT: every element cacheable. Op anchors (`builtin.module(`, `func.func(`) only
 * nest elements. Anything the scan does not understand turns the cache off. */
static bool pipeline_cacheable(const char *p, IndCacheKey *k) {
  ind_register_all(); /* the project pass table (plain C, no MLIR) */
  while (*p) {
    if (strchr(" \t\n,()", *p)) {
      ++p;
      continue;
    }
    const char *name = p, *opts = NULL;
    p += strcspn(p, " \t\n,(){}");
    size_t nl = (size_t)(p - name), olen = 0;
    if (*p == '{') {
      opts = ++p;
      for (int depth = 1; depth; ++p) {
        if (!*p)
          return false;
        depth += *p == '{' ? 1 : *p == '}' ? -1 : 0;
      }
      olen = (size_t)(p - 1 - opts);
    }
    if (*p == '(' && nl && !opts) {
      ++p;
      continue;
    }
    if (!nl || !element_cacheable(name, nl, opts, olen, k))
      return false;
  }
  return true;
}

/* Adds one argument to the key; false when its run must not be cached. */
static bool arg_cacheable(const char *a, IndCacheKey *k, bool *emit_ptx) {
  ind_cache_key_add_str(k, "arg", a);
  for (const char *const *f = UNCACHED_FLAGS; *f; ++f)
    if (strcmp(a, *f) == 0)
      return false;
  for (const char *const *f = UNCACHED_PREFIXES; *f; ++f)
    if (has_prefix(a, *f))
      return false;
  const char *eq = strchr(a, '=');
  if (eq && names_side_effect_option(eq + 1))
    return false;
  if (strcmp(a, "--emit=ptx") == 0)
    *emit_ptx = true;
  if (has_prefix(a, "--codegen="))
    return codegen_cacheable(eq + 1, k);
  if (has_prefix(a, "--pass-pipeline="))
    return pipeline_cacheable(eq + 1, k);
  return true;
}

/* The folder, input and output of the command line, as parse_args (opt_driver.c) reads them. False
 * when the run is not cached (no folder, --no-cache, or arguments parse_args will reject). */
static bool find_paths(int argc, char **argv, const char **dir, const char **input, const char **output) {
  const char *env = getenv(IND_OPT_CACHE_ENV);
  bool off = false;
  *dir = env && env[0] ? env : NULL;
  *input = NULL;
  *output = "-";
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "-o") && i + 1 < argc)
      *output = argv[++i];
    else if (!strcmp(a, "-o"))
      return false;
    else if (has_prefix(a, "-o") && a[2])
      *output = a + 2;
    else if (has_prefix(a, IND_OPT_CACHE_DIR_FLAG))
      *dir = a[strlen(IND_OPT_CACHE_DIR_FLAG)] ? a + strlen(IND_OPT_CACHE_DIR_FLAG) : NULL;
    else if (!strcmp(a, IND_OPT_NO_CACHE_FLAG))
      off = true;
    else if (!strcmp(a, "-") || a[0] != '-') {
      if (*input)
        return false;
      *input = a;
    }
  }
  if (!*input)
    *input = "-";
  return *dir && !off;
}

/* The key of a cacheable command line (everything but the input); false when it is not cacheable. */
static bool command_key(int argc, char **argv, IndCacheKey *k) {
  const char *logs = getenv("IND_LOGS");
  if ((logs && logs[0]) || !ind_cache_key_add_build(k))
    return false;
  bool emit_ptx = false;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "-o"))
      ++i; /* and its file */
    else if (has_prefix(a, "-o") || ind_opt_cache_flag(a) || !strcmp(a, "-") || a[0] != '-')
      continue; /* -oFILE, the cache's flags, the input */
    else if (!arg_cacheable(a, k, &emit_ptx))
      return false;
  }
  const char *checked = getenv(IND_CHECKED_ENV); /* sched-to-kernel's default level (ind/checked.h) */
  ind_cache_key_add_str(k, "checked-env", checked ? checked : "");
  char libdevice[512];
  if (emit_ptx && ind_ptx_libdevice_path(libdevice, sizeof libdevice))
    ind_cache_key_add_file_identity(k, "libdevice", libdevice);
  else
    ind_cache_key_add_str(k, "libdevice", emit_ptx ? "none" : "unused");
  return true;
}

bool ind_opt_cache_answer(int argc, char **argv, IndOptCache *c, int *status) {
  memset(c, 0, sizeof *c);
  const char *dir, *input, *output;
  IndCacheKey k;
  ind_cache_key_init(&k);
  if (!find_paths(argc, argv, &dir, &input, &output) || !command_key(argc, argv, &k))
    return false;
  char err[1024];
  c->src = ind_read_file(input, &c->len, err, sizeof err);
  if (!c->src) {
    if (strcmp(input, "-") != 0)
      return false;                       /* the compile reads it again and reports the error */
    ind_diag_tool_error(TOOL, "%s", err); /* stdin cannot be read twice */
    *status = 1;
    return true;
  }
  ind_cache_key_add(&k, "input", c->src, c->len);
  ind_cache_key_finish(&k, c->key);
  c->dir = dir;
  size_t len;
  char *hit = ind_cache_lookup(dir, c->key, &len);
  if (!hit)
    return false;
  *status = 0;
  if (!ind_write_file(output, hit, len, err, sizeof err)) {
    ind_diag_tool_error(TOOL, "%s", err);
    *status = 1;
  }
  free(hit);
  ind_opt_cache_free(c);
  return true;
}

void ind_opt_cache_store(const IndOptCache *c, const char *data, size_t len) {
  if (c->dir)
    ind_cache_store(c->dir, c->key, data, len);
}

void ind_opt_cache_free(IndOptCache *c) {
  free(c->src);
  c->src = NULL;
  c->dir = NULL;
}
