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

typedef struct FuncBlocks {
  bool (*fn)(MlirBlock, void *);
  void *user;
  bool ok;
} FuncBlocks;

static bool visit_func(MlirOperation op, void *user) {
  FuncBlocks *f = user;
  if (!ind_op_is(op, "func.func"))
    return true;
  MlirRegion body = mlirOperationGetRegion(op, 0);
  for (MlirBlock b = mlirRegionGetFirstBlock(body); !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
    f->ok = f->fn(b, f->user) && f->ok;
  return true;
}

bool preprocess_each_func_block(MlirOperation root, bool (*fn)(MlirBlock block, void *user), void *user) {
  FuncBlocks f = {fn, user, true};
  ind_walk(root, visit_func, &f);
  return f.ok;
}
