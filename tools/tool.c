/* tool.c - see tool.h. */
#include "tools/tool.h"

#include "lib/io.h"

#include <stdlib.h>
#include <string.h>

bool ind_tool_open(IndToolSession *s, const char *tool, const char *path, bool verify_diagnostics) {
  char err[1024];
  size_t len = 0;
  char *src = ind_read_file(path, &len, err, sizeof err);
  if (!src) {
    memset(s, 0, sizeof *s);
    ind_diag_tool_error(tool, "%s", err);
    return false;
  }
  return ind_tool_open_text(s, tool, path, src, len, verify_diagnostics);
}

/* The context every session takes while kept (ind_tool_keep_context), made by the first of them. */
static IndContext kept;
static bool keeping;

void ind_tool_keep_context(void) { keeping = true; }

bool ind_tool_open_text(IndToolSession *s, const char *tool, const char *path, char *src, size_t len,
                        bool verify_diagnostics) {
  memset(s, 0, sizeof *s);
  s->tool = tool;
  s->src = src;
  s->len = len;
  if (keeping && kept.ctx.ptr) {
    s->ic = kept;
  } else if (ind_context_create(&s->ic)) {
    if (keeping)
      kept = s->ic;
  } else {
    ind_diag_tool_error(tool, "internal error: the embedded dialect definitions failed to load");
    ind_context_destroy(&s->ic);
    free(s->src);
    s->src = NULL;
    return false;
  }
  ind_diag_attach(&s->diag, s->ic.ctx, strcmp(path, "-") ? path : "<stdin>", verify_diagnostics);
  return true;
}

void ind_tool_close(IndToolSession *s) {
  ind_diag_detach(&s->diag);
  if (!keeping)
    ind_context_destroy(&s->ic);
  free(s->src);
  s->src = NULL;
}
