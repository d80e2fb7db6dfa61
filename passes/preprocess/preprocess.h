/* preprocess.h - the passes of the preprocess stage (graph -> graph), one per file in this folder;
 * registered by register.c. docs/passes/preprocess.md describes each and the stage's order. */
#ifndef IND_PASSES_PREPROCESS_PREPROCESS_H
#define IND_PASSES_PREPROCESS_PREPROCESS_H

#include "lib/pass_registry.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const IndPassDef graph_infer_shapes_pass;         /* infer_shapes.c */
extern const IndPassDef graph_decompose_pass;            /* decompose.c */
extern const IndPassDef graph_view_to_reshape_pass;      /* view_to_reshape.c */
extern const IndPassDef graph_dce_pass;                  /* dce.c */
extern const IndPassDef graph_reorder_for_locality_pass; /* reorder_for_locality.c */
extern const IndPassDef graph_remove_noops_pass;         /* remove_noops.c */
extern const IndPassDef graph_rewrite_pass;              /* rewrite.c */
extern const IndPassDef graph_cse_pass;                  /* cse.c */

#ifdef __cplusplus
}
#endif

#endif
