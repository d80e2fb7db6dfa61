/* gpu_gen.h - the state and small IR builders shared by convert-kernel-to-gpu
 * (convert_kernel_to_gpu.c: kernel bodies, reductions, stores) and its thread-geometry half
 * (gpu_thread_geometry.c: which elements each thread of a block handles). Private to passes/codegen. */
#ifndef IND_PASSES_CODEGEN_GPU_GEN_H
#define IND_PASSES_CODEGEN_GPU_GEN_H

#include "dialects/kernel/kernel.h"
#include "lib/ir.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MAX_LANES 64
#define MAX_DIMS (2 * KERNEL_MAX_RANK)
#define WARP 32

/* The per-thread copies of one kernel value: n == 1 means the same value in every element the thread
 * handles (uniform), otherwise one value per element (lane). */
typedef struct Lanes {
  int n;
  MlirValue v[MAX_LANES];
} Lanes;

typedef struct ValEntry {
  MlirValue key;
  Lanes lanes;
} ValEntry;

typedef struct Gen {
  MlirContext ctx;
  MlirLocation loc;
  MlirBlock blk; /* ops are appended here */
  MlirType index_t, f32_t, i1_t, i32_t;
  /* The kernel being converted. */
  MlirOperation def;
  KernelKind kind;
  int nx, nr;
  int64_t ranges[MAX_DIMS]; /* xranges then rranges */
  int64_t numel, rnumel;
  KernelGeometry geom;
  int vd; /* the vector dim (-1: none) */
  /* The current thread context: dims[k] holds dim k's value per lane; valid[c] (per chunk of
   * vector_width lanes) is null when always in range. */
  Lanes dims[MAX_DIMS];
  int nchunks;
  MlirValue valid[MAX_LANES];
  MlirValue tid, bid, smem;
  /* Reductions: rthreads threads per x point, rtid the thread's index among them; with xblock > 1
   * thread tid = rtid * xblock + tx (outer reductions; row_threads: tid = tx * rthreads + rtid) handles
   * x point bid * xblock + tx, and xvalid (null when always true) says whether that x point exists. */
  int64_t rthreads;
  MlirValue rtid, tx, xvalid;
  /* Pointwise 2-D tiles (setup_tiled): tile coordinates, and the transposed loads staged through
   * workgroup memory (nstaged so far). */
  bool tiled;
  MlirValue ttx, tty, ttr, ttc;
  int nstaged;      /* staged accesses emitted so far (next_staged_base) */
  int staged_areas; /* the workgroup-memory areas (C tiles each) they take in turn */
  int64_t skew[4];  /* the staged tile's slot-group offsets (staged_skew), set once per kernel */
  int nreduce;      /* workgroup-memory slots used by reductions so far (one per state word: gpu_red_words) */
  MlirType red_t;   /* the type of the reduction being emitted: f32, or i32 / i64 (sum, max, min, prod) */
  /* Multi-output reductions already computed in this kernel (family, reduced value, state), shared by
   * a later sibling over the same value. */
  int nshared;
  KernelReduction shared_fam[16];
  MlirValue shared_in[16], shared_st[16][3];
  /* kernel value -> lanes (scoped: loops truncate what they added) */
  ValEntry *vals;
  int nvals, capvals;
  /* ops of the body that are r-varying */
  MlirOperation *rvar_ops;
  int nrvar;
  /* A looped kernel's scan loop (convert_kernel_to_gpu.c, emit_scan_body): the scans' carries over
   * the tiles; null outside it. */
  struct GpuScanLoop *scan_loop;
  bool mirror;              /* tiled: visit tile (i, j) and its mirror (j, i) back to back (gpu_has_mirror_read) */
  bool ieee_div;            /* the def's ieee_div: f32 arith.divf of the body stays IEEE (else div.full.f32) */
  struct CheckSites *sites; /* checked mode: the module's site table (check_sites.h) */
  bool failed;
} Gen;

/* --- small builders */

static inline MlirOperation put(Gen *g, MlirOperationState *st) {
  MlirOperation op = mlirOperationCreate(st);
  mlirBlockAppendOwnedOperation(g->blk, op);
  return op;
}

static inline MlirNamedAttribute nattr(Gen *g, const char *key, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(g->ctx, ind_str(key)), a);
}

