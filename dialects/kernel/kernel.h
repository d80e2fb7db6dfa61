/* kernel.h - typed builders and accessors of the kernel dialect (dialects/kernel/kernel.irdl.mlir,
 * docs/dialects/kernel.md). Op names and attribute keys are spelled here once.
 *
 * Builders return a detached op (not yet inserted in a block): insert it with
 * mlirBlockAppendOwnedOperation / mlirBlockInsertOwnedOperationBefore. Accessors return false (or a
 * null value) when the op is not of the expected kind or lacks the attribute. */
#ifndef IND_DIALECTS_KERNEL_KERNEL_H
#define IND_DIALECTS_KERNEL_KERNEL_H

#include <mlir-c/AffineMap.h>
#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KERNEL_DEF "kernel.def"
#define KERNEL_LOAD "kernel.load"
#define KERNEL_STORE "kernel.store"
#define KERNEL_INDEX_EXPR "kernel.index_expr"
#define KERNEL_REDUCE "kernel.reduce"
#define KERNEL_SCAN "kernel.scan"
#define KERNEL_CHECK_INDEX "kernel.check_index"
#define KERNEL_ALLOC "kernel.alloc"
#define KERNEL_LAUNCH "kernel.launch"
#define KERNEL_EXTERN_CALL "kernel.extern_call"

/* Op ids: what a stage switches on, one per kernel op, computed from the op's name by kernel_op_id
 * (one table in kernel.c). The upstream ops of a body (arith / math, the gpu.yield terminator) are
 * those of an ind body: ind_op_id (dialects/ind/ind.h) names them. */
typedef enum KernelOpId {
  KERNEL_OP_UNKNOWN = 0, /* not a kernel op */
  KERNEL_OP_DEF,
  KERNEL_OP_LOAD,
  KERNEL_OP_STORE,
  KERNEL_OP_INDEX_EXPR,
  KERNEL_OP_REDUCE,
  KERNEL_OP_SCAN,
  KERNEL_OP_CHECK_INDEX,
  KERNEL_OP_ALLOC,
  KERNEL_OP_LAUNCH,
  KERNEL_OP_EXTERN_CALL,
  KERNEL_OP_COUNT
} KernelOpId;
/* The op's id (KERNEL_OP_UNKNOWN for a null op or one of another dialect). */
KernelOpId kernel_op_id(MlirOperation op);
/* "kernel.load" for KERNEL_OP_LOAD; "" for KERNEL_OP_UNKNOWN or out of range. */
const char *kernel_op_id_name(KernelOpId id);

/* Attribute keys. */
#define KERNEL_ATTR_SYM_NAME "sym_name"
#define KERNEL_ATTR_KIND "kind"
#define KERNEL_ATTR_XRANGES "xranges"
#define KERNEL_ATTR_RRANGES "rranges"
#define KERNEL_ATTR_BLOCK "block"
#define KERNEL_ATTR_XBLOCK "xblock"
#define KERNEL_ATTR_ROW_THREADS "row_threads" /* optional bool (absent: false), see KernelGeometry */
#define KERNEL_ATTR_VECTOR_WIDTH "vector_width"
#define KERNEL_ATTR_TILE_ORDER                                                                                         \
  "tile_order"                          /* optional string (absent: "mirror"): tiled pointwise kernels' block order */
#define KERNEL_ATTR_IEEE_DIV "ieee_div" /* optional bool (absent: false): f32 division on the GPU is IEEE div.rn */
#define KERNEL_ATTR_CHECKED                                                                                            \
  "checked" /* optional bool (absent: false): every load and store of the kernel.def is bounds-checked */
#define KERNEL_ATTR_INDEX "index"
#define KERNEL_ATTR_LOWER "lower"
#define KERNEL_ATTR_UPPER "upper"
#define KERNEL_ATTR_REDUCTION_TYPE "reduction_type"
#define KERNEL_ATTR_SCAN_TYPE "scan_type"
#define KERNEL_ATTR_NAME "name"
#define KERNEL_ATTR_REUSE "reuse"
#define KERNEL_ATTR_KERNEL "kernel"
#define KERNEL_ATTR_TRANSPOSE "transpose" /* extern_call, optional array<i1: a, b> (absent: none transposed) */
#define KERNEL_ATTR_GRID "grid"

/* kernel.def kind: the kernel-name prefix letters are "poi", "per", "red". */
typedef enum KernelKind {
  KERNEL_KIND_INVALID = -1,
  KERNEL_KIND_POINTWISE = 0,
  KERNEL_KIND_PERSISTENT_REDUCTION,
  KERNEL_KIND_REDUCTION,
} KernelKind;
const char *kernel_kind_str(KernelKind k);    /* "pointwise" | "persistent_reduction" | "reduction" */
const char *kernel_kind_prefix(KernelKind k); /* "poi" | "per" | "red" */
KernelKind kernel_kind_parse(MlirStringRef s);

