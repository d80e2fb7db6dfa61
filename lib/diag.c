/* diag.c - diagnostic printing and --verify-diagnostics; see diag.h. */
#include "lib/diag.h"

#include "lib/ir.h"
#include "lib/vec.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *severity_name(MlirDiagnosticSeverity s) {
  switch (s) {
  case MlirDiagnosticError:
    return "error";
  case MlirDiagnosticWarning:
    return "warning";
  case MlirDiagnosticNote:
    return "note";
  case MlirDiagnosticRemark:
    return "remark";
  }
  return "error";
}

bool ind_location_file_line_col(MlirLocation loc, MlirStringRef *file, int *line, int *col) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    *file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    *line = mlirLocationFileLineColRangeGetStartLine(loc);
    *col = mlirLocationFileLineColRangeGetStartColumn(loc);
    return true;
  }
  if (mlirLocationIsAName(loc))
    return ind_location_file_line_col(mlirLocationNameGetChildLoc(loc), file, line, col);
  if (mlirLocationIsACallSite(loc))
    return ind_location_file_line_col(mlirLocationCallSiteGetCaller(loc), file, line, col);
  if (mlirLocationIsAFused(loc)) {
    intptr_t n = mlirLocationFusedGetNumLocations(loc);
    if (n <= 0)
      return false;
    MlirLocation *locs = malloc(sizeof *locs * (size_t)n);
    if (!locs)
      abort();
    mlirLocationFusedGetLocations(loc, locs);
    bool ok = false;
    for (intptr_t i = 0; i < n && !ok; ++i)
      ok = ind_location_file_line_col(locs[i], file, line, col);
    free(locs);
    return ok;
  }
  return false;
}

static void print_one(IndDiagEngine *e, MlirDiagnostic d) {
  MlirStringRef file;
  int line = 0, col = 0;
  IndStrBuf msg = {0};
  mlirDiagnosticPrint(d, ind_strbuf_callback, &msg);
  if (ind_location_file_line_col(mlirDiagnosticGetLocation(d), &file, &line, &col)) {
    bool ours = file.length == 0 || ind_sref_eq(file, "-");
    int fl = ours ? (int)strlen(e->display_name) : (int)file.length;
    const char *fn = ours ? e->display_name : file.data;
    if (line > 0) /* the implicit top-level module sits at 0:0: show only the file */
      fprintf(e->out, "%.*s:%d:%d: ", fl, fn, line, col);
    else
      fprintf(e->out, "%.*s: ", fl, fn);
  } else {
    fprintf(e->out, "%s: ", e->display_name);
  }
  fprintf(e->out, "%s: %s\n", severity_name(mlirDiagnosticGetSeverity(d)), msg.data ? msg.data : "");
  ind_strbuf_free(&msg);
  for (intptr_t i = 0, n = mlirDiagnosticGetNumNotes(d); i < n; ++i)
    print_one(e, mlirDiagnosticGetNote(d, i));
}

static void record_one(IndDiagEngine *e, MlirDiagnostic d) {
  IND_VEC_RESERVE(e->records, e->cap, e->nrecords + 1);
  IndStrBuf msg = {0};
  mlirDiagnosticPrint(d, ind_strbuf_callback, &msg);
  /* The verifier's "see current operation" note is context for humans, as in mlir-opt, whose
   * --verify-diagnostics turns it off; the C API cannot, so it is dropped here. */
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticNote && msg.data &&
      strncmp(msg.data, "see current operation", 21) == 0) {
    ind_strbuf_free(&msg);
    return;
  }
  IndDiagRecord *r = &e->records[e->nrecords++];
  MlirStringRef file;
  r->severity = mlirDiagnosticGetSeverity(d);
  r->line = r->col = 0;
  ind_location_file_line_col(mlirDiagnosticGetLocation(d), &file, &r->line, &r->col);
  r->message = msg.data ? msg.data : calloc(1, 1);
  for (intptr_t i = 0, n = mlirDiagnosticGetNumNotes(d); i < n; ++i)
    record_one(e, mlirDiagnosticGetNote(d, i));
}

static MlirLogicalResult handler(MlirDiagnostic d, void *user) {
  IndDiagEngine *e = user;
  ++e->nreported;
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError)
    ++e->nerrors;
  if (e->verify)
    record_one(e, d);
  else
    print_one(e, d);
  return mlirLogicalResultSuccess();
}

void ind_diag_attach(IndDiagEngine *e, MlirContext ctx, const char *display_name, bool verify) {
  memset(e, 0, sizeof *e);
  e->display_name = display_name;
  e->verify = verify;
  e->out = stderr;
  e->ctx = ctx;
  e->id = mlirContextAttachDiagnosticHandler(ctx, handler, e, NULL);
}

void ind_diag_reset(IndDiagEngine *e) {
  for (int i = 0; i < e->nrecords; ++i)
    free(e->records[i].message);
  e->nrecords = 0;
  e->nerrors = 0;
}

void ind_diag_detach(IndDiagEngine *e) {
  mlirContextDetachDiagnosticHandler(e->ctx, e->id);
  ind_diag_reset(e);
  free(e->records);
  e->records = NULL;
  e->cap = 0;
}

