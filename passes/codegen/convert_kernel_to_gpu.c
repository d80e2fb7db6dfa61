/* convert_kernel_to_gpu.c - `convert-kernel-to-gpu`: every kernel.def becomes a gpu.func (kernel) in
 * one gpu.module @ind_kernels, written in upstream gpu/scf/vector/memref/arith/math ops that the NVVM
 * pipeline of docs/passes/codegen.md lowers to PTX.
 *
 * The mapping (docs/passes/codegen.md, "GPU lowering"):
 * - pointwise: program = block; thread t of block b handles `vector_width` consecutive x points
 *   starting at ((b * block) + t) * vector_width (the innermost x dim is the vector dim); a thread whose
 *   points are past numel computes at a clamped index and does not store. With a transposed read the
 *   block covers a 2-D tile of the last two x dims instead (setup_tiled).
 * - reductions: program = block = xblock x points (xblock = 1: inner reductions; xblock > 1: outer
 *   reductions, thread t = rtid * xblock + tx serving x point b * xblock + tx, so that a warp reads
 *   consecutive x; xblock > 1 with row_threads: short inner reductions, thread t = tx * rthreads + rtid,
 *   a row's threads consecutive and the butterfly over offsets < rthreads); the r-space is split into chunks of
 * rthreads * vector_width elements (rthreads = block / xblock), thread rtid handling elements (c * rthreads + rtid) *
 * vector_width + l of chunk c. persistent_reduction: all chunks unrolled, the thread's slice kept in registers;
 *   reduction (looped): each kernel.reduce becomes an scf.for over the chunks accumulating in
 *   registers, r-varying values are recomputed in each loop that needs them, and r-varying stores go to
 *   a final loop. A kernel.reduce is finished by a gpu.shuffle xor butterfly in each warp, then one
 *   value per warp in workgroup (shared) memory and every thread combining those (outer reductions: the
 *   rthreads values of an x point through workgroup memory).
 * - scans (kernel.scan, one row per block or packed rows): a tile is the row's chunk of rthreads *
 *   vector_width elements, each thread scanning its vector_width consecutive elements sequentially; the
 *   thread totals are scanned across the warp with gpu.shuffle up, the warp totals through workgroup memory
 *   (packed rows: within the row's lanes, the total by gpu.shuffle idx), and each thread adds its exclusive
 *   prefix and the carry of the tiles before (persistent: the tiles unrolled; looped: an scf.for over the
 *   tiles carrying it, a float sum's carry Kahan-compensated).
 * - loads/stores whose index has coefficient 1 in the vector dim and a vector_width-aligned rest
 *   become vector.load/store {alignment}; loads that do not depend on the vector dim are loaded once per
 *   vector; anything else is a scalar access per element.
 * Kernel arguments keep their static 1-D memref types (bare pointers after convert-gpu-to-nvvm) and
 * get {llvm.noalias} (buffers passed to one kernel never overlap: see kernel-reuse-buffers).
 *
 * Requires: a kernel-level module (docs/dialects/kernel.md). Breaks: the host wrapper's kernel.launch
 * symbols no longer resolve to kernel.defs (the wrapper is left as it is; the PTX emitter drops it).
 * Failure: a located error for a kernel this lowering cannot map (unsupported body op, geometry that
 * does not divide the ranges, more than 64 elements per thread in a persistent reduction, ...). */
#include "dialects/ind/ind.h"
#include "dialects/kernel/kernel.h"
#include "ind/checked.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "lib/vec.h"
#include "passes/codegen/check_sites.h"
#include "passes/codegen/fptosi_sat.h"
#include "passes/codegen/gpu_gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the value table */

static const Lanes *lookup(Gen *g, MlirValue v) { return cg_map_find(&g->vals, v, 0); }

static void bind(Gen *g, MlirValue key, const Lanes *l) { cg_map_put(&g->vals, key, l); }

static MlirValue lane(const Lanes *l, int i) { return l->v[l->n == 1 ? 0 : i]; }

/* --- r-varying analysis: an op is r-varying when its index uses an r dim or an operand is r-varying
 * (kernel.reduce ends the chain). */

static bool is_rvar_op(Gen *g, MlirOperation op) {
  for (int i = 0; i < g->nrvar; ++i)
    if (mlirOperationEqual(g->rvar_ops[i], op))
      return true;
  return false;
}

static bool is_rvar_value(Gen *g, MlirValue v) {
  return mlirValueIsAOpResult(v) && is_rvar_op(g, mlirOpResultGetOwner(v));
}

static bool index_uses_r(Gen *g, MlirAffineMap m) {
  if (mlirAffineMapIsNull(m) || mlirAffineMapGetNumResults(m) != 1)
    return false;
  MlirAffineExpr e = mlirAffineMapGetResult(m, 0);
  for (int k = g->nx; k < g->nx + g->nr; ++k)
    if (mlirAffineExprIsFunctionOfDim(e, k))
      return true;
  return false;
}

static void analyze_rvar(Gen *g, MlirBlock body) {
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    KernelOpId id = kernel_op_id(op);
    if (id == KERNEL_OP_REDUCE || id == KERNEL_OP_STORE || mlirOperationGetNumResults(op) == 0)
      continue;
    bool rv = id == KERNEL_OP_SCAN ||
              ((id == KERNEL_OP_LOAD || id == KERNEL_OP_INDEX_EXPR) && index_uses_r(g, kernel_index_map(op)));
    for (intptr_t i = 0; !rv && i < mlirOperationGetNumOperands(op); ++i)
      rv = is_rvar_value(g, mlirOperationGetOperand(op, i));
    if (rv) {
      MlirOperation *p = realloc(g->rvar_ops, (size_t)(g->nrvar + 1) * sizeof *p);
      if (!p)
        abort();
      g->rvar_ops = p;
      g->rvar_ops[g->nrvar++] = op;
    }
  }
}

/* --- affine index expressions */

/* Whether `e` is >= 0 for every value of its dims, which are thread and block coordinates here (>= 0, with
 * no upper bound that holds for a masked lane): constants >= 0, dims, and sums, products by constants >= 0,
 * divisions and mods of such. */
static bool never_negative(MlirAffineExpr e) {
  if (mlirAffineExprIsAConstant(e))
    return mlirAffineConstantExprGetValue(e) >= 0;
  if (mlirAffineExprIsADim(e))
    return true;
  if (!mlirAffineExprIsABinary(e))
    return false;
  MlirAffineExpr l = mlirAffineBinaryOpExprGetLHS(e), r = mlirAffineBinaryOpExprGetRHS(e);
  if (mlirAffineExprIsAMod(e))
    return true; /* emitted in [0, c) */
  return never_negative(l) && never_negative(r);
}

/* floordiv, ceildiv or mod of `a` by the constant c > 0 with affine semantics (floor; a mod in [0, c)):
 * unsigned division where the dividend is never negative (the common case: one instruction), else signed
 * division corrected by the remainder's sign. A flipped or rolled index (-d0 + 9) floordiv 22, where a
 * divui read the negative dividend as a huge unsigned number, made such kernels load and select wrong
 * elements on the GPU only (fuzz seeds 9408 and 10264 of 2026-12-06). */
static MlirValue emit_div_mod(Gen *g, MlirAffineExpr e, MlirValue a, int64_t c, bool unsigned_ok) {
  MlirValue cv = cg_const_index(&g->b, c);
  bool mod = mlirAffineExprIsAMod(e), floor = mlirAffineExprIsAFloorDiv(e);
  if (unsigned_ok)
    return cg_bin(&g->b, mod ? "arith.remui" : floor ? "arith.divui" : "arith.ceildivui", a, cv);
  MlirValue zero = cg_const_index(&g->b, 0), one = cg_const_index(&g->b, 1);
  MlirValue r = cg_bin(&g->b, "arith.remsi", a, cv);
  if (mod) /* r in (-c, c): r < 0 -> r + c */
    return cg_select(&g->b, cg_cmpi(&g->b, CG_CMPI_SLT, r, zero), cg_bin(&g->b, "arith.addi", r, cv), r);
  MlirValue q = cg_bin(&g->b, "arith.divsi", a, cv); /* truncated toward zero */
  if (floor)                                         /* a < 0 with a remainder: one less */
    return cg_select(&g->b, cg_cmpi(&g->b, CG_CMPI_SLT, r, zero), cg_bin(&g->b, "arith.subi", q, one), q);
  return cg_select(&g->b, cg_cmpi(&g->b, CG_CMPI_SLT, zero, r), cg_bin(&g->b, "arith.addi", q, one), q);
}

/* Emits the value of `e` for lane `ln` of the current dims. */
static MlirValue emit_expr(Gen *g, MlirOperation at, MlirAffineExpr e, int ln) {
  if (mlirAffineExprIsADim(e)) {
    intptr_t k = mlirAffineDimExprGetPosition(e);
    if (k >= g->nx + g->nr || g->dims[k].n == 0) {
      fail(g, at, "index uses a dim outside the kernel's ranges");
      return cg_const_index(&g->b, 0);
    }
    return lane(&g->dims[k], ln);
  }
  if (mlirAffineExprIsAConstant(e))
    return cg_const_index(&g->b, mlirAffineConstantExprGetValue(e));
  if (!mlirAffineExprIsABinary(e)) {
    fail(g, at, "index uses symbols");
    return cg_const_index(&g->b, 0);
  }
  MlirAffineExpr lhs = mlirAffineBinaryOpExprGetLHS(e), rhs = mlirAffineBinaryOpExprGetRHS(e);
  MlirValue a = emit_expr(g, at, lhs, ln);
  if (mlirAffineExprIsAAdd(e) || mlirAffineExprIsAMul(e)) {
    MlirValue b = emit_expr(g, at, rhs, ln);
    return cg_bin(&g->b, mlirAffineExprIsAAdd(e) ? "arith.addi" : "arith.muli", a, b);
  }
  /* a floordiv, ceildiv or mod: by a positive constant in an index without symbols */
  if (!mlirAffineExprIsAConstant(rhs) || mlirAffineConstantExprGetValue(rhs) <= 0) {
    fail(g, at, "index divides by something other than a positive constant");
    return cg_const_index(&g->b, 0);
  }
  return emit_div_mod(g, e, a, mlirAffineConstantExprGetValue(rhs), never_negative(lhs));
}

typedef enum Access { ACCESS_UNIFORM, ACCESS_PER_CHUNK, ACCESS_VECTOR, ACCESS_PER_LANE } Access;

/* Storage types that vector accesses serve: f32, and f16/bf16 (8 to a 16-byte access, computed in f32
 * after an extf per lane, as Inductor's Triton kernels do). */
static bool vector_storage(MlirType elem) {
  return mlirTypeIsAF32(elem) || mlirTypeIsAF16(elem) || mlirTypeIsABF16(elem);
}

/* How the lanes of one access with index `e` to a buffer of `elem` type are served. */
static Access classify(Gen *g, MlirAffineExpr e, MlirType elem, int *nlanes) {
  int n = 1;
  for (int k = 0; k < g->nx + g->nr; ++k)
    if (mlirAffineExprIsFunctionOfDim(e, k) && g->dims[k].n > n)
      n = g->dims[k].n;
  *nlanes = n;
  if (n == 1)
    return ACCESS_UNIFORM;
  int vw = (int)g->geom.vector_width;
  if (g->vd < 0 || vw == 1)
    return ACCESS_PER_LANE;
  if (!mlirAffineExprIsFunctionOfDim(e, g->vd))
    return ACCESS_PER_CHUNK;
  int64_t coef[MAX_DIMS] = {0}, cst = 0;
  if (!ind_affine_linearize(e, 1, coef, g->nx + g->nr, &cst) || coef[g->vd] != 1 || cst % vw != 0 ||
      !vector_storage(elem))
    return ACCESS_PER_LANE;
  for (int k = 0; k < g->nx + g->nr; ++k)
    if (k != g->vd && coef[k] % vw != 0)
      return ACCESS_PER_LANE;
  return ACCESS_VECTOR;
}

/* --- body ops */

static bool emit_value(Gen *g, MlirValue v, Lanes *out);
static bool emit_scan(Gen *g, MlirOperation op, Lanes *out);

static MlirType memref_elem(MlirValue buf) { return mlirShapedTypeGetElementType(mlirValueGetType(buf)); }

static MlirValue load_scalar(Gen *g, MlirValue buf, MlirValue idx) {
  MlirValue ops[2] = {buf, idx};
  return cg_op1(&g->b, "memref.load", 2, ops, memref_elem(buf), 0, NULL);
}

/* The alignment of a vector access of vector_width elements of `elem` at an index that is a multiple of
 * vector_width: its size, at most 16 bytes (what the buffers' base alignment guarantees). */
static MlirNamedAttribute align_attr(Gen *g, MlirType elem) {
  int64_t bytes = (int64_t)ind_memref_elem_size(elem) * g->geom.vector_width;
  return cg_named(&g->b, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(g->b.ctx, 64), bytes < 16 ? bytes : 16));
}

static bool is_int_type(MlirType t, unsigned width) {
  return mlirTypeIsAInteger(t) && (width == 0 || mlirIntegerTypeGetWidth(t) == width);
}

/* Converts between a storage and a compute type with cg_convert: float <-> float (extf/truncf), integer -> float
 * (sitofp; i1 uitofp), float -> integer (saturating fptosi, fptosi_sat.h; i1 is x != 0), integer -> integer (extui of
 * an i1, x != 0 to i1, extsi/trunci). Anything else (an index too) is a located error naming both types. */
static MlirValue convert_value(Gen *g, MlirOperation at, MlirValue v, MlirType to, const char *what) {
  MlirType from = mlirValueGetType(v);
  if (mlirTypeEqual(from, to))
    return v;
  bool numbers = (mlirTypeIsAFloat(from) || is_int_type(from, 0)) && (mlirTypeIsAFloat(to) || is_int_type(to, 0));
  if (numbers)
    return cg_convert(&g->b, v, to);
  IndStrBuf a = {0}, b = {0};
  mlirTypePrint(from, ind_strbuf_callback, &a);
  mlirTypePrint(to, ind_strbuf_callback, &b);
  char msg[256];
  snprintf(msg, sizeof msg, "unsupported %s conversion from %s to %s", what, a.data ? a.data : "?",
           b.data ? b.data : "?");
  ind_strbuf_free(&a);
  ind_strbuf_free(&b);
  fail(g, at, msg);
  return v;
}

