/* gpu_thread_geometry.c - the thread geometry of convert-kernel-to-gpu: which x points and r elements
 * each thread of a block handles (docs/passes/codegen.md, "GPU lowering"). Pointwise: vector_width
 * consecutive x points per thread, or 2-D tiles of the last two x dims for transposed reads; reductions:
 * xblock x points per block (outer: consecutive threads on consecutive x points; row_threads: the
 * rthreads threads of a row consecutive), the r-space cut into chunks of rthreads * vector_width
 * elements. */
#include "passes/codegen/gpu_gen.h"

/* Splits the linear index `lin` (lanes) into dims [first, first + n) of sizes g->ranges. */
static void decompose(Gen *g, const Lanes *lin, int first, int n) {
  for (int k = first; k < first + n; ++k)
    g->dims[k].n = lin->n;
  for (int l = 0; l < lin->n; ++l) {
    MlirValue rem = lin->v[l];
    for (int k = first + n - 1; k >= first; --k) {
      MlirValue size = cidx(g, g->ranges[k]);
      g->dims[k].v[l] = k == first ? rem : bin(g, "arith.remui", rem, size);
      if (k > first)
        rem = bin(g, "arith.divui", rem, size);
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
      g->valid[c] = cmpi(g, CMP_ULT, base[c], cidx(g, limit));
      lin.v[c] = select_(g, g->valid[c], base[c], cidx(g, 0));
    }
  }
  g->nchunks = nchunks;
  decompose(g, &lin, first, n);
  for (int c = 0; c < nchunks && !mlirValueIsNull(g->xvalid); ++c)
    g->valid[c] = mlirValueIsNull(g->valid[c]) ? g->xvalid : bin(g, "arith.andi", g->valid[c], g->xvalid);
  /* expand chunk values to lanes: inner dim + l, others replicated */
  for (int k = first; k < first + n; ++k) {
    Lanes d = g->dims[k];
    g->dims[k].n = nchunks * vw;
    for (int c = nchunks - 1; c >= 0; --c)
      for (int l = vw - 1; l >= 0; --l)
        g->dims[k].v[c * vw + l] = (k == first + n - 1 && l > 0) ? bin(g, "arith.addi", d.v[c], cidx(g, l)) : d.v[c];
  }
  if (nchunks * vw == 1)
    for (int k = first; k < first + n; ++k)
      g->dims[k].n = 1;
}

/* r dims for chunks first_chunk .. first_chunk + nchunks - 1 (first_chunk: index value). */
void gpu_setup_r_chunks(Gen *g, MlirValue first_chunk, int nchunks) {
  int64_t vw = g->geom.vector_width, chunk = g->rthreads * vw;
  MlirValue base[MAX_LANES];
  MlirValue tbase = bin(g, "arith.muli", g->rtid, cidx(g, vw));
  MlirValue cbase = bin(g, "arith.muli", first_chunk, cidx(g, chunk));
  for (int c = 0; c < nchunks; ++c)
    base[c] = bin(g, "arith.addi", bin(g, "arith.addi", cbase, cidx(g, c * chunk)), tbase);
  setup_chunks(g, base, nchunks, g->nx, g->nr, g->rnumel, chunk);
}

/* True when a load or a store of the pointwise kernel `body` is contiguous along the second-to-last x dim
 * but not along the last (a transposed read, as in x + x.T; a transposed write, as a transposed copy). */
bool gpu_has_transposed_load(Gen *g, MlirBlock body) {
  if (g->nx < 2)
    return false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    bool direct = (kernel_is_load(op) && mlirValueIsNull(kernel_load_offset(op))) || kernel_is_store(op);
    MlirAffineMap m = direct ? kernel_index_map(op) : (MlirAffineMap){NULL};
    if (mlirAffineMapIsNull(m) || mlirAffineMapGetNumResults(m) != 1)
      continue;
    int64_t coef[MAX_DIMS] = {0}, cst = 0;
    if (linearize(mlirAffineMapGetResult(m, 0), 1, coef, g->nx, &cst) && coef[g->nx - 2] == 1 && coef[g->nx - 1] != 1 &&
        coef[g->nx - 1] != 0)
      return true;
  }
  return false;
}

