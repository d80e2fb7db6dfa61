/* launch_geometry.c - the launch-geometry policy of sched-to-kernel (see launch_geometry.h and
 * docs/passes/codegen.md, "Heuristic"). */
#include "passes/codegen/launch_geometry.h"
#include "lib/ir.h"

static int64_t pow2_ceil(int64_t v) {
  int64_t p = 1;
  while (p < v)
    p *= 2;
  return p;
}

#define WARP_THREADS 32

static int64_t clamp(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

static int64_t pow2_floor(int64_t v) {
  int64_t p = 1;
  while (p * 2 <= v)
    p *= 2;
  return p;
}

/* Inductor's ReductionHint, from the kernel's loads: INNER when some load that varies with r is
 * contiguous along the innermost r dim, OUTER when none is but one is contiguous along the innermost x
 * dim (a column reduction: threads should run along x). */
bool launch_is_outer_reduction(MlirBlock body, int nx, int nr) {
  if (nr == 0 || nx == 0)
    return false;
  int nk = nx + nr;
  bool inner = false, outer = false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!kernel_is_load(op) || !mlirValueIsNull(kernel_load_offset(op)))
      continue; /* an indirect load's pattern is data */
    MlirAffineExpr e = mlirAffineMapGetResult(kernel_index_map(op), 0);
    int64_t coef[2 * KERNEL_MAX_RANK] = {0};
    bool uses_r = false;
    for (int d = nx; d < nk; ++d)
      uses_r |= mlirAffineExprIsFunctionOfDim(e, d);
    if (!uses_r || !ind_affine_linearize(e, 1, coef, nk, NULL))
      continue;
    inner |= coef[nk - 1] == 1;
    outer |= coef[nx - 1] == 1;
  }
  return outer && !inner;
}

/* Outer reductions: outer-xblock x points per block (threads along the contiguous x dim),
 * outer-rthreads threads per x point, scalar accesses; persistent iff rnumel <= 64 (Inductor's
 * threshold for reductions that are not INNER). */
void launch_choose_outer_geometry(const IndPassOptions *opts, const LaunchSpace *s, KernelKind *kind,
                                  KernelGeometry *geom) {
  int64_t xb = pow2_floor(clamp(ind_opt_int(opts, "outer-xblock"), 1, 1024));
  while (xb > 1 && xb / 2 >= s->numel)
    xb /= 2;
  int64_t rt = pow2_floor(clamp(ind_opt_int(opts, "outer-rthreads"), 1, 1024));
  while (xb * rt < 32)
    rt *= 2;
  while (xb * rt > 1024)
    rt > 1 ? (void)(rt /= 2) : (void)(xb /= 2);
  *geom = (KernelGeometry){.block = xb * rt, .xblock = xb, .vector_width = 1};
  bool persistent = s->rnumel <= ind_opt_int(opts, "outer-persistent-threshold") && (s->rnumel + rt - 1) / rt <= 64;
  *kind = persistent ? KERNEL_KIND_PERSISTENT_REDUCTION : KERNEL_KIND_REDUCTION;
}

/* Rows that need at most a warp of threads (rthreads = pow2ceil(ceil(rnumel / 8)) <= max_rt: 16 for inner
 * reductions, 32 for scans; the same 8 elements per thread as the one-row rules): several rows per block,
 * Inductor's persistent XBLOCK > 1. The block's threads are consecutive along a row (row_threads), so a
 * warp reads 32 / rthreads consecutive rows. xblock: the largest power of 2 <= inner-rows-max-xblock with
 * xblock * rthreads <= inner-rows-block and xblock * pow2ceil(rnumel) <= inner-rows-block-numel, halved
 * while the grid has fewer than inner-rows-min-grid blocks, but at least 32 / rthreads (a block is whole
 * warps). False (one row per block) when rthreads > max_rt, when the persistent rule refuses, or when the
 * bounds leave fewer than 32 / rthreads rows (xblock <= 1). */
