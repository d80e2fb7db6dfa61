#!/usr/bin/python3
"""Differential soak of ind on random programs (docs/testing.md, "Differential testing").

    scripts/fuzz/soak.py N [--seed S] [--jobs J] [--bin DIR] [--keep DIR] [--ops K] [--max-numel M]
                         [--strategies a,b] [--no-jit] [--ptx] [--shrink] [--quiet]

For each of N programs (scripts/fuzz/gen.py, seeds S .. S+N-1) it runs
  graph   ind-run --reference on the program (the ground truth; its outputs are `ref`)
  ind     ind-opt --lower, then ind-run --reference on the ind program
  sched/S for every fusion strategy S: ind-opt --fuse=S on the ind program, ind-run --reference on it
  jit/S   ind-opt --codegen on that sched program, then ind-run on the kernel program (CPU JIT)
  ptx/S   (--ptx) ind-opt --emit=ptx: compiles only (no GPU here)
and compares every output with `ref` (tolerances from the generator's `// tol` lines, see
compare()). The strategies are read from `ind-opt --help` (`--fuse[=a|b|c]`), so a new strategy
joins without a change here. Every program is valid by construction: a stage that rejects it is a
defect ("reject"), like a crash (a signal, an exit status other than 0/1, a sanitizer report, a
timeout) or a mismatch. Prints one line per failure and a table per stage; exits 1 if anything
failed. With --keep DIR, each failing program is written to DIR/<seed>.mlir with the failure; with
--shrink, it is also reduced (scripts/fuzz/shrink.py) and written as a lit test under test/regress/.
"""
import argparse
import concurrent.futures as cf
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402

try:
    import numpy as np
except ImportError:  # pragma: no cover
    np = None

TIMEOUT = 120


def strategies(ind_opt):
    """The fusion strategies ind-opt knows, from its --help (`--fuse[=inductor|vertical|none]`)."""
    out = subprocess.run([ind_opt, "--help"], capture_output=True, text=True).stdout
    m = re.search(r"--fuse\[=([^\]]+)\]", out)
    return m.group(1).split("|") if m else ["inductor"]


def run(cmd, cwd):
    """(kind, message): kind is ok / reject / crash / timeout."""
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return "timeout", "timeout after %d s: %s" % (TIMEOUT, " ".join(cmd))
    err = p.stderr
    # ASan's warning for an allocation it refuses (allocator_may_return_null=1: the code then reports
    # the failure itself, as in a release build) is not a defect.
    san = any("Sanitizer" in l and "failed to allocate" not in l for l in err.splitlines())
    if p.returncode < 0 or p.returncode > 1 or san or "runtime error:" in err:
        first = next((l for l in err.splitlines() if "ERROR" in l or "runtime error" in l), err.strip()[-300:])
        return "crash", "rc=%d %s" % (p.returncode, first.strip())
    if p.returncode == 1:
        msg = next((l for l in err.splitlines() if "error" in l), err.strip()[:300])
        return "reject", msg.strip()
    return "ok", ""


def tolerances(text):
    tol = {}
    for m in re.finditer(r"// tol out(\d+): eps=(\S+) disc=(\d) dtype=(\S+)", text):
        tol[int(m.group(1))] = (float(m.group(2)), m.group(3) == "1", m.group(4))
    return tol


