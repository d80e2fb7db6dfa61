/* opt_driver.c - ind-opt: the project's mlir-opt.
 *
 * Reads one .mlir file (or stdin), optionally splits it at `// -----` lines, and for each piece:
 * parses and verifies it, runs the requested stages (--preprocess --lower --fuse --codegen) and/or a
 * --pass-pipeline, then prints the result in generic form (or through an --emit=NAME emitter).
 * Output is written only when every piece succeeded. Exit status: 0 on success, 1 on any error.
 * With --cache-dir=DIR (or $IND_CACHE_DIR) a repeated compile is answered from DIR before anything else
 * starts, and a clean run stores its output there (tools/opt_cache.h, docs/tools/compile-cache.md).
 * --serve=SOCKET makes it a resident compile server, --server=SOCKET (or $IND_OPT_SERVER) a client of one
 * (tools/opt_server.h, docs/tools/compile-server.md). */
#include "tools/opt_driver.h"

#include "dialects/dialects.h"
#include "lib/diag.h"
#include "lib/io.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "lib/pipeline.h"
#include "libind/register_all.h"
#include "passes/fuse/report.h"
#include "passes/fuse/strategy.h"
#include "tools/opt_cache.h"
#include "tools/opt_server.h"
#include "tools/startup.h"
#include "tools/tool.h"

#include <mlir-c/Pass.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *TOOL = "ind-opt";

typedef struct OptConfig {
  const char *input;
  const char *output;
  const char *pipeline; /* --pass-pipeline text, or NULL */
  const char *emit;     /* --emit=NAME, NULL for MLIR text */
  IndStageRequest stages;
  bool split_input;
  bool verify_diagnostics;
  bool print_ir_after_all;
  bool timing;
  bool print_debuginfo;
} OptConfig;

static void print_help(FILE *f) {
  fprintf(f, "OVERVIEW: ind-opt - runs ind's passes (graph -> ind -> sched -> kernel) on an MLIR file\n\n"
             "USAGE: ind-opt [options] [input.mlir|-]\n\n"
             "OPTIONS:\n"
             "  -o FILE                    write the output to FILE (default: stdout)\n"
             "  --pass-pipeline=TEXT       run TEXT, e.g. 'builtin.module(graph-dce,canonicalize)'\n");
  for (int o = 0; o < IND_NUM_STAGES; ++o) {
    const IndStageDef *s = ind_stage_at_order(o);
    if (!s)
      continue;
    char flag[64];
    snprintf(flag, sizeof flag, "--%s%s%s%s", s->flag, s->value_help ? "[=" : "", s->value_help ? s->value_help : "",
             s->value_help ? "]" : "");
    fprintf(f, "  %-26s %s\n", flag, s->help);
  }
  fprintf(f, "  --emit=mlir");
  for (int i = 0; i < ind_emitter_count(); ++i)
    fprintf(f, "|%s", ind_emitter_at(i)->name);
  fprintf(f, "%*swhat to write (default: mlir)\n", 16, "");
  fprintf(f, "  --split-input-file         process each '// -----' piece separately\n"
             "  --verify-diagnostics       check diagnostics against expected-* comments\n"
             "  --print-ir-after-all       print the IR after each pass (stderr)\n"
             "  --fusion-report[=DIR]      compare the fusion strategies on the input (a table; with DIR,\n"
             "                             a DOT picture per strategy and function, SVG too when `dot` exists)\n"
             "  --load-pass-plugin=LIB.so  load a plugin registering passes and fusion strategies\n"
             "                             (include/ind/fusion.h); may be repeated; give it first\n"
             "  --mlir-timing              report the time of each pass (stderr)\n"
             "  --mlir-print-debuginfo     print locations in the output\n"
             "  --cache-dir=DIR            answer a repeated compile from DIR, a cache of outputs keyed by the\n"
             "                             input, the options and ind's build (default: $IND_CACHE_DIR)\n"
             "  --no-cache                 neither read nor write a cache (overrides $IND_CACHE_DIR)\n"
             "  --serve=SOCKET             be a compile server: start once, then compile the requests of clients\n"
             "                             in warm worker processes (docs/tools/compile-server.md)\n"
             "  --serve-idle=SECONDS       with --serve: stop after SECONDS without a request (default: never)\n"
             "  --serve-workers=N          with --serve: compile up to N requests at once (default 4); more\n"
             "                             compile in their own process\n"
             "  --serve-recycle=N          with --serve: a worker serves N requests, then a fresh one takes\n"
             "                             over (default 256)\n"
             "  --server=SOCKET            compile through the server at SOCKET (default: $IND_OPT_SERVER);\n"
             "                             compiles here, with a note, when none answers there\n"
             "  --no-server                compile here (overrides $IND_OPT_SERVER)\n"
             "  --list-passes              list the project's passes and their options\n"
             "  --help                     this text\n");
}

