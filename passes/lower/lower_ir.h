/* lower_ir.h - the lowering's internal model, shared by graph_to_ind.c (the pass: realize rules,
 * op lowering, function conversion) and inner_fn.c (emitting and counting recipes).
 *
 * A Node is the analogue of Inductor's TensorBox: a realized buffer (a memref value), a scalar
 * constant, or an unrealized recipe (a Pointwise's inner_fn or a View: the graph op plus the nodes
 * of its operands when it was lowered). docs/passes/lower.md explains the model. */
#ifndef IND_PASSES_LOWER_LOWER_IR_H
#define IND_PASSES_LOWER_LOWER_IR_H

#include "dialects/graph/graph.h"
#include "dialects/ind/ind.h"
#include "lib/ir.h"
#include "lib/ptrmap.h"
#include "passes/lower/index_algebra.h"
#include "passes/lower/split_reduction.h"

#include <mlir-c/AffineExpr.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LOWER_MAX_RANK IND_MAX_RANK /* ranks handled by the lowering */
#define LOWER_INLINE_OPERANDS 3 /* operands held in the node itself (no op but cat has more); a cat's are allocated */

/* --- Graph ops: how each lowers. */

typedef enum OpKind {
  K_BINARY,      /* add sub mul div pow maximum minimum */
  K_COMPARE,     /* eq ne lt le gt ge -> i1 */
  K_WHERE,       /* where(cond, a, b) */
  K_UNARY,       /* relu neg abs exp log sqrt rsqrt reciprocal tanh sigmoid erf gelu */
  K_CONVERT,     /* convert: dtype change on the value */
  K_COPY,        /* clone, contiguous: identity recipe */
  K_RESHAPE,     /* view reshape squeeze unsqueeze: same numel, recomputed index */
  K_EXPAND,      /* expand: broadcast */
  K_PERMUTE,     /* permute(dims) */
  K_TRANSPOSE,   /* transpose(dim0, dim1) */
  K_SLICE,       /* slice(dim, start, end, step) */
  K_CAT,         /* cat(dim) */
  K_CONSTANT,    /* 0-d constant */
  K_REDUCE,      /* sum mean amax amin prod */
  K_EXTERN,      /* mm bmm */
  K_COMPOSITE,   /* not lowered: needs --preprocess */
  K_LOGICAL,     /* logical_and logical_or -> i1 */
  K_BITWISE,     /* bitwise_and bitwise_or bitwise_xor (i1: on booleans; integers: through i64) */
  K_MASKED_FILL, /* masked_fill(x, mask) {value} */
  K_SOURCE,      /* full zeros ones full_like: a splat constant of a shape */
  K_IOTA,        /* iota arange: start + i * step (ind.index_expr) */
  K_SELECT,      /* select(dim, index): a view dropping dim */
  K_FLIP,        /* flip(dims): size - 1 - i */
  K_PAD,         /* constant_pad_nd: in-bounds reads selected against the pad value */
  K_REPEAT,      /* repeat: i mod size */
  K_ARGSEL,      /* internal (argmax/argmin's second reduction): x == extreme ? flat reduced index : numel */
  K_INDIRECT, /* index_select gather embedding: operand 0 read where operand 1's value points (ind.indirect_indexing) */
  K_SCAN,     /* cumsum: a realized ind.scan (Inductor's ir.Scan) */
  K_MOVEDIM,  /* internal (a scan over a non-last dim): operand 0, the scan's buffer, holds the result with the
               * op's `dim` moved last */
} OpKind;

typedef struct OpInfo {
  GraphOpId id;
  OpKind kind;
  const char *fx_base; /* FX node name base (the ATen op's name); NULL: not an FX node */
} OpInfo;

/* --- Nodes. */

typedef enum NodeKind {
  N_BUFFER,   /* realized: memref value */
  N_CONST,    /* 0-d scalar constant */
  N_RECIPE,   /* unrealized graph op: pointwise or view */
  N_MEAN_DIV, /* unrealized: operand[0] (the realized sum) / divisor */
  N_UNROLLED, /* unrealized: a small reduction unrolled into a pointwise (Reduction.create with rnumel <
               * unroll_reductions_threshold): operand[0] read at every index of its `reduced` dims,
               * combined by `rtype` in row-major order (_unroll_reduction_fn) */
} NodeKind;

