/* dialects.h - loading ind's four IRDL dialects (graph, ind, sched, kernel) into a context.
 *
 * The IRDL definitions (dialects/<name>/<name>.irdl.mlir) are embedded in the binary at build time
 * (cmake/embed.cmake), so nothing is looked up on disk at run time. */
#ifndef IND_DIALECTS_DIALECTS_H
#define IND_DIALECTS_DIALECTS_H

#include <mlir-c/IR.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An MLIR context with every upstream dialect registered and ind's dialects loaded. */
typedef struct IndContext {
  MlirContext ctx;
  MlirModule irdl[4]; /* the parsed IRDL modules, kept alive with the context */
} IndContext;

/* Creates the context. Returns false (after emitting a diagnostic) if an IRDL definition fails to
 * load, which only a broken build can cause. */
bool ind_context_create(IndContext *c);
void ind_context_destroy(IndContext *c);

#ifdef __cplusplus
}
#endif

#endif