/* Converts a loaded storage value to the load's result type. */
static MlirValue to_compute(Gen *g, MlirOperation at, MlirValue v, MlirType res) {
  return convert_value(g, at, v, res, "load (storage type to compute type)");
}

static MlirValue to_storage(Gen *g, MlirOperation at, MlirValue v, MlirType storage) {
  return convert_value(g, at, v, storage, "store (compute type to storage type)");
}

/* Rows of a pointwise tile (block / 32). */
static int64_t tile_rows(Gen *g) { return g->geom.block / WARP; }

/* The skew of the staged tile's four slot groups in workgroup memory. Group l (tile columns = l mod 4)
 * holds slots l * 32 .. l * 32 + 31 of rows + 1 floats (the odd pitch keeps the per-lane accesses, one
 * group per instruction, on 32 distinct banks) and starts skew[l] = (l & 1) * c1 + (l >> 1) * c2 floats
 * later. The per-column accesses (thread t: column t / (rows / 4), rows (t % (rows / 4)) * 4 + k) touch
 * all four groups in one instruction, and without a skew the groups fall on the same banks (32 * pitch
 * is a multiple of 32: 4-way conflicts). c1, c2 are the smallest (c2 first) in [0, 32) giving every warp's
 * access the fewest conflicts, found by trying them (rows 8: 8 and 16; 16: 2 and 16; 32: 1 and 2). */
static void staged_skew(Gen *g, int64_t skew[4]) {
  int64_t rows = tile_rows(g), q = rows / 4, pitch = rows + 1, best = WARP + 1;
  skew[0] = skew[1] = skew[2] = skew[3] = 0;
  if (q < 1 || rows % 4 != 0)
    return; /* not stageable (stageable) */
  for (int64_t c2 = 0; c2 < WARP && best > 1; ++c2)
    for (int64_t c1 = 0; c1 <= c2 && best > 1; ++c1) { /* c1 <= c2: the groups stay in order, disjoint */
      int64_t worst = 0;
      for (int64_t w = 0; w < rows && worst < best; ++w) {
        int64_t per_bank[WARP] = {0};
        for (int64_t t = w * WARP; t < (w + 1) * WARP; ++t) {
          int64_t col = t / q, l = col % 4, at = (l * WARP + col / 4) * pitch + (l & 1) * c1 + (l >> 1) * c2;
          int64_t n = ++per_bank[(at + (t % q) * 4) % WARP];
          worst = n > worst ? n : worst;
        }
      }
      if (worst < best) {
        best = worst;
        skew[1] = c1;
        skew[2] = c2;
        skew[3] = c1 + c2;
      }
    }
}

/* The floats of workgroup memory one staged access uses: 4 groups of 32 slots of rows + 1, and the skew
 * (g->skew, set by staged_skew). */
static int64_t staged_floats(Gen *g) { return g->geom.vector_width * WARP * (tile_rows(g) + 1) + g->skew[3]; }

/* The first float of the next staged access's areas, one per tile of the block (staged_area). The kernel
 * has g->staged_areas of them (as many as its staged accesses, or as fit the static workgroup memory) and
 * takes them in turn; when it comes back to the first one, a barrier first lets every read of the last
 * round finish before this round's writes. */
static int64_t next_staged_base(Gen *g) {
  int k = g->nstaged++;
  if (k > 0 && k % g->staged_areas == 0)
    cg_op0(&g->b, "gpu.barrier", 0, NULL, 0, NULL);
  return (int64_t)(k % g->staged_areas) * gpu_tiles_per_block(g) * staged_floats(g);
}

/* The first float of tile t's area of the staged access at `base`. */
static int64_t staged_area(Gen *g, int64_t base, int64_t t) { return base + t * staged_floats(g); }

/* A transposed load of a tiled kernel that can be staged: f32, linear, coefficient 1 on the row dim, a
 * multiple of 4 on the column dim and everywhere else, 4 columns per thread and rows in groups of 4. */
static bool stageable(Gen *g, MlirOperation op) {
  bool load = kernel_is_load(op) && mlirValueIsNull(kernel_load_offset(op));
  if (!g->tiled || g->geom.vector_width != 4 || tile_rows(g) % 4 != 0 || !(load || kernel_is_store(op)))
    return false;
  MlirAffineMap m = kernel_index_map(op);
  MlirValue buf = load ? kernel_load_buffer(op) : kernel_store_buffer(op);
  if (mlirAffineMapIsNull(m) || mlirAffineMapGetNumResults(m) != 1 || mlirValueIsNull(buf) ||
      !mlirTypeIsAMemRef(mlirValueGetType(buf)) || !mlirTypeIsAF32(mlirShapedTypeGetElementType(mlirValueGetType(buf))))
    return false;
  int64_t coef[MAX_DIMS] = {0}, cst = 0;
  int r = g->nx - 2, c = g->nx - 1;
  if (!ind_affine_linearize(mlirAffineMapGetResult(m, 0), 1, coef, g->nx, &cst) || coef[r] != 1 || coef[c] == 0 ||
      cst % 4 != 0)
    return false;
  for (int k = 0; k < g->nx; ++k)
    if (k != r && coef[k] % 4 != 0)
      return false;
  return true;
}

static int count_staged(Gen *g, MlirBlock body) {
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    n += stageable(g, op);
  return n;
}

/* The global index e of a staged access at (row, col) of the block's sub-tile t (thread t's 4 rows of one
 * column). */
static MlirValue staged_global_index(Gen *g, MlirOperation op, MlirAffineExpr e, int64_t t, MlirValue row,
                                     MlirValue col) {
  int r = g->nx - 2, c = g->nx - 1;
  Lanes saved_r = g->dims[r], saved_c = g->dims[c];
  int64_t h = tile_rows(g), stack = h * gpu_tiles_per_block(g);
  MlirValue first = cg_bin(&g->b, "arith.muli", g->ttr, cg_const_index(&g->b, stack));
  if (t > 0)
    first = cg_bin(&g->b, "arith.addi", first, cg_const_index(&g->b, t * h));
  g->dims[r] = (Lanes){.n = 1, .v = {cg_bin(&g->b, "arith.addi", first, row)}};
  g->dims[c] = (Lanes){
      .n = 1,
      .v = {cg_bin(&g->b, "arith.addi", cg_bin(&g->b, "arith.muli", g->ttc, cg_const_index(&g->b, WARP * 4)), col)}};
  MlirValue idx = emit_expr(g, op, e, 0);
  g->dims[r] = saved_r;
  g->dims[c] = saved_c;
  return idx;
}

/* The workgroup-memory offset of tile column col (from the staged area's base): slot (col % 4) * 32 +
 * col / 4 (lane l of thread tx is column tx * 4 + l, slot l * 32 + tx) times the pitch, plus its group's
 * skew (staged_skew). */
static MlirValue staged_column(Gen *g, MlirValue col, const int64_t skew[4]) {
  int64_t pitch = tile_rows(g) + 1;
  MlirValue l = cg_bin(&g->b, "arith.remui", col, cg_const_index(&g->b, 4));
  MlirValue slot = cg_bin(&g->b, "arith.addi", cg_bin(&g->b, "arith.muli", l, cg_const_index(&g->b, WARP)),
                          cg_bin(&g->b, "arith.divui", col, cg_const_index(&g->b, 4)));
  MlirValue at = cg_bin(&g->b, "arith.muli", slot, cg_const_index(&g->b, pitch));
  if (skew[3] == 0)
    return at;
  /* skew[l] = (l & 1) * c1 + (l >> 1) * c2 */
  MlirValue s1 = cg_bin(&g->b, "arith.muli", cg_bin(&g->b, "arith.remui", l, cg_const_index(&g->b, 2)),
                        cg_const_index(&g->b, skew[1]));
  MlirValue s2 = cg_bin(&g->b, "arith.muli", cg_bin(&g->b, "arith.divui", l, cg_const_index(&g->b, 2)),
                        cg_const_index(&g->b, skew[2]));
  return cg_bin(&g->b, "arith.addi", at, cg_bin(&g->b, "arith.addi", s1, s2));
}

/* The offset of lane l's column of thread tx (slot l * 32 + tx): lane-side twin of staged_column. */
static MlirValue staged_lane(Gen *g, int l, const int64_t skew[4]) {
  int64_t pitch = tile_rows(g) + 1;
  MlirValue slot = cg_bin(&g->b, "arith.addi", cg_const_index(&g->b, l * WARP), g->ttx);
  MlirValue at = cg_bin(&g->b, "arith.muli", slot, cg_const_index(&g->b, pitch));
  return skew[l] == 0 ? at : cg_bin(&g->b, "arith.addi", at, cg_const_index(&g->b, skew[l]));
}

/* The most staged loads one batch takes (emit_staged_loads; the static workgroup memory holds fewer). */
#define MAX_STAGED_BATCH 16

/* The tile's source elements are read coalesced (thread t: 4 consecutive rows at column t / (rows/4),
 * one 16-byte load), written to workgroup memory as S[l][tx][row] (column = tx * 4 + l), and after a
 * barrier each thread reads its 4 columns of its row. The n loads of a batch (C tiles per block each)
 * are staged together: every global load is issued first (a thread has n * C in flight, not one), then,
 * in rounds of as many loads as the kernel has staged areas (next_staged_base), the stores to their
 * areas, one barrier, and the reads (lanes t * 4 + l of tile t). */
static bool emit_staged_loads(Gen *g, int n, const MlirOperation *ops, Lanes *outs) {
  int64_t q = tile_rows(g) / 4, nt = gpu_tiles_per_block(g);
  const int64_t *skew = g->skew;
  MlirValue col = cg_bin(&g->b, "arith.divui", g->tid, cg_const_index(&g->b, q));
  MlirValue row = cg_bin(&g->b, "arith.muli", cg_bin(&g->b, "arith.remui", g->tid, cg_const_index(&g->b, q)),
                         cg_const_index(&g->b, 4));
  int64_t shape[1] = {4};
  MlirNamedAttribute al = align_attr(g, g->f32_t);
  MlirValue vec[MAX_STAGED_BATCH][MAX_LANES / 4];
  for (int i = 0; i < n; ++i) {
    MlirValue mem = lookup(g, kernel_load_buffer(ops[i]))->v[0];
    MlirAffineExpr e = mlirAffineMapGetResult(kernel_index_map(ops[i]), 0);
    for (int64_t t = 0; t < nt; ++t) {
      MlirValue ld[2] = {mem, staged_global_index(g, ops[i], e, t, row, col)};
      vec[i][t] = cg_op1(&g->b, "vector.load", 2, ld, mlirVectorTypeGet(1, shape, g->f32_t), 1, &al);
    }
  }
  for (int first = 0, end; first < n; first = end) {
    int64_t base[MAX_STAGED_BATCH];
    end = first;
    do
      base[end++] = next_staged_base(g);
    while (end < n && g->nstaged % g->staged_areas != 0);
    for (int i = first; i < end; ++i)
      for (int64_t t = 0; t < nt; ++t) {
        /* S[(col % 4) * 32 + col / 4][row + k] of tile t's area */
        int64_t area = staged_area(g, base[i - first], t);
        MlirValue at =
            cg_bin(&g->b, "arith.addi",
                   cg_bin(&g->b, "arith.addi", cg_const_index(&g->b, area), staged_column(g, col, skew)), row);
        for (int k = 0; k < 4; ++k) {
          int64_t pos[1] = {k};
          MlirNamedAttribute p = cg_named(&g->b, "static_position", mlirDenseI64ArrayGet(g->b.ctx, 1, pos));
          MlirValue st_ops[3] = {cg_op1(&g->b, "vector.extract", 1, &vec[i][t], g->f32_t, 1, &p), g->smem,
                                 cg_bin(&g->b, "arith.addi", at, cg_const_index(&g->b, k))};
          cg_op0(&g->b, "memref.store", 3, st_ops, 0, NULL);
        }
      }
    cg_op0(&g->b, "gpu.barrier", 0, NULL, 0, NULL);
    for (int i = first; i < end; ++i) {
      outs[i].n = (int)(nt * 4);
      for (int64_t t = 0; t < nt; ++t)
        for (int l = 0; l < 4; ++l) {
          int64_t area = staged_area(g, base[i - first], t);
          MlirValue rd =
              cg_bin(&g->b, "arith.addi",
                     cg_bin(&g->b, "arith.addi", cg_const_index(&g->b, area), staged_lane(g, l, skew)), g->tty);
          MlirValue ld_ops[2] = {g->smem, rd};
          outs[i].v[t * 4 + l] = cg_op1(&g->b, "memref.load", 2, ld_ops, g->f32_t, 0, NULL);
        }
    }
  }
  return !g->failed;
}

/* Whether a kernel.store of the body writes buf. */
static bool stored_in_body(MlirBlock body, MlirValue buf) {
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (kernel_is_store(op) && mlirValueEqual(kernel_store_buffer(op), buf))
      return true;
  return false;
}

/* A staged load that can be batched with the others (emit_staged_loads): direct, stageable, f32, of a
 * buffer the kernel does not write (so that its read may move ahead of the body's stores). */
static bool batchable(Gen *g, MlirBlock body, MlirOperation op) {
  return kernel_is_load(op) && mlirValueIsNull(kernel_load_offset(op)) && stageable(g, op) &&
         mlirTypeIsAF32(mlirValueGetType(mlirOperationGetResult(op, 0))) && lookup(g, kernel_load_buffer(op)) &&
         !stored_in_body(body, kernel_load_buffer(op));
}

/* A staged load: when it is batchable, it and every later batchable load of the body not yet emitted are
 * staged together (their results bound here, op's in *out); otherwise alone. */