static void list_passes(FILE *f) {
  fprintf(f, "Passes (use in --pass-pipeline='builtin.module(NAME{opt=value ...})'):\n");
  for (int i = 0; i < ind_pass_count(); ++i) {
    const IndPassDef *d = ind_pass_at(i);
    fprintf(f, "  %s\n      %s\n", d->argument, d->description);
    if (d->options)
      for (int k = 0; d->options[k].name; ++k) {
        const IndPassOptionDef *o = &d->options[k];
        size_t n;
        const char *dv = ind_opt_default_text(o, &n);
        fprintf(f, "      %s=<%s> (default %.*s): %s\n", o->name, ind_opt_kind_name(o), n ? (int)n : 2, n ? dv : "\"\"",
                o->help);
      }
  }
  fprintf(f, "Fusion strategies (--fuse=NAME{opt=value ...}; the options are the pass's):\n");
  for (int i = 0; i < ind_fuse_strategy_count(); ++i) {
    const IndFuseStrategy *s = ind_fuse_strategy_at(i);
    fprintf(f, "  %s: %s%s%s\n", s->name, s->pass->argument, s->op_level ? " (op-level lowering)" : "",
            i == 0 ? " (default)" : "");
  }
  fprintf(f, "Stages:\n");
  for (int o = 0; o < IND_NUM_STAGES; ++o) {
    const IndStageDef *s = ind_stage_at_order(o);
    if (s)
      fprintf(f, "  --%s: %s\n", s->flag, s->help);
  }
  fprintf(f, "Upstream MLIR passes (canonicalize, cse, convert-*, ...) are accepted in pipelines too.\n");
}