static bool pack_rows(const IndPassOptions *opts, const LaunchSpace *s, int64_t vw, int64_t max_rt,
                      KernelGeometry *geom) {
  int64_t rt = pow2_ceil((s->rnumel + 7) / 8);
  if (rt > max_rt || s->rnumel > ind_opt_int(opts, "persistent-threshold"))
    return false;
  int64_t chunks = (s->rnumel + rt * vw - 1) / (rt * vw);
  if (chunks * vw > 64)
    return false;
  int64_t xb = pow2_floor(clamp(ind_opt_int(opts, "inner-rows-max-xblock"), 1, 1024));
  int64_t max_block = ind_opt_int(opts, "inner-rows-block"), max_numel = ind_opt_int(opts, "inner-rows-block-numel");
  while (xb > 1 && (xb * rt > max_block || xb * pow2_ceil(s->rnumel) > max_numel))
    xb /= 2;
  int64_t min_xb = WARP_THREADS / rt, min_grid = ind_opt_int(opts, "inner-rows-min-grid");
  while (xb / 2 >= min_xb && (s->numel + xb - 1) / xb < min_grid)
    xb /= 2;
  if (xb <= 1 || xb < min_xb)
    return false;
  *geom = (KernelGeometry){.block = xb * rt, .xblock = xb, .vector_width = vw, .row_threads = true};
  return true;
}

int64_t launch_one_row_block(int64_t rnumel) { return clamp(pow2_ceil((rnumel + 7) / 8), 32, 512); }

/* Rows too long for pack_rows (more than 16 threads at 8 elements each) and at most warp-rows-max-rnumel
 * long: a warp per row, warp-rows-xblock rows per block (a power of 2, halved while the grid has fewer
 * than inner-rows-min-grid blocks, at least 2), the row's elements vw-wide in chunks of 32 * vw, at most
 * 64 per thread. A row then reduces by shuffles alone: one row per block of pow2ceil(rnumel / 8) threads
 * (64 for 512, 128 for 768) reduces across warps through workgroup memory and two barriers. Measured on
 * an H100 (scripts/gpu/tune.py, one kernel alone, 2026-12-08): BERT's bf16 masked softmax over rows of 512
 * 9.18 -> 7.06 us, its bf16 layer norm over 768 2.85 -> 2.50 us; rows of 1024 f32 (32 elements a thread)
 * were slower for softmax (2.92 -> 3.26), hence the bound. False where an explicit reduction-block is set
 * (the caller's check), the row is persistent-threshold or more, or the bounds refuse. */
static bool warp_rows(const IndPassOptions *opts, const LaunchSpace *s, int64_t vw, KernelGeometry *geom) {
  if (pow2_ceil((s->rnumel + 7) / 8) <= WARP_THREADS / 2 || s->rnumel > ind_opt_int(opts, "warp-rows-max-rnumel") ||
      s->rnumel > ind_opt_int(opts, "persistent-threshold"))
    return false;
  int64_t chunks = (s->rnumel + WARP_THREADS * vw - 1) / (WARP_THREADS * vw);
  if (chunks * vw > 64)
    return false;
  int64_t xb = pow2_floor(clamp(ind_opt_int(opts, "warp-rows-xblock"), 1, 32));
  while (xb > 2 && (s->numel + xb - 1) / xb < ind_opt_int(opts, "inner-rows-min-grid"))
    xb /= 2;
  if (xb < 2)
    return false;
  *geom = (KernelGeometry){.block = xb * WARP_THREADS, .xblock = xb, .vector_width = vw, .row_threads = true};
  return true;
}

/* The widest vector of one vector-bytes access: vector-bytes over the narrowest float storage size (a
 * 16-byte access is 4 f32 or 8 f16/bf16), at most 8 lanes (the GPU lowering's limit). */
static int64_t max_vector_width(const IndPassOptions *opts, const LaunchSpace *s) {
  int64_t bytes = s->elem_bytes > 0 && s->elem_bytes < 4 ? s->elem_bytes : 4;
  int64_t vmax = ind_opt_int(opts, "vector-bytes") / bytes;
  return vmax > 8 ? 8 : vmax;
}

