#!/usr/bin/env python3
"""numerics.py - the numerics matrix: kernel geometry x tail sizes x input kinds x reduction kind, run on
the CPU JIT (here, in the normal lit suite) and on the GPU (test/gpu, with the `gpu` lit feature), both compared
against the reference interpreter: test/lit_numerics.py makes one lit test per case of cases() in each of
test/numerics and test/gpu. docs/testing.md ("GPU numerics") explains the flow.

    numerics.py list                                          # the cases
    numerics.py cpu     --case C --work D --ind-run R         # CPU JIT vs reference (ind-run)
    numerics.py prepare --case C --work D --ind-run R --ind-opt O   # HERE: PTX + plans + inputs + reference
    numerics.py device  --work D [--runner B]                 # THERE: run the runner, compare (numpy only)
    numerics.py gpu     --case C --work D --ind-run R --ind-opt O [--runner B]   # prepare + device

A case is one graph program holding every size of its row (one argument and one result per size, so one
kernel per size) and is run once per input kind. Element values are a function of (case, size, kind)
only (numpy's default_rng seeded by a hash), so the CPU and the GPU see the same inputs.
Comparison (as ind-run's): |got - want| <= atol + rtol * |want|; NaN matches NaN; infinities must be equal.
Scans (device step) also allow SCAN_ULPS f32 roundoffs of the running max of |want| along the scanned dim.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys

# --------------------------------------------------------------------------------------------- the matrix

INNER_PER = [1, 3, 17, 31, 124, 127, 129, 132, 200, 768, 769, 1020, 1021, 1024]  # tails around chunks of 32 / 128 / 512;
# 129..768: a warp per row (warp rows, 2 rows a block on 3 rows: the second block's second row masked)
INNER_RED = [1025, 1031, 2052, 4099]  # looped at the default threshold (chunk 2048: 2052 is just past)
SMALL_RED = [3, 17, 129, 132]  # looped with persistent-threshold=0 (GPU); the same sizes on the CPU
OUTER_PER = [(3, 17), (17, 33), (64, 31), (5, 64)]  # (rows reduced, columns); rnumel <= 64: persistent
OUTER_RED = [(65, 17), (257, 33), (1031, 3)]  # looped
POINTWISE = [1, 3, 17, 127, 1023, 1025, 4099]
TRANSPOSED = [(17, 3), (33, 65), (64, 64), (64, 96)]
# sides whose output planes take 128-column tiles (so stacks of them): a square, non-square both ways, rows that
# are a whole stack of 4 tiles (96 = 3 x 32) and rows that take only one 8-row tile (40), and columns that are
# not whole tiles (96: untiled)
TRANSPOSED_TILED = [(128, 128), (64, 256), (256, 384), (96, 128), (40, 128), (128, 96)]
# the 1024-thread transposed block (tiles of 32 rows, two per block): 64-row stacks (128, 64, 256 rows),
# rows that are 32-row tiles but no 64-row stack (96, 32), a 16-row multiple only (208), neither (40),
# columns that are no 128-column tile (96)
TRANSPOSED_BLOCK = [(128, 128), (64, 256), (256, 384), (96, 128), (32, 512), (208, 128), (40, 128), (128, 96)]
MIRROR = [(128, 128), (256, 256), (384, 384), (640, 640), (3, 256, 256), (192, 192), (17, 17)]
EMB_ROWS = 7  # rows of the embedding tables
OUTPUTS_PER_SIZE = {"gather": 2, "embedding": 2, "convert": 2, "scan": 2, "scan0": 2, "int_scan": 2, "transposed_store": 2}  # results per size of a case (others: 1)
ROWS = 3  # x points of inner reductions: one all-negative row, one random, one mixed
# Short rows, many of them: below unroll-reductions-threshold (2..7: pointwise kernels with the reduction
# unrolled), and packed rows (8..128: several rows per block, row_threads; 129: one row per block again).
# rowsnu_*: the same with the unroll off, so that 2..7 are packed-row reductions too (rthreads 1). Both
# with inner-rows-min-grid=1, so that xblock reaches its caps (128 rows per block for r <= 8, 16 for 128)
# on 131 rows: a full block and a 3-row tail (small enough to carry: about 2 MB of inputs per case).
SHORT_R = [2, 3, 5, 7, 8, 9, 16, 17, 31, 33, 64, 100, 128, 129]
MANY_ROWS = 131
INT_INNER = [1, 3, 17, 129, 1021, 1024, 1025, 4099]  # integer reductions: persistent, then looped
INT_HIGH = 1 << 40  # integer inputs in [-2^40, 2^40): sums of 4099 stay below 2^53 (the reference's double)
SCAN_ROWS = 7
SCAN_PACKED_ROWS = 259
KINDS = ["sum", "amax", "amin", "prod", "mean"]
INPUTS = ["random", "negative", "positive", "inf", "nan", "large"]
# f16/bf16 storage (16-byte accesses of 8 halves on the GPU): sizes on both sides of every vector-width
# condition: a multiple of 8 (8 halves per access), of 4 only (1020: 4), odd (vector width 1), tails
HALF_POINTWISE = [1, 8, 24, 1020, 1023, 1024, 4104]
HALF_PER = [3, 8, 17, 512, 768, 1020, 1021, 1024]  # 8 and 17: packed rows; 512, 768: warp rows (8 halves a
# chunk, 2 and 3 chunks); the rest one row per block
HALF_RED = [2056, 4099, 4104]  # looped
EPS = {"f16": 2.0 ** -10, "bf16": 2.0 ** -7}
# float -> int conversion (saturating: NaN -> 0, out of range -> INT_MIN / INT_MAX)
CONVERT_SIZES = [7, 16, 1023, 4104]


def cases():
    out = {}
    for k in KINDS:
        out["per_" + k] = {"geometry": "inner", "kind": k, "sizes": [(ROWS, r) for r in INNER_PER]}
        out["red_" + k] = {"geometry": "inner", "kind": k, "sizes": [(ROWS, r) for r in INNER_RED]}
        out["redsmall_" + k] = {"geometry": "inner", "kind": k, "sizes": [(ROWS, r) for r in SMALL_RED],
                                "codegen": "persistent-threshold=0"}
        out["rows_" + k] = {"geometry": "inner", "kind": k, "sizes": [(MANY_ROWS, r) for r in SHORT_R],
                            "codegen": "inner-rows-min-grid=1"}
        out["rowsnu_" + k] = {"geometry": "inner", "kind": k, "sizes": [(MANY_ROWS, r) for r in SHORT_R],
                              "lower": "unroll-reductions-threshold=0", "codegen": "inner-rows-min-grid=1"}
        out["outer_" + k] = {"geometry": "outer", "kind": k, "sizes": OUTER_PER}
        out["outerred_" + k] = {"geometry": "outer", "kind": k, "sizes": OUTER_RED}
    out["pointwise"] = {"geometry": "pointwise", "sizes": [(n,) for n in POINTWISE]}
    out["pointwise_transposed"] = {"geometry": "transposed", "sizes": TRANSPOSED}
    # x - x.T (one buffer read directly and transposed: the mirror tile order of tiled kernels, 8 x 128 tiles
    # in 128 x 128 super-tiles): 1, 2, 3 (odd), 5 super-tiles a side, a batch of planes, and two sides that
    # are not tiled (192: not a multiple of the tile's 128 columns; 17)
    out["pointwise_mirror"] = {"geometry": "mirror", "sizes": MIRROR}
    # the same two with stacks of 4 tiles per block (transposed-tiles; the grid rule off so that small
    # planes get them too): every tile's loads before one barrier, C areas of workgroup memory
    stacked = "transposed-block=512,transposed-tiles=4,transposed-min-grid=0"
    out["pointwise_transposed_tiles"] = {"geometry": "transposed", "sizes": TRANSPOSED_TILED, "codegen": stacked}
    # the default block (1024 threads, tiles of 32 rows) where the grid rule is off: two 32-row tiles
    # where 64 rows divide the plane, else 512 threads (two 16-row tiles; one), else one tile untiled
    out["pointwise_transposed_block"] = {"geometry": "transposed", "sizes": TRANSPOSED_BLOCK,
                                         "codegen": "transposed-min-grid=0"}
    # three transposed reads: two tiles of 1024 threads where 64 rows divide the plane, whose one staged
    # area (8454 floats) is reused in three rounds (transposed-staging-rounds=0, the default); with
    # transposed-staging-rounds=2 two areas must fit: two tiles of 512 threads, rounds of two accesses
    # and one (a barrier before the second round's stores)
    out["pointwise_transposed3"] = {"geometry": "transposed", "transposed": 3, "sizes": TRANSPOSED_TILED,
                                    "codegen": "transposed-min-grid=0"}
    out["pointwise_transposed3_rounds2"] = {"geometry": "transposed", "transposed": 3, "sizes": TRANSPOSED_TILED,
                                            "codegen": "transposed-staging-rounds=2,transposed-min-grid=0"}
    out["pointwise_mirror_tiles"] = {"geometry": "mirror", "sizes": MIRROR, "codegen": stacked}
    # y = relu(x) and y.T written by one kernel (a transposed store, staged through workgroup memory): the
    # default geometry (512 threads, tiles of 16 rows; one or two per block) and stacks of 4 tiles
    out["pointwise_transposed_store"] = {"geometry": "transposed_store", "sizes": TRANSPOSED_TILED}
    # relu(x + b.T) and its transpose written by one kernel: a staged read and a staged store, two tiles of
    # 1024 threads where 64 rows divide the plane, so one area reused (the store's round after a barrier)
    out["pointwise_transposed_read_store"] = {"geometry": "transposed_store", "transposed": 1,
                                              "sizes": TRANSPOSED_TILED, "codegen": "transposed-min-grid=0"}
    out["pointwise_transposed_store_tiles"] = {"geometry": "transposed_store", "sizes": TRANSPOSED_TILED,
                                               "codegen": stacked}
    out["softmax_per"] = {"geometry": "softmax", "sizes": [(ROWS, r) for r in (1, 3, 17, 129, 512, 768, 1021, 1024)]}
    out["softmax_red"] = {"geometry": "softmax", "sizes": [(ROWS, r) for r in (1025, 2052, 4099, 8200)]}
    # welford (var over rows of every tail; 5 and 8 stay two-step, 9 is past unroll-reductions-threshold)
    # and online softmax (log_softmax: 7 stays three-pass, 8 is online), persistent and looped
    out["var_per"] = {"geometry": "var", "sizes": [(ROWS, r) for r in (1, 3, 5, 8, 9, 17, 129, 768, 1021, 1024)]}
    out["var_red"] = {"geometry": "var", "sizes": [(ROWS, r) for r in (1025, 2052, 4099, 65537)]}
    out["logsoftmax_per"] = {"geometry": "log_softmax", "sizes": [(ROWS, r) for r in (3, 7, 8, 17, 129, 1021)]}
    out["logsoftmax_red"] = {"geometry": "log_softmax", "sizes": [(ROWS, r) for r in (1025, 2052, 4099, 65537)]}
    # the state reductions over the leading dim (outer reductions: (rows reduced, columns); rnumel <= 64 is
    # persistent, the two-pass form through workgroup memory; 65 and 300 looped)
    out["var_outer"] = {"geometry": "var", "dim": 0, "sizes": OUTER_PER + [(65, 33), (300, 17)]}
    out["softmax_outer"] = {"geometry": "softmax", "dim": 0, "sizes": OUTER_PER + [(65, 33), (300, 17)]}
    # indirect loads: gather along the reduced dim with indices in [-r, r) (negatives count from the end),
    # the gathered values stored (pointwise) and reduced by `kind` (persistent and looped)
    for k in ("sum", "amax"):
        out["gather_per_" + k] = {"geometry": "gather", "kind": k, "sizes": [(ROWS, r) for r in (1, 3, 17, 129, 1021)]}
        out["gather_red_" + k] = {"geometry": "gather", "kind": k, "sizes": [(ROWS, r) for r in (1025, 2052, 4099)]}
    # embedding rows (a 7-row table, 5 lookups in [-7, 7)): the row offset is shared by a vector's lanes, so
    # widths that are multiples of 4 read the table with vector loads; stored and summed per lookup
    # scans (cumsum as an ind.scan): rows of odd lengths over SCAN_ROWS rows (a count that is a multiple of
    # nothing), persistent (one or two tiles) and looped (tiles of 4096 carrying the running total), the
    # scanned value fused with an exp epilogue; scan_dim0: over the rows of a [r, 3] tensor
    out["scan_per"] = {"geometry": "scan", "sizes": [(SCAN_ROWS, r) for r in (1, 3, 17, 1023, 1024, 4097, 8192)]}
    out["scan_red"] = {"geometry": "scan", "sizes": [(SCAN_ROWS, r) for r in (8193, 16384, 65537)]}
    # packed scan rows (r <= 256: xblock rows of rthreads <= 32 lanes per block, the largest xblock the
    # block caps allow: inner-rows-min-grid=1) over 259 rows (the last block's rows past 259 masked): one
    # thread per row (1, 3, 8), sub-warp rows, a warp per row (255, 256)
    out["scan_rows"] = {"geometry": "scan", "sizes": [(SCAN_PACKED_ROWS, r) for r in (1, 3, 8, 17, 32, 100, 128, 255, 256)],
                        "codegen": "inner-rows-min-grid=1"}
    out["scan_dim0"] = {"geometry": "scan0", "sizes": [(r, 3) for r in (1, 3, 1023, 4097)]}
    out["embedding_sum"] = {"geometry": "embedding", "kind": "sum", "sizes": [(5, d) for d in (1, 4, 17, 64, 1021, 1024, 4100)]}
    for dt in ("f16", "bf16"):
        out["pointwise_" + dt] = {"geometry": "pointwise", "dtype": dt, "sizes": [(n,) for n in HALF_POINTWISE]}
        out["per_sum_" + dt] = {"geometry": "inner", "kind": "sum", "dtype": dt, "sizes": [(ROWS, r) for r in HALF_PER]}
        out["red_sum_" + dt] = {"geometry": "inner", "kind": "sum", "dtype": dt, "sizes": [(ROWS, r) for r in HALF_RED]}
        out["softmax_" + dt] = {"geometry": "softmax", "dtype": dt, "sizes": [(ROWS, r) for r in (17, 512, 768, 1020, 1024, 4104)]}
    # x + y.T on f16: 64 x 256 and 16 x 512 are 2-D tiles of 32 x 8 halves per row of threads
    out["pointwise_transposed_f16"] = {"geometry": "transposed", "dtype": "f16",
                                       "sizes": [(17, 3), (33, 65), (64, 256), (16, 512)]}
    out["convert_sat"] = {"geometry": "convert", "sizes": [(n,) for n in CONVERT_SIZES]}
    # integer reductions of i64 values near 2^40 (exact only in integer arithmetic: f32 has 24 bits), compared
    # exactly: inner (persistent and looped, i64 partials shuffled as two 32-bit words) and outer rows
    for k in ("sum", "amax", "amin", "argmax"):
        out["int_" + k] = {"geometry": "int", "kind": k, "sizes": [(ROWS, r) for r in INT_INNER]}
    # integer scans (cumsum of i64 values near 2^40, squared: the square wraps modulo 2^64, compared
    # exactly): one row per block persistent (one or two tiles) and looped (carry in i64), and packed rows
    out["int_scan"] = {"geometry": "int_scan", "sizes": [(SCAN_ROWS, r) for r in (1, 3, 17, 1023, 1024, 4097, 8193, 16385)]}
    out["int_scan_rows"] = {"geometry": "int_scan", "sizes": [(SCAN_PACKED_ROWS, r) for r in (3, 8, 17, 32, 255, 256)],
                            "codegen": "inner-rows-min-grid=1"}
    out["int_outer_sum"] = {"geometry": "int_outer", "kind": "sum", "sizes": OUTER_PER + OUTER_RED}
    return out


def dtype_of(case):
    return cases()[case].get("dtype", "f32")


def inputs_for(case):
    c = cases()[case]
    if c["geometry"] in ("int", "int_outer", "int_scan"):
        return ["random", "negative"]
    kinds = list(INPUTS)
    if c.get("kind") == "prod":
        kinds = ["near1", "negative1", "inf", "nan", "random"]
    if c.get("dtype") in EPS:
        kinds.remove("large")  # 1e30 is no f16
    if c["geometry"] == "convert":
        kinds = ["special", "wide"]
    if c["geometry"] in ("scan", "scan0"):
        # a running sum of +-1e30 values cancels to results far below its partial sums: every f32 scan's
        # error is relative to those (the CPU's Kahan carry: ~1 ulp of them), which rtol of the result
        # cannot express
        kinds.remove("large")
    return kinds


# ------------------------------------------------------------------------------------------------ programs

def _t(shape, dtype="f32"):
    return "tensor<%sx%s>" % ("x".join(str(s) for s in shape), dtype) if shape else "tensor<%s>" % dtype


def _add_transposed(i, a, s, st, n, args, body):
    """a + b.T + c.T + ... with n operands of type st read transposed (appended to args); the sum's name."""
    acc = a
    for j in range(n):
        b, p, q = "%%arg%d_%d" % (i, j + 2), "%%q%d_%d" % (i, j), "%%s%d_%d" % (i, j)
        args.append("%s: %s" % (b, st))
        body += ['  %s = "graph.permute"(%s) {dims = array<i64: 1, 0>} : (%s) -> %s' % (p, b, st, s),
                 '  %s = "graph.add"(%s, %s) : (%s, %s) -> %s' % (q, acc, p, s, s, s)]
        acc = q
    return acc