static bool emit_staged_load(Gen *g, MlirOperation op, Lanes *out) {
  MlirBlock body = kernel_def_body(g->def);
  if (!batchable(g, body, op))
    return emit_staged_loads(g, 1, &op, out);
  MlirOperation ops[MAX_STAGED_BATCH];
  Lanes outs[MAX_STAGED_BATCH];
  int n = 0;
  ops[n++] = op;
  for (MlirOperation o = mlirOperationGetNextInBlock(op); !mlirOperationIsNull(o) && n < MAX_STAGED_BATCH;
       o = mlirOperationGetNextInBlock(o))
    if (batchable(g, body, o) && !lookup(g, mlirOperationGetResult(o, 0)))
      ops[n++] = o;
  if (!emit_staged_loads(g, n, ops, outs))
    return false;
  for (int i = 1; i < n; ++i)
    bind(g, mlirOperationGetResult(ops[i], 0), &outs[i]);
  *out = outs[0];
  return true;
}

/* An aligned load of vector_width storage elements at idx (f32, f16 or bf16: vector_storage), its lanes
 * extracted and converted to `res` into out[0 .. vector_width). */
static void load_vector(Gen *g, MlirOperation at, MlirValue mem, MlirValue idx, MlirType res, MlirValue *out) {
  int vw = (int)g->geom.vector_width;
  MlirType elem = memref_elem(mem);
  MlirValue ops[2] = {mem, idx};
  int64_t shape[1] = {vw};
  MlirNamedAttribute al = align_attr(g, elem);
  MlirValue vec = cg_op1(&g->b, "vector.load", 2, ops, mlirVectorTypeGet(1, shape, elem), 1, &al);
  for (int l = 0; l < vw; ++l) {
    int64_t pos[1] = {l};
    MlirNamedAttribute p = cg_named(&g->b, "static_position", mlirDenseI64ArrayGet(g->b.ctx, 1, pos));
    out[l] = to_compute(g, at, cg_op1(&g->b, "vector.extract", 1, &vec, elem, 1, &p), res);
  }
}

/* Whether the index value v (of the kernel body) is a multiple of k: a constant, a product with a
 * multiple, a sum or difference of multiples, a select of multiples. */
static bool multiple_of(MlirValue v, int64_t k) {
  if (k == 1)
    return true;
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation d = mlirOpResultGetOwner(v);
  switch (ind_op_id(d)) {
  case IND_OP_ARITH_CONSTANT: {
    MlirAttribute a = mlirOperationGetAttributeByName(d, ind_str("value"));
    return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a) && mlirIntegerAttrGetValueInt(a) % k == 0;
  }
  case IND_OP_ARITH_MULI:
    return multiple_of(mlirOperationGetOperand(d, 0), k) || multiple_of(mlirOperationGetOperand(d, 1), k);
  case IND_OP_ARITH_ADDI:
  case IND_OP_ARITH_SUBI:
    return multiple_of(mlirOperationGetOperand(d, 0), k) && multiple_of(mlirOperationGetOperand(d, 1), k);
  case IND_OP_ARITH_SELECT:
    return multiple_of(mlirOperationGetOperand(d, 1), k) && multiple_of(mlirOperationGetOperand(d, 2), k);
  default:
    return false;
  }
}

/* An indirect load: at the affine index plus the lane's offset. A vector's lanes share one offset when it
 * does not vary along the vectorized dim (an embedding's row); with an offset that is a multiple of the
 * vector width and an affine part a vector access would take, the chunk is one aligned vector load (an
 * embedding row read as 16-byte loads). Otherwise each lane loads its own element (the offsets are data:
 * no staging either). */
static bool emit_indirect_load(Gen *g, MlirOperation op, MlirValue mem, MlirAffineExpr e, MlirValue offset,
                               MlirType res, Lanes *out) {
  Lanes off;
  if (!mlirTypeIsAIndex(mlirValueGetType(offset)) || !emit_value(g, offset, &off))
    return g->failed ? false : fail(g, op, "kernel.load's offset must be an index value of the body");
  int n, vw = (int)g->geom.vector_width;
  Access acc = classify(g, e, memref_elem(mem), &n);
  if (off.n > n)
    n = off.n;
  out->n = n;
  for (int l = 0; l < n; ++l) {
    int first = l - l % vw;
    bool shared = acc == ACCESS_VECTOR && n % vw == 0;
    for (int j = first; shared && j < first + vw; ++j)
      shared = mlirValueEqual(lane(&off, j), lane(&off, first)) && multiple_of(lane(&off, j), vw);
    if (!shared) {
      MlirValue at = cg_bin(&g->b, "arith.addi", emit_expr(g, op, e, l), lane(&off, l));
      out->v[l] = to_compute(g, op, load_scalar(g, mem, at), res);
      continue;
    }
    if (l != first)
      continue; /* loaded with its chunk */
    load_vector(g, op, mem, cg_bin(&g->b, "arith.addi", emit_expr(g, op, e, first), lane(&off, first)), res,
                out->v + first);
  }
  return !g->failed;
}

/* A transposed store of a tiled kernel, the staged load in reverse: each thread writes its 4 columns of
 * its row to workgroup memory (S[l * 32 + tx][ty], the slots the staged load reads back), and after a
 * barrier thread t reads 4 consecutive rows of column t / (rows / 4) and stores them as one 16-byte
 * vector, so that a warp's stores are coalesced along the rows. C tiles per block: C areas, one barrier. */
static bool emit_staged_store(Gen *g, MlirOperation op, MlirValue mem, MlirAffineExpr e, const Lanes *val) {
  int64_t q = tile_rows(g) / 4, nt = gpu_tiles_per_block(g), base = next_staged_base(g);
  const int64_t *skew = g->skew;
  for (int64_t t = 0; t < nt; ++t)
    for (int l = 0; l < 4; ++l) {
      int64_t area = staged_area(g, base, t);
      MlirValue at = cg_bin(&g->b, "arith.addi",
                            cg_bin(&g->b, "arith.addi", cg_const_index(&g->b, area), staged_lane(g, l, skew)), g->tty);
      MlirValue st_ops[3] = {lane(val, (int)(t * 4 + l)), g->smem, at};
      cg_op0(&g->b, "memref.store", 3, st_ops, 0, NULL);
    }
  cg_op0(&g->b, "gpu.barrier", 0, NULL, 0, NULL);
  MlirValue col = cg_bin(&g->b, "arith.divui", g->tid, cg_const_index(&g->b, q));
  MlirValue row = cg_bin(&g->b, "arith.muli", cg_bin(&g->b, "arith.remui", g->tid, cg_const_index(&g->b, q)),
                         cg_const_index(&g->b, 4));
  int64_t shape[1] = {4};
  MlirType vt = mlirVectorTypeGet(1, shape, g->f32_t);
  MlirNamedAttribute al = align_attr(g, g->f32_t);
  for (int64_t t = 0; t < nt; ++t) {
    int64_t area = staged_area(g, base, t);
    MlirValue from = cg_bin(&g->b, "arith.addi",
                            cg_bin(&g->b, "arith.addi", cg_const_index(&g->b, area), staged_column(g, col, skew)), row);
    MlirValue elems[4];
    for (int k = 0; k < 4; ++k) {
      MlirValue ld_ops[2] = {g->smem, cg_bin(&g->b, "arith.addi", from, cg_const_index(&g->b, k))};
      elems[k] = cg_op1(&g->b, "memref.load", 2, ld_ops, g->f32_t, 0, NULL);
    }
    MlirValue vec = cg_op1(&g->b, "vector.from_elements", 4, elems, vt, 0, NULL);
    MlirValue ops[3] = {vec, mem, staged_global_index(g, op, e, t, row, col)};
    cg_op0(&g->b, "vector.store", 3, ops, 1, &al);
  }
  return !g->failed;
}

static bool emit_load(Gen *g, MlirOperation op, Lanes *out) {
  const Lanes *buf = lookup(g, kernel_load_buffer(op));
  MlirAffineMap m = kernel_index_map(op);
  if (!buf || mlirAffineMapIsNull(m) || mlirAffineMapGetNumResults(m) != 1)
    return fail(g, op, "kernel.load needs a kernel argument buffer and a one-result index");
  MlirValue mem = buf->v[0];
  MlirType res = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirAffineExpr e = mlirAffineMapGetResult(m, 0);
  if (!mlirValueIsNull(kernel_load_offset(op)))
    return emit_indirect_load(g, op, mem, e, kernel_load_offset(op), res, out);
  if (stageable(g, op) && mlirTypeIsAF32(res))
    return emit_staged_load(g, op, out);
  int n, vw = (int)g->geom.vector_width;
  Access acc = classify(g, e, memref_elem(mem), &n);
  out->n = n;
  for (int c = 0; c * vw < n || (c == 0 && n == 1); ++c) {
    int first = c * vw;
    if (acc == ACCESS_UNIFORM) {
      out->v[0] = to_compute(g, op, load_scalar(g, mem, emit_expr(g, op, e, 0)), res);
      break;
    }
    if (acc == ACCESS_PER_LANE) {
      for (int l = first; l < first + vw && l < n; ++l)
        out->v[l] = to_compute(g, op, load_scalar(g, mem, emit_expr(g, op, e, l)), res);
      continue;
    }
    MlirValue idx = emit_expr(g, op, e, first);
    if (acc == ACCESS_PER_CHUNK) {
      MlirValue s = to_compute(g, op, load_scalar(g, mem, idx), res);
      for (int l = 0; l < vw; ++l)
        out->v[first + l] = s;
      continue;
    }
    load_vector(g, op, mem, idx, res, out->v + first);
  }
  return !g->failed;
}

static bool emit_index_expr(Gen *g, MlirOperation op, Lanes *out) {
  MlirAffineMap m = kernel_index_map(op);
  if (mlirAffineMapIsNull(m) || mlirAffineMapGetNumResults(m) != 1)
    return fail(g, op, "kernel.index_expr needs a one-result index");
  MlirAffineExpr e = mlirAffineMapGetResult(m, 0);
  MlirType res = mlirValueGetType(mlirOperationGetResult(op, 0));
  int n;
  classify(g, e, g->f32_t, &n);
  out->n = n;
  MlirType i64 = mlirIntegerTypeGet(g->b.ctx, 64);
  for (int l = 0; l < n; ++l) {
    MlirValue v = emit_expr(g, op, e, l);
    if (mlirTypeIsAIndex(res)) {
      out->v[l] = v;
      continue;
    }
    MlirValue w = cg_op1(&g->b, "arith.index_cast", 1, &v, mlirTypeIsAInteger(res) ? res : i64, 0, NULL);
    if (mlirTypeIsAF32(res))
      w = cg_cast(&g->b, "arith.sitofp", w, res);
    else if (!mlirTypeIsAInteger(res))
      return fail(g, op, "kernel.index_expr result must be index, an integer or f32");
    out->v[l] = w;
  }
  return !g->failed;
}

/* a / b in f32 as Triton lowers `/`: div.full.f32 (full range, at most 2 ulp from the IEEE quotient; a
 * reciprocal and a multiply with operand scaling, where IEEE div.rn.f32 is a Newton sequence with a
 * slow-path branch), through the llvm.nvvm.div.full intrinsic. */
static MlirValue div_full(Gen *g, MlirValue a, MlirValue b) {
  MlirValue ops[2] = {a, b};
  int32_t segments[2] = {2, 0};
  MlirNamedAttribute at[3] = {
      cg_named(&g->b, "intrin", mlirStringAttrGet(g->b.ctx, ind_str("llvm.nvvm.div.full"))),
      cg_named(&g->b, "op_bundle_sizes", mlirDenseI32ArrayGet(g->b.ctx, 0, NULL)),
      cg_named(&g->b, "operandSegmentSizes", mlirDenseI32ArrayGet(g->b.ctx, 2, segments)),
  };
  return cg_op1(&g->b, "llvm.call_intrinsic", 2, ops, g->f32_t, 3, at);
}

/* arith/math ops: one clone per lane with the operands' lanes. */
static bool emit_clone(Gen *g, MlirOperation op, Lanes *out) {
  if (!(ind_op_in_dialect(op, "arith") || ind_op_in_dialect(op, "math")) || mlirOperationGetNumResults(op) != 1 ||
      mlirOperationGetNumRegions(op) != 0)
    return fail(g, op, "unsupported op in a kernel body (expected kernel.*, arith.* or math.*)");
  intptr_t nops = mlirOperationGetNumOperands(op);
  Lanes *in = calloc((size_t)(nops ? nops : 1), sizeof *in);
  if (!in)
    abort();
  int n = 1;
  for (intptr_t i = 0; i < nops; ++i) {
    if (!emit_value(g, mlirOperationGetOperand(op, i), &in[i])) {
      free(in);
      return false;
    }
    if (in[i].n > n)
      n = in[i].n;
  }
  out->n = n;
  for (int l = 0; l < n; ++l) {
    /* a lane whose operands are those of an earlier lane (a value replicated across a vector's lanes, as
     * an index read per row) reuses its result: one op, and later ops see the lanes are one value */
    int same = -1;
    for (int j = 0; j < l && same < 0; ++j) {
      bool eq = true;
      for (intptr_t i = 0; i < nops && eq; ++i)
        eq = mlirValueEqual(lane(&in[i], l), lane(&in[i], j));
      if (eq)
        same = j;
    }
    if (same >= 0) {
      out->v[l] = out->v[same];
      continue;
    }
    if (codegen_is_unclamped_fptosi(op)) { /* ind's fptosi saturates */
      MlirType res = mlirValueGetType(mlirOperationGetResult(op, 0));
      out->v[l] = cg_fptosi_sat(&g->b, lane(&in[0], l), res);
      continue;
    }
    if (!g->ieee_div && ind_op_id(op) == IND_OP_ARITH_DIVF && mlirTypeIsAF32(mlirValueGetType(lane(&in[0], l)))) {
      out->v[l] = div_full(g, lane(&in[0], l), lane(&in[1], l));
      continue;
    }
    MlirOperation c = mlirOperationClone(op);
    for (intptr_t i = 0; i < nops; ++i)
      mlirOperationSetOperand(c, i, lane(&in[i], l));
    cg_insert(&g->b, c);
    out->v[l] = mlirOperationGetResult(c, 0);
  }
  free(in);
  return true;
}

/* Opens `scf.for %iv = 0 to count step 1` with iter_args `inits` over the r tiles at the cursor, moved into
 * its body (saved in *saved; cg_close ends it). */
static MlirOperation open_tile_loop(Gen *g, CgBuilder *saved, int64_t count, int n, const MlirValue *inits) {
  MlirValue lb = cg_const_index(&g->b, 0), ub = cg_const_index(&g->b, count), step = cg_const_index(&g->b, 1);
  return cg_open_for(&g->b, saved, lb, ub, step, n, inits);
}

