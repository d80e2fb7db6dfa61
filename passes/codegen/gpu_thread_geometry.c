/* gpu_thread_geometry.c - the thread geometry of convert-kernel-to-gpu: which x points and r elements
 * each thread of a block handles (docs/passes/codegen.md, "GPU lowering"). Pointwise: vector_width
 * consecutive x points per thread, or 2-D tiles of the last two x dims for transposed reads; reductions:
 * xblock x points per block (outer: consecutive threads on consecutive x points; row_threads: the
 * rthreads threads of a row consecutive), the r-space cut into chunks of rthreads * vector_width
 * elements. */
#include "passes/codegen/gpu_gen.h"

#include <string.h>

/* Splits the linear index `lin` (lanes) into dims [first, first + n) of sizes g->ranges. */
static void decompose(Gen *g, const Lanes *lin, int first, int n) {
  for (int k = first; k < first + n; ++k)
    g->dims[k].n = lin->n;
  for (int l = 0; l < lin->n; ++l) {
    MlirValue rem = lin->v[l];
    for (int k = first + n - 1; k >= first; --k) {
      MlirValue size = cg_const_index(&g->b, g->ranges[k]);
      g->dims[k].v[l] = k == first ? rem : cg_bin(&g->b, "arith.remui", rem, size);
      if (k > first)
        rem = cg_bin(&g->b, "arith.divui", rem, size);
    }
  }
}

/* Sets the vector dim `vd` and the valid flags: lanes[c*vw + l] = base_c + l where base_c = the chunk's
 * first linear index (clamped to 0 when past `limit`). Outer dims are uniform within a chunk. */
static void setup_chunks(Gen *g, const MlirValue *base, int nchunks, int first, int n, int64_t limit, int64_t span) {
  int vw = (int)g->geom.vector_width;
  Lanes lin = {.n = nchunks};
  for (int c = 0; c < nchunks; ++c) {
    g->valid[c] = (MlirValue){NULL};
    lin.v[c] = base[c];
    if (limit % span != 0) {
      g->valid[c] = cg_cmpi(&g->b, CG_CMPI_ULT, base[c], cg_const_index(&g->b, limit));
      lin.v[c] = cg_select(&g->b, g->valid[c], base[c], cg_const_index(&g->b, 0));
    }
  }
  g->nchunks = nchunks;
  decompose(g, &lin, first, n);
  for (int c = 0; c < nchunks && !mlirValueIsNull(g->xvalid); ++c)
    g->valid[c] = mlirValueIsNull(g->valid[c]) ? g->xvalid : cg_bin(&g->b, "arith.andi", g->valid[c], g->xvalid);
  /* expand chunk values to lanes: inner dim + l, others replicated */
  for (int k = first; k < first + n; ++k) {
    Lanes d = g->dims[k];
    g->dims[k].n = nchunks * vw;
    for (int c = nchunks - 1; c >= 0; --c)
      for (int l = vw - 1; l >= 0; --l)
        g->dims[k].v[c * vw + l] =
            (k == first + n - 1 && l > 0) ? cg_bin(&g->b, "arith.addi", d.v[c], cg_const_index(&g->b, l)) : d.v[c];
  }
  if (nchunks * vw == 1)
    for (int k = first; k < first + n; ++k)
      g->dims[k].n = 1;
}

/* r dims for chunks first_chunk .. first_chunk + nchunks - 1 (first_chunk: index value). */
void gpu_setup_r_chunks(Gen *g, MlirValue first_chunk, int nchunks) {
  int64_t vw = g->geom.vector_width, chunk = g->rthreads * vw;
  MlirValue base[MAX_LANES];
  MlirValue tbase = cg_bin(&g->b, "arith.muli", g->rtid, cg_const_index(&g->b, vw));
  MlirValue cbase = cg_bin(&g->b, "arith.muli", first_chunk, cg_const_index(&g->b, chunk));
  for (int c = 0; c < nchunks; ++c)
    base[c] = cg_bin(&g->b, "arith.addi", cg_bin(&g->b, "arith.addi", cbase, cg_const_index(&g->b, c * chunk)), tbase);
  setup_chunks(g, base, nchunks, g->nx, g->nr, g->rnumel, chunk);
}