def program(case):
    c = cases()[case]
    g = c["geometry"]
    dt = dtype_of(case)
    args, body, rets = [], [], []

    def t(shape, dtype=dt):
        return _t(shape, dtype)
    for i, sz in enumerate(c["sizes"]):
        a = "%%arg%d_1" % i
        if g in ("inner", "outer", "int", "int_outer"):
            inner = g in ("inner", "int")
            ty = "i64" if g in ("int", "int_outer") else dt
            x_shape = list(sz) if inner else [sz[0], sz[1]]
            dim = 1 if inner else 0
            out_shape = [sz[0]] if inner else [sz[1]]
            args.append("%s: %s" % (a, t(x_shape, ty)))
            body.append('  %%r%d = "graph.%s"(%s) {dims = array<i64: %d>, keepdim = false} : (%s) -> %s' %
                        (i, c["kind"], a, dim, t(x_shape, ty), t(out_shape, ty)))
            rets.append(("%%r%d" % i, t(out_shape, ty)))
        elif g == "pointwise":
            s = t(sz)
            args.append("%s: %s" % (a, s))
            body += ['  %%e%d = "graph.exp"(%s) : (%s) -> %s' % (i, a, s, s),
                     '  %%n%d = "graph.neg"(%s) : (%s) -> %s' % (i, a, s, s),
                     '  %%z%d = "graph.constant"() {value = 0.0 : f64} : () -> tensor<%s>' % (i, dt),
                     '  %%c%d = "graph.gt"(%s, %%z%d) : (%s, tensor<%s>) -> %s' % (i, a, i, s, dt, t(sz, "i1")),
                     '  %%w%d = "graph.where"(%%c%d, %%n%d, %%e%d) : (%s, %s, %s) -> %s' %
                     (i, i, i, i, t(sz, "i1"), s, s, s)]
            rets.append(("%%w%d" % i, s))
        elif g == "transposed":  # a + b.T (+ c.T + ...: "transposed" operands read transposed)
            r, cc = sz
            s, st = t([r, cc]), t([cc, r])
            args.append("%s: %s" % (a, s))
            acc = _add_transposed(i, a, s, st, c.get("transposed", 1), args, body)
            rets.append((acc, s))
        elif g == "transposed_store":  # y = relu(a (+ b.T + ...)), y.T ("transposed" operands read transposed)
            r, cc = sz
            s, st = t([r, cc]), t([cc, r])
            args.append("%s: %s" % (a, s))
            acc = _add_transposed(i, a, s, st, c.get("transposed", 0), args, body)
            body += ['  %%y%d = "graph.relu"(%s) : (%s) -> %s' % (i, acc, s, s),
                     '  %%p%d = "graph.permute"(%%y%d) {dims = array<i64: 1, 0>} : (%s) -> %s' % (i, i, s, st),
                     '  %%c%d = "graph.clone"(%%p%d) : (%s) -> %s' % (i, i, st, st)]
            rets += [("%%y%d" % i, s), ("%%c%d" % i, st)]
        elif g == "mirror":
            s = t(sz)
            dims = ", ".join(str(d) for d in list(range(len(sz) - 2)) + [len(sz) - 1, len(sz) - 2])
            args.append("%s: %s" % (a, s))
            body += ['  %%p%d = "graph.permute"(%s) {dims = array<i64: %s>} : (%s) -> %s' % (i, a, dims, s, s),
                     '  %%s%d = "graph.sub"(%s, %%p%d) : (%s, %s) -> %s' % (i, a, i, s, s, s)]
            rets.append(("%%s%d" % i, s))
        elif g in ("softmax", "log_softmax"):
            s = t(sz)
            args.append("%s: %s" % (a, s))
            body.append('  %%r%d = "graph.%s"(%s) {dim = %d : i64} : (%s) -> %s' % (i, g, a, c.get("dim", 1), s, s))
            rets.append(("%%r%d" % i, s))
        elif g == "gather":
            s, si, o = t(sz), t(sz, "i64"), t([sz[0]])
            b = "%%arg%d_2" % i
            args += ["%s: %s" % (a, s), "%s: %s" % (b, si)]
            body += ['  %%g%d = "graph.gather"(%s, %s) {dim = 1 : i64} : (%s, %s) -> %s' % (i, a, b, s, si, s),
                     '  %%r%d = "graph.%s"(%%g%d) {dims = array<i64: 1>, keepdim = false} : (%s) -> %s' %
                     (i, c["kind"], i, s, o)]
            rets += [("%%g%d" % i, s), ("%%r%d" % i, o)]
        elif g == "embedding":
            n, d = sz
            s, si, so, o = t([EMB_ROWS, d]), t([n], "i64"), t([n, d]), t([n])
            b = "%%arg%d_2" % i
            args += ["%s: %s" % (a, s), "%s: %s" % (b, si)]
            body += ['  %%g%d = "graph.embedding"(%s, %s) : (%s, %s) -> %s' % (i, a, b, s, si, so),
                     '  %%r%d = "graph.%s"(%%g%d) {dims = array<i64: 1>, keepdim = false} : (%s) -> %s' %
                     (i, c["kind"], i, so, o)]
            rets += [("%%g%d" % i, so), ("%%r%d" % i, o)]
        elif g == "convert":
            s = t(sz)
            args.append("%s: %s" % (a, s))
            body += ['  %%i%d = "graph.convert"(%s) : (%s) -> %s' % (i, a, s, t(sz, "i32")),
                     '  %%l%d = "graph.convert"(%s) : (%s) -> %s' % (i, a, s, t(sz, "i64"))]
            rets += [("%%i%d" % i, t(sz, "i32")), ("%%l%d" % i, t(sz, "i64"))]
        elif g == "int_scan":
            s = t(sz, "i64")
            args.append("%s: %s" % (a, s))
            body += ['  %%c%d = "graph.cumsum"(%s) {dim = 1 : i64} : (%s) -> %s' % (i, a, s, s),
                     '  %%r%d = "graph.mul"(%%c%d, %%c%d) : (%s, %s) -> %s' % (i, i, i, s, s, s)]
            rets += [("%%c%d" % i, s), ("%%r%d" % i, s)]
        elif g in ("scan", "scan0"):
            s = t(sz)
            args.append("%s: %s" % (a, s))
            body += ['  %%c%d = "graph.cumsum"(%s) {dim = %d : i64} : (%s) -> %s' % (i, a, 1 if g == "scan" else 0, s, s),
                     '  %%r%d = "graph.mul"(%%c%d, %%c%d) : (%s, %s) -> %s' % (i, i, i, s, s, s)]
            rets += [("%%c%d" % i, s), ("%%r%d" % i, s)]
        elif g == "var":
            dim = c.get("dim", 1)
            s, o = t(sz), t([sz[1 - dim]])
            args.append("%s: %s" % (a, s))
            body.append('  %%r%d = "graph.var"(%s) {dims = array<i64: %d>, keepdim = false, correction = 1 : i64} '
                        ': (%s) -> %s' % (i, a, dim, s, o))
            rets.append(("%%r%d" % i, o))
    text = "func.func @%s(%s) -> (%s) {\n%s\n  return %s : %s\n}\n" % (
        case, ", ".join(args), ", ".join(r[1] for r in rets), "\n".join(body), ", ".join(r[0] for r in rets),
        ", ".join(r[1] for r in rets))
    return text