void ind_diag_tool_error(const char *tool, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s: error: ", tool);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

/* --- verify-diagnostics */

typedef struct Expected {
  MlirDiagnosticSeverity severity;
  int line;        /* line the diagnostic must be on */
  int source_line; /* line of the comment itself, for messages */
  char text[512];
  bool matched;
} Expected;

static int parse_severity(const char *s, size_t *len, MlirDiagnosticSeverity *sev) {
  static const struct {
    const char *name;
    MlirDiagnosticSeverity sev;
  } kinds[] = {{"error", MlirDiagnosticError},
               {"warning", MlirDiagnosticWarning},
               {"note", MlirDiagnosticNote},
               {"remark", MlirDiagnosticRemark}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i) {
    size_t n = strlen(kinds[i].name);
    if (strncmp(s, kinds[i].name, n) == 0) {
      *len = n;
      *sev = kinds[i].sev;
      return 1;
    }
  }
  return 0;
}

/* Returns the line following `line` that is not itself only an expected-* comment ("@below"). */
static int next_code_line(const char **lines, int nlines, int line) {
  for (int l = line + 1; l <= nlines; ++l)
    if (!strstr(lines[l - 1], "expected-"))
      return l;
  return nlines;
}

static int prev_code_line(const char **lines, int line) {
  for (int l = line - 1; l >= 1; --l)
    if (!strstr(lines[l - 1], "expected-"))
      return l;
  return 1;
}

bool ind_diag_verify(IndDiagEngine *e, const char *src, size_t len) {
  /* Split into lines (copies, NUL-terminated). */
  int nlines = 0, cap = 64;
  const char **lines = malloc(sizeof *lines * (size_t)cap);
  char *copy = malloc(len + 1);
  if (!lines || !copy)
    abort();
  memcpy(copy, src, len);
  copy[len] = '\0';
  for (char *p = copy; p && *p;) {
    IND_VEC_PUSH(lines, nlines, cap, p);
    char *nl = strchr(p, '\n');
    if (nl) {
      *nl = '\0';
      p = nl + 1;
    } else
      p = NULL;
  }
  Expected *exp = NULL;
  int nexp = 0, expcap = 0;
  bool ok = true;
  for (int l = 1; l <= nlines; ++l) {
    const char *p = lines[l - 1];
    while ((p = strstr(p, "expected-")) != NULL) {
      p += strlen("expected-");
      size_t sl;
      MlirDiagnosticSeverity sev;
      if (!parse_severity(p, &sl, &sev))
        continue;
      p += sl;
      int target = l;
      while (*p == ' ')
        ++p;
      if (*p == '@') {
        ++p;
        if (strncmp(p, "above", 5) == 0) {
          target = prev_code_line(lines, l);
          p += 5;
        } else if (strncmp(p, "below", 5) == 0) {
          target = next_code_line(lines, nlines, l);
          p += 5;
        } else if (*p == '+' || *p == '-') {
          char *end;
          long off = strtol(p, &end, 10);
          target = l + (int)off;
          p = end;
        }
      }
      while (*p == ' ')
        ++p;
      const char *open = strncmp(p, "{{", 2) == 0 ? p + 2 : NULL;
      const char *close = open ? strstr(open, "}}") : NULL;
      if (!open || !close) {
        fprintf(stderr, "%s:%d: error: malformed expected-%s comment (expected '{{message}}')\n", e->display_name, l,
                severity_name(sev));
        ok = false;
        continue;
      }
      IND_VEC_RESERVE(exp, expcap, nexp + 1);
      Expected *x = &exp[nexp++];
      memset(x, 0, sizeof *x);
      x->severity = sev;
      x->line = target;
      x->source_line = l;
      size_t tl = (size_t)(close - open);
      if (tl >= sizeof x->text)
        tl = sizeof x->text - 1;
      memcpy(x->text, open, tl);
      p = close + 2;
    }
  }
  for (int i = 0; i < e->nrecords; ++i) {
    IndDiagRecord *r = &e->records[i];
    bool found = false;
    for (int j = 0; j < nexp && !found; ++j) {
      Expected *x = &exp[j];
      if (!x->matched && x->severity == r->severity && x->line == r->line && strstr(r->message, x->text)) {
        x->matched = true;
        found = true;
      }
    }
    if (!found) {
      fprintf(stderr, "%s:%d:%d: error: unexpected %s: %s\n", e->display_name, r->line, r->col,
              severity_name(r->severity), r->message);
      ok = false;
    }
  }
  for (int j = 0; j < nexp; ++j)
    if (!exp[j].matched) {
      fprintf(stderr, "%s:%d: error: expected %s \"%s\" was not produced\n", e->display_name, exp[j].source_line,
              severity_name(exp[j].severity), exp[j].text);
      ok = false;
    }
  free(exp);
  free(lines);
  free(copy);
  return ok;
}

bool ind_logs_enabled(const char *what) {
  const char *v = getenv("IND_LOGS");
  if (!v)
    return false;
  size_t n = strlen(what);
  for (const char *p = v; (p = strstr(p, what)); p += n)
    if ((p == v || p[-1] == ',' || p[-1] == '+') && (p[n] == 0 || p[n] == ','))
      return true;
  return false;
}