/* Returns 0 on success, 1 on a usage error (already reported), 2 when the run should stop with 0. */
static int parse_args(int argc, char **argv, OptConfig *c) {
  memset(c, 0, sizeof *c);
  c->output = "-";
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "-o")) {
      if (++i >= argc) {
        ind_diag_tool_error(TOOL, "-o needs a file name");
        return 1;
      }
      c->output = argv[i];
    } else if (!strncmp(a, "-o", 2) && a[2]) {
      c->output = a + 2;
    } else if (!strncmp(a, "--pass-pipeline=", 16)) {
      c->pipeline = a + 16;
    } else if (!strcmp(a, IND_OPT_CACHE_DIR_FLAG)) {
      ind_diag_tool_error(TOOL, "%s needs a folder", IND_OPT_CACHE_DIR_FLAG);
      return 1;
    } else if (ind_opt_cache_flag(a)) {
      /* read by ind_opt_cache_answer before the arguments are parsed (ind_opt_main) */
    } else if (!strncmp(a, "--load-pass-plugin=", 19)) {
      /* loaded before the arguments are parsed (ind_opt_main) */
    } else if (!strncmp(a, IND_OPT_SERVE_IDLE_FLAG, strlen(IND_OPT_SERVE_IDLE_FLAG)) ||
               !strncmp(a, IND_OPT_SERVE_WORKERS_FLAG, strlen(IND_OPT_SERVE_WORKERS_FLAG)) ||
               !strncmp(a, IND_OPT_SERVE_RECYCLE_FLAG, strlen(IND_OPT_SERVE_RECYCLE_FLAG))) {
      ind_diag_tool_error(TOOL, "'%s' goes with --serve=SOCKET", a);
      return 1;
    } else if (ind_opt_server_flag(a)) {
      /* --server=, --no-server: read by ind_opt_early / ind_opt_main (tools/opt_server.h) */
    } else if (!strcmp(a, "--fusion-report") || !strncmp(a, "--fusion-report=", 16)) {
      c->emit = "fusion-report";
      ind_fusion_report_set_dir(a[15] == '=' ? a + 16 : NULL);
    } else if (!strncmp(a, "--emit=", 7)) {
      c->emit = a + 7;
    } else if (!strcmp(a, "--split-input-file")) {
      c->split_input = true;
    } else if (!strcmp(a, "--verify-diagnostics")) {
      c->verify_diagnostics = true;
    } else if (!strcmp(a, "--print-ir-after-all")) {
      c->print_ir_after_all = true;
    } else if (!strcmp(a, "--mlir-timing")) {
      c->timing = true;
    } else if (!strcmp(a, "--mlir-print-debuginfo")) {
      c->print_debuginfo = true;
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      print_help(stdout);
      return 2;
    } else if (!strcmp(a, "--list-passes")) {
      list_passes(stdout);
      return 2;
    } else if (!strcmp(a, "-") || a[0] != '-') {
      if (c->input) {
        ind_diag_tool_error(TOOL, "more than one input file ('%s' and '%s')", c->input, a);
        return 1;
      }
      c->input = a;
    } else {
      /* A stage flag: --NAME or --NAME=VALUE. */
      const char *name = a + (a[1] == '-' ? 2 : 1);
      const char *eq = strchr(name, '=');
      char flag[64];
      size_t n = eq ? (size_t)(eq - name) : strlen(name);
      const IndStageDef *s = NULL;
      if (n < sizeof flag) {
        memcpy(flag, name, n);
        flag[n] = '\0';
        s = ind_stage_lookup(flag);
      }
      if (!s) {
        ind_diag_tool_error(TOOL, "unknown option '%s' (see --help)", a);
        return 1;
      }
      if (eq && !s->value_help) {
        ind_diag_tool_error(TOOL, "option '--%s' takes no value", s->flag);
        return 1;
      }
      c->stages.value[s->order] = eq ? eq + 1 : "";
    }
  }
  if (!c->input)
    c->input = "-";
  if (c->emit && strcmp(c->emit, "mlir") != 0 && !ind_emitter_lookup(c->emit)) {
    ind_diag_tool_error(TOOL, "unknown --emit kind '%s' (see --help)", c->emit);
    return 1;
  }
  return 0;
}

/* Runs passes on one parsed module. Errors are reported through the diagnostic engine or printed. */
static bool run_passes(const OptConfig *c, MlirContext ctx, MlirModule m) {
  MlirOperation op = mlirModuleGetOperation(m);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ctx, ind_str("builtin.module"));
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  char err[1024] = "";
  bool ok = ind_stages_add(opm, op, &c->stages, err, sizeof err);
  if (ok && c->pipeline)
    ok = ind_pipeline_add(opm, c->pipeline, err, sizeof err);
  if (!ok) {
    ind_emit_error(op, "%s", err);
    mlirPassManagerDestroy(pm);
    return false;
  }
  if (c->timing)
    mlirPassManagerEnableTiming(pm);
  if (c->print_ir_after_all) {
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
    mlirPassManagerEnableIRPrinting(pm, false, true, true, false, false, flags, ind_str(""));
    mlirOpPrintingFlagsDestroy(flags);
  }
  MlirLogicalResult r = mlirPassManagerRunOnOp(pm, op);
  mlirPassManagerDestroy(pm);
  return mlirLogicalResultIsSuccess(r);
}

