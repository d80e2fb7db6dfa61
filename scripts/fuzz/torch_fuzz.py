#!/usr/bin/env python3
"""Differential fuzzing of torch.compile(backend="ind") with random PyTorch programs (docs/testing.md,
"PyTorch-level fuzzing").

    python scripts/fuzz/torch_fuzz.py --seeds 0:200 [--backward] [--jobs N] [--batch K]
    python scripts/fuzz/torch_fuzz.py --seeds 17:18 --show        # the program of seed 17
    python scripts/fuzz/torch_fuzz.py --shrink 17 [--backward]    # the minimal program of a failure

Each program (torch_gen.py) runs eagerly, eagerly in float64 (the reference), and through
torch.compile(f, backend="ind") after torch._dynamo.reset(), under IND_STRICT=1; outputs (and with
--backward the gradients of every float input, the loss being a fixed random weighting of the float
outputs) are compared with torch._dynamo.utils.same(ref, res, fp64_ref, tol=1e-3 forward, 1e-2 backward,
equal_nan=True). Failure classes:
  compile-error  the compiled run raised (an ind import / compile failure under IND_STRICT, or an error
                 of the compiled call) where eager did not
  mismatch       the compiled result is not the same as eager's (PyTorch's accuracy rule)
  ill-conditioned  a mismatch at a value where eager itself, on its float inputs moved by a relative 1e-6,
                 fails the rule too (three draws; twelve for a bool or integer output): the program amplifies
                 rounding (reported and listed, not a failure)
  as-fp64        a mismatch of a discrete value (bool, integer) where, at every element ind and eager
                 disagree on, ind's is the float64 program's (listed, not a failure)
  as-dynamo      the compiled run raised, or a value fails the rule, where torch.compile(backend="eager")
                 (Dynamo's trace alone, run eagerly) does too: PyTorch's (listed, not a failure)
  as-aot-eager   a mismatch at a value where torch.compile(backend="aot_eager") fails the rule too:
                 PyTorch's own ATen graph of the program differs from eager (listed, not a failure)
  as-inductor    a mismatch at a value where torch.compile(backend="inductor") fails the rule too: a
                 lowering choice ind shares with Inductor, or a bug of both (listed, not a failure: read it)
  crash          the process died (a signal, an abort) or hung past the time limit
  invalid        eager itself raised: a generator bug, not ind's (reported, counted as failed)
Programs run in batches, one subprocess each (--jobs at a time); when a batch dies, its programs
without a result run again one per subprocess, which names the culprit.

One line per failure: `SEED [fwd|bwd] CLASS: message`, then `N passed, N failed`.
--inject perturbs the compiled results (a backend wrapping ind's that scales its outputs by 1.01):
the check that the comparison can fail (test/torch/fuzz.test).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
# the ind package of this tree, as the batches' subprocesses get it (_env): a --worker run by hand (under
# compute-sanitizer, scripts/gpu/memcheck.sh) imports it too, where it found none before and reported
# every program "invalid" (device run 26's memcheck sample of fuzz programs ran none of them)
sys.path.insert(0, os.path.join(ROOT, "python"))

TOL_FWD, TOL_BWD = 1e-3, 1e-2


def _env():
    env = dict(os.environ)
    env.setdefault("IND_STRICT", "1")
    env.setdefault("IND_LIBRARY", os.path.join(ROOT, "build", "lib", "libind.so"))
    py = os.path.join(ROOT, "python")
    if py not in env.get("PYTHONPATH", "").split(os.pathsep):
        env["PYTHONPATH"] = py + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.setdefault("OMP_NUM_THREADS", "1")
    return env


# ---------------------------------------------------------------------------------------------------
# In-process: one program through eager, float64 and ind.

def _first_line(e):
    lines = [ln.strip() for ln in str(e).splitlines() if ln.strip()]
    # dynamo wraps backend errors: the ind line is the interesting one
    for ln in lines:
        if "ind" in ln and ("IND_STRICT" in ln or "ind:" in ln or "Ind" in ln):
            return f"{type(e).__name__}: {ln}"[:400]
    return f"{type(e).__name__}: {' | '.join(lines[:2])}"[:400]


_BACKENDS = {}


def _backend(inject):
    if inject not in _BACKENDS:
        import ind  # noqa: F401  registers "ind"
        from ind import backend as ib
        if not inject:
            _BACKENDS[inject] = "ind"
        else:
            import torch

            def perturbed(gm, example_inputs, **kw):  # ind's result, wrong by 1 %: must be caught
                fn = ib.ind_backend(gm, example_inputs, **kw)

                def run(*args):
                    out = fn(*args)
                    seq = out if isinstance(out, (list, tuple)) else [out]
                    seq = [o * 1.01 + 0.01 if isinstance(o, torch.Tensor) and o.is_floating_point() else o
                           for o in seq]
                    return type(out)(seq) if isinstance(out, (list, tuple)) else seq[0]
                return run
            _BACKENDS[inject] = perturbed
    return _BACKENDS[inject]


def _f64_source(src):
    """The program with every float cast in f made a float64 one: the reference computes in double
    throughout, as Inductor's fp64 reference runs the model without autocast."""
    head, sep, body = src.partition("\ndef f(")
    for a, b in ((".half()", ".double()"), (".bfloat16()", ".double()"), (".float()", ".double()"),
                 ("torch.float16", "torch.float64"), ("torch.bfloat16", "torch.float64"),
                 ("torch.float32", "torch.float64")):
        body = body.replace(a, b)
    return head + sep + body


