#!/usr/bin/env python3
"""ind-tune: times each kernel's candidate configs on the GPU and writes a tuning cache that
`ind-opt --codegen=tuning-cache=FILE` reads (docs/tools/ind-tune.md, docs/passes/codegen.md "Tuning").

HERE (numpy-free helpers of scripts/gpu/tune_prepare.sh):
    tune.py count CANDIDATES.json             the largest number of candidates of any kernel
    tune.py cache-for CANDIDATES.json I       a cache giving every kernel its candidate I (if it has one)
THERE (the GPU machine: torch, libcuda; no MLIR), on what tune_prepare.sh wrote:
    tune.py run DIR [--cache FILE] [--reps N] [--no-graph] [case ...]
        for every DIR/<case>/cand<i>: loads the PTX (CUDA driver API through ctypes), allocates the plan's
        buffers (torch), runs the whole launch sequence once, compares the outputs with those of cand0 (the
        heuristic's configs; output_tolerance: f32 rtol 1e-3, atol 1e-4, half types one to two units in the last place), then
        times every launch step alone: N launches captured in one CUDA graph, its replay between CUDA events,
        median of 5 repeats (as Inductor's do_bench_cudagraph: a 2-4 us kernel is not timed with Python's
        launch path; --no-graph: the N launches from Python, as before 2026-12-03). Per kernel key, the
        fastest candidate whose outputs matched wins. Writes FILE (default DIR/cache.json), merged into
        FILE's existing entries, and prints one line per kernel: default us, best us, the config.
"""
import ctypes
import json
import os
import sys


def load_json(path):
    with open(path) as f:
        return json.load(f)


def cmd_count(cands):
    print(max([len(k["candidates"]) for k in load_json(cands)["kernels"]] + [0]))
    return 0


def cmd_cache_for(cands, i):
    i = int(i)
    entries = {}
    for k in load_json(cands)["kernels"]:
        if i < len(k["candidates"]):
            entries[k["key"]] = dict(k["candidates"][i], name=k["name"], candidate=i)
    print(json.dumps({"version": 1, "kernels": entries}, indent=1, sort_keys=True))
    return 0


# --- THERE -------------------------------------------------------------------------------------------

def cuda_api():
    cuda = ctypes.CDLL("libcuda.so.1")

    def check(r, what):
        if r != 0:
            s = ctypes.c_char_p()
            cuda.cuGetErrorString(r, ctypes.byref(s))
            raise RuntimeError("%s: CUDA error %d %s" % (what, r, s.value))
    return cuda, check


def build(torch, cuda, check, plan, mod, gen):
    dt = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16, "f64": torch.float64,
          "i64": torch.int64, "i32": torch.int32, "i8": torch.int8, "i1": torch.bool}
    bufs = {}
    for inp in plan["inputs"]:
        t = dt[inp["dtype"]]
        if t.is_floating_point:
            x = torch.randn(inp["shape"], generator=gen, dtype=torch.float32, device="cuda").to(t)
        else:  # indices / masks: zeros are in range for every gather
            x = torch.zeros(inp["shape"], dtype=t, device="cuda")
        bufs[inp["name"]] = x
    for a in plan["allocations"]:
        if a["reuse"]:
            bufs[a["name"]] = bufs[a["reuse"]].view(torch.uint8).view(dt[a["dtype"]]).reshape(a["shape"])
        else:
            bufs[a["name"]] = torch.empty(a["shape"], dtype=dt[a["dtype"]], device="cuda")
    steps = []
    for s in plan["steps"]:
        if s["op"] == "launch":
            f = ctypes.c_void_p()
            check(cuda.cuModuleGetFunction(ctypes.byref(f), mod, s["kernel"].encode()), "get " + s["kernel"])
            ptrs = [ctypes.c_uint64(bufs[n].data_ptr()) for n in s["args"]]
            params = (ctypes.c_void_p * len(ptrs))(*[ctypes.cast(ctypes.pointer(p), ctypes.c_void_p) for p in ptrs])
            steps.append(("launch", s["kernel"], f, s["grid"], s["block"], s.get("shared", 0), params, ptrs))
        else:
            steps.append(("extern", s["kernel"], [bufs[n] for n in s["args"]]))
    return bufs, steps


def run_step(torch, cuda, check, s, stream=None):
    """One step on `stream` (a cudaStream_t as an int; None: the legacy default stream). An extern step
    runs on torch's current stream."""
    if s[0] == "launch":
        _, name, f, g, b, shared, params, _ = s
        check(cuda.cuLaunchKernel(f, g[0], g[1], g[2], b[0], b[1], b[2], shared or 0, ctypes.c_void_p(stream), params,
                                  None), name)
    else:
        _, kern, args = s
        *ins, out = args
        {"mm": torch.mm, "bmm": torch.bmm}[kern](ins[0], ins[1], out=out)


def output_tolerance(torch, dtype):
    """(rtol, atol) of an output of this dtype against cand0's: f32 1e-3 / 1e-4 (a reduction in another
    order rounds differently); bf16 / f16 rtol 2^-7 / 2^-10 (one to two units in the last place; the f32 result of a
    reduction in another order can round to the neighbouring half value, which rtol 1e-3 called a mismatch
    for every candidate of BERT's bf16 layer norm and softmax backward, 2026-12-08) with an atol of 1e-5."""
    if dtype == torch.bfloat16:
        return 2.0 ** -7, 1e-5
    if dtype == torch.float16:
        return 2.0 ** -10, 1e-5
    return 1e-3, 1e-4


