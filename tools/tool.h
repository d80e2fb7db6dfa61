/* tool.h - the start and the end that every ind tool shares: read the input file, create the
 * context with ind's dialects, route diagnostics through one engine; then tear it all down. */
#ifndef IND_TOOLS_TOOL_H
#define IND_TOOLS_TOOL_H

#include "dialects/dialects.h"
#include "lib/diag.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IndToolSession {
  const char *tool; /* "ind-opt", for messages */
  char *src;        /* the input, NUL-terminated */
  size_t len;
  IndContext ic;
  IndDiagEngine diag; /* attached to ic.ctx; the session must not move while open */
} IndToolSession;

/* Reads `path` ("-" = stdin) and creates the context. On failure reports the error itself and
 * returns false with nothing left to close. */
bool ind_tool_open(IndToolSession *s, const char *tool, const char *path, bool verify_diagnostics);
/* The same over an input already read: takes `src` (a NUL-terminated heap buffer of len bytes, freed
 * by ind_tool_close or on failure); `path` only names it in diagnostics. */
bool ind_tool_open_text(IndToolSession *s, const char *tool, const char *path, char *src, size_t len,
                        bool verify_diagnostics);
void ind_tool_close(IndToolSession *s);
/* From now on the sessions of this process share one context, made by the first and never destroyed: a
 * resident compiler's (tools/opt_server.h) requests skip the context's set-up (dialects, IRDL: ~13 ms). */
void ind_tool_keep_context(void);

#ifdef __cplusplus
}
#endif

#endif