/* True when a load or a store of the pointwise kernel `body` is transposed (kernel_is_transposed_access:
 * a transposed read, as in x + x.T; a transposed write, as a transposed copy). */
bool gpu_has_transposed_load(Gen *g, MlirBlock body) {
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (kernel_is_transposed_access(op, g->nx))
      return true;
  return false;
}

/* Pointwise kernels with a transposed read: the block covers C stacked tiles of block/32 rows x 32*vw
 * columns of the last two x dims, C = xblock / (block * vw) its chunks (thread tx = tid % 32 on vw
 * consecutive columns, ty = tid / 32 on row ty of each tile), so that the 32-byte sectors a warp's
 * transposed loads touch are used up by the block's other rows (through L1) instead of by other
 * blocks, and C tiles' loads are in flight at once. Needs exact division of both dims; false otherwise. */
bool gpu_can_tile(Gen *g) {
  int64_t vw = g->geom.vector_width, c = gpu_tiles_per_block(g);
  return g->geom.xblock == g->geom.block * vw * c && c * vw <= MAX_LANES &&
         kernel_tiles_fit(g->ranges, g->nx, g->geom.block, vw, c);
}

/* The load's index as coefficients per x dim and a constant; false unless a direct load, linear. */
static bool direct_load_coefs(Gen *g, MlirOperation op, int64_t *coef, int64_t *cst) {
  if (!kernel_is_load(op) || !mlirValueIsNull(kernel_load_offset(op)))
    return false;
  MlirAffineMap m = kernel_index_map(op);
  if (mlirAffineMapIsNull(m) || mlirAffineMapGetNumResults(m) != 1)
    return false;
  memset(coef, 0, MAX_DIMS * sizeof *coef);
  *cst = 0;
  return ind_affine_linearize(mlirAffineMapGetResult(m, 0), 1, coef, g->nx, cst);
}

/* Loads D and T of one buffer with D = B[.., r * n + c] (stride 1 along the last x dim c) and T =
 * B[.., c * n + r] (the same coefficients, the last two swapped): tile (i, j)'s transposed read is then
 * exactly tile (j, i)'s direct read, and setup_tiled visits the two tiles back to back so that the second
 * read of each element comes from L2 instead of DRAM (x + x.T reads x once). */
bool gpu_has_mirror_read(Gen *g, MlirBlock body) {
  if (g->nx < 2)
    return false;
  int a = g->nx - 2, b = g->nx - 1;
  for (MlirOperation d = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(d);
       d = mlirOperationGetNextInBlock(d)) {
    int64_t cd[MAX_DIMS], kd;
    if (!direct_load_coefs(g, d, cd, &kd) || cd[b] != 1 || cd[a] <= 1)
      continue;
    for (MlirOperation t = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(t);
         t = mlirOperationGetNextInBlock(t)) {
      int64_t ct[MAX_DIMS], kt;
      if (t.ptr == d.ptr || !direct_load_coefs(g, t, ct, &kt) ||
          !mlirValueEqual(kernel_load_buffer(t), kernel_load_buffer(d)) || kt != kd || ct[a] != cd[b] || ct[b] != cd[a])
        continue;
      bool same = true;
      for (int k = 0; k < a && same; ++k)
        same = ct[k] == cd[k];
      if (same)
        return true;
    }
  }
  return false;
}

/* Mirror order (g->mirror, square x planes): the tiles are grouped into S x S super-tiles, S = mirror_side,
 * a multiple of both tile sides (tiles are h = block/32 rows by w = 32 * vw columns), and the n x n super-tiles
 * are visited as mirror pairs: u < n(n-1) is the pair p = u / 2 of the strictly upper triangle, the
 * rows q and n-2-q of that triangle folded into one row of n pairs (p = q * n + k), u odd its mirror;
 * the diagonal super-tiles come last. A bijection on the same grid as the raster order (per plane:
 * n^2 super-tiles of (S/h)(S/w) blocks each). Sets *tr, *tc (tile row and column) and returns the plane. */
