#!/usr/bin/env python3
"""The split-reduction policy (passes/lower/split_reduction.c) against an independent Python port of
Inductor's Reduction.num_splits / InductorChoices.reduction_split_factor (torch/_inductor/ir.py,
choices.py): for each case a one-reduction graph program is lowered by ind-opt with IND_LOGS=fusion and
the logged (hint, split) -- or no split -- must equal the reference's. The cases sit on both sides of
every threshold (numel vs 2 * num_sm and num_sm * 64, rnumel vs min_elements_per_thread and
split-inner-min-rnumel, the total vs min/max elements per device, |closest divisor - target| vs 30 / 20 /
50) and include ties between two divisors (the smaller wins), under the default policy and under
changed options. Prints one line per mismatch and `split policy: N cases, M split, 0 mismatches`.

    split_policy.py IND_OPT TMPDIR
"""
import os
import re
import subprocess
import sys


def divisors(n):
    small, large = [], []
    d = 1
    while d * d <= n:
        if n % d == 0:
            small.append(d)
            if d != n // d:
                large.append(n // d)
        d += 1
    return small + large[::-1]


def closest(n, target):
    # sympy.divisors is ascending and min() keeps the first minimum: the smaller divisor on a tie
    return min(divisors(n), key=lambda x: abs(x - target))


def cdiv(a, b):
    return (a + b - 1) // b


def reference(numel, rnumel, inner_layout, p):
    """(hint, split) as Inductor decides; inner_layout: the reduced dim is the innermost one."""
    num_sm, min_ept, max_ept, tps, inner_min = p["num_sm"], p["min"], p["max"], p["tps"], p["inner_min"]
    min_dev, max_dev = min_ept * num_sm * tps, max_ept * num_sm * tps
    num_threads = 32 * 8

    def factor(inner):
        if rnumel <= min_ept or numel >= num_sm * 64:
            return 1
        total = rnumel * numel
        if inner:
            if numel >= 2 * num_sm or rnumel <= inner_min:
                return 1
            if total <= min_dev:
                split_size = min_ept
            elif total < max_dev:
                target_blocks = num_sm * tps // (2 * num_threads)
                blocks_per_output = cdiv(target_blocks, numel)
                tmp = cdiv(rnumel, num_threads * blocks_per_output)
                c = closest(rnumel, tmp)
                split_size = max(c, min_ept) if abs(c - tmp) < 30 else tmp
            else:
                c = closest(rnumel, max_ept)
                split_size = c if abs(c - max_ept) < 50 else max_ept
            return cdiv(rnumel, split_size * num_threads)
        rvals_per_thread, xvals_per_block = 4, 128
        xblocks = cdiv(numel, xvals_per_block)
        if total < min_dev:
            split_size = min_ept
        elif total < max_dev:
            target_blocks = cdiv(num_sm * tps // num_threads, xblocks)
            tmp = cdiv(rnumel, rvals_per_thread * target_blocks)
            c = closest(rnumel, tmp)
            split_size = max(c, min_ept) if abs(tmp - c) < 20 else tmp
        else:
            c = closest(rnumel, max_ept)
            split_size = c if abs(c - max_ept) < 50 else max_ept
        return cdiv(rnumel, rvals_per_thread * split_size)

    if rnumel <= 1:
        return "DEFAULT", 1
    if numel == 1:
        return "INNER", factor(True)
    if rnumel <= min_ept or numel >= num_sm * 2 * 32:
        return "DEFAULT", 1
    hint = "INNER" if inner_layout else "OUTER"
    return hint, factor(inner_layout)


DEFAULT = {"num_sm": 132, "min": 32, "max": 512, "tps": 2048, "inner_min": 8192}
SMALL = {"num_sm": 1, "min": 32, "max": 512, "tps": 2048, "inner_min": 8192}
ODD = {"num_sm": 3, "min": 16, "max": 100, "tps": 1024, "inner_min": 500}


def options(p):
    return ("split-num-sm=%d split-min-elements-per-thread=%d split-max-elements-per-thread=%d "
            "split-threads-per-sm=%d split-inner-min-rnumel=%d" % (p["num_sm"], p["min"], p["max"], p["tps"],
                                                                   p["inner_min"]))


def cases():
    out = []
    # full reductions (numel 1): rnumel around split-inner-min-rnumel and the device totals
    for r in [2, 32, 33, 8192, 8193, 16384, 100003, 3 * 5 * 7 * 11 * 13 * 17, 8650752, 8650753, 30000000,
              138412031, 138412032, 138412033, 200000000]:
        out.append((DEFAULT, 1, r, True))
    # ... and with one multiprocessor (small totals); 66317 and 66968: ties between two divisors
    for r in [65536, 65537, 66317, 66968, 1048575, 1048576, 1048577, 1113500, 500000, 786432]:
        out.append((SMALL, 1, r, True))
    # rows (INNER) and columns (OUTER): numel around 2 * num_sm and num_sm * 64, rnumel around the minima
    for numel in [2, 263, 264, 8447, 8448]:
        for r in [32, 33, 8192, 8193, 524288]:
            out.append((DEFAULT, numel, r, True))
            out.append((DEFAULT, numel, r, False))
    for numel in [3, 5, 64, 127, 128, 192]:
        for r in [16, 17, 500, 501, 4096, 30030, 100000]:
            out.append((ODD, numel, r, True))
            out.append((ODD, numel, r, False))
    for numel in [2, 129]:
        for r in [65500, 327680, 1 << 20]:
            out.append((SMALL, numel, r, False))
            out.append((SMALL, numel, r, True))
    # ties between two divisors in the OUTER target
    out += [(SMALL, 5, 13299, False), (ODD, 2, 25333, False), (ODD, 129, 560, False)]
    return out


def program(numel, rnumel, inner_layout):
    if numel == 1:
        return ('func.func @f(%%x: tensor<%dxf32>) -> tensor<f32> {\n'
                '  %%s = "graph.sum"(%%x) {dims = array<i64>, keepdim = false} : (tensor<%dxf32>) -> tensor<f32>\n'
                '  return %%s : tensor<f32>\n}\n' % (rnumel, rnumel))
    shape = (numel, rnumel) if inner_layout else (rnumel, numel)
    dim = 1 if inner_layout else 0
    return ('func.func @f(%%x: tensor<%dx%dxf32>) -> tensor<%dxf32> {\n'
            '  %%s = "graph.sum"(%%x) {dims = array<i64: %d>, keepdim = false} : (tensor<%dx%dxf32>) -> tensor<%dxf32>\n'
            '  return %%s : tensor<%dxf32>\n}\n' % (shape + (numel, dim) + shape + (numel, numel)))


LOG = re.compile(r"split reduction \S+: hint=(\w+) numel=(\d+) rnumel=(\d+) split=(\d+)")


def main():
    ind_opt, tmp = sys.argv[1], sys.argv[2]
    os.makedirs(tmp, exist_ok=True)
    env = dict(os.environ, IND_LOGS="fusion")
    bad = nsplit = 0
    cs = cases()
    for k, (p, numel, rnumel, inner) in enumerate(cs):
        path = os.path.join(tmp, "case%d.mlir" % k)
        with open(path, "w") as fh:
            fh.write(program(numel, rnumel, inner))
        pipe = "builtin.module(convert-graph-to-ind{%s})" % options(p)
        r = subprocess.run([ind_opt, path, "--pass-pipeline=" + pipe, "-o", os.devnull], env=env,
                           capture_output=True, text=True)
        if r.returncode != 0:
            print("case %d: ind-opt failed: %s" % (k, r.stderr.strip()[-300:]))
            bad += 1
            continue
        m = LOG.search(r.stderr)
        got = (m.group(1), int(m.group(4))) if m else None
        hint, split = reference(numel, rnumel, inner, p)
        want = (hint, split) if split > 1 else None
        nsplit += want is not None
        if m and (int(m.group(2)), int(m.group(3))) != (numel, rnumel):
            print("case %d: logged numel/rnumel %s/%s, expected %d/%d" % (k, m.group(2), m.group(3), numel, rnumel))
            bad += 1
        if got != want:
            print("case %d (%s, numel=%d, rnumel=%d, %s): got %s, reference %s" % (
                k, options(p), numel, rnumel, "inner" if inner else "outer", got, want))
            bad += 1
    print("split policy: %d cases, %d split, %d mismatches" % (len(cs), nsplit, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