/* --- reductions */

/* A reduction's accumulator is a state of kernel_reduction_state_width(r) f32 values: the value itself
 * for sum/max/min/prod, (mean, m2, weight) for welford, (max, sum) for online softmax. Elements enter
 * by state_update (Welford's update; the online softmax step), partial states merge by state_combine
 * (Chan et al.'s merge; the online rescale), across lanes, threads of a warp (gpu.shuffle of each
 * value) and warps (workgroup memory, one slot per value). */
typedef struct State {
  MlirValue v[3];
} State;

static bool is_int_t(MlirType t) { return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) > 1; }

/* The integer reductions' neutral elements: 0, 1, the type's minimum (max), its maximum (min). */
static MlirValue neutral_int(Gen *g, KernelReduction r, MlirType t) {
  unsigned w = mlirIntegerTypeGetWidth(t);
  int64_t hi = w >= 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1;
  int64_t v = r == KERNEL_RED_SUM ? 0 : r == KERNEL_RED_PROD ? 1 : r == KERNEL_RED_MAX ? -hi - 1 : hi;
  return cg_const(&g->b, mlirIntegerAttrGet(t, v));
}

static MlirValue neutral(Gen *g, KernelReduction r) {
  if (is_int_t(g->red_t))
    return neutral_int(g, r, g->red_t);
  switch (r) {
  case KERNEL_RED_SUM:
    return cg_const_f32(&g->b, 0.0);
  case KERNEL_RED_PROD:
    return cg_const_f32(&g->b, 1.0);
  case KERNEL_RED_MAX:
    return cg_const_f32(&g->b, -INFINITY);
  default:
    return cg_const_f32(&g->b, INFINITY);
  }
}

static State state_neutral(Gen *g, KernelReduction r) {
  State s = {{{NULL}, {NULL}, {NULL}}};
  if (kernel_reduction_family(r) == KERNEL_RED_WELFORD_MEAN) {
    s.v[0] = s.v[1] = s.v[2] = cg_const_f32(&g->b, 0.0);
  } else if (kernel_reduction_family(r) == KERNEL_RED_ONLINE_MAX) {
    s.v[0] = cg_const_f32(&g->b, -INFINITY);
    s.v[1] = cg_const_f32(&g->b, 0.0);
  } else {
    s.v[0] = neutral(g, r);
  }
  return s;
}

/* s * exp(m_old - m), s when m is -inf (-inf - -inf would be a NaN): Inductor's online_softmax_combine.
 * A +inf max gives exp(inf - inf) = NaN, as torch's softmax of a row holding +inf does. */
static MlirValue rescale(Gen *g, MlirValue s, MlirValue m_old, MlirValue m) {
  MlirValue d = cg_bin(&g->b, "arith.subf", m_old, m);
  MlirValue scaled = cg_bin(&g->b, "arith.mulf", s, cg_cast(&g->b, "math.exp", d, g->f32_t));
  return cg_select(&g->b, cg_cmpf(&g->b, CG_CMPF_OEQ, m, cg_const_f32(&g->b, -INFINITY)), s, scaled);
}

static MlirValue combine(Gen *g, KernelReduction r, MlirValue a, MlirValue b) {
  static const char *ops[] = {"arith.addf", "arith.maximumf", "arith.minimumf", "arith.mulf"};
  static const char *iops[] = {"arith.addi", "arith.maxsi", "arith.minsi", "arith.muli"}; /* exact, wrapping */
  return cg_bin(&g->b, is_int_t(mlirValueGetType(a)) ? iops[r] : ops[r], a, b);
}

/* --- A state crosses threads (gpu.shuffle) and warps (the f32 workgroup memory) as 32-bit words of f32
 * type: each f32 state value is a word, an i32 value one word (bitcast), an i64 value two (its low and
 * high halves, bitcast): the 64-bit shuffle is two 32-bit ones. */

/* The words of a state of reduction r over a value of type t. */
static int red_words(KernelReduction r, MlirType t) {
  return is_int_t(t) && mlirIntegerTypeGetWidth(t) == 64 ? 2 : kernel_reduction_state_width(r);
}

static int state_to_words(Gen *g, KernelReduction r, State s, MlirValue *w) {
  MlirType t = g->red_t;
  if (!is_int_t(t)) {
    for (int q = 0; q < kernel_reduction_state_width(r); ++q)
      w[q] = s.v[q];
    return kernel_reduction_state_width(r);
  }
  if (mlirIntegerTypeGetWidth(t) == 32) {
    w[0] = cg_cast(&g->b, "arith.bitcast", s.v[0], g->f32_t);
    return 1;
  }
  MlirValue hi = cg_bin(&g->b, "arith.shrui", s.v[0], cg_const(&g->b, mlirIntegerAttrGet(t, 32)));
  w[0] = cg_cast(&g->b, "arith.bitcast", cg_cast(&g->b, "arith.trunci", s.v[0], g->i32_t), g->f32_t);
  w[1] = cg_cast(&g->b, "arith.bitcast", cg_cast(&g->b, "arith.trunci", hi, g->i32_t), g->f32_t);
  return 2;
}

static State state_from_words(Gen *g, KernelReduction r, const MlirValue *w) {
  State s = {{{NULL}, {NULL}, {NULL}}};
  MlirType t = g->red_t;
  if (!is_int_t(t)) {
    for (int q = 0; q < kernel_reduction_state_width(r); ++q)
      s.v[q] = w[q];
  } else if (mlirIntegerTypeGetWidth(t) == 32) {
    s.v[0] = cg_cast(&g->b, "arith.bitcast", w[0], g->i32_t);
  } else {
    MlirValue lo = cg_cast(&g->b, "arith.extui", cg_cast(&g->b, "arith.bitcast", w[0], g->i32_t), t);
    MlirValue hi = cg_cast(&g->b, "arith.extui", cg_cast(&g->b, "arith.bitcast", w[1], g->i32_t), t);
    s.v[0] =
        cg_bin(&g->b, "arith.ori", lo, cg_bin(&g->b, "arith.shli", hi, cg_const(&g->b, mlirIntegerAttrGet(t, 32))));
  }
  return s;
}

static State state_combine(Gen *g, KernelReduction r, State a, State b) {
  State o = {{{NULL}, {NULL}, {NULL}}};
  KernelReduction f = kernel_reduction_family(r);
  if (f == KERNEL_RED_WELFORD_MEAN) {
    MlirValue zero = cg_const_f32(&g->b, 0.0), delta = cg_bin(&g->b, "arith.subf", b.v[0], a.v[0]);
    MlirValue w = cg_bin(&g->b, "arith.addf", a.v[2], b.v[2]);
    MlirValue frac =
        cg_select(&g->b, cg_cmpf(&g->b, CG_CMPF_OEQ, w, zero), zero, cg_bin(&g->b, "arith.divf", b.v[2], w));
    o.v[0] = cg_bin(&g->b, "arith.addf", a.v[0], cg_bin(&g->b, "arith.mulf", delta, frac));
    MlirValue corr = cg_bin(&g->b, "arith.mulf",
                            cg_bin(&g->b, "arith.mulf", cg_bin(&g->b, "arith.mulf", delta, delta), a.v[2]), frac);
    o.v[1] = cg_bin(&g->b, "arith.addf", cg_bin(&g->b, "arith.addf", a.v[1], b.v[1]), corr);
    o.v[2] = w;
    /* an empty side leaves the other as it is (delta * 0 would be a NaN for an infinite mean) */
    MlirValue a_empty = cg_cmpf(&g->b, CG_CMPF_OEQ, a.v[2], zero), b_empty = cg_cmpf(&g->b, CG_CMPF_OEQ, b.v[2], zero);
    for (int q = 0; q < 2; ++q)
      o.v[q] = cg_select(&g->b, b_empty, a.v[q], cg_select(&g->b, a_empty, b.v[q], o.v[q]));
  } else if (f == KERNEL_RED_ONLINE_MAX) {
    MlirValue m = cg_bin(&g->b, "arith.maximumf", a.v[0], b.v[0]);
    o.v[1] = cg_bin(&g->b, "arith.addf", rescale(g, a.v[1], a.v[0], m), rescale(g, b.v[1], b.v[0], m));
    o.v[0] = m;
  } else {
    o.v[0] = combine(g, r, a.v[0], b.v[0]);
  }
  return o;
}

/* One element v into acc; `valid` (null: always) keeps acc for an out-of-range element. A plain
 * reduction selects the neutral element instead (*nv: created once, on first need); a null acc (plain
 * only) starts from v. */
static State state_update(Gen *g, KernelReduction r, State acc, MlirValue v, MlirValue valid, MlirValue *nv) {
  State o = {{{NULL}, {NULL}, {NULL}}};
  KernelReduction f = kernel_reduction_family(r);
  int S = kernel_reduction_state_width(r);
  if (f == KERNEL_RED_INVALID) {
    if (!mlirValueIsNull(valid)) {
      if (mlirValueIsNull(*nv))
        *nv = neutral(g, r);
      v = cg_select(&g->b, valid, v, *nv);
    }
    o.v[0] = mlirValueIsNull(acc.v[0]) ? v : combine(g, r, acc.v[0], v);
    return o;
  }
  if (f == KERNEL_RED_WELFORD_MEAN) {
    MlirValue w = cg_bin(&g->b, "arith.addf", acc.v[2], cg_const_f32(&g->b, 1.0)),
              delta = cg_bin(&g->b, "arith.subf", v, acc.v[0]);
    o.v[0] = cg_bin(&g->b, "arith.addf", acc.v[0], cg_bin(&g->b, "arith.divf", delta, w));
    o.v[1] = cg_bin(&g->b, "arith.addf", acc.v[1],
                    cg_bin(&g->b, "arith.mulf", delta, cg_bin(&g->b, "arith.subf", v, o.v[0])));
    o.v[2] = w;
  } else {
    /* The online softmax step with one exp per element (state_combine with (v, 1) takes two): with
     * e = exp(-|v - m_old|), a new max (v > m_old) rescales the old sum, s * e + 1, and any other v
     * adds e. The 1 is (v - m) * 0 + 1, so that v = m = +inf still gives exp(inf - inf) = NaN, as torch
     * does; e is 0 while the max is -inf (-inf - -inf would be a NaN). */
    MlirValue m_old = acc.v[0], s = acc.v[1];
    MlirValue m = cg_bin(&g->b, "arith.maximumf", m_old, v), d = cg_bin(&g->b, "arith.subf", v, m_old);
    MlirValue ad = cg_cast(&g->b, "math.absf", d, g->f32_t);
    MlirValue nd = cg_cast(&g->b, "arith.negf", ad, g->f32_t);
    MlirValue ex = cg_cast(&g->b, "math.exp", nd, g->f32_t);
    MlirValue at_ninf = cg_cmpf(&g->b, CG_CMPF_OEQ, m, cg_const_f32(&g->b, -INFINITY));
    MlirValue e = cg_select(&g->b, at_ninf, cg_const_f32(&g->b, 0.0), ex);
    MlirValue zero_d = cg_bin(&g->b, "arith.mulf", cg_bin(&g->b, "arith.subf", v, m), cg_const_f32(&g->b, 0.0));
    MlirValue one = cg_bin(&g->b, "arith.addf", zero_d, cg_const_f32(&g->b, 1.0));
    MlirValue grew = cg_bin(&g->b, "arith.addf", cg_bin(&g->b, "arith.mulf", s, e), one);
    MlirValue kept = cg_bin(&g->b, "arith.addf", s, e);
    o.v[0] = m;
    o.v[1] = cg_select(&g->b, cg_cmpf(&g->b, CG_CMPF_OGT, v, m_old), grew, kept);
  }
  if (!mlirValueIsNull(valid))
    for (int q = 0; q < S; ++q)
      o.v[q] = cg_select(&g->b, valid, o.v[q], acc.v[q]);
  return o;
}

/* Combines the thread's lanes of x (masked lanes leave the state as it is) into a state. A plain reduction
 * combines them as a pairwise tree (masked lanes as the neutral element), as the butterfly across threads
 * does and as Triton's tl.sum does over a block: a sum of 2^k equal values is then exact (a left-to-right
 * sum rounds at 3c), so the two-pass mean of a constant row is that constant and x - mean is 0 (a layer
 * norm of a constant row of 16 at 2034: x - mean of one ulp, times rstd = 316, was off by 0.09), and the
 * rounding error grows with log2 of the lanes, not their count. A state reduction updates sequentially. */
static State combine_lanes(Gen *g, KernelReduction r, const Lanes *x) {
  int vw = (int)g->geom.vector_width;
  State acc = {{{NULL}, {NULL}, {NULL}}};
  MlirValue nv = {NULL};
  if (kernel_reduction_family(r) != KERNEL_RED_INVALID) {
    acc = state_neutral(g, r);
    for (int l = 0; l < x->n; ++l)
      acc = state_update(g, r, acc, x->v[l], g->valid[l / vw], &nv);
    return acc;
  }
  MlirValue t[MAX_LANES];
  int n = x->n;
  for (int l = 0; l < n; ++l)
    t[l] = state_update(g, r, (State){{{NULL}, {NULL}, {NULL}}}, x->v[l], g->valid[l / vw], &nv).v[0];
  while (n > 1) { /* one level: neighbours combined in place, an odd last one carried up */
    int h = n / 2;
    for (int i = 0; i < h; ++i)
      t[i] = combine(g, r, t[2 * i], t[2 * i + 1]);
    if (n & 1)
      t[h] = t[n - 1];
    n = h + (n & 1);
  }
  acc.v[0] = t[0];
  return acc;
}

/* Outer reductions (xblock > 1): the rthreads partial states of one x point go through workgroup memory
 * (slot + rtid * xblock + tx = slot + tid, one slot range per state value); every thread combines those
 * of its x point. */