static MlirValue mirror_tile(Gen *g, int64_t rows, int64_t h, int64_t w, int64_t side, MlirValue *tr, MlirValue *tc) {
  int64_t n = rows / side, per_r = side / h, per_c = side / w, per = per_r * per_c;
  MlirValue v = cg_bin(&g->b, "arith.remui", g->bid, cg_const_index(&g->b, per)),
            all = cg_bin(&g->b, "arith.divui", g->bid, cg_const_index(&g->b, per));
  MlirValue u = cg_bin(&g->b, "arith.remui", all, cg_const_index(&g->b, n * n)),
            plane = cg_bin(&g->b, "arith.divui", all, cg_const_index(&g->b, n * n));
  MlirValue p = cg_bin(&g->b, "arith.divui", u, cg_const_index(&g->b, 2)),
            s = cg_bin(&g->b, "arith.remui", u, cg_const_index(&g->b, 2));
  MlirValue q = cg_bin(&g->b, "arith.divui", p, cg_const_index(&g->b, n)),
            k = cg_bin(&g->b, "arith.remui", p, cg_const_index(&g->b, n));
  MlirValue len = cg_bin(&g->b, "arith.subi", cg_const_index(&g->b, n - 1), q); /* n - 1 - q: row q's pairs */
  MlirValue first = cg_cmpi(&g->b, CG_CMPI_ULT, k, len);
  MlirValue r = cg_select(&g->b, first, q, cg_bin(&g->b, "arith.subi", cg_const_index(&g->b, n - 2), q));
  MlirValue c = cg_bin(&g->b, "arith.addi", cg_bin(&g->b, "arith.addi", r, cg_const_index(&g->b, 1)),
                       cg_select(&g->b, first, k, cg_bin(&g->b, "arith.subi", k, len)));
  MlirValue odd = cg_cmpi(&g->b, CG_CMPI_EQ, s, cg_const_index(&g->b, 1));
  MlirValue pi = cg_select(&g->b, odd, c, r), pj = cg_select(&g->b, odd, r, c);
  MlirValue diag = cg_bin(&g->b, "arith.subi", u, cg_const_index(&g->b, n * (n - 1)));
  MlirValue paired = cg_cmpi(&g->b, CG_CMPI_ULT, u, cg_const_index(&g->b, n * (n - 1)));
  MlirValue si = cg_select(&g->b, paired, pi, diag), sj = cg_select(&g->b, paired, pj, diag);
  *tr = cg_bin(&g->b, "arith.addi", cg_bin(&g->b, "arith.muli", si, cg_const_index(&g->b, per_r)),
               cg_bin(&g->b, "arith.divui", v, cg_const_index(&g->b, per_c)));
  *tc = cg_bin(&g->b, "arith.addi", cg_bin(&g->b, "arith.muli", sj, cg_const_index(&g->b, per_c)),
               cg_bin(&g->b, "arith.remui", v, cg_const_index(&g->b, per_c)));
  return plane;
}

static int64_t gcd64(int64_t a, int64_t b) { return b ? gcd64(b, a % b) : a; }

/* The mirror order's super-tile side: the least common multiple of the tile's sides, so that a
 * super-tile is whole tiles (tiles of 3 rows by 128 columns, block 96: super-tiles of 384; the larger
 * side alone, 128, made 42 tile rows of 3 per super-tile and left rows unvisited). Larger super-tiles
 * (256 .. 2048 on x + x.T at 8192^2) measured no faster on an H200 (docs/perf-analysis.md). */
static int64_t mirror_side(int64_t h, int64_t w) { return h / gcd64(h, w) * w; }