static bool emit(const OptConfig *c, MlirModule m, IndStrBuf *out) {
  MlirOperation op = mlirModuleGetOperation(m);
  if (c->emit && strcmp(c->emit, "mlir") != 0)
    return mlirLogicalResultIsSuccess(ind_emitter_lookup(c->emit)->emit(op, out));
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  if (c->print_debuginfo)
    mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  mlirOperationPrintWithFlags(op, flags, ind_strbuf_callback, out);
  mlirOpPrintingFlagsDestroy(flags);
  ind_strbuf_append(out, "\n", 1);
  return true;
}

/* Processes one piece: `text` is padded with newlines so that its line numbers are the file's. */
static bool process_piece(const OptConfig *c, IndContext *ic, IndDiagEngine *diag, const char *text, size_t len,
                          IndStrBuf *out) {
  MlirModule m = ind_parse_module(ic->ctx, text, len);
  bool ok = !mlirModuleIsNull(m);
  if (ok)
    ok = mlirOperationVerify(mlirModuleGetOperation(m));
  if (ok)
    ok = run_passes(c, ic->ctx, m);
  if (ok)
    ok = emit(c, m, out);
  if (!mlirModuleIsNull(m))
    mlirModuleDestroy(m);
  if (c->verify_diagnostics) {
    bool matched = ind_diag_verify(diag, text, len);
    ind_diag_reset(diag);
    return matched;
  }
  if (!ok && diag->nerrors == 0)
    ind_diag_tool_error(TOOL, "failed on '%s'", diag->display_name);
  return ok;
}

/* Finds the next `// -----` separator line at or after `from`; returns len when none. */
static size_t find_separator(const char *s, size_t len, size_t from, size_t *after) {
  for (size_t p = from; p < len;) {
    size_t e = p;
    while (e < len && s[e] != '\n')
      ++e;
    const char *l = s + p;
    size_t ll = e - p;
    while (ll && (*l == ' ' || *l == '\t'))
      ++l, --ll;
    if (ll >= 8 && strncmp(l, "// -----", 8) == 0) {
      *after = e < len ? e + 1 : e;
      return p;
    }
    p = e < len ? e + 1 : e;
  }
  *after = len;
  return len;
}

/* Runs every piece of the session's input and writes the output; true on success. A clean run (no
 * diagnostic at all) stores its output in the cache. */
static bool compile(const OptConfig *c, IndToolSession *t, const IndOptCache *cache) {
  const char *src = t->src;
  size_t len = t->len;
  IndStrBuf out = {0};
  bool ok = true;
  size_t start = 0, lines_before = 0;
  char *piece = malloc(len + 1);
  if (!piece)
    abort();
  for (;;) {
    size_t after, end = c->split_input ? find_separator(src, len, start, &after) : len;
    if (!c->split_input)
      after = len;
    /* Pad with the newlines of the pieces before, so that line numbers stay the file's. */
    size_t n = 0;
    for (size_t i = 0; i < lines_before; ++i)
      piece[n++] = '\n';
    memcpy(piece + n, src + start, end - start);
    n += end - start;
    piece[n] = '\0';
    if (!process_piece(c, &t->ic, &t->diag, piece, n, &out))
      ok = false;
    if (end >= len)
      break;
    if (c->split_input && !c->verify_diagnostics && (!c->emit || !strcmp(c->emit, "mlir")))
      ind_strbuf_append(&out, "// -----\n", 9);
    for (size_t i = start; i < after; ++i)
      if (src[i] == '\n')
        ++lines_before;
    start = after;
  }
  free(piece);
  char err[1024];
  if (ok && !ind_write_file(c->output, out.data ? out.data : "", out.len, err, sizeof err)) {
    ind_diag_tool_error(TOOL, "%s", err);
    ok = false;
  }
  if (ok && t->diag.nreported == 0)
    ind_opt_cache_store(cache, out.data ? out.data : "", out.len);
  ind_strbuf_free(&out);
  return ok;
}

