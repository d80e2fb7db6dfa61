/* op_list.c - see op_list.h. */
#include "passes/preprocess/op_list.h"

#include "dialects/graph/graph.h"
#include "lib/ir.h"

#include <stdlib.h>

bool preprocess_ops_push(PreprocessOpList *l, MlirOperation op) {
  if (l->oom)
    return false;
  if (l->n == l->cap) {
    intptr_t cap = l->cap ? 2 * l->cap : 64;
    MlirOperation *grown = realloc(l->ops, sizeof *grown * (size_t)cap);
    if (!grown) {
      l->oom = true;
      return false;
    }
    l->ops = grown;
    l->cap = cap;
  }
  l->ops[l->n++] = op;
  return true;
}

bool preprocess_ops_of_block(PreprocessOpList *l, MlirBlock block) {
  for (MlirOperation o = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    if (!preprocess_ops_push(l, o))
      return false;
  return true;
}

static bool push_graph_op(MlirOperation op, void *user) {
  return graph_op_id(op) == GRAPH_OP_UNKNOWN || preprocess_ops_push(user, op);
}

bool preprocess_ops_graph(PreprocessOpList *l, MlirOperation root) { return ind_walk(root, push_graph_op, l); }

void preprocess_ops_free(PreprocessOpList *l) {
  free(l->ops);
  l->ops = NULL;
  l->n = l->cap = 0;
}
