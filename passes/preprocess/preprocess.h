/* preprocess.h - the passes of the preprocess stage (graph -> graph), one per file in this folder;
 * registered by register.c. docs/passes/preprocess.md describes each. */
#ifndef IND_PASSES_PREPROCESS_PREPROCESS_H
#define IND_PASSES_PREPROCESS_PREPROCESS_H

#include "lib/pass_registry.h"

extern const IndPassDef graph_infer_shapes_pass;

#endif
