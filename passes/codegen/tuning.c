/* tuning.c - tuning keys, config checks and candidate configs of kernels (see tuning.h and
 * docs/passes/codegen.md, "Tuning"). */
#include "passes/codegen/tuning.h"
#include "lib/ir.h"
#include "passes/codegen/launch_geometry.h"

#include <stdio.h>
#include <string.h>

#define MAX_PERSISTENT_LANES 64 /* gpu_thread_geometry.c: a persistent thread's slice, in registers */
#define WARP 32

/* --- key: FNV-1a 64 of the def printed in generic form without its name, kind and geometry */

typedef struct Fnv {
  uint64_t h;
} Fnv;

static void fnv_bytes(Fnv *f, const char *p, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    f->h ^= (unsigned char)p[i];
    f->h *= 1099511628211ull;
  }
}

static void fnv_callback(MlirStringRef s, void *user) { fnv_bytes(user, s.data, s.length); }

void tuning_kernel_key(MlirOperation def, char key[TUNING_KEY_LEN + 1]) {
  Fnv f = {14695981039346656037ull};
  const char salt[] = "ind-tuning-key-v1\n"; /* bump when the config space or the key changes meaning */
  fnv_bytes(&f, salt, sizeof salt - 1);
  MlirOperation c = mlirOperationClone(def);
  MlirContext ctx = mlirOperationGetContext(def);
  mlirOperationSetAttributeByName(c, ind_str(KERNEL_ATTR_SYM_NAME), ind_str_attr(ctx, "k"));
  /* the config (row_threads too: packed-row kernels got other keys than one-row ones before 2026-12-03;
   * other kernels' keys are unchanged by dropping it, so the salt stays) */
  const char *drop[] = {KERNEL_ATTR_KIND, KERNEL_ATTR_BLOCK, KERNEL_ATTR_XBLOCK, KERNEL_ATTR_VECTOR_WIDTH,
                        KERNEL_ATTR_ROW_THREADS};
  for (size_t i = 0; i < sizeof drop / sizeof drop[0]; ++i)
    mlirOperationRemoveAttributeByName(c, ind_str(drop[i]));
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOperationPrintWithFlags(c, flags, fnv_callback, &f);
  mlirOpPrintingFlagsDestroy(flags);
  mlirOperationDestroy(c);
  snprintf(key, TUNING_KEY_LEN + 1, "%016llx", (unsigned long long)f.h);
}

bool tuning_current_config(MlirOperation def, TuneConfig *out) {
  out->kind = kernel_def_kind(def);
  return out->kind != KERNEL_KIND_INVALID && kernel_def_geometry(def, &out->geom);
}

/* --- what the GPU lowering takes (gpu_setup_geometry, convert_kernel_to_gpu.c) */

typedef struct Space {
  int64_t x[KERNEL_MAX_RANK], r[KERNEL_MAX_RANK];
  intptr_t nx, nr;
  int64_t numel, rnumel;
} Space;

static bool space_of(MlirOperation def, Space *s) {
  s->nx = kernel_def_xranges(def, s->x);
  s->nr = kernel_def_rranges(def, s->r);
  s->numel = kernel_def_numel(def);
  s->rnumel = kernel_def_rnumel(def);
  return s->nx >= 0 && s->nr >= 0;
}

static bool is_pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

#define REFUSE(...)                                                                                                    \
  do {                                                                                                                 \
    snprintf(why, whylen, __VA_ARGS__);                                                                                \
    return false;                                                                                                      \
  } while (0)