def load(prog, tmpdir=None, f64=False):
    """exec's the program's source (from a file, so stack traces and ind's locations name its lines)."""
    src = prog.source()
    if f64:
        src = _f64_source(src)
    tmpdir = tmpdir or os.environ.get("IND_FUZZ_TMP") or os.path.join("/tmp", f"ind_torch_fuzz_{os.getuid()}")
    os.makedirs(tmpdir, exist_ok=True)
    path = os.path.join(tmpdir, f"seed_{prog.seed}_{os.getpid()}{'_f64' if f64 else ''}.py")
    with open(path, "w") as fh:
        fh.write(src)
    ns = {"__name__": f"fuzz_{prog.seed}", "__file__": path}
    exec(compile(src, path, "exec"), ns)
    return ns


LAST = {}
# the classes listed but not counted as ind's failures: the program's or PyTorch's
PYTORCH_CLASSES = ("ill-conditioned", "as-fp64", "as-dynamo", "as-aot-eager", "as-inductor")


def run_program(prog, backward=False, inject=False):
    """(class, message): class None when the compiled program agrees with eager."""
    import logging
    import warnings
    import torch
    from torch._dynamo.utils import same as same_values
    warnings.filterwarnings("ignore")

    def same(r, o, r64, log_error=None, **kw):  # PyTorch's rule; a tensor of another shape is not the same
        # (same() would broadcast it: torch 2.11's vector_norm over a size-1 dim kept the dim under compile)
        if isinstance(r, torch.Tensor) and isinstance(o, torch.Tensor) and r.shape != o.shape:
            if log_error:
                log_error(f"shape {tuple(o.shape)} vs eager {tuple(r.shape)}")
            return False
        return same_values(r, o, r64, log_error=log_error, **kw)
    logging.getLogger("torch._dynamo.utils").setLevel(logging.ERROR)
    dev = torch.device(os.environ.get("IND_FUZZ_DEVICE", "cpu"))
    torch.set_default_device(dev)  # the program's DEV: f's own tensors (arange, ones, ...) are made there
    ns = load(prog)
    f = ns["f"]
    f_64 = load(prog, f64=True)["f"]
    with torch.device("cpu"):  # the inputs come from a CPU generator: the same values on every device
        bases = [b.to(dev) for b in ns["make_inputs"](torch.Generator().manual_seed(prog.seed))]

    state = set(ns.get("STATE", ()))  # inputs the program writes in place: never require grad, compared after

    def run(fn, f64=False, src=None):  # f64: float inputs as float64 (fn is the float64 program)
        bs = [b.detach().clone() for b in (src or bases)]
        if f64:
            bs = [b.double() if b.is_floating_point() else b for b in bs]
        if backward:
            bs = [b.requires_grad_() if b.is_floating_point() and k not in state else b for k, b in enumerate(bs)]
        outs = fn(*ns["views"](*bs))
        outs = list(outs) if isinstance(outs, (tuple, list)) else [outs]
        outs += [bs[k].detach().clone() for k in sorted(state)]  # the written inputs' values after the call
        grads = None
        if backward:
            g = torch.Generator().manual_seed(prog.seed + 1)
            loss = None
            for o in outs:
                if isinstance(o, torch.Tensor) and o.is_floating_point() and o.requires_grad:
                    with torch.device("cpu"):
                        w = torch.randn(o.shape, generator=g, dtype=torch.float64 if f64 else torch.float32)
                    w = w.to(o.device)
                    term = (o.double() if f64 else o.float()) * w
                    loss = term.sum() if loss is None else loss + term.sum()
            if loss is not None:
                loss.backward()
                grads = [b.grad for b in bs if b.is_floating_point()]
        return [o.detach() if isinstance(o, torch.Tensor) else o for o in outs], grads

    try:
        ref = run(f)
    except Exception as e:
        return "invalid", "eager: " + _first_line(e)
    try:
        ref64 = run(f_64, True)
    except Exception:
        ref64 = ref
    torch._dynamo.reset()
    from ind import backend as ib
    ib.reset_stats()
    cf = torch.compile(f, backend=_backend(inject))
    try:
        res = run(cf)
    except Exception as e:
        torch._dynamo.reset()
        try:  # Dynamo alone (backend="eager": its trace, the program run eagerly) fails too: PyTorch's
            run(torch.compile(f, backend="eager"))
        except Exception:
            return "as-dynamo", _first_line(e) + " (backend='eager' raises too)"
        return "compile-error", _first_line(e)
    finally:
        torch._dynamo.reset()
    # how much of the program ind ran: the partitions of every compiled graph (forward and backward)
    LAST["ind_ops"] = sum(int(m) for d in ib.STATS["partitions"] for m in re.findall(r"^ind .*?: (\d+) ops", d, re.M))
    LAST["eager_ops"] = sum(len(re.findall(r"^eager ", d, re.M)) for d in ib.STATS["partitions"])
    msgs = []

    def log(fmt, *a):
        msgs.append(fmt % a if a else fmt)
    def values(res):  # (name, eager's, res's, float64's) of every output, then of every gradient
        out = [(f"output {k}", r, o, r64, TOL_FWD) for k, (r, o, r64) in enumerate(zip(ref[0], res[0], ref64[0]))]
        if backward and ref[1] is not None and res[1] is not None:
            out += [(f"grad of input {k}", r, o, r64, TOL_BWD)
                    for k, (r, o, r64) in enumerate(zip(ref[1], res[1], ref64[1] or ref[1]))]
        return out

    if len(ref[0]) != len(res[0]):
        return "mismatch", f"{len(res[0])} outputs, eager has {len(ref[0])}"
    if backward and ref[1] is not None and res[1] is None:
        return "mismatch", "no gradients from the compiled run"
    vals = values(res)
    bad = next((k for k, (_, r, o, r64, tol) in enumerate(vals)
                if not same(r, o, r64, tol=tol, equal_nan=True, log_error=log)), None)
    if bad is None:
        return None, ""
    name, r, o, r64, _ = vals[bad]
    msg = f"{name}: {_diff(r, o, msgs)}"
    # A discrete value (bool, integer: compared exactly) where, at every element ind and eager disagree on,
    # ind's is the float64 program's: eager is the one off there (sigmoid(-97.4) > 0 is True, a denormal in
    # f32, where eager's f32 sigmoid gives 0)
    if (isinstance(o, torch.Tensor) and not o.is_floating_point() and isinstance(r64, torch.Tensor)
            and o.shape == r.shape == r64.shape):
        d = (o != r).cpu()
        if d.any() and torch.equal(o.cpu()[d], r64.to(o.dtype).cpu()[d]):
            return "as-fp64", msg + " (where ind and eager differ, ind's is the float64 program's value)"
    # Is that value ill-conditioned? Eager itself, on its float inputs moved by a relative 1e-6 (a few ulps
    # of float32; three draws), fails the same rule there: the program amplifies rounding (the sign of a sum
    # that is zero in exact arithmetic, a normalization of a constant row). Reported, not counted as a
    # failure; a wrong answer (a misread element, a wrong op) stays a mismatch: eager on moved inputs
    # stays within the rule.
    # A discrete output (a comparison's bool, an argmax) gets more draws: it flips only where an operand
    # lands within an ulp or two of the boundary (fl(x + 0.5) - 0.5 <= x holds or not by x's last bits), and
    # three draws missed one such flip (seed 102649: a 1-ulp different mean in ind flipped two elements).
    discrete = isinstance(o, torch.Tensor) and not o.is_floating_point()
    g = torch.Generator().manual_seed(prog.seed + 2)
    for _ in range(12 if discrete else 3):
        with torch.device("cpu"):
            noise = [torch.randn(b.shape, generator=g, dtype=torch.float64) if b.is_floating_point() else None
                     for b in bases]
        moved = [b if n is None else (b.double() * (1 + 1e-6 * n.to(b.device))).to(b.dtype)
                 for b, n in zip(bases, noise)]
        try:
            _, r, o, r64, tol = values(run(f, src=moved))[bad]
        except Exception:
            continue
        if not same(r, o, r64, tol=tol, equal_nan=True, log_error=lambda *a, **k: None):
            return "ill-conditioned", msg + " (eager on inputs moved by 1e-6 fails the rule there too)"
    # On a GPU: a second float32 implementation of PyTorch itself, eager on the CPU (its own kernels and
    # summation orders, the same inputs), fails the rule against eager on the GPU: the value is rounding
    # noise the program amplifies, whoever computes it (seed 3149: a gradient that is 0 in exact
    # arithmetic, softmax rows constant by construction, its float32 noise scaled by 1e6).
    if dev.type != "cpu":
        try:
            with torch.device("cpu"):
                f_cpu = load(prog)["f"]
                _, r, o, r64, tol = values(run(f_cpu, src=[b.cpu() for b in bases]))[bad]
            o = o.to(r.device) if isinstance(o, torch.Tensor) and isinstance(r, torch.Tensor) else o
            if not same(r, o, r64, tol=tol, equal_nan=True, log_error=lambda *a, **k: None):
                return "ill-conditioned", msg + f" (eager on the CPU fails the rule against eager on {dev.type} too)"
        except Exception:
            pass
    # Does PyTorch's own trace of the program fail the rule there (Dynamo alone, backend="eager": torch 2.11
    # kept the size-1 dim a vector_norm reduces), or its ATen graph (aot_eager: the ATen graphs AOTAutograd
    # hands a backend, run eagerly; the backward of overlapping as_strided windows differs from eager's
    # autograd)? Else, does Inductor (ind follows its lowering choices: a two-step variance of a short row,
    # not exact for a constant row where eager's Welford is)? Either is listed, not counted as ind's.
    for cls, be in (("as-dynamo", "eager"), ("as-aot-eager", "aot_eager"), ("as-inductor", "inductor")):
        torch._dynamo.reset()
        try:
            _, r, o, r64, tol = values(run(torch.compile(f, backend=be)))[bad]
            if not same(r, o, r64, tol=tol, equal_nan=True, log_error=lambda *a, **k: None):
                return cls, msg + f" ({be} too: {_diff(r, o, [], be)})"
        except Exception:
            pass
        finally:
            torch._dynamo.reset()
    return "mismatch", msg


