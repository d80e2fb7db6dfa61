"""Runs THERE (torch >= 2 with CUDA, libind loadable: $IND_LIBRARY): where the host time of one
torch.compile(backend="ind") call goes. On tiny inputs (the GPU work is a few microseconds, so each call
is host-bound), the time per call of back-to-back calls (perf_counter over N calls, one synchronize) of:
  compiled  the torch.compile'd function (dynamo guards + AOTAutograd wrapper + the partitioned graph);
  graph     the partitioned ATen GraphModule ind's backend returned (its eager glue + the IndKernels;
            boxed: called with a list it empties);
  kernel    each IndKernel.forward alone (output allocation + Program.run);
  run       Program.run alone on preallocated tensors (ctypes + ind_program_run_cuda);
  run_ptrs  the same on raw addresses (what IndKernel.forward passes);
  inductor  torch.compile() of the same function.
Prints lines 'OVERHEAD case=... part=... per_call_us=...'.

  python3 scripts/gpu/backend_overhead.py
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import torch  # noqa: E402

import ind  # noqa: E402
from ind import backend  # noqa: E402

N = 2000


def per_call_us(fn):
    for _ in range(50):
        fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(N):
        fn()
    torch.cuda.synchronize()
    return 1e6 * (time.perf_counter() - t0) / N


def seed(x, w, b, r):
    y = torch.relu(x * w + b)
    return y - y.mean(-1, keepdim=True) + r


def norm_residual(x, r, w0, w1, w2, w3):
    for w in (w0, w1, w2, w3):
        x = x + r
        r = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * w
    return x, r


def main():
    backend.register()
    g = lambda *s: torch.randn(*s, device="cuda")
    cases = {"seed_8x64": (seed, (g(8, 64), g(64), g(64), g(8, 64))),
             "norm_residual_8x64": (norm_residual, (g(8, 64), g(8, 64), g(64), g(64), g(64), g(64)))}
    captured = []
    orig = backend.compile_aten_graph

    def capture(gm, *args, **kwargs):  # compile_aten_graph's own arguments, whatever they are
        out = orig(gm, *args, **kwargs)
        captured.append(out)
        return out
    backend.compile_aten_graph = capture
    with torch.no_grad():
        for name, (fn, xs) in cases.items():
            torch._dynamo.reset()
            captured.clear()
            c = torch.compile(fn, backend="ind", dynamic=False)
            c(*xs)
            res = {"compiled": per_call_us(lambda: c(*xs))}
            gm = captured[-1]
            res["graph"] = per_call_us(lambda: gm(list(xs)))  # boxed (backend.compile_boxed): takes a list
            kernels = [m for m in gm.modules() if isinstance(m, backend.IndKernel)]
            if len(kernels) == 1:
                k = kernels[0]
                res["kernel"] = per_call_us(lambda: k(*xs))
                prog = next(iter(k._progs.values()))
                outs = [torch.empty(s, dtype=d, device="cuda") for s, d in k._out_specs]
                stream = torch.cuda.current_stream().cuda_stream
                res["run"] = per_call_us(lambda: prog.run(list(xs), outs, stream=stream))
                ip, op = [x.data_ptr() for x in xs], [o.data_ptr() for o in outs]
                res["run_ptrs"] = per_call_us(lambda: prog.run(ip, op, stream=stream))
            torch._dynamo.reset()
            ic = torch.compile(fn, dynamic=False)
            ic(*xs)
            res["inductor"] = per_call_us(lambda: ic(*xs))
            for part, us in res.items():
                print(f"OVERHEAD case={name} part={part} per_call_us={us:.2f}", flush=True)


if __name__ == "__main__":
    main()