/* The block's stack of C tiles is C * block/32 rows by 32 * vw columns: block (tr, tc) of the grid
 * below; sub-tile c (the thread's lanes c * vw ..) is tile row tr * C + c. */
static bool setup_tiled(Gen *g) {
  int64_t vw = g->geom.vector_width, ty_n = g->geom.block / WARP, nt = gpu_tiles_per_block(g), h = ty_n * nt;
  int64_t rows = g->ranges[g->nx - 2], cols = g->ranges[g->nx - 1], tcols = WARP * vw;
  if (!gpu_can_tile(g))
    return false;
  MlirValue tx = cg_bin(&g->b, "arith.remui", g->tid, cg_const_index(&g->b, WARP)),
            ty = cg_bin(&g->b, "arith.divui", g->tid, cg_const_index(&g->b, WARP));
  int64_t side = mirror_side(h, tcols);
  MlirValue tr, tc, plane;
  if (g->mirror && rows == cols && rows % side == 0) {
    plane = mirror_tile(g, rows, h, tcols, side, &tr, &tc);
  } else {
    tc = cg_bin(&g->b, "arith.remui", g->bid, cg_const_index(&g->b, cols / tcols));
    MlirValue rest = cg_bin(&g->b, "arith.divui", g->bid, cg_const_index(&g->b, cols / tcols));
    tr = cg_bin(&g->b, "arith.remui", rest, cg_const_index(&g->b, rows / h));
    plane = cg_bin(&g->b, "arith.divui", rest, cg_const_index(&g->b, rows / h));
  }
  g->ttx = tx;
  g->tty = ty;
  g->ttr = tr; /* the block's first tile is tile row tr * C */
  g->ttc = tc;
  Lanes outer = {.n = 1, .v = {plane}};
  decompose(g, &outer, 0, g->nx - 2);
  MlirValue row = cg_bin(&g->b, "arith.addi", cg_bin(&g->b, "arith.muli", tr, cg_const_index(&g->b, h)), ty);
  MlirValue col = cg_bin(&g->b, "arith.addi", cg_bin(&g->b, "arith.muli", tc, cg_const_index(&g->b, tcols)),
                         cg_bin(&g->b, "arith.muli", tx, cg_const_index(&g->b, vw)));
  Lanes *r = &g->dims[g->nx - 2], *c = &g->dims[g->nx - 1];
  r->n = c->n = (int)(nt * vw);
  for (int64_t t = 0; t < nt; ++t) {
    MlirValue rt = t == 0 ? row : cg_bin(&g->b, "arith.addi", row, cg_const_index(&g->b, t * ty_n));
    for (int64_t l = 0; l < vw; ++l) {
      r->v[t * vw + l] = rt;
      c->v[t * vw + l] = l == 0 ? col : t == 0 ? cg_bin(&g->b, "arith.addi", col, cg_const_index(&g->b, l)) : c->v[l];
    }
  }
  if (nt * vw == 1)
    r->n = c->n = 1;
  else if (nt == 1)
    r->n = 1; /* one tile: the row is the same for every lane */
  g->nchunks = (int)nt;
  for (int64_t t = 0; t < nt; ++t)
    g->valid[t] = (MlirValue){NULL};
  return true;
}

