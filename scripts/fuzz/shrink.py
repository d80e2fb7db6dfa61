#!/usr/bin/python3
"""Shrinks a failing random program and writes it as a lit test (docs/testing.md, "Shrinking").

    scripts/fuzz/shrink.py PROGRAM.mlir --stage STAGE --kind KIND [--bin DIR] [--name NAME] [--out DIR]

STAGE and KIND are a failure of scripts/fuzz/soak.py (`jit/vertical mismatch`, `compile/none reject`,
`graph crash`, ...). The program is reduced while soak's check of that stage still gives the same
KIND (and, for rejects and crashes, the same message up to its location):
  1. cut an op: its result becomes a new function argument of the same type, then dead ops and
     unused arguments go (this removes whole producer cones at once);
  2. drop an output;
  3. simplify a constant's value to 1.0, then 0.0;
  4. shrink a dim: one size N (every occurrence in the types and shape attributes) becomes 1, 2 or 3.
Each candidate must still be a valid program (the graph reference runs it) unless the failure is the
graph stage's own. It repeats to a fixed point and writes NAME.mlir under --out (default test/regress)
with RUN lines that reproduce the failure's stage and that pass once the bug is fixed.
"""
import argparse
import os
import re
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import soak  # noqa: E402

OP_RE = re.compile(r'^  (%v\d+) = "graph\.([a-z_]+)"\((.*?)\)(.*?) : \((.*?)\) -> (\S+)$')


def parse(text):
    head, ops, sig, ret = [], [], None, None
    for line in text.splitlines():
        if line.startswith("func.func"):
            sig = line
        elif line.startswith("  return"):
            ret = line
        elif OP_RE.match(line):
            ops.append(line)
        elif line.startswith("//"):
            head.append(line)
    m = re.match(r"func\.func @(\w+)\((.*)\) -> (.*) \{$", sig)
    args = [tuple(a.split(": ", 1)) for a in re.split(r", (?=%arg)", m.group(2))] if m.group(2) else []
    rm = re.match(r"  return (.*) : (.*)$", ret)
    outs = list(zip([o.strip() for o in rm.group(1).split(",")], split_types(rm.group(2))))
    return {"head": head, "name": m.group(1), "args": args, "ops": ops, "outs": outs}