static State block_reduce_outer(Gen *g, KernelReduction r, State v) {
  MlirValue words[3];
  int S = state_to_words(g, r, v, words);
  for (int q = 0; q < S; ++q) {
    int64_t slot = (int64_t)(g->nreduce + q) * g->geom.block;
    MlirValue st_ops[3] = {words[q], g->smem, cg_bin(&g->b, "arith.addi", cg_const_index(&g->b, slot), g->tid)};
    cg_op0(&g->b, "memref.store", 3, st_ops, 0, NULL);
  }
  cg_op0(&g->b, "gpu.barrier", 0, NULL, 0, NULL);
  State acc = {{{NULL}, {NULL}, {NULL}}};
  for (int64_t j = 0; j < g->rthreads; ++j) {
    MlirValue xw[3];
    for (int q = 0; q < S; ++q) {
      int64_t slot = (int64_t)(g->nreduce + q) * g->geom.block;
      MlirValue ld_ops[2] = {g->smem,
                             cg_bin(&g->b, "arith.addi", cg_const_index(&g->b, slot + j * g->geom.xblock), g->tx)};
      xw[q] = cg_op1(&g->b, "memref.load", 2, ld_ops, g->f32_t, 0, NULL);
    }
    State x = state_from_words(g, r, xw);
    acc = j == 0 ? x : state_combine(g, r, acc, x);
  }
  return acc;
}

/* gpu.shuffle `mode` of the f32 v by the i32 `off` (a lane for idx) over `width` lanes; *valid its flag. */
static MlirValue shuffle_op(Gen *g, const char *mode, MlirValue v, MlirValue off, MlirValue width, MlirValue *valid) {
  MlirValue ops[3] = {v, off, width};
  char m[64];
  snprintf(m, sizeof m, "#gpu<shuffle_mode %s>", mode);
  MlirNamedAttribute a = cg_named(&g->b, "mode", mlirAttributeParseGet(g->b.ctx, ind_str(m)));
  MlirOperationState st = mlirOperationStateGet(ind_str("gpu.shuffle"), g->b.loc);
  mlirOperationStateAddOperands(&st, 3, ops);
  MlirType res[2] = {g->f32_t, g->i1_t};
  mlirOperationStateAddResults(&st, 2, res);
  mlirOperationStateAddAttributes(&st, 1, &a);
  MlirOperation op = cg_put(&g->b, &st);
  if (valid)
    *valid = mlirOperationGetResult(op, 1);
  return mlirOperationGetResult(op, 0);
}

/* The same over the whole warp. */
static MlirValue shuffle_by(Gen *g, const char *mode, MlirValue v, MlirValue off, MlirValue *valid) {
  return shuffle_op(g, mode, v, off, cg_const_i32(&g->b, WARP), valid);
}

/* An xor butterfly over the lanes of each aligned group of `group` lanes (a power of 2 <= 32): every lane
 * ends with the combination of its group's states. */
static State butterfly(Gen *g, KernelReduction r, State v, int group) {
  MlirValue width = cg_const_i32(&g->b, WARP);
  for (int off = group / 2; off >= 1; off /= 2) {
    MlirValue words[3], ow[3];
    int S = state_to_words(g, r, v, words);
    for (int q = 0; q < S; ++q)
      ow[q] = shuffle_op(g, "xor", words[q], cg_const_i32(&g->b, off), width, NULL);
    v = state_combine(g, r, v, state_from_words(g, r, ow));
  }
  return v;
}

/* Warp butterfly (each state value shuffled), then one state per warp through workgroup memory, combined
 * by a second butterfly in which lane l reads warp l mod nwarps' state (log2(nwarps) combines per thread
 * instead of nwarps: a Welford or online-softmax combine costs a division or two exps); every thread gets
 * the result. */
static State block_reduce(Gen *g, KernelReduction r, State v) {
  bool rows = g->geom.xblock > 1 && g->geom.row_threads;
  if (g->geom.xblock > 1 && !rows)
    return block_reduce_outer(g, r, v);
  /* row_threads: a row's rthreads (a power of 2 <= 32) threads are an aligned group of the warp, so the
   * butterfly over offsets < rthreads stays inside the row and needs no workgroup memory */
  v = butterfly(g, r, v, (int)(rows ? g->rthreads : WARP));
  int64_t nwarps = g->geom.block / WARP;
  if (nwarps <= 1 || rows)
    return v;
  MlirValue warp = cg_bin(&g->b, "arith.divui", g->tid, cg_const_index(&g->b, WARP));
  MlirValue first = cg_cmpi(&g->b, CG_CMPI_EQ, cg_bin(&g->b, "arith.remui", g->tid, cg_const_index(&g->b, WARP)),
                            cg_const_index(&g->b, 0));
  CgBuilder saved;
  cg_open_if(&g->b, &saved, first);
  MlirValue words[3];
  int S = state_to_words(g, r, v, words);
  for (int q = 0; q < S; ++q) {
    MlirValue st_ops[3] = {words[q], g->smem,
                           cg_bin(&g->b, "arith.addi", cg_const_index(&g->b, (int64_t)(g->nreduce + q) * WARP), warp)};
    cg_op0(&g->b, "memref.store", 3, st_ops, 0, NULL);
  }
  cg_close(&g->b, &saved, 0, NULL);
  cg_op0(&g->b, "gpu.barrier", 0, NULL, 0, NULL);
  if (nwarps <= WARP && (nwarps & (nwarps - 1)) == 0) {
    MlirValue slot = cg_bin(&g->b, "arith.remui", g->tid, cg_const_index(&g->b, nwarps)); /* (tid mod 32) mod nwarps */
    MlirValue xw[3];
    for (int q = 0; q < S; ++q) {
      MlirValue ld_ops[2] = {
          g->smem, cg_bin(&g->b, "arith.addi", cg_const_index(&g->b, (int64_t)(g->nreduce + q) * WARP), slot)};
      xw[q] = cg_op1(&g->b, "memref.load", 2, ld_ops, g->f32_t, 0, NULL);
    }
    return butterfly(g, r, state_from_words(g, r, xw), (int)nwarps);
  }
  State acc = {{{NULL}, {NULL}, {NULL}}};
  for (int64_t w = 0; w < nwarps; ++w) {
    MlirValue xw[3];
    for (int q = 0; q < S; ++q) {
      MlirValue ld_ops[2] = {g->smem, cg_const_index(&g->b, (int64_t)(g->nreduce + q) * WARP + w)};
      xw[q] = cg_op1(&g->b, "memref.load", 2, ld_ops, g->f32_t, 0, NULL);
    }
    State x = state_from_words(g, r, xw);
    acc = w == 0 ? x : state_combine(g, r, acc, x);
  }
  return acc;
}

/* A kernel.reduce of a uniform value: sum is value * rnumel, max/min the value; welford (v, 0, rnumel),
 * online softmax (v, rnumel). */
static bool reduce_uniform(Gen *g, MlirOperation op, KernelReduction r, const Lanes *x, State *out) {
  double n = (double)g->rnumel;
  MlirType t = mlirValueGetType(x->v[0]);
  bool is_int = is_int_t(t);
  const char *mul = is_int ? "arith.muli" : "arith.mulf";
  if (r == KERNEL_RED_MAX || r == KERNEL_RED_MIN)
    out->v[0] = x->v[0];
  else if (r == KERNEL_RED_SUM)
    out->v[0] = cg_bin(&g->b, mul, x->v[0],
                       is_int ? cg_const(&g->b, mlirIntegerAttrGet(t, g->rnumel)) : cg_const_f32(&g->b, n));
  else if (r == KERNEL_RED_PROD) {
    /* value ** rnumel by repeated squaring: ceil(log2(rnumel)) + popcount multiplications */
    MlirValue acc = {NULL}, p = x->v[0];
    for (int64_t k = g->rnumel; k > 0; k >>= 1) {
      if (k & 1)
        acc = mlirValueIsNull(acc) ? p : cg_bin(&g->b, mul, acc, p);
      if (k > 1)
        p = cg_bin(&g->b, mul, p, p);
    }
    out->v[0] =
        mlirValueIsNull(acc) ? (is_int ? cg_const(&g->b, mlirIntegerAttrGet(t, 1)) : cg_const_f32(&g->b, 1.0)) : acc;
  } else if (kernel_reduction_family(r) == KERNEL_RED_WELFORD_MEAN)
    *out = (State){{x->v[0], cg_const_f32(&g->b, 0.0), cg_const_f32(&g->b, n)}};
  else if (kernel_reduction_family(r) == KERNEL_RED_ONLINE_MAX)
    *out = (State){{x->v[0], cg_const_f32(&g->b, n)}};
  else
    return fail(g, op, "reduction type of an r-invariant value is not supported");
  return true;
}

/* emit_value of a reduction's operand: a reduction it depends on (emitted here, nested) must not leave its
 * own type in g->red_t. */
static bool emit_operand(Gen *g, MlirValue in, Lanes *x) {
  MlirType t = g->red_t;
  bool ok = emit_value(g, in, x);
  g->red_t = t;
  return ok;
}

/* A plain reduction r of the thread's lanes x across the row, its workgroup-memory slots from `slot`
 * on (every thread gets the result). */
static MlirValue row_reduce_plain(Gen *g, KernelReduction r, const Lanes *x, int slot) {
  int saved = g->nreduce;
  g->nreduce = slot;
  MlirValue v = block_reduce(g, r, combine_lanes(g, r, x)).v[0];
  g->nreduce = saved;
  return v;
}

/* A state reduction of a persistent kernel, whose row is in registers: computed in two passes over them
 * with plain reductions, as Inductor does for persistent reductions (welford_reduce_fallback,
 * prepare_softmax_twopass_fallback). Welford, in the corrected two-pass form (Chan, Golub and LeVeque):
 * mean0 = sum(x) / rnumel, d = x - mean0, mean = mean0 + sum(d) / rnumel, m2 = max(sum(d^2) - sum(d)^2 /
 * rnumel, 0), weight rnumel: no division per element and one-value butterflies instead of Chan's merge.
 * The correction makes the mean of a constant row that constant whatever sum(x) rounded to (a row of 7:
 * Inductor's plain two-pass mean is an ulp off, and x - mean, times a layer norm's rstd of 316, moved the
 * output by 4e-3 where eager's Welford gives 0) and keeps m2 >= 0. Online softmax:
 * m = max(x), s = sum(exp(x - m)), and s = 0 where m = -inf (an all -inf row: the online state's sum; a
 * +inf max gives NaN, as torch does): one exp per element, no rescales. x - mean and exp(x - m) are the
 * expressions a softmax computes again, so CSE shares them. The reductions use the state's workgroup-memory
 * slot ranges (three for Welford, two for the softmax). */
static State reduce_state_two_pass(Gen *g, KernelReduction r, const Lanes *x) {
  State o = {{{NULL}, {NULL}, {NULL}}};
  Lanes y = {.n = x->n};
  if (kernel_reduction_family(r) == KERNEL_RED_WELFORD_MEAN) {
    MlirValue n = cg_const_f32(&g->b, (double)g->rnumel);
    MlirValue mean = cg_bin(&g->b, "arith.divf", row_reduce_plain(g, KERNEL_RED_SUM, x, g->nreduce), n);
    Lanes d = {.n = x->n};
    for (int l = 0; l < x->n; ++l) {
      d.v[l] = cg_bin(&g->b, "arith.subf", x->v[l], mean);
      y.v[l] = cg_bin(&g->b, "arith.mulf", d.v[l], d.v[l]);
    }
    MlirValue sd = row_reduce_plain(g, KERNEL_RED_SUM, &d, g->nreduce + 2);
    MlirValue sd2 = row_reduce_plain(g, KERNEL_RED_SUM, &y, g->nreduce + 1);
    o.v[0] = cg_bin(&g->b, "arith.addf", mean, cg_bin(&g->b, "arith.divf", sd, n));
    MlirValue m2 =
        cg_bin(&g->b, "arith.subf", sd2, cg_bin(&g->b, "arith.divf", cg_bin(&g->b, "arith.mulf", sd, sd), n));
    o.v[1] = cg_bin(&g->b, "arith.maximumf", m2, cg_const_f32(&g->b, 0.0));
    o.v[2] = n;
  } else {
    o.v[0] = row_reduce_plain(g, KERNEL_RED_MAX, x, g->nreduce);
    for (int l = 0; l < x->n; ++l) {
      MlirValue d = cg_bin(&g->b, "arith.subf", x->v[l], o.v[0]);
      y.v[l] = cg_cast(&g->b, "math.exp", d, g->f32_t);
    }
    MlirValue s = row_reduce_plain(g, KERNEL_RED_SUM, &y, g->nreduce + 1);
    o.v[1] = cg_select(&g->b, cg_cmpf(&g->b, CG_CMPF_OEQ, o.v[0], cg_const_f32(&g->b, -INFINITY)),
                       cg_const_f32(&g->b, 0.0), s);
  }
  return o;
}

static bool reduce_state(Gen *g, MlirOperation op, KernelReduction r, MlirValue in, State *out) {
  int S = kernel_reduction_state_width(r);
  g->red_t = mlirValueGetType(in);
  Lanes x;
  if (!is_rvar_value(g, in)) {
    if (!emit_operand(g, in, &x))
      return false;
    return reduce_uniform(g, op, r, &x, out);
  }
  State partial = {{{NULL}, {NULL}, {NULL}}};
  if (g->kind == KERNEL_KIND_PERSISTENT_REDUCTION) {
    if (!emit_operand(g, in, &x))
      return false;
    if (kernel_reduction_family(r) != KERNEL_RED_INVALID) {
      *out = reduce_state_two_pass(g, r, &x);
      g->nreduce += red_words(r, g->red_t);
      return true;
    }
    partial = combine_lanes(g, r, &x);
  } else {
    /* one accumulator state per vector lane (Triton's RBLOCK-wide accumulators), combined pairwise
     * after the loop: each lane's running state covers rnumel / (rthreads * vector_width) elements */
    int64_t chunk = g->rthreads * g->geom.vector_width;
    int nl = (int)g->geom.vector_width;
    CgBuilder saved;
    MlirValue inits[MAX_LANES];
    State id = state_neutral(g, r);
    for (int l = 0; l < nl * S; ++l)
      inits[l] = id.v[l % S];
    MlirOperation loop = open_tile_loop(g, &saved, (g->rnumel + chunk - 1) / chunk, nl * S, inits);
    MlirBlock body = g->b.block;
    int mark = cg_scope_enter(&g->vals);
    gpu_setup_r_chunks(g, mlirBlockGetArgument(body, 0), 1);
    bool ok = emit_operand(g, in, &x);
    MlirValue next[MAX_LANES], nv = {NULL};
    for (int l = 0; l < nl; ++l) {
      State a = {{{NULL}, {NULL}, {NULL}}};
      for (int q = 0; q < S; ++q)
        a.v[q] = next[l * S + q] = mlirBlockGetArgument(body, 1 + l * S + q);
      if (!ok || (x.n == 1 && l > 0))
        continue;
      State u = state_update(g, r, a, lane(&x, l), g->valid[0], &nv);
      for (int q = 0; q < S; ++q)
        next[l * S + q] = u.v[q];
    }
    cg_scope_leave(&g->vals, mark);
    cg_close(&g->b, &saved, nl * S, next);
    if (!ok)
      return false;
    State part[MAX_LANES];
    int np = nl;
    for (int l = 0; l < nl; ++l)
      for (int q = 0; q < S; ++q)
        part[l].v[q] = mlirOperationGetResult(loop, l * S + q);
    while (np > 1) {
      int m = 0;
      for (int i = 0; i + 1 < np; i += 2)
        part[m++] = state_combine(g, r, part[i], part[i + 1]);
      if (np % 2)
        part[m++] = part[np - 1];
      np = m;
    }
    partial = part[0];
  }
  *out = block_reduce(g, r, partial);
  g->nreduce += red_words(r, g->red_t);
  return true;
}