/* Pointwise threads per block: the block option, halved while half a block of `chunks` chunks of vw points
 * would still cover numel (down to 32), then the chunks halved while half of them would; xblock = block *
 * vw * chunks. */
static void pointwise_block(int64_t want, int64_t numel, int64_t vw, int64_t chunks, KernelGeometry *geom) {
  int64_t block = clamp(want, 32, 1024);
  while (block > 32 && (block / 2) * vw * chunks >= numel)
    block /= 2;
  while (chunks > 1 && block * vw * (chunks / 2) >= numel)
    chunks /= 2;
  geom->block = block;
  geom->xblock = block * vw * chunks;
}

void launch_choose_geometry(const IndPassOptions *opts, const LaunchSpace *s, KernelKind *kind, KernelGeometry *geom) {
  int64_t vmax = max_vector_width(opts, s), vw = 1;
  int vd = s->nr > 0 ? s->nx + s->nr - 1 : s->nx - 1;
  int64_t vsize = vd >= 0 ? s->ranges[vd] : 1;
  while (vw * 2 <= vmax && vsize % (vw * 2) == 0)
    vw *= 2;
  geom->vector_width = vw;
  geom->row_threads = false;
  if (s->nr == 0) {
    *kind = KERNEL_KIND_POINTWISE;
    pointwise_block(ind_opt_int(opts, "block"), s->numel, vw,
                    pow2_floor(clamp(ind_opt_int(opts, "pointwise-chunks"), 1, 64 / vw)), geom);
    return;
  }
  int64_t block = ind_opt_int(opts, "reduction-block");
  if (block <= 0 && (pack_rows(opts, s, vw, WARP_THREADS / 2, geom) || warp_rows(opts, s, vw, geom))) {
    *kind = KERNEL_KIND_PERSISTENT_REDUCTION;
    return;
  }
  if (block <= 0)
    block = launch_one_row_block(s->rnumel);
  block = clamp(block, 32, 1024) / 32 * 32;
  geom->block = block;
  geom->xblock = 1;
  int64_t chunks = (s->rnumel + block * vw - 1) / (block * vw);
  bool persistent = s->rnumel <= ind_opt_int(opts, "persistent-threshold") && chunks * vw <= 64;
  *kind = persistent ? KERNEL_KIND_PERSISTENT_REDUCTION : KERNEL_KIND_REDUCTION;
}

/* True when the body holds a reduction that carries a state (Welford, online softmax). */
static bool has_state_reduction(MlirBlock body) {
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (kernel_is_reduce(op) && kernel_reduction_family(kernel_reduce_type(op)) != KERNEL_RED_INVALID)
      return true;
  return false;
}

/* Looped inner reductions of one row per block whose body carries a state reduction and whose rows are
 * at most persistent-state-threshold long: persistent instead, with about state-elements-per-thread
 * elements per thread (block = pow2ceil(rnumel / that), clamped to [32, 1024]) while that keeps at most 64
 * elements per thread. A looped state reduction updates its state per element (a division per Welford
 * step, two exps per online-softmax step) and reads the row again for the epilogue; a persistent one keeps
 * the row in registers. Measured on an H200 at rnumel 8192 (docs/gpu.md, run 8): softmax 205.8 -> 147.9
 * us, masked softmax 235.8 -> 195.2, var_mean 76.6 -> 63.9. A reduction-block option set by the user is
 * left alone. */