def compare(got_dir, ref_dir, tol):
    """None when every output matches, else a message. An element of a float output matches when
    |got - ref| <= atol + rtol * |ref| with rtol = max(1e-4, 8 eps) and atol = rtol * max(1, max|ref|)
    (eps: the largest unit roundoff in the output's cone, raised by sqrt(n) for reductions of n
    elements); NaN matches NaN, equal infinities match. Integer and bool outputs must be equal.
    When a discontinuous op is in the cone (a comparison of floats, a float->int convert, a where
    on such a condition) rounding differences can flip elements: up to 1% may differ."""
    n = len([f for f in os.listdir(ref_dir) if re.match(r"out\d+\.npy$", f)])
    for k in range(n):
        rp, gp = os.path.join(ref_dir, "out%d.npy" % k), os.path.join(got_dir, "out%d.npy" % k)
        if not os.path.exists(gp):
            return "out%d missing" % k
        r, g = np.load(rp), np.load(gp)
        if r.shape != g.shape:
            return "out%d shape %s vs reference %s" % (k, g.shape, r.shape)
        eps, disc, _ = tol.get(k, (2.0**-24, False, "f32"))
        if r.dtype.kind == "f" or g.dtype.kind == "f":
            r64, g64 = r.astype(np.float64), g.astype(np.float64)
            rtol = max(1e-4, 8 * eps)
            fin = np.isfinite(r64)
            scale = max(1.0, float(np.abs(r64[fin]).max())) if fin.any() else 1.0
            atol = rtol * scale
            with np.errstate(invalid="ignore"):
                ok = (np.abs(g64 - r64) <= atol + rtol * np.abs(r64)) | (np.isnan(r64) & np.isnan(g64)) | (r64 == g64)
        else:
            ok = r == g
        bad = int(ok.size - np.count_nonzero(ok))
        allowed = int(0.01 * ok.size) if disc else 0
        if bad > allowed:
            idx = np.unravel_index(int(np.argmin(ok.reshape(-1))), ok.shape) if ok.ndim else ()
            return "out%d: %d of %d elements differ (allowed %d); first at %s: got %r, reference %r" % (
                k, bad, ok.size, allowed, tuple(int(i) for i in idx), g[idx].item() if ok.ndim else g.item(),
                r[idx].item() if ok.ndim else r.item())
    return None


def check_program(seed, args, strats):
    text = gen.generate(seed, args.ops, args.max_numel, tuple(args.dtypes.split(",")))
    return seed, text, check_text(text, args, strats, seed)


def check_text(text, args, strats, seed=0, stop_at=None):
    """Every stage on one program: a list of (stage, kind, message). stop_at: the stage after which
    nothing more is run (the shrinker only needs the stage it is reducing for)."""
    tol = tolerances(text)
    d = tempfile.mkdtemp(prefix="soak%d_" % seed)
    opt, runb = os.path.join(args.bin, "ind-opt"), os.path.join(args.bin, "ind-run")
    res = []  # (stage, kind, message)
    try:
        with open(os.path.join(d, "p.mlir"), "w") as f:
            f.write(text)
        k, m = run([runb, "--reference", "p.mlir", "--output-dir", "ref"], d)
        res.append(("graph", k, m))
        if k != "ok" or stop_at == "graph":
            return res
        k, m = run([opt, "p.mlir", "--lower", "-o", "p.ind.mlir"], d)
        if k == "ok":
            k, m = run([runb, "--reference", "p.ind.mlir", "--output-dir", "ind"], d)
            if k == "ok":
                c = compare(os.path.join(d, "ind"), os.path.join(d, "ref"), tol)
                k, m = ("mismatch", c) if c else ("ok", "")
        res.append(("ind", k, m))
        if stop_at in ("graph", "ind"):
            return res
        if not os.path.exists(os.path.join(d, "p.ind.mlir")):
            return res
        for s in strats:
            if stop_at and "/" in stop_at and stop_at.split("/")[1] != s:
                continue
            sp, kp = "p.%s.sched.mlir" % s, "p.%s.kernel.mlir" % s
            k, m = run([opt, "p.ind.mlir", "--fuse=" + s, "-o", sp], d)
            if k == "ok":
                k, m = run([runb, "--reference", sp, "--output-dir", "sched_" + s], d)
                if k == "ok":
                    c = compare(os.path.join(d, "sched_" + s), os.path.join(d, "ref"), tol)
                    k, m = ("mismatch", c) if c else ("ok", "")
            res.append(("sched/" + s, k, m))
            if not os.path.exists(os.path.join(d, sp)):
                continue
            if not args.no_jit:
                k, m = run([opt, sp, "--codegen", "-o", kp], d)
                if k == "ok":
                    k, m = run([runb, kp, "--output-dir", "jit_" + s], d)
                    if k == "ok":
                        c = compare(os.path.join(d, "jit_" + s), os.path.join(d, "ref"), tol)
                        k, m = ("mismatch", c) if c else ("ok", "")
                res.append(("jit/" + s, k, m))
            if args.ptx:
                k, m = run([opt, sp, "--codegen", "--emit=ptx", "-o", "/dev/null"], d)
                res.append(("ptx/" + s, k, m))
        return res
    finally:
        shutil.rmtree(d, ignore_errors=True)