bool tuning_config_check(MlirOperation def, const TuneConfig *c, char *why, size_t whylen) {
  Space s;
  if (!space_of(def, &s))
    REFUSE("the kernel has no xranges / rranges");
  int64_t block = c->geom.block, xb = c->geom.xblock, vw = c->geom.vector_width;
  if (block < WARP || block > 1024 || block % WARP != 0)
    REFUSE("block %lld is not a multiple of %d in [%d, 1024]", (long long)block, WARP, WARP);
  if (!is_pow2(vw) || vw > 8)
    REFUSE("vector_width %lld is not a power of 2 <= 8", (long long)vw);
  if (s.nr == 0) {
    if (c->kind != KERNEL_KIND_POINTWISE)
      REFUSE("kind %s: the kernel has no reduction dims (only pointwise)", kernel_kind_str(c->kind));
    int64_t inner = s.nx > 0 ? s.x[s.nx - 1] : 1;
    if (inner % vw != 0)
      REFUSE("vector_width %lld does not divide the innermost x range %lld", (long long)vw, (long long)inner);
    if (xb < block * vw || xb % (block * vw) != 0 || !is_pow2(xb / (block * vw)) || xb / block > MAX_PERSISTENT_LANES)
      REFUSE("a pointwise kernel needs xblock = block * vector_width (%lld) * C, C a power of 2 with C * "
             "vector_width <= %d, not %lld",
             (long long)(block * vw), MAX_PERSISTENT_LANES, (long long)xb);
    return true;
  }
  if (c->kind != KERNEL_KIND_PERSISTENT_REDUCTION && c->kind != KERNEL_KIND_REDUCTION)
    REFUSE("kind %s: the kernel reduces (persistent_reduction or reduction)", kernel_kind_str(c->kind));
  if (s.r[s.nr - 1] % vw != 0)
    REFUSE("vector_width %lld does not divide the innermost r range %lld", (long long)vw, (long long)s.r[s.nr - 1]);
  if (xb < 1 || block % xb != 0)
    REFUSE("xblock %lld does not divide block %lld", (long long)xb, (long long)block);
  if (c->geom.row_threads) {
    /* packed rows: a row's block / xblock threads are consecutive lanes of one warp */
    if (xb < 2 || !is_pow2(block / xb) || block / xb > WARP)
      REFUSE("row_threads needs xblock >= 2 and block / xblock a power of 2 <= %d (a row within a warp)", WARP);
    if (c->kind != KERNEL_KIND_PERSISTENT_REDUCTION)
      REFUSE("row_threads needs kind persistent_reduction");
  } else if (xb > 1 && vw != 1) {
    REFUSE("xblock %lld > 1 needs vector_width 1 (threads run along x) or row_threads", (long long)xb);
  }
  if (xb > 1 && !c->geom.row_threads && kernel_body_has_scan(kernel_def_body(def)))
    REFUSE("a kernel with kernel.scan needs xblock 1 or row_threads");
  if (c->kind == KERNEL_KIND_PERSISTENT_REDUCTION) {
    int64_t chunk = (block / xb) * vw, lanes = (s.rnumel + chunk - 1) / chunk * vw;
    if (lanes > MAX_PERSISTENT_LANES)
      REFUSE("a persistent reduction would keep %lld elements per thread (at most %d)", (long long)lanes,
             MAX_PERSISTENT_LANES);
  }
  return true;
}

/* --- candidates */

static bool same_config(const TuneConfig *a, const TuneConfig *b) {
  return a->kind == b->kind && a->geom.block == b->geom.block && a->geom.xblock == b->geom.xblock &&
         a->geom.vector_width == b->geom.vector_width && a->geom.row_threads == b->geom.row_threads;
}

static void add(MlirOperation def, TuneConfig *out, int *n, int max, TuneConfig c) {
  char why[160];
  if (*n >= max || !tuning_config_check(def, &c, why, sizeof why))
    return;
  for (int i = 0; i < *n; ++i)
    if (same_config(&out[i], &c))
      return;
  out[(*n)++] = c;
}

/* Reductions: both kinds where they fit (persistent first: no loop). */
static void add_reduction(MlirOperation def, TuneConfig *out, int *n, int max, int64_t block, int64_t xb, int64_t vw) {
  KernelGeometry g = {.block = block, .xblock = xb, .vector_width = vw};
  add(def, out, n, max, (TuneConfig){KERNEL_KIND_PERSISTENT_REDUCTION, g});
  add(def, out, n, max, (TuneConfig){KERNEL_KIND_REDUCTION, g});
}