static inline MlirValue op1(Gen *g, const char *name, intptr_t nops, const MlirValue *ops, MlirType res,
                            intptr_t nattrs, const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(ind_str(name), g->loc);
  mlirOperationStateAddOperands(&st, nops, ops);
  mlirOperationStateAddResults(&st, 1, &res);
  if (nattrs)
    mlirOperationStateAddAttributes(&st, nattrs, attrs);
  return mlirOperationGetResult(put(g, &st), 0);
}

static inline void op0(Gen *g, const char *name, intptr_t nops, const MlirValue *ops, intptr_t nattrs,
                       const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(ind_str(name), g->loc);
  mlirOperationStateAddOperands(&st, nops, ops);
  if (nattrs)
    mlirOperationStateAddAttributes(&st, nattrs, attrs);
  put(g, &st);
}

static inline MlirValue constant(Gen *g, MlirAttribute value) {
  MlirNamedAttribute a = nattr(g, "value", value);
  return op1(g, "arith.constant", 0, NULL, mlirAttributeGetType(value), 1, &a);
}

static inline MlirValue cidx(Gen *g, int64_t v) { return constant(g, mlirIntegerAttrGet(g->index_t, v)); }
static inline MlirValue ci32(Gen *g, int64_t v) { return constant(g, mlirIntegerAttrGet(g->i32_t, v)); }
static inline MlirValue cf32(Gen *g, double v) { return constant(g, mlirFloatAttrDoubleGet(g->ctx, g->f32_t, v)); }

static inline MlirValue bin(Gen *g, const char *name, MlirValue a, MlirValue b) {
  MlirValue ops[2] = {a, b};
  return op1(g, name, 2, ops, mlirValueGetType(a), 0, NULL);
}

/* arith.cmpi with predicate p (2 = slt, 6 = ult, 0 = eq). */
static inline MlirValue cmpi(Gen *g, int64_t p, MlirValue a, MlirValue b) {
  MlirValue ops[2] = {a, b};
  MlirNamedAttribute at = nattr(g, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(g->ctx, 64), p));
  return op1(g, "arith.cmpi", 2, ops, g->i1_t, 1, &at);
}
enum { CMP_EQ = 0, CMP_ULT = 6 };

static inline MlirValue select_(Gen *g, MlirValue c, MlirValue a, MlirValue b) {
  MlirValue ops[3] = {c, a, b};
  return op1(g, "arith.select", 3, ops, mlirValueGetType(a), 0, NULL);
}

static inline MlirValue gpu_id(Gen *g, const char *name) {
  MlirNamedAttribute a = nattr(g, "dimension", mlirAttributeParseGet(g->ctx, ind_str("#gpu<dim x>")));
  return op1(g, name, 0, NULL, g->index_t, 1, &a);
}

/* A one-block region whose block has `n` arguments of `types` (a gpu.func's: one per buffer, so any
 * number up to sched-to-kernel's buffer limit; a loop's: its carried values). */
static inline MlirRegion region1(Gen *g, intptr_t n, const MlirType *types) {
  MlirLocation small[MAX_LANES + 2],
      *locs = n > MAX_LANES + 2 ? (MlirLocation *)malloc(sizeof(MlirLocation) * (size_t)n) : small;
  if (!locs)
    abort();
  for (intptr_t i = 0; i < n; ++i)
    locs[i] = g->loc;
  MlirRegion r = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(r, mlirBlockCreate(n, types, locs));
  if (locs != small)
    free(locs);
  return r;
}

static inline void yield(Gen *g, const char *name, intptr_t n, const MlirValue *vals) {
  op0(g, name, n, vals, 0, NULL);
}

/* Opens `scf.if cond {` and makes its then-block current; close_if restores `saved`. */
static inline MlirBlock open_if(Gen *g, MlirValue cond) {
  MlirOperationState st = mlirOperationStateGet(ind_str("scf.if"), g->loc);
  mlirOperationStateAddOperands(&st, 1, &cond);
  MlirRegion regs[2] = {region1(g, 0, NULL), mlirRegionCreate()};
  mlirOperationStateAddOwnedRegions(&st, 2, regs);
  MlirOperation op = put(g, &st);
  MlirBlock saved = g->blk;
  g->blk = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  return saved;
}