COMPILE_CHUNK = 200  # programs per batched ind-opt: the per-process timeout must not grow with N


def batch_compile(args, strats, seeds):
    """Every program through `ind-opt --split-input-file --fuse=S --codegen`, COMPILE_CHUNK programs
    per process and strategy (fast: no process start per program; chunks keep each process well
    inside TIMEOUT on a loaded machine, and run --jobs at a time). Returns failures (seed, stage,
    kind, message)."""
    if len(seeds) > COMPILE_CHUNK:
        chunks = [seeds[i:i + COMPILE_CHUNK] for i in range(0, len(seeds), COMPILE_CHUNK)]
        with cf.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            return [f for part in ex.map(lambda c: batch_compile(args, strats, c), chunks) for f in part]
    texts = [gen.generate(sd, args.ops, args.max_numel, tuple(args.dtypes.split(","))) for sd in seeds]
    starts, line = [], 1
    for t in texts:
        starts.append(line)
        line += t.count("\n") + 1
    out = []
    d = tempfile.mkdtemp(prefix="soakbatch_")
    try:
        with open(os.path.join(d, "batch.mlir"), "w") as f:
            f.write("// -----\n".join(texts))
        opt = os.path.join(args.bin, "ind-opt")
        for s in strats:
            k, m = run([opt, "batch.mlir", "--split-input-file", "--fuse=" + s, "--codegen", "-o", "/dev/null"], d)
            if k == "ok":
                continue
            if k == "reject":  # every located error names its program by line
                p = subprocess.run([opt, "batch.mlir", "--split-input-file", "--fuse=" + s, "--codegen", "-o",
                                    "/dev/null"], cwd=d, capture_output=True, text=True)
                for mm in re.finditer(r"batch\.mlir:(\d+):\d+: error: (.*)", p.stderr):
                    ln = int(mm.group(1))
                    i = max(j for j in range(len(starts)) if starts[j] <= ln)
                    out.append((seeds[i], "compile/" + s, "reject", mm.group(2)))
            else:  # a crash stops the batch: find the program one by one
                for sd, t in zip(seeds, texts):
                    with open(os.path.join(d, "one.mlir"), "w") as f:
                        f.write(t)
                    k1, m1 = run([opt, "one.mlir", "--fuse=" + s, "--codegen", "-o", "/dev/null"], d)
                    if k1 != "ok":
                        out.append((sd, "compile/" + s, k1, m1))
    finally:
        shutil.rmtree(d, ignore_errors=True)
    return out


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--compare":  # soak.py --compare GOT_DIR REF_DIR PROGRAM
        with open(sys.argv[4]) as f:
            c = compare(sys.argv[2], sys.argv[3], tolerances(f.read()))
        print("mismatch: " + c if c else "match")
        sys.exit(1 if c else 0)
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("n", type=int)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "..", "build", "bin"))
    ap.add_argument("--keep", default="", help="write failing programs to this directory")
    ap.add_argument("--ops", type=int, default=12)
    ap.add_argument("--max-numel", type=int, default=1 << 15)
    ap.add_argument("--dtypes", default=",".join(gen.ALL_DTYPES))
    ap.add_argument("--strategies", default="", help="comma-separated (default: every strategy ind-opt lists)")
    ap.add_argument("--no-jit", action="store_true", help="skip the CPU JIT runs")
    ap.add_argument("--ptx", action="store_true", help="also compile every program to PTX")
    ap.add_argument("--shrink", action="store_true", help="shrink each failure into test/regress/")
    ap.add_argument("--quiet", "-q", action="store_true", help="no per-failure lines")
    ap.add_argument("--batch", type=int, default=0, metavar="K",
                    help="compile all N programs in one ind-opt process per strategy; run the full "
                         "differential (references, JIT) on every K-th program only")
    args = ap.parse_args()
    if np is None:
        sys.exit("soak: numpy is required (apt-get install python3-numpy)")
    args.bin = os.path.abspath(args.bin)
    strats = [s for s in args.strategies.split(",") if s] or strategies(os.path.join(args.bin, "ind-opt"))
    t0 = time.time()
    table, failures = {}, []
    seeds = [args.seed + i for i in range(args.n)]
    full = seeds
    if args.batch:
        for seed, stage, kind, msg in batch_compile(args, strats, seeds):
            row = table.setdefault(stage, {"ok": 0, "reject": 0, "crash": 0, "mismatch": 0, "timeout": 0})
            row[kind] += 1
            failures.append((seed, stage, kind, msg, gen.generate(seed, args.ops, args.max_numel,
                                                                  tuple(args.dtypes.split(",")))))
            if not args.quiet:
                print("seed %d %s %s: %s" % (seed, stage, kind, msg), flush=True)
        for s in strats:
            row = table.setdefault("compile/" + s, {"ok": 0, "reject": 0, "crash": 0, "mismatch": 0, "timeout": 0})
            row["ok"] = args.n - sum(v for kk, v in row.items() if kk != "ok")
        full = seeds[::args.batch]
    with cf.ThreadPoolExecutor(max(1, args.jobs)) as ex:
        futs = [ex.submit(check_program, sd, args, strats) for sd in full]
        for f in cf.as_completed(futs):
            seed, text, res = f.result()
            for stage, kind, msg in res:
                row = table.setdefault(stage, {"ok": 0, "reject": 0, "crash": 0, "mismatch": 0, "timeout": 0})
                row[kind] += 1
                if kind != "ok":
                    failures.append((seed, stage, kind, msg, text))
                    if not args.quiet:
                        print("seed %d %s %s: %s" % (seed, stage, kind, msg), flush=True)
    dt = time.time() - t0
    order = ["compile/" + s for s in strats] + ["graph", "ind"] + [p + s for s in strats for p in ("sched/", "jit/", "ptx/")]
    print("soak: %d programs (seeds %d..%d, ops=%d max-numel=%d), %d through every stage, strategies %s, %.1f s" % (
        args.n, args.seed, args.seed + args.n - 1, args.ops, args.max_numel, len(full), ",".join(strats), dt))
    print("%-18s %8s %8s %8s %8s %8s" % ("stage", "ok", "reject", "crash", "mismatch", "timeout"))
    for st in order:
        if st in table:
            r = table[st]
            print("%-18s %8d %8d %8d %8d %8d" % (st, r["ok"], r["reject"], r["crash"], r["mismatch"], r["timeout"]))
    bad_programs = len({f[0] for f in failures})
    print("soak: %d failing programs, %d failures" % (bad_programs, len(failures)))
    if args.keep and failures:
        os.makedirs(args.keep, exist_ok=True)
        by_seed = {}  # one file per program, every failure of it in the header (not only the last)
        for seed, stage, kind, msg, text in failures:
            by_seed.setdefault(seed, ([], text))[0].append("// soak failure: %s %s: %s\n" % (stage, kind, msg))
        for seed, (lines, text) in by_seed.items():
            with open(os.path.join(args.keep, "%d.mlir" % seed), "w") as f:
                f.write("".join(lines) + text)
    if args.shrink and failures:
        import shrink
        done = set()
        for seed, stage, kind, msg, text in failures:
            if seed in done:
                continue
            done.add(seed)
            path = shrink.shrink_to_test(text, stage, kind, msg, args.bin, "seed%d" % seed)
            print("soak: shrunk seed %d -> %s" % (seed, path))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