typedef enum KernelReduction {
  KERNEL_RED_INVALID = -1,
  KERNEL_RED_SUM = 0,
  KERNEL_RED_MAX,
  KERNEL_RED_MIN,
  KERNEL_RED_PROD,
  KERNEL_RED_WELFORD_MEAN, /* the ind reduction types of the same names (ind.h) */
  KERNEL_RED_WELFORD_M2,
  KERNEL_RED_ONLINE_MAX,
  KERNEL_RED_ONLINE_SUM,
} KernelReduction;
/* "sum" | "max" | "min" | "prod" | "welford_mean" | "welford_m2" | "online_softmax_max" | "online_softmax_sum" */
const char *kernel_reduction_str(KernelReduction r);
KernelReduction kernel_reduction_parse(MlirStringRef s);
/* Multi-output reductions: the state a lowering carries per accumulator (welford: mean, m2, weight;
 * online softmax: max, sum) and which of its entries the reduction yields. The plain four carry one
 * value (state_width 1, component 0). Two reduces of one family (kernel_reduction_family equal and
 * not KERNEL_RED_INVALID) over the same value share one state. */
int kernel_reduction_state_width(KernelReduction r);
int kernel_reduction_component(KernelReduction r);
/* KERNEL_RED_WELFORD_MEAN for both welford outputs, KERNEL_RED_ONLINE_MAX for both online softmax ones,
 * KERNEL_RED_INVALID for the plain four. */
KernelReduction kernel_reduction_family(KernelReduction r);

/* Upper bound on the rank of xranges / rranges that accessors copy out. */
#define KERNEL_MAX_RANK 8

/* --- kernel.def */
typedef struct KernelGeometry {
  int64_t block;        /* threads per program (GPU block) */
  int64_t xblock;       /* x points per program */
  int64_t vector_width; /* elements per thread per access */
  bool row_threads;     /* reductions with xblock > 1: the rthreads threads of an x point are consecutive
                         * (t = tx * rthreads + rtid: inner reductions packing short rows, reads coalesced
                         * along r); false: t = rtid * xblock + tx (outer reductions) */
} KernelGeometry;

/* A kernel.def with an empty one-block body whose arguments have the given types (add the body ops
 * to kernel_def_body(op), ending in "gpu.yield"()). nx / nr may be 0. */
MlirOperation kernel_def_create(MlirLocation loc, const char *name, KernelKind kind, const int64_t *xranges,
                                intptr_t nx, const int64_t *rranges, intptr_t nr, KernelGeometry geom, intptr_t nargs,
                                const MlirType *arg_types);
bool kernel_is_def(MlirOperation op);
MlirBlock kernel_def_body(MlirOperation def);
MlirStringRef kernel_def_name(MlirOperation def);
KernelKind kernel_def_kind(MlirOperation def);
/* Copies up to KERNEL_MAX_RANK sizes; returns the rank (-1 when the attribute is missing or too long). */
intptr_t kernel_def_xranges(MlirOperation def, int64_t out[KERNEL_MAX_RANK]);
intptr_t kernel_def_rranges(MlirOperation def, int64_t out[KERNEL_MAX_RANK]);
/* Product of xranges (numel) / rranges (rnumel, 1 when empty). */
int64_t kernel_def_numel(MlirOperation def);
int64_t kernel_def_rnumel(MlirOperation def);
bool kernel_def_geometry(MlirOperation def, KernelGeometry *out);

/* --- body ops */
/* `"kernel.load"(buffer) {index}` -> result_type (f32 in practice). */
MlirOperation kernel_load_create(MlirLocation loc, MlirValue buffer, MlirAffineMap index, MlirType result_type);
/* An indirect load: element `index` + `offset` (an index value of the body; null: a direct load). */
MlirOperation kernel_load_indirect_create(MlirLocation loc, MlirValue buffer, MlirAffineMap index, MlirValue offset,
                                          MlirType result_type);
MlirOperation kernel_store_create(MlirLocation loc, MlirValue buffer, MlirValue value, MlirAffineMap index);
MlirOperation kernel_index_expr_create(MlirLocation loc, MlirAffineMap index, MlirType result_type);
MlirOperation kernel_reduce_create(MlirLocation loc, MlirValue value, KernelReduction r);
bool kernel_is_load(MlirOperation op);
bool kernel_is_store(MlirOperation op);
bool kernel_is_index_expr(MlirOperation op);
bool kernel_is_reduce(MlirOperation op);
/* kernel.scan of `value` (r-varying) by `r` (sum, max, min or prod): an r-varying result of the same type. */
MlirOperation kernel_scan_create(MlirLocation loc, MlirValue value, KernelReduction r);
bool kernel_is_scan(MlirOperation op);
/* The scan's combine; KERNEL_RED_INVALID when absent or not one of the four. */
KernelReduction kernel_scan_type(MlirOperation scan);
/* True when the kernel body holds a kernel.scan. */
bool kernel_body_has_scan(MlirBlock body);
/* `%r = "kernel.check_index"(%index) {lower, upper}` : index: %index after a device check of
 * lower <= index < upper (checked mode: a violation is recorded and reported by the host). */
