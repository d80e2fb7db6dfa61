#!/usr/bin/python3
"""Large programs for scale tests (docs/testing.md, "Scale").

    scripts/fuzz/scale.py N [--shape chain|mixed]          write an N-op program to stdout
    scripts/fuzz/scale.py --linear SMALL BIG -- CMD...      check that CMD's CPU time grows linearly
    scripts/fuzz/scale.py --linear SMALL BIG --stage "ARGS" -- CMD...
                                                            the same for one pass in isolation: each program
                                                            is first brought to the pass's input by
                                                            `CMD[0] PROGRAM ARGS -o STAGED` (untimed)
    ... --pass-time NAME -- CMD...                          compare the pass NAME's own time (CMD run with
                                                            --mlir-timing, the least wall time of 3 runs)
                                                            instead of the process's CPU time, so that
                                                            parsing and printing cannot hide it

`chain`: N unary ops in one chain on tensor<4xf32> (the shape of shared/repros/make_long_chain.py).
`mixed`: chains, fans (one value used by 8 ops), diamonds (two branches joined by a binary op),
reductions with keepdim feeding epilogues, and views, on tensor<8x16xf32>; several outputs.
--linear writes a SMALL-op and a BIG-op program (of --shape), runs CMD with the file appended on
each, and fails (exit 1) unless cpu(BIG) / cpu(SMALL) < F * BIG / SMALL (F: --limit-factor, 2.5): a
quadratic pass gives about (BIG / SMALL)^2. CPU time (user + sys of the child) is not disturbed by other load.
"""
import os
import resource
import subprocess
import sys
import tempfile


def chain(n):
    ops = ["neg", "abs", "relu", "tanh"]
    t = "tensor<4xf32>"
    out = ["func.func @f(%%arg0_1: %s) -> %s {" % (t, t),
           '  %%v0 = "graph.relu"(%%arg0_1) : (%s) -> %s' % (t, t)]
    for i in range(1, n):
        out.append('  %%v%d = "graph.%s"(%%v%d) : (%s) -> %s' % (i, ops[i % 4], i - 1, t, t))
    out.append("  return %%v%d : %s" % (n - 1, t))
    out.append("}")
    return "\n".join(out) + "\n"


def mixed(n):
    t, r = "tensor<8x16xf32>", "tensor<8x1xf32>"
    lines, k = [], [0]

    def new(op, args, types, res, attrs=""):
        k[0] += 1
        lines.append('  %%v%d = "graph.%s"(%s)%s : (%s) -> %s' % (k[0], op, ", ".join(args), attrs, ", ".join(types), res))
        return "%%v%d" % k[0]

    cur, outs = "%arg0_1", []
    while k[0] < n:
        pat = k[0] // 7 % 4
        if pat == 0:  # chain
            for op in ("relu", "neg", "tanh", "abs"):
                cur = new(op, [cur], [t], t)
        elif pat == 1:  # fan + join
            fan = [new(op, [cur], [t], t) for op in ("exp", "neg", "abs", "sigmoid")]
            a = new("add", fan[:2], [t, t], t)
            b = new("mul", fan[2:], [t, t], t)
            cur = new("sub", [a, b], [t, t], t)
        elif pat == 2:  # diamond with a reduction feeding an epilogue
            s = new("sum", [cur], [t], r, " {dims = array<i64: 1>, keepdim = true}")
            m = new("amax", [cur], [t], r, " {dims = array<i64: -1>, keepdim = true}")
            d = new("sub", [cur, m], [t, r], t)
            cur = new("div", [d, new("add", [s, "%arg1_1"], [r, "tensor<f32>"], r)], [t, r], t)
        else:  # views
            p = new("permute", [cur], [t], "tensor<16x8xf32>", " {dims = array<i64: 1, 0>}")
            c = new("clone", [p], ["tensor<16x8xf32>"], "tensor<16x8xf32>")
            cur = new("reshape", [c], ["tensor<16x8xf32>"], t, " {shape = array<i64: 8, 16>}")
            if len(outs) < 4 and k[0] % 1000 < 7:
                outs.append(cur)
    outs.append(cur)
    head = "func.func @f(%%arg0_1: %s, %%arg1_1: tensor<f32>) -> (%s) {" % (t, ", ".join([t] * len(outs)))
    tail = "  return %s : %s\n}" % (", ".join(outs), ", ".join([t] * len(outs)))
    return "\n".join([head] + lines + [tail]) + "\n"


def cpu_time(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode:
        sys.exit("scale: %s failed (%d): %s" % (" ".join(cmd), p.returncode, p.stderr[-500:]))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def pass_time(cmd, name, runs=3):
    """The least wall time over `runs` runs of the pass `name` in CMD's --mlir-timing report."""
    best = None
    for _ in range(runs):
        p = subprocess.run(cmd + ["--mlir-timing"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if p.returncode:
            sys.exit("scale: %s failed (%d): %s" % (" ".join(cmd), p.returncode, p.stderr[-500:]))
        t = [float(l.split()[0]) for l in p.stderr.splitlines() if l.split()[-1:] == [name] and "(" in l]
        if not t:
            sys.exit("scale: no time for pass %s in the --mlir-timing report of %s" % (name, " ".join(cmd)))
        best = t[0] if best is None else min(best, t[0])
    return best


def main():
    argv = sys.argv[1:]
    shape = "chain"
    if "--shape" in argv:
        i = argv.index("--shape")
        shape = argv[i + 1]
        del argv[i:i + 2]
    make = chain if shape == "chain" else mixed
    stage, timed_pass, factor = None, None, 2.5
    if "--limit-factor" in argv:
        i = argv.index("--limit-factor")
        factor = float(argv[i + 1])
        del argv[i:i + 2]
    if "--pass-time" in argv:
        i = argv.index("--pass-time")
        timed_pass = argv[i + 1]
        del argv[i:i + 2]
    if "--stage" in argv:
        i = argv.index("--stage")
        stage = argv[i + 1].split()
        del argv[i:i + 2]
    if argv and argv[0] == "--linear":
        small, big, cmd = int(argv[1]), int(argv[2]), argv[4:]
        times = []
        with tempfile.TemporaryDirectory() as d:
            for n in (small, big):
                path = os.path.join(d, "p%d.mlir" % n)
                with open(path, "w") as f:
                    f.write(make(n))
                if stage is not None:
                    staged = os.path.join(d, "s%d.mlir" % n)
                    cpu_time([cmd[0], path] + stage + ["-o", staged])
                    path = staged
                times.append(pass_time(cmd + [path], timed_pass) if timed_pass else cpu_time(cmd + [path]))
        ratio, limit = times[1] / max(times[0], 1e-4 if timed_pass else 1e-3), factor * big / small
        print("scale: %s%s %d ops %.4f s, %d ops %.4f s: ratio %.1f (linear %.0f, quadratic %.0f, limit %.1f) %s" % (
            shape, " " + timed_pass if timed_pass else "", small, times[0], big, times[1], ratio, big / small,
            (big / small) ** 2, limit,
            "LINEAR" if ratio < limit else "SUPERLINEAR"))
        sys.exit(0 if ratio < limit else 1)
    sys.stdout.write(make(int(argv[0])))


if __name__ == "__main__":
    main()
