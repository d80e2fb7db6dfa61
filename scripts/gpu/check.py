#!/usr/bin/env python3
"""Runs THERE (the GPU machine, torch 2.11 + triton 3.6), called by run.sh. Three modes:

  check.py copy-bw --out F.json
      measures the device-to-device copy bandwidth (read + write) once: the floor for memory-bound cases.
  check.py case --case C --n N --data D --runner-rc RC --results R.jsonl [--copy-bw F.json]
                [--compile-times T.tsv] [--plan P.json]
      (a) correctness of ind's outputs D/out<K>.npy: recomputes the model (models.py, = inductor_suite.py)
          in float64 with torch on the GPU from the inputs D/in<K>.npy the runner used; reports
          ||out - ref|| / ||ref|| and max|out - ref| / max|ref| per output; PASS if every output's norm-wise
          error is <= the case's tolerance (1e-5 f32, 1e-3 mm), no NaN, runner exit 0;
      (b) timing of torch.compile(dynamic=False) and eager on the same inputs, in this process:
          triton.testing.do_bench (median; per call, L2 flushed) and do_bench_cudagraph (back-to-back
          replays, no flush); appends one JSON line to R.jsonl. Without runner inputs (runner failed before
          writing them) it draws its own so the Inductor/eager numbers still come out.
  check.py table --results R.jsonl --md OUT.md
      prints the final table and writes it as markdown."""
import argparse
import json
import math
import os
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
DEV = os.environ.get("IND_CHECK_DEVICE", "cuda")  # "cpu" only to test this script off the GPU machine


def log(*a):
    print("check.py:", *a, flush=True)


def bench(fn, do_bench, **kw):
    try:
        return do_bench(fn, return_mode="median", **kw)
    except Exception as e:  # keep going: one number missing is not a failed case
        log("benchmark failed:", repr(e).splitlines()[0][:300])
        return None


def cmd_copy_bw(args):
    import torch
    from triton.testing import do_bench
    big = torch.empty(2**29, device="cuda")  # 2 GiB
    dst = torch.empty_like(big)
    t = do_bench(lambda: dst.copy_(big), warmup=50, rep=300, return_mode="median")
    bw = 2 * big.numel() * 4 / (t * 1e-3)
    log("copy bandwidth (read+write): %.2f TB/s" % (bw / 1e12))
    with open(args.out, "w") as f:
        json.dump({"copy_bw": bw, "device": torch.cuda.get_device_name(), "torch": torch.__version__,
                   "triton": __import__("triton").__version__}, f)
    return 0


def load_inputs(data, shapes, torch, np):
    from models import spec_dtype, spec_shape
    xs = []
    for k, spec in enumerate(shapes):
        path = os.path.join(data, "in%d.npy" % k)
        if not os.path.exists(path):
            return None
        a = np.load(path)
        want, shape = spec_dtype(spec), spec_shape(spec)
        npy_want = "uint16" if want == "bfloat16" else want  # bf16 as its bits
        if a.dtype != np.dtype(npy_want) or tuple(a.shape) != tuple(shape):
            raise ValueError("%s: dtype %s shape %s, expected %s %s" % (path, a.dtype, a.shape, want, shape))
        xs.append(npy_to_torch(a, torch, np).to(DEV))
    return xs


def npy_to_torch(a, torch, np):
    """A .npy array as a tensor: bf16 is written as its bits ('<u2', ind's npy writer)."""
    if a.dtype == np.uint16:
        return torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a)


def as_reference(xs):
    """The inputs of the float64 reference: floats in double, index tensors unchanged."""
    return [x.double() if x.is_floating_point() else x for x in xs]


def errors(out, ref, torch):
    """(norm-wise rel err, max abs err / max |ref|, NaN count), all in float64."""
    out, ref = out.double(), ref.double()  # integer outputs (argmax: i64) too: norm needs floats
    nan = int(torch.isnan(out).sum().item())
    d = (out - ref).abs()
    rn = ref.norm().item()
    rel = (out - ref).norm().item() / (rn if rn > 0 else 1.0)
    rmax = ref.abs().max().item()
    mx = d.max().item() / (rmax if rmax > 0 else 1.0)
    if nan:
        rel = mx = float("inf")
    return rel, mx, nan