static inline void close_if(Gen *g, MlirBlock saved) {
  yield(g, "scf.yield", 0, NULL);
  g->blk = saved;
}

/* Opens `scf.for %iv = 0 to n step 1 iter_args(%acc = init)` (init may be null) and makes its body
 * current; returns the for op. */
static inline MlirOperation open_for(Gen *g, int64_t n, MlirValue init, MlirValue *iv, MlirValue *acc) {
  MlirValue ops[4] = {cidx(g, 0), cidx(g, n), cidx(g, 1), init};
  int nops = mlirValueIsNull(init) ? 3 : 4;
  MlirOperationState st = mlirOperationStateGet(ind_str("scf.for"), g->loc);
  mlirOperationStateAddOperands(&st, nops, ops);
  MlirType types[2] = {g->index_t, mlirValueIsNull(init) ? g->index_t : mlirValueGetType(init)};
  if (nops == 4)
    mlirOperationStateAddResults(&st, 1, &types[1]);
  MlirRegion body = region1(g, nops - 2, types);
  mlirOperationStateAddOwnedRegions(&st, 1, &body);
  MlirOperation op = put(g, &st);
  g->blk = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  *iv = mlirBlockGetArgument(g->blk, 0);
  if (acc && nops == 4)
    *acc = mlirBlockGetArgument(g->blk, 1);
  return op;
}

/* open_for with n iter_args (inits, n <= MAX_LANES); accs gets the body's iter_args. */
static inline MlirOperation open_for_n(Gen *g, int64_t count, int n, const MlirValue *inits, MlirValue *iv,
                                       MlirValue *accs) {
  MlirValue ops[MAX_LANES + 3] = {cidx(g, 0), cidx(g, count), cidx(g, 1)};
  MlirType types[MAX_LANES + 1] = {g->index_t};
  for (int i = 0; i < n; ++i) {
    ops[3 + i] = inits[i];
    types[1 + i] = mlirValueGetType(inits[i]);
  }
  MlirOperationState st = mlirOperationStateGet(ind_str("scf.for"), g->loc);
  mlirOperationStateAddOperands(&st, 3 + n, ops);
  mlirOperationStateAddResults(&st, n, types + 1);
  MlirRegion body = region1(g, 1 + n, types);
  mlirOperationStateAddOwnedRegions(&st, 1, &body);
  MlirOperation op = put(g, &st);
  g->blk = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  *iv = mlirBlockGetArgument(g->blk, 0);
  for (int i = 0; i < n; ++i)
    accs[i] = mlirBlockGetArgument(g->blk, 1 + i);
  return op;
}

static inline bool fail(Gen *g, MlirOperation op, const char *msg) {
  if (!g->failed)
    ind_emit_error(op, "convert-kernel-to-gpu: %s", msg);
  g->failed = true;
  return false;
}

/* --- thread geometry (gpu_thread_geometry.c) */

/* Sets up the thread context of the kernel in g (tid, bid, the dims of the elements the thread
 * handles, valid flags); false (after a located error) on a geometry that does not fit. */
bool gpu_setup_geometry(Gen *g);
/* r dims for chunks first_chunk .. first_chunk + nchunks - 1 (first_chunk: an index value). */
void gpu_setup_r_chunks(Gen *g, MlirValue first_chunk, int nchunks);
/* True when a load of the pointwise kernel `body` is a transposed read (see gpu_thread_geometry.c). */
bool gpu_has_transposed_load(Gen *g, MlirBlock body);
/* True when the pointwise kernel can run on 2-D tiles of its last two x dims. */
bool gpu_can_tile(Gen *g);
/* Tiles per block of a tiled kernel: its chunks, xblock / (block * vector_width); sub-tile c is rows
 * c * block/32 .. of the block's stack of tiles (lanes c * vw .. c * vw + vw - 1). */
static inline int64_t gpu_tiles_per_block(const Gen *g) {
  int64_t span = g->geom.block * g->geom.vector_width;
  return span > 0 && g->geom.xblock >= span ? g->geom.xblock / span : 1;
}
/* True when a buffer of the pointwise kernel `body` is read both directly and transposed, the two reads
 * mirror images of each other (x + x.T; see gpu_thread_geometry.c). */
bool gpu_has_mirror_read(Gen *g, MlirBlock body);

#ifdef __cplusplus
}
#endif

#endif