/* What ind_opt_early found: a cache miss's key and input, for ind_opt_main. */
static IndOptCache early_cache;
static bool early_looked_up, early_ran;

/* The --serve=SOCKET argument, or NULL. */
static const char *serve_path(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (!strncmp(argv[i], IND_OPT_SERVE_FLAG, strlen(IND_OPT_SERVE_FLAG)))
      return argv[i] + strlen(IND_OPT_SERVE_FLAG);
  return NULL;
}

void ind_opt_early(int argc, char **argv) {
  early_ran = true;
  if (serve_path(argc, argv)) {
    ind_tool_startup();
    return;
  }
  for (int i = 1; i < argc; ++i)
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h") || !strcmp(argv[i], "--list-passes"))
      return;
  int status;
  /* A server first (it looks the cache up itself: the input may be stdin, which only one may read); then
   * the cache: an uncached run returns false at once, reading nothing (early_cache.dir stays NULL). */
  if (ind_opt_server_forward(argc, argv, &status) || ind_opt_cache_answer(argc, argv, &early_cache, &status)) {
    fflush(NULL);
    _exit(status); /* answered: nothing of LLVM or MLIR has started, nothing to tear down */
  }
  early_looked_up = true;
  ind_tool_startup();
}

/* The compile a server runs once before it forks its workers: a small softmax to PTX, so that every worker
 * finds LLVM's NVPTX back end set up and the kept context made. Its output goes to /dev/null; a failure (no
 * libdevice, say) is reported on the server's stderr and does not stop the server. */
static void warm_up(void) {
  static const char text[] =
      "func.func @warm(%x: tensor<4x64xf32>) -> tensor<4x64xf32> {\n"
      "  %m = \"graph.amax\"(%x) {dims = array<i64: -1>, keepdim = true} : (tensor<4x64xf32>) -> tensor<4x1xf32>\n"
      "  %d = \"graph.sub\"(%x, %m) : (tensor<4x64xf32>, tensor<4x1xf32>) -> tensor<4x64xf32>\n"
      "  %e = \"graph.exp\"(%d) : (tensor<4x64xf32>) -> tensor<4x64xf32>\n"
      "  %s = \"graph.sum\"(%e) {dims = array<i64: -1>, keepdim = true} : (tensor<4x64xf32>) -> tensor<4x1xf32>\n"
      "  %r = \"graph.div\"(%e, %s) : (tensor<4x64xf32>, tensor<4x1xf32>) -> tensor<4x64xf32>\n"
      "  return %r : tensor<4x64xf32>\n"
      "}\n";
  char *args[] = {"ind-opt", "--lower", "--fuse", "--codegen", "--emit=ptx", "-o", "/dev/null", "<warm-up>", NULL};
  OptConfig c;
  IndToolSession t;
  IndOptCache none;
  memset(&none, 0, sizeof none);
  char *src = malloc(sizeof text);
  if (!src)
    abort();
  memcpy(src, text, sizeof text);
  if (parse_args(8, args, &c) == 0 && ind_tool_open_text(&t, TOOL, c.input, src, sizeof text - 1, false)) {
    compile(&c, &t, &none);
    ind_tool_close(&t);
  }
}

/* The integer value of `flag` (a prefix of a) in [lo, hi] into *v; else a message and false. */
static bool int_flag(const char *a, const char *flag, long lo, long hi, const char *what, int *v) {
  char *end;
  const char *text = a + strlen(flag);
  long x = strtol(text, &end, 10);
  if (*end || end == text || x < lo || x > hi) {
    ind_diag_tool_error(TOOL, "%s needs %s (%ld to %ld), not '%s'", flag, what, lo, hi, text);
    return false;
  }
  *v = (int)x;
  return true;
}