def cmd_case(args):
    import numpy as np
    import torch
    from triton.testing import do_bench, do_bench_cudagraph
    from models import CASES, DEFAULT_TOLERANCE, TOLERANCE

    row = {"case": args.case, "n": args.n, "runner_rc": args.runner_rc, "notes": []}
    fn, suite_name, shapes_of = CASES[args.case]
    shapes = shapes_of(args.n)
    tol = TOLERANCE.get(args.case, DEFAULT_TOLERANCE)
    row.update(suite_name=suite_name, tol=tol)
    try:
        with open(os.path.join(args.data, "result.json")) as f:
            r = json.load(f)
        row.update(ind_us=r["median_us"], ind_flushed_us=r["flushed_us"], ind_kernels=r["kernels"],
                   bytes=r["bytes"], ind_gbps=r["gbps"], ind_check=r["check"])
        if r.get("graph_us", 0) > 0:  # ind_cuda_run --graph: CUDA-graph replay, as do_bench_cudagraph times torch
            # (since 2026-12-03 one graph of many calls, as do_bench_cudagraph; graph1_us: a graph per call)
            row["ind_graph_us"] = r["graph_us"]
            if r.get("graph1_us", 0) > 0:
                row["ind_graph1_us"] = r["graph1_us"]
    except (OSError, ValueError, KeyError) as e:
        row["notes"].append("no runner result (%s)" % type(e).__name__)
    if args.runner_rc == 77:
        row["notes"].append("runner skipped the case")
    if args.compile_times and os.path.exists(args.compile_times):
        for line in open(args.compile_times).read().splitlines()[1:]:
            c, n, ptx_ms, plan_ms, _ = line.split("\t")
            if c == args.case and int(n) == args.n:
                row["ind_compile_ms"] = int(ptx_ms)
    if args.copy_bw and os.path.exists(args.copy_bw):
        row["copy_bw"] = json.load(open(args.copy_bw))["copy_bw"]

    # (a) correctness
    try:
        xs = load_inputs(args.data, shapes, torch, np)
    except Exception as e:
        xs = None
        row["notes"].append("bad runner inputs: %s" % repr(e)[:300])
    have_outputs = xs is not None
    if xs is None:
        row["notes"].append("runner wrote no inputs; Inductor/eager timed on fresh torch.rand inputs")
        g = torch.Generator(device=DEV).manual_seed(args.n)
        from models import spec_dtype, spec_shape
        xs = [torch.randint(0, args.n, spec_shape(s), device=DEV, generator=g) if spec_dtype(s) == "int64"
              else (torch.rand(spec_shape(s), device=DEV, generator=g) * 2 - 1).to(getattr(torch, spec_dtype(s)))
              for s in shapes]
    verdict = "FAIL"
    try:
        if args.runner_rc == 77:
            verdict = "SKIP"
        elif have_outputs:
            with torch.no_grad():
                ref = fn(*as_reference(xs))
            refs = ref if isinstance(ref, tuple) else (ref,)
            rels, maxs, nans = [], [], 0
            for k, rf in enumerate(refs):
                path = os.path.join(args.data, "out%d.npy" % k)
                if not os.path.exists(path):
                    raise FileNotFoundError("runner wrote no %s" % path)
                o = np.load(path)
                if tuple(o.shape) != tuple(rf.shape):
                    raise ValueError("out%d shape %s, reference %s" % (k, o.shape, tuple(rf.shape)))
                rel, mx, nan = errors(npy_to_torch(o, torch, np).to(DEV), rf, torch)
                rels.append(rel)
                maxs.append(mx)
                nans += nan
            del ref, refs
            row.update(rel_err=max(rels), max_err=max(maxs), nan=nans, rel_errs=rels)
            ok = args.runner_rc == 0 and nans == 0 and max(rels) <= tol
            verdict = "PASS" if ok else "FAIL"
            if nans:
                row["notes"].append("%d NaN elements (unwritten or computed NaN)" % nans)
            if args.runner_rc not in (0, 77):
                row["notes"].append("runner exit %d" % args.runner_rc)
    except Exception as e:
        row["notes"].append("check error: %s" % repr(e)[:300])
        traceback.print_exc()
    row["result"] = verdict
    if DEV == "cuda":
        torch.cuda.empty_cache()

    # (b) Inductor and eager on the same inputs, same process
    try:
        with torch.no_grad():
            row["eager_us"] = _us(bench(lambda: fn(*xs), do_bench, warmup=25, rep=200))
            row["eager_graph_us"] = _us(bench(lambda: fn(*xs), do_bench_cudagraph, rep=20))
    except Exception as e:
        row["notes"].append("eager error: %s" % repr(e)[:300])
        traceback.print_exc()
    try:
        import torch._dynamo
        torch._dynamo.reset()
        t0 = time.perf_counter()
        cfn = torch.compile(fn, dynamic=False)
        with torch.no_grad():
            cout = cfn(*xs)
        if DEV == "cuda":
            torch.cuda.synchronize()
        row["inductor_compile_s"] = time.perf_counter() - t0
        if have_outputs:
            couts = cout if isinstance(cout, tuple) else (cout,)
            with torch.no_grad():
                ref = fn(*as_reference(xs))
            refs = ref if isinstance(ref, tuple) else (ref,)
            row["inductor_rel_err"] = max(errors(c, r, torch)[0] for c, r in zip(couts, refs))
            del ref, refs, couts
        del cout
        with torch.no_grad():
            row["inductor_us"] = _us(bench(lambda: cfn(*xs), do_bench, warmup=25, rep=200))
            row["inductor_graph_us"] = _us(bench(lambda: cfn(*xs), do_bench_cudagraph, rep=20))
    except Exception as e:
        row["notes"].append("torch.compile error: %s" % repr(e)[:300])
        traceback.print_exc()
    if "bytes" not in row:
        try:
            outs = fn(*xs)
            outs = outs if isinstance(outs, tuple) else (outs,)
            row["bytes"] = sum(x.numel() * x.element_size() for x in xs) + sum(o.numel() * o.element_size() for o in outs)
        except Exception as e:
            row["notes"].append("eager error: %s" % repr(e)[:200])
    if row.get("copy_bw") and row.get("bytes"):
        row["floor_us"] = row["bytes"] / row["copy_bw"] * 1e6
    try:
        row["tf32"] = bool(torch.backends.cuda.matmul.allow_tf32)
    except Exception:
        pass
    log(json.dumps(row))
    with open(args.results, "a") as f:
        f.write(json.dumps(row) + "\n")
    return 0 if verdict in ("PASS", "SKIP") else 1