/* Whether the kernel body holds a welford reduce of v. */
static bool has_welford_of(MlirBlock body, MlirValue v) {
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (kernel_is_reduce(op) && kernel_reduction_family(kernel_reduce_type(op)) == KERNEL_RED_WELFORD_MEAN &&
        mlirValueEqual(mlirOperationGetOperand(op, 0), v))
      return true;
  return false;
}

static bool emit_reduce(Gen *g, MlirOperation op, Lanes *out) {
  KernelReduction r = kernel_reduce_type(op);
  MlirValue in = mlirOperationGetOperand(op, 0);
  MlirType t = mlirValueGetType(in);
  bool plain = kernel_reduction_family(r) == KERNEL_RED_INVALID;
  if (r == KERNEL_RED_INVALID || !(mlirTypeIsAF32(t) || (plain && is_int_t(t) && mlirIntegerTypeGetWidth(t) <= 64)))
    return fail(g, op,
                "kernel.reduce needs an f32 value (or an i32 / i64 one for sum|max|min|prod) and reduction_type "
                "sum|max|min|prod|welford_mean|welford_m2|online_softmax_max|online_softmax_sum");
  /* a sum of the value a welford sibling reduces is that state's mean * weight (var_mean: one pass) */
  bool sum_of_welford = r == KERNEL_RED_SUM && has_welford_of(kernel_def_body(g->def), in);
  if (sum_of_welford)
    r = KERNEL_RED_WELFORD_MEAN;
  KernelReduction fam = kernel_reduction_family(r);
  State st = {{{NULL}, {NULL}, {NULL}}};
  int shared = -1;
  for (int q = 0; q < g->nshared && fam != KERNEL_RED_INVALID; ++q)
    if (g->shared_fam[q] == fam && mlirValueEqual(g->shared_in[q], in))
      shared = q;
  if (shared >= 0) {
    memcpy(st.v, g->shared_st[shared], sizeof st.v);
  } else {
    if (!reduce_state(g, op, r, in, &st))
      return false;
    if (fam != KERNEL_RED_INVALID && g->nshared < 16) {
      g->shared_fam[g->nshared] = fam;
      g->shared_in[g->nshared] = in;
      memcpy(g->shared_st[g->nshared++], st.v, sizeof st.v);
    }
  }
  out->n = 1;
  out->v[0] = sum_of_welford ? cg_bin(&g->b, "arith.mulf", st.v[0], st.v[2]) : st.v[kernel_reduction_component(r)];
  return true;
}

/* --- stores */

static bool store_lanes(Gen *g, MlirOperation op, MlirValue mem, MlirAffineExpr e, const Lanes *val, int n,
                        Access acc) {
  MlirType elem = memref_elem(mem);
  int vw = (int)g->geom.vector_width;
  for (int c = 0; c * vw < n; ++c) {
    CgBuilder saved = g->b;
    bool guarded = !mlirValueIsNull(g->valid[c]);
    if (guarded)
      cg_open_if(&g->b, &saved, g->valid[c]);
    if (acc == ACCESS_VECTOR) {
      MlirValue el[MAX_LANES];
      for (int l = 0; l < vw; ++l)
        el[l] = to_storage(g, op, lane(val, c * vw + l), elem);
      int64_t shape[1] = {vw};
      MlirValue vec = cg_op1(&g->b, "vector.from_elements", vw, el, mlirVectorTypeGet(1, shape, elem), 0, NULL);
      MlirValue ops[3] = {vec, mem, emit_expr(g, op, e, c * vw)};
      MlirNamedAttribute al = align_attr(g, elem);
      cg_op0(&g->b, "vector.store", 3, ops, 1, &al);
    } else {
      int last = acc == ACCESS_PER_CHUNK ? c * vw + 1 : c * vw + vw;
      for (int l = c * vw; l < last && l < n; ++l) {
        MlirValue ops[3] = {to_storage(g, op, lane(val, l), elem), mem, emit_expr(g, op, e, l)};
        cg_op0(&g->b, "memref.store", 3, ops, 0, NULL);
      }
    }
    if (guarded)
      cg_close(&g->b, &saved, 0, NULL);
  }
  return !g->failed;
}

static bool emit_store(Gen *g, MlirOperation op) {
  const Lanes *buf = lookup(g, kernel_store_buffer(op));
  MlirAffineMap m = kernel_index_map(op);
  if (!buf || mlirAffineMapIsNull(m) || mlirAffineMapGetNumResults(m) != 1)
    return fail(g, op, "kernel.store needs a kernel argument buffer and a one-result index");
  MlirValue mem = buf->v[0];
  MlirAffineExpr e = mlirAffineMapGetResult(m, 0);
  Lanes val;
  if (!emit_value(g, kernel_store_value(op), &val))
    return false;
  int n;
  Access acc = classify(g, e, memref_elem(mem), &n);
  /* One lane per thread is not one writer per x point: a single writer (thread 0 of the x point) is
   * right only when the index uses no dim that threads are spread over. Reductions: no r dim (every
   * r-thread of the x point holds the value; rtid 0 writes). Pointwise: no dim at all (a 0-d result;
   * tid 0 writes). An index of such a dim (the x dims of a pointwise kernel, the r dims of a
   * reduction's epilogue, e.g. softmax's division) is stored by every thread under its lane's mask. */
  bool red = g->kind != KERNEL_KIND_POINTWISE;
  bool spread = false;
  for (int k = red ? g->nx : 0; k < g->nx + g->nr; ++k)
    spread |= mlirAffineExprIsFunctionOfDim(e, k);
  if (acc == ACCESS_UNIFORM && spread)
    acc = ACCESS_PER_LANE;
  if (acc == ACCESS_UNIFORM) {
    if (val.n != 1)
      return fail(g, op, "a store whose index does not use the r dims needs an r-invariant value");
    CgBuilder saved;
    cg_open_if(&g->b, &saved, cg_cmpi(&g->b, CG_CMPI_EQ, red ? g->rtid : g->tid, cg_const_index(&g->b, 0)));
    MlirValue xvalid = red ? g->xvalid : g->valid[0];
    bool guarded = !mlirValueIsNull(xvalid);
    CgBuilder saved2 = g->b;
    if (guarded)
      cg_open_if(&g->b, &saved2, xvalid);
    MlirValue ops[3] = {to_storage(g, op, val.v[0], memref_elem(mem)), mem, emit_expr(g, op, e, 0)};
    cg_op0(&g->b, "memref.store", 3, ops, 0, NULL);
    if (guarded)
      cg_close(&g->b, &saved2, 0, NULL);
    cg_close(&g->b, &saved, 0, NULL);
    return !g->failed;
  }
  if (stageable(g, op) && mlirTypeIsAF32(mlirValueGetType(val.v[0])) && val.n == 4 * gpu_tiles_per_block(g))
    return emit_staged_store(g, op, mem, e, &val);
  if (acc == ACCESS_VECTOR && !mlirTypeIsAFloat(mlirValueGetType(val.v[0])))
    acc = ACCESS_PER_LANE; /* a vector store converts float lanes to the storage type (truncf) */
  return store_lanes(g, op, mem, e, &val, n > val.n ? n : val.n, acc);
}

/* Emits (once per scope) the kernel value v. */
/* --- checked mode (include/ind/checked.h) */

/* Records `site` with index `idx` (an index) unless an earlier violation is recorded: a compare-and-swap
 * of word 0 from 0 to site + 1 (memref.generic_atomic_rmw), and the thread that made it writes word 1. */
static void gpu_record(Gen *g, int site, MlirValue idx) {
  MlirType i64 = mlirIntegerTypeGet(g->b.ctx, 64);
  MlirNamedAttribute name = cg_named(&g->b, "name", mlirFlatSymbolRefAttrGet(g->b.ctx, ind_str(IND_CHECK_RECORD)));
  MlirValue rec = cg_op1(&g->b, "memref.get_global", 0, NULL, check_record_type(g->b.ctx), 1, &name);
  MlirValue at[2] = {rec, cg_const_index(&g->b, 0)};
  MlirOperationState st = mlirOperationStateGet(ind_str("memref.generic_atomic_rmw"), g->b.loc);
  mlirOperationStateAddOperands(&st, 2, at);
  mlirOperationStateAddResults(&st, 1, &i64);
  MlirRegion r = cg_region(&g->b, 1, &i64);
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  MlirOperation rmw = cg_put(&g->b, &st);
  CgBuilder saved = g->b;
  g->b = cg_at_end(&g->b, cg_block(rmw, 0));
  MlirValue cur = mlirBlockGetArgument(g->b.block, 0);
  MlirValue zero = cg_const(&g->b, mlirIntegerAttrGet(i64, 0));
  MlirValue next =
      cg_select(&g->b, cg_cmpi(&g->b, CG_CMPI_EQ, cur, zero), cg_const(&g->b, mlirIntegerAttrGet(i64, site + 1)), cur);
  cg_op0(&g->b, "memref.atomic_yield", 1, &next, 0, NULL);
  g->b = saved;
  CgBuilder outer;
  cg_open_if(&g->b, &outer,
             cg_cmpi(&g->b, CG_CMPI_EQ, mlirOperationGetResult(rmw, 0), cg_const(&g->b, mlirIntegerAttrGet(i64, 0))));
  MlirValue st1[3] = {cg_cast(&g->b, "arith.index_cast", idx, i64), rec, cg_const_index(&g->b, 1)};
  cg_op0(&g->b, "memref.store", 3, st1, 0, NULL);
  cg_close(&g->b, &outer, 0, NULL);
}

/* kernel.check_index: per lane, records its site when the index is outside [lower, upper); the index goes on
 * unchanged. */
static bool emit_check_index(Gen *g, MlirOperation op, Lanes *out) {
  int64_t lo, hi;
  if (mlirOperationGetNumOperands(op) != 1 || !kernel_check_index_bounds(op, &lo, &hi))
    return fail(g, op, "kernel.check_index takes one index and needs integer bounds lower < upper");
  if (!emit_value(g, mlirOperationGetOperand(op, 0), out))
    return false;
  int site = check_sites_of(g->sites, g->def, op);
  for (int l = 0; l < out->n; ++l) {
    bool same = false;
    for (int j = 0; j < l && !same; ++j)
      same = mlirValueEqual(out->v[j], out->v[l]);
    if (same)
      continue; /* one check per distinct value */
    MlirValue bad = cg_bin(&g->b, "arith.ori", cg_cmpi(&g->b, CG_CMPI_SLT, out->v[l], cg_const_index(&g->b, lo)),
                           cg_cmpi(&g->b, CG_CMPI_SGE, out->v[l], cg_const_index(&g->b, hi)));
    CgBuilder saved;
    cg_open_if(&g->b, &saved, bad);
    gpu_record(g, site, out->v[l]);
    cg_close(&g->b, &saved, 0, NULL);
  }
  return true;
}

static bool emit_value(Gen *g, MlirValue v, Lanes *out) {
  const Lanes *l = lookup(g, v);
  if (l) {
    *out = *l;
    return true;
  }
  if (!mlirValueIsAOpResult(v))
    return fail(g, g->def, "a kernel body value is neither an op result nor a buffer");
  MlirOperation op = mlirOpResultGetOwner(v);
  if (g->nr > 0 && is_rvar_op(g, op) && g->dims[g->nx + g->nr - 1].n == 0)
    return fail(g, op, "r-varying value used outside a reduction (only kernel.reduce may consume it)");
  bool ok;
  switch (kernel_op_id(op)) {
  case KERNEL_OP_LOAD:
    ok = emit_load(g, op, out);
    break;
  case KERNEL_OP_INDEX_EXPR:
    ok = emit_index_expr(g, op, out);
    break;
  case KERNEL_OP_REDUCE:
    ok = emit_reduce(g, op, out);
    break;
  case KERNEL_OP_SCAN:
    ok = emit_scan(g, op, out);
    break;
  case KERNEL_OP_CHECK_INDEX:
    ok = emit_check_index(g, op, out);
    break;
  default:
    ok = emit_clone(g, op, out);
    break;
  }
  if (ok)
    bind(g, v, out);
  return ok;
}

/* --- kernels */

/* Workgroup-memory slots of the body's reductions: one per state value. */
static int count_reduces(MlirBlock body) {
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    n += kernel_is_reduce(op) ? red_words(kernel_reduce_type(op), mlirValueGetType(mlirOperationGetOperand(op, 0))) : 0;
  return n;
}