int tuning_candidates(MlirOperation def, TuneConfig *out, int max) {
  TuneConfig cur;
  Space s;
  int n = 0;
  if (!tuning_current_config(def, &cur) || !space_of(def, &s) || max <= 0)
    return 0;
  char why[160];
  if (tuning_config_check(def, &cur, why, sizeof why))
    out[n++] = cur;
  int64_t vw = cur.geom.vector_width;
  if (s.nr == 0) {
    /* threads per block around Inductor's XBLOCK range (numel / block / vw blocks), 128 threads with two
     * chunks each, the same block with half and with one element per thread (a strided read, e.g. x[3 * i + k], is not
     * coalesced by a wider vector: small_r_sum); blocks that cover numel twice over are left out */
    static const int64_t blocks[] = {128, 512, 1024, 64};
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; ++i)
      if (blocks[i] / 2 * vw < s.numel)
        add(def, out, &n, max,
            (TuneConfig){KERNEL_KIND_POINTWISE, {.block = blocks[i], .xblock = blocks[i] * vw, .vector_width = vw}});
    /* Inductor's pointwise config: 128 threads, XBLOCK 1024 (two chunks of 512 with f32x4) */
    if (128 * vw * 2 < 2 * s.numel)
      add(def, out, &n, max,
          (TuneConfig){KERNEL_KIND_POINTWISE, {.block = 128, .xblock = 128 * vw * 2, .vector_width = vw}});
    if (vw > 1)
      add(def, out, &n, max,
          (TuneConfig){KERNEL_KIND_POINTWISE,
                       {.block = cur.geom.block, .xblock = cur.geom.block * (vw / 2), .vector_width = vw / 2}});
    if (vw > 2)
      add(def, out, &n, max,
          (TuneConfig){KERNEL_KIND_POINTWISE, {.block = cur.geom.block, .xblock = cur.geom.block, .vector_width = 1}});
    return n;
  }
  if (cur.geom.row_threads && cur.geom.xblock > 1) {
    /* packed rows (short inner reductions, scans): half and twice the rows per block, half and twice the
     * threads per row, and one row per block on the row's threads (at least a warp) */
    int64_t xb = cur.geom.xblock, rt = cur.geom.block / xb;
    static const int64_t scale[][2] = {{1, 2}, {2, 1}};
    for (size_t i = 0; i < sizeof scale / sizeof scale[0]; ++i) {
      int64_t x = xb * scale[i][0] / scale[i][1], r = rt * scale[i][1] / scale[i][0];
      add(def, out, &n, max,
          (TuneConfig){KERNEL_KIND_PERSISTENT_REDUCTION, {x * rt, x, vw, true}}); /* rows per block */
      add(def, out, &n, max,
          (TuneConfig){KERNEL_KIND_PERSISTENT_REDUCTION, {xb * r, xb, vw, true}}); /* threads per row */
    }
    add(def, out, &n, max, (TuneConfig){KERNEL_KIND_PERSISTENT_REDUCTION, {rt < WARP ? WARP : rt, 1, vw, false}});
    /* and one row per block on the one-row rule's threads: what a warp row (warp_rows) replaced */
    add_reduction(def, out, &n, max, launch_one_row_block(s.rnumel), 1, vw);
    return n;
  }
  if (cur.geom.xblock > 1) {
    /* outer reductions: x points per block x threads per x point (Inductor's XBLOCK x RBLOCK) */
    static const int64_t pairs[][2] = {{32, 4}, {32, 16}, {64, 4}, {16, 16}, {64, 8}, {32, 32}, {8, 32}};
    add_reduction(def, out, &n, max, cur.geom.block, cur.geom.xblock, 1);
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; ++i)
      add_reduction(def, out, &n, max, pairs[i][0] * pairs[i][1], pairs[i][0], 1);
    return n;
  }
  /* inner reductions: the other kind, then half, double and four times the threads (num_warps) */
  add_reduction(def, out, &n, max, cur.geom.block, 1, vw);
  static const int64_t scale[][2] = {{1, 2}, {2, 1}, {4, 1}, {1, 4}};
  for (size_t i = 0; i < sizeof scale / sizeof scale[0]; ++i) {
    int64_t b = cur.geom.block * scale[i][0] / scale[i][1];
    if (b >= WARP && b <= 1024 && b / 2 * vw < s.rnumel)
      add_reduction(def, out, &n, max, b, 1, vw);
  }
  /* persistent rows of the same elements per thread on two and four times the threads, each with a
   * narrower vector (Inductor's RBLOCK over more warps); then packed rows of a warp and of half a warp
   * each, four and eight rows per block (Inductor's persistent XBLOCK > 1): a row reduces by shuffles
   * alone, no workgroup memory, no barrier */
  for (int64_t k = 2; k <= 4 && vw / k >= 1; k *= 2)
    add(def, out, &n, max,
        (TuneConfig){KERNEL_KIND_PERSISTENT_REDUCTION,
                     {.block = cur.geom.block * k, .xblock = 1, .vector_width = vw / k}});
  static const int64_t rows[][2] = {{WARP, 4}, {WARP, 8}, {WARP / 2, 8}};
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; ++i)
    add(def, out, &n, max,
        (TuneConfig){KERNEL_KIND_PERSISTENT_REDUCTION, {rows[i][0] * rows[i][1], rows[i][1], vw, true}});
  return n;
}