MlirOperation kernel_check_index_create(MlirLocation loc, MlirValue index, int64_t lower, int64_t upper);
bool kernel_is_check_index(MlirOperation op);
/* The bounds of a kernel.check_index; false when an attribute is missing or lower >= upper. */
bool kernel_check_index_bounds(MlirOperation op, int64_t *lower, int64_t *upper);
/* True when kernel.def `def` is marked checked (KERNEL_ATTR_CHECKED). */
bool kernel_def_checked(MlirOperation def);
/* The `index` map of a load / store / index_expr (null map when absent). */
MlirAffineMap kernel_index_map(MlirOperation op);
/* load: operand 0; store: operand 0 (buffer) and 1 (value). */
MlirValue kernel_load_buffer(MlirOperation load);
/* load: operand 1, the indirect offset (null for a direct load). */
MlirValue kernel_load_offset(MlirOperation load);
MlirValue kernel_store_buffer(MlirOperation store);
MlirValue kernel_store_value(MlirOperation store);
KernelReduction kernel_reduce_type(MlirOperation reduce);
/* True when `op` is a direct load or a store of a kernel with nx x dims whose index is linear with
 * coefficient 1 on x dim nx - 2 and |coefficient| >= 2 on x dim nx - 1: along a row of the last two
 * dims it is strided, down a column contiguous (x.T's read in x + x.T; a transposed copy's store).
 * Such kernels run on 2-D tiles on a GPU (convert-kernel-to-gpu) with their own block size
 * (sched-to-kernel's transposed-block). */
bool kernel_is_transposed_access(MlirOperation op, int nx);
/* True when a pointwise kernel over x ranges ranges[0 .. nx) can run on stacks of `tiles` tiles of
 * block / 32 rows x 32 * vw columns of its last two x dims (block threads, vw lanes per thread and
 * tile): nx >= 2, block a multiple of 32, and both dims whole stacks. The one rule behind
 * convert-kernel-to-gpu's tiling and sched-to-kernel's choice of transposed-tiles. */
bool kernel_tiles_fit(const int64_t *ranges, int nx, int64_t block, int64_t vw, int64_t tiles);
/* The most workgroup memory a kernel may declare statically: 48 KiB (CUDA's limit without the opt-in
 * attribute), in floats. */
#define KERNEL_STATIC_SMEM_FLOATS (48 * 1024 / 4)
/* An upper bound on the workgroup memory, in floats, that convert-kernel-to-gpu stages per transposed access
 * and tile of such a kernel: 32 * vw columns of block / 32 + 1 floats (the odd pitch) and a skew of the
 * column groups below 64. sched-to-kernel keeps count * tiles * this within KERNEL_STATIC_SMEM_FLOATS. */
int64_t kernel_staged_tile_floats(int64_t block, int64_t vw);

/* --- host wrapper ops */
/* `%b = "kernel.alloc"() {name}` : () -> type; reuse may be NULL (no reuse attribute). */
MlirOperation kernel_alloc_create(MlirLocation loc, const char *name, MlirType type, const char *reuse);
bool kernel_is_alloc(MlirOperation op);
MlirStringRef kernel_alloc_name(MlirOperation alloc);
/* The `reuse` buffer name; false when the alloc takes fresh storage. */
bool kernel_alloc_reuse(MlirOperation alloc, MlirStringRef *out);

/* `"kernel.launch"() ({"gpu.yield"(args...)}) {kernel = @name, grid, block}`. grid / block have 1..3
 * entries. */
MlirOperation kernel_launch_create(MlirLocation loc, const char *kernel, const int64_t *grid, intptr_t ngrid,
                                   const int64_t *block, intptr_t nblock, intptr_t nargs, const MlirValue *args);
bool kernel_is_launch(MlirOperation op);
MlirStringRef kernel_launch_kernel(MlirOperation launch);
/* `"kernel.extern_call"() ({"gpu.yield"(inputs..., out)}) {kernel, name, transpose}`: the inputs are A, B
 * and, for mm, an optional bias (n elements of out's type added to every row of the product).
 * `transpose` (NULL: none) holds a flag for A and one for B, set as an attribute only when one is (the
 * input holds its matrices transposed: lib/mm_dims.h). */
MlirOperation kernel_extern_call_create(MlirLocation loc, const char *kernel, const char *name, intptr_t nargs,
                                        const MlirValue *args, const bool *transpose);
bool kernel_is_extern_call(MlirOperation op);
/* An extern_call's per-input transpose flags into out[0..2) (false when absent); false when `transpose`
 * is present but not a dense i1 array of 2 elements. */
bool kernel_extern_call_transpose(MlirOperation op, bool out[2]);
/* Arguments of a launch or extern_call (the operands of its region's terminator); 0 / null when the
 * region is malformed. */
intptr_t kernel_call_num_args(MlirOperation call);
MlirValue kernel_call_arg(MlirOperation call, intptr_t i);

/* Finds the kernel.def named `name` among the top-level ops of `module` (null op when absent). */
MlirOperation kernel_lookup_def(MlirOperation module, MlirStringRef name);

#ifdef __cplusplus
}
#endif

#endif