void launch_choose_state_geometry(const IndPassOptions *opts, const LaunchSpace *s, MlirBlock body, KernelKind *kind,
                                  KernelGeometry *geom) {
  if (*kind != KERNEL_KIND_REDUCTION || s->nr == 0 || geom->xblock != 1 || geom->row_threads ||
      ind_opt_int(opts, "reduction-block") > 0 || s->rnumel > ind_opt_int(opts, "persistent-state-threshold") ||
      !has_state_reduction(body))
    return;
  int64_t per = clamp(ind_opt_int(opts, "state-elements-per-thread"), 1, 64);
  int64_t block = clamp(pow2_ceil((s->rnumel + per - 1) / per), WARP_THREADS, 1024);
  int64_t vw = geom->vector_width, chunks = (s->rnumel + block * vw - 1) / (block * vw);
  if (chunks * vw > 64)
    return;
  geom->block = block;
  *kind = KERNEL_KIND_PERSISTENT_REDUCTION;
}

/* Scans the body's direct linear accesses: *transposed the number of transposed reads and writes
 * (kernel_is_transposed_access: convert-kernel-to-gpu tiles the kernel, staging the access through
 * workgroup memory), *strided when a load has 2 <= |coefficient| <= 16 along the last x dim (x[3 * i +
 * k]: the unrolled sum over a last dim of 3). A transposed write counts since 2026-12-03 (run 17): y and
 * y.T written by one kernel (transpose_copy) ran 221.0 -> 216.1 us at 8192^2 and 3.36 -> 3.08 us at
 * 1024^2 from 256 threads to 512 (the transposed geometry below), docs/gpu.md. */
static void scan_loads(MlirBlock body, int nx, int *transposed, bool *strided) {
  *transposed = 0;
  *strided = false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (kernel_is_store(op))
      *transposed += kernel_is_transposed_access(op, nx);
    if (!kernel_is_load(op) || !mlirValueIsNull(kernel_load_offset(op)))
      continue;
    int64_t coef[KERNEL_MAX_RANK] = {0};
    if (!ind_affine_linearize(mlirAffineMapGetResult(kernel_index_map(op), 0), 1, coef, nx, NULL))
      continue;
    int64_t c = coef[nx - 1] < 0 ? -coef[nx - 1] : coef[nx - 1];
    *transposed += kernel_is_transposed_access(op, nx);
    *strided |= c >= 2 && c <= 16;
  }
}

/* Pointwise kernels with a transposed read: transposed-block threads, transposed-tiles tiles per block. Else, reading
 * with a short stride along the vector dim: vector width at most
 * strided-vector-width. Such a load is a scalar access per element whatever the width, and a wider vector
 * spreads one warp instruction over more cache lines (32 threads x vw x stride elements apart): on an
 * H200, small_r_sum's kernels at 1024 x 1000 ran 4.05 -> 2.94 and 6.20 -> 3.99 us from vector width 4 to
 * 2 (ind-tune, docs/gpu.md run 9). The block is chosen again for the new width. */