def _diff(r, o, msgs, who="ind"):
    import torch
    if isinstance(r, torch.Tensor) and isinstance(o, torch.Tensor):
        if r.shape != o.shape:
            return f"shape {tuple(o.shape)} vs eager {tuple(r.shape)}"
        if r.dtype != o.dtype:
            return f"dtype {o.dtype} vs eager {r.dtype}"
        d = (r.double() - o.double()).abs()
        d = torch.where(torch.isnan(d) & (torch.isnan(r.double()) == torch.isnan(o.double())), torch.zeros_like(d), d)
        i = int(torch.nan_to_num(d, nan=float("inf")).argmax()) if d.numel() else 0
        if d.numel():
            return (f"max abs diff {d.max().item():.4g} at flat {i} ({who} {o.reshape(-1)[i].item():.6g}, "
                    f"eager {r.reshape(-1)[i].item():.6g}); {msgs[-1] if msgs else ''}")
    return msgs[-1] if msgs else "differs"


# ---------------------------------------------------------------------------------------------------
# Subprocess batches.

class SavedProgram:
    """A program kept as its source (a corpus file seed_N.py): run as the generator's, inputs from seed N."""

    def __init__(self, seed, text):
        self.seed, self.text = seed, text

    def source(self):
        return self.text


def program(seed):
    """The program of a seed: the corpus's file for it where $IND_FUZZ_CORPUS names a folder holding one
    (a regression corpus keeps its programs when the generator changes), else the generator's."""
    corpus = os.environ.get("IND_FUZZ_CORPUS")
    path = os.path.join(corpus, f"seed_{seed}.py") if corpus else None
    if path and os.path.exists(path):
        with open(path) as fh:
            return SavedProgram(seed, fh.read())
    import torch_gen
    return torch_gen.generate(seed)