def split_types(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def render(p):
    used = set()
    for line in p["ops"]:
        used.update(re.findall(r"%arg\d+_1|%a\d+", OP_RE.match(line).group(3)))
    used.update(o for o, _ in p["outs"])
    args = [(n, t) for n, t in p["args"] if n in used]
    sig = ", ".join("%s: %s" % a for a in args)
    res = ", ".join(t for _, t in p["outs"])
    if len(p["outs"]) > 1:
        res = "(" + res + ")"
    lines = [h for h in p["head"] if not h.startswith("// tol")]
    lines.append("func.func @%s(%s) -> %s {" % (p["name"], sig, res))
    lines += p["ops"]
    lines.append("  return %s : %s" % (", ".join(o for o, _ in p["outs"]), ", ".join(t for _, t in p["outs"])))
    lines.append("}")
    return "\n".join(lines) + "\n"


def dce(p):
    changed = True
    while changed:
        changed = False
        live = {o for o, _ in p["outs"]}
        for line in p["ops"]:
            live.update(re.findall(r"%v\d+", OP_RE.match(line).group(3)))
        keep = [l for l in p["ops"] if OP_RE.match(l).group(1) in live]
        if len(keep) != len(p["ops"]):
            p["ops"], changed = keep, True
    return p


def cut(p, i):
    m = OP_RE.match(p["ops"][i])
    res, rtype = m.group(1), m.group(6)
    q = {k: (list(v) if isinstance(v, list) else v) for k, v in p.items()}
    new = "%%a%d" % (len(p["args"]) + 1000)
    q["args"] = p["args"] + [(new, rtype)]
    q["ops"] = [re.sub(re.escape(res) + r"\b", new, l) for j, l in enumerate(p["ops"]) if j != i]
    q["outs"] = [(new if o == res else o, t) for o, t in p["outs"]]
    return dce(q)


def renumber(text):
    """Arguments renamed %arg0_1, %arg1_1, ... in order (ind's naming of graph inputs)."""
    m = re.search(r"func\.func @\w+\((.*)\) ->", text)
    names = re.findall(r"(%arg\d+_1|%a\d+): ", m.group(1))
    tmp = {n: "%%__tmp%d" % k for k, n in enumerate(names)}
    for n, t in tmp.items():
        text = re.sub(re.escape(n) + r"\b", t, text)
    for k in range(len(names)):
        text = re.sub(r"%%__tmp%d\b" % k, "%%arg%d_1" % k, text)
    return text


def candidates(text):
    p = parse(text)
    for i in reversed(range(len(p["ops"]))):
        yield render(cut(p, i))
    if len(p["outs"]) > 1:
        for i in range(len(p["outs"])):
            q = dict(p)
            q["outs"] = [o for j, o in enumerate(p["outs"]) if j != i]
            yield render(dce(q))
    for i, line in enumerate(p["ops"]):
        for v in ("1.0", "0.0"):
            if "value = " in line and "value = %s :" % v not in line:
                q = dict(p)
                q["ops"] = list(p["ops"])
                q["ops"][i] = re.sub(r"value = [-0-9.e+]+ :", "value = %s :" % v, line)
                yield render(q)
    dims = sorted({int(d) for d in re.findall(r"(?<=[<x])(\d+)(?=x)", text)} - {1, 2, 3}, reverse=True)
    for d in dims:
        for to in (1, 2, 3):
            yield re.sub(r"(?<=[<x, :])%d(?=[x>,])" % d, str(to), text)


def same_failure(res, stage, kind, msg):
    for st, k, m in res:
        if st == stage and k == kind:
            if kind in ("reject", "crash"):
                strip = lambda s: re.sub(r"^\S+:\d+:\d+: ", "", s)  # noqa: E731
                return strip(m).split(":")[0] == strip(msg).split(":")[0]
            return True
    return False


def valid(res, stage):
    return stage == "graph" or any(st == "graph" and k == "ok" for st, k, _ in res)


def shrink(text, stage, kind, msg, binary_dir, max_steps=400):
    args = types.SimpleNamespace(bin=binary_dir, no_jit=not stage.startswith("jit/"), ptx=stage.startswith("ptx/"))
    strats = [stage.split("/")[1]] if "/" in stage else []
    steps = 0
    progress = True
    while progress and steps < max_steps:
        progress = False
        for cand in candidates(text):
            steps += 1
            cand = renumber(cand)
            if cand == text:
                continue
            res = soak.check_text(cand, args, strats, stop_at=stage)
            if valid(res, stage) and same_failure(res, stage, kind, msg):
                text, progress = cand, True
                break
            if steps >= max_steps:
                break
    return text


def run_lines(stage, kind):
    s = stage.split("/")[1] if "/" in stage else "inductor"
    ref = "// RUN: %ind-run --reference %s --output-dir %t.ref\n"
    if stage == "graph":
        return "// RUN: %ind-run --reference %s\n"
    if stage == "ind":
        return (ref + "// RUN: %ind-opt %s --lower -o %t.ind.mlir\n// RUN: %ind-run --reference %t.ind.mlir "
                "--output-dir %t.got\n// RUN: %python %S/../../scripts/fuzz/soak.py --compare %t.got %t.ref %s\n")
    if stage.startswith("compile/") or stage.startswith("ptx/"):
        emit = " --emit=ptx" if stage.startswith("ptx/") else ""
        return "// RUN: %%ind-opt %%s --fuse=%s --codegen%s -o /dev/null\n" % (s, emit)
    if stage.startswith("sched/"):
        return (ref + "// RUN: %%ind-opt %%s --fuse=%s -o %%t.sched.mlir\n// RUN: %%ind-run --reference "
                "%%t.sched.mlir --output-dir %%t.got\n// RUN: %%python %%S/../../scripts/fuzz/soak.py --compare "
                "%%t.got %%t.ref %%s\n" % s)
    return (ref + "// RUN: %%ind-opt %%s --fuse=%s --codegen -o %%t.kernel.mlir\n// RUN: %%ind-run %%t.kernel.mlir "
            "--output-dir %%t.got\n// RUN: %%python %%S/../../scripts/fuzz/soak.py --compare %%t.got %%t.ref %%s\n" % s)


def shrink_to_test(text, stage, kind, msg, binary_dir, name, out_dir=None):
    small = shrink(text, stage, kind, msg, binary_dir)
    out_dir = out_dir or os.path.join(HERE, "..", "..", "test", "regress")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "soak_%s.mlir" % name)
    with open(path, "w") as f:
        f.write("// Shrunk by scripts/fuzz/shrink.py from a soak failure: %s %s\n" % (stage, kind))
        f.write("// was: %s\n" % msg.replace("\n", " ")[:300])
        f.write(run_lines(stage, kind))
        f.write(small)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("program")
    ap.add_argument("--stage", required=True)
    ap.add_argument("--kind", required=True, choices=("reject", "crash", "mismatch", "timeout"))
    ap.add_argument("--bin", default=os.path.join(HERE, "..", "..", "build", "bin"))
    ap.add_argument("--name", default="")
    ap.add_argument("--out", default="")
    ap.add_argument("--print", action="store_true", help="print the shrunk program instead of writing a test")
    a = ap.parse_args()
    a.bin = os.path.abspath(a.bin)
    with open(a.program) as f:
        text = f.read()
    args = types.SimpleNamespace(bin=a.bin, no_jit=False, ptx=a.stage.startswith("ptx/"))
    strats = [a.stage.split("/")[1]] if "/" in a.stage else []
    res = soak.check_text(text, args, strats, stop_at=a.stage)
    hit = [(st, k, m) for st, k, m in res if st == a.stage and k == a.kind]
    if not hit:
        sys.exit("shrink: the program does not fail with %s %s (got %s)" % (a.stage, a.kind, res))
    if a.print:
        sys.stdout.write(shrink(text, a.stage, a.kind, hit[0][2], a.bin))
        return
    name = a.name or os.path.splitext(os.path.basename(a.program))[0]
    print(shrink_to_test(text, a.stage, a.kind, hit[0][2], a.bin, name, a.out or None))


if __name__ == "__main__":
    main()