typedef struct Node {
  NodeKind kind;
  int id; /* creation index (for visited sets) */
  int rank;
  int64_t shape[LOWER_MAX_RANK];
  MlirType elem;          /* storage element type of the tensor */
  int op_index;           /* graph op (program order index), -1 for inputs */
  const OpInfo *info;     /* N_RECIPE */
  struct Node **operands; /* inline_operands, or an allocated array (a cat of any number of inputs) */
  struct Node *inline_operands[LOWER_INLINE_OPERANDS];
  int noperands;
  MlirValue memref;       /* N_BUFFER */
  double value;           /* N_CONST */
  double divisor;         /* N_MEAN_DIV */
  unsigned reduced;       /* K_ARGSEL, N_UNROLLED: bit k set when dim k (of operand 0 for N_UNROLLED) is reduced */
  IndReductionType rtype; /* N_UNROLLED: the combine */
  int64_t tree_size;      /* ops emitted when inlined (without CSE); -1 = not computed */
} Node;

/* One graph op of the function, in program order. */
typedef struct GraphOp {
  MlirOperation op;
  const OpInfo *info;
  char fx_name[64];
  int users;        /* distinct user ops (func.return counts as the output user) */
  bool output_user; /* used by func.return */
  bool extern_user; /* used by mm/bmm (Inductor's needs_realized_inputs) */
} GraphOp;

/* Pass options (Inductor's config names in comments). */
typedef struct Thresholds {
  int64_t reads;          /* realize_reads_threshold = 4 */
  int64_t opcount;        /* realize_opcount_threshold = 30 */
  int64_t acc_reads;      /* realize_acc_reads_threshold = 8 */
  int64_t large_inner_fn; /* has_large_inner_fn(threshold=100) */
  int64_t max_tree;       /* ours: uncse'd inline size that forces realize */
  int64_t unroll;         /* unroll_reductions_threshold = 8: rnumel < this -> pointwise; also
                           * use_two_step_variance and the online-softmax minimum */
  bool realize_all;       /* ours: every op its own buffer (op-level lowering, as eager / TVM see it) */
  SplitPolicy split;      /* split reductions (split_reduction.h) */
  bool welford;           /* ours: var/std/layer-norm m2 as welford_reduce (else always two-step) */
  bool online_softmax;    /* config.online_softmax */
} Thresholds;

typedef struct Lower {
  MlirContext ctx;
  Thresholds th;
  GraphOp *ops;
  int nops;
  Node **nodes; /* every node, owned */
  int nnodes, cap_nodes;
  /* value -> node environment (graph values of the old function) */
  MlirValue *env_keys;
  Node **env_vals;
  int nenv, cap_env;
  IndPtrMap env_index; /* value -> its index in env_keys: O(1) lookups (a 100k-op chain) */
  MlirOperation new_func;
  MlirBlock new_block;
  int next_buf;
  bool refuse_split;  /* reduce_node: return NULL (no error) instead of splitting ... */
  bool split_refused; /* ... and say so here */
  /* try_welford -> reduce_node: when a welford_m2 is split, the node (the mean's shape, memref unset) that
   * receives the stage-2 welford_mean of the same partials, or NULL. */
  struct Node *welford_mean_out;
} Lower;

/* The iteration context of one body: its variables' ranges, for simplification. */
typedef struct IterSpace {
  int64_t sizes[2 * LOWER_MAX_RANK];
  int n;
} IterSpace;

typedef struct OpCount {
  int64_t op_count, reads, nontrivial_reads;
} OpCount;

/* --- Small helpers. */
static inline bool ind_lower_is_bool(MlirType t) { return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 1; }
static inline int64_t ind_lower_numel(const int64_t *shape, int rank) { return ind_shape_numel(shape, rank); }
/* An integer type wider than i1 (i32, i64): computed in itself, exactly (Inductor's int compute). */
static inline bool ind_lower_is_int(MlirType t) { return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) > 1; }
/* The compute type of a storage type: integers (i1, i32, i64) compute in their own type, floats
 * (f32, f16, bf16) in f32. */
static inline MlirType ind_lower_compute_type(Lower *L, MlirType storage) {
  return mlirTypeIsAInteger(storage) ? storage : mlirF32TypeGet(L->ctx);
}
/* The accumulator type of a reduction into `storage`: integers in their own type (sum/prod of
 * integers are i64 by the graph's dtype rule), floats and booleans (any / all count in f32). */