def worker(seeds, backward, inject):
    for s in seeds:
        t0 = time.time()
        LAST.clear()
        if os.environ.get("IND_FUZZ_CRASH_SEED") == str(s):  # the runner's own check of its crash path
            os.abort()
        try:
            cls, msg = run_program(program(s), backward, inject)
        except Exception as e:  # the runner's own error: report it with where it was raised, keep going
            import traceback
            where = traceback.extract_tb(e.__traceback__)[-1]
            cls, msg = "invalid", f"runner ({os.path.basename(where.filename)}:{where.lineno}): " + _first_line(e)
        print(json.dumps({"seed": s, "class": cls, "msg": msg, "s": round(time.time() - t0, 3), **LAST}), flush=True)
        if cls and re.search(r"CUDA error|CUDA_ERROR", msg):
            # a device fault leaves the process's CUDA context broken: every later program here would fail
            # with it. Stop; the runner reruns the rest one per subprocess.
            os._exit(3)


def _run_batch(seeds, backward, inject, timeout):
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", ",".join(map(str, seeds))]
    if backward:
        cmd.append("--backward")
    if inject:
        cmd.append("--inject")
    try:
        p = subprocess.run(cmd, env=_env(), capture_output=True, text=True, timeout=timeout)
        out, err, rc = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        err, rc = "timeout", "timeout"
    res = {}
    for ln in out.splitlines():
        if ln.startswith("{"):
            try:
                d = json.loads(ln)
                res[d["seed"]] = d
            except ValueError:
                pass
    return res, rc, err


