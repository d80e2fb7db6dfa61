"""Host overhead per call from Python on the GPU machine (scripts/gpu/overhead.sh runs it): ind.core's
Program.run on torch tensors (data_ptr() of each into ctypes arrays, one call into the runtime), in core.py's
runtime-only mode over libindrt.so (the GPU machine has no MLIR, so no libind.so), against the per-call host
time of a torch.compile'd seed model (default mode: one fused Triton kernel) on the same tensors. Batches of
64 calls timed on the host, synchronized between batches (outside the timing).
    python3 scripts/gpu/overhead.py LIBINDRT.so PROGRAM.indprog"""
import os
import statistics
import sys
import time

import torch

sys.path.insert(0, "scripts/gpu")
from models import seed_model  # noqa: E402

os.environ["IND_RUNTIME_LIBRARY"] = sys.argv[1]
os.environ.setdefault("IND_LIBRARY", "/nonexistent/libind.so")  # no MLIR there: the runtime-only mode
sys.path.insert(0, "python")
from ind.core import load  # noqa: E402

torch.cuda.init()
x = torch.randn(1024, 1024, device="cuda")
b, g, be = (torch.randn(1024, device="cuda") for _ in range(3))
out = torch.empty(1024, 1024, device="cuda")
prog = load(sys.argv[2])
stream = torch.cuda.current_stream().cuda_stream
ins, outs = [x, b, g, be], [out]


def ind_call():  # Program.run: data_ptr() of each tensor, one ctypes call into the runtime
    prog.run(ins, outs, stream)


compiled = torch.compile(seed_model)


def torch_call():
    compiled(x, b, g, be)


def per_call_us(fn, reps=300, batch=64):
    for _ in range(20):
        fn()
    torch.cuda.synchronize()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(batch):
            fn()
        ts.append((time.perf_counter() - t0) / batch * 1e6)
        torch.cuda.synchronize()
    return statistics.median(ts)


ind_us = per_call_us(ind_call)
ref = seed_model(x, b, g, be)
torch.cuda.synchronize()
err = (out - ref).abs().max().item()
torch_us = per_call_us(torch_call)
print("OVERHEAD api=python mode=launch per_call_us=%.2f (ind.core Program.run; max_abs_err vs eager %.2g)" % (
    ind_us, err))
print("OVERHEAD api=torch.compile mode=call per_call_us=%.2f" % torch_us)
