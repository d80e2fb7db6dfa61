/* register.c - registers the passes and the stage of passes/preprocess/ (called by ind_register_all). */
#include "lib/pass_registry.h"
#include "lib/pipeline.h"
#include "passes/preprocess/preprocess.h"

void ind_register_preprocess_passes(void);

void ind_register_preprocess_passes(void) { ind_pass_register(&graph_infer_shapes_pass); }