def run_seeds(seeds, backward=False, jobs=1, batch=10, inject=False, per_prog_timeout=120, quiet=False, until=None):
    """{seed: result dict} over seeds, jobs batches at a time; batches not started by time.time() `until`
    are skipped (their seeds have no result)."""
    from concurrent.futures import ThreadPoolExecutor
    batches = [seeds[i:i + batch] for i in range(0, len(seeds), batch)]
    results = {}

    def one(b):
        if until is not None and time.time() > until:
            return {}
        res, rc, err = _run_batch(b, backward, inject, per_prog_timeout * len(b) + 30)
        missing = [s for s in b if s not in res]
        if missing:  # the batch died: one subprocess per program left, the culprit crashes alone
            for s in missing:
                r1, rc1, err1 = _run_batch([s], backward, inject, per_prog_timeout)
                if s in r1:
                    res[s] = r1[s]
                else:
                    tail = [ln for ln in err1.strip().splitlines() if ln.strip()][-2:]
                    why = f"killed by signal {-rc1}" if isinstance(rc1, int) and rc1 < 0 else f"exit {rc1}"
                    res[s] = {"seed": s, "class": "crash", "msg": f"{why}: {' | '.join(tail)[:300]}", "s": None}
        return res
    with ThreadPoolExecutor(max(1, jobs)) as ex:
        for res in ex.map(one, batches):
            results.update(res)
            if not quiet:
                for s in sorted(res):
                    d = res[s]
                    if d["class"]:
                        print(f"{s} {'bwd' if backward else 'fwd'} {d['class']}: {d['msg']}", flush=True)
    return results