def time_step(torch, cuda, check, s, reps, graph=True):
    stream = torch.cuda.Stream()
    torch.cuda.synchronize()
    with torch.cuda.stream(stream):
        for _ in range(10):
            run_step(torch, cuda, check, s, stream.cuda_stream)
    torch.cuda.synchronize()
    if graph:
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g, stream=stream):
            for _ in range(reps):
                run_step(torch, cuda, check, s, stream.cuda_stream)
        torch.cuda.synchronize()
        call = g.replay
    else:
        def call():
            for _ in range(reps):
                run_step(torch, cuda, check, s, stream.cuda_stream)
    times = []
    with torch.cuda.stream(stream):
        call()
        for _ in range(5):
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            call()
            b.record()
            torch.cuda.synchronize()
            times.append(a.elapsed_time(b) * 1000.0 / reps)
    return sorted(times)[2]


def cmd_run(args):
    import torch
    root = args[0]
    cache = os.path.join(root, "cache.json")
    reps = 100
    graph = True
    cases = []
    i = 1
    while i < len(args):
        if args[i] == "--cache":
            cache, i = args[i + 1], i + 2
        elif args[i] == "--reps":
            reps, i = int(args[i + 1]), i + 2
        elif args[i] == "--no-graph":
            graph, i = False, i + 1
        else:
            cases.append(args[i])
            i += 1
    cases = cases or sorted(d for d in os.listdir(root) if os.path.isfile(os.path.join(root, d, "candidates.json")))
    cuda, check = cuda_api()
    torch.zeros(1, device="cuda")  # the primary context, current
    torch.backends.cuda.matmul.allow_tf32 = False
    gpu = torch.cuda.get_device_name()
    best = {}  # key -> (us, config, name, default_us)
    bad = 0
    for case in cases:
        d = os.path.join(root, case)
        ncand = max([len(k["candidates"]) for k in load_json(os.path.join(d, "candidates.json"))["kernels"]] + [0])
        ref = None
        for c in range(ncand):
            base = os.path.join(d, "cand%d" % c)
            if not os.path.exists(base + ".ptx"):
                print("%s cand%d: not compiled; skipped" % (case, c))
                continue
            applied = {k["name"]: k for k in load_json(base + ".kernels.json")["kernels"]}
            plan = load_json(base + ".plan.json")
            mod = ctypes.c_void_p()
            check(cuda.cuModuleLoadData(ctypes.byref(mod), ctypes.c_char_p(open(base + ".ptx").read().encode() + b"\0")),
                  "load " + base)
            gen = torch.Generator(device="cuda").manual_seed(1)
            bufs, steps = build(torch, cuda, check, plan, mod, gen)
            for s in steps:
                run_step(torch, cuda, check, s)
            torch.cuda.synchronize()
            outs = [bufs[o].detach().float().cpu() for o in plan["outputs"]]
            tols = [output_tolerance(torch, bufs[o].dtype) for o in plan["outputs"]]
            if ref is None:
                ref = outs
            ok = len(outs) == len(ref) and all(
                torch.allclose(a, b, rtol=rt, atol=at, equal_nan=True) for a, b, (rt, at) in zip(outs, ref, tols))
            if not ok:
                bad += 1
                print("%s cand%d: outputs differ from cand0: not a candidate" % (case, c))
            for s in steps:
                if s[0] != "launch" or s[1] not in applied:
                    continue
                k = applied[s[1]]
                us = time_step(torch, cuda, check, s, reps, graph)
                key, cfg = k["key"], k["config"]
                print("%s cand%d: %s %.2f us %s%s" % (case, c, s[1], us, json.dumps(cfg), "" if ok else " (mismatch)"))
                entry = best.setdefault(key, [None, None, k["name"], us])
                if c == 0:
                    entry[3] = us
                if ok and (best[key][0] is None or us < best[key][0]):
                    best[key][0:2] = [us, cfg]
            check(cuda.cuModuleUnload(mod), "unload")
            del bufs, steps
    entries = load_json(cache)["kernels"] if os.path.exists(cache) else {}
    for key, (us, cfg, name, default_us) in sorted(best.items(), key=lambda kv: kv[1][2]):
        if us is None:  # no build of this kernel matched cand0's outputs
            print("%-60s %s no candidate matched; not cached" % (name, key))
            continue
        print("%-60s %s default %8.2f us  best %8.2f us  %s" % (name, key, default_us, us, json.dumps(cfg)))
        entries[key] = dict(cfg, name=name, us=round(us, 3), default_us=round(default_us, 3))
    with open(cache, "w") as f:
        json.dump({"version": 1, "gpu": gpu, "kernels": entries}, f, indent=1, sort_keys=True)
        f.write("\n")
    print("tune.py: %d kernel(s) tuned on %s -> %s%s" % (len(best), gpu, cache,
                                                       "; %d candidate build(s) mismatched" % bad if bad else ""))
    return 0


def main(argv):
    if len(argv) >= 2 and argv[0] == "count":
        return cmd_count(argv[1])
    if len(argv) >= 3 and argv[0] == "cache-for":
        return cmd_cache_for(argv[1], argv[2])
    if len(argv) >= 2 and argv[0] == "run":
        return cmd_run(argv[1:])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
