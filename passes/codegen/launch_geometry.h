/* launch_geometry.h - the launch-geometry policy of sched-to-kernel: kernel kind (pointwise /
 * persistent / looped reduction), threads per block, x points per block and vector width, from a
 * kernel's iteration space and the pass options (docs/passes/codegen.md, "Heuristic"). Every choice is
 * an option of sched-to-kernel (IND_LAUNCH_GEOMETRY_OPTIONS), so users can tune the policy without
 * touching the code generator. */
#ifndef IND_PASSES_CODEGEN_LAUNCH_GEOMETRY_H
#define IND_PASSES_CODEGEN_LAUNCH_GEOMETRY_H

#include "dialects/kernel/kernel.h"
#include "lib/pass_registry.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A kernel's iteration space: ranges = xranges then rranges (size-1 dims dropped); elem_bytes: the
 * bytes of the narrowest float storage type among the kernel's buffers (2 for f16/bf16; 0 or 4: f32),
 * which sets how many elements one vector-bytes access holds. */
typedef struct LaunchSpace {
  const int64_t *ranges;
  int nx, nr;
  int64_t numel, rnumel;
  int elem_bytes;
} LaunchSpace;

/* Inner reductions and pointwise kernels: kind, block, xblock and vector width. */
void launch_choose_geometry(const IndPassOptions *opts, const LaunchSpace *s, KernelKind *kind, KernelGeometry *geom);

/* Inductor's ReductionHint read off the finished kernel body: true for OUTER (no load that varies with
 * r is contiguous along the innermost r dim, but one is along the innermost x dim). */
bool launch_is_outer_reduction(MlirBlock body, int nx, int nr);

/* Outer (column) reductions: outer-xblock x points per block, outer-rthreads threads per x point. */
void launch_choose_outer_geometry(const IndPassOptions *opts, const LaunchSpace *s, KernelKind *kind,
                                  KernelGeometry *geom);

/* Looped inner reductions carrying a Welford / online-softmax state with rnumel <= persistent-state-threshold:
 * persistent, about state-elements-per-thread elements per thread (launch_geometry.c). */
void launch_choose_state_geometry(const IndPassOptions *opts, const LaunchSpace *s, MlirBlock body, KernelKind *kind,
                                  KernelGeometry *geom);

/* Pointwise kernels by their accesses: a transposed load or store (the tiled form) gets transposed-block threads and
 * transposed-tiles tiles per block; else one strided along the vector dim (coefficient 2..16) a vector width of at
 * most strided-vector-width (launch_geometry.c). */
void launch_choose_load_geometry(const IndPassOptions *opts, const LaunchSpace *s, MlirBlock body, KernelKind *kind,
                                 KernelGeometry *geom);

/* Kernels holding a kernel.scan: vector width 4 when the innermost r range is a multiple of 4 (each thread
 * scans 4 consecutive elements of a tile), else 1. Rows of at most 256 elements (a warp of threads at
 * SCAN_ELEMS_PER_THREAD each) are packed like short inner reductions: rthreads = pow2ceil(ceil(rnumel / 8))
 * <= 32 threads per row, xblock rows per block by the inner-rows-* options (row_threads, persistent; the
 * row's scan stays inside its warp). Otherwise, and when packing leaves one row: one row (x point) per
 * block, xblock 1, block = pow2ceil(ceil(rnumel / SCAN_ELEMS_PER_THREAD)) clamped to [32, SCAN_MAX_BLOCK];
 * persistent when one tile of block * SCAN_ELEMS_PER_THREAD elements holds the row, looped over tiles
 * otherwise. */
#define SCAN_ELEMS_PER_THREAD 8
#define SCAN_MAX_BLOCK 1024
void launch_choose_scan_geometry(const IndPassOptions *opts, const LaunchSpace *s, KernelKind *kind,
                                 KernelGeometry *geom);

/* The one-row rule's threads for a row of rnumel (reduction-block 0): pow2ceil(ceil(rnumel / 8)) clamped to
 * [32, 512]. */
int64_t launch_one_row_block(int64_t rnumel);

/* Blocks of a launch: ceil(numel / xblock). */
int64_t launch_grid(int64_t numel, KernelGeometry geom);