def _us(ms):
    return None if ms is None else ms * 1e3


def fmt(v, spec):
    if v is None:
        return "n/a"
    if isinstance(v, float) and (math.isinf(v) or math.isnan(v)):
        return str(v)
    return format(v, spec)


def ratio(a, b):
    return fmt(a / b, ".2f") if a is not None and b else "n/a"


def cmd_table(args):
    rows = []
    if os.path.exists(args.results):
        rows = [json.loads(l) for l in open(args.results) if l.strip()]
    head = ["case", "n", "ind µs", "Inductor µs", "eager µs", "ind/Inductor", "ind µs graph", "ind graph/Inductor",
            "ind µs flushed", "Inductor µs do_bench",
            "ind/Ind do_bench", "floor µs", "ind kernels", "ind compile ms", "Inductor compile s", "rel err", "max err",
            "result", "notes"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in sorted(rows, key=lambda r: (r["n"], r["case"])):
        g = r.get
        cells = [r["case"], str(r["n"]), fmt(g("ind_us"), ".1f"), fmt(g("inductor_graph_us"), ".1f"),
                 fmt(g("eager_graph_us"), ".1f"), ratio(g("ind_us"), g("inductor_graph_us")),
                 fmt(g("ind_graph_us"), ".1f"), ratio(g("ind_graph_us"), g("inductor_graph_us")),
                 fmt(g("ind_flushed_us"), ".1f"), fmt(g("inductor_us"), ".1f"),
                 ratio(g("ind_flushed_us"), g("inductor_us")), fmt(g("floor_us"), ".1f"),
                 str(g("ind_kernels", "n/a")), str(g("ind_compile_ms", "n/a")), fmt(g("inductor_compile_s"), ".2f"),
                 fmt(g("rel_err"), ".1e"), fmt(g("max_err"), ".1e"),
                 g("result", "FAIL"), "; ".join(g("notes", []))]
        lines.append("| " + " | ".join(cells) + " |")
    legend = [
        "",
        "ind µs / Inductor µs / eager µs: back-to-back calls, no L2 flush (ind: ind_cuda_run, N calls between two",
        "events, median of 10; torch: triton.testing.do_bench_cudagraph, median). ind µs graph: the same calls as one",
        "captured CUDA graph replayed back to back (ind_cuda_run --graph), the like of do_bench_cudagraph's timing;",
        "ind graph/Inductor compares those two. ind µs flushed / Inductor µs",
        "do_bench: one call between events after a 256 MiB L2-flushing memset, median (torch: triton.testing.do_bench,",
        "which includes the Python dispatch of a compiled call). floor: (input + output bytes) / measured copy",
        "bandwidth. rel err = ||out - ref|| / ||ref||, max err = max|out - ref| / max|ref|, ref in float64 on the GPU.",
        "ind compile ms: ind-opt to PTX on the compile machine (prepare.sh); Inductor compile s: first call of",
        "torch.compile(dynamic=False) in a fresh process.",
    ]
    text = "\n".join(lines + legend) + "\n"
    print(text, flush=True)
    with open(args.md, "w") as f:
        f.write(text)
    return 0


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="mode", required=True)
    a = sub.add_parser("copy-bw")
    a.add_argument("--out", required=True)
    a = sub.add_parser("case")
    a.add_argument("--case", required=True)
    a.add_argument("--n", type=int, required=True)
    a.add_argument("--data", required=True)
    a.add_argument("--runner-rc", type=int, required=True)
    a.add_argument("--results", required=True)
    a.add_argument("--copy-bw")
    a.add_argument("--compile-times")
    a = sub.add_parser("table")
    a.add_argument("--results", required=True)
    a.add_argument("--md", required=True)
    args = ap.parse_args()
    return {"copy-bw": cmd_copy_bw, "case": cmd_case, "table": cmd_table}[args.mode](args)


if __name__ == "__main__":
    sys.exit(main())
