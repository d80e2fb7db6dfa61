#!/usr/bin/env python3
"""Shrinks a failing random PyTorch program (torch_gen.py) to a minimal one (docs/testing.md,
"PyTorch-level fuzzing").

    python scripts/fuzz/torch_shrink.py SEED [--backward]      # or: torch_fuzz.py --shrink SEED

The failure of SEED (its class, and for a compile error its message with names and numbers taken out)
must persist through every step:
  1. fewer statements: the program regenerated with its first k statements (each statement draws from
     its own random stream, so a truncated program is the same program, cut);
  2. smaller sizes: each dim of the generator's size pool replaced by 1, 2, 3 or half of it;
  3. structure, to a fixed point: drop an output; cut a statement (its value becomes a new input of the
     same shape and dtype, then whatever nothing reads goes); inputs made contiguous and of scale 1.
A crash is checked in a subprocess per candidate, the other classes in this process.
Prints the minimal program (Python source that reruns as it is: `python FILE` compares eager and ind).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import torch_gen  # noqa: E402
import torch_fuzz  # noqa: E402


def to_json(p):
    return json.dumps({"seed": p.seed, "inputs": p.inputs, "stmts": p.stmts, "outputs": p.outputs})


def from_json(text):
    d = json.loads(text)
    for i in d["inputs"]:
        i["shape"] = tuple(i["shape"])
    for s in d["stmts"]:
        s["shape"] = tuple(s["shape"])
    return torch_gen.Program(d["seed"], d["inputs"], d["stmts"], d["outputs"])


def classify_subprocess(p, backward, inject, timeout=180):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        fh.write(to_json(p))
    cmd = [sys.executable, os.path.join(HERE, "torch_shrink.py"), "--run-json", fh.name]
    cmd += ["--backward"] if backward else []
    cmd += ["--inject"] if inject else []
    try:
        r = subprocess.run(cmd, env=torch_fuzz._env(), capture_output=True, text=True, timeout=timeout)
        out, rc = r.stdout, r.returncode
    except subprocess.TimeoutExpired:
        out, rc = "", "timeout"
    finally:
        os.unlink(fh.name)
    for ln in out.splitlines():
        if ln.startswith("{"):
            d = json.loads(ln)
            return d["class"], d["msg"]
    return "crash", f"exit {rc}"


def classify(p, backward, inject, crash):
    if crash:
        return classify_subprocess(p, backward, inject)
    try:
        return torch_fuzz.run_program(p, backward, inject)
    except Exception as e:
        return "invalid", "runner: " + torch_fuzz._first_line(e)


def signature(cls, msg):
    if cls != "compile-error":
        return cls
    m = re.sub(r"/\S+|<[^>]*>|'[^']*'|\"[^\"]*\"|%\w+|\d+", "_", msg)
    return cls + ":" + m[:120]


def shrink(seed, backward=False, inject=False, log=print):
    prog = torch_gen.generate(seed)
    crash0 = False
    cls, msg = classify_subprocess(prog, backward, inject)  # the first run in a subprocess: it may crash
    if cls is None:
        log(f"seed {seed} passes ({'backward' if backward else 'forward'})")
        return None, None, None
    crash = cls == "crash"
    crash0 = crash
    target = signature(cls, msg)
    log(f"seed {seed}: {cls}: {msg}")
    tries = [0]

    def fails(p):
        tries[0] += 1
        c, m = classify(p, backward, inject, crash)
        if c is not None and signature(c, m) == target:
            return m
        return None

    best, best_msg = prog, msg
    gen = torch_gen.Gen(seed)
    n, pool = gen.n_stmts, list(gen.pool)
    # 1. fewer statements
    for k in range(0, n):
        p = torch_gen.generate(seed, stmts=k, pool=pool)
        m = fails(p)
        if m:
            best, best_msg, n = p, m, k
            break
    # 2. smaller pool dims
    changed = True
    while changed:
        changed = False
        for i in range(len(pool)):
            for c in sorted({1, 2, 3, pool[i] // 2}):
                if c >= pool[i] or c < 1:
                    continue
                cand = pool[:i] + [c] + pool[i + 1:]
                p = torch_gen.generate(seed, stmts=n, pool=cand)
                m = fails(p)
                if m:
                    best, best_msg, pool, changed = p, m, cand, True
                    break
    # 3. structure
    best = best.copy()
    best.dce()
    changed = True
    while changed:
        changed = False
        for j in range(len(best.outputs)):
            if len(best.outputs) <= 1:
                break
            p = best.copy()
            del p.outputs[j]
            p.dce()
            m = fails(p)
            if m:
                best, best_msg, changed = p, m, True
                break
        for name in reversed([s["name"] for s in best.stmts]):
            if name not in [s["name"] for s in best.stmts]:  # gone with an earlier cut
                continue
            p = _cut(best, name)
            if p is None:
                continue
            m = fails(p)
            if m:
                best, best_msg, changed = p, m, True
        for k in range(len(best.inputs)):
            for key, val in (("layout", "contig"), ("scale", 1)):
                if best.inputs[k][key] != val and not (key == "layout" and best.inputs[k]["kind"] != "float"):
                    p = best.copy()
                    p.inputs[k][key] = val
                    m = fails(p)
                    if m:
                        best, best_msg, changed = p, m, True
    best.note = (f"torch_fuzz seed {seed} ({'backward' if backward else 'forward'}), shrunk in {tries[0]} runs\n"
                 f"{cls}: {best_msg}")
    if crash0:
        best.note += "\n(a crash: run it in a subprocess)"
    return best, cls, best_msg


def _cut(prog, name):
    """prog with statement `name` replaced by a new input of its shape and dtype (None when it is one)."""
    p = prog.copy()
    k = [s["name"] for s in p.stmts].index(name)
    s = p.stmts[k]
    used = {int(i["name"][1:]) for i in p.inputs}
    new = f"a{max(used, default=-1) + 1}"
    dt = s["dtype"]
    kind = "float" if dt in torch_gen.FLOAT else "bool" if dt == "bool" else "zeros"
    p.inputs.append(dict(name=new, shape=tuple(s["shape"]), dtype=dt, kind=kind, layout="contig", scale=1, hi=None))
    del p.stmts[k]
    pat = re.compile(r"\b" + name + r"\b")
    for t in p.stmts[k:]:
        t["src"] = pat.sub(new, t["src"])
    p.outputs = [new if o == name else o for o in p.outputs]
    if all(o.startswith("a") for o in p.outputs):
        return None
    p.dce()
    return p


CHECK = '''

if __name__ == "__main__":  # eager against torch.compile(backend="ind")
    import ind  # noqa: F401
    bases = make_inputs(torch.Generator().manual_seed({seed}))
    ref = f(*views(*[b.clone() for b in bases]))
    res = torch.compile(f, backend="ind")(*views(*[b.clone() for b in bases]))
    for k, (r, o) in enumerate(zip(ref, res)):
        ok = r.shape == o.shape and torch.allclose(r.double(), o.double(), rtol=1e-3, atol=1e-3, equal_nan=True)
        print("output", k, "ok" if ok else "DIFFERS", "" if ok else (r, o))
'''


def main_shrink(seed, backward=False, inject=False):
    best, cls, msg = shrink(seed, backward, inject, log=lambda s: print(s, file=sys.stderr))
    if best is None:
        return 0
    sys.stdout.write(best.source() + ("" if backward else CHECK.replace("{seed}", str(seed))))
    return 1


def main():
    ap = argparse.ArgumentParser(description="shrink a failing torch_fuzz program")
    ap.add_argument("seed", type=int, nargs="?")
    ap.add_argument("--backward", action="store_true")
    ap.add_argument("--inject", action="store_true")
    ap.add_argument("--run-json", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.run_json:
        with open(a.run_json) as fh:
            p = from_json(fh.read())
        try:
            cls, msg = torch_fuzz.run_program(p, a.backward, a.inject)
        except Exception as e:
            cls, msg = "invalid", "runner: " + torch_fuzz._first_line(e)
        print(json.dumps({"class": cls, "msg": msg}), flush=True)
        return 0
    return main_shrink(a.seed, a.backward, a.inject)


if __name__ == "__main__":
    sys.exit(main())