bool gpu_setup_geometry(Gen *g) {
  int64_t vw = g->geom.vector_width, block = g->geom.block;
  int vdim_size = g->vd >= 0 ? (int)g->ranges[g->vd] : 1;
  if (block < 1 || block > 1024 || vw < 1 || vw > 8 || (vw & (vw - 1)) || vdim_size % vw != 0)
    return fail(g, g->def,
                "bad geometry: block must be in [1, 1024], vector_width a power of 2 <= 8 dividing "
                "the innermost range");
  g->tid = gpu_id(g, "gpu.thread_id");
  g->bid = gpu_id(g, "gpu.block_id");
  if (g->kind == KERNEL_KIND_POINTWISE) {
    /* chunks of block * vw consecutive points: thread t handles vw points at (b * C + c) * block + t of
     * each chunk c < C = xblock / (block * vw) (Triton's layout of an XBLOCK wider than the threads) */
    int64_t span = block * vw, nchunks = span > 0 ? g->geom.xblock / span : 0;
    if (nchunks < 1 || g->geom.xblock % span != 0 || (nchunks & (nchunks - 1)) || nchunks * vw > MAX_LANES)
      return fail(g, g->def,
                  "pointwise kernels need xblock = block * vector_width * C, C a power of 2 with C * "
                  "vector_width <= 64");
    MlirValue base[MAX_LANES];
    MlirValue first = cg_bin(&g->b, "arith.muli", g->bid, cg_const_index(&g->b, nchunks * block));
    for (int64_t c = 0; c < nchunks; ++c) {
      MlirValue start = c == 0 ? first : cg_bin(&g->b, "arith.addi", first, cg_const_index(&g->b, c * block));
      MlirValue point = cg_bin(&g->b, "arith.addi", start, g->tid);
      base[c] = cg_bin(&g->b, "arith.muli", point, cg_const_index(&g->b, vw));
    }
    if (g->nx == 0) {
      g->valid[0] = cg_cmpi(&g->b, CG_CMPI_EQ, base[0], cg_const_index(&g->b, 0));
      g->nchunks = 1;
      return true;
    }
    if (g->tiled && setup_tiled(g))
      return !g->failed;
    setup_chunks(g, base, (int)nchunks, 0, g->nx, g->numel, g->geom.xblock); /* guarded unless xblock | numel */
    return !g->failed;
  }
  int64_t xb = g->geom.xblock;
  bool rows = g->geom.row_threads && xb > 1;
  if (g->nr == 0 || xb < 1 || block % WARP != 0 || block % xb != 0 || (xb > 1 && !rows && vw != 1))
    return fail(g, g->def,
                "reduction kernels need rranges, block a multiple of 32 and of xblock, and "
                "vector_width 1 when xblock > 1 (unless row_threads)");
  g->rthreads = block / xb;
  if (rows && (g->rthreads > WARP || WARP % g->rthreads != 0))
    return fail(g, g->def, "row_threads needs block / xblock to be a power of 2 <= 32 (a row within a warp)");
  Lanes lin = {.n = 1, .v = {g->bid}};
  g->rtid = g->tid;
  if (xb > 1) {
    /* outer: t = rtid * xblock + tx; row_threads: t = tx * rthreads + rtid */
    g->tx = cg_bin(&g->b, rows ? "arith.divui" : "arith.remui", g->tid, cg_const_index(&g->b, rows ? g->rthreads : xb));
    g->rtid =
        cg_bin(&g->b, rows ? "arith.remui" : "arith.divui", g->tid, cg_const_index(&g->b, rows ? g->rthreads : xb));
    lin.v[0] = cg_bin(&g->b, "arith.addi", cg_bin(&g->b, "arith.muli", g->bid, cg_const_index(&g->b, xb)), g->tx);
    if (g->numel % xb != 0) {
      g->xvalid = cg_cmpi(&g->b, CG_CMPI_ULT, lin.v[0], cg_const_index(&g->b, g->numel));
      lin.v[0] = cg_select(&g->b, g->xvalid, lin.v[0], cg_const_index(&g->b, 0));
    }
  }
  decompose(g, &lin, 0, g->nx);
  if (g->kind == KERNEL_KIND_PERSISTENT_REDUCTION) {
    int64_t chunk = g->rthreads * vw, nchunks = (g->rnumel + chunk - 1) / chunk;
    if (nchunks * vw > MAX_LANES)
      return fail(g, g->def,
                  "persistent reduction needs more than 64 elements per thread: use a looped "
                  "reduction or more threads");
    gpu_setup_r_chunks(g, cg_const_index(&g->b, 0), (int)nchunks);
  }
  return !g->failed;
}