/* --- apply */

/* The def's name with the kind letters of `from` replaced by those of `to` (first `_poi_`/`_per_`/`_red_`). */
static void renamed(MlirStringRef name, KernelKind from, KernelKind to, char *out, size_t outlen) {
  char pat[8];
  snprintf(out, outlen, "%.*s", (int)name.length, name.data);
  snprintf(pat, sizeof pat, "_%s_", kernel_kind_prefix(from));
  char *p = strstr(out, pat);
  if (p && from != to)
    memcpy(p + 1, kernel_kind_prefix(to), 3);
}

void tuning_apply(MlirOperation module, MlirOperation def, const TuneConfig *c) {
  MlirContext ctx = mlirOperationGetContext(def);
  KernelKind old_kind = kernel_def_kind(def);
  MlirStringRef old = kernel_def_name(def);
  char old_name[256], new_name[256];
  snprintf(old_name, sizeof old_name, "%.*s", (int)old.length, old.data);
  renamed(old, old_kind, c->kind, new_name, sizeof new_name);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  mlirOperationSetAttributeByName(def, ind_str(KERNEL_ATTR_KIND), ind_str_attr(ctx, kernel_kind_str(c->kind)));
  mlirOperationSetAttributeByName(def, ind_str(KERNEL_ATTR_BLOCK), mlirIntegerAttrGet(i64, c->geom.block));
  mlirOperationSetAttributeByName(def, ind_str(KERNEL_ATTR_XBLOCK), mlirIntegerAttrGet(i64, c->geom.xblock));
  mlirOperationSetAttributeByName(def, ind_str(KERNEL_ATTR_VECTOR_WIDTH),
                                  mlirIntegerAttrGet(i64, c->geom.vector_width));
  if (c->geom.row_threads)
    mlirOperationSetAttributeByName(def, ind_str(KERNEL_ATTR_ROW_THREADS), mlirBoolAttrGet(ctx, 1));
  else
    mlirOperationRemoveAttributeByName(def, ind_str(KERNEL_ATTR_ROW_THREADS));
  mlirOperationSetAttributeByName(def, ind_str(KERNEL_ATTR_SYM_NAME), ind_str_attr(ctx, new_name));
  int64_t grid = launch_grid(kernel_def_numel(def), c->geom), block = c->geom.block;
  MlirBlock top = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation fn = mlirBlockGetFirstOperation(top); !mlirOperationIsNull(fn);
       fn = mlirOperationGetNextInBlock(fn)) {
    if (!ind_op_is(fn, "func.func") || mlirRegionIsNull(mlirOperationGetRegion(fn, 0)))
      continue;
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
    if (mlirBlockIsNull(b))
      continue;
    for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op)) {
      if (!kernel_is_launch(op) || !ind_sref_eq(kernel_launch_kernel(op), old_name))
        continue;
      mlirOperationSetAttributeByName(op, ind_str(KERNEL_ATTR_KERNEL),
                                      mlirFlatSymbolRefAttrGet(ctx, ind_str(new_name)));
      mlirOperationSetAttributeByName(op, ind_str(KERNEL_ATTR_GRID), ind_i64_array_attr(ctx, &grid, 1));
      mlirOperationSetAttributeByName(op, ind_str(KERNEL_ATTR_BLOCK), ind_i64_array_attr(ctx, &block, 1));
    }
  }
}