void launch_choose_load_geometry(const IndPassOptions *opts, const LaunchSpace *s, MlirBlock body, KernelKind *kind,
                                 KernelGeometry *geom) {
  if (*kind != KERNEL_KIND_POINTWISE || s->nx == 0)
    return;
  int transposed;
  bool strided;
  scan_loads(body, s->nx, &transposed, &strided);
  int64_t cap = ind_opt_int(opts, "strided-vector-width"), tblock = ind_opt_int(opts, "transposed-block");
  if (transposed && tblock > 0) {
    /* Transposed reads (tiles of block / 32 rows, a chunk per tile): on an H200, x + x.T ran 163 -> 156 us
     * at 8192^2 and 3.0 -> 2.6 us at 1024^2 from 256 to 512 threads (docs/perf-analysis.md, 2026-12-03
     * run 11; ind-tune's candidates agreed), and 155 -> 142 us at 8192^2 from 1 to 2 tiles per block
     * (4: 145; run 12), where at 1024^2 2 tiles (256 blocks) were no faster than 1 (512 blocks); 1024
     * threads (tiles of 32 rows: the transposed side's runs are whole 128-byte lines) with 2 tiles ran
     * 142.0 -> 139.6 us (x + x.T) and 216.8 -> 210.5 us (y and y.T, transpose_copy) at 8192^2, but x + x.T
     * lost 19 % at 1024^2 with them (256 blocks: run 18). So: the most tiles, then the largest block
     * (transposed-block halved down to transposed-min-block), such that the stacks fit the plane
     * (kernel_tiles_fit, convert-kernel-to-gpu's rule: else the flat layout, several chunks untiled), the
     * areas that staging the transposed accesses in transposed-staging-rounds rounds takes fit the static
     * workgroup memory (convert-kernel-to-gpu stages them through as many areas as fit, reused round after
     * round; by default one per round, so that one area must fit: with all three at once, grad_accumulate_t's
     * a.T + b.T + c.T got tiles of 16 rows and ran 1.30x Inductor at 8192^2, with 32-row tiles in three
     * rounds 0.97x, docs/gpu.md run 21) and the grid keeps transposed-min-grid blocks, k times as many
     * for a block of k * transposed-min-block threads (the tail of a wave of blocks twice as long costs
     * twice as much: at 2048^2 two tiles of 1024 threads, 512 blocks, ran x + x.T 4 % slower than two of
     * 512, 1024 blocks; run 19); none: one tile of transposed-min-block threads. */
    int64_t min_grid = ind_opt_int(opts, "transposed-min-grid");
    int64_t rounds = ind_opt_int(opts, "transposed-staging-rounds");
    rounds = rounds <= 0 ? transposed : clamp(rounds, 1, transposed);
    int64_t areas = (transposed + rounds - 1) / rounds;
    int64_t min_block = clamp(ind_opt_int(opts, "transposed-min-block"), 1, tblock), vw = geom->vector_width;
    for (int64_t want = pow2_floor(clamp(ind_opt_int(opts, "transposed-tiles"), 1, 64 / vw)); want >= 1; want /= 2)
      for (int64_t block = tblock; block >= min_block; block /= 2) {
        pointwise_block(block, s->numel, vw, want, geom);
        int64_t tiles = geom->xblock / (geom->block * vw);
        if (kernel_tiles_fit(s->ranges, s->nx, geom->block, vw, tiles) &&
            areas * tiles * kernel_staged_tile_floats(geom->block, vw) <= KERNEL_STATIC_SMEM_FLOATS &&
            s->numel / geom->xblock * min_block >= min_grid * geom->block)
          return;
      }
    pointwise_block(min_block, s->numel, vw, 1, geom);
    return;
  }
  if (transposed || !strided || cap <= 0 || geom->vector_width <= cap)
    return;
  int64_t chunks = geom->xblock / (geom->block * geom->vector_width);
  geom->vector_width = pow2_floor(cap);
  pointwise_block(ind_opt_int(opts, "block"), s->numel, geom->vector_width, chunks, geom);
}

int64_t launch_grid(int64_t numel, KernelGeometry geom) { return (numel + geom.xblock - 1) / geom.xblock; }

void launch_choose_scan_geometry(const IndPassOptions *opts, const LaunchSpace *s, KernelKind *kind,
                                 KernelGeometry *geom) {
  int64_t want = (s->rnumel + SCAN_ELEMS_PER_THREAD - 1) / SCAN_ELEMS_PER_THREAD, block = 32;
  while (block < want && block < SCAN_MAX_BLOCK)
    block *= 2;
  int64_t inner = s->nr > 0 ? s->ranges[s->nx + s->nr - 1] : 1, vw = inner % 4 == 0 ? 4 : 1;
  /* rows of at most a warp's threads (rnumel <= 256): packed rows, each scanned inside its warp */
  if (pack_rows(opts, s, vw, WARP_THREADS, geom)) {
    *kind = KERNEL_KIND_PERSISTENT_REDUCTION;
    return;
  }
  *geom = (KernelGeometry){block, 1, vw, false};
  *kind = s->rnumel <= block * SCAN_ELEMS_PER_THREAD ? KERNEL_KIND_PERSISTENT_REDUCTION : KERNEL_KIND_REDUCTION;
}
