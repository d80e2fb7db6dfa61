"""Runs THERE (the GPU machine, torch >= 2.0 with triton): torch.compile(backend="ind") beside
torch.compile() (Inductor) and eager, in one process, on the cases of the shared benchmark suite
(inductor_suite.py) and three model blocks (a transformer MLP block, an attention block with its
softmax, an RMSNorm + residual stack).

Per case: the partition ind's backend chose (which ATen ops run in ind programs, which eagerly),
correctness of each of the three against a float64 eager run on the same inputs, the time per call
as a user sees it (triton.testing.do_bench: the Python call, host overhead included, median), and
the GPU kernel time (the sum of CUDA kernel times in one profiled call, torch.profiler).

  python3 scripts/gpu/torch_backend.py [--suite PATH] [--sizes 1024,8192] [--cases a,b] [--out DIR]

ind's GPU path needs the Python bindings (ind.core, issue 12) able to compile for CUDA on that
machine; without them the ind column reads "no bindings" and the partitions are still printed
(partitioning needs only the importer). Writes DIR/torch_backend.json and DIR/torch_backend.md.
"""
import argparse
import importlib.util
import json
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402


def load_suite(path):
    spec = importlib.util.spec_from_file_location("inductor_suite", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# --- model blocks -----------------------------------------------------------------------------------
class MLPBlock(torch.nn.Module):
    """x + fc2(gelu(fc1(layer_norm(x)))) (a transformer's MLP half)."""

    def __init__(self, d):
        super().__init__()
        self.norm = torch.nn.LayerNorm(d)
        self.fc1 = torch.nn.Linear(d, 4 * d)
        self.fc2 = torch.nn.Linear(4 * d, d)

    def forward(self, x):
        return x + self.fc2(F.gelu(self.fc1(self.norm(x))))


class AttentionBlock(torch.nn.Module):
    """x + proj(softmax(q k^T / sqrt(dh)) v) with a written-out softmax (no SDPA kernel)."""

    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.norm = torch.nn.LayerNorm(d)
        self.qkv = torch.nn.Linear(d, 3 * d)
        self.proj = torch.nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        dh = d // self.h
        q, k, v = self.qkv(self.norm(x)).split(d, dim=-1)
        q = q.view(b, t, self.h, dh).transpose(1, 2)
        k = k.view(b, t, self.h, dh).transpose(1, 2)
        v = v.view(b, t, self.h, dh).transpose(1, 2)
        att = torch.softmax((q @ k.transpose(-2, -1)) * dh ** -0.5, dim=-1)
        y = (att @ v).transpose(1, 2).reshape(b, t, d)
        return x + self.proj(y)


class NormResidualStack(torch.nn.Module):
    """n times: h = x + r; r = rmsnorm(h) * w (the residual stream of a decoder, without the layers)."""

    def __init__(self, d, n=4):
        super().__init__()
        self.w = torch.nn.ParameterList([torch.nn.Parameter(1 + 0.1 * torch.randn(d)) for _ in range(n)])

    def forward(self, x, r):
        for w in self.w:
            x = x + r
            r = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * w
        return x, r


def model_cases(dev):
    torch.manual_seed(0)
    g = lambda *s: torch.randn(*s, device=dev)
    return {
        "mlp_block": (MLPBlock(1024).to(dev).eval(), (g(8, 256, 1024),)),
        "attention_block": (AttentionBlock(512, 8).to(dev).eval(), (g(8, 256, 512),)),
        "norm_residual_stack": (NormResidualStack(4096).to(dev).eval(), (g(2048, 4096), g(2048, 4096))),
    }


# --- measurement -----------------------------------------------------------------------------------
def flat(o):
    return list(o) if isinstance(o, (tuple, list)) else [o]


def rel_err(out, ref):
    return max(((o.double() - r).norm() / r.norm().clamp_min(1e-30)).item() for o, r in zip(flat(out), flat(ref)))


def kernel_us(fn, args):
    from torch.profiler import ProfilerActivity, profile
    fn(*args)
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        fn(*args)
        torch.cuda.synchronize()
    evs = [e for e in prof.events() if e.device_type.name == "CUDA"]
    total = sum(e.time_range.elapsed_us() for e in evs)
    return total, len(evs)


def f64_reference(fn, args):
    if isinstance(fn, torch.nn.Module):
        import copy
        m = copy.deepcopy(fn).double()
        with torch.no_grad():
            return m(*[a.double() for a in args])
    with torch.no_grad():
        return fn(*[a.double() for a in args])


def measure(label, fn, args, ref, do_bench):
    row = {}
    try:
        t0 = time.perf_counter()
        with torch.no_grad():
            out = fn(*args)
        torch.cuda.synchronize()
        row["first_call_s"] = time.perf_counter() - t0
        row["rel_err"] = rel_err(out, ref)
        with torch.no_grad():
            row["call_us"] = 1e3 * do_bench(lambda: fn(*args), warmup=25, rep=200, return_mode="median")
            row["kernel_us"], row["kernels"] = kernel_us(fn, args)
    except Exception as e:  # one failing column never stops the others
        row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
        traceback.print_exc()
    print(f"  {label:9s} " + ("ERROR " + row["error"] if "error" in row else
          f"{row['call_us']:9.1f} us/call  kernels {row['kernel_us']:8.1f} us ({row['kernels']})  "
          f"rel_err {row['rel_err']:.1e}  first call {row['first_call_s']:.2f} s"), flush=True)
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--suite", default=None, help="inductor_suite.py (default: ../shared/bench or shared/bench)")
    ap.add_argument("--sizes", default="1024,8192")
    ap.add_argument("--cases", default="")
    ap.add_argument("--out", default=os.environ.get("OUT", "."))
    ap.add_argument("--no-models", action="store_true")
    args = ap.parse_args()
    suite_path = args.suite
    if suite_path is None:
        for cand in (os.path.join(ROOT, "..", "shared", "bench", "inductor_suite.py"),
                     os.path.join(ROOT, "shared", "bench", "inductor_suite.py")):
            if os.path.exists(cand):
                suite_path = cand
                break
    if suite_path is None:
        sys.exit("torch_backend.py: inductor_suite.py not found: pass --suite PATH")
    os.makedirs(args.out, exist_ok=True)
    from triton.testing import do_bench

    import ind
    from ind import backend
    backend.register()
    have_bindings = hasattr(ind, "compile")
    print(f"torch {torch.__version__}, {torch.cuda.get_device_name()}, ind bindings: {have_bindings}")
    suite = load_suite(suite_path)
    want = set(filter(None, args.cases.split(",")))
    jobs = []
    for n in [int(s) for s in args.sizes.split(",")]:
        for name, (fn, xs) in suite.cases(n).items():
            jobs.append((f"{name}_{n}", fn, xs))
    if not args.no_models:
        for name, (m, xs) in model_cases("cuda").items():
            jobs.append((name, m, xs))
    rows = []
    for name, fn, xs in jobs:
        if want and name not in want and name.rsplit("_", 1)[0] not in want:
            continue
        print(f"== {name}  inputs {[tuple(x.shape) for x in xs]}", flush=True)
        torch._dynamo.reset()
        ref = f64_reference(fn, xs)
        row = {"case": name}
        row["eager"] = measure("eager", fn, xs, ref, do_bench)
        row["inductor"] = measure("inductor", torch.compile(fn, dynamic=False), xs, ref, do_bench)
        torch._dynamo.reset()
        backend.STATS["partitions"].clear()
        if have_bindings:
            row["ind"] = measure("ind", torch.compile(fn, backend="ind", dynamic=False), xs, ref, do_bench)
        else:
            # partitions only: run the backend's partitioner on the AOT graph, compile nothing
            try:
                from torch._functorch.aot_autograd import aot_module_simplified, make_boxed_func

                def fw(g, inputs):
                    fused, _ = backend.partition(g)
                    backend.STATS["partitions"].append(backend.describe(fused))
                    return make_boxed_func(g)

                def be(gm, ex):
                    return aot_module_simplified(gm, ex, fw_compiler=fw, decompositions=backend._decompositions())
                with torch.no_grad():
                    torch.compile(fn, backend=be, dynamic=False)(*xs)
            except Exception as e:
                print(f"  partition failed: {type(e).__name__}: {e}")
            row["ind"] = {"error": "no bindings (ind.core)"}
            print("  ind       no bindings (ind.core): not run")
        row["partitions"] = list(backend.STATS["partitions"])
        for p in row["partitions"]:
            print("  partition:\n    " + p.replace("\n", "\n    "))
        rows.append(row)
    json.dump(rows, open(os.path.join(args.out, "torch_backend.json"), "w"), indent=1)
    with open(os.path.join(args.out, "torch_backend.md"), "w") as f:
        f.write("| case | ind us/call | Inductor us/call | eager us/call | ind/Inductor | ind kernel us | "
                "Inductor kernel us | ind rel err | Inductor rel err | ind partitions |\n")
        f.write("|---|---|---|---|---|---|---|---|---|---|\n")
        g = lambda r, k, s=".1f": format(r[k], s) if k in r else r.get("error", "n/a")[:30]
        for r in rows:
            i, c, e = r["ind"], r["inductor"], r["eager"]
            ratio = f"{i['call_us'] / c['call_us']:.2f}" if "call_us" in i and "call_us" in c else "n/a"
            nparts = sum(p.count("\nind ") + p.startswith("ind ") for p in r["partitions"])
            f.write(f"| {r['case']} | {g(i, 'call_us')} | {g(c, 'call_us')} | {g(e, 'call_us')} | {ratio} | "
                    f"{g(i, 'kernel_us')} | {g(c, 'kernel_us')} | {g(i, 'rel_err', '.1e')} | {g(c, 'rel_err', '.1e')} | "
                    f"{nparts} |\n")
    print(open(os.path.join(args.out, "torch_backend.md")).read())


if __name__ == "__main__":
    main()
