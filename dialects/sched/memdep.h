/* memdep.h - Inductor's MemoryDep over MLIR affine maps, and the index algebra the scheduler needs.
 *
 * A MemoryDep is (buffer name, index, ranges): `MemoryDep('buf0', 1024*d0 + d1, {d0: 1024, d1: 1024})`
 * says that a node touches buffer `buf0` at flat storage offset `1024*d0 + d1` for every point of the
 * iteration space d0 < 1024, d1 < 1024. Here the index is an MlirAffineMap with one result whose dims
 * are the iteration variables; ranges are the dims' sizes. Extern kernels touch whole buffers: their
 * deps are StarDeps (`is_star`, no index, no ranges).
 *
 * Normalization (ind_memdep_normalize) follows Inductor's `_RecordLoadStoreInner.canonicalize` for
 * scheduler nodes: iteration dims of size 1 are dropped (replaced by 0, later dims renumbered), the
 * expression is simplified (MLIR's simplifier, then floordiv/mod by a constant removed where the
 * dims' ranges decide them, as sympy's FloorDiv/ModularIndexing rules do: `d1 mod 4` is d1 and
 * `d1 floordiv 4` is 0 when d1 < 4), then trailing dims that the index does not use are popped ("a
 * reduction has its reduced dims in its sizes but downstream users won't"). After that two deps are equal exactly
 * when Inductor's would be: same name, same expression, same sizes (affine expressions are uniqued in
 * the context, so expression equality is pointer equality). */
#ifndef IND_DIALECTS_SCHED_MEMDEP_H
#define IND_DIALECTS_SCHED_MEMDEP_H

#include "lib/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

#define IND_MEMDEP_MAX_DIMS 16

typedef struct IndMemDep {
  MlirStringRef name; /* the buffer; points into the context (a string attribute) */
  bool is_star;       /* StarDep: the whole buffer, no index */
  MlirAffineExpr index;
  int ndims; /* number of iteration dims (d0 .. d{ndims-1}) */
  int64_t sizes[IND_MEMDEP_MAX_DIMS];
} IndMemDep;

/* Builds the normalized dep of a load/store at `index` (a map with `n` dims and one result) over an
 * iteration space of sizes `ranges[0..n)`. Returns false when n exceeds IND_MEMDEP_MAX_DIMS or the map
 * does not have one result and n dims. `name` must live as long as the context. */
bool ind_memdep_normalize(MlirStringRef name, MlirAffineMap index, const int64_t *ranges, int n, IndMemDep *out);
IndMemDep ind_memdep_star(MlirStringRef name);

/* e over dims d0 .. d{n-1} of sizes[0..n), simplified as ind_memdep_normalize simplifies an index: MLIR's
 * simplifier, then floordiv / mod by a constant removed where the dims' ranges decide them. */
MlirAffineExpr ind_affine_simplify_with_ranges(MlirAffineExpr e, const int64_t *sizes, int n);

/* Whether e (over n dims of `sizes`) reads dims o < i, with every dim between them of size 1, as one dim
 * of size sizes[o] * sizes[i] in i's place (Inductor's can_merge_dims: the outer stride is the inner stride
 * times the inner size, both 0 included), checked soundly: e at (d_o, d_i) = (x floordiv S_i, x mod S_i) and
 * at (0, x), both simplified with x's range, are one expression. When true and `merged` is not null, it gets
 * that expression (d_o gone, d_i ranging over the product). */
bool ind_affine_merges_dims(MlirAffineExpr e, const int64_t *sizes, int n, int o, int i, MlirAffineExpr *merged);

/* Inductor's MemoryDep.normalize() (loop_ordering_after_fusion's "merge loops"): adjacent dims that the index
 * reads as one (the outer's stride is the inner's times its size; both unused counts) become one dim of their
 * product in their place, then trailing unused dims are popped. A dep over [2, 12, 512] at
 * 6144*d0 + 512*d1 + d2 and one over [24, 512] at 512*d0 + d1 both become d0 over [12288]. True when a
 * pair merged; a StarDep is copied as it is. */
bool ind_memdep_merge_loops(const IndMemDep *d, IndMemDep *out);

/* Inductor's MemoryDep equality: name, index and sizes (and StarDep-ness). */
bool ind_memdep_equal(const IndMemDep *a, const IndMemDep *b);
/* `fusable_read_and_write`: a read matches a write when names and indices are equal and the write's
 * sizes are a prefix of the read's (a consumer may iterate more dims, e.g. over r, than the producer
 * wrote); when they have different dim counts, the same asked of both after ind_memdep_merge_loops (a
 * consumer whose loops split the producer's differently: [24, 512] against [2, 12, 512]). StarDeps never
 * match MemoryDeps. */
bool ind_memdep_read_matches_write(const IndMemDep *read, const IndMemDep *write);
/* Number of elements touched: product of the sizes of the dims the index uses (Inductor's
 * MemoryDep.get_numel). For a StarDep the caller supplies the buffer's numel. */
int64_t ind_memdep_numel(const IndMemDep *d);

/* The sched dialect's attribute form: ["buf0", affine_map<(d0) -> (d0)>, array<i64: 1024>], or
 * ["buf0"] for a StarDep. */
MlirAttribute ind_memdep_to_attr(MlirContext ctx, const IndMemDep *d);
bool ind_memdep_from_attr(MlirAttribute a, IndMemDep *out);

/* Inductor's text: MemoryDep('buf0', 1024*d0 + d1, {d0: 1024, d1: 1024}) or StarDep(name='buf0',
 * mode=None). ind_affine_expr_print writes an expression in sympy's style (`1024*d0 + d1`) with the
 * given dim prefix ("d", "p", "c"). */
void ind_memdep_print(const IndMemDep *d, IndStrBuf *b);
void ind_affine_expr_print(MlirAffineExpr e, const char *dim_prefix, IndStrBuf *b);
/* Total order for printing sorted dep lists (name, then index text, then sizes). */
int ind_memdep_compare(const IndMemDep *a, const IndMemDep *b);

#ifdef __cplusplus
}
#endif

#endif