/* Pointwise kernels with a transposed read: the block covers a tile of block/32 rows x 32*vw columns of
 * the last two x dims (thread tx = tid % 32 on vw consecutive columns, ty = tid / 32 on a row), so that
 * the 32-byte sectors a warp's transposed loads touch are used up by the block's other rows (through
 * L1) instead of by other blocks. Needs exact division of both dims; false otherwise. */
bool gpu_can_tile(Gen *g) {
  int64_t vw = g->geom.vector_width, ty_n = g->geom.block / WARP;
  return g->nx >= 2 && g->geom.block % WARP == 0 && g->ranges[g->nx - 1] % (WARP * vw) == 0 &&
         g->ranges[g->nx - 2] % ty_n == 0;
}

static bool setup_tiled(Gen *g) {
  int64_t vw = g->geom.vector_width, ty_n = g->geom.block / WARP;
  int64_t rows = g->ranges[g->nx - 2], cols = g->ranges[g->nx - 1], tcols = WARP * vw;
  if (!gpu_can_tile(g))
    return false;
  MlirValue tx = bin(g, "arith.remui", g->tid, cidx(g, WARP)), ty = bin(g, "arith.divui", g->tid, cidx(g, WARP));
  MlirValue tc = bin(g, "arith.remui", g->bid, cidx(g, cols / tcols));
  MlirValue rest = bin(g, "arith.divui", g->bid, cidx(g, cols / tcols));
  MlirValue tr = bin(g, "arith.remui", rest, cidx(g, rows / ty_n));
  g->ttx = tx;
  g->tty = ty;
  g->ttr = tr;
  g->ttc = tc;
  Lanes outer = {.n = 1, .v = {bin(g, "arith.divui", rest, cidx(g, rows / ty_n))}};
  decompose(g, &outer, 0, g->nx - 2);
  g->dims[g->nx - 2] = (Lanes){.n = 1, .v = {bin(g, "arith.addi", bin(g, "arith.muli", tr, cidx(g, ty_n)), ty)}};
  MlirValue col = bin(g, "arith.addi", bin(g, "arith.muli", tc, cidx(g, tcols)), bin(g, "arith.muli", tx, cidx(g, vw)));
  g->dims[g->nx - 1].n = (int)vw;
  for (int l = 0; l < vw; ++l)
    g->dims[g->nx - 1].v[l] = l == 0 ? col : bin(g, "arith.addi", col, cidx(g, l));
  if (vw == 1)
    g->dims[g->nx - 1].n = 1;
  g->nchunks = 1;
  g->valid[0] = (MlirValue){NULL};
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
    MlirValue first = bin(g, "arith.muli", g->bid, cidx(g, nchunks * block));
    for (int64_t c = 0; c < nchunks; ++c) {
      MlirValue start = c == 0 ? first : bin(g, "arith.addi", first, cidx(g, c * block));
      MlirValue point = bin(g, "arith.addi", start, g->tid);
      base[c] = bin(g, "arith.muli", point, cidx(g, vw));
    }
    if (g->nx == 0) {
      g->valid[0] = cmpi(g, CMP_EQ, base[0], cidx(g, 0));
      g->nchunks = 1;
      return true;
    }
    if (g->tiled && nchunks == 1 && setup_tiled(g))
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
    g->tx = bin(g, rows ? "arith.divui" : "arith.remui", g->tid, cidx(g, rows ? g->rthreads : xb));
    g->rtid = bin(g, rows ? "arith.remui" : "arith.divui", g->tid, cidx(g, rows ? g->rthreads : xb));
    lin.v[0] = bin(g, "arith.addi", bin(g, "arith.muli", g->bid, cidx(g, xb)), g->tx);
    if (g->numel % xb != 0) {
      g->xvalid = cmpi(g, CMP_ULT, lin.v[0], cidx(g, g->numel));
      lin.v[0] = select_(g, g->xvalid, lin.v[0], cidx(g, 0));
    }
  }
  decompose(g, &lin, 0, g->nx);
  if (g->kind == KERNEL_KIND_PERSISTENT_REDUCTION) {
    int64_t chunk = g->rthreads * vw, nchunks = (g->rnumel + chunk - 1) / chunk;
    if (nchunks * vw > MAX_LANES)
      return fail(g, g->def,
                  "persistent reduction needs more than 64 elements per thread: use a looped "
                  "reduction or more threads");
    gpu_setup_r_chunks(g, cidx(g, 0), (int)nchunks);
  }
  return !g->failed;
}