def parse_seeds(text):
    out = []
    for part in text.split(","):
        if ":" in part:
            a, b = part.split(":")
            out += list(range(int(a), int(b)))
        elif part:
            out.append(int(part))
    return out


def main():
    ap = argparse.ArgumentParser(description="random PyTorch programs through torch.compile(backend='ind')")
    ap.add_argument("--seeds", help="A:B (B excluded) or a comma list (default 0:100)")
    ap.add_argument("--backward", action="store_true", help="the backward variant: gradients compared too")
    ap.add_argument("--both", action="store_true", help="forward, then backward")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--batch", type=int, default=10, help="programs per subprocess")
    ap.add_argument("--inject", action="store_true", help="perturb the compiled results (the runner must fail)")
    ap.add_argument("--show", action="store_true", help="print the programs' source, run nothing")
    ap.add_argument("--shrink", type=int, metavar="SEED", help="reduce the failure of SEED, print the program")
    ap.add_argument("--json", help="write every result here (JSON)")
    ap.add_argument("--device", default=os.environ.get("IND_FUZZ_DEVICE", "cpu"),
                    help="where the programs run (cpu, cuda): inputs are made on the CPU and moved there")
    ap.add_argument("--budget", type=float, help="seconds: start no batch after this (a time-boxed bulk run); "
                    "the seeds not reached are counted and listed in --json")
    ap.add_argument("--corpus", metavar="DIR", help="run the saved programs DIR/seed_N.py (all of them, or those "
                    "of --seeds) instead of the generator's (test/torch/Inputs/fuzz: the regression corpus)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    a = ap.parse_args()
    os.environ["IND_FUZZ_DEVICE"] = a.device
    if a.worker is not None:
        worker(parse_seeds(a.worker), a.backward, a.inject)
        return 0
    if a.show:
        for s in parse_seeds(a.seeds or "0:100"):
            print(f"# seed {s}\n{program(s).source()}")
        return 0
    if a.shrink is not None:
        import torch_shrink
        return torch_shrink.main_shrink(a.shrink, a.backward, a.inject)
    if a.corpus:
        os.environ["IND_FUZZ_CORPUS"] = os.path.abspath(a.corpus)  # the batches' subprocesses read it
        saved = sorted(int(m.group(1)) for m in (re.match(r"seed_(\d+)\.py$", n) for n in os.listdir(a.corpus)) if m)
        seeds = parse_seeds(a.seeds) if a.seeds else saved
    else:
        seeds = parse_seeds(a.seeds or "0:100")
    modes = [False, True] if a.both else [a.backward]
    passed = failed = ill = 0
    allres = {}
    t0 = time.time()
    for k, bw in enumerate(modes):  # with --both, a budget is split: forward stops at its half
        until = t0 + a.budget * (k + 1) / len(modes) if a.budget else None
        res = run_seeds(seeds, bw, a.jobs, a.batch, a.inject, until=until)
        allres["bwd" if bw else "fwd"] = res
        for d in res.values():
            if d["class"] in PYTORCH_CLASSES:
                ill += 1
            elif d["class"]:
                failed += 1
            else:
                passed += 1
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(allres, fh, indent=1)
    counts = {}
    for res in allres.values():
        for d in res.values():
            if d["class"]:
                counts[d["class"]] = counts.get(d["class"], 0) + 1
    ind_ops = sum(d.get("ind_ops", 0) for res in allres.values() for d in res.values())
    eager_ops = sum(d.get("eager_ops", 0) for res in allres.values() for d in res.values())
    print(f"ops in ind partitions {ind_ops}, left to eager {eager_ops}")
    unrun = sum(len(seeds) - len(res) for res in allres.values())
    if unrun:
        print(f"not reached within the budget: {unrun} programs")
    if counts:
        print("by class: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"{passed} passed, {failed} failed" + (f", {ill} ill-conditioned or as PyTorch" if ill else "") +
          f" ({time.time() - t0:.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
