/* op_list.h - a growable list of operations, for the preprocess passes' "collect, then mutate". */
#ifndef IND_PASSES_PREPROCESS_OP_LIST_H
#define IND_PASSES_PREPROCESS_OP_LIST_H

#include <mlir-c/IR.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct PreprocessOpList {
  MlirOperation *ops;
  intptr_t n, cap;
  bool oom; /* set when an allocation failed; the list then holds what fit */
} PreprocessOpList;

/* Appends op; false (and oom set) when memory ran out. */
bool preprocess_ops_push(PreprocessOpList *l, MlirOperation op);
/* Appends the ops of `block` in order. */
bool preprocess_ops_of_block(PreprocessOpList *l, MlirBlock block);
/* Appends every graph op under `root` in pre-order (program order within a block). */
bool preprocess_ops_graph(PreprocessOpList *l, MlirOperation root);
void preprocess_ops_free(PreprocessOpList *l);
/* Calls fn(block, user) on every block of every func.func under `root`; false when a call returned false
 * (the rest still run). */
bool preprocess_each_func_block(MlirOperation root, bool (*fn)(MlirBlock block, void *user), void *user);

#ifdef __cplusplus
}
#endif

#endif
