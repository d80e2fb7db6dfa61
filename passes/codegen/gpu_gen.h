/* gpu_gen.h - the state shared by convert-kernel-to-gpu (convert_kernel_to_gpu.c: kernel bodies,
 * reductions, stores) and its thread-geometry half (gpu_thread_geometry.c: which elements each thread of a
 * block handles), and the GPU's helpers on top of the builder kit (builder.h). Private to passes/codegen. */
#ifndef IND_PASSES_CODEGEN_GPU_GEN_H
#define IND_PASSES_CODEGEN_GPU_GEN_H

#include "dialects/kernel/kernel.h"
#include "lib/ir.h"
#include "passes/codegen/builder.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The pass's name (its argument, and its diagnostics' prefix). */
#define GPU_PASS "convert-kernel-to-gpu"

#define MAX_LANES CG_MAX_VALUES
#define MAX_DIMS (2 * KERNEL_MAX_RANK)
#define WARP 32

/* The per-thread copies of one kernel value: n == 1 means the same value in every element the thread
 * handles (uniform), otherwise one value per element (lane). */
typedef CgValues Lanes;

typedef struct Gen {
  CgBuilder b; /* ops are appended at b.block's end, at the kernel's location */
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
  CgValueMap vals; /* kernel value -> lanes (a loop's body is a scope: cg_scope_enter) */
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

/* --- helpers on top of the builder kit */

/* gpu.thread_id / gpu.block_id (`name`) of dimension x. */
static inline MlirValue gpu_id(Gen *g, const char *name) {
  MlirNamedAttribute a = cg_named(&g->b, "dimension", mlirAttributeParseGet(g->b.ctx, ind_str("#gpu<dim x>")));
  return cg_op1(&g->b, name, 0, NULL, g->index_t, 1, &a);
}

/* The kernel's first located error (later ones are not reported); returns false. */
static inline bool fail(Gen *g, MlirOperation op, const char *msg) {
  if (!g->failed)
    cg_fail(op, GPU_PASS, "%s", msg);
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
