/* diag.h - the tools' diagnostic handler and mlir-opt-style --verify-diagnostics.
 *
 * Every diagnostic MLIR emits (parser, verifier, passes) goes through one handler. In normal mode it
 * is printed at once as `file:line:col: error: message` (notes follow). In verify mode it is
 * recorded and later matched against `// expected-error {{...}}` comments of the source, with the
 * same syntax as mlir-opt: `expected-(error|warning|note|remark)`, optional `@+N`, `@-N`, `@above`,
 * `@below`, and a `{{substring}}` of the message. */
#ifndef IND_LIB_DIAG_H
#define IND_LIB_DIAG_H

#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct IndDiagRecord {
  MlirDiagnosticSeverity severity;
  int line, col; /* 0 when unknown */
  char *message;
} IndDiagRecord;

typedef struct IndDiagEngine {
  const char *display_name; /* file name shown for locations the parser named "-" */
  bool verify;              /* record instead of printing */
  FILE *out;                /* where printed diagnostics go (stderr) */
  IndDiagRecord *records;
  int nrecords, cap;
  int nerrors;   /* errors seen (printed or recorded); ind_diag_reset clears it */
  int nreported; /* diagnostics of any severity seen since attach (ind_diag_reset keeps it): 0 after
                    a run means it printed nothing to stderr through this engine */
  MlirDiagnosticHandlerID id;
  MlirContext ctx;
} IndDiagEngine;

void ind_diag_attach(IndDiagEngine *e, MlirContext ctx, const char *display_name, bool verify);
void ind_diag_detach(IndDiagEngine *e);
/* Drops recorded diagnostics and the error count (between split-input-file chunks). */
void ind_diag_reset(IndDiagEngine *e);
/* The innermost file:line:col of a location (through name, call-site and fused locations), as diagnostics
 * print it; false when it has none. */
bool ind_location_file_line_col(MlirLocation loc, MlirStringRef *file, int *line, int *col);
/* Reports a tool-level error not tied to an MLIR location (e.g. "cannot open file"). */
void ind_diag_tool_error(const char *tool, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Matches recorded diagnostics against the expected-* comments in src[0..len) (a buffer whose line
 * numbers are those of the original file). Prints each mismatch to stderr; true when all match. */
bool ind_diag_verify(IndDiagEngine *e, const char *src, size_t len);

/* True when the comma-separated IND_LOGS environment variable names `what` ("fusion", "ir_pre_fusion",
 * ...), like TORCH_LOGS: the one reader of IND_LOGS for every layer (the lowering's split decisions, the
 * decomposition's addmm decisions and the scheduler's fusion log all print under "fusion"). */
bool ind_logs_enabled(const char *what);

#ifdef __cplusplus
}
#endif

#endif