/* The policy's options, spliced into sched-to-kernel's option table. */
#define IND_LAUNCH_GEOMETRY_OPTIONS                                                                                    \
  {"persistent-threshold", IND_OPT_INT, "1024",                                                                        \
   "reductions with rnumel <= this are persistent (whole row in registers), larger ones loop over r"},                 \
      {"persistent-state-threshold", IND_OPT_INT, "8192",                                                              \
       "looped inner reductions carrying a Welford / online-softmax state with rnumel <= this become persistent "      \
       "(0: never)"},                                                                                                  \
      {"state-elements-per-thread", IND_OPT_INT, "32",                                                                 \
       "those persistent state reductions: block = pow2ceil(rnumel / this), clamped to [32, 1024]"},                   \
      {"block", IND_OPT_INT, "256", "threads per block of pointwise kernels (shrunk for small numel)"},                \
      {"pointwise-chunks", IND_OPT_INT, "1",                                                                           \
       "pointwise kernels: chunks of block * vector_width points per block (xblock = block * vector_width * this, "    \
       "a power of 2, halved while half would cover numel; Triton's XBLOCK wider than its threads)"},                  \
      {"transposed-block", IND_OPT_INT, "1024",                                                                        \
       "threads per block of pointwise kernels with a transposed read or write (tiles of this / 32 rows; shrunk "      \
       "for small numel; halved, down to transposed-min-block, while the grid is below transposed-min-grid "           \
       "blocks or the tiles do not fit the plane); 0: the block and pointwise-chunks options"},                        \
      {"transposed-min-block", IND_OPT_INT, "512",                                                                     \
       "those kernels: the smallest block the halving reaches (there, one tile per block whatever the grid)"},         \
      {"transposed-tiles", IND_OPT_INT, "2",                                                                           \
       "tiles per block of those kernels (a power of 2, their chunks: every tile's loads issued before one barrier; "  \
       "halved while half would cover numel, the stacks do not fit the plane or the grid is below "                    \
       "transposed-min-grid)"},                                                                                        \
      {"transposed-staging-rounds", IND_OPT_INT, "0",                                                                  \
       "those kernels: at most this many rounds in which convert-kernel-to-gpu stages the transposed accesses "        \
       "through reused workgroup-memory areas, so that ceil(accesses / this) areas of the block's tiles must fit "     \
       "48 KiB; 0: one round per access (one area must fit)"},                                                         \
      {"transposed-min-grid", IND_OPT_INT, "264",                                                                      \
       "those kernels: smaller blocks, then fewer tiles per block, while the grid would be below this many blocks of " \
       "transposed-min-block threads (2 per SM of an H200), 2x as many for blocks of 2x the threads"},                 \
      {"strided-vector-width", IND_OPT_INT, "2",                                                                       \
       "pointwise kernels reading with a stride of 2..16 along the vector dim: vector width at most this (0: no "      \
       "cap)"},                                                                                                        \
      {"reduction-block", IND_OPT_INT, "0",                                                                            \
       "threads per block of reduction kernels; 0: pow2ceil(rnumel / 8) clamped to [32, 512]"},                        \
      {"vector-bytes", IND_OPT_INT, "16",                                                                              \
       "bytes a thread moves per access (vector_width = this / the narrowest float storage size: 4 for f32, 8 "        \
       "for f16/bf16, at most 8)"},                                                                                    \
      {"inner-rows-max-xblock", IND_OPT_INT, "128",                                                                    \
       "inner reductions needing fewer than 32 threads per row (rthreads = pow2ceil(rnumel / 8)): at most this many "  \
       "rows per block (Inductor's largest persistent XBLOCK); <= 1: one row per block"},                              \
      {"inner-rows-block", IND_OPT_INT, "256", "packed inner reductions: at most this many threads per block"},        \
      {"inner-rows-block-numel", IND_OPT_INT, "4096",                                                                  \
       "packed inner reductions: xblock * pow2ceil(rnumel) <= this (Inductor's MAX_PERSISTENT_BLOCK_NUMEL)"},          \
      {"inner-rows-min-grid", IND_OPT_INT, "264",                                                                      \
       "packed inner reductions: halve xblock (down to 32 / rthreads) while the grid is below this many blocks "       \
       "(2 per SM of an H200)"},                                                                                       \
      {"warp-rows-max-rnumel", IND_OPT_INT, "768",                                                                     \
       "inner reductions needing more than 16 threads per row at 8 elements each, at most this long: a warp per "      \
       "row, warp-rows-xblock rows per block (shuffles, no barrier); 0: one row per block"},                           \
      {"warp-rows-xblock", IND_OPT_INT, "4",                                                                           \
       "those rows per block (a power of 2 <= 32, halved down to 2 while the grid is below inner-rows-min-grid)"},     \
      {"outer-xblock", IND_OPT_INT, "32", "x points per block of outer (column) reductions"},                          \
      {"outer-rthreads", IND_OPT_INT, "8", "threads per x point of outer reductions"},                                 \
      {"outer-persistent-threshold", IND_OPT_INT, "64",                                                                \
       "outer reductions with rnumel <= this are persistent (Inductor's threshold for non-INNER hints)"},

#ifdef __cplusplus
}
#endif

#endif
