"""Where a zoo row's host time goes: one model in one mode, per backend, the wall time of a step split into
the call (until the step returns to Python: guards, wrappers, the CUDA graph trees' replay, launches) and the
wait for the GPU after it, then the Python functions of the call by own time (cProfile over --steps steps).
A step at batch 2 is bound by the host (docs/results/gpu-2026-12-07-run34-zoo-hosted-scratch.md, section 4):
this is what the zoo's time column does not say.

    python bench/zoo/hostprof.py --model bert --mode infer_bf16 --backends ind-cg,inductor-cg --steps 200

Per backend: median us per step of the call, of the wait, of both; then the top --top functions by own time
per step (and their cumulative time). With --out, the same as JSON.
"""
import cProfile
import os
import pstats
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run  # noqa: E402  (the zoo's Row, _compile, models)


def profile_backend(row, b, steps, top):
    fn, m = run.warmed(row, b, 5)
    call, wait = [], []
    for _ in range(steps):
        t0 = time.perf_counter()
        row.step(fn, m)
        t1 = time.perf_counter()
        run._sync(row.device)
        t2 = time.perf_counter()
        call.append(t1 - t0)
        wait.append(t2 - t1)
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(steps):
        row.step(fn, m)
        run._sync(row.device)
    prof.disable()
    st = pstats.Stats(prof)
    funcs = []
    for (file, line, name), (cc, nc, tt, ct, _) in st.stats.items():
        funcs.append({"func": f"{os.path.basename(file)}:{line}:{name}", "calls": nc / steps,
                      "own_us": round(1e6 * tt / steps, 1), "cum_us": round(1e6 * ct / steps, 1)})
    funcs.sort(key=lambda f: -f["own_us"])
    us = lambda xs: round(1e6 * statistics.median(xs), 1)  # noqa: E731
    return {"backend": b, "call_us": us(call), "wait_us": us(wait),
            "step_us": us([c + w for c, w in zip(call, wait)]), "functions": funcs[:top]}


def main():
    def report(row, b, a):
        r = profile_backend(row, b, a.steps, a.top)
        print(f"== {a.model} {a.mode} {b}: step {r['step_us']:.0f} us = call {r['call_us']:.0f} + wait "
              f"{r['wait_us']:.0f} (medians; launch probe {run._launch_us(row.device)} us)")
        for f in r["functions"]:
            print(f"  {f['own_us']:8.1f} own {f['cum_us']:8.1f} cum {f['calls']:6.1f}x  {f['func']}")
        return r
    run.one_row_tool(__doc__, "infer_bf16", "ind-cg,inductor-cg", 200, 30, report)


if __name__ == "__main__":
    main()
