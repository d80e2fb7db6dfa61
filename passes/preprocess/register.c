/* register.c - registers the passes and the stage of passes/preprocess/ (called by ind_register_all).
 *
 * The --preprocess stage runs the passes in Inductor's order (docs/passes/preprocess.md says why):
 *   graph-infer-shapes           the FakeTensor metadata every later pass relies on
 *   graph-decompose              AOTAutograd's decompositions: Inductor receives decomposed ATen
 *   graph-view-to-reshape        codegen_and_compile: view_to_reshape(gm)
 *   graph-infer-shapes           codegen_and_compile: fake_tensor_prop(gm) on the final node set
 *   graph-dce                    post_grad_passes 2: eliminate_dead_code
 *   graph-reorder-for-locality   post_grad_passes 3: reorder_for_locality (inference graphs)
 *   graph-remove-noops           post_grad_passes 6: remove_noop_ops
 *   graph-rewrite                post_grad_passes 6: pass_patterns
 *   graph-cse                    AOTAutograd's fx_graph_cse, after ind's own view normalization and rewrites
 *   graph-dce                    the pattern matcher erases what its replacements left dead */
#include "lib/pass_registry.h"
#include "lib/pipeline.h"
#include "passes/preprocess/preprocess.h"

#include <stdio.h>
#include <string.h>

void ind_register_preprocess_passes(void);

static const char kPreprocessTail[] = "graph-view-to-reshape,graph-infer-shapes,graph-dce,graph-reorder-for-locality,"
                                      "graph-remove-noops,graph-rewrite,graph-cse,graph-dce";

/* --preprocess, or --preprocess=addmm-epilogue=false (graph-decompose's option: addmm always mm + add). */
static bool preprocess_pipeline(int level, const char *value, char *out, size_t outlen, char *err, size_t errlen) {
  (void)level;
  const char *decompose = "graph-decompose";
  if (value && !strcmp(value, "addmm-epilogue=false")) {
    decompose = "graph-decompose{addmm-epilogue=false}";
  } else if (value && strcmp(value, "addmm-epilogue=true")) {
    snprintf(err, errlen, "--preprocess takes no value, or addmm-epilogue=true|false (got '%s')", value);
    return false;
  }
  int n = snprintf(out, outlen, "graph-infer-shapes,%s,%s", decompose, kPreprocessTail);
  return n >= 0 && (size_t)n < outlen;
}

static const IndStageDef preprocess_stage = {
    "preprocess",
    IND_STAGE_PREPROCESS,
    IND_LEVEL_GRAPH,
    IND_LEVEL_GRAPH,
    IND_LEVEL_GRAPH,
    "Graph preprocessing: shapes, decompositions, view->reshape, DCE, locality reorder, no-op removal, "
    "pattern rewrites",
    "addmm-epilogue=true|false",
    preprocess_pipeline,
    NULL,
};

void ind_register_preprocess_passes(void) {
  ind_pass_register(&graph_infer_shapes_pass);
  ind_pass_register(&graph_decompose_pass);
  ind_pass_register(&graph_view_to_reshape_pass);
  ind_pass_register(&graph_dce_pass);
  ind_pass_register(&graph_reorder_for_locality_pass);
  ind_pass_register(&graph_remove_noops_pass);
  ind_pass_register(&graph_rewrite_pass);
  ind_pass_register(&graph_cse_pass);
  ind_stage_register(&preprocess_stage);
}
