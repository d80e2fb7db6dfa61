/* view_to_reshape.c - graph-view-to-reshape: turns every graph.view into graph.reshape (Inductor's
 * view_to_reshape(gm), run before the post-grad passes).
 *
 * A view requires its input's strides to express the new shape; later stages may choose other
 * layouts for intermediate results, so a view that was legal could stop being one. reshape is a
 * view when it can be and a copy otherwise, so it is always safe. The new op keeps the operand,
 * every attribute (`shape`, recorded `strides`, ...), the result type and the location.
 * Requires: nothing. Preserves: every other op; the order. Never fails. */
#include "dialects/graph/graph.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "passes/preprocess/op_list.h"

/* Builds the graph.reshape that replaces `view`, right before it. */
static MlirOperation make_reshape(MlirOperation view) {
  MlirOperationState st =
      mlirOperationStateGet(ind_str(graph_op_name(GRAPH_OP_RESHAPE)), mlirOperationGetLocation(view));
  MlirValue in = mlirOperationGetOperand(view, 0);
  MlirType res = mlirValueGetType(mlirOperationGetResult(view, 0));
  mlirOperationStateAddOperands(&st, 1, &in);
  mlirOperationStateAddResults(&st, 1, &res);
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(view); ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(view, i);
    mlirOperationStateAddAttributes(&st, 1, &a);
  }
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(view), view, op);
  return op;
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  PreprocessOpList views = {0};
  if (!preprocess_ops_graph(&views, module)) {
    preprocess_ops_free(&views);
    return ind_emit_error(module, "graph-view-to-reshape: out of memory");
  }
  for (intptr_t i = 0; i < views.n; ++i) {
    MlirOperation view = views.ops[i];
    if (graph_op_id(view) != GRAPH_OP_VIEW || mlirOperationGetNumOperands(view) != 1)
      continue;
    MlirOperation reshape = make_reshape(view);
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(view, 0), mlirOperationGetResult(reshape, 0));
    mlirOperationDestroy(view);
  }
  preprocess_ops_free(&views);
  return mlirLogicalResultSuccess();
}

const IndPassDef graph_view_to_reshape_pass = {
    "graph-view-to-reshape",
    "Replace graph.view by graph.reshape (a copy when the input's strides cannot express the view)",
    NULL,
    run,
};
