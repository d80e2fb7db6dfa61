/* pass_registry.h - ind's own pass registry.
 *
 * MLIR's C API cannot register a pass under a textual name, so ind keeps its own table:
 * each project pass is an IndPassDef (argument, description, options, run function). The
 * pipeline parser (pipeline.h) looks names up here first and hands everything else to MLIR.
 * Passes anchor on builtin.module; a pass reports failure by emitting a diagnostic and
 * returning mlirLogicalResultFailure() from `run`. */
#ifndef IND_LIB_PASS_REGISTRY_H
#define IND_LIB_PASS_REGISTRY_H

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* IND_OPT_ENUM: a string from a fixed list, read with ind_opt_string. Its default_value is the list,
 * '|'-separated, the first entry the default ("full|ieee"); any other value is refused when the pipeline
 * is parsed, with the list in the message. */
typedef enum IndOptKind { IND_OPT_INT, IND_OPT_FLOAT, IND_OPT_BOOL, IND_OPT_STRING, IND_OPT_ENUM } IndOptKind;

/* One option of a pass: `name=value` inside the pass's `{...}` in a pipeline. */
typedef struct IndPassOptionDef {
  const char *name;
  IndOptKind kind;
  const char *default_value; /* textual, parsed like a user-given value (IND_OPT_ENUM: the choices) */
  const char *help;
} IndPassOptionDef;

#define IND_MAX_PASS_OPTIONS 32

/* The parsed option values of one pass instance. */
typedef struct IndPassOptions {
  const struct IndPassDef *def;
  int n;
  struct {
    int64_t i;
    double f;
    bool b;
    char s[128];
  } v[IND_MAX_PASS_OPTIONS];
} IndPassOptions;

typedef MlirLogicalResult (*IndPassRunFn)(MlirOperation module, const IndPassOptions *opts);

typedef struct IndPassDef {
  const char *argument;            /* kebab-case pipeline name, e.g. "graph-infer-shapes" */
  const char *description;         /* one line for --list-passes */
  const IndPassOptionDef *options; /* terminated by an entry with name == NULL; may be NULL */
  IndPassRunFn run;
} IndPassDef;

/* Registers a pass (the definition must outlive the registry: use a static). */
void ind_pass_register(const IndPassDef *def);
const IndPassDef *ind_pass_lookup(const char *argument, size_t len);
int ind_pass_count(void);
const IndPassDef *ind_pass_at(int i);

/* Option accessors. The name must be one of the pass's options: reading one it does not declare is
 * a hard error in every build (the read returns 0 / false / "", and the pass fails after its run
 * with "internal error: pass 'P' reads option 'N', which it does not declare" at the module). */
int64_t ind_opt_int(const IndPassOptions *o, const char *name);
double ind_opt_float(const IndPassOptions *o, const char *name);
bool ind_opt_bool(const IndPassOptions *o, const char *name);
const char *ind_opt_string(const IndPassOptions *o, const char *name);

/* What a value of option `d` is, for --list-passes and messages: "integer", "number", "boolean",
 * "string", or an enum's choices ("full|ieee"). */
const char *ind_opt_kind_name(const IndPassOptionDef *d);
/* The text of `d`'s default value, *len bytes long (not NUL-terminated for an enum: its first choice). */
const char *ind_opt_default_text(const IndPassOptionDef *d, size_t *len);

/* The first undeclared option read since the last clear (NULL if none), and its reset; pass runs
 * clear it before and report it after, so only code that reads options outside a pass run needs
 * these. Per thread. */
const char *ind_pass_option_error(void);
void ind_pass_option_error_clear(void);

/* Fills `out` with the defaults, then applies the `k=v k2=v2` text (may be NULL/empty).
 * On a bad option writes a message into err and returns false. */
bool ind_pass_options_parse(const IndPassDef *def, const char *text, size_t len, IndPassOptions *out, char *err,
                            size_t errlen);

/* Creates an owned MlirPass running `def` with `opts` (copied). */
MlirPass ind_pass_create(const IndPassDef *def, const IndPassOptions *opts);

#ifdef __cplusplus
}
#endif

#endif
