#!/usr/bin/env python3
"""Runs ind's PTX on the GPU from a launch plan (toolchain.md: the GPU machine has torch, no MLIR) and
checks the outputs against the reference summaries of make_cases.py; then times the kernels.

    python3 run_ptx.py CASES_DIR [case ...]

Buffers are torch tensors (256-byte aligned); kernels are launched through the CUDA driver API
(ctypes, libcuda.so.1): one pointer parameter per argument buffer; mm is torch.mm (no TF32)."""
import ctypes, json, os, sys
import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_cases import inputs  # noqa: E402

cuda = ctypes.CDLL("libcuda.so.1")
DT = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16, "i64": torch.int64, "i32": torch.int32}


def check(r, what):
    if r != 0:
        s = ctypes.c_char_p()
        cuda.cuGetErrorString(r, ctypes.byref(s))
        raise RuntimeError(f"{what}: CUDA error {r} {s.value}")


def load(ptx):
    mod = ctypes.c_void_p()
    check(cuda.cuModuleLoadData(ctypes.byref(mod), ctypes.c_char_p(ptx.encode() + b"\0")), "cuModuleLoadData")
    return mod


def function(mod, name):
    f = ctypes.c_void_p()
    check(cuda.cuModuleGetFunction(ctypes.byref(f), mod, name.encode()), "cuModuleGetFunction " + name)
    return f


def build(plan, mod):
    bufs = {}
    for inp, x in zip(plan["inputs"], inputs(plan)):
        bufs[inp["name"]] = torch.from_numpy(x).cuda()
    for a in plan["allocations"]:
        if a["reuse"]:
            old = bufs[a["reuse"]]
            bufs[a["name"]] = old.view(torch.uint8).view(DT[a["dtype"]]).reshape(a["shape"])
        else:
            bufs[a["name"]] = torch.empty(a["shape"], dtype=DT[a["dtype"]], device="cuda")
    steps = []
    for s in plan["steps"]:
        if s["op"] == "launch":
            ptrs = [ctypes.c_uint64(bufs[n].data_ptr()) for n in s["args"]]
            params = (ctypes.c_void_p * len(ptrs))(*[ctypes.cast(ctypes.pointer(p), ctypes.c_void_p) for p in ptrs])
            steps.append(("launch", function(mod, s["kernel"]), s["grid"], s["block"], params, ptrs))
        else:
            steps.append(("extern", s["kernel"], [bufs[n] for n in s["args"]]))
    return bufs, steps


def run(steps):
    for s in steps:
        if s[0] == "launch":
            _, f, g, b, params, _ = s
            check(cuda.cuLaunchKernel(f, g[0], g[1], g[2], b[0], b[1], b[2], 0, None, params, None), "launch")
        else:
            _, kern, args = s
            *ins, out = args
            if kern == "mm":
                torch.mm(ins[0], ins[1], out=out)
            elif kern == "bmm":
                torch.bmm(ins[0], ins[1], out=out)
            else:
                raise RuntimeError("unknown extern " + kern)


def compare(got, exp, rtol=2e-3, atol=2e-4):
    g = got.detach().double().cpu().numpy().ravel()
    idx = np.array(exp["idx"])
    val = np.array(exp["val"])
    bad = np.abs(g[idx] - val) > atol + rtol * np.abs(val)
    ssum_ok = abs(g.sum() - exp["sum"]) <= 1e-3 * max(1.0, abs(exp["sumsq"]) ** 0.5 * 10)
    return int(bad.sum()), float(np.abs(g[idx] - val).max()), ssum_ok


def main():
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.zeros(1, device="cuda")  # makes the primary context current
    root = sys.argv[1]
    names = sys.argv[2:] or sorted(os.listdir(root))
    ok_all = True
    for name in names:
        d = f"{root}/{name}"
        plan = json.load(open(d + "/plan.json"))
        exp = json.load(open(d + "/expect.json")) if os.path.exists(d + "/expect.json") else None
        mod = load(open(d + "/kernels.ptx").read())
        bufs, steps = build(plan, mod)
        run(steps)
        torch.cuda.synchronize()
        res = [] if exp else ["not checked (timing only)"]
        for o, e in zip(plan["outputs"], exp["outputs"] if exp else []):
            nbad, maxerr, sum_ok = compare(bufs[o], e)
            ok_all &= nbad == 0 and sum_ok
            res.append(f"{o}: {'OK' if nbad == 0 and sum_ok else 'MISMATCH'} bad={nbad}/{len(e['idx'])} "
                       f"maxerr={maxerr:.2e} sum_ok={sum_ok}")
        for _ in range(10):
            run(steps)
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        n = 200
        start.record()
        for _ in range(n):
            run(steps)
        end.record()
        torch.cuda.synchronize()
        us = start.elapsed_time(end) * 1000 / n
        print(f"{name}: {'; '.join(res)}; {us:.1f} us per call ({len(steps)} steps)", flush=True)
    print("ALL OK" if ok_all else "SOME MISMATCH")
    return 0 if ok_all else 1


if __name__ == "__main__":
    sys.exit(main())