static inline MlirType ind_lower_acc_type(Lower *L, MlirType storage) {
  return ind_lower_is_int(storage) ? storage : mlirF32TypeGet(L->ctx);
}
static inline MlirAffineExpr ind_lower_cst(Lower *L, int64_t v) { return mlirAffineConstantExprGet(L->ctx, v); }
static inline MlirAffineExpr ind_lower_dim(Lower *L, int p) { return mlirAffineDimExprGet(L->ctx, p); }
static inline bool ind_lower_is_unrealized(const Node *n) {
  return n->kind == N_RECIPE || n->kind == N_MEAN_DIV || n->kind == N_UNROLLED;
}
/* A recipe that only remaps the index of its operand (Inductor's View, not Pointwise data). */
static inline bool ind_lower_is_view_recipe(const Node *n) {
  if (n->kind != N_RECIPE)
    return false;
  OpKind k = n->info->kind;
  return k == K_RESHAPE || k == K_EXPAND || k == K_PERMUTE || k == K_TRANSPOSE || k == K_SLICE || k == K_SELECT ||
         k == K_MOVEDIM;
}

/* --- inner_fn.c */

/* A new node owned by L (freed with the Lower). */
Node *ind_lower_node_new(Lower *L, NodeKind kind, int rank, const int64_t *shape, MlirType elem);
/* Sets n's operands to in[0..nin), in the node itself or, past LOWER_INLINE_OPERANDS, in an array
 * owned by it. */
void ind_lower_node_set_operands(Node *n, Node *const *in, int nin);
/* Frees a node and its operand array. */
void ind_lower_node_free(Node *n);
/* The iteration space and index of a node read "as itself" (the body of its own buffer): one
 * variable per dimension of size > 1, size-1 dimensions at index 0. */
void ind_lower_own_space(Lower *L, const Node *n, IterSpace *sp, MlirAffineExpr *idx);
/* Emits `n` at `idx` into `block` (a body over `sp`), converted to the compute type of `storage`,
 * and the gpu.yield of it. */
void ind_lower_emit_body(Lower *L, MlirBlock block, const IterSpace *sp, Node *n, const MlirAffineExpr *idx,
                         MlirType storage, MlirLocation loc);
/* The body of an integer scan: `n` at `idx` as `type` (i64), yielded. An integer buffer (under views) is
 * loaded as its own type and sign-extended (i1: zero-extended), so the values stay exact; any other
 * node is computed in f32 and converted (exact below 2^24, as every integer value the body computes). */
void ind_lower_emit_int_body(Lower *L, MlirBlock block, const IterSpace *sp, Node *n, const MlirAffineExpr *idx,
                             MlirType type, MlirLocation loc);
/* How an extern kernel (mm / bmm) can read the unrealized node `n`: what `n` *is*, not the ops that made
 * it. Through its views and identity copies `n` reads one storage node (*storage: a buffer, or a recipe
 * to realize) at flat offsets; when those are the row-major linearization of n's shape (a reshape of
 * the storage's bytes: Inductor's ReinterpretView), the extern reads the storage as it is
 * (EXTERN_VIEW_SAME); when they are that of n's shape with its last two dims swapped, it reads the
 * storage as the transposed matrices (EXTERN_VIEW_TRANSPOSED, cuBLAS's CUBLAS_OP_T). Anything else (an
 * expand, a slice with an offset, another permute, a computed value of its own) needs a copy
 * (EXTERN_VIEW_COPY, *storage NULL). A storage of n's rank must hold exactly n's shape (or the swapped
 * one), as the extern contract wants (lib/mm_dims.h). */
typedef enum ExternView { EXTERN_VIEW_COPY, EXTERN_VIEW_SAME, EXTERN_VIEW_TRANSPOSED } ExternView;
ExternView ind_lower_extern_view(Lower *L, Node *n, Node **storage);
/* Inductor's inner_fn_opcount() of an unrealized node (OpCounterCSE: distinct ops, loads). */
OpCount ind_lower_inner_fn_opcount(Lower *L, Node *n);
/* Ops the node's inlining emits without CSE (memoized per node). */
int64_t ind_lower_tree_size(Node *n);

#ifdef __cplusplus
}
#endif

#endif