static bool read_def(Gen *g, MlirOperation def) {
  g->def = def;
  g->kind = kernel_def_kind(def);
  int64_t xr[KERNEL_MAX_RANK], rr[KERNEL_MAX_RANK];
  intptr_t nx = kernel_def_xranges(def, xr), nr = kernel_def_rranges(def, rr);
  if (g->kind == KERNEL_KIND_INVALID || nx < 0 || nr < 0 || !kernel_def_geometry(def, &g->geom))
    return fail(g, def, "kernel.def needs kind, xranges, rranges, block, xblock and vector_width");
  if (g->kind == KERNEL_KIND_POINTWISE && nr != 0)
    return fail(g, def, "pointwise kernels have empty rranges");
  MlirAttribute ieee = mlirOperationGetAttributeByName(def, ind_str(KERNEL_ATTR_IEEE_DIV));
  if (!mlirAttributeIsNull(ieee) && !mlirAttributeIsABool(ieee))
    return fail(g, def, "kernel.def's ieee_div must be a bool");
  g->ieee_div = !mlirAttributeIsNull(ieee) && mlirBoolAttrGetValue(ieee);
  MlirAttribute order = mlirOperationGetAttributeByName(def, ind_str(KERNEL_ATTR_TILE_ORDER));
  if (!mlirAttributeIsNull(order) &&
      (!mlirAttributeIsAString(order) || (!ind_sref_eq(mlirStringAttrGetValue(order), "mirror") &&
                                          !ind_sref_eq(mlirStringAttrGetValue(order), "raster"))))
    return fail(g, def, "kernel.def's tile_order must be \"mirror\" or \"raster\"");
  g->mirror = mlirAttributeIsNull(order) || ind_sref_eq(mlirStringAttrGetValue(order), "mirror");
  g->nx = (int)nx;
  g->nr = (int)nr;
  memcpy(g->ranges, xr, (size_t)nx * sizeof *xr);
  memcpy(g->ranges + nx, rr, (size_t)nr * sizeof *rr);
  for (int k = 0; k < g->nx + g->nr; ++k)
    if (g->ranges[k] < 1)
      return fail(g, def, "ranges must be positive");
  g->numel = kernel_def_numel(def);
  g->rnumel = kernel_def_rnumel(def);
  g->vd = g->kind == KERNEL_KIND_POINTWISE ? g->nx - 1 : g->nx + g->nr - 1;
  return true;
}

/* The gpu.func for `def` (arguments: the def's buffers, then workgroup memory when needed). */
static MlirOperation create_func(Gen *g, MlirBlock body, int64_t smem_floats) {
  intptr_t nargs = mlirBlockGetNumArguments(body);
  bool smem = smem_floats > 0;
  MlirType *types = calloc((size_t)nargs + 1, sizeof *types);
  MlirAttribute *aattrs = calloc((size_t)nargs + 1, sizeof *aattrs);
  if (!types || !aattrs)
    abort();
  MlirNamedAttribute noalias = cg_named(&g->b, "llvm.noalias", mlirUnitAttrGet(g->b.ctx));
  for (intptr_t i = 0; i < nargs; ++i) {
    types[i] = mlirValueGetType(mlirBlockGetArgument(body, i));
    aattrs[i] = mlirDictionaryAttrGet(g->b.ctx, 1, &noalias);
  }
  if (smem) {
    int64_t shape[1] = {smem_floats};
    MlirAttribute space = mlirAttributeParseGet(g->b.ctx, ind_str("#gpu.address_space<workgroup>"));
    types[nargs] = mlirMemRefTypeGet(g->f32_t, 1, shape, mlirAttributeGetNull(), space);
  }
  int32_t kbs[3] = {(int32_t)g->geom.block, 1, 1};
  MlirNamedAttribute attrs[] = {
      cg_named(&g->b, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(g->b.ctx, nargs, types, 0, NULL))),
      cg_named(&g->b, "sym_name", mlirStringAttrGet(g->b.ctx, kernel_def_name(g->def))),
      cg_named(&g->b, "gpu.kernel", mlirUnitAttrGet(g->b.ctx)),
      cg_named(&g->b, "workgroup_attributions", mlirIntegerAttrGet(mlirIntegerTypeGet(g->b.ctx, 64), smem ? 1 : 0)),
      cg_named(&g->b, "arg_attrs", mlirArrayAttrGet(g->b.ctx, nargs, aattrs)),
      cg_named(&g->b, "known_block_size", mlirDenseI32ArrayGet(g->b.ctx, 3, kbs)),
  };
  MlirOperationState st = mlirOperationStateGet(ind_str("gpu.func"), mlirOperationGetLocation(g->def));
  mlirOperationStateAddAttributes(&st, (intptr_t)(sizeof attrs / sizeof attrs[0]), attrs);
  MlirRegion r = cg_region(&g->b, nargs + (smem ? 1 : 0), types);
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  free(types);
  free(aattrs);
  return mlirOperationCreate(&st);
}

/* --- scans (kernel.scan)
 *
 * One row (x point) per block: xblock 1, the block's threads along r; or packed rows (row_threads,
 * xblock > 1: a row's rthreads <= 32 threads consecutive lanes of one warp, scanned by row_scan without
 * workgroup memory). A tile is a chunk of rthreads *
 * vector_width consecutive r elements (gpu_setup_r_chunks), thread t holding elements t * vw .. t * vw +
 * vw - 1 of it. Per tile: the thread's inclusive scan of its vw elements (invalid tail elements are the
 * identity), its total scanned over the warp by gpu.shuffle up (5 steps), each warp's total through
 * workgroup memory (the scan's slot), each thread combining the totals of the warps before its own; the
 * element's value is carry (+) exclusive thread prefix (+) its own inclusive value, and the carry grows by
 * the tile's total. Persistent kernels unroll the tiles (their lanes); looped kernels run an scf.for over
 * the tiles (emit_scan_body) carrying each scan's carry; a float sum's carry is Kahan-compensated (hi,
 * comp), so the error is that of a tile (the warp and warp-totals trees) plus about 2 ulps of the carry,
 * not growing with the number of tiles. f32 values only; a reduce of a scanned value works in persistent
 * kernels and is a located error in looped ones. */

#define MAX_GPU_SCANS 16

typedef struct GpuScanLoop {
  int n;
  MlirOperation op[MAX_GPU_SCANS];
  int width[MAX_GPU_SCANS];         /* 2: a compensated float sum (hi, comp); 1 otherwise */
  MlirValue cur[MAX_GPU_SCANS][2];  /* the carry before this tile (iter_args) */
  MlirValue next[MAX_GPU_SCANS][2]; /* after it (set when the scan is emitted) */
} GpuScanLoop;

/* A float sum's carry is Kahan-compensated (an integer one is exact). */
static bool compensated(KernelReduction r, MlirType t) { return r == KERNEL_RED_SUM && !is_int_t(t); }

/* The value type of a kernel.scan and the workgroup words a slot of its warp totals takes. */
static MlirType scan_value_type(MlirOperation op) { return mlirValueGetType(mlirOperationGetOperand(op, 0)); }
static int scan_words(MlirOperation op) { return red_words(KERNEL_RED_SUM, scan_value_type(op)); }

static int count_scan_words(MlirBlock body) {
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    n += kernel_is_scan(op) ? scan_words(op) : 0;
  return n;
}

static int count_scans(MlirBlock body) {
  int n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    n += kernel_is_scan(op);
  return n;
}

/* A kernel holding scans: a reduction kind with one row per block (xblock 1) or packed rows (row_threads;
 * gpu_setup_geometry checks that a row is within a warp), at most MAX_GPU_SCANS scans. */
static bool check_scan_kernel(Gen *g) {
  if (g->kind == KERNEL_KIND_POINTWISE || (g->geom.xblock != 1 && !g->geom.row_threads))
    return fail(g, g->def,
                "a kernel with kernel.scan needs a reduction kind and xblock = 1 (one row per block) or "
                "row_threads (packed rows)");
  if (count_scans(kernel_def_body(g->def)) > MAX_GPU_SCANS)
    return fail(g, g->def, "more than 16 kernel.scan ops in one kernel");
  return true;
}

/* shuffle_by of a scan's value of type g->red_t: f32 as it is, an integer as its 32-bit words
 * (state_to_words: an i64 is two shuffles). */
static MlirValue scan_shuffle(Gen *g, const char *mode, MlirValue v, MlirValue off, MlirValue *valid) {
  if (!is_int_t(g->red_t))
    return shuffle_by(g, mode, v, off, valid);
  MlirValue w[3], o[3];
  int n = state_to_words(g, KERNEL_RED_SUM, (State){{v}}, w);
  for (int q = 0; q < n; ++q)
    o[q] = shuffle_by(g, mode, w[q], off, q == 0 ? valid : NULL);
  return state_from_words(g, KERNEL_RED_SUM, o).v[0];
}

/* The scan of a packed row's rthreads threads (consecutive lanes of one warp, rtid their index): *excl
 * the combination of the row's threads before this one (the identity for rtid 0), *total the row's (its
 * last thread's inclusive value, by gpu.shuffle idx). No workgroup memory, no barrier. */
static void row_scan(Gen *g, KernelReduction r, MlirValue v, MlirValue *excl, MlirValue *total) {
  int64_t rt = g->rthreads;
  if (rt == 1) { /* the thread holds the whole row */
    *excl = neutral(g, r), *total = v;
    return;
  }
  for (int64_t off = 1; off < rt; off *= 2) { /* Hillis-Steele over lanes of the row only: rtid >= off */
    MlirValue y = scan_shuffle(g, "up", v, cg_const_i32(&g->b, off), NULL);
    v = cg_select(&g->b, cg_cmpi(&g->b, CG_CMPI_ULT, cg_const_index(&g->b, off - 1), g->rtid), combine(g, r, y, v), v);
  }
  MlirValue before = scan_shuffle(g, "up", v, cg_const_i32(&g->b, 1), NULL);
  *excl = cg_select(&g->b, cg_cmpi(&g->b, CG_CMPI_ULT, cg_const_index(&g->b, 0), g->rtid), before, neutral(g, r));
  MlirValue lane =
      cg_bin(&g->b, "arith.remui", g->tid, cg_const_index(&g->b, WARP)); /* the row's last lane: lane - rtid + rt - 1 */
  MlirValue last =
      cg_bin(&g->b, "arith.addi", cg_bin(&g->b, "arith.subi", lane, g->rtid), cg_const_index(&g->b, rt - 1));
  *total = scan_shuffle(g, "idx", v, cg_cast(&g->b, "arith.index_cast", last, g->i32_t), NULL);
}

/* The block-wide scan of the threads' values v (in tid order) through workgroup slots `slot` .. (one per
 * word of g->red_t: an i64 takes two): *excl the combination of the threads before this one (the identity
 * for thread 0), *total the whole block's. Packed rows (xblock > 1): row_scan, per row. */
static void block_scan(Gen *g, KernelReduction r, MlirValue v, int slot, MlirValue *excl, MlirValue *total) {
  if (g->geom.xblock > 1) {
    row_scan(g, r, v, excl, total);
    return;
  }
  for (int64_t off = 1; off < WARP; off *= 2) { /* Hillis-Steele inside the warp */
    MlirValue ok, y = scan_shuffle(g, "up", v, cg_const_i32(&g->b, off), &ok);
    v = cg_select(&g->b, ok, combine(g, r, y, v), v);
  }
  MlirValue ok, before = scan_shuffle(g, "up", v, cg_const_i32(&g->b, 1), &ok);
  MlirValue wexcl = cg_select(&g->b, ok, before, neutral(g, r));
  MlirValue warp = cg_bin(&g->b, "arith.divui", g->tid, cg_const_index(&g->b, WARP));
  MlirValue last = cg_cmpi(&g->b, CG_CMPI_EQ, cg_bin(&g->b, "arith.remui", g->tid, cg_const_index(&g->b, WARP)),
                           cg_const_index(&g->b, WARP - 1));
  CgBuilder saved;
  cg_open_if(&g->b, &saved, last);
  MlirValue words[3];
  int nw = state_to_words(g, KERNEL_RED_SUM, (State){{v}}, words);
  for (int q = 0; q < nw; ++q) {
    MlirValue st_ops[3] = {words[q], g->smem,
                           cg_bin(&g->b, "arith.addi", cg_const_index(&g->b, (int64_t)(slot + q) * WARP), warp)};
    cg_op0(&g->b, "memref.store", 3, st_ops, 0, NULL);
  }
  cg_close(&g->b, &saved, 0, NULL);
  cg_op0(&g->b, "gpu.barrier", 0, NULL, 0, NULL);
  MlirValue prefix = neutral(g, r), tot = neutral(g, r);
  for (int64_t w = 0; w < g->geom.block / WARP; ++w) {
    for (int q = 0; q < nw; ++q) {
      MlirValue ld_ops[2] = {g->smem, cg_const_index(&g->b, (int64_t)(slot + q) * WARP + w)};
      words[q] = cg_op1(&g->b, "memref.load", 2, ld_ops, g->f32_t, 0, NULL);
    }
    MlirValue t = state_from_words(g, KERNEL_RED_SUM, words).v[0];
    prefix =
        cg_select(&g->b, cg_cmpi(&g->b, CG_CMPI_ULT, cg_const_index(&g->b, w), warp), combine(g, r, prefix, t), prefix);
    tot = combine(g, r, tot, t);
  }
  cg_op0(&g->b, "gpu.barrier", 0, NULL, 0, NULL); /* the slot is free for the next tile */
  *excl = combine(g, r, prefix, wexcl);
  *total = tot;
}

/* The element value carry (+) v: a compensated sum adds v less the carry's compensation. */
static MlirValue carry_apply(Gen *g, KernelReduction r, const MlirValue *carry, MlirValue v) {
  if (compensated(r, g->red_t))
    return cg_bin(&g->b, "arith.addf", carry[0], cg_bin(&g->b, "arith.subf", v, carry[1]));
  return combine(g, r, carry[0], v);
}

/* carry (+)= total (Kahan: y = total - comp, t = hi + y, comp = (t - hi) - y, hi = t). */
static void carry_add(Gen *g, KernelReduction r, MlirValue *carry, MlirValue total) {
  if (!compensated(r, g->red_t)) {
    carry[0] = combine(g, r, carry[0], total);
    return;
  }
  MlirValue y = cg_bin(&g->b, "arith.subf", total, carry[1]);
  MlirValue t = cg_bin(&g->b, "arith.addf", carry[0], y);
  MlirValue finite = cg_cmpf(&g->b, CG_CMPF_OEQ, cg_bin(&g->b, "arith.subf", t, t),
                             cg_const_f32(&g->b, 0.0)); /* inf/NaN: no compensation */
  carry[1] = cg_select(&g->b, finite, cg_bin(&g->b, "arith.subf", cg_bin(&g->b, "arith.subf", t, carry[0]), y),
                       cg_const_f32(&g->b, 0.0));
  carry[0] = t;
}