/* ind-opt --serve=SOCKET [--serve-idle=SECONDS] [--serve-workers=N] [--serve-recycle=N] */
static int serve_main(int argc, char **argv, const char *path) {
  IndServeOptions o = {path, 0, 4, 256, ind_opt_main, warm_up};
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strncmp(a, IND_OPT_SERVE_IDLE_FLAG, strlen(IND_OPT_SERVE_IDLE_FLAG))) {
      if (!int_flag(a, IND_OPT_SERVE_IDLE_FLAG, 0, 1000000, "a number of seconds", &o.idle_s))
        return 1;
    } else if (!strncmp(a, IND_OPT_SERVE_WORKERS_FLAG, strlen(IND_OPT_SERVE_WORKERS_FLAG))) {
      if (!int_flag(a, IND_OPT_SERVE_WORKERS_FLAG, 1, 256, "a number of workers", &o.workers))
        return 1;
    } else if (!strncmp(a, IND_OPT_SERVE_RECYCLE_FLAG, strlen(IND_OPT_SERVE_RECYCLE_FLAG))) {
      if (!int_flag(a, IND_OPT_SERVE_RECYCLE_FLAG, 1, 1000000, "a number of requests", &o.recycle))
        return 1;
    } else if (strncmp(a, IND_OPT_SERVE_FLAG, strlen(IND_OPT_SERVE_FLAG)) != 0) {
      ind_diag_tool_error(TOOL, "--serve takes no other option ('%s'): each request brings its own", a);
      return 1;
    }
  }
  if (!*path) {
    ind_diag_tool_error(TOOL, "--serve needs a socket path");
    return 1;
  }
  ind_register_all();
  ind_tool_startup();
  ind_tool_keep_context(); /* made by the warm-up, inherited by every request's fork */
  early_looked_up = false; /* each request's child looks the cache up itself */
  return ind_opt_serve(&o);
}

int ind_opt_main(int argc, char **argv) {
  const char *serve = serve_path(argc, argv);
  if (serve)
    return serve_main(argc, argv, serve);
  /* A server, when the run names one and ind_opt_early did not already ask (a request's child never does:
   * its server ran ind_opt_early and unset $IND_OPT_SERVER). Then the cache: a hit is answered before
   * anything is registered or MLIR starts (before the static initialisers too when ind_opt_early ran). */
  IndOptCache cache;
  int status;
  if (!early_ran && ind_opt_server_forward(argc, argv, &status))
    return status;
  if (early_looked_up) {
    cache = early_cache;
    memset(&early_cache, 0, sizeof early_cache);
  } else if (ind_opt_cache_answer(argc, argv, &cache, &status)) {
    return status;
  }
  ind_register_all();
  /* Plugins first (as mlir-opt does), so that --help, --list-passes and --fuse=NAME see them. */
  for (int i = 1; i < argc; ++i)
    if (!strncmp(argv[i], "--load-pass-plugin=", 19)) {
      char err[1024];
      if (!ind_plugin_load(argv[i] + 19, err, sizeof err)) {
        ind_diag_tool_error(TOOL, "%s", err);
        ind_opt_cache_free(&cache);
        return 1;
      }
    }
  OptConfig c;
  int pr = parse_args(argc, argv, &c);
  if (pr) {
    ind_opt_cache_free(&cache);
    return pr == 2 ? 0 : 1;
  }
  ind_tool_startup(); /* now that it compiles; a no-op when ind_opt_early already ran it */
  IndToolSession t;
  bool opened = cache.src ? ind_tool_open_text(&t, TOOL, c.input, cache.src, cache.len, c.verify_diagnostics)
                          : ind_tool_open(&t, TOOL, c.input, c.verify_diagnostics);
  cache.src = NULL; /* the session owns it now */
  bool ok = opened && compile(&c, &t, &cache);
  if (opened)
    ind_tool_close(&t);
  ind_opt_cache_free(&cache);
  return ok ? 0 : 1;
}