def arg_shapes(case):
    c = cases()[case]
    out = []
    for sz in c["sizes"]:
        if c["geometry"] == "transposed":
            out += [list(sz)] + [[sz[1], sz[0]]] * c.get("transposed", 1)
        elif c["geometry"] == "transposed_store":
            out += [list(sz)] + [[sz[1], sz[0]]] * c.get("transposed", 0)
        elif c["geometry"] == "gather":
            out += [list(sz), list(sz)]
        elif c["geometry"] == "embedding":
            out += [[EMB_ROWS, sz[1]], [sz[0]]]
        else:
            out.append(list(sz))
    return out


def make_input(np, case, k, shape, kind):
    seed = int(hashlib.sha1(("%s|%d|%s" % (case, k, kind)).encode()).hexdigest()[:12], 16)
    rng = np.random.default_rng(seed)
    if cases()[case]["geometry"] == "gather" and k % 2 == 1:  # the index of a gather: [-r, r)
        return rng.integers(-shape[-1], shape[-1], shape).astype(np.int64)
    if cases()[case]["geometry"] == "embedding" and k % 2 == 1:  # rows of the table: [-rows, rows)
        return rng.integers(-EMB_ROWS, EMB_ROWS, shape).astype(np.int64)
    if cases()[case]["geometry"] in ("int", "int_outer", "int_scan"):  # i64 near 2^40; "negative": all below 0
        return rng.integers(-INT_HIGH, 0 if kind == "negative" else INT_HIGH, shape).astype(np.int64)
    n = int(np.prod(shape)) if shape else 1
    u = rng.random(n)
    if kind == "random":
        x = 2 * u - 1
    elif kind == "negative":
        x = -1 - u  # all in (-2, -1]: max's neutral must be -inf, not 0
    elif kind == "positive":
        x = 1 + u  # all in [1, 2): min's neutral must be +inf, not 0
    elif kind == "near1":
        x = 0.9 + 0.2 * u  # products of thousands stay finite and far from 0
    elif kind == "negative1":
        x = -(0.9 + 0.2 * u)
    elif kind == "special":  # the conversion's edges, repeated; the rest random in [-1e10, 1e10)
        edges = [-np.inf, np.inf, np.nan, 3e9, -3e9, 2.7, -2.7, 2147483520.0, -2147483648.0, 1e20, -1e20, 0.5]
        x = (2 * u - 1) * 1e10
        x[:min(n, len(edges))] = edges[:n]
    elif kind == "wide":
        x = (2 * u - 1) * 2e19  # beyond i32 mostly, and beyond i64 at the ends
    elif kind == "large":
        x = (1 + u) * 1e30  # same sign per row: no cancellation; products overflow to inf
        x = x.reshape(shape) if shape else x
        if len(shape) == 2 and cases()[case]["geometry"] == "outer":
            x[:, 1::2] *= -1  # the sign alternates across outputs, never along the reduced dim
        elif len(shape) == 2:
            x[1::2, :] *= -1
        x = x.reshape(-1)
    elif kind in ("inf", "nan"):
        # under prod, values near 1: an f32 product of hundreds of values in [-1, 1) underflows to 0 (and
        # 0 * inf is NaN) where the reference's double does not
        x = 0.9 + 0.2 * u if cases()[case].get("kind") == "prod" else 2 * u - 1
        x = x.reshape(shape) if len(shape) >= 1 else x
        if len(shape) == 2:
            # specials on a few rows / columns only, so that other outputs stay finite (the runner poisons
            # outputs with NaN: an all-NaN result could not tell a computed NaN from an unwritten one)
            rr, cc = shape
            if kind == "nan":
                x[0, cc - 1] = np.nan  # the last element of a row: in the masked tail
                x[rr - 1, 0] = np.nan
            else:
                x[0, cc // 2] = np.inf
                x[rr - 1, cc - 1] = -np.inf  # the tail again
                if rr >= 3:
                    x[1, 0] = np.inf
        else:
            x = x.reshape(-1)
            x[n // 2] = np.inf if kind == "inf" else np.nan
            x[n - 1] = -np.inf if kind == "inf" else np.nan
        x = x.reshape(-1)
    else:
        raise ValueError(kind)
    return x.astype(np.float32).reshape(shape)


def to_bf16_bits(np, x):
    """f32 -> bf16 bits, rounding to nearest even (NaN stays NaN)."""
    b = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16).astype(np.uint16)
    return np.where(np.isnan(x), np.uint16(0x7FC0), r).astype(np.uint16)


def bf16_bits_to_f32(np, h):
    """bf16 bits ('<u2': the runner's bf16 outputs) -> f32, exactly."""
    return (h.astype(np.uint32) << 16).view(np.float32)


def storage_input(np, case, x):
    """The input in the case's dtype. bf16, which NumPy cannot hold, is its bits ('<u2'), the form the
    runtime writes and reads and ind-run reads."""
    dt = dtype_of(case)
    if dt == "f16" and x.dtype == np.float32:
        return x.astype(np.float16)
    if dt == "bf16" and x.dtype == np.float32:
        return to_bf16_bits(np, x)
    return x


def tolerances(case, kind):
    c = cases()[case]
    if c["geometry"] in ("int", "int_outer", "int_scan"):
        return 0.0, 0.0  # integers are exact
    if c["geometry"] == "convert":
        return 0.0, 0.0  # integers: exact
    if c.get("dtype") in EPS:  # one rounding to the storage type apart (ind-run's rule for f16/bf16 paths)
        return 2 * EPS[c["dtype"]], EPS[c["dtype"]]
    if c.get("kind") in ("sum", "mean") or c["geometry"] in ("softmax", "log_softmax", "var"):
        return 1e-4, 1e-4
    return 1e-4, 1e-5


# ------------------------------------------------------------------------------------------------- running

def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def write_case(np, case, work):
    os.makedirs(work, exist_ok=True)
    prog = os.path.join(work, "prog.mlir")
    with open(prog, "w") as f:
        f.write(program(case))
    variants = []
    for kind in inputs_for(case):
        d = os.path.join(work, kind)
        os.makedirs(os.path.join(d, "in"), exist_ok=True)
        files = []
        for k, shape in enumerate(arg_shapes(case)):
            p = os.path.join(d, "in", "in%d.npy" % k)
            np.save(p, storage_input(np, case, make_input(np, case, k, shape, kind)))
            files.append(p)
        rtol, atol = tolerances(case, kind)
        variants.append({"kind": kind, "dir": d, "inputs": files, "rtol": rtol, "atol": atol})
    return prog, variants


def cmd_list(a):
    for name, c in cases().items():
        print(name, c["geometry"], c.get("kind", "-"), c["sizes"], ",".join(inputs_for(name)))
    return 0


def lower_to_sched(a, prog, out):
    """prog -> a sched-level program through the case's lowering options (cases with "lower")."""
    lower = cases()[a.case].get("lower")
    if lower is None:
        r = run([a.ind_opt, prog, "--lower", "--fuse", "-o", out])
    else:
        pipe = ("builtin.module(graph-decompose,graph-infer-shapes,convert-graph-to-ind{%s},ind-schedule,"
                "fuse-inductor)" % lower)
        r = run([a.ind_opt, prog, "--pass-pipeline=" + pipe, "-o", out])
    if r.returncode:
        sys.exit("numerics.py: ind-opt lowering failed:\n" + r.stderr)
    return out


def cmd_cpu(a):
    import numpy as np
    prog, variants = write_case(np, a.case, a.work)
    if cases()[a.case].get("lower") is not None:
        if not a.ind_opt:
            sys.exit("numerics.py: case %s needs --ind-opt (lowering options)" % a.case)
        prog = lower_to_sched(a, prog, os.path.join(a.work, "prog.sched.mlir"))
    fails = 0
    for v in variants:
        cmd = [a.ind_run, prog, "--rtol", str(v["rtol"]), "--atol", str(v["atol"])]
        for p in v["inputs"]:
            cmd += ["--input", p]
        r = run(cmd)
        ok = r.returncode == 0
        fails += not ok
        nout = len(cases()[a.case]["sizes"]) * OUTPUTS_PER_SIZE.get(cases()[a.case]["geometry"], 1)
        print("%s: %s/%s (%d outputs)" % ("PASS" if ok else "FAIL", a.case, v["kind"], nout))
        if not ok:
            print((r.stdout + r.stderr)[-3000:])
    print("cpu %s: %d of %d input kinds pass" % (a.case, len(variants) - fails, len(variants)))
    return 1 if fails else 0


def cmd_prepare(a):
    """HERE: writes WORK/<kind>/{in/,ref/} and WORK/k.ptx, WORK/plan.json, WORK/meta.json."""
    import numpy as np
    c = cases()[a.case]
    prog, variants = write_case(np, a.case, a.work)
    sched = lower_to_sched(a, prog, os.path.join(a.work, "prog.sched.mlir"))
    # --codegen=A,B takes comma-separated options; a pass in a pipeline takes them space-separated
    pipe = "builtin.module(sched-to-kernel{%s},kernel-cse,kernel-reuse-buffers)" % c.get("codegen", "").replace(",", " ")
    for emit, out in (("ptx", "k.ptx"), ("launch-plan", "plan.json")):
        r = run([a.ind_opt, sched, "--pass-pipeline=" + pipe, "--emit=" + emit, "-o", os.path.join(a.work, out)])
        if r.returncode:
            sys.exit("numerics.py: ind-opt --emit=%s failed:\n%s" % (emit, r.stderr))
    for v in variants:
        cmd = [a.ind_run, "--reference", prog, "--output-dir", os.path.join(v["dir"], "ref")]
        for p in v["inputs"]:
            cmd += ["--input", p]
        r = run(cmd)
        if r.returncode:
            sys.exit("numerics.py: reference run failed:\n" + r.stderr)
    kernels = run(["grep", "-c", r"^\.visible \.entry", os.path.join(a.work, "k.ptx")]).stdout.strip()
    meta = {"case": a.case, "geometry": c["geometry"], "kind": c.get("kind"), "codegen": c.get("codegen", ""),
            "sizes": c["sizes"], "kernels": int(kernels or 0),
            "variants": [{"kind": v["kind"], "rtol": v["rtol"], "atol": v["atol"]} for v in variants]}
    with open(os.path.join(a.work, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
    print("prepared %s: %d kernels, %d input kinds" % (a.case, meta["kernels"], len(variants)))
    return 0


# A scan's f32 rounding error is relative to the partial sums it passes through, not to its result (a
# running sum of U[-1, 1) values reaches ~sqrt(n) and cancels back towards 0): scan outputs get an extra
# absolute tolerance per element of SCAN_ULPS f32 units of roundoff times the running max of |want| along
# the scanned dim (the output's own prefix magnitude; for the squared scan out its square).
SCAN_ULPS = 32
SCAN_DIM = {"scan": 1, "scan0": 0}


def compare(np, got, want, rtol, atol, scan_dim=None):
    if got.dtype == np.uint16 and want.dtype != np.uint16:  # a bf16 output of the runner (raw bits)
        got = bf16_bits_to_f32(np, got)
    if got.shape != want.shape:
        return False, "shape %s, expected %s" % (got.shape, want.shape)
    if got.dtype.kind in "iub" and want.dtype.kind in "iub":  # integers: exactly (float64 would round past 2^53)
        bad = got.ravel() != want.ravel()
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            return False, "%d of %d elements differ; first at flat %d: got %d, want %d" % (
                int(bad.sum()), bad.size, i, int(got.ravel()[i]), int(want.ravel()[i]))
        return True, ""
    if scan_dim is not None and want.ndim > scan_dim:
        mag = np.where(np.isfinite(want), np.abs(want.astype(np.float64)), 0.0)
        atol = (atol + SCAN_ULPS * 2.0 ** -24 * np.maximum.accumulate(mag, axis=scan_dim)).ravel()
    g, w = got.astype(np.float64).ravel(), want.astype(np.float64).ravel()
    gn, wn = np.isnan(g), np.isnan(w)
    bad = gn != wn
    gi, wi = np.isinf(g), np.isinf(w)
    bad |= (gi | wi) & ~(gn | wn) & (g != w)
    fin = ~(gn | wn | gi | wi)
    bad |= fin & (np.abs(g - w) > atol + rtol * np.abs(w))
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        return False, "%d of %d elements differ; first at flat %d: got %r, want %r" % (
            int(bad.sum()), g.size, i, float(g[i]), float(w[i]))
    return True, ""


def build_runner(a):
    if a.runner:
        return a.runner
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = os.path.join(a.work, "ind_cuda_run")
    inc = next((d for d in (os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "include"),
                            "/usr/local/cuda/include", "/usr/include") if os.path.exists(os.path.join(d, "cuda.h"))),
               "/usr/local/cuda/include")
    r = run(["gcc", "-std=c11", "-O2", "-I" + inc, "-I" + root, "-I" + os.path.join(root, "include"),
             os.path.join(root, "runtime", "ind_cuda_run.c"), os.path.join(root, "runtime", "ind_runtime.c"),
             os.path.join(root, "lib", "npy_raw.c"), "-ldl", "-lm", "-o", out])
    if r.returncode:
        sys.exit("numerics.py: cannot build the runner:\n" + r.stderr)
    return out


def device_one(np, work, runner):
    with open(os.path.join(work, "meta.json")) as f:
        meta = json.load(f)
    fails = 0
    for v in meta["variants"]:
        d = os.path.join(work, v["kind"])
        got = os.path.join(d, "got")
        shutil.rmtree(got, ignore_errors=True)
        os.makedirs(got)
        r = run([runner, "--plan", os.path.join(work, "plan.json"), "--ptx", os.path.join(work, "k.ptx"),
                 "--inputs-dir", os.path.join(d, "in"), "--outputs-dir", got, "--iters", "1", "--flush-reps", "1",
                 "--name", "%s_%s" % (meta["case"], v["kind"])], timeout=120)
        msgs = []
        ok = r.returncode == 0
        if not ok:
            msgs.append("runner exit %d: %s" % (r.returncode, (r.stdout + r.stderr)[-1500:]))
        else:
            k = 0
            while os.path.exists(os.path.join(d, "ref", "out%d.npy" % k)):
                want = np.load(os.path.join(d, "ref", "out%d.npy" % k))
                gp = os.path.join(got, "out%d.npy" % k)
                if not os.path.exists(gp):
                    ok = False
                    msgs.append("out%d: missing" % k)
                else:
                    good, why = compare(np, np.load(gp), want, v["rtol"], v["atol"], SCAN_DIM.get(meta["geometry"]))
                    if not good:
                        ok = False
                        per = OUTPUTS_PER_SIZE.get(meta["geometry"], 1)  # gather/embedding: stored and reduced
                        sz = meta["sizes"][k // per] if k // per < len(meta["sizes"]) else "?"
                        msgs.append("out%d (size %s): %s" % (k, sz, why))
                k += 1
            if k == 0:
                ok = False
                msgs.append("no reference outputs")
        fails += not ok
        print("%s: gpu %s/%s (%d kernels)" % ("PASS" if ok else "FAIL", meta["case"], v["kind"], meta["kernels"]))
        for m in msgs:
            print("  " + m)
    return fails, len(meta["variants"])


def cmd_device(a):
    import numpy as np
    runner = build_runner(a)
    works = [a.work] if os.path.exists(os.path.join(a.work, "meta.json")) else sorted(
        os.path.join(a.work, d) for d in os.listdir(a.work) if os.path.exists(os.path.join(a.work, d, "meta.json")))
    total_f = total = 0
    for w in works:
        f, n = device_one(np, w, runner)
        total_f += f
        total += n
    print("gpu: %d of %d (case, input kind) runs pass over %d cases" % (total - total_f, total, len(works)))
    return 1 if total_f or not total else 0


def cmd_gpu(a):
    cmd_prepare(a)
    return cmd_device(a)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list")
    for name in ("cpu", "prepare", "device", "gpu"):
        p = sub.add_parser(name)
        if name != "device":
            p.add_argument("--case", required=True, choices=sorted(cases()))
            p.add_argument("--ind-run", required=True)
        if name in ("prepare", "gpu"):
            p.add_argument("--ind-opt", required=True)
        if name == "cpu":
            p.add_argument("--ind-opt", help="needed by cases with lowering options (rowsnu_*)")
        if name in ("device", "gpu"):
            p.add_argument("--runner", default=os.environ.get("IND_CUDA_RUNNER"))
        p.add_argument("--work", required=True)
    a = ap.parse_args()
    return {"list": cmd_list, "cpu": cmd_cpu, "prepare": cmd_prepare, "device": cmd_device, "gpu": cmd_gpu}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