static bool emit_scan(Gen *g, MlirOperation op, Lanes *out) {
  KernelReduction r = kernel_scan_type(op);
  MlirValue in = mlirOperationGetOperand(op, 0);
  MlirType t = mlirValueGetType(in);
  bool int_ok = is_int_t(t) && (mlirIntegerTypeGetWidth(t) == 32 || mlirIntegerTypeGetWidth(t) == 64);
  if (r == KERNEL_RED_INVALID || !(mlirTypeIsAF32(t) || int_ok))
    return fail(g, op, "kernel.scan on the GPU needs an f32, i32 or i64 value and scan_type sum|max|min|prod");
  GpuScanLoop *loop = g->scan_loop;
  int q = -1;
  for (int i = 0; loop && i < loop->n; ++i)
    if (mlirOperationEqual(loop->op[i], op))
      q = i;
  if (g->kind == KERNEL_KIND_REDUCTION && q < 0)
    return fail(g, op,
                "a looped kernel uses a kernel.scan outside its tile loop (a reduction of a scanned "
                "value needs a persistent kernel)");
  Lanes x;
  if (!emit_operand(g, in, &x))
    return false;
  MlirType saved_t = g->red_t;
  g->red_t = t; /* neutral, combine, the carry and the shuffles work in the scan's type */
  MlirValue carry[2] = {neutral(g, r), cg_const_f32(&g->b, 0.0)};
  if (q >= 0)
    carry[0] = loop->cur[q][0], carry[1] = loop->cur[q][1];
  int vw = (int)g->geom.vector_width, slot = g->nreduce;
  g->nreduce += scan_words(op);
  out->n = g->nchunks * vw;
  for (int c = 0; c < g->nchunks; ++c) {
    MlirValue p[MAX_LANES], acc = neutral(g, r);
    for (int l = 0; l < vw; ++l) {
      MlirValue v = lane(&x, c * vw + l);
      if (!mlirValueIsNull(g->valid[c]))
        v = cg_select(&g->b, g->valid[c], v, neutral(g, r));
      acc = p[l] = l == 0 ? v : combine(g, r, acc, v);
    }
    MlirValue excl, total;
    block_scan(g, r, acc, slot, &excl, &total);
    for (int l = 0; l < vw; ++l)
      out->v[c * vw + l] = carry_apply(g, r, carry, combine(g, r, excl, p[l]));
    carry_add(g, r, carry, total);
  }
  if (q >= 0)
    loop->next[q][0] = carry[0], loop->next[q][1] = carry[1];
  g->red_t = saved_t;
  return !g->failed;
}

#define MAX_DEFERRED_STORES 256

/* The first walk of a body (emit_body, emit_scan_body): emits in order the ops and stores that do not
 * vary along r (every one unless `looped`), collects the r-varying stores into deferred[] (the caller
 * emits them inside its loop over r tiles) and, with `sl`, records the scans. */
static bool emit_r_invariant(Gen *g, MlirBlock body, bool looped, MlirOperation *deferred, int *ndeferred,
                             GpuScanLoop *sl) {
  *ndeferred = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op) && !g->failed;
       op = mlirOperationGetNextInBlock(op)) {
    if (ind_is_yield(op))
      break;
    if (sl && kernel_is_scan(op)) {
      sl->op[sl->n] = op;
      sl->width[sl->n++] = compensated(kernel_scan_type(op), scan_value_type(op)) ? 2 : 1;
    }
    if (kernel_is_store(op)) {
      if (looped && index_uses_r(g, kernel_index_map(op))) {
        if (*ndeferred == MAX_DEFERRED_STORES)
          return fail(g, op, "too many r-varying stores (max 256)");
        deferred[(*ndeferred)++] = op;
      } else if (!emit_store(g, op))
        return false;
      continue;
    }
    if (mlirOperationGetNumResults(op) != 1)
      return fail(g, op, "unsupported op in a kernel body (expected one result)");
    if (looped && is_rvar_op(g, op))
      continue; /* emitted inside the loops that use it */
    Lanes tmp;
    if (!emit_value(g, mlirOperationGetResult(op, 0), &tmp))
      return false;
  }
  return !g->failed;
}

/* Emits the kernel body in order: pointwise and persistent kernels op by op; looped reductions emit
 * r-invariant ops in order, r-varying ones inside the loops that need them, r-varying stores in a
 * final loop. */
static bool emit_body(Gen *g, MlirBlock body) {
  MlirOperation deferred[MAX_DEFERRED_STORES];
  int ndeferred = 0;
  if (!emit_r_invariant(g, body, g->kind == KERNEL_KIND_REDUCTION, deferred, &ndeferred, NULL))
    return false;
  if (ndeferred == 0)
    return true;
  int64_t chunk = g->rthreads * g->geom.vector_width;
  CgBuilder saved;
  open_tile_loop(g, &saved, (g->rnumel + chunk - 1) / chunk, 0, NULL);
  int mark = cg_scope_enter(&g->vals);
  gpu_setup_r_chunks(g, mlirBlockGetArgument(g->b.block, 0), 1);
  for (int i = 0; i < ndeferred && !g->failed; ++i)
    emit_store(g, deferred[i]);
  cg_scope_leave(&g->vals, mark);
  cg_close(&g->b, &saved, 0, NULL);
  return !g->failed;
}

/* A looped kernel with scans: r-invariant ops and reductions in order (emit_body's first half), then one
 * scf.for over the tiles computing the r-varying stores, carrying each scan's carry. */
static bool emit_scan_body(Gen *g, MlirBlock body) {
  GpuScanLoop sl = {0};
  MlirOperation deferred[MAX_DEFERRED_STORES];
  int ndeferred = 0;
  if (!emit_r_invariant(g, body, true, deferred, &ndeferred, &sl))
    return false;
  MlirValue inits[2 * MAX_GPU_SCANS], next[2 * MAX_GPU_SCANS];
  int n = 0;
  for (int i = 0; i < sl.n; ++i) {
    KernelReduction r = kernel_scan_type(sl.op[i]);
    MlirType saved_t = g->red_t;
    g->red_t = scan_value_type(sl.op[i]);
    inits[n++] = r == KERNEL_RED_INVALID ? cg_const_f32(&g->b, 0.0) : neutral(g, r);
    g->red_t = saved_t;
    if (sl.width[i] == 2)
      inits[n++] = cg_const_f32(&g->b, 0.0);
  }
  int64_t chunk = g->rthreads * g->geom.vector_width;
  CgBuilder saved;
  open_tile_loop(g, &saved, (g->rnumel + chunk - 1) / chunk, n, inits);
  MlirBlock loop_body = g->b.block;
  for (int i = 0, a = 0; i < sl.n; ++i)
    for (int w = 0; w < 2; ++w)
      sl.next[i][w] = sl.cur[i][w] =
          w < sl.width[i] ? mlirBlockGetArgument(loop_body, 1 + a++) : cg_const_f32(&g->b, 0.0);
  int mark = cg_scope_enter(&g->vals);
  gpu_setup_r_chunks(g, mlirBlockGetArgument(loop_body, 0), 1);
  g->scan_loop = &sl;
  for (int i = 0; i < ndeferred && !g->failed; ++i)
    emit_store(g, deferred[i]);
  g->scan_loop = NULL;
  for (int i = 0, a = 0; i < sl.n; ++i)
    for (int w = 0; w < sl.width[i]; ++w)
      next[a++] = sl.next[i][w];
  cg_scope_leave(&g->vals, mark);
  cg_close(&g->b, &saved, n, next);
  return !g->failed;
}

static bool convert_def(Gen *g, MlirOperation def, MlirBlock gpu_body) {
  if (!read_def(g, def))
    return false;
  if (kernel_def_checked(def))
    return fail(g, def,
                "checked=all (a kernel.def marked checked) is not implemented on the GPU yet: use the "
                "CPU JIT or checked=indirect");
  MlirBlock body = kernel_def_body(def);
  if (mlirBlockIsNull(body))
    return fail(g, def, "kernel.def needs a body block");
  check_sites_number_def(g->sites, def); /* body order, as the CPU and the launch plan number them */
  g->b.loc = mlirOperationGetLocation(def);
  int nred = count_reduces(body);
  if (g->kind == KERNEL_KIND_POINTWISE && nred > 0)
    return fail(g, def, "pointwise kernels cannot contain kernel.reduce");
  bool packed = g->kind != KERNEL_KIND_POINTWISE && g->geom.xblock > 1;
  bool rows = packed && g->geom.row_threads, outer = packed && !rows;
  int64_t smem_floats =
      nred > 0 && !rows && (g->geom.block > WARP || outer) ? nred * (outer ? g->geom.block : WARP) : 0;
  int nscan = count_scans(body);
  if (nscan > 0 && !check_scan_kernel(g))
    return false;
  if (nscan > 0 && !rows)
    smem_floats = (int64_t)(nred + count_scan_words(body)) * WARP; /* a slot of warp totals per scan word */
  if (g->kind == KERNEL_KIND_POINTWISE && g->geom.block >= 1 && g->geom.block <= 1024) {
    g->tiled = gpu_has_transposed_load(g, body) && gpu_can_tile(g);
    g->mirror = g->mirror && g->tiled && gpu_has_mirror_read(g, body);
    if (g->tiled)
      staged_skew(g, g->skew);
    /* one area per staged access, or as many as fit (then they are reused in rounds: next_staged_base) */
    int nstaged = count_staged(g, body);
    int64_t area = g->tiled ? gpu_tiles_per_block(g) * staged_floats(g) : 1, fit = KERNEL_STATIC_SMEM_FLOATS / area;
    g->staged_areas = nstaged < fit ? nstaged : (int)fit;
    smem_floats = g->staged_areas * area;
    if (nstaged > 0 && fit == 0) { /* one tile's staging is over the static limit: the flat layout instead */
      g->tiled = g->mirror = false;
      smem_floats = 0;
    }
  }
  MlirOperation func = create_func(g, body, smem_floats);
  mlirBlockAppendOwnedOperation(gpu_body, func);
  g->b.block = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  intptr_t nargs = mlirBlockGetNumArguments(body);
  for (intptr_t i = 0; i < nargs; ++i) {
    MlirValue a = mlirBlockGetArgument(body, i);
    if (!mlirTypeIsAMemRef(mlirValueGetType(a)) || !mlirShapedTypeHasStaticShape(mlirValueGetType(a)))
      return fail(g, def, "kernel arguments must be static memrefs");
    Lanes l = {.n = 1, .v = {mlirBlockGetArgument(g->b.block, i)}};
    bind(g, a, &l);
  }
  if (smem_floats > 0)
    g->smem = mlirBlockGetArgument(g->b.block, nargs);
  analyze_rvar(g, body);
  bool ok = gpu_setup_geometry(g) &&
            (nscan > 0 && g->kind == KERNEL_KIND_REDUCTION ? emit_scan_body(g, body) : emit_body(g, body));
  cg_op0(&g->b, "gpu.return", 0, NULL, 0, NULL);
  return ok;
}

static void reset_kernel_state(Gen *g) {
  free(g->rvar_ops);
  g->rvar_ops = NULL;
  g->nrvar = 0;
  cg_scope_leave(&g->vals, 0);
  g->nreduce = 0;
  g->nshared = 0;
  memset(g->dims, 0, sizeof g->dims);
  memset(g->valid, 0, sizeof g->valid);
  g->smem = (MlirValue){NULL};
  g->rtid = g->tx = g->xvalid = (MlirValue){NULL};
  g->ttx = g->tty = g->ttr = g->ttc = (MlirValue){NULL};
  g->tiled = false;
  g->nstaged = 0;
  g->staged_areas = 0;
  g->rthreads = 0;
}

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation *defs = NULL; /* every kernel.def, in order (a program may have any number) */
  int ndefs = 0, cap = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (kernel_is_def(op))
      IND_VEC_PUSH(defs, ndefs, cap, op);
  if (ndefs == 0)
    return mlirLogicalResultSuccess();
  Gen g = {.b = {.ctx = mlirOperationGetContext(module)}};
  g.index_t = mlirIndexTypeGet(g.b.ctx);
  g.f32_t = mlirF32TypeGet(g.b.ctx);
  g.red_t = g.f32_t;
  g.i1_t = mlirIntegerTypeGet(g.b.ctx, 1);
  g.i32_t = mlirIntegerTypeGet(g.b.ctx, 32);
  MlirOperationState st = mlirOperationStateGet(ind_str("gpu.module"), mlirOperationGetLocation(defs[0]));
  MlirNamedAttribute name = cg_named(&g.b, "sym_name", mlirStringAttrGet(g.b.ctx, ind_str("ind_kernels")));
  mlirOperationStateAddAttributes(&st, 1, &name);
  MlirRegion r = cg_region(&g.b, 0, NULL);
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  MlirOperation gmod = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(top, defs[0], gmod);
  MlirBlock gbody = mlirRegionGetFirstBlock(mlirOperationGetRegion(gmod, 0));
  CheckSites sites = {module, NULL, NULL, 0, 0};
  g.sites = &sites;
  bool ok = true;
  for (int i = 0; i < ndefs && ok; ++i) {
    ok = convert_def(&g, defs[i], gbody);
    reset_kernel_state(&g);
  }
  cg_map_free(&g.vals);
  check_sites_finish(&sites, gbody);
  if (ok)
    for (int i = 0; i < ndefs; ++i)
      mlirOperationDestroy(defs[i]);
  free(defs);
  if (!ok)
    return mlirLogicalResultFailure();
  ind_set_attr(module, "gpu.container_module", mlirUnitAttrGet(g.b.ctx));
  return mlirLogicalResultSuccess();
}

const IndPassDef ind_convert_kernel_to_gpu_pass = {
    .argument = GPU_PASS,
    .description = "Convert kernel.defs to gpu.funcs (gpu/scf/vector/memref/arith/math) in gpu.module @ind_kernels",
    .options = NULL,
    .run = run,
};
